"""Fixtures for the table pages' tests: people, logged-in clients, tables in every phase."""

import pytest


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
