"""Who may do what in a tournament, now. The services enforce these answers (raising
`NotAllowed` with their own message); the pages and the API ask the same questions to decide
which buttons and forms to offer, so a page never offers what a service refuses.

Shaped like `clubs.permissions`: `tournament_access(user, tournament)` says what one person is
to a tournament (`TournamentAccess`); the other functions are plain predicates over it and the
state of the tournament, round or table, with no queries of their own.

Who
    tournament_access(user, tournament) -> TournamentAccess   is_director, entrant
    entrant_of(user, tournament)                           the user's entrant, or None
    is_director(user, tournament)                          the club's directors run tournaments
Setting up and running (directors)
    may_create(user, club)                                 a new tournament in the club
    may_manage(access)                                     edit, seed, start, pair,
                                                           publish, close, finish, audit log
    may_withdraw(access, entrant)                          a director or the entrant's own player
Rounds
    may_see_round(access, round)                           a draft round: directors only
    may_change_seating(access, round)                      swaps and online/physical: a draft
    swap_moves_seats(tournament, first_seat, second_seat)  a seat swap, or whole entrants
    round_next_step(...)                                   "pair", "finish" or None
Results at one table (`side`: the person's side at the table, None when not seated)
    may_enter_result(side, director)     may_confirm_result(side, director, entered_side)
    may_reject_result(side, director)    may_correct_result(director)
    result_entry_kind(mode, seated)      which service a results form calls
    result_rights(...) -> ResultRights   what the result box offers this person
Duplicate events
    may_enter_board(side, director)      may_confirm_board(side, director, entered_side)
    may_see_board(access, tournament, played=, revealed=)   a board's traveller and cards
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_lazy as _

from clubs.permissions import club_access

from .models import Entrant, EntrantMember, Round, TableSeat, Tournament

#: The refusal when someone who doesn't direct the club tries to change the seating.
SEATING_REFUSAL = _("Only the club's directors change the seating.")


def _signed_in(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


# Who ---------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TournamentAccess:
    """What one user (perhaps anonymous) is to one tournament."""

    is_director: bool
    entrant: Entrant | None

    @property
    def is_entrant(self) -> bool:
        return self.entrant is not None


def is_director(user, tournament: Tournament) -> bool:
    """The club's owners and directors run its tournaments."""
    return _signed_in(user) and club_access(user, tournament.club).is_director


def entrant_of(user, tournament: Tournament) -> Entrant | None:
    """The user's entrant in the tournament, or None."""
    if not _signed_in(user):
        return None
    member = (
        EntrantMember.objects.filter(tournament=tournament, user=user)
        .select_related("entrant")
        .first()
    )
    return member.entrant if member else None


def tournament_access(user, tournament: Tournament) -> TournamentAccess:
    return TournamentAccess(
        is_director=is_director(user, tournament), entrant=entrant_of(user, tournament)
    )


# Setting up and running --------------------------------------------------------------------------


def may_create(user, club) -> bool:
    """The club's owners and directors run tournaments in it."""
    return _signed_in(user) and club_access(user, club).is_director


def may_manage(access: TournamentAccess) -> bool:
    """Create, edit, seed, start, pair, publish, close and finish; see the audit log."""
    return access.is_director


def may_withdraw(user, entrant: Entrant, *, director: bool) -> bool:
    """A director, or one of the entrant's own players, withdraws an entrant."""
    if director:
        return True
    return _signed_in(user) and EntrantMember.objects.filter(entrant=entrant, user=user).exists()


# Rounds ------------------------------------------------------------------------------------------


def may_see_round(access: TournamentAccess, round_: Round) -> bool:
    """A round's tables are shown once it is published; directors see the draft too."""
    return access.is_director or not round_.is_draft


def may_change_seating(access: TournamentAccess, round_: Round) -> bool:
    """Directors swap people and switch tables between the site and the club while a round is
    still a draft (the services refuse a published round with their own message)."""
    return access.is_director and round_.is_draft


def swap_moves_seats(tournament: Tournament, first: TableSeat, second: TableSeat) -> bool:
    """Two ticked seats trade places themselves in a progressive (everyone for themselves), or
    when they are partners or one is a bot seat; otherwise their whole partnerships trade."""
    return (
        tournament.is_progressive
        or first.entrant_id == second.entrant_id
        or None in (first.entrant_id, second.entrant_id)
    )


