"""Two requests racing for the same move leave exactly one applied (PostgreSQL, real threads)."""

import pytest

from games import services
from games.errors import GameError, StaleAction
from games.models import Table, TableAction
from tests.concurrency import race

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def playing_table(four):
    table = services.table_create(four[0], game="pitch", players=4, seed=1)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    return table


@pytest.mark.parametrize("attempt", range(3))
def test_the_same_move_twice_at_once_is_applied_once(four, attempt):
    table = playing_table(four)
    user = four[table.to_act]
    results = race([lambda: services.table_act(user, table.pk, 0, {"call": "pass"})] * 2)
    applied = [r for r in results if isinstance(r, services.ActResult)]
    stale = [r for r in results if isinstance(r, StaleAction)]
    assert len(applied) == 1 and len(stale) == 1, results
    assert TableAction.objects.filter(table=table).count() == 1
    assert Table.objects.get(pk=table.pk).action_number == 1


def test_different_moves_racing_leave_one(four):
    table = playing_table(four)
    user = four[table.to_act]
    results = race(
        [
            lambda: services.table_act(user, table.pk, 0, {"call": "pass"}),
            lambda: services.table_act(user, table.pk, 0, {"call": "2"}),
            lambda: services.table_act(user, table.pk, 0, {"call": "3"}),
        ]
    )
    applied = [r for r in results if isinstance(r, services.ActResult)]
    assert len(applied) == 1
    assert all(isinstance(r, StaleAction) for r in results if r not in applied), results
    assert TableAction.objects.filter(table=table).count() == 1


def test_racing_for_the_last_seat(four, make_user):
    table = services.table_create(four[0], game="pitch", players=3, seed=1)
    services.table_sit(four[1], table, 1)
    results = race(
        [lambda u=u: services.table_sit(u, table.pk, 2) for u in (four[2], four[3], make_user("x"))]
    )
    seated = [r for r in results if not isinstance(r, Exception)]
    assert len(seated) == 1 and all(isinstance(r, GameError) for r in results if r not in seated)
    table.refresh_from_db()
    assert table.is_playing and table.hand_number == 1
