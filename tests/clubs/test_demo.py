"""The demo club builder and the load_demo command."""

from django.urls import reverse

from accounts.models import User
from clubs.demo import build_demo
from clubs.models import Club, ClubNight, Membership, Registration


def counts():
    return [model.objects.count() for model in (User, Club, Membership, ClubNight, Registration)]


def test_build_demo_is_idempotent_and_its_logins_work(client, db):
    result = build_demo()
    before = counts()
    again = build_demo()
    assert counts() == before and again.created == []
    assert result.club.name == "Kookaburra Card Club" and result.club.is_open
    night = result.five_hundred_night
    assert night.game == "five_hundred" and night.seats_left() > 0
    assert night.registrations.filter(status="registered").count() == 6
    assert result.pitch_night.waitlist().count() == 1
    roles = {login.username: login.role for login in result.logins}
    assert roles["demo"] == "Owner" and roles["alice"] == "Director"
    for login in result.logins:
        assert client.login(username=login.username, password=login.password), login.username
    client.login(username="demo", password="kookaburra500")
    assert (
        client.get(reverse("clubs:checkin", args=[result.club.slug, night.pk])).status_code == 200
    )
