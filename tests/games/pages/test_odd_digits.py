"""Numbers in addresses and forms that `str.isdigit` takes for digits but `int` refuses ("²",
"①") or that are too long for `int` (5,000 nines) are read as absent or refused in words, never
a 500: the hand replay's step, the poll's version, the table form's house rules, the act form's
action number, an uploaded record's hand and step, and the tournament form's night."""

import json

import pytest
from django.urls import reverse

from games import selectors

from .test_replay_pages import finished_table

pytestmark = pytest.mark.django_db

ODD = ["²", "①", "9" * 5000, "٣x"]


@pytest.mark.parametrize("odd", ODD)
def test_odd_numbers_in_table_addresses_are_no_500(four, client_for, odd):
    table = finished_table(four, seed=4, hands=2)
    client = client_for(four[0])
    for address, params in (
        (reverse("games:hand_replay", args=[table.pk, 1]), {"step": odd}),
        (reverse("games:poll", args=[table.pk]), {"v": odd}),
        (reverse("games:new"), {"rules": odd}),
    ):
        assert client.get(address, params).status_code in (200, 204), address
    response = client.post(reverse("games:act", args=[table.pk]), {"expected": odd, "play": "QS"})
    assert response.status_code in (302, 400, 409)
    record = selectors.game_record_for(table)
    uploaded = client.post(reverse("games:record_upload"), {"text": json.dumps(record)})
    page = client.get(uploaded["Location"], {"hand": odd, "step": odd})
    assert page.status_code == 200


@pytest.mark.parametrize("odd", ODD)
def test_an_odd_night_in_the_tournament_form_address_is_ignored(client, club, director, odd):
    client.force_login(director)
    response = client.get(reverse("tournaments:create", args=[club.slug]), {"night": odd})
    assert response.status_code == 200


@pytest.mark.parametrize("odd", ["99999999999999999999999", "-99999999999999999999999", "²"])
def test_the_deal_check_ignores_ids_no_table_could_have(four, client_for, odd):
    """An id past any the database holds gives the empty deal check, as a word does (it was an
    OverflowError, a 500)."""
    client = client_for(four[0])
    for params in (
        {"table": odd, "hand": 1},
        {"board_set": odd, "board": 1},
        {"table": 1, "hand": odd},
    ):
        assert client.get(reverse("deal_verify"), params).status_code == 200
