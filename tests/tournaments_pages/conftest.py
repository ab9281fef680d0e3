"""Fixtures for the tournament page tests: a club with a director, a member and an outsider,
sixteen players checked in at a club night, and tournaments built through the services."""

from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from accounts.models import User
from clubs.models import Club, ClubNight, Membership, Registration
from games import state
from kookaburra.choices import Game
from tournaments import services

PASSWORD = "correct-horse-9"
HTMX = {"HX-Request": "true"}


@pytest.fixture(autouse=True)
def _skip_postgres_only_tests_elsewhere(request):
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


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
def director(make_user):
    return make_user("dora")


@pytest.fixture
def member(make_user):
    return make_user("milo")


@pytest.fixture
def outsider(make_user):
    return make_user("otto")


@pytest.fixture
def club(director, member):
    club = Club.objects.create(
        name="Wattle Card Club",
        slug="wattle",
        games=[Game.FIVE_HUNDRED, Game.PITCH],
        created_by=director,
    )
    Membership.objects.create(club=club, user=director, role=Membership.Role.OWNER)
    Membership.objects.create(club=club, user=member, role=Membership.Role.MEMBER)
    return club


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


def check_in(night, people, *, guests=()):
    now = timezone.now()
    for i, person in enumerate(list(people) + list(guests)):
        is_user = isinstance(person, User)
        Registration.objects.create(
            night=night,
            user=person if is_user else None,
            guest_name="" if is_user else person,
            status=Registration.Status.CHECKED_IN,
            checked_in_at=now + timedelta(seconds=i),
            walk_in=not is_user,
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
