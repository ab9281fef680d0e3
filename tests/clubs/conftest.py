"""Fixtures for the clubs tests: people in every role, a club, and a night factory."""

from datetime import timedelta

import pytest
from django.utils import timezone

from clubs.models import Club, ClubNight, Membership
from core.choices import Game


@pytest.fixture
def people(make_user):
    """Users in every role at `club` (plus an outsider who is signed in but not a member)."""

    class People:
        owner = make_user("olive")
        director = make_user("dan")
        member = make_user("mia")
        outsider = make_user("otto")

    return People


@pytest.fixture
def club(people):
    club = Club.objects.create(
        name="Wattle Card Club",
        slug="wattle",
        venue="Wattle Hall",
        about="Five Hundred on Tuesdays.",
        games=[Game.FIVE_HUNDRED, Game.PITCH],
        is_open=True,
        created_by=people.owner,
    )
    add_staff(club, people)
    return club


@pytest.fixture
def zoned_club(people):
    """zoned_club(name, slug, zone): a club meeting in `zone`, with `people` on its staff."""

    def make(name: str, slug: str, zone: str) -> Club:
        club = Club.objects.create(
            name=name, slug=slug, venue="Hall", time_zone=zone, created_by=people.owner
        )
        add_staff(club, people)
        return club

    return make


def add_staff(club, people) -> None:
    """`people`'s owner, director and member join `club` in those roles."""
    Membership.objects.create(club=club, user=people.owner, role=Membership.Role.OWNER)
    Membership.objects.create(club=club, user=people.director, role=Membership.Role.DIRECTOR)
    Membership.objects.create(club=club, user=people.member, role=Membership.Role.MEMBER)


@pytest.fixture
def make_night(club):
    """A night a few days ahead with registration open now, unless overridden."""

    def make(**fields):
        now = timezone.now()
        starts_at = fields.pop("starts_at", now + timedelta(days=3))
        values = {
            "club": fields.pop("club", club),
            "starts_at": starts_at,
            "venue": "Wattle Hall",
            "game": Game.FIVE_HUNDRED,
            "capacity": 8,
            "registration_opens_at": min(now - timedelta(days=1), starts_at - timedelta(hours=2)),
            "registration_closes_at": starts_at,
            "members_only": True,
        }
        values.update(fields)
        return ClubNight.objects.create(**values)

    return make


@pytest.fixture
def night(make_night):
    return make_night()


def login(client, user):
    client.force_login(user)
    return client
