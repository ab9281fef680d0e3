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
def club(club, director, member, outsider):
    """The shared club (tests/club_fixtures.py), open to join, carrying its people:
    `club.director`, `club.member`, and `club.outsider` (who belongs to no club)."""
    club.is_open = True
    club.save(update_fields=["is_open"])
    club.director, club.member, club.outsider = director, member, outsider
    return club
