"""The pages' queries do not grow with the data behind them (issue 14).

A small club and a big one (300 members, 100 nights, 50 tournaments, 500 games) of the same
shape (`tests/page_data.py`) are built once for the module, outside the tests' transactions, and
removed afterwards. Each page then costs the big club exactly as many queries as the small one,
with the cache empty and with it filled.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.page_data import build_club

pytestmark = pytest.mark.django_db


def _remove_everything():
    from accounts.models import User
    from clubs.models import Club
    from ladders.models import Ladder, RatedGame, RebuildJob

    Club.objects.filter(slug__in=["q-small", "q-big"]).delete()
    RatedGame.objects.all().delete()
    Ladder.objects.all().delete()
    RebuildJob.objects.all().delete()
    User.objects.filter(username__startswith="q-").delete()


@pytest.fixture(scope="module")
def two_clubs(django_db_setup, django_db_blocker):
    with django_db_blocker.unblock():
        _remove_everything()
        small = build_club(24, 4, 2, 80, slug="q-small", seed=3)
        big = build_club(300, 100, 50, 500, slug="q-big", seed=4)
    yield {"small": small, "big": big}
    with django_db_blocker.unblock():
        _remove_everything()


def _urls(data) -> dict[str, str]:
    club, player = data.club, data.player
    tournament = data.tournaments[0]
    return {
        "club ladder": f"/ladders/clubs/{club.slug}/",
        "club ladder (Pitch)": f"/ladders/clubs/{club.slug}/?game=pitch",
        "club ladder, page 2": f"/ladders/clubs/{club.slug}/?page=2",
        "site-wide ladder": "/ladders/",
        "player": f"/ladders/players/{player.username}/",
        "player (Pitch)": f"/ladders/players/{player.username}/?game=pitch",
        "club page": f"/clubs/{club.slug}/",
        "standings": f"/tournaments/{tournament.pk}/standings/",
        "API club ladder": f"/api/ladders/clubs/{club.slug}/five_hundred/",
        "API player ratings": f"/api/players/{player.username}/ratings/",
        "API player stats": f"/api/players/{player.username}/stats/",
    }


def _queries(client, url: str, *, cold: bool) -> list[str]:
    if cold:
        cache.clear()
    else:
        assert client.get(url).status_code == 200
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, url
    return [q["sql"] for q in queries.captured_queries]


def _difference(counts: dict[str, list[str]]) -> str:
    small = [q.split(" FROM ")[1][:80] for q in counts["small"]]
    big = [q.split(" FROM ")[1][:80] for q in counts["big"]]
    return f"small: {small}\nbig: {big}"


PAGES = [
    "club ladder",
    "club ladder (Pitch)",
    "club ladder, page 2",
    "site-wide ladder",
    "player",
    "player (Pitch)",
    "club page",
    "standings",
    "API club ladder",
    "API player ratings",
    "API player stats",
]


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("cold", [True, False], ids=["cache-empty", "cache-filled"])
@pytest.mark.parametrize("signed_in", [False, True], ids=["anonymous", "member"])
def test_a_page_costs_a_big_club_no_more_queries_than_a_small_one(
    client, two_clubs, page, cold, signed_in
):
    counts = {}
    for size, data in two_clubs.items():
        client.logout()
        if signed_in:
            client.force_login(data.player)
        counts[size] = _queries(client, _urls(data)[page], cold=cold)
    assert len(counts["big"]) == len(counts["small"]), _difference(counts)
    # and few of them at all
    assert len(counts["big"]) <= 20


# What each page costs an anonymous reader once the caches are filled (issue 14): the club (or
# tournament) once, a ladder once, and no more than a page's own reads.
WARM_QUERIES = {
    "club ladder": 2,  # the club; the ladder with its rules
    "club ladder (Pitch)": 2,
    "club ladder, page 2": 2,
    "player": 5,  # member, ratings, statistics' mark, latest games, results entered by hand
    "player (Pitch)": 5,
    "club page": 4,  # club, upcoming nights, past nights, directors (with the members' count)
    "standings": 2,  # the tournament with its club; the standings
}


@pytest.mark.parametrize("page", list(WARM_QUERIES))
def test_a_page_read_again_costs_only_its_own_reads(client, two_clubs, page):
    url = _urls(two_clubs["big"])[page]
    assert len(_queries(client, url, cold=False)) == WARM_QUERIES[page]


def test_the_big_club_is_as_big_as_the_issue_says(two_clubs):
    from ladders.models import PlayerRating, RatedGame
    from tournaments.models import Tournament

    club = two_clubs["big"].club
    assert club.memberships.count() == 300
    assert club.nights.count() == 100
    assert Tournament.objects.filter(club=club).count() == 50
    assert RatedGame.objects.filter(club=club).count() == 500
    assert PlayerRating.objects.filter(ladder__club=club).count() > 100


def test_night_winners_counted_in_the_database_match_a_count_of_every_game(two_clubs):
    """The grouped query (nights that do not overlap) and the count in Python (the fallback for
    nights that do) agree on every night of the big club."""
    from ladders import selectors

    club = two_clubs["big"].club
    lines = [line for line in selectors.night_history(club, limit=100) if line.how != "tournament"]
    assert any(line.winners for line in lines)
    windows = [selectors._night_window(line.night) for line in lines]
    games = selectors.RatedGame.objects.filter(club=club, rated=True)
    by_python, counts = selectors._night_tops_overlapping(games, windows)
    for i, line in enumerate(lines):
        expected = {u for u, *_ in by_python.get(i, [])}
        assert {w["user"].pk for w in line.winners} == expected
        if expected:
            assert (
                f"of the night's {counts[i]} rated game" in line.detail
                or f"in the night's {counts[i]} rated game" in line.detail
                or f"in all {counts[i]} of the night's rated games" in line.detail
            )
