"""Fixtures for the seated-play tests: people, tables, and bots that run at once."""

import pytest
from django.db import connection

from accounts.models import User
from games import state

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
def four(make_user):
    """Four players: north, east, south, west (seats 0-3)."""
    return [make_user(name) for name in ("north", "east", "south", "west")]


def _random_bot(view, *, level, rng):
    """Stands in for games.bots until it lands: a random legal action."""
    from tests.games.helpers import pick

    return pick(view, rng)


@pytest.fixture(autouse=True)
def _bots_available(monkeypatch):
    """Use games.bots.choose_action when it exists; a random chooser otherwise."""
    import games.bots

    if not hasattr(games.bots, "choose_action"):
        monkeypatch.setattr(games.bots, "choose_action", _random_bot, raising=False)
