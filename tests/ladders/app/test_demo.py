"""The ladder demo: rated games between the demo club's members, built once."""

import pytest
from django.urls import reverse

from clubs.demo import build_demo
from core.choices import Game
from games.models import Table
from ladders.demo import FIVE_HUNDRED_TABLES, PITCH_TABLES, build_ladder_demo
from ladders.models import PlayerGameStats, RatedGame
from ladders.selectors import ladder_board, night_history

pytestmark = pytest.mark.django_db


def test_the_demo_fills_the_ladders_once(client):
    club = build_demo().club
    first = build_ladder_demo(club)
    count = len(FIVE_HUNDRED_TABLES) + len(PITCH_TABLES)
    assert len(first.played) == count
    assert RatedGame.objects.filter(rated=True, club=club).count() == count
    assert all(t.is_finished for t in Table.objects.filter(pk__in=[t.pk for t in first.tables]))
    assert not RatedGame.objects.filter(entries__user__username="demo").exists()

    for game, tables in ((Game.FIVE_HUNDRED, FIVE_HUNDRED_TABLES), (Game.PITCH, PITCH_TABLES)):
        names = {name for table in tables for name in table}
        for where in (None, club):
            board = ladder_board(game, where)
            assert {user.username for _, user in board.rows} == names  # five games each
    assert PlayerGameStats.objects.filter(user__username="carol").count() == count

    (last_week,) = [n for n in night_history(club) if n.night.title == "Last week's Five Hundred"]
    assert last_week.winners and last_week.how == "games"

    page = client.get(reverse("ladders:player", args=["carol"])).content.decode()
    assert "5 rated games from" in page and "Ladder demo: Five Hundred" in page

    again = build_ladder_demo(club)
    assert again.played == [] and len(again.tables) == count
    assert RatedGame.objects.count() == count
