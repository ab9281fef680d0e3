"""`load_demo`: the whole demo, built once, with the logins printed."""

from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import User
from clubs.models import Club, ClubNight
from games.models import Table


def _load() -> str:
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_load_demo_prints_the_logins_and_the_demo_table():
    text = _load()
    assert "demo" in text and "kookaburra500" in text and "alice" in text
    assert "/tables/" in text
    owner = User.objects.get(username="demo")
    table = Table.objects.get(seats__user=owner)
    assert table.status == Table.Status.PLAYING
    assert table.seats.filter(user__isnull=True).count() == 3


@pytest.mark.django_db
def test_load_demo_twice_creates_nothing_new():
    _load()
    counts = (
        User.objects.count(),
        Club.objects.count(),
        ClubNight.objects.count(),
        Table.objects.count(),
    )
    _load()
    assert (
        User.objects.count(),
        Club.objects.count(),
        ClubNight.objects.count(),
        Table.objects.count(),
    ) == counts


@pytest.mark.django_db
def test_load_demo_includes_a_tournament_in_progress():
    from tournaments.demo import TOURNAMENT_NAME
    from tournaments.models import Tournament

    text = _load()
    tournament = Tournament.objects.get(name=TOURNAMENT_NAME)
    assert tournament.status == Tournament.Status.RUNNING
    assert f"/tournaments/{tournament.pk}/" in text


@pytest.mark.django_db
def test_load_demo_includes_a_marathi_and_an_urdu_club_in_their_zones(client):
    """Issue 13: a Marathi club in Asia/Kolkata and an Urdu club in Asia/Karachi, members named
    in their scripts, a night next week at 7 pm by the club's clocks and a finished tournament.
    Each club speaks its own language to members who chose none: the night page says 7 pm in it."""
    from django.template.defaultfilters import date as date_filter
    from django.utils import timezone, translation

    from accounts.zones import zone_city
    from clubs.demo import MEMBER_PASSWORD
    from tournaments.models import Tournament

    text = _load()
    for name, zone, owner, language in (
        ("पुणे पत्ते मंडळ", "Asia/Kolkata", "सुमेधा", "mr"),
        ("لاہور کارڈ کلب", "Asia/Karachi", "عائشہ", "ur"),
    ):
        club = Club.objects.get(name=name)
        assert club.time_zone == zone
        assert club.language == language
        assert club.slug == name.replace(" ", "-")
        assert f"/clubs/{club.slug}/" in text
        assert club.memberships.count() == 9
        night = club.nights.get()
        assert night.starts_at > timezone.now()
        assert timezone.localtime(night.starts_at, club.zoneinfo).strftime("%H:%M") == "19:00"
        tournament = Tournament.objects.get(club=club)
        assert tournament.status == Tournament.Status.FINISHED
        assert client.get(club.get_absolute_url()).status_code == 200
        assert client.get(f"/tournaments/{tournament.pk}/").status_code == 200
        assert client.login(username=owner, password=MEMBER_PASSWORD)
        page = client.get(night.get_absolute_url()).content.decode()
        with translation.override(language):
            seven_pm = date_filter(timezone.localtime(night.starts_at, club.zoneinfo), "g:i A")
        assert seven_pm.startswith("7:00") and seven_pm != "7:00 PM"
        assert f'lang="{language}"' in page
        assert seven_pm in page
        # The members live by the club's clock: its times need no second clock for them.
        assert {u.time_zone for u in User.objects.filter(memberships__club=club)} == {zone}
        with translation.override(language):
            city = zone_city(zone)  # how the zone would be named beside a time
        assert f"({city}" not in page and "(Asia/" not in page
        client.logout()
