"""Who may do what at a table, now. The one answer services enforce and pages and the API show
(shaped like `clubs.permissions.ClubAccess`): a page offers a control exactly when the service
would accept it.

    access = table_access(user, table, token=token)
    access.may_view                 see the table at all (others get a 404)
    access.may_download_records     download the finished hands' records (as may_view)
    access.sit_refusal()            take (or move to) a seat: why not, or None
    access.leave_refusal()          leave your seat
    access.start_with_bots_refusal()  fill the empty seats with bots and start now
    access.seat_refusal()           sit at the table (to act for a seat)
    access.look_refusal()           turn your cards face up (Five Hundred)
    access.act_refusal()            act for your seat now (the rules then judge the action)
    access.may_sit / may_leave / may_start_with_bots / may_look / may_act   the same, as booleans

    board_set_access(user, board_set)   a board set: `may_see_cards(board)` (its deal and seed:
                                    revealed, or the owner's), `may_print`, `reveal_refusal()`

Each `*_refusal` returns the GameError the service raises (its message is what the page shows),
or None. The seat-level details (which seat, which card) stay with the service and the rules.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from .errors import Conflict, GameError, NotAllowed, NotSeated, TableNotPlaying, TableStarted
from .models import Seat, Table
from .selectors import join_refusal, may_view, seat_of, table_seats


@dataclass(frozen=True)
class TableAccess:
    """What one user (possibly anonymous) is to one table, with its seats as they are now."""

    user: object
    table: Table
    seats: tuple[Seat, ...]
    seat: Seat | None
    token: str = ""

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

    # Seeing -------------------------------------------------------------------------------------

    @property
    def may_view(self) -> bool:
        """May see the table (public view at least); `selectors.may_view` is the rule."""
        return may_view(self.user, self.table, self.token, seats=list(self.seats))

    @property
    def may_download_records(self) -> bool:
        """Finished hands' records show every card of hands that are over: whoever may see the
        table may have them (an unfinished hand is never exported, whoever asks)."""
        return self.may_view

    # Acting -------------------------------------------------------------------------------------

    def _signed_in_refusal(self) -> GameError | None:
        return None if self.signed_in else NotAllowed(gettext("Please log in first."))

    def sit_refusal(self) -> GameError | None:
        """Why this user may not take a seat (or move to another) now. Which seat is the
        service's question (it must exist and be free)."""
        if refusal := self._signed_in_refusal():
            return refusal
        if not self.table.is_waiting:
            return TableStarted(gettext("The game has started: seats can't change now."))
        if not self.is_seated:
            refusal = join_refusal(self.user, self.table, self.token)
            if refusal:
                return NotAllowed(refusal)
        return None

    def leave_refusal(self) -> GameError | None:
        """Before the game the seat is freed; during it a bot takes it over, so a table without
        bots can't be left mid-game."""
        if refusal := self.seat_refusal():
            return refusal
        if self.table.is_finished:
            return Conflict(gettext("The game is over."))
        if self.table.is_playing and not self.table.bot_level:
            return Conflict(
                gettext("The game has started, and this table has no bots to take your seat.")
            )
        return None

    def start_with_bots_refusal(self) -> GameError | None:
        """Why this user may not fill the empty seats with bots and start now (None: they may).

        The rule: a waiting table that takes bots, asked by a player sitting at it or by whoever
        opened it, with at least one person seated (a game needs a person)."""
        if refusal := self._signed_in_refusal():
            return refusal
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

    def seat_refusal(self) -> GameError | None:
        """Why this user has no seat here to act for (None: they sit at the table)."""
        if refusal := self._signed_in_refusal():
            return refusal
        if not self.is_seated:
            return NotSeated(gettext("You are not sitting at this table."))
        return None

    def look_refusal(self) -> GameError | None:
        """Turning your cards face up: a seated player during a hand (in Pitch it changes
        nothing, and is not refused)."""
        if refusal := self.seat_refusal():
            return refusal
        if not self.table.is_playing:
            return TableNotPlaying(gettext("There is no hand being played."))
        return None

    def act_refusal(self) -> GameError | None:
        """Why this user may not act now, before the rules judge what they do: not seated, or
        the game isn't being played. Whose turn it is and the action number are the service's
        checks, in its transaction (they say more than a page may know in advance)."""
        if refusal := self.seat_refusal():
            return refusal
        if not self.table.is_playing:
            return TableNotPlaying(
                gettext("The game is over.")
                if self.table.is_finished
                else gettext("The game hasn't started yet.")
            )
        return None

    @property
    def may_sit(self) -> bool:
        return self.sit_refusal() is None

    @property
    def may_leave(self) -> bool:
        return self.leave_refusal() is None

    @property
    def may_start_with_bots(self) -> bool:
        return self.start_with_bots_refusal() is None

    @property
    def may_look(self) -> bool:
        return self.look_refusal() is None

    @property
    def may_act(self) -> bool:
        """May act now: seated at a table being played, and it is this seat's turn."""
        return (
            self.act_refusal() is None
            and self.table.to_act is not None
            and self.table.to_act == self.seat.number
        )

    def start_hint(self) -> str:
        """Why the "start with bots" button is missing, for whoever could otherwise use it."""
        if self.may_start_with_bots or not self.table.is_waiting or not self.table.bot_level:
            return ""
        if not (self.is_seated or self.is_creator):
            return ""
        refusal = self.start_with_bots_refusal()
        return refusal.message if refusal else ""


def table_access(
    user, table: Table, seats: list[Seat] | None = None, token: str = ""
) -> TableAccess:
    """The policy for `user` at `table` (pass `seats` when they are already loaded or locked;
    `token`: the invite token the request carries, if any)."""
    if seats is None:
        seats = table_seats(table)
    return TableAccess(
        user=user,
        table=table,
        seats=tuple(seats),
        seat=seat_of(user, table, seats),
        token=token,
    )


# Boards -------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BoardSetAccess:
    """What one user is to a board set: its owner (whoever dealt it, the director) may print
    its sheets and reveal it; everyone else sees a board's cards and seed only once it is
    revealed (the commitments are public from the start)."""

    user: object
    board_set: object

    @property
    def is_owner(self) -> bool:
        user = self.user
        return (
            user is not None
            and bool(getattr(user, "is_authenticated", False))
            and self.board_set.created_by_id == user.pk
        )

    def may_see_cards(self, board) -> bool:
        """The board's deal and seed: once revealed, or to the owner (to print the sheets)."""
        return board.revealed_at is not None or self.is_owner

    @property
    def may_print(self) -> bool:
        return self.is_owner

    def reveal_refusal(self) -> GameError | None:
        if not self.is_owner:
            return NotAllowed(gettext("Only whoever dealt these boards can reveal them."))
        return None


def board_set_access(user, board_set) -> BoardSetAccess:
    return BoardSetAccess(user=user, board_set=board_set)
