"""Read-only questions about clubs and nights that several pages ask the same way.

One answer, used everywhere it is asked: the home dashboard, a member's profile and My nights
list "my upcoming nights" through `upcoming_registrations`, so they can't disagree about what
counts (a cancelled night, for one, never does).
"""

from __future__ import annotations

from .models import ClubNight, Registration
from .permissions import is_director


def upcoming_registrations(user, now=None):
    """The user's places at nights that are still to come, soonest first
    (`RegistrationQuerySet.upcoming`: scheduled, not started, a seat, a waitlist place or a
    check-in). Each row has its night and club loaded and its waitlist rank annotated
    (`waitlist_rank()` costs no query)."""
    return Registration.objects.filter(user=user).upcoming(now)


def memberships_of(user):
    """The user's memberships, with their clubs, by club name."""
    return user.memberships.select_related("club").order_by("club__name")


def night_registrations_version(slug: str, pk: int, user, *, directors_only: bool) -> int | None:
    """The version of a night's registrations (`ClubNight.registrations_version`) for its live
    stream: None when there is no such night at that club, or when `directors_only` (the
    check-in board's stream) and `user` doesn't direct the club."""
    night = (
        ClubNight.objects.select_related("club")
        .filter(pk=pk, club__slug=slug)
        .only("registrations_version", "club")
        .first()
    )
    if night is None or (directors_only and not is_director(user, night.club)):
        return None
    return night.registrations_version
