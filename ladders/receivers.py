"""What the ladders do when other apps say something happened (connected in apps.ready).

A finished online game is recorded and rated by a task after the commit that ended it.
"""

from django.dispatch import receiver

from games.signals import game_finished

from .tasks import record_table_game


@receiver(game_finished, dispatch_uid="ladders.record_table_game")
def rate_finished_game(sender, table_id, **kwargs):
    record_table_game.delay_on_commit(table_id)
