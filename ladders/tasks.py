"""Follow-up work for the ladders, run by the Celery worker. Tasks take ids and are idempotent:
a game is recorded and rated once whatever happens (the database refuses a second record),
statistics rows are replaced, and a finished rebuild job is not run again."""

from celery import shared_task

from . import services


@shared_task(ignore_result=True)
def record_table_game(table_id: int) -> bool:
    """Record a finished online game and rate it. Returns whether this run recorded it."""
    _rated_game, recorded = services.table_game_record(table_id)
    return recorded


@shared_task(ignore_result=True)
def record_lost_table_games() -> int:
    """The sweep: record and rate finished online games whose task was lost."""
    return services.table_games_sync()


@shared_task(ignore_result=True)
def record_game_stats(rated_game_id: int) -> int:
    """Each player's statistics from an online game's record. Returns the rows written."""
    return services.game_stats_record(rated_game_id)


@shared_task(ignore_result=True)
def record_tournament_result(tournament_table_id: int) -> bool:
    """Record (or correct, or withdraw) a physical tournament table's result."""
    return services.tournament_result_record(tournament_table_id) is not None


@shared_task(ignore_result=True)
def sync_tournament_results(tournament_id: int | None = None) -> int:
    """Record every confirmed physical result not yet rated or changed since."""
    return services.tournament_results_sync(tournament_id)


@shared_task(ignore_result=True)
def rebuild_ratings(job_id: int) -> str | None:
    """Run a rebuild job (its progress is saved on the job row as it goes)."""
    job = services.rebuild_run(job_id)
    return job.status if job is not None else None
