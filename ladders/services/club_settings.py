"""A club's ladder settings (who shows, whether games with bots count)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club

from ..models import (
    ClubLadderSettings,
    RatedGame,
    RebuildJob,
)
from .errors import InvalidInput, NotAllowed
from .jobs import may_rebuild, rebuild_schedule


def ladder_settings_update(
    actor,
    club: Club,
    *,
    rate_bot_games: bool,
    min_games: int,
    active_days: int | None,
) -> ClubLadderSettings:
    """A director changes how the club's ladders run. Changing whether games with bots count
    rebuilds the club's ladders and the site-wide ones (its games count there too)."""
    if not may_rebuild(actor, club):
        raise NotAllowed(
            _("Only the directors of %(club)s can change its ladders.") % {"club": club.name}
        )
    if isinstance(min_games, bool) or not isinstance(min_games, int) or not 0 <= min_games <= 1000:
        raise InvalidInput(
            _("Games to appear must be a whole number from 0 to 1000."), field="min_games"
        )
    if active_days is not None and (
        isinstance(active_days, bool)
        or not isinstance(active_days, int)
        or not 1 <= active_days <= 3650
    ):
        raise InvalidInput(
            _("Active within must be from 1 to 3650 days, or blank for no limit."),
            field="active_days",
        )
    with transaction.atomic():
        row, _created = ClubLadderSettings.objects.select_for_update().get_or_create(club=club)
        changed = row.rate_bot_games != bool(rate_bot_games)
        row.rate_bot_games = bool(rate_bot_games)
        row.min_games = min_games
        row.active_days = active_days
        row.updated_by = actor
        row.save()
        if changed and RatedGame.objects.filter(club=club, has_bots=True).exists():
            why = {"reason": "bots_changed", "reason_params": {"club": club.name}}
            rebuild_schedule(RebuildJob.Scope.CLUB, club_id=club.pk, **why)
            rebuild_schedule(RebuildJob.Scope.SITE, **why)
    return row
