"""Rebuilding a table's engine state from its log, and caching what a table's version determines.

The log (`TableHand` deals plus numbered `TableAction`s) is the truth: a hand's state is its deal
with its actions applied in order, and, in Five Hundred, each seat's look at its cards revealed
at the point in the log where it happened (so blind misère is legal exactly when it was live).

Reads go through a small in-process cache keyed by the table's identity, action count and
version (every change bumps one of them), so a page that polls and re-renders does not replay
the hand each time. Cached hands are shared and must never be changed: services that apply
actions build their own copy with `build_current_hand`.

`table_state(table)` is what the table's version determines — its seats (with their people's
names), the current hand's row and engine state, the finished hands' public results — kept in
the shared cache (Redis in production) under `table:<id>:<seed>:v<version>:a<actions>`, with a
small in-process copy in front. Every change to a table bumps its version, so an entry is never
invalidated, only left behind: a key names exactly one state. A service that has just computed
the next state stores it once its transaction commits (`remember_state`); anything else builds
it from the database on a miss, and stores it only if the table hasn't moved on meanwhile.
What is cached is the server's: pages and the API still show a seat only `hand.view_for(seat)`.
"""

from __future__ import annotations

import dataclasses
import threading
from collections import OrderedDict
from typing import Any

from django.core.cache import cache
from django.db import transaction

from .engines import engine_for
from .engines.base import Action
from .models import Seat, Table, TableHand

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
    """Empty the in-process caches (tests use it to prove the log alone rebuilds the state)."""
    with _cache_lock:
        _cache.clear()
        _states.clear()


# What a table's version determines ---------------------------------------------------------------

STATE_TIMEOUT = 60 * 60  # seconds an unused state stays in the shared cache
_STATES_SIZE = 128
_states: OrderedDict[str, TableState] = OrderedDict()
SEAT_FIELDS = (
    "table_id",
    "number",
    "user_id",
    "bot_level",
    "taken_at",
    "user__username",
    "user__display_name",
)


@dataclasses.dataclass
class TableState:
    """A table at one version: everything reading or acting at it needs besides the table row.

    `seats` in order, each with its person's name; `table_hand` the current hand's row (None
    before the first deal); `hand` its engine state at the table's action count; `finished` the
    finished hands' public results in order (`selectors.hand_summary`). Never changed once
    cached (a service acting on it works on its own unpickled copy)."""

    seats: list[Seat]
    table_hand: TableHand | None
    hand: Any
    finished: list[dict[str, Any]]

    @property
    def last_finished(self) -> dict[str, Any] | None:
        return self.finished[-1] if self.finished else None


def state_key(table: Table) -> str:
    return f"table:{table.pk}:{table.seed}:v{table.version}:a{table.action_number}"


def hand_summary(table_hand: TableHand) -> dict[str, Any]:
    """A finished hand's public result (what the score sheet and the last-hand box show)."""
    return {
        "number": table_hand.number,
        "dealer": table_hand.dealer,
        "thrown_in": table_hand.thrown_in,
        "scores": table_hand.scores,
        "totals": table_hand.totals,
        "result": table_hand.result,
    }


def load_seats(table: Table) -> list[Seat]:
    return list(
        Seat.objects.filter(table_id=table.pk)
        .select_related("user")
        .only(*SEAT_FIELDS)
        .order_by("number")
    )


def build_state(table: Table) -> TableState:
    """The table's state read from the database (four queries; the hand replayed from its log
    up to the table's action count)."""
    seats = load_seats(table)
    rows = list(
        TableHand.objects.filter(table_id=table.pk, number__lte=table.hand_number)
        .select_related("board")
        .order_by("number")
    )
    table_hand = next((h for h in rows if h.number == table.hand_number), None)
    hand = None
    if table_hand is not None:
        hand = build_hand(table, table_hand, hand_records(table_hand, upto=table.action_number))
    finished = [hand_summary(h) for h in rows if h.finished]
    return TableState(seats=seats, table_hand=table_hand, hand=hand, finished=finished)


def _front_get(key: str) -> TableState | None:
    with _cache_lock:
        found = _states.get(key)
        if found is not None:
            _states.move_to_end(key)
        return found


def _front_put(key: str, value: TableState) -> None:
    with _cache_lock:
        _states[key] = value
        _states.move_to_end(key)
        while len(_states) > _STATES_SIZE:
            _states.popitem(last=False)


def table_state(table: Table, *, own: bool = False) -> TableState:
    """The state `table`'s version determines, from the caches when it can be.

    Read only, unless `own`: then the caller gets a copy of its own to change (services under
    the table's row lock; the row they locked is the truth, so a miss is built and stored)."""
    key = state_key(table)
    memo = getattr(table, "_table_state", None)
    if not own and memo is not None and memo[0] == key:
        return memo[1]
    found = None if own else _front_get(key)
    if found is None:
        found = cache.get(key)
        if found is None:
            found = build_state(table)
            if own or _unchanged(table):
                cache.set(key, found, STATE_TIMEOUT)
            else:
                return found  # the table moved on while it was read: keep it to this request
        if not own:
            _front_put(key, found)
    if not own:
        table._table_state = (key, found)
    return found


def _unchanged(table: Table) -> bool:
    """Is the table (in the database) still at this object's version? (One small query.)"""
    now = Table.objects.filter(pk=table.pk).values_list("version", "action_number").first()
    return now == (table.version, table.action_number)


def remember_state(table: Table, value: TableState) -> None:
    """Once the transaction commits, cache `value` as the state of `table` as it is now (its
    version and action count at this call). The caller hands the objects over."""
    snapshot = Table(pk=table.pk, seed=table.seed)
    snapshot.version, snapshot.action_number = table.version, table.action_number
    key = state_key(snapshot)

    def store() -> None:
        cache.set(key, value, STATE_TIMEOUT)
        _front_put(key, value)

    transaction.on_commit(store)
    table._table_state = (key, value)


def public_view(hand) -> dict[str, Any]:
    """What everyone at or around the table may see of a hand: no seat's cards, no kitty."""
    return hand.public_view()


# The version a poll compares ----------------------------------------------------------------------

VERSION_TIMEOUT = 30  # seconds: a version row the cache lost track of heals within this


def version_key(table_id: int) -> str:
    return f"table:{table_id}:version"


def version_row(table: Table) -> dict[str, Any]:
    """What a poll answers (`selectors.table_version`'s row), plus whether anyone may see it."""
    return {
        "id": table.pk,
        "action_number": table.action_number,
        "version": table.version,
        "status": table.status,
        "public": table.access == Table.Access.ANYONE,
    }


def publish_version(table: Table) -> None:
    """Put the table's new version where polls read it. Called by services under the table's
    row lock as their last step before committing, so what the cache holds only ever grows;
    a poller that hears of a version a moment before it is committed just asks again."""
    cache.set(version_key(table.pk), version_row(table), VERSION_TIMEOUT)


def cached_version(table_id: int) -> dict[str, Any] | None:
    return cache.get(version_key(table_id))
