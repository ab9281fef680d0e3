"""Boards and auditable deals: the services behind duplicate boards and deal commitments.

Every deal the site makes comes from a secret seed by the published algorithm of
`games.engines.deals` (DEALS.md): a table's hand when it is dealt, a board when its set is made.
The seed's commitment (its hash) is public from the start; the seed itself is revealed when the
game is over (a table's hands) or when the director reveals the board (boards).

    board_set_create(*, game, players, options=None, count, created_by=None, name="") -> BoardSet
    board_set_reveal(board_set_id, numbers=None) -> list[Board]   (sets revealed_at)
    board_verify(board) -> list[str]          problems (empty: the board is good)
    table_hand_verify(table_hand) -> list[str]
    table_boards_check(board_ids, game=None, players=None) -> (BoardSet, [Board, ...])
    deal_table_hand(table, number, dealer) -> (engine hand, TableHand fields)
    board_table_winners(table, number, totals) -> winners or None

A table that plays boards (`Table.table_boards`, a list of board ids) deals board n's cards and
dealer as its hand n, whatever the previous hand did, and its game ends after the last board:
each board is one hand scored on its own. While one of its boards is unrevealed the table is
`boards_hidden`: only its players (and whoever opened it) may see it at all.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.choices import Game

from . import state
from .engines import deals, engine_for
from .engines.game import limited_game_winners
from .errors import InvalidInput, NotFound
from .models import Board, BoardSet, Table, TableHand
from .options import OptionsError, validate_options

MAX_BOARDS = 64

__all__ = [
    "MAX_BOARDS",
    "board_set_create",
    "board_set_reveal",
    "board_table_winners",
    "board_verify",
    "deal_table_hand",
    "table_boards_check",
    "table_hand_verify",
]


def _deal_keys(record: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in record.items() if k in ("hands", "kitty", "dead")}


# Board sets ---------------------------------------------------------------------------------------


def board_set_create(
    *,
    game: str,
    players: int,
    options: dict[str, Any] | None = None,
    count: int,
    created_by=None,
    name: str = "",
) -> BoardSet:
    """Deal `count` boards for `game` at `players` seats, each from a fresh secret seed. Board
    n's dealer is seat (n - 1) % players, as in duplicate bridge."""
    if game not in Game.values:
        raise InvalidInput(gettext("Choose Five Hundred or Pitch."), field="game")
    engine = engine_for(game)
    if (
        isinstance(players, bool)
        or not isinstance(players, int)
        or players not in engine.PLAYER_COUNTS
    ):
        counts = ", ".join(str(n) for n in engine.PLAYER_COUNTS)
        raise InvalidInput(
            gettext("%(game)s is played by %(counts)s players.")
            % {"game": Game(game).label, "counts": counts},
            field="players",
        )
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_BOARDS:
        raise InvalidInput(
            gettext("Deal from 1 to %(most)d boards.") % {"most": MAX_BOARDS}, field="count"
        )
    if options is not None and not isinstance(options, dict):
        raise InvalidInput(gettext("Options must be an object."), field="options")
    try:
        checked = validate_options(game, players, dict(options or {}))
    except OptionsError as exc:
        key = next(iter(exc.errors))
        raise InvalidInput(str(exc), field=key or "options") from None
    name = (name or "").strip()
    if len(name) > 100:
        raise InvalidInput(gettext("The name can be at most 100 characters."), field="name")
    with transaction.atomic():
        board_set = BoardSet.objects.create(
            name=name,
            game=game,
            players=players,
            options=state.options_dict(checked),
            created_by=created_by,
        )
        boards = []
        for number in range(1, count + 1):
            seed = deals.new_seed()
            dealer = (number - 1) % players
            hand = engine.Hand.new(players, checked, dealer, deals.SeededShuffle(seed))
            boards.append(
                Board(
                    board_set=board_set,
                    number=number,
                    dealer=dealer,
                    seed=seed.hex(),
                    commitment=deals.commitment(seed),
                    deal=_deal_keys(hand.deal_record()),
                )
            )
        Board.objects.bulk_create(boards)
    return board_set


def board_set_reveal(board_set_id: int, numbers=None) -> list[Board]:
    """Reveal the seeds (and so the deals and results) of the set's boards: all of them, or
    those `numbers`. Revealing twice changes nothing. Tables whose boards are then all revealed
    may be seen by anyone who may see them otherwise."""
    with transaction.atomic():
        board_set = BoardSet.objects.select_for_update().filter(pk=board_set_id).first()
        if board_set is None:
            raise NotFound(gettext("There is no such board set."))
        boards = Board.objects.filter(board_set=board_set, revealed_at__isnull=True)
        if numbers is not None:
            boards = boards.filter(number__in=list(numbers))
        now = timezone.now()
        ids = list(boards.values_list("pk", flat=True))
        Board.objects.filter(pk__in=ids).update(revealed_at=now)
        hidden = Board.objects.filter(revealed_at__isnull=True).values_list("pk", flat=True)
        for table in Table.objects.select_for_update().filter(boards_hidden=True):
            mine = set(table.table_boards or [])
            if mine and not mine & set(hidden.filter(pk__in=mine)):
                table.boards_hidden = False
                table.version += 1
                table.save(update_fields=["boards_hidden", "version"])
        return list(Board.objects.filter(pk__in=ids).order_by("number"))


