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
    from tournaments.models import Tournament

    text = _load()
    tournament = Tournament.objects.get()
    assert tournament.status == Tournament.Status.RUNNING
    assert f"/tournaments/{tournament.pk}/" in text
