"""The club page renders its recent nights once per content (issue 14): a changed night shows at
once, and the cached list is the one a fresh render gives in every language and for a reader
who lives by another zone (who is told the club's zone)."""

from datetime import timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from .conftest import login

pytestmark = pytest.mark.django_db


def _past(client, club, **kwargs) -> str:
    page = client.get(f"/clubs/{club.slug}/", **kwargs).content.decode()
    return page[page.index('<ul class="night-list past">') :].split("</ul>", 1)[0]


@pytest.fixture
def past_night(make_night):
    return make_night(starts_at=timezone.now() - timedelta(days=2), title="Spring Drive")


def test_a_changed_night_shows_at_once(client, club, past_night):
    assert "Spring Drive" in _past(client, club)
    past_night.title = "Autumn Drive"
    past_night.venue = "Gum Tree Hall"
    past_night.save()
    html = _past(client, club)
    assert "Autumn Drive" in html and "Gum Tree Hall" in html and "Spring Drive" not in html
    club.time_zone = "Asia/Kolkata"
    club.save()
    local = timezone.localtime(past_night.starts_at, club.zoneinfo)
    assert f"{local:%-I}:{local:%M}" in _past(client, club)


def test_a_reader_in_another_zone_is_told_the_clubs_zone(client, club, people, past_night):
    visitor = _past(client, club)  # cached for a visitor, who reads the site's zone
    people.member.time_zone = "Asia/Kuala_Lumpur" if club.time_zone != "Asia/Kuala_Lumpur" else ""
    people.member.save()
    login(client, people.member)
    mine = _past(client, club)
    assert mine != visitor
    cache.clear()
    assert _past(client, club) == mine


def test_cached_nights_are_the_fresh_ones_in_every_language(client, club, past_night):
    cached = {
        code: _past(client, club, headers={"accept-language": code})
        for code, _name in settings.LANGUAGES
    }
    cache.clear()
    for code, _name in settings.LANGUAGES:
        assert _past(client, club, headers={"accept-language": code}) == cached[code]


def test_the_club_zone_is_the_same_whoever_reads_and_an_unknown_club_is_a_404(
    client, club, people, past_night
):
    """A visitor without a language has the club's zone read with its language (one query, by
    the club language middleware); a member with a language of their own has it read apart."""
    club.time_zone = "Asia/Kolkata"
    club.language = "mr"
    club.save()
    local = timezone.localtime(past_night.starts_at, club.zoneinfo)
    clock = f"{local:%-I}:{local:%M}"
    assert clock in _past(client, club)
    people.member.language = "en-au"
    people.member.save()
    login(client, people.member)
    assert clock in _past(client, club)
    client.logout()
    assert client.get("/clubs/no-such-club/").status_code == 404


def _upcoming(client, club) -> str:
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    return page[page.index('<ul class="night-list">') :].split("</ul>", 1)[0]


def test_upcoming_nights_show_a_registration_at_once_and_only_to_its_reader(
    client, club, people, night
):
    from clubs import services

    visitor = _upcoming(client, club)
    assert "0 of 8 seats taken" in visitor
    services.night_register(people.member, night)
    assert "1 of 8 seats taken" in _upcoming(client, club)  # the count, for everyone
    login(client, people.member)
    mine = _upcoming(client, club)
    assert "Registered" in mine and "1 of 8 seats taken" in mine
    login(client, people.director)
    theirs = _upcoming(client, club)
    assert "Registered" not in theirs and "1 of 8 seats taken" in theirs
    client.logout()
    assert "Registered" not in _upcoming(client, club)
    night.title = "Winter Drive"
    night.save()
    assert "Winter Drive" in _upcoming(client, club)


def test_cached_upcoming_nights_are_the_fresh_ones_in_every_language(client, club, people, night):
    from clubs import services

    services.night_register(people.member, night)
    login(client, people.member)
    cached = {}
    for code, _name in settings.LANGUAGES:
        page = client.get(f"/clubs/{club.slug}/", headers={"accept-language": code})
        cached[code] = page.content.decode().split('<ul class="night-list">', 1)[1]
    cache.clear()
    for code, _name in settings.LANGUAGES:
        page = client.get(f"/clubs/{club.slug}/", headers={"accept-language": code})
        assert page.content.decode().split('<ul class="night-list">', 1)[1] == cached[code]
