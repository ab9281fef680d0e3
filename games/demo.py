"""A demo game: a user at a Five Hundred table with three bots, ready to play."""

from django.contrib.auth import get_user_model
from django.db import transaction

from core.choices import Game

from . import services
from .models import BotLevel, Table


def demo_table(user, *, level: str = BotLevel.CLUB) -> Table:
    """The user's demo table: four-player Five Hundred, the user in seat 0 and three bots.

    Idempotent: while the user has a demo game that is not finished (and still sits at it),
    that table is returned; otherwise a new one is opened, filled and started.
    """
    with transaction.atomic():
        # One demo at a time per user, even when two requests ask at once.
        get_user_model().objects.select_for_update().filter(pk=user.pk).first()
        existing = (
            Table.objects.filter(is_demo=True, created_by=user, seats__user=user)
            .exclude(status=Table.Status.FINISHED)
            .order_by("-created_at", "-id")
            .first()
        )
        if existing is not None:
            return existing
        table = services.table_create(
            user,
            game=Game.FIVE_HUNDRED,
            players=4,
            name="",  # named in the reader's language (Table.__str__)
            access=Table.Access.INVITE,
            bot_level=level,
            seat=0,
        )
        Table.objects.filter(pk=table.pk).update(is_demo=True)
        return services.table_fill_with_bots(user, table)
