"""The lobby (tables open to join, and yours) and the demo game."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from .. import selectors
from ..demo import demo_table
from ..models import BotLevel
from ..options import BOT_LEVEL_DESCRIPTIONS
from ..presenters import lobby_row


def _rows(tables, user) -> list[dict]:
    return [dict(lobby_row(selectors.table_info(t, user)), table=t) for t in tables[:50]]


@require_GET
def lobby(request):
    open_tables = _rows(selectors.tables_open_to(request.user), request.user)
    mine = _rows(selectors.tables_of(request.user), request.user)
    mine_ids = {row["table"].pk for row in mine}
    return render(
        request,
        "games/lobby.html",
        {
            "open_tables": [row for row in open_tables if row["table"].pk not in mine_ids],
            "my_tables": mine,
            "bot_levels": BOT_LEVEL_DESCRIPTIONS,
        },
    )


@login_required
@require_POST
def demo(request):
    """Start (or go back to) a demo game: Five Hundred with three bots."""
    level = request.POST.get("level") or BotLevel.EASY
    if level not in BotLevel.values:
        level = BotLevel.EASY
    table = demo_table(request.user, level=level)
    return redirect(table.get_absolute_url())
