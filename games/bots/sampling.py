"""Dealing the cards a seat cannot see, consistently with everything it knows.

The expert bots search over the hidden cards: they deal the unseen cards to the places they may
lie (other seats' hands, the kitty or the contractor's discards, the dead hand, the cards nobody
was dealt in Pitch), so that every place gets exactly as many cards as it holds and no card goes
to a seat known to be void in its suit. `deal_hidden` does that for any list of places; the game
modules say which places there are and which suits each is void in.

Nothing here imports Django; the only randomness is the `rng` passed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.engines.cards import Card


@dataclass
class Place:
    """Somewhere hidden cards lie: `size` cards, none of whose (effective) suit is in `void`."""

    name: object
    size: int
    void: frozenset[int] = field(default_factory=frozenset)
    # Cards that must lie here (known to this seat, e.g. a called card shown in a hand).
    fixed: tuple[Card, ...] = ()


class Budget:
    """The expert's allowance: work is counted (engine actions or cards played in play-outs),
    never timed, so a decision is deterministic. `left` may go below zero on the last deal."""

    __slots__ = ("total", "used")

    def __init__(self, total: int):
        self.total = max(0, int(total))
        self.used = 0

    @property
    def left(self) -> int:
        return self.total - self.used


class ImpossibleDeal(Exception):
    """No deal fits the constraints (the view contradicts itself, or the voids were misread)."""


def deal_hidden(
    unknown: Sequence[Card],
    places: Sequence[Place],
    suit_of: Callable[[Card], int],
    rng: random.Random,
    tries: int = 30,
) -> dict[object, list[Card]]:
    """Deal `unknown` to `places` (sizes must add up to len(unknown) + fixed cards).

    Cards are dealt most-constrained first, each to an open place that may hold it, chosen with
    probability proportional to the room left there; a dead end starts again with a fresh
    shuffle. After `tries` dead ends the deal is made with every step checked to leave the rest
    dealable (Hall's condition over the suits), which never meets a dead end when any deal
    fits. Only when none fits (the view contradicts itself) are the voids dropped (the result
    still has the right sizes), so a bot never stalls.
    """
    need = sum(p.size - len(p.fixed) for p in places)
    if need != len(unknown):
        raise ImpossibleDeal(f"{len(unknown)} unseen cards for {need} places")
    for _attempt in range(tries):
        result = _try_deal(unknown, places, suit_of, rng, relax=False)
        if result is not None:
            return result
    result = _checked_deal(unknown, places, suit_of, rng)
    if result is not None:
        return result
    result = _try_deal(unknown, places, suit_of, rng, relax=True)
    if result is None:  # pragma: no cover - without voids every card fits somewhere
        raise ImpossibleDeal("no deal fits")
    return result


def _pick(open_: list[int], room: list[int], rng: random.Random) -> int:
    """One of the `open_` places, with probability proportional to the room left there."""
    pick = rng.random() * sum(room[i] for i in open_)
    for i in open_:
        pick -= room[i]
        if pick < 0:
            return i
    return open_[-1]


def _dealable(counts: dict[int, int], room: list[int], voids: list[frozenset[int]]) -> bool:
    """Whether cards of these suits (`counts`) fit places with this `room` and these voids:
    by Hall's condition, every set of suits fits in the room of the places that accept one."""
    suits = [s for s, n in counts.items() if n]
    for mask in range(1, 1 << len(suits)):
        chosen = [suits[i] for i in range(len(suits)) if mask >> i & 1]
        need = sum(counts[s] for s in chosen)
        have = sum(room[i] for i, void in enumerate(voids) if any(s not in void for s in chosen))
        if need > have:
            return False
    return True


def _checked_deal(unknown, places, suit_of, rng):
    """A deal that honours every void, or None when none does: each card goes to a place chosen
    as `_try_deal` chooses, among those that leave the remaining cards dealable."""
    room = [p.size - len(p.fixed) for p in places]
    voids = [p.void for p in places]
    out: dict[object, list[Card]] = {p.name: list(p.fixed) for p in places}
    counts: dict[int, int] = {}
    for c in unknown:
        counts[suit_of(c)] = counts.get(suit_of(c), 0) + 1
    if not _dealable(counts, room, voids):
        return None
    cards = list(unknown)
    rng.shuffle(cards)
    for c in cards:
        s = suit_of(c)
        counts[s] -= 1
        open_ = []
        for i, void in enumerate(voids):
            if room[i] > 0 and s not in void:
                room[i] -= 1
                if _dealable(counts, room, voids):
                    open_.append(i)
                room[i] += 1
        chosen = _pick(open_, room, rng)
        room[chosen] -= 1
        out[places[chosen].name].append(c)
    return out


def _try_deal(unknown, places, suit_of, rng, relax):
    room = [p.size - len(p.fixed) for p in places]
    out: dict[object, list[Card]] = {p.name: list(p.fixed) for p in places}
    cards = list(unknown)
    rng.shuffle(cards)
    eligible = []
    for c in cards:
        s = suit_of(c)
        ok = [i for i, p in enumerate(places) if room[i] > 0 and (relax or s not in p.void)]
        eligible.append((len(ok), c, ok))
    # Most constrained cards first (stable after the shuffle, so ties stay random).
    eligible.sort(key=lambda item: item[0])
    for _, c, ok in eligible:
        open_ = [i for i in ok if room[i] > 0]
        if not open_:
            return None
        chosen = _pick(open_, room, rng)
        room[chosen] -= 1
        out[places[chosen].name].append(c)
    return out


def weighted_means(
    worlds: Sequence[tuple[dict, float]],
    candidates: int,
    per_world: int,
    budget: Budget,
    min_worlds: int,
    evaluate: Callable[[dict], Sequence[float] | None],
) -> list[float] | None:
    """Each candidate's mean value over the sampled `worlds` (`(deal, weight)` pairs), weighted.

    `evaluate(deal)` plays every candidate out in one deal and returns their values, or None to
    pass the deal by (it is not counted). Deals stop once `min_worlds` are counted and the
    budget has less left than `per_world`. None when no deal was counted.
    """
    totals = [0.0] * candidates
    weight_sum = 0.0
    done = 0
    for world, weight in worlds:
        if done >= min_worlds and budget.left < per_world:
            break
        values = evaluate(world)
        if values is None:
            continue
        done += 1
        for i, value in enumerate(values):
            totals[i] += weight * value
        weight_sum += weight
    if not weight_sum:
        return None
    return [t / weight_sum for t in totals]
