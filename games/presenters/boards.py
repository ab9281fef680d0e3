"""Board sets as their pages and the API show them: commitments always; a board's deal and
seed only once revealed, or to the set's owner (games.policies.board_set_access)."""

from __future__ import annotations

from typing import Any

from ..models import Board, BoardSet
from ..policies import board_set_access


def board_dict(board: Board, access) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": board.number,
        "dealer": board.dealer,
        "commitment": board.commitment,
        "revealed_at": board.revealed_at,
    }
    if access.may_see_cards(board):
        out["seed"] = board.seed
        out["deal"] = board.deal
    return out


def board_set_dict(board_set: BoardSet, user) -> dict[str, Any]:
    access = board_set_access(user, board_set)
    return {
        "id": board_set.pk,
        "name": str(board_set),
        "game": board_set.game,
        "players": board_set.players,
        "options": dict(board_set.options),
        "created_at": board_set.created_at,
        "is_owner": access.is_owner,
        "boards": [board_dict(b, access) for b in board_set.boards.order_by("number")],
    }


def board_record(board_set: BoardSet, board: Board) -> dict[str, Any]:
    """A revealed board as a hand record (shared/hand-records.md) with no actions yet, its
    seed and commitment beside the dealer (DEALS.md)."""
    from ..engines import engine_for

    engine = engine_for(board_set.game)
    options = engine.Options.from_dict(dict(board_set.options), players=board_set.players)
    record: dict[str, Any] = {
        "format": "kookaburra-hand/1",
        "game": board_set.game,
        "players": board_set.players,
        "options": options.to_dict(),
        "dealer": board.dealer,
        "seed": board.seed,
        "commitment": board.commitment,
    }
    record.update(board.deal)
    record["actions"] = []
    return record
