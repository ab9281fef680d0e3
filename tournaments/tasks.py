"""Tournament work done by the Celery worker. Every task takes ids and is idempotent.

`recalculate_standings(tournament_id)` is enqueued (on commit) whenever a result is recorded,
confirmed or corrected, an entrant withdraws or the tiebreaks change: it recomputes the standings
from scratch and stores them, bumping the version only when something changed.
`record_online_result(game_table_id)` is enqueued when any site table's game ends
(`games.signals.game_finished`): it records the tournament table's result once, and nothing
for a table that is no tournament's.
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


@shared_task(ignore_result=True)
def robot_record_result(table_id: int, hand_number: int) -> int | None:
    """Record a robot duplicate entry's result on the board its table just finished."""
    from .services.robot import robot_result_record

    result = robot_result_record(table_id, hand_number)
    return result.pk if result is not None else None


@shared_task(ignore_result=True)
def robot_close_events(event_ids: list[int] | None = None) -> int:
    """Close the robot duplicate events `event_ids` (by default every one whose window has
    passed): their boards are revealed. Returns how many closed now."""
    from .services.robot import robot_event_close, robot_events_due

    return sum(robot_event_close(pk) for pk in (event_ids or robot_events_due()))


@shared_task(ignore_result=True)
def robot_daily_event() -> int:
    """Make the site's robot duplicate of today and of tomorrow, if missing. Returns today's id."""
    from datetime import timedelta

    from django.utils import timezone

    from .services.robot import robot_daily_event as make

    today = timezone.localdate(timezone=timezone.get_default_timezone())
    make(today + timedelta(days=1))
    return make(today).pk
