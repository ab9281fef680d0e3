"""What both games' bots share: reading a seat's view and the uniformly random ("easy") player.

Bots see only the JSON-ready view of one seat (`Hand.view_for(seat)`); they never touch a hand
state. Everything here works on that plain data.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

from games.engines.cards import Card, parse_card


class BotError(Exception):
    """A view a bot cannot act on (no legal actions, or a game it does not know)."""


def cards_of(texts: Iterable[str] | None) -> list[Card]:
    """Parse a list of card texts (None reads as no cards)."""
    return [parse_card(t) for t in texts or ()]


def legal_of(view: dict[str, Any]) -> list[dict[str, Any]]:
    legal = view.get("legal") or []
    if not legal:
        raise BotError("this seat has no legal action now")
    return legal


def step_of(view: dict[str, Any]) -> str:
    """What the seat is asked to do: the view's `step` (games/engines/view.py)."""
    return view.get("step") or "none"


def is_discard_step(view: dict[str, Any]) -> bool:
    """Five Hundred's discard; `legal` is then one entry `{"seat", "discard": 3, "from": [13]}`."""
    return step_of(view) == "discard"


def discard_record(entry: dict[str, Any], cards: Iterable[Any]) -> dict[str, Any]:
    return {"seat": entry["seat"], "discard": [str(c) for c in cards]}


def random_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A uniformly random legal action: any legal entry, or three random cards to discard."""
    legal = legal_of(view)
    if is_discard_step(view):
        entry = legal[0]
        return discard_record(entry, rng.sample(list(entry["from"]), entry.get("discard", 3)))
    return dict(rng.choice(legal))


def play_records(legal: list[dict[str, Any]]) -> dict[Card, dict[str, Any]]:
    """The legal plays by card; a led free Joker (several entries, one per named suit) maps to
    its first entry. Callers that need the other Joker leads read `legal` directly."""
    out: dict[Card, dict[str, Any]] = {}
    for entry in legal:
        if "play" in entry:
            c = parse_card(entry["play"])
            out.setdefault(c, entry)
    return out
