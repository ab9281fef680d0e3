"""Read-only questions about clubs and nights that several pages ask the same way.

One answer, used everywhere it is asked: the home dashboard, a member's profile and My nights
list "my upcoming nights" through `upcoming_registrations`, so they can't disagree about what
counts (a cancelled night, for one, never does).
"""

from __future__ import annotations

from django.utils import timezone

from .models import ClubNight, Registration

# A place at a night that is still coming: a seat, a place on the waitlist, or already checked in.
UPCOMING_STATUSES = (
    Registration.Status.REGISTERED,
    Registration.Status.WAITLISTED,
    Registration.Status.CHECKED_IN,
)


def upcoming_registrations(user, now=None):
    """The user's places at nights that are still to come, soonest first: the night is
    scheduled (not cancelled) and hasn't started, and the user holds a seat, is waiting or is
    checked in. Each row has its night and club loaded and its waitlist rank annotated
    (`waitlist_rank()` costs no query)."""
    now = now or timezone.now()
    return (
        Registration.objects.filter(
            user=user,
            status__in=UPCOMING_STATUSES,
            night__status=ClubNight.Status.SCHEDULED,
            night__starts_at__gte=now,
        )
        .select_related("night", "night__club")
        .with_waitlist_rank()
        .order_by("night__starts_at", "night_id")
    )
