"""Which engine plays which game: `engine_for("five_hundred")` is the `five_hundred` module.

An engine module offers the names listed in `records.py`'s docstring (GAME, PLAYER_COUNTS,
Options, Hand, Game, apply_hand, next_dealer, sides), so callers never branch on the game.
"""

from __future__ import annotations

from types import ModuleType

from . import five_hundred, pitch
from .base import RecordError

ENGINES: dict[str, ModuleType] = {five_hundred.GAME: five_hundred, pitch.GAME: pitch}
GAMES = tuple(ENGINES)


def engine_for(game: str) -> ModuleType:
    """The engine module of `game`; RecordError (code `malformed`) for a game we don't play."""
    try:
        return ENGINES[game]
    except (KeyError, TypeError):
        raise RecordError(
            f"unknown game {game!r}: expected five_hundred or pitch",
            message_id="malformed.unknown_game",
            params={"name": game, "one": GAMES[0], "other": GAMES[1]},
        ) from None
