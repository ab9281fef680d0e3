"""The iCalendar feeds: one per club (its nights) and one per member (the nights they're going to
or waiting for). Built from the database here, written out by `clubs.ical`."""

from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _

from .ical import Event, render_calendar
from .models import Club, ClubNight, Registration

PAST_DAYS = 90


def _uid(night: ClubNight) -> str:
    return f"club-night-{night.pk}@kookaburra"


def _event(night: ClubNight, base_url: str, *, waitlisted: bool = False) -> Event:
    description = [
        _("%(game)s at %(club)s.") % {"game": night.get_game_display(), "club": night.club.name}
    ]
    if night.notes:
        description.append(night.notes)
    url = base_url.rstrip("/") + night.get_absolute_url()
    description.append(url)
    return Event(
        uid=_uid(night),
        starts_at=night.starts_at,
        ends_at=night.ends_at,
        summary=(_("%(club)s: %(night)s (waitlist)") if waitlisted else _("%(club)s: %(night)s"))
        % {"club": night.club.name, "night": night.name},
        location=night.venue,
        description="\n\n".join(description),
        url=url,
        cancelled=night.is_cancelled,
        updated_at=night.cancelled_at or night.created_at,
    )


def club_calendar(club: Club, base_url: str) -> str:
    since = timezone.now() - timedelta(days=PAST_DAYS)
    nights = club.nights.filter(starts_at__gte=since).select_related("club").order_by("starts_at")
    return render_calendar(
        f"{club.name} ({settings.SITE_NAME})",
        (_event(night, base_url) for night in nights),
        now=timezone.now(),
    )


def member_calendar(user, base_url: str) -> str:
    since = timezone.now() - timedelta(days=PAST_DAYS)
    registrations = (
        Registration.objects.active()
        .filter(user=user, night__starts_at__gte=since)
        .select_related("night", "night__club")
        .order_by("night__starts_at")
    )
    events = (
        _event(
            r.night,
            base_url,
            waitlisted=r.status == Registration.Status.WAITLISTED,
        )
        for r in registrations
    )
    return render_calendar(
        _("My club nights (%(site)s)") % {"site": settings.SITE_NAME}, events, now=timezone.now()
    )
