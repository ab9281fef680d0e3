"""Helpers shared by the tournament services: who is asking, locks, and follow-up work."""

from __future__ import annotations

from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from clubs.models import Membership
from clubs.permissions import club_access
from core.enqueue import enqueue_on_commit

from .. import policies
from ..models import ResultAudit, Round, Tournament, TournamentTable
from .errors import NotAllowed, WrongStatus


def require_signed_in(actor) -> None:
    if actor is None or not getattr(actor, "is_authenticated", False):
        raise NotAllowed(_("Please log in first."))


def is_director(actor, tournament: Tournament) -> bool:
    return policies.is_director(actor, tournament)


def require_director(actor, tournament: Tournament) -> None:
    require_signed_in(actor)
    if not is_director(actor, tournament):
        raise NotAllowed(
            _("Only the directors of %(club)s can do that.") % {"club": tournament.club.name}
        )


def lock_tournament(tournament: Tournament | int) -> Tournament:
    """The tournament row, locked for the rest of the transaction (every change to its rounds,
    tables and results takes this lock first, so they never interleave)."""
    pk = tournament.pk if isinstance(tournament, Tournament) else tournament
    locked = Tournament.objects.select_for_update().get(pk=pk)
    locked.club  # noqa: B018 - read the club now (not locked: only the tournament row is)
    return locked


def lock_round(round_: Round | int) -> tuple[Tournament, Round]:
    pk = round_.pk if isinstance(round_, Round) else round_
    tournament_id = Round.objects.values_list("tournament_id", flat=True).get(pk=pk)
    tournament = lock_tournament(tournament_id)
    return tournament, Round.objects.select_for_update().get(pk=pk)


def lock_table(table: TournamentTable | int) -> tuple[Tournament, TournamentTable]:
    pk = table.pk if isinstance(table, TournamentTable) else table
    tournament_id = TournamentTable.objects.values_list("tournament_id", flat=True).get(pk=pk)
    tournament = lock_tournament(tournament_id)
    locked = TournamentTable.objects.select_for_update().select_related("round").get(pk=pk)
    return tournament, locked


def require_running(tournament: Tournament) -> None:
    if tournament.is_draft:
        raise WrongStatus(_("%(tournament)s hasn't started yet.") % {"tournament": tournament.name})
    if tournament.is_finished:
        raise WrongStatus(_("%(tournament)s is finished.") % {"tournament": tournament.name})


def enqueue_standings(tournament: Tournament) -> None:
    """Recalculate the standings once this transaction has committed."""
    from ..tasks import recalculate_standings

    enqueue_on_commit(recalculate_standings, tournament.pk)


def table_actor(tournament: Tournament):
    """Whom site tables are opened in the name of: the tournament's creator while they direct
    the club, else one of the club's owners or directors."""
    creator = tournament.created_by
    if creator is not None and club_access(creator, tournament.club).is_director:
        return creator
    membership = (
        Membership.objects.filter(
            club=tournament.club, role__in=[Membership.Role.OWNER, Membership.Role.DIRECTOR]
        )
        .select_related("user")
        .order_by("role", "joined_at")
        .first()
    )
    return membership.user if membership else None


def directors_to_tell(tournament: Tournament, *, besides=()) -> list[int]:
    """The ids of the club's owners and directors (who direct its tournaments), but `besides`
    (users or ids: whoever acted, and those already told)."""
    skip = {getattr(u, "pk", u) for u in besides}
    ids = Membership.objects.filter(
        club=tournament.club_id, role__in=[Membership.Role.OWNER, Membership.Role.DIRECTOR]
    ).values_list("user_id", flat=True)
    return [i for i in ids if i not in skip]


def tournament_link(tournament: Tournament, name: str = "detail") -> str:
    """The address of a tournament page (empty when the pages are not installed)."""
    try:
        return reverse(f"tournaments:{name}", args=[tournament.pk])
    except NoReverseMatch:
        return ""


def result_audit(tournament, table, actor, old: dict | None, new: dict, reason: str) -> None:
    """Keep a director's entry or correction in the audit log: a table's result or a duplicate
    board's, before (None if there was none) and after, and why."""
    ResultAudit.objects.create(
        tournament=tournament, table=table, actor=actor, old=old, new=new, reason=reason[:300]
    )
