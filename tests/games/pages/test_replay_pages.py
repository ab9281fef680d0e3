"""Replays of finished hands (step by step, every hand face up), hand and game record downloads,
and replaying an uploaded record (with the index and reason of a bad action)."""

import json
import random

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from games import selectors
from games.engines import records

from .helpers import HTMX, full_table, play_hand_with_contract, refreshed

pytestmark = pytest.mark.django_db

UPLOAD = reverse("games:record_upload")


def finished_table(users, game="five_hundred", hands=1, **fields):
    table = full_table(users, game, **fields)
    rng = random.Random(7)
    for _ in range(hands):
        play_hand_with_contract(users, table, rng, call="6S" if game == "five_hundred" else "2")
    return refreshed(table)


def replay_url(table, number=1):
    return reverse("games:hand_replay", args=[table.pk, number])


# Replays of a table's hands ------------------------------------------------------------------


def test_the_deal_shows_every_hand_and_the_kitty_face_up(four, client_for):
    table = finished_table(four, seed=4)
    record = selectors.hand_record_for(table, 1)
    page = client_for(four[0]).get(replay_url(table)).content.decode()
    assert "Hand 1: replay" in page and "The deal: every hand face up." in page
    for code in [c for hand in record["hands"] for c in hand] + record["kitty"]:
        assert f'data-card="{code}"' in page
    assert f"Step 0 of {len(record['actions'])}" in page
    assert 'aria-disabled="true">‹ Prev' in page


def test_stepping_through_calls_and_cards(four, client_for):
    table = finished_table(four, seed=4)
    record = selectors.hand_record_for(table, 1)
    client = client_for(four[1])
    page = client.get(replay_url(table), {"step": 1}).content.decode()
    first = record["actions"][0]
    name = four[first["seat"]].shown_name
    assert f"<strong>1.</strong> {name} bids 6 ♠" in page
    assert f'href="{replay_url(table)}?step=2"' in page  # Next
    assert f'href="{replay_url(table)}?step=0"' in page  # Prev
    # With htmx only the replay part is sent (the links swap it in place).
    response = client.get(replay_url(table), {"step": 2}, **HTMX)
    part = response.content.decode()
    assert 'id="replay"' in part and "<html" not in part
    assert 'hx-target="#replay"' in part and 'hx-push-url="true"' in part
    # A discard shows its cards (everything is face up in a replay).
    index = next(i for i, a in enumerate(record["actions"]) if "discard" in a)
    page = client.get(replay_url(table), {"step": index + 1}).content.decode()
    now = page.split('class="replay-now"')[1].split("</p>")[0]
    for code in record["actions"][index]["discard"]:
        assert f'data-card="{code}"' in now


def test_the_last_step_shows_the_result(four, client_for):
    table = finished_table(four, seed=4)
    record = selectors.hand_record_for(table, 1)
    scores = table.hands.get(number=1).scores
    page = client_for(four[0]).get(replay_url(table), {"step": 9999}).content.decode()
    total = len(record["actions"])
    assert f"Step {total} of {total}" in page
    seat = table.hands.get(number=1).result["contract"]["seat"]
    word = "made" if scores[seat] > 0 else "failed"
    assert f"6 ♠ by {four[seat].shown_name}: {word}." in page
    assert 'aria-disabled="true">Next ›' in page


def test_a_pitch_replay_names_the_points(four, client_for):
    table = finished_table(four, "pitch", seed=3, options={"target": 21})
    page = client_for(four[0]).get(replay_url(table), {"step": 999}).content.decode()
    for point in ("High", "Low", "Jack", "Game"):
        assert f"<strong>{point}</strong>" in page
    assert "bid 2 and" in page


def test_a_hand_being_played_has_no_replay_or_record(four, client_for):
    table = full_table(four, "pitch", seed=3)
    client = client_for(four[0])
    response = client.get(replay_url(table))
    assert response.status_code == 409 and "still being played" in response.content.decode()
    response = client.get(reverse("games:hand_record", args=[table.pk, 1]))
    assert response.status_code == 409
    assert client.get(reverse("games:game_record", args=[table.pk])).status_code == 404
    assert client.get(replay_url(table, 7)).status_code == 404


def test_an_invite_tables_replays_need_its_link(four, client_for, make_user):
    table = finished_table(four, seed=4, access="invite")
    stranger = client_for(make_user("stranger"))
    assert stranger.get(replay_url(table)).status_code == 404
    token = {"token": table.invite_token}
    assert stranger.get(replay_url(table), token).status_code == 200
    response = stranger.get(reverse("games:hand_record", args=[table.pk, 1]), token)
    assert response.status_code == 200


# Downloads -----------------------------------------------------------------------------------


