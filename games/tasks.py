"""Bots' moves, run by the Celery worker.

`bot_move(table_id, action_number)` is enqueued after every commit that makes it a bot's turn,
with a short pause (settings.KOOKABURRA_BOT_DELAY). It names the action count it is for and does
nothing if the game has moved on, so a repeated or late task is harmless.
`nudge_stalled_bots` runs every few seconds (Celery beat) and enqueues the move again for any
table that has waited on a bot too long: a lost task or a restarted worker never stalls a game.
"""

from datetime import timedelta

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from . import services
from .models import Table

# How long past its pause a bot's move may be late before the nudge enqueues it again.
STALL_GRACE_SECONDS = 4.0


@shared_task(ignore_result=True)
def bot_move(table_id: int, action_number: int) -> bool:
    """Play the bot's move at `table_id` if the table still has `action_number` actions.

    The expert bot thinks within settings.KOOKABURRA_EXPERT_BUDGET (None: each game's default,
    games.bots.EXPERT_BUDGETS)."""
    budget = getattr(settings, "KOOKABURRA_EXPERT_BUDGET", None)
    return services.table_bot_move(table_id, action_number, budget=budget)


@shared_task(ignore_result=True)
def nudge_stalled_bots() -> int:
    """Enqueue the move again for tables that have waited on a bot too long. Returns how many."""
    grace = settings.KOOKABURRA_BOT_DELAY + settings.KOOKABURRA_TRICK_PAUSE + STALL_GRACE_SECONDS
    cutoff = timezone.now() - timedelta(seconds=grace)
    stalled = list(
        Table.objects.filter(
            status=Table.Status.PLAYING, bot_to_act=True, turn_started_at__lt=cutoff
        ).values_list("pk", "action_number")[:500]
    )
    for table_id, action_number in stalled:
        bot_move.delay(table_id, action_number)
    return len(stalled)
