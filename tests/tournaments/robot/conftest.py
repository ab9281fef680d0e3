"""Fixtures for robot duplicate: a club with a director and a member (tests.club_fixtures), an
open event of 8 Five Hundred boards, and a helper that plays an entrant's boards."""

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from core.choices import Game
from games.models import Table
from tests.games.helpers import pick_well, play_until
from tournaments.services import robot


@pytest.fixture
def event(club, director):
    now = timezone.now()
    return robot.robot_event_create(
        director,
        club=club,
        name="Wattle weekly",
        game=Game.FIVE_HUNDRED,
        boards=8,
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(days=7),
    )


def play_boards(user, entry, count: int, seed: int = 1) -> None:
    """The entrant plays (sensibly) until `count` boards of their table are finished. The bots'
    moves and the results are follow-ups run on commit: tests that play are transactional."""
    _play(user, entry, count, seed)


def _play(user, entry, count, seed):
    from games.tasks import bot_move

    table = Table.objects.get(pk=entry.table_id)
    if table.bot_to_act:  # harmless if the bot has moved already
        bot_move(table.pk, table.action_number)

    def done(t):
        finished = t.hands.filter(finished=True).count()
        return finished >= count or t.is_finished

    play_until([user], table, random.Random(seed), done, chooser=pick_well)
