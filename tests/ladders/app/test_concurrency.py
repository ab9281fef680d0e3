"""Workers racing: the same game recorded twice at once is applied once; different games at once
both land, one after the other (PostgreSQL, real threads)."""

from __future__ import annotations

import pytest

from ladders import services
from ladders.models import Ladder, PlayerRating, RatedGame, RatingChange
from tests.concurrency import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(3))
def test_the_same_game_at_once_is_applied_once(people, club, finished_table, attempt):
    table = finished_table(people[:4], [500, 0, 500, 0], [0, 2], club=club)
    results = race([lambda: services.table_game_record(table.pk)] * 3)
    recorded = [r for r in results if isinstance(r, tuple) and r[1]]
    assert len(recorded) == 1, results
    assert all(isinstance(r, tuple) and r[0] is not None for r in results), results
    assert RatedGame.objects.count() == 1
    assert RatingChange.objects.count() == 8
    assert Ladder.objects.get(club=None, game="five_hundred").games_rated == 1


def test_different_games_at_once_both_land(people, club, finished_table):
    first = finished_table(people[:4], [500, 0, 500, 0], [0, 2], club=club)
    second = finished_table(people[2:6], [0, 500, 0, 500], [1, 3], club=club)
    results = race(
        [
            lambda: services.table_game_record(first.pk),
            lambda: services.table_game_record(second.pk),
        ]
    )
    assert all(isinstance(r, tuple) and r[1] for r in results), results
    site = Ladder.objects.get(club=None, game="five_hundred")
    assert site.games_rated == 2
    # cy and di played both: their ratings went through both games, one after the other.
    for user in people[2:4]:
        row = PlayerRating.objects.get(user=user, ladder=site)
        assert row.games_played == 2
        changes = list(RatingChange.objects.filter(user=user, ladder=site).order_by("id"))
        assert changes[1].mu_before == pytest.approx(changes[0].mu)
        assert row.mu == pytest.approx(changes[1].mu)