def round_next_step(
    access: TournamentAccess,
    tournament: Tournament,
    round_: Round,
    *,
    unfinished: bool,
    is_last: bool,
    planned: int | None,
) -> str | None:
    """What the round page offers a director once the last round is published and done:
    "pair" the next round (brackets pair themselves), "finish" the tournament after the last
    planned round, or None."""
    if not (
        access.is_director
        and not unfinished
        and tournament.is_running
        and is_last
        and not round_.is_draft
    ):
        return None
    if planned is not None and round_.number >= planned:
        return "finish"
    return None if tournament.is_elimination else "pair"


# Results -----------------------------------------------------------------------------------------


def may_enter_result(side: int | None, director: bool) -> bool:
    """The players at the table, or a director, enter its result."""
    return side is not None or director


def may_confirm_result(side: int | None, director: bool, entered_side: int | None) -> bool:
    """An opponent of the side that entered it, or a director away from the table."""
    if side is None:
        return director
    return side != entered_side


def may_reject_result(side: int | None, director: bool) -> bool:
    """The players at the table, or a director, throw away an entry waiting for confirmation."""
    return side is not None or director


def may_correct_result(director: bool) -> bool:
    """Only directors correct a result (with a reason, kept in the audit log)."""
    return director


def result_entry_kind(mode: str, *, seated: bool) -> str:
    """Which service a results form calls: "correct" (a director's correction, also a
    director's entry at a table they play at), "director" (a director's entry, confirmed at
    once) or "player" (a player's entry, waiting for an opponent)."""
    if mode == "correct" or (mode == "director" and seated):
        return "correct"
    if mode == "director":
        return "director"
    return "player"


@dataclass(frozen=True)
class ResultRights:
    """What the result box of one table offers one person."""

    entered_by_me: bool = False
    player_can_enter: bool = False
    player_can_confirm: bool = False
    director_can_enter: bool = False
    director_can_confirm: bool = False
    director_can_correct: bool = False


def result_rights(
    tournament: Tournament,
    round_: Round,
    *,
    online: bool,
    my_side: int | None,
    director: bool,
    result: dict[str, Any] | None,
    finished: bool,
) -> ResultRights:
    """`result`: the table's result as `selectors.table_info` gives it (None when none);
    `finished`: it is confirmed."""
    pending = result is not None and result["status"] == "pending"
    player = my_side is not None
    physical = not online
    open_round = round_.is_published and not tournament.is_draft
    entered_by_me = pending and player and result["entered_side"] == my_side
    return ResultRights(
        entered_by_me=entered_by_me,
        # A player at a physical table: enter (or change their own entry), or answer the
        # other side's entry.
        player_can_enter=physical
        and open_round
        and may_enter_result(my_side, director)
        and player
        and (not result or entered_by_me),
        player_can_confirm=physical
        and player
        and pending
        and may_confirm_result(my_side, director, result["entered_side"]),
        # A director away from the table: enter (or settle a pending entry) at once.
        director_can_enter=may_enter_result(None, director)
        and not player
        and not finished
        and not round_.is_draft,
        director_can_confirm=pending
        and not player
        and may_confirm_result(None, director, result["entered_side"]),
        director_can_correct=may_correct_result(director)
        and not round_.is_draft
        and (finished or player),
    )


# Duplicate events --------------------------------------------------------------------------------


def may_enter_board(side: int | None, director: bool) -> bool:
    """At a physical table, its players (either pair) or a director enter a board's result."""
    return side is not None or director


def may_confirm_board(side: int | None, director: bool, entered_side: int | None) -> bool:
    """A player of the other pair confirms a board's result; a director away from the table."""
    if side is None:
        return director
    return side != entered_side


def may_see_board(
    access: TournamentAccess, tournament: Tournament, *, played: bool, revealed: bool
) -> bool:
    """A board's results (its traveller) and cards are shown to whoever has played it, to the
    directors, to everyone once every table has played it (its seed is revealed) or the event
    is over — never to a player who may still have to play it."""
    return access.is_director or played or revealed or tournament.is_finished


# Robot duplicate (tournaments.robot) ------------------------------------------------------------


def robot_may_create(user, club) -> bool:
    """A club's directors run its robot duplicate events; the site's (no club) are made by the
    daily task, or by staff."""
    if not _signed_in(user):
        return False
    if club is None:
        return bool(getattr(user, "is_staff", False))
    return club_access(user, club).is_director


def robot_may_enter(user, event) -> bool:
    """Anyone signed in may enter the site's events; a club's, its members."""
    if not _signed_in(user):
        return False
    return event.club_id is None or club_access(user, event.club).is_member


def robot_may_see_board(event, played: bool, now=None) -> bool:
    """A board's traveller, results and cards: for those who have played it, and for everyone
    once the event is closed (its boards revealed)."""
    return played or event.closed_at is not None
