"""`clubs.selectors.upcoming_registrations`: the one meaning of "my upcoming nights", and the
three pages that list them (home, profile, My nights) agreeing with it."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import ClubNight, Registration
from clubs.selectors import upcoming_registrations

pytestmark = pytest.mark.django_db
Status = Registration.Status


@pytest.fixture
def nights(people, make_night):
    """The member's places: two that are coming, and four that aren't."""
    now = timezone.now()
    coming = make_night(title="Coming Night", starts_at=now + timedelta(days=2))
    waiting = make_night(title="Waiting Night", starts_at=now + timedelta(days=4), capacity=1)
    called_off = make_night(title="Called Off Night", starts_at=now + timedelta(days=1))
    dropped = make_night(title="Dropped Night", starts_at=now + timedelta(days=3))
    gone = make_night(
        title="Gone Night",
        starts_at=now - timedelta(days=2),
        registration_opens_at=now - timedelta(days=5),
        registration_closes_at=now - timedelta(days=2),
    )
    Registration.objects.create(night=coming, user=people.member, status=Status.REGISTERED)
    Registration.objects.create(night=waiting, user=people.owner, status=Status.REGISTERED)
    Registration.objects.create(
        night=waiting, user=people.member, status=Status.WAITLISTED, waitlist_position=1
    )
    Registration.objects.create(night=called_off, user=people.member, status=Status.REGISTERED)
    ClubNight.objects.filter(pk=called_off.pk).update(status=ClubNight.Status.CANCELLED)
    Registration.objects.create(night=dropped, user=people.member, status=Status.CANCELLED)
    Registration.objects.create(night=gone, user=people.member, status=Status.CHECKED_IN)
    return {"coming": coming, "waiting": waiting}


def test_upcoming_registrations_are_scheduled_nights_still_to_come(people, nights):
    rows = list(upcoming_registrations(people.member))
    assert [r.night.title for r in rows] == ["Coming Night", "Waiting Night"]
    assert rows[1].waitlist_rank() == 1


def _section(page: str, heading_id: str) -> str:
    start = page.index(f'id="{heading_id}"')
    return page[start : page.index("</section>", start)]


def test_home_profile_and_my_nights_list_the_same_nights(client, people, nights):
    client.force_login(people.member)
    home = _section(client.get(reverse("home")).content.decode(), "dash-nights")
    profile = _section(
        client.get(reverse("accounts:profile", args=[people.member.username])).content.decode(),
        "nights-title",
    )
    mine = _section(client.get(reverse("clubs:my_nights")).content.decode(), "upcoming-title")
    for name, section in (("home", home), ("profile", profile), ("my nights", mine)):
        for title in ("Coming Night", "Waiting Night"):
            assert title in section, f"{title} missing from {name}"
        for title in ("Called Off Night", "Dropped Night", "Gone Night"):
            assert title not in section, f"{title} listed as upcoming on {name}"
