"""Read-only questions about clubs and nights that several pages ask the same way.

One answer, used everywhere it is asked: the home dashboard, a member's profile and My nights
list "my upcoming nights" through `upcoming_registrations`, so they can't disagree about what
counts (a cancelled night, for one, never does).
"""

from __future__ import annotations

from django.http import Http404

from .models import Club, ClubNight, Registration
from .permissions import is_director


def club_of_request(request, slug: str) -> Club | None:
    """The club whose `slug` is in the URL (None for no such club), read once per request: the
    club language middleware, the zone decorator (`clubs.times.in_club_zone`) and a page's
    view share the one row. Only for reading: a service locks and reads its own."""
    known = getattr(request, "clubs_by_slug", None)
    if known is None:
        known = request.clubs_by_slug = {}
    if slug not in known:
        known[slug] = Club.objects.filter(slug=slug).order_by().first()
    return known[slug]


def club_or_404(request, slug: str) -> Club:
    """`club_of_request`, or the page that says there is no such club."""
    club = club_of_request(request, slug)
    if club is None:
        raise Http404("No such club.")
    return club


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
