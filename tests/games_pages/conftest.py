"""Fixtures for the table pages' tests: people, logged-in clients, tables in every phase."""

import pytest

from accounts.models import User
from games import state

PASSWORD = "correct-horse-9"


@pytest.fixture(autouse=True)
def _bots_without_pause(settings):
    settings.KOOKABURRA_BOT_DELAY = 0


@pytest.fixture(autouse=True)
def _fresh_state_cache():
    state.forget_all()
    yield
    state.forget_all()


@pytest.fixture
def make_user(db):
    def make(username, **fields):
        fields.setdefault("email", f"{username}@example.com")
        fields.setdefault("display_name", username.title())
        return User.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def four(make_user):
    """Four players: north, east, south, west (seats 0-3)."""
    return [make_user(name) for name in ("north", "east", "south", "west")]


@pytest.fixture
def client_for(db):
    """A fresh test client logged in as the given user (each its own session)."""
    from django.test import Client

    def make(user):
        c = Client()
        c.force_login(user)
        return c

    return make


@pytest.fixture
def club(make_user):
    """A club with a director (dora) and a member (mia); `club.outsider` belongs to no club."""
    from clubs.models import Club, Membership
    from kookaburra.choices import Game

    director, member = make_user("dora"), make_user("mia")
    club = Club.objects.create(
        name="Wattle Card Club",
        slug="wattle",
        games=[Game.FIVE_HUNDRED, Game.PITCH],
        is_open=True,
        created_by=director,
    )
    Membership.objects.create(club=club, user=director, role=Membership.Role.OWNER)
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    club.director, club.member, club.outsider = director, member, make_user("otto")
    return club
