"""Plain data shared by the tournament formats.

An *entrant* is whoever takes a place in the standings: a fixed partnership (a Five Hundred pair,
a Pitch team of two) or an individual. To these algorithms it is an opaque id, an `int` or a `str`
(a database primary key, say). Ids must be hashable, distinct, and sortable among themselves
only as a last resort (seed order is used first).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

EntrantId = int | str

#: A seat taken by a bot in a progressive movement (`Table.seats`).
BOT: Final = None

FIVE_HUNDRED: Final = "five_hundred"
PITCH: Final = "pitch"
#: The values of `core.choices.Game` (not imported here: this package has no Django import).
GAMES: Final = (FIVE_HUNDRED, PITCH)


class FormatError(ValueError):
    """Input a tournament format cannot accept; the message says why, in a director's words."""


@dataclass(frozen=True, slots=True)
class Round:
    """One round of head-to-head pairings (round robin or Swiss).

    `pairings[i]` plays at table (or match) `i + 1`; the first entrant of a pair is the higher
    placed one in Swiss, and alternates in round robin. `bye` is the entrant who sits this round
    out (at most one, only when the count is odd), or None.
    """

    number: int
    pairings: tuple[tuple[EntrantId, EntrantId], ...]
    bye: EntrantId | None = None

    def entrants(self) -> list[EntrantId]:
        """Everyone in this round, paired or with the bye."""
        seated = [entrant for pair in self.pairings for entrant in pair]
        if self.bye is not None:
            seated.append(self.bye)
        return seated

    def opponent_of(self, entrant: EntrantId) -> EntrantId | None:
        """The entrant's opponent this round (None for the bye or someone not in the round)."""
        for first, second in self.pairings:
            if first == entrant:
                return second
            if second == entrant:
                return first
        return None


def check_entrants(entrants, *, minimum: int = 0) -> tuple[EntrantId, ...]:
    """The entrants as a tuple, after checking they are distinct ids (and at least `minimum`)."""
    entrants = tuple(entrants)
    for entrant in entrants:
        if entrant is None or not isinstance(entrant, int | str) or isinstance(entrant, bool):
            raise FormatError(
                f"An entrant must be identified by a number or a name, not {entrant!r}."
            )
    if len(set(entrants)) != len(entrants):
        seen: set[EntrantId] = set()
        twice = next(e for e in entrants if e in seen or seen.add(e))
        raise FormatError(f"Entrant {twice!r} is listed twice.")
    if len(entrants) < minimum:
        raise FormatError(
            f"This format needs at least {minimum} entrants; there are {len(entrants)}."
        )
    return entrants
