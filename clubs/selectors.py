"""Read-only questions about clubs and nights that several pages ask the same way.

One answer, used everywhere it is asked: the home dashboard, a member's profile and My nights
list "my upcoming nights" through `upcoming_registrations`, so they can't disagree about what
counts (a cancelled night, for one, never does).
"""

from __future__ import annotations

from .models import Registration


def upcoming_registrations(user, now=None):
    """The user's places at nights that are still to come, soonest first
    (`RegistrationQuerySet.upcoming`: scheduled, not started, a seat, a waitlist place or a
    check-in). Each row has its night and club loaded and its waitlist rank annotated
    (`waitlist_rank()` costs no query)."""
    return Registration.objects.filter(user=user).upcoming(now)


def memberships_of(user):
    """The user's memberships, with their clubs, by club name."""
    return user.memberships.select_related("club").order_by("club__name")