def board_verify(board: Board) -> list[str]:
    """Check a board: its seed matches its commitment and deals exactly its cards."""
    board_set = board.board_set
    return deals.verify(
        board_set.game,
        board_set.players,
        board_set.options,
        board.dealer,
        board.seed,
        board.commitment,
        board.deal,
    )


def table_hand_verify(table_hand: TableHand) -> list[str]:
    """Check a table's hand the same way (legacy hands can't be: they say so)."""
    if table_hand.deal_algorithm != deals.ALGORITHM:
        return [f"hand {table_hand.number} was dealt before auditable deals (legacy)"]
    table = table_hand.table
    return deals.verify(
        table.game,
        table.players,
        table.options,
        table_hand.dealer,
        table_hand.seed,
        table_hand.commitment,
        table_hand.deal,
    )


# Tables that play boards --------------------------------------------------------------------------


def table_boards_check(board_ids, game: str | None = None, players: int | None = None):
    """The boards a new table is to play, in order: one set's, for its game and seats.
    Returns (board set, boards); InvalidInput for anything else."""
    if not isinstance(board_ids, list | tuple) or not board_ids:
        raise InvalidInput(gettext("Name the boards to play."), field="boards")
    if len(board_ids) > MAX_BOARDS or any(
        isinstance(i, bool) or not isinstance(i, int) for i in board_ids
    ):
        raise InvalidInput(gettext("Name the boards to play."), field="boards")
    if len(set(board_ids)) != len(board_ids):
        raise InvalidInput(gettext("A board can be played only once at a table."), field="boards")
    found = Board.objects.select_related("board_set").in_bulk(list(board_ids))
    if len(found) != len(board_ids):
        raise InvalidInput(gettext("There is no such board."), field="boards")
    boards = [found[i] for i in board_ids]
    sets = {b.board_set_id for b in boards}
    if len(sets) != 1:
        raise InvalidInput(gettext("The boards must come from one board set."), field="boards")
    board_set = boards[0].board_set
    if (game is not None and board_set.game != game) or (
        players is not None and board_set.players != players
    ):
        raise InvalidInput(
            gettext("Those boards are for another game or number of players."), field="boards"
        )
    return board_set, boards


def _fixed_hand_seed(table: Table, number: int) -> bytes:
    """The seed of hand `number` of a table opened with a fixed seed (tests and benches)."""
    return hashlib.sha256(f"kookaburra-table-seed:{table.seed}:{number}".encode()).digest()


def deal_table_hand(table: Table, number: int, dealer: int):
    """Deal hand `number` of `table`: its board's cards and dealer if it plays boards, else a
    fresh secret seed's deal by `dealer`. Returns the engine hand and the TableHand fields
    (dealer, seed, deal_algorithm, commitment, board, deal)."""
    options = state.table_options(table)
    engine = state.engine_of(table)
    ids = table.table_boards or []
    if ids:
        board = Board.objects.get(pk=ids[number - 1])
        hand = engine.Hand.from_deal(table.players, options, board.dealer, board.deal)
        fields = {
            "dealer": board.dealer,
            "seed": board.seed,
            "commitment": board.commitment,
            "board": board,
        }
    else:
        seed = _fixed_hand_seed(table, number) if table.seeded else deals.new_seed()
        hand = engine.Hand.new(table.players, options, dealer, deals.SeededShuffle(seed))
        fields = {
            "dealer": dealer,
            "seed": seed.hex(),
            "commitment": deals.commitment(seed),
            "board": None,
        }
    fields["deal_algorithm"] = deals.ALGORITHM
    fields["deal"] = _deal_keys(hand.deal_record())
    return hand, fields


def board_table_winners(table: Table, number: int, totals: list[int]) -> list[int] | None:
    """A board table's game is over once its last board has been played (thrown in or not):
    the highest totals win. None until then."""
    count = len(table.table_boards or [])
    return limited_game_winners(list(totals), number, count)


def first_dealer(table: Table) -> int | None:
    """A board table's first dealer is its first board's; None for other tables."""
    ids = table.table_boards or []
    if not ids:
        return None
    return Board.objects.filter(pk=ids[0]).values_list("dealer", flat=True).first()
