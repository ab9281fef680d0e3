"""Rebuilding a table's engine state from its log.

The log (`TableHand` deals plus numbered `TableAction`s) is the truth: a hand's state is its deal
with its actions applied in order, and, in Five Hundred, each seat's look at its cards revealed
at the point in the log where it happened (so blind misère is legal exactly when it was live).

Reads go through a small in-process cache keyed by the table's identity, action count and
version (every change bumps one of them), so a page that polls and re-renders does not replay
the hand each time. Cached hands are shared and must never be changed: services that apply
actions build their own copy with `build_current_hand`.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from typing import Any

from .engines import engine_for
from .engines.base import Action
from .models import Table, TableHand

_CACHE_SIZE = 256
_cache: OrderedDict[tuple, Any] = OrderedDict()
_cache_lock = threading.Lock()


def engine_of(table: Table):
    return engine_for(table.game)


def table_options(table: Table):
    """The table's engine Options (the table stores every option)."""
    return engine_of(table).Options.from_dict(dict(table.options), players=table.players)


def options_dict(options) -> dict[str, Any]:
    """Every option of an engine Options, defaults included (what a table stores)."""
    return {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}


def build_hand(table: Table, table_hand: TableHand, records: list[dict[str, Any]], options=None):
    """The engine hand for `table_hand` with the logged action records applied in order."""
    engine = engine_of(table)
    options = options if options is not None else table_options(table)
    hand = engine.Hand.from_deal(table.players, options, table_hand.dealer, table_hand.deal)
    looks = sorted((at, int(seat)) for seat, at in (table_hand.looks or {}).items())
    reveal = hand.reveal_to if looks else None
    pending = 0
    count = table_hand.first_action
    for record in records:
        # A look logged when `at` actions had been played precedes action number at + 1.
        while reveal and pending < len(looks) and looks[pending][0] <= count:
            reveal(looks[pending][1])
            pending += 1
        hand.apply(Action.from_record(record))
        count += 1
    while reveal and pending < len(looks):
        reveal(looks[pending][1])
        pending += 1
    return hand


def hand_records(table_hand: TableHand, upto: int | None = None) -> list[dict[str, Any]]:
    """The hand's logged action records in order (only those numbered up to `upto`)."""
    actions = table_hand.actions.all()
    if upto is not None:
        actions = actions.filter(number__lte=upto)
    return list(actions.order_by("number").values_list("record", flat=True))


def current_table_hand(table: Table) -> TableHand | None:
    if table.hand_number == 0:
        return None
    return TableHand.objects.get(table=table, number=table.hand_number)


def build_current_hand(table: Table):
    """A fresh engine hand for the table's current hand (None before the first deal).

    Used by services under the table's row lock: the result is the caller's own to change.
    """
    table_hand = current_table_hand(table)
    if table_hand is None:
        return None, None
    return table_hand, build_hand(table, table_hand, hand_records(table_hand))


def _key(table: Table) -> tuple:
    return (table.pk, table.seed, table.created_at, table.action_number, table.version)


def current_hand(table: Table):
    """The table's current engine hand, from the cache when it can be (read only: never
    apply actions to it). None before the first deal."""
    if table.hand_number == 0:
        return None
    key = _key(table)
    with _cache_lock:
        hand = _cache.get(key)
        if hand is not None:
            _cache.move_to_end(key)
            return hand
    # Exactly the state at the table's action count, even if this Table object is older than
    # the database: the cache entry must match its key.
    table_hand = current_table_hand(table)
    hand = build_hand(table, table_hand, hand_records(table_hand, upto=table.action_number))
    remember(table, hand)
    return hand


def remember(table: Table, hand) -> None:
    """Cache `hand` as the state of `table` at its current action count and version.

    The caller hands the object over: it must not change it afterwards.
    """
    if hand is None:
        return
    key = _key(table)
    with _cache_lock:
        _cache[key] = hand
        _cache.move_to_end(key)
        while len(_cache) > _CACHE_SIZE:
            _cache.popitem(last=False)


def forget_all() -> None:
    """Empty the cache (tests use it to prove the log alone rebuilds the state)."""
    with _cache_lock:
        _cache.clear()


def public_view(hand) -> dict[str, Any]:
    """What everyone at or around the table may see of a hand: no seat's cards, no kitty."""
    return hand.public_view()
