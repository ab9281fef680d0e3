"""Tournament work done by the Celery worker. Every task takes ids and is idempotent.

`recalculate_standings(tournament_id)` is enqueued (on commit) whenever a result is recorded,
confirmed or corrected, an entrant withdraws or the tiebreaks change: it recomputes the standings
from scratch and stores them, bumping the version only when something changed.
`record_online_result(game_table_id)` is enqueued when a site table's game ends
(`games.signals.game_finished`): it records the tournament table's result once.
`record_lost_online_results` (Celery beat) records those whose task was lost.
"""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def recalculate_standings(tournament_id: int) -> bool:
    """Recalculate and store the standings of `tournament_id`; True if they changed."""
    return services.standings_recalculate(tournament_id)


@shared_task(ignore_result=True)
def record_online_result(game_table_id: int) -> int | None:
    """Record the result of the tournament table played at site table `game_table_id`."""
    result = services.result_record_online(game_table_id)
    return result.pk if result is not None else None


@shared_task(ignore_result=True)
def record_lost_online_results() -> int:
    """The sweep: record the results of finished site games whose task was lost."""
    return services.online_results_sync()
