"""Asking for rebuilds: who may, and the queued `RebuildJob`s (run by `rebuilding`)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.models import Club
from clubs.permissions import club_access
from core.choices import Game
from core.enqueue import enqueue_on_commit

from ..models import (
    Ladder,
    RebuildJob,
)
from .errors import InvalidInput, NotAllowed


def _is_staff(user) -> bool:
    return user is not None and user.is_authenticated and (user.is_staff or user.is_superuser)


def may_rebuild(user, club: Club | None) -> bool:
    """Staff may rebuild anything; a club's directors may rebuild its ladders."""
    if _is_staff(user):
        return True
    return club is not None and club_access(user, club).is_director


STALE_JOB = timedelta(minutes=5)
"""A job still waiting this long after it was asked for has lost its task."""


def rebuild_schedule(
    scope: str,
    *,
    club_id: int | None = None,
    game: str = "",
    reason: str = "",
    reason_params: dict | None = None,
    actor=None,
) -> RebuildJob:
    """Queue a rebuild (after the commit). A job with the same reach still waiting to start
    is reused: it will see everything there is when it runs."""
    from ..tasks import rebuild_ratings

    waiting = RebuildJob.objects.filter(
        scope=scope, club_id=club_id, game=game, status=RebuildJob.Status.PENDING
    ).first()
    if waiting is not None:
        if waiting.created_at < timezone.now() - STALE_JOB:
            enqueue_on_commit(rebuild_ratings, waiting.pk)  # its task was lost: ask again
        return waiting
    job = RebuildJob.objects.create(
        scope=scope,
        club_id=club_id,
        game=game,
        reason=reason[:200],
        reason_params=reason_params or {},
        requested_by=actor,
    )
    enqueue_on_commit(rebuild_ratings, job.pk)
    return job


def rebuild_request(actor, *, club: Club | None = None, game: str = "") -> RebuildJob:
    """Directors rebuild their club's ladders; staff rebuild every ladder of the site."""
    if game and game not in Game.values:
        raise InvalidInput(_("Choose Five Hundred or Pitch (or neither for both)."), field="game")
    if club is not None:
        if not may_rebuild(actor, club):
            raise NotAllowed(
                _("Only the directors of %(club)s can rebuild its ladders.") % {"club": club.name}
            )
        scope = RebuildJob.Scope.CLUB
    else:
        if not _is_staff(actor):
            raise NotAllowed(_("Only the site's staff can rebuild every ladder."))
        scope = RebuildJob.Scope.ALL
    with transaction.atomic():
        return rebuild_schedule(
            scope,
            club_id=club.pk if club is not None else None,
            game=game,
            reason="asked",
            reason_params={"name": actor.shown_name},
            actor=actor,
        )


def schedule_rebuilds(
    ladders: Iterable[Ladder], reason: str, reason_params: dict | None = None
) -> None:
    """Queue a rebuild of each ladder; `reason` is a key of RebuildJob.REASONS."""
    for ladder in ladders:
        rebuild_schedule(
            RebuildJob.Scope.SITE if ladder.club_id is None else RebuildJob.Scope.CLUB,
            club_id=ladder.club_id,
            game=ladder.game,
            reason=reason,
            reason_params=reason_params,
        )
