"""Writing hand and game records (shared/hand-records.md) from engine hands.

Reading, checking and replaying records is `records.py`; this module only writes, and imports no
engine, so every engine can export itself (`Game.record()`).
"""

from __future__ import annotations

from typing import Any

HAND_FORMAT = "kookaburra-hand/1"
GAME_FORMAT = "kookaburra-game/1"


def _actions(hand) -> list[dict[str, Any]]:
    return [action.to_record() for action in hand.actions]


def hand_record(hand, options) -> dict[str, Any]:
    """Export one hand (finished or in progress) as a hand record."""
    record: dict[str, Any] = {
        "format": HAND_FORMAT,
        "game": hand.GAME,
        "players": hand.players,
        "options": options.to_dict(),
    }
    record.update(hand.deal_record())
    record["actions"] = _actions(hand)
    return record


def game_record(hands, options, hand_limit: int | None = None) -> dict[str, Any]:
    """Export a game (its hands in order) as a game record; `hand_limit` for a game of a fixed
    number of hands."""
    first = hands[0]
    out_hands = []
    for hand in hands:
        entry = dict(hand.deal_record())
        entry["actions"] = _actions(hand)
        out_hands.append(entry)
    record: dict[str, Any] = {
        "format": GAME_FORMAT,
        "game": first.GAME,
        "players": first.players,
        "options": options.to_dict(),
    }
    if hand_limit is not None:
        record["hand_limit"] = hand_limit
    record["hands"] = out_hands
    return record
