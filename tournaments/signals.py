"""Receivers for the games app's signals (connected in `TournamentsConfig.ready`).

games never imports tournaments: it announces that a game is over (`game_finished`, sent after
the commit) and this receiver enqueues the task that records the tournament result.
"""

from .models import TournamentTable


def on_game_finished(sender, table_id: int, **kwargs) -> None:
    """A site table's game is over: if it is a tournament table, record its result."""
    if TournamentTable.objects.filter(game_table_id=table_id).exists():
        from .tasks import record_online_result

        record_online_result.delay(table_id)
