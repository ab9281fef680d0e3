"""The tables API's input checks: a yes-or-no parameter that is neither is a 400, an action's
seat must be a seat number (400, not 403), an overlong action is refused without being echoed
back, table names can't hide characters, and a hand's record asked for too early is plain text
in UTF-8."""

import json

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import services
from games.forms import TableForm
from games.models import Table
from games.serializers import _json_size


@pytest.fixture
def api(four):
    client = APIClient()
    client.force_authenticate(four[0])
    return client


def playing_table(four):
    table = services.table_create(four[0], game="pitch", players=4)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    assert table.is_playing
    return table


@pytest.mark.parametrize("value", ["banana", "2", "yes please", "truee"])
def test_a_yes_or_no_parameter_that_is_neither_is_a_400(api, value):
    response = api.get("/api/tables/", {"mine": value})
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["field"] == "mine"


@pytest.mark.parametrize("value, mine", [("1", True), ("TRUE", True), ("no", False), ("0", False)])
def test_yes_and_no_are_read(api, four, value, mine):
    table = playing_table(four)
    response = api.get("/api/tables/", {"mine": value})
    assert response.status_code == 200
    ids = [t["id"] for t in response.json()["results"]]
    assert (table.pk in ids) is mine


def test_nights_upcoming_is_checked_too(api):
    assert api.get("/api/nights/", {"upcoming": "banana"}).status_code == 400
    assert api.get("/api/nights/", {"upcoming": "true"}).status_code == 200


@pytest.mark.parametrize("seat", ["zero", 10**30, -1, 7, True, None, 1.5, [0]])
def test_an_action_seat_that_is_no_seat_number_is_invalid(api, four, seat):
    table = playing_table(four)
    response = api.post(
        f"/api/tables/{table.pk}/act/",
        {"expected_action": table.action_number, "action": {"seat": seat, "call": "pass"}},
        format="json",
    )
    assert response.status_code == 400, response.json()
    assert response.json()["code"] == "invalid"
    assert response.json()["field"] == "action"


@pytest.mark.parametrize(
    "action",
    [
        {"call": "x" * 100_000},
        {"play": "Q" * 5000},
        {"discard": ["x" * 1000]},
        {"x" * 5000: "pass"},
        {"discard": ["AS"] * 2000},
    ],
)
def test_an_overlong_action_is_refused_without_echoing_it(api, four, action):
    table = playing_table(four)
    response = api.post(
        f"/api/tables/{table.pk}/act/",
        {"expected_action": table.action_number, "action": action},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert len(response.content) < 1000


@pytest.mark.parametrize(
    "body",
    [
        '{"a":' * 1000 + "1" + "}" * 1000,
        '{"play":' + "[" * 1000 + "]" * 1000 + "}",
        '{"discard":[' + '{"a":' * 950 + '"AS"' + "}" * 950 + "]}",
    ],
)
def test_an_action_nested_a_thousand_deep_is_refused_not_a_crash(api, four, body):
    """A small body nesting an action a thousand levels deep is a 400 like any overlong action
    (it was a 500: the check walked it by recursion)."""
    table = playing_table(four)
    raw = f'{{"expected_action": {table.action_number}, "action": {body}}}'
    response = api.post(f"/api/tables/{table.pk}/act/", raw, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "invalid"
    assert response.json()["field"] == "action"
    table.refresh_from_db()
    assert table.action_number == 0


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner) | st.dictionaries(st.text(), inner),
)


@given(JSON)
def test_an_actions_size_is_counted_as_json_writes_it(value):
    written = len(json.dumps(value, ensure_ascii=False))
    assert _json_size(value, 10**9) == written
    assert (_json_size(value, 10) > 10) == (written > 10)


@pytest.mark.parametrize("name", ["\u202etxt.exe", "Table\u200b1", "\u2066Ann\u2069"])
def test_table_names_that_hide_characters_are_refused(api, name):
    response = api.post(
        "/api/tables/", {"game": "pitch", "players": 4, "name": name}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "name"
    assert not Table.objects.exists()
    with pytest.raises(ValidationError):
        TableForm.base_fields["name"].clean(name)


def test_a_table_name_in_gurmukhi_or_urdu_is_fine(api):
    for name in ("ਪੰਜਾਬ ਮੇਜ਼", "\u0645\u06cc\u200c\u0632"):
        response = api.post(
            "/api/tables/", {"game": "pitch", "players": 4, "name": name}, format="json"
        )
        assert response.status_code == 201, response.json()
        assert response.json()["name"] == name


def test_a_hand_record_asked_for_during_the_hand_is_utf8_text(client, four, settings):
    settings.LANGUAGE_CODE = "ur"
    table = playing_table(four)
    client.force_login(four[0])
    response = client.get(f"/tables/{table.pk}/hands/1/record.json", HTTP_ACCEPT_LANGUAGE="ur")
    assert response.status_code == 409
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response.content.decode("utf-8")


def test_act_takes_json_only_and_says_so(db, four):
    """An action is a JSON object: a form-encoded act is a 415 with a code, and the schema offers
    only JSON (it listed forms, which always failed)."""
    from rest_framework.test import APIClient

    from games import services

    table = services.table_create(four[0], game="pitch", players=4, seat=0, seed=1)
    client = APIClient()
    client.force_authenticate(four[0])
    answer = client.post(f"/api/tables/{table.pk}/act/", {"action": "pass"})
    assert answer.status_code == 415
    assert answer.json()["code"]
    schema = client.get("/api/schema/?format=json").json()
    content = schema["paths"]["/api/tables/{id}/act/"]["post"]["requestBody"]["content"]
    assert list(content) == ["application/json"]
