"""The tables API, including a program that plays whole games through it with a token."""

import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import translation
from knox.models import AuthToken
from rest_framework.test import APIClient

from clubs.models import Club, Membership
from games import services
from games.engines import records
from games.models import HouseRuleSet, Table, TableHand

from .helpers import pick, pick_well


@pytest.fixture
def token_client():
    def make(user):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
        return client

    return make


@pytest.fixture
def clients(four, token_client):
    return [token_client(u) for u in four]


def url(table_id, what=""):
    return f"/api/tables/{table_id}/{what + '/' if what else ''}"


def full_table(four, game="pitch", **fields):
    table = services.table_create(four[0], game=game, players=4, **fields)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    return table


# Tables and seats ---------------------------------------------------------------------------


def test_create_list_and_detail(clients, four):
    response = clients[0].post(
        "/api/tables/",
        {"game": "pitch", "players": 4, "options": {"target": 11}, "bot_level": "easy"},
        format="json",
    )
    assert response.status_code == 201, response.content
    created = response.json()
    assert created["options"]["target"] == 11 and created["target"] == 11
    assert created["your_seat"] == 0 and created["free_seats"] == [1, 2, 3]
    assert created["status"] == "waiting" and created["seats"][0]["name"] == "North"
    listing = clients[1].get("/api/tables/").json()
    assert [t["id"] for t in listing["results"]] == [created["id"]]
    assert listing["results"][0]["free_seats"] == [1, 2, 3]
    detail = APIClient().get(url(created["id"]))  # anyone may look at an open table
    assert detail.status_code == 200 and detail.json()["your_seat"] is None


