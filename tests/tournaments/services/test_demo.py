"""The demo tournament: a Swiss of eight pairs at the demo club, round 2 under way."""

import pytest

from accounts.models import User
from tournaments import selectors
from tournaments.demo import TOURNAMENT_NAME, build_demo_tournament
from tournaments.models import Round, TableResult, Tournament

pytestmark = pytest.mark.django_db


def test_the_demo_tournament_is_in_progress_and_built_once():
    demo = build_demo_tournament()
    tournament = demo.tournament
    assert tournament.is_running and tournament.format == "swiss"
    assert tournament.entrants.count() == 8
    round1, round2 = Round.objects.filter(tournament=tournament).order_by("number")
    assert round1.is_closed and round2.is_published
    statuses = sorted(
        TableResult.objects.filter(table__round=round2).values_list("status", flat=True)
    )
    assert statuses == ["confirmed", "confirmed", "pending"]
    assert selectors.round_unfinished_tables(round2).count() == 2
    lines = selectors.standings(tournament)
    assert len(lines) == 8 and lines[0]["points"] == 4
    alice = User.objects.get(username="alice")
    assert selectors.my_table(alice, tournament).table.round == round2
    again = build_demo_tournament()
    assert again.tournament.pk == tournament.pk and again.created == []
    assert Tournament.objects.filter(name=TOURNAMENT_NAME).count() == 1
