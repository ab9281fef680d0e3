"""Round robin: everyone meets everyone.

**For directors.** Every entrant plays every other entrant once (twice, home and away, with two
cycles). With an even number of entrants there are one fewer rounds than entrants and everybody
plays every round; with an odd number there are as many rounds as entrants and each round one
entrant has a bye, so everyone sits out exactly once per cycle. The whole schedule is known before
the first card is dealt, so it can be printed. A bye scores as a win (see the standings).

The schedule uses the *circle method*: the first entrant stays put while the others move one
place around a circle each round; the two halves of the circle face each other.
"""

from __future__ import annotations

from collections.abc import Sequence

from .types import EntrantId, FormatError, Round, check_entrants

__all__ = ["round_robin", "round_count"]


def round_count(entrant_count: int, *, cycles: int = 1) -> int:
    """How many rounds `round_robin` makes for that many entrants."""
    if entrant_count < 2:
        return 0
    per_cycle = entrant_count - 1 if entrant_count % 2 == 0 else entrant_count
    return per_cycle * cycles


def _listed_second(i: int, j: int, count: int, number: int) -> bool:
    """Whether entrant i is listed second against entrant j in round `number` (0-based).

    Each entrant is listed first in half its games (to within one): with an odd count, i is
    first against the (count − 1) / 2 entrants after it, cyclically; with an even count the same
    holds among entrants 1 … count − 1, and entrant 0 (fixed on the circle) alternates by round.
    """
    if count % 2 == 0:
        if i == 0 or j == 0:
            return (i == 0) == (number % 2 == 1)
        i, j, count = i - 1, j - 1, count - 1
    return (j - i) % count > (count - 1) // 2


def round_robin(entrants: Sequence[EntrantId], *, cycles: int = 1) -> list[Round]:
    """The full schedule for `entrants` (in seed order), `cycles` times over.

    Each `Round` lists its pairings (table 1 first) and its bye (None when the count is even).
    Each entrant is listed first in half its games (to within one) — it can stand for "home",
    the first deal or the choice of seats. In a second cycle every pairing is repeated with the
    two entrants listed the other way round.
    Fewer than two entrants make an empty schedule.
    """
    entrants = check_entrants(entrants)
    if cycles < 1:
        raise FormatError("A round robin needs at least one cycle.")
    if len(entrants) < 2:
        return []
    count = len(entrants)
    index = {entrant: i for i, entrant in enumerate(entrants)}
    circle: list[EntrantId | None] = list(entrants)
    if count % 2:
        circle.append(None)  # whoever faces this empty place has the bye
    size = len(circle)
    single: list[tuple[list[tuple[EntrantId, EntrantId]], EntrantId | None]] = []
    for number in range(size - 1):
        pairings: list[tuple[EntrantId, EntrantId]] = []
        bye = None
        for place in range(size // 2):
            first, second = circle[place], circle[size - 1 - place]
            if first is None or second is None:
                bye = second if first is None else first
                continue
            if _listed_second(index[first], index[second], count, number):
                first, second = second, first
            pairings.append((first, second))
        single.append((pairings, bye))
        circle = [circle[0], circle[-1], *circle[1:-1]]
    schedule: list[Round] = []
    for cycle in range(cycles):
        for pairings, bye in single:
            if cycle % 2:
                pairings = [(second, first) for first, second in pairings]
            schedule.append(Round(len(schedule) + 1, tuple(pairings), bye))
    return schedule