def test_create_reports_the_bad_field(clients):
    response = clients[0].post(
        "/api/tables/", {"game": "pitch", "players": 4, "options": {"target": 9}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == "target" and "7, 11, 15, 21" in response.json()["detail"]
    response = clients[0].post("/api/tables/", {"game": "pitch", "players": 9}, format="json")
    assert response.status_code == 400 and response.json()["field"] == "players"
    assert APIClient().post("/api/tables/", {"game": "pitch", "players": 4}).status_code in (
        401,
        403,
    )
    assert not Table.objects.exists()


def test_a_club_that_does_not_exist_is_a_bad_field(clients):
    response = clients[0].post("/api/tables/", {"game": "pitch", "players": 4, "club": 999999})
    assert response.status_code == 400 and response.json()["field"] == "club"
    response = clients[0].post(
        "/api/house-rules/", {"name": "Ours", "game": "pitch", "club_id": 999999}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "club_id"
    assert not Table.objects.exists() and not HouseRuleSet.objects.exists()


def test_invite_only_tables_need_the_token(clients, four):
    table = services.table_create(four[0], game="pitch", players=4, access="invite")
    assert clients[0].get(url(table.pk)).json()["invite_token"] == table.invite_token
    assert clients[1].get(url(table.pk)).status_code == 404
    assert clients[1].get("/api/tables/").json()["results"] == []
    response = clients[1].post(url(table.pk, "sit"), {"seat": 1}, format="json")
    missing = clients[1].post(url(999999, "sit"), {"seat": 1}, format="json")
    assert response.status_code == missing.status_code == 404  # unseen without the token
    assert response.json() == missing.json()
    response = clients[1].post(
        url(table.pk, "sit"), {"seat": 1, "token": table.invite_token}, format="json"
    )
    assert response.status_code == 200 and response.json()["your_seat"] == 1
    assert "invite_token" not in response.json()
    assert clients[1].get(url(table.pk)).status_code == 200  # seated now
    assert clients[2].get(url(table.pk) + f"?token={table.invite_token}").status_code == 200


def test_club_tables(clients, four):
    club = Club.objects.create(name="Wattle", slug="wattle")
    Membership.objects.create(club=club, user=four[0], role=Membership.Role.OWNER)
    Membership.objects.create(club=club, user=four[1])
    response = clients[0].post(
        "/api/tables/",
        {"game": "five_hundred", "players": 4, "access": "club", "club": club.pk},
        format="json",
    )
    assert response.status_code == 201 and response.json()["club"]["slug"] == "wattle"
    table_id = response.json()["id"]
    assert [t["id"] for t in clients[1].get("/api/tables/").json()["results"]] == [table_id]
    assert clients[2].get("/api/tables/").json()["results"] == []
    response = clients[2].post(url(table_id, "sit"), {"seat": 2}, format="json")
    assert response.status_code == 404  # not a member: the table is unseen
    assert response.json() == clients[2].get(url(999999)).json()


def test_sit_leave_and_start_with_bots(clients, four, django_capture_on_commit_callbacks):
    table = services.table_create(four[0], game="pitch", players=4, bot_level="club", seed=1)
    assert clients[1].post(url(table.pk, "sit"), {"seat": 2}, format="json").status_code == 200
    response = clients[2].post(url(table.pk, "sit"), {"seat": 2}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "seat_taken"
    assert clients[1].post(url(table.pk, "leave")).json()["free_seats"] == [1, 2, 3]
    assert clients[1].post(url(table.pk, "leave")).status_code == 403
    assert clients[1].post(url(table.pk, "sit"), {"seat": "x"}, format="json").status_code == 400
    with django_capture_on_commit_callbacks(execute=True):
        response = clients[0].post(url(table.pk, "start-with-bots"))
    assert response.status_code == 200 and response.json()["status"] == "playing"
    assert [s["is_bot"] for s in response.json()["seats"]] == [False, True, True, True]
    assert clients[0].post(url(table.pk, "start-with-bots")).status_code == 409
    response = clients[1].post(url(table.pk, "sit"), {"seat": 1}, format="json")
    assert response.status_code == 409 and response.json()["code"] == "table_started"


# Playing -----------------------------------------------------------------------------------


def test_state_legal_and_act(clients, four):
    table = full_table(four, seed=1)
    seat = table.to_act
    state = clients[seat].get(url(table.pk, "state")).json()
    assert state["table"]["your_seat"] == seat and state["table"]["action_number"] == 0
    assert len(state["hand"]["hand"]) == 6 and state["hand"]["legal"]
    legal = clients[seat].get(url(table.pk, "legal")).json()
    assert legal == {
        "action_number": 0,
        "seat": seat,
        "to_act": seat,
        "step": "bid",
        "legal": state["hand"]["legal"],
    }
    assert state["hand"]["step"] == "bid" and state["hand"]["hand_number"] == 1
    other = (seat + 1) % 4
    assert clients[other].get(url(table.pk, "legal")).json()["legal"] == []
    response = clients[seat].post(
        url(table.pk, "act"), {"expected_action": 0, "action": {"call": "pass"}}, format="json"
    )
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["action_number"] == 1 and body["state"]["table"]["action_number"] == 1
    assert body["state"]["hand"]["auction"] == [{"seat": seat, "call": "pass"}]


def test_act_errors_have_reasons(clients, four, make_user, token_client):
    table = full_table(four, seed=1)
    seat = table.to_act
    other = (seat + 1) % 4
    act = url(table.pk, "act")
    response = clients[seat].post(
        act, {"expected_action": 4, "action": {"call": "pass"}}, format="json"
    )
    assert response.status_code == 409
    assert response.json()["code"] == "stale_action" and response.json()["action_number"] == 0
    assert response.json()["detail"] == (
        "You answered the table at action 4, but it is only at action 0. Reload and try again."
    )
    response = clients[seat].post(
        act, {"expected_action": 0, "action": {"call": "9"}}, format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "detail": "A bid in Pitch is 1, 2, 3 or 4 (or pass), not '9'",
        "code": "malformed",
    }
    response = clients[other].post(
        act, {"expected_action": 0, "action": {"call": "pass"}}, format="json"
    )
    assert response.status_code == 409 and response.json()["code"] == "not_your_turn"
    response = clients[other].post(
        act, {"expected_action": 0, "action": {"seat": seat, "call": "pass"}}, format="json"
    )
    assert response.status_code == 403 and response.json()["code"] == "not_your_seat"
    stranger = token_client(make_user("stranger"))
    response = stranger.post(act, {"expected_action": 0, "action": {"call": "pass"}}, format="json")
    assert response.status_code == 403 and response.json()["code"] == "not_seated"
    response = clients[seat].post(act, {"action": {"call": "pass"}}, format="json")
    assert response.status_code == 400 and "expected_action" in response.json()["fields"]
    response = clients[seat].post(act, {"expected_action": 0, "action": {"jump": 1}}, format="json")
    assert response.status_code == 400 and response.json()["code"] == "invalid"
    assert APIClient().post(
        act, {"expected_action": 0, "action": {}}, format="json"
    ).status_code in (
        401,
        403,
    )
    # The same request twice: the second is stale and changes nothing.
    ok = clients[seat].post(act, {"expected_action": 0, "action": {"call": "pass"}}, format="json")
    again = clients[seat].post(
        act, {"expected_action": 0, "action": {"call": "pass"}}, format="json"
    )
    assert (ok.status_code, again.status_code) == (200, 409)
    table.refresh_from_db()
    assert table.action_number == 1


@pytest.mark.parametrize(
    "action, urdu, english",
    [
        ({"dance": 1}, "ان میں سے", "exactly one of"),
        ({"play": "ZZ"}, "'ZZ'", "is not a card"),
        ({"discard": "AS"}, "فہرست", "a discard must be a list"),
        ({"call": "pass", "note": 1}, "'note'", "unknown key"),
    ],
)
def test_why_an_action_isnt_one_comes_in_the_asked_language(clients, four, action, urdu, english):
    """The shape of an action is judged by the engine, which words nothing: the site words its
    reason (games.engines.cards.Malformed) in the client's language, all of it."""
    table = full_table(four, seed=1)
    client = clients[table.to_act]
    body = {"expected_action": 0, "action": action}
    response = client.post(url(table.pk, "act"), body, format="json", HTTP_ACCEPT_LANGUAGE="ur")
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert urdu in detail and english not in detail
    assert not any(word in detail for word in ("action", "must", " is not", " key "))
    english_detail = client.post(url(table.pk, "act"), body, format="json").json()["detail"]
    assert english in english_detail
    table.refresh_from_db()
    assert table.action_number == 0


def thrown_in_record(clients, four) -> dict:
    """The record of a Five Hundred hand that everyone passed, from the API."""
    table = full_table(four, game="five_hundred", seed=2)
    for n in range(4):
        table.refresh_from_db()
        services.table_act(four[table.to_act], table.pk, n, {"call": "pass"})
    return clients[0].get(url(table.pk, "hands/1/record")).json()


def test_a_replays_malformed_action_is_worded_in_the_asked_language(clients, four):
    record = thrown_in_record(clients, four)
    bad = dict(record, actions=[{"seat": 0, "play": "ZZ"}])
    response = clients[0].post(
        "/api/records/replay/", bad, format="json", HTTP_ACCEPT_LANGUAGE="ur"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert error["index"] == 0 and error["code"] == "malformed"
    assert "'ZZ'" in error["reason"] and "not a card" not in error["reason"]
    # And the record's own faults: a dealer who is no seat, a key the format doesn't have.
    kitty = record["kitty"]
    faults = (
        ({"dealer": 9}, "dealer must be"),
        ({"note": 1}, "unknown key"),
        ({"kitty": [*kitty[:2], "ZZ"]}, "is not a card"),
        ({"kitty": [*kitty[:2], kitty[0]]}, "is dealt twice"),
        ({"kitty": kitty[:2]}, "must hold 3 cards"),
    )
    for fault, english in faults:
        wrong = dict(record, **fault)
        for language, shown in (("ur", False), ("en", True)):
            response = clients[0].post(
                "/api/records/replay/", wrong, format="json", HTTP_ACCEPT_LANGUAGE=language
            )
            assert response.status_code == 400
            assert (english in response.json()["error"]["reason"]) is shown, language


def test_look(clients, four):
    table = full_table(four, game="five_hundred", seed=3)
    seat = table.to_act
    before = clients[seat].get(url(table.pk, "state")).json()["hand"]
    assert before["hand"] is None and before["hand_hidden"]
    response = clients[seat].post(url(table.pk, "look"))
    assert response.status_code == 200 and response.json()["changed"] is True
    assert len(response.json()["state"]["hand"]["hand"]) == 10
    assert clients[seat].post(url(table.pk, "look")).json()["changed"] is False


def test_version_is_one_query_for_the_table(client, four, token_client, django_assert_num_queries):
    from django.core.cache import cache

    table = full_table(four, seed=1)
    cache.clear()  # the full view first (games.polling answers from the cache afterwards)
    with django_assert_num_queries(1):  # anonymous: just the table (and whether it is public)
        assert client.get(url(table.pk, "version")).status_code == 200
    with django_assert_num_queries(0):  # the row the view left in the cache
        assert client.get(url(table.pk, "version")).status_code == 200
    by_token = token_client(four[1])
    cache.clear()
    with django_assert_num_queries(2):  # the token (with its user), the table
        assert by_token.get(url(table.pk, "version")).status_code == 200
    with django_assert_num_queries(0):  # the token and the row from the cache
        assert by_token.get(url(table.pk, "version")).status_code == 200
    client.force_login(four[1])
    cache.clear()
    with django_assert_num_queries(3):  # the session, the user, the table
        response = client.get(url(table.pk, "version"))
    assert response.status_code == 200
    assert response.json() == {
        "id": table.pk,
        "action_number": 0,
        "version": table.version,
        "status": "playing",
    }
    assert client.get(url(999999, "version")).status_code == 404
    services.table_act(four[table.to_act], table.pk, 0, {"call": "pass"})
    assert client.get(url(table.pk, "version")).json()["action_number"] == 1


def test_records_only_for_finished_hands(clients, four):
    table = full_table(four, game="five_hundred", seed=2)
    response = clients[0].get(url(table.pk, "hands/1/record"))
    assert response.status_code == 409 and response.json()["code"] == "hand_not_finished"
    assert clients[0].get(url(table.pk, "record")).status_code == 404
    assert clients[0].get(url(table.pk, "hands/5/record")).status_code == 404
    for n in range(4):  # everyone passes: the hand is thrown in
        table.refresh_from_db()
        services.table_act(four[table.to_act], table.pk, n, {"call": "pass"})
    response = clients[1].get(url(table.pk, "hands/1/record"))
    assert response.status_code == 200 and "attachment" in response["Content-Disposition"]
    record = response.json()
    assert record["format"] == "kookaburra-hand/1" and len(record["kitty"]) == 3
    assert records.replay(record)["status"] == "thrown_in"
    game = clients[1].get(url(table.pk, "record")).json()
    assert game["format"] == "kookaburra-game/1" and len(game["hands"]) == 1
    assert records.replay(game) == {"totals": [[0, 0, 0, 0]], "winner": None}
    hands = clients[1].get(url(table.pk, "hands")).json()["results"]
    assert [h["number"] for h in hands] == [1] and hands[0]["thrown_in"]


def test_replay_upload(clients, four):
    record = thrown_in_record(clients, four)
    response = clients[0].post("/api/records/replay/", record, format="json")
    assert response.status_code == 200 and response.json()["status"] == "thrown_in"
    bad = dict(record, actions=[{"seat": 0, "play": "AS"}])
    response = clients[0].post("/api/records/replay/", bad, format="json")
    assert response.status_code == 400 and response.json()["error"]["index"] == 0
    upload = SimpleUploadedFile("hand.json", json.dumps(record).encode(), "application/json")
    response = clients[0].post("/api/records/replay/", {"record": upload}, format="multipart")
    assert response.status_code == 200 and response.json()["status"] == "thrown_in"
    response = clients[0].post(
        "/api/records/replay/", '{"format": "x", "format": "y"}', content_type="application/json"
    )
    assert response.status_code == 400 and "duplicate" in response.json()["error"]["reason"]
    response = clients[0].post("/api/records/replay/", "not json", content_type="application/json")
    assert response.status_code == 400 and "not valid JSON" in response.json()["error"]["reason"]


def test_table_options_and_house_rules(clients, four):
    games = APIClient().get("/api/table-options/").json()
    assert [g["game"] for g in games] == ["five_hundred", "pitch"]
    pitch_options = {o["key"]: o for o in games[1]["options"]}
    assert pitch_options["target"]["default"] == 7
    assert [c["value"] for c in pitch_options["target"]["choices"]] == [7, 11, 15, 21]
    assert pitch_options["partnerships"]["players"] == [4]
    response = clients[0].post(
        "/api/house-rules/",
        {"name": "Fast", "game": "pitch", "options": {"target": 11}},
        format="json",
    )
    assert response.status_code == 201 and response.json()["options"] == {"target": 11}
    rules_id = response.json()["id"]
    bad = clients[0].post(
        "/api/house-rules/", {"name": "Bad", "game": "pitch", "options": {"x": 1}}, format="json"
    )
    assert bad.status_code == 400
    # Options that aren't an object are refused in words, in the asker's language (a string
    # gave Python's "dictionary update sequence element #0 has length 1; 2 is required").
    for options in ("abc", ["target", 11], 11):
        bad = clients[0].post(
            "/api/house-rules/",
            {"name": "Rumah", "game": "pitch", "options": options},
            format="json",
            HTTP_ACCEPT_LANGUAGE="ms",
        )
        assert bad.status_code == 400
        assert bad.json()["field"] == "options"
        with translation.override("ms"):
            assert bad.json()["detail"] == translation.gettext("Options must be an object.")
    assert [r["name"] for r in clients[0].get("/api/house-rules/").json()["results"]] == ["Fast"]
    assert clients[1].get("/api/house-rules/").json()["results"] == []
    response = clients[0].post(
        "/api/tables/", {"game": "pitch", "players": 3, "house_rules": rules_id}, format="json"
    )
    assert response.status_code == 201 and response.json()["target"] == 11
    assert clients[1].delete(f"/api/house-rules/{rules_id}/").status_code == 403
    assert clients[0].delete(f"/api/house-rules/{rules_id}/").status_code == 204
    assert not HouseRuleSet.objects.exists()


@pytest.mark.parametrize(
    "endpoint, body, english",
    [
        ("/api/house-rules/", {"name": "x", "game": "pitch", "options": {"target": 9}}, "one of"),
        (
            "/api/house-rules/",
            {"name": "x", "game": "five_hundred", "options": {"target": 5}},
            "whole number",
        ),
        ("/api/tables/", {"game": "pitch", "players": 4, "options": {"low": "lowest"}}, "one of"),
        (
            "/api/tables/",
            {"game": "five_hundred", "players": 4, "options": {"misere": 1}},
            "true or false",
        ),
    ],
)
def test_an_option_the_rules_refuse_is_explained_in_the_asked_language(
    clients, endpoint, body, english
):
    """The engine refuses an option value with a message id; the site words it, whole, in the
    client's language (it was the engine's English)."""
    urdu = clients[0].post(endpoint, body, format="json", HTTP_ACCEPT_LANGUAGE="ur")
    plain = clients[0].post(endpoint, body, format="json")
    assert urdu.status_code == plain.status_code == 400
    assert english in json.dumps(plain.json()) and english not in json.dumps(
        urdu.json(), ensure_ascii=False
    )
    assert not HouseRuleSet.objects.exists() and not Table.objects.exists()


def test_the_schema_documents_the_tables_api(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    paths = json.loads(response.content)["paths"]
    for path in (
        "/api/tables/",
        "/api/tables/{id}/",
        "/api/tables/{id}/sit/",
        "/api/tables/{id}/leave/",
        "/api/tables/{id}/start-with-bots/",
        "/api/tables/{id}/state/",
        "/api/tables/{id}/legal/",
        "/api/tables/{id}/act/",
        "/api/tables/{id}/look/",
        "/api/tables/{id}/version/",
        "/api/tables/{id}/hands/",
        "/api/tables/{id}/hands/{number}/record/",
        "/api/tables/{id}/record/",
        "/api/records/replay/",
        "/api/table-options/",
        "/api/house-rules/",
    ):
        assert path in paths, path
    act = paths["/api/tables/{id}/act/"]["post"]
    assert {"200", "400", "403", "409"} <= set(act["responses"])


# A program at the table -------------------------------------------------------------------


def play_through_api(client, table_id, rng, done, capture, limit=3000):
    """Play the seat's turns through the API only, until done(state) is true."""
    for _ in range(limit):
        state = client.get(url(table_id, "state")).json()
        if done(state):
            return state
        assert state["table"]["status"] == "playing"
        hand = state["hand"]
        if hand.get("hand_hidden"):
            hand = client.post(url(table_id, "look")).json()["state"]["hand"]
        legal = client.get(url(table_id, "legal")).json()
        assert legal["legal"] == hand["legal"] and legal["legal"], "bots did not reach our turn"
        chooser = pick_well if rng.random() < 0.9 else pick
        body = {"expected_action": legal["action_number"], "action": chooser(hand, rng)}
        with capture(execute=True):
            response = client.post(url(table_id, "act"), body, format="json")
        assert response.status_code == 200, response.content
    raise AssertionError("the game did not get there")


@pytest.mark.parametrize("game", ["five_hundred", "pitch"])
def test_a_program_plays_a_whole_hand_with_three_bots(
    token_client, make_user, game, django_capture_on_commit_callbacks
):
    client = token_client(make_user("robot"))
    created = client.post(
        "/api/tables/",
        {"game": game, "players": 4, "bot_level": "club", "seat": 2, "access": "invite"},
        format="json",
    ).json()
    Table.objects.filter(pk=created["id"]).update(seed=61, seeded=True)  # the same deals every run
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post(url(created["id"], "start-with-bots"))
    assert started.status_code == 200
    state = play_through_api(
        client,
        created["id"],
        random.Random(6),
        # The hand is over: the next one is dealt (or the game ended at once, out the back door).
        lambda s: s["table"]["hand_number"] > 1 or s["table"]["status"] == "finished",
        django_capture_on_commit_callbacks,
    )
    assert state["last_hand"]["number"] == 1
    record = client.get(url(created["id"], "hands/1/record")).json()
    replayed = client.post("/api/records/replay/", record, format="json").json()
    assert replayed["scores"] == state["last_hand"]["scores"]
    assert replayed["status"] in ("complete", "thrown_in")


def test_a_program_plays_a_whole_pitch_game_to_seven(
    token_client, make_user, django_capture_on_commit_callbacks
):
    client = token_client(make_user("robot"))
    created = client.post(
        "/api/tables/", {"game": "pitch", "players": 4, "bot_level": "club"}, format="json"
    ).json()
    Table.objects.filter(pk=created["id"]).update(seed=75, seeded=True)  # the same deals every run
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url(created["id"], "start-with-bots"))
    state = play_through_api(
        client,
        created["id"],
        random.Random(7),
        lambda s: s["table"]["status"] == "finished",
        django_capture_on_commit_callbacks,
    )
    table = state["table"]
    assert table["winners"] and max(table["totals"]) >= 7
    game = client.get(url(created["id"], "record")).json()
    replayed = client.post("/api/records/replay/", game, format="json").json()
    assert replayed["winner"] == table["winners"] and replayed["totals"][-1] == table["totals"]
    assert len(replayed["totals"]) == TableHand.objects.filter(table_id=created["id"]).count()
    # Acting once the game is over says so, whatever action number is named.
    for number in (0, table["action_number"]):
        late = client.post(
            url(created["id"], "act"),
            {"expected_action": number, "action": {"call": "pass"}},
            format="json",
        )
        assert late.status_code == 409
        assert late.json() == {"detail": "The game is over.", "code": "not_playing"}
