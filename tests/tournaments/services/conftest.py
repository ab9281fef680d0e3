"""Fixtures for the tournament service and API tests: a club with people in every role, a
club night with players checked in, and helpers that run whole rounds through the services."""

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import ClubNight, Membership
from core.choices import Game
from tests.club_fixtures import check_in  # noqa: F401  (tests import it from here)
from tournaments import services


@pytest.fixture
def players(make_user, club):
    """Sixteen club members, p01 … p16."""
    people = [make_user(f"p{i:02d}") for i in range(1, 17)]
    Membership.objects.bulk_create(Membership(club=club, user=u) for u in people)
    return people


@pytest.fixture
def night(club, director):
    now = timezone.now()
    return ClubNight.objects.create(
        club=club,
        starts_at=now,
        venue="Hall",
        game=Game.FIVE_HUNDRED,
        capacity=40,
        registration_opens_at=now - timedelta(days=2),
        registration_closes_at=now - timedelta(hours=1),
        created_by=director,
    )


@pytest.fixture
def make_tournament(club, director, players):
    """A tournament with `count` entrants made from the players (pairs or individuals)."""

    def make(count=4, *, format="swiss", game=Game.FIVE_HUNDRED, start=False, **fields):
        tournament = services.tournament_create(
            director, club, name=f"{format} cup", game=game, format=format, **fields
        )
        size = tournament.team_size
        for i in range(count):
            services.entrant_add(director, tournament, members=players[i * size : (i + 1) * size])
        if start:
            services.tournament_start(director, tournament)
            tournament.refresh_from_db()
        return tournament

    return make


@pytest.fixture
def match(make_tournament, director, players):
    """A published Swiss round 1: table 1 is P01 & P02 (side 0) against P03 & P04 (side 1)."""
    tournament = make_tournament(4, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    return tournament, round1.tables.get(number=1)


@pytest.fixture
def event(make_tournament, director):
    """A duplicate event of five Five Hundred pairs: a Mitchell of three tables, one board a
    round, round 1 published."""
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=1
    )
    services.round_publish(director, tournament.round_set.get())
    return tournament


def play_round(round_, director, scores=None):
    """The director enters a result for every table of a published round: by default the
    first side wins 500 to 200 (draws and other results through `scores`: table number ->
    list of scores)."""
    from tournaments.models import Round

    round_.refresh_from_db()
    if round_.status == Round.Status.DRAFT:
        services.round_publish(director, round_)
    for table in round_.tables.order_by("number"):
        if hasattr(table, "result"):
            continue
        wanted = (scores or {}).get(table.number)
        if wanted is None:
            wanted = [500] + [200] * (len(table.sides) - 1)
        services.result_enter(director, table, scores=wanted)