def test_a_hand_downloads_as_a_hand_record(four, client_for):
    table = finished_table(four, seed=4)
    response = client_for(four[0]).get(reverse("games:hand_record", args=[table.pk, 1]))
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == (
        f'attachment; filename="kookaburra-table-{table.pk}-hand-1.json"'
    )
    record = json.loads(response.content)
    assert record == selectors.hand_record_for(table, 1)
    assert record["format"] == "kookaburra-hand/1"
    assert records.replay(record)["status"] == "complete"


def test_the_game_downloads_as_a_game_record(four, client_for):
    table = finished_table(four, seed=4, hands=2)
    response = client_for(four[0]).get(reverse("games:game_record", args=[table.pk]))
    assert response["Content-Disposition"].startswith("attachment;")
    record = json.loads(response.content)
    assert record["format"] == "kookaburra-game/1" and len(record["hands"]) == 2
    assert records.replay(record)["totals"][-1] == refreshed(table).totals


# Uploaded records ----------------------------------------------------------------------------


def _a_hand_record(users):
    table = finished_table(users, seed=4)
    return selectors.hand_record_for(table, 1)


def test_upload_a_hand_record_file_and_replay_it(four, client):
    record = _a_hand_record(four)
    upload = SimpleUploadedFile("my-hand.json", json.dumps(record).encode(), "application/json")
    response = client.post(UPLOAD, {"file": upload})
    assert response.status_code == 302
    page = client.get(response["Location"]).content.decode()
    assert "Replay: my-hand.json" in page and "The deal" in page
    for code in record["hands"][0]:
        assert f'data-card="{code}"' in page
    page = client.get(response["Location"], {"step": 3}).content.decode()
    assert "Step 3 of" in page
    # The upload is listed for this browser session.
    assert "my-hand.json" in client.get(UPLOAD).content.decode()


def test_paste_a_record_to_replay_it(four, client_for):
    record = _a_hand_record(four)
    client = client_for(four[0])
    response = client.post(UPLOAD, {"text": json.dumps(record)})
    assert response.status_code == 302
    assert "Replay: Pasted record" in client.get(response["Location"]).content.decode()


def test_a_bad_action_is_shown_with_its_index_and_reason(four, client):
    record = _a_hand_record(four)
    bad = dict(record)
    actions = list(record["actions"])
    index = next(i for i, a in enumerate(actions) if "play" in a) + 1
    # The second card of the first trick: a card its seat does not hold.
    seat = actions[index]["seat"]
    other = next(c for s, h in enumerate(record["hands"]) if s != seat for c in h)
    actions[index] = {"seat": seat, "play": other}
    bad["actions"] = actions
    response = client.post(UPLOAD, {"text": json.dumps(bad)})
    page = response.content.decode()
    assert response.status_code == 400
    expected = records.replay(bad)["error"]
    assert expected["index"] == index
    assert f"action index {index} (action {index + 1})" in page
    assert f"seat {seat}:" in page


def test_records_that_are_not_records(client):
    response = client.post(UPLOAD, {"text": "{not json"})
    assert response.status_code == 400 and "not valid JSON" in response.content.decode()
    response = client.post(UPLOAD, {"text": json.dumps({"format": "kookaburra-hand/1"})})
    assert response.status_code == 400 and "unknown game" in response.content.decode()
    response = client.post(UPLOAD, {})
    assert response.status_code == 400
    assert "Choose a record file, or paste a record." in response.content.decode()
    assert client.get(reverse("games:uploaded_replay", args=["nope"])).status_code == 404


def test_upload_a_game_record_and_choose_a_hand(four, client_for):
    table = finished_table(four, seed=4, hands=2)
    record = selectors.game_record_for(table)
    client = client_for(four[0])
    response = client.post(UPLOAD, {"text": json.dumps(record)})
    assert response.status_code == 302
    page = client.get(response["Location"], {"hand": 1, "step": 1}).content.decode()
    assert "game record of 2 hands" in page
    first = record["hands"][1]["actions"][0]
    assert f"<strong>1.</strong> {['North', 'East', 'South', 'West'][first['seat']]} bids 6 ♠" in (
        page
    )
    assert "?hand=1&amp;step=2" in page


def test_only_the_last_five_uploads_are_kept(four, client):
    record = _a_hand_record(four)
    keys = []
    for _ in range(6):
        response = client.post(UPLOAD, {"text": json.dumps(record)})
        keys.append(response["Location"])
    assert client.get(keys[0]).status_code == 404
    assert client.get(keys[-1]).status_code == 200


def test_pasting_a_record_past_the_request_limit_says_it_is_too_long(four, client, settings):
    """Pasted text past Django's limit on a request's form data gets the form's own "too long"
    message on the upload page (it was a bare "RequestDataTooBig" error page)."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 10_000
    client.force_login(four[0])
    response = client.post(UPLOAD, {"text": "[" + "1," * 20_000 + "1]"})
    assert response.status_code == 400
    assert "That record is too long (1 MB at most)." in response.content.decode()
