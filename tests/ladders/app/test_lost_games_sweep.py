"""The sweep that records finished online games whose task was lost (ladders.tasks)."""

from datetime import timedelta

from django.utils import timezone

from games.models import Table
from ladders import services, tasks
from ladders.models import RatedGame


def test_the_sweep_records_each_lost_game_once_oldest_first(people, club, finished_table):
    old = [finished_table(people[:4], [520, 140, 520, 140], [0, 2], club=club) for _ in range(3)]
    fresh = finished_table(people[:4], [520, 140, 520, 140], [0, 2], at=timezone.now())
    no_winner = finished_table(people[:4], [0, 0, 0, 0], [], club=club)
    Table.objects.filter(pk=no_winner.pk).update(winners=None)
    assert services.table_games_sync(limit=2) == 2
    recorded = set(RatedGame.objects.values_list("source_id", flat=True))
    assert recorded == {old[0].pk, old[1].pk}
    assert tasks.record_lost_table_games() == 1
    assert tasks.record_lost_table_games() == 0  # idempotent
    assert fresh.pk not in set(RatedGame.objects.values_list("source_id", flat=True))
    assert services.table_games_sync(settle_seconds=0) == 1  # its own task had its minute
    assert RatedGame.objects.count() == 4


def test_nothing_to_do_is_one_query(people, club, finished_table, django_assert_num_queries):
    table = finished_table(people[:4], [520, 140, 520, 140], [0, 2], club=club)
    services.table_game_record(table.pk)
    Table.objects.filter(pk=table.pk).update(finished_at=timezone.now() - timedelta(days=1))
    with django_assert_num_queries(1):
        assert tasks.record_lost_table_games() == 0
