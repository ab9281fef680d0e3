"""Who may do what at a table. Services enforce these rules; pages and the API ask the same
questions to decide which buttons to show (like `clubs.permissions`).

    access = table_access(user, table)
    access.may_start_with_bots           show the "start with bots" button?
    access.start_with_bots_refusal()     why not (a GameError to raise), or None
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from .errors import Conflict, GameError, NotAllowed, TableStarted
from .models import Seat, Table
from .selectors import seat_of, table_seats


@dataclass(frozen=True)
class TableAccess:
    """What one user (possibly anonymous) is to one table, with its seats as they are now."""

    user: object
    table: Table
    seats: tuple[Seat, ...]
    seat: Seat | None

    @property
    def signed_in(self) -> bool:
        return self.user is not None and bool(getattr(self.user, "is_authenticated", False))

    @property
    def is_seated(self) -> bool:
        return self.seat is not None

    @property
    def is_creator(self) -> bool:
        return self.signed_in and self.table.created_by_id == self.user.pk

    @property
    def anyone_seated(self) -> bool:
        return any(s.user_id for s in self.seats)

    def start_with_bots_refusal(self) -> GameError | None:
        """Why this user may not fill the empty seats with bots and start now (None: they may).

        The rule: a waiting table that takes bots, asked by a player sitting at it or by whoever
        opened it, with at least one person seated (a game needs a person)."""
        if not self.signed_in:
            return NotAllowed(gettext("Please log in first."))
        if not self.table.is_waiting:
            return TableStarted(gettext("The game has already started."))
        if not (self.is_seated or self.is_creator):
            return NotAllowed(
                gettext("Only the players at the table (or whoever opened it) can start it.")
            )
        if not self.table.bot_level:
            return Conflict(gettext("This table doesn't take bots: every seat needs a player."))
        if not self.anyone_seated:
            return Conflict(gettext("Take a seat first: a game needs at least one person."))
        return None

    @property
    def may_start_with_bots(self) -> bool:
        return self.start_with_bots_refusal() is None


def table_access(user, table: Table, seats: list[Seat] | None = None) -> TableAccess:
    """The policy for `user` at `table` (pass `seats` when they are already loaded or locked)."""
    if seats is None:
        seats = table_seats(table)
    return TableAccess(user=user, table=table, seats=tuple(seats), seat=seat_of(user, table, seats))
