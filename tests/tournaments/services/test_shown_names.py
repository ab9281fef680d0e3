"""Tournaments, entrants, guests, house rules and board sets refuse names with invisible or
direction-changing characters, as clubs and tables do (core.names): "\u202eSSIWS" reads as
"SWISS"."""

import pytest
from rest_framework.test import APIClient

from tournaments import services
from tournaments.services import InvalidInput

pytestmark = pytest.mark.django_db

RLO = "\u202e"


def api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_tournaments_name_is_refused_in_the_api_and_the_form(club, director, client):
    answer = api(director).post(
        "/api/tournaments/",
        {"club": club.slug, "name": RLO + "SSIWS", "game": "pitch", "format": "swiss"},
        format="json",
    )
    assert answer.status_code == 400 and "name" in answer.json()["fields"]
    client.force_login(director)
    page = client.post(
        f"/tournaments/club/{club.slug}/new/",
        {"name": "Swiss" + RLO, "game": "pitch", "format": "swiss"},
    )
    assert page.status_code in (200, 400)
    assert "U+202E" in page.content.decode()


def test_a_guest_or_partnership_named_with_a_hidden_character_is_refused(club, director):
    tournament = services.tournament_create(
        director, club, name="Wattle Swiss", game="pitch", format="swiss"
    )
    with pytest.raises(InvalidInput):
        services.entrant_add(director, tournament, members=["Ann\u200b"])
    with pytest.raises(InvalidInput):
        services.entrant_add(director, tournament, members=["Ann"], name=RLO + "nnA")
    entrant = services.entrant_add(director, tournament, members=["Ann"])
    with pytest.raises(InvalidInput):
        services.entrant_update(director, entrant, name="Ann" + RLO)
    # Marathi's eyelash ra keeps its joiner.
    services.entrant_add(director, tournament, members=["र\u200dया"])


def test_house_rules_and_board_sets_refuse_them_too(member):
    rules = api(member).post(
        "/api/house-rules/",
        {"name": RLO + "selur", "game": "pitch", "options": {}},
        format="json",
    )
    assert rules.status_code == 400 and "name" in rules.json()["fields"]
    boards = api(member).post(
        "/api/board-sets/",
        {"name": "Set" + RLO, "game": "pitch", "players": 4, "count": 2},
        format="json",
    )
    assert boards.status_code == 400 and "name" in boards.json()["fields"]
