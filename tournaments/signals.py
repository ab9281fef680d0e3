"""The tournaments' own signal, and receivers for the games app's (connected in
`TournamentsConfig.ready`).

games never imports tournaments: it announces that a game is over (`game_finished`, sent after
the commit) and this receiver enqueues the task that records the tournament result (the task
finds out whether the table was a tournament's); it announces a hand's end (`hand_finished`)
and the duplicate and robot receivers record the board.
"""

from django.dispatch import Signal

from core.enqueue import enqueue_on_commit

from .models import TournamentTable

# A tournament table's result was confirmed or corrected (sent inside the service's transaction
# with `table_id`, the TournamentTable's id; receivers enqueue work with core.enqueue).
# The ladders rate physical tables' results from it.
result_confirmed = Signal()


def on_game_finished(sender, table_id: int, **kwargs) -> None:
    """A site table's game is over: the task records its result if it is a tournament table.
    The worker asks that question (the task does nothing for any other table), so the action
    that ends a game doesn't: a game ends once, and its request stays within five queries."""
    from .tasks import record_online_result

    enqueue_on_commit(record_online_result, table_id)


def on_hand_finished(sender, table_id: int, boards: bool = True, **kwargs) -> None:
    """A hand is over at a site table: at a duplicate event's table it is a board, recorded
    at once (the travellers and standings follow the play, board by board). A table that
    plays no boards is no duplicate table: passed by without a query."""
    if (
        boards
        and TournamentTable.objects.filter(
            game_table_id=table_id, tournament__format="duplicate"
        ).exists()
    ):
        from .tasks import record_online_result

        enqueue_on_commit(record_online_result, table_id)


def on_robot_hand_finished(
    sender, table_id: int, hand_number: int, boards: bool = True, **kwargs
) -> None:
    """A hand ended at a site table: if it is a robot duplicate entry's, record the board
    (a robot entry's table always plays boards: the others are passed by without a query)."""
    from .robot_models import RobotEntry

    if boards and RobotEntry.objects.filter(table_id=table_id).exists():
        from .tasks import robot_record_result

        enqueue_on_commit(robot_record_result, table_id, hand_number)
