"""What the ladders do when other apps say something happened (connected in apps.ready).

A finished online game is recorded and rated by a task after the commit that ended it; so is a
physical tournament table's confirmed or corrected result (the periodic sync stays as a safety
net for a lost task).
"""

from django.dispatch import receiver

from core.enqueue import enqueue_on_commit
from games.signals import game_finished
from tournaments.signals import result_confirmed

from .tasks import record_table_game, record_tournament_result


@receiver(game_finished, dispatch_uid="ladders.record_table_game")
def rate_finished_game(sender, table_id, **kwargs):
    enqueue_on_commit(record_table_game, table_id)


@receiver(result_confirmed, dispatch_uid="ladders.record_tournament_result")
def rate_confirmed_result(sender, table_id, **kwargs):
    enqueue_on_commit(record_tournament_result, table_id)
