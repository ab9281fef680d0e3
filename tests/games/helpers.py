"""Helpers for the seated-play tests: random legal choices and whole hands played by services."""

from __future__ import annotations

import json
import random
from typing import Any

from games import selectors, services
from games.bots import choose_action
from games.engines import deals, records
from games.models import Table


def pick(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A random legal action record from a seat's view (the discard draws three cards)."""
    legal = view["legal"]
    assert legal, "it is not this seat's turn"
    choice = dict(rng.choice(legal))
    if isinstance(choice.get("discard"), int):
        return {"seat": choice["seat"], "discard": rng.sample(choice["from"], choice["discard"])}
    return choice


def pick_well(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A sensible action: the club bot's choice.

    Random bidding sets pitchers back hand after hand, so whole games need sensible play."""
    return choose_action(view, level="club", rng=rng)


def act_randomly(user, table: Table, rng: random.Random, chooser=pick) -> services.ActResult:
    """The user plays a random legal action through the service."""
    table.refresh_from_db()
    view = selectors.table_view_for(user, table)["hand"]
    if view.get("hand_hidden") and chooser is pick_well:
        services.table_look(user, table)  # a sensible player looks at their cards
        table.refresh_from_db()
        view = selectors.table_view_for(user, table)["hand"]
    return services.table_act(user, table.pk, table.action_number, chooser(view, rng))


def play_until(
    users, table: Table, rng: random.Random, done, limit: int = 5000, chooser=pick
) -> None:
    """Humans at `table` (any of `users`) act (at random) until done(table) is true."""
    by_seat = {s.number: s.user for s in table.seats.all() if s.user_id}
    for _ in range(limit):
        table.refresh_from_db()
        if done(table):
            return
        assert table.is_playing, "the game ended before the condition was met"
        assert table.to_act in by_seat, f"seat {table.to_act} is a bot that did not move"
        act_randomly(by_seat[table.to_act], table, rng, chooser)
    raise AssertionError("the condition was never met")


def strings(data: Any) -> set[str]:
    """Every string value in a JSON document, except calls (a bid like 7H is not a card)."""
    out: set[str] = set()

    def walk(node, key=None):
        if isinstance(node, dict):
            for k, v in node.items():
                walk(v, k)
        elif isinstance(node, list):
            for v in node:
                walk(v, key)
        elif isinstance(node, str) and key != "call":
            out.add(node.upper())

    walk(json.loads(json.dumps(data)))
    return out


# A fixed secret seed, for records whose deal is checked against it.
SEED = bytes(range(32))


def seeded_record(game="pitch", players=4, dealer=0) -> dict:
    """A hand record of a deal made from SEED, with its seed and commitment and no actions."""
    hand = deals.deal_from_seed(game, players, None, dealer, SEED)
    return {
        "format": records.HAND_FORMAT,
        "game": game,
        "players": players,
        **hand.deal_record(),
        "seed": SEED.hex(),
        "commitment": deals.commitment(SEED),
        "actions": [],
    }
