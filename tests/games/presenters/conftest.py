"""Seat views from the real engines, walked to each step, and the table facts around them. No
database: the presenters' tests don't ask for `db`, so pytest-django refuses any query."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.engines import five_hundred, pitch
from games.selectors import sides_of

ENGINES = {"five_hundred": five_hundred, "pitch": pitch}


def info_for(game: str, players: int, me: int | None, to_act: int | None, **extra) -> dict:
    """The public table facts (`selectors.table_info`'s shape) for a table being played."""
    seats = [
        {
            "number": n,
            "name": f"Player {n}",
            "empty": False,
            "is_bot": n == players - 1,
            "bot_level": "club" if n == players - 1 else None,
            "user_id": None if n == players - 1 else n + 1,
            "is_you": n == me,
        }
        for n in range(players)
    ]
    info = {
        "game": game,
        "players": players,
        "options": {},
        "status": "playing",
        "to_act": to_act,
        "totals": [0] * players,
        "winners": None,
        "sides": sides_of(game, players, {}),
        "seats": seats,
        "free_seats": [],
        "your_seat": me,
    }
    info.update(extra)
    return info


class Walk:
    """A hand of `game` walked forward by chosen actions; `data(seat)` is what the table view
    selector gives that seat (None: a spectator, with the public view)."""

    def __init__(self, game: str, players: int = 4, seed: int = 5):
        self.game = game
        self.engine = ENGINES[game]
        self.hand = self.engine.Hand.new(players, None, dealer=players - 1, rng=random.Random(seed))
        self.players = players

    def legal(self) -> list[dict[str, Any]]:
        return self.hand.view_for(self.hand.to_act)["legal"]

    def do(self, record: dict[str, Any]) -> None:
        from games.engines.base import Action

        self.hand.apply(Action.from_record(dict(record, seat=self.hand.to_act)))

    def do_first(self, key: str, value: Any = None) -> None:
        entry = next(e for e in self.legal() if key in e and (value is None or e[key] == value))
        if key == "discard":
            entry = {"discard": entry["from"][:3]}
        self.do({k: v for k, v in entry.items() if k != "seat"})

    def reveal_all(self) -> None:
        for seat in range(self.players):
            if hasattr(self.hand, "reveal_to"):
                self.hand.reveal_to(seat)

    def data(self, seat: int | None, last=None) -> dict[str, Any]:
        if seat is None:
            view = self.hand.public_view()
        else:
            view = self.hand.view_for(seat)
        info = info_for(self.game, self.players, seat, self.hand.to_act)
        return {"table": info, "hand": view, "last_hand": last}


@pytest.fixture
def walk():
    return Walk
