"""Result entry under concurrency, against PostgreSQL: a table has one result row, and two
entries at the same moment leave one.

Reading the existing result is slowed down so that, without the lock on the table, both
requests would see no result and both would write one: the lock (and behind it the one-to-one
constraint) is what makes these tests pass.
"""

import time

import pytest

from tests.concurrency import race
from tournaments import services
from tournaments.models import TableResult
from tournaments.services import results

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def slow_read(monkeypatch):
    original = results._existing

    def slow(table):
        found = original(table)
        time.sleep(0.3)
        return found

    monkeypatch.setattr(results, "_existing", slow)


@pytest.fixture
def table(make_tournament, director):
    tournament = make_tournament(2, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    return round1.tables.get()


def test_two_sides_entering_different_scores_leave_one_result(table, players, slow_read):
    outcomes = race(
        [
            lambda: services.result_enter(players[0], table, scores=[500, 100]),
            lambda: services.result_enter(players[2], table, scores=[100, 500]),
        ]
    )
    errors = [o for o in outcomes if isinstance(o, services.TournamentError)]
    assert len(errors) == 1 and isinstance(errors[0], services.ResultExists)
    # The second waited for the first and was shown its entry (not just the constraint).
    assert "entered" in errors[0].message
    (result,) = TableResult.objects.filter(table=table)
    assert result.status == "pending"


def test_two_sides_entering_the_same_scores_confirm_each_other(table, players, slow_read):
    outcomes = race(
        [
            lambda: services.result_enter(players[0], table, scores=[500, 100]),
            lambda: services.result_enter(players[3], table, scores=[500, 100]),
        ]
    )
    assert not [o for o in outcomes if isinstance(o, Exception)]
    (result,) = TableResult.objects.filter(table=table)
    assert result.status == "confirmed" and result.scores == [500, 100]


def test_two_directors_entering_at_once_leave_one_confirmed_result(
    table, director, club, make_user, slow_read
):
    from clubs.models import Membership

    second = make_user("deputy")
    Membership.objects.create(club=club, user=second, role=Membership.Role.DIRECTOR)
    outcomes = race(
        [
            lambda: services.result_enter(director, table, scores=[500, 100]),
            lambda: services.result_enter(second, table, scores=[100, 500]),
        ]
    )
    errors = [o for o in outcomes if isinstance(o, services.TournamentError)]
    assert len(errors) == 1 and isinstance(errors[0], services.ResultExists)
    assert "correct it instead" in errors[0].message
    assert TableResult.objects.filter(table=table, status="confirmed").count() == 1
    assert table.audits.count() == 1
