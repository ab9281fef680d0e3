"""Fixtures for the tournament service and API tests: a club with people in every role, a
club night with players checked in, and helpers that run whole rounds through the services."""

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


@pytest.fixture(autouse=True)
def _skip_postgres_only_tests_elsewhere(request):
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


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


def check_in(night, people, *, guests=()):
    """Check `people` (users) and `guests` (names) in at `night`, in that order."""
    now = timezone.now()
    regs = []
    for i, person in enumerate(list(people) + list(guests)):
        regs.append(
            Registration.objects.create(
                night=night,
                user=person if isinstance(person, User) else None,
                guest_name="" if isinstance(person, User) else person,
                status=Registration.Status.CHECKED_IN,
                checked_in_at=now + timedelta(seconds=i),
                walk_in=not isinstance(person, User),
            )
        )
    return regs


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
