"""Fixtures for the ladders app: people, a club, and finished tables made directly.

`finished_table` writes a finished games.Table (seats, totals, winners) without playing it: the
ratings read only who sat where and how it ended. Statistics tests play real games instead.
"""

from __future__ import annotations

import itertools
from datetime import UTC, datetime, timedelta

import pytest

from clubs.models import Club, ClubNight, Membership
from core.choices import Game
from games.models import Seat, Table

START = datetime(2025, 3, 1, 19, 0, tzinfo=UTC)


@pytest.fixture
def people(make_user):
    return [make_user(name) for name in ("ann", "bob", "cy", "di", "ed", "flo", "gus", "hal")]


@pytest.fixture
def club(people):
    club = Club.objects.create(name="Gum Street", slug="gum-street", games=list(Game.values))
    Membership.objects.create(club=club, user=people[0], role=Membership.Role.OWNER)
    for person in people[1:]:
        Membership.objects.create(club=club, user=person, role=Membership.Role.MEMBER)
    return club


@pytest.fixture
def club_night(db):
    """club_night(club, starts_at, capacity=20): a night at the Hall, registration open for the
    week before it starts."""

    def make(club, starts_at, capacity=20):
        return ClubNight.objects.create(
            club=club,
            starts_at=starts_at,
            venue="Hall",
            capacity=capacity,
            registration_opens_at=starts_at - timedelta(days=7),
            registration_closes_at=starts_at,
        )

    return make


_clock = itertools.count()


@pytest.fixture
def finished_table(db):
    """finished_table(seats, totals, winners, game=..., club=None, at=None, partnerships=False,
    named_after="")

    `seats`: a User or "bot" for each seat. Each call is played an hour after the last unless
    `at` is given."""
    counter = itertools.count()

    def make(
        seats,
        totals,
        winners,
        *,
        game=Game.FIVE_HUNDRED,
        club=None,
        at=None,
        partnerships=False,
        hand_limit=None,
        is_demo=False,
        named_after="",
    ):
        at = at or START + timedelta(hours=next(counter))
        options = {"partnerships": True} if partnerships else {}
        table = Table.objects.create(
            # Opened unnamed (`named_after` its opener) or named.
            name="" if named_after else f"Table {next(_clock)}",
            named_after=named_after,
            game=game,
            players=len(seats),
            options=options,
            club=club,
            status=Table.Status.FINISHED,
            totals=list(totals),
            winners=list(winners),
            finished_at=at,
            hand_limit=hand_limit,
            is_demo=is_demo,
            bot_level="club" if "bot" in seats else "",
        )
        for number, who in enumerate(seats):
            Seat.objects.create(
                table=table,
                number=number,
                user=None if who == "bot" else who,
                bot_level="club" if who == "bot" else "",
            )
        return table

    return make
