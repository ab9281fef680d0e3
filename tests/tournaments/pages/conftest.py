"""Fixtures for the tournament page tests: a club with a director, a member and an outsider,
sixteen players checked in at a club night, and tournaments built through the services."""

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import ClubNight, Membership
from core.choices import Game
from tests.club_fixtures import check_in  # noqa: F401  (tests import it from here)
from tournaments import services

HTMX = {"HX-Request": "true"}


NAMES = [
    "Ann", "Bob", "Cas", "Dee", "Eve", "Fin", "Gus", "Hal",
    "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Oli", "Pat",
]  # fmt: skip


@pytest.fixture
def players(make_user, club):
    """Sixteen club members (ann … pat), in that order."""
    people = [make_user(name.lower(), display_name=name) for name in NAMES]
    Membership.objects.bulk_create(Membership(club=club, user=u) for u in people)
    return people


@pytest.fixture
def night(club, director):
    now = timezone.now()
    return ClubNight.objects.create(
        club=club,
        starts_at=now + timedelta(hours=1),
        venue="Wattle Hall",
        game=Game.FIVE_HUNDRED,
        capacity=40,
        registration_opens_at=now - timedelta(days=2),
        registration_closes_at=now + timedelta(minutes=30),
        created_by=director,
    )


@pytest.fixture
def checked_in(night, players):
    check_in(night, players)
    return players


@pytest.fixture
def swiss(director, club, night, checked_in):
    """A two-round Swiss of eight Five Hundred partnerships from the night (a draft)."""
    return services.tournament_create(
        director,
        club,
        name="Spring Swiss",
        game=Game.FIVE_HUNDRED,
        format="swiss",
        night=night,
        rounds=2,
    )


@pytest.fixture
def started(director, swiss):
    """The Swiss started: round 1 paired (a draft round)."""
    services.tournament_start(director, swiss)
    swiss.refresh_from_db()
    return swiss


@pytest.fixture
def published(director, started):
    """Round 1 published."""
    round_ = started.round_set.get(number=1)
    services.round_publish(director, round_)
    return started


def login(client, user):
    client.force_login(user)
    return client
