"""Fixtures both tournament test packages use: a club with a director (its owner), a member
and an outsider, and `check_in` for a club night's players. Import them into a conftest."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from clubs.models import Club, Membership, Registration
from core.choices import Game


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


def check_in(night, people, *, guests=()):
    """Check `people` (users) and `guests` (names) in at `night`, in that order."""
    now = timezone.now()
    regs = []
    for i, person in enumerate([*people, *guests]):
        is_user = isinstance(person, User)
        regs.append(
            Registration.objects.create(
                night=night,
                user=person if is_user else None,
                guest_name="" if is_user else person,
                status=Registration.Status.CHECKED_IN,
                checked_in_at=now + timedelta(seconds=i),
                walk_in=not is_user,
            )
        )
    return regs
