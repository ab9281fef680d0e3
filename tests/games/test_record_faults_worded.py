"""Every fault the site finds in a record's text or in a deal's audit is worded in the reader's
language: the API replay (Accept-Language), the upload page and the deal check. The engines give
each fault a message id and neutral params (games/engines/records.py, deals.py); the site words
them (games/refusals.py). Those sentences are new to the catalogues, so the tests stand in for
a translator: `translator` makes every message the catalogue lacks read "[ur] …" in Urdu (and
"[pa] …" in Punjabi), so a sentence that never went through the reader's language shows as
plain English. A UTF-8 byte-order mark is skipped wherever a record is read."""

from __future__ import annotations

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils.translation import trans_real
from rest_framework.test import APIClient

from games.engines import deals, records
from games.refusals import MESSAGES, problem_text, refusal_message
from tests.games.helpers import SEED, seeded_record

pytestmark = pytest.mark.django_db

BOM = "\ufeff"
REPLAY = "/api/records/replay/"
UPLOAD = reverse("games:record_upload")
CHECK = reverse("deal_verify")


@pytest.fixture
def translator(monkeypatch):
    """Urdu and Punjabi with every record and refusal sentence (games.refusals.MESSAGES) read
    as "[ur] <the English>", whatever the catalogue holds: it shows which sentences were looked
    up in the asked language, and how they nest. Other messages read as the catalogue has them."""
    from django.utils import translation

    with translation.override("en"):
        ours = {str(message) for message in MESSAGES.values()}
    for code in ("ur", "pa"):
        catalogue = trans_real.translation(code)
        original = catalogue.gettext

        def fake(message, original=original, mark=f"[{code}] "):
            return mark + message if message in ours else original(message)

        monkeypatch.setattr(catalogue, "gettext", fake)


@pytest.fixture
def api(make_user):
    client = APIClient()
    client.force_authenticate(make_user("reader"))
    return client


def swapped(record: dict) -> dict:
    """The record with seat 0's first card and seat 1's first card swapped."""
    out = json.loads(json.dumps(record))
    hands = out["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    return out


TEXTS = {
    "invalid JSON": (
        '{"format": ',
        "not valid JSON: a value was expected at line 1, column ",
    ),
    "a key not in quotes": ("{format: 1}", "not valid JSON: a key in double quotes was expected"),
    "something after the record": ("{} {}", "not valid JSON: something follows the end"),
    "a duplicate key": (
        '{"format": "kookaburra-hand/1", "format": "kookaburra-hand/1"}',
        "duplicate key 'format' in an object",
    ),
    "nested too deep": ("[" * 100_000 + "]" * 100_000, "not a record: nested more than 32 levels"),
    "nested deeper than a record": ("[" * 40 + "]" * 40, "not a record: nested more than 32"),
    "a number too long": ('{"players": ' + "9" * 5000 + "}", "not a record: a number in it"),
    "an unknown game": (
        json.dumps({"format": records.HAND_FORMAT, "game": "bridge", "players": 4}),
        "unknown game 'bridge': expected five_hundred or pitch",
    ),
}


@pytest.mark.parametrize("case", list(TEXTS))
@pytest.mark.parametrize("language", ["ur", "pa"])
def test_the_api_replay_words_a_records_text_in_the_asked_language(api, translator, case, language):
    text, english = TEXTS[case]
    answer = api.post(REPLAY, text, content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)
    assert answer.status_code == 400
    body = answer.json()
    assert body["error"]["code"] == "malformed" and body["error"]["index"] is None
    reason = body["error"]["reason"]
    assert reason.startswith(f"[{language}] {english}"), reason
    assert body["detail"] == reason
    # In English, the same sentence without the translator's mark.
    plain = api.post(REPLAY, text, content_type="application/json").json()["error"]["reason"]
    assert plain.startswith(english), plain


@pytest.mark.parametrize("case", list(TEXTS))
def test_the_upload_page_words_a_records_text_in_urdu(translator, case):
    text, english = TEXTS[case]
    response = Client().post(UPLOAD, {"text": text}, HTTP_ACCEPT_LANGUAGE="ur")
    assert response.status_code == 400
    # Unreadable text is the form's error; a record of a game we don't play, the replay's fault.
    fault = response.context["fault"]
    (error,) = [fault["reason"]] if fault else response.context["form"].non_field_errors()
    assert f"[ur] {english}" in error, error


def test_the_deal_check_words_a_records_text_in_urdu(translator):
    text, english = TEXTS["a duplicate key"]
    response = Client().post(CHECK, {"record": text}, HTTP_ACCEPT_LANGUAGE="ur")
    (error,) = response.context["form"].errors["record"]
    assert f"[ur] {english}" in error, error


def test_a_records_audit_is_worded_in_the_asked_language(api, translator):
    bad = swapped(seeded_record())
    answer = api.post(REPLAY, bad, format="json", HTTP_ACCEPT_LANGUAGE="ur")
    assert answer.status_code == 400
    reason = answer.json()["error"]["reason"]
    assert reason.startswith("[ur] the deal fails its audit: [ur] seat 0 was dealt "), reason
    assert "؛ [ur] seat 1 was dealt " in reason  # listed with Urdu's semicolon
    for wrong, english in (
        ({"commitment": "0" * 64}, "the seed does not match the commitment"),
        ({"seed": "not hex"}, "the seed must be hex digits"),
        ({"seed": ""}, "the seed is empty"),
    ):
        record = dict(seeded_record(), **wrong)
        for language in ("ur", "pa"):
            answer = api.post(REPLAY, record, format="json", HTTP_ACCEPT_LANGUAGE=language)
            reason = answer.json()["error"]["reason"]
            mark = f"[{language}] "
            assert reason == f"{mark}the deal fails its audit: {mark}{english}", reason
    # The neutral reason (the replay command without the site, logs) is as it was.
    assert records.replay(bad)["error"]["reason"].startswith(
        "the deal fails its audit: seat 0 was dealt ['"
    )


def test_the_upload_page_words_a_records_audit_in_urdu(translator):
    bad = swapped(seeded_record(game="five_hundred"))
    response = Client().post(UPLOAD, {"text": json.dumps(bad)}, HTTP_ACCEPT_LANGUAGE="ur")
    assert response.status_code == 400
    reason = response.context["fault"]["reason"]
    assert reason.startswith("[ur] the deal fails its audit: [ur] seat 0 was dealt "), reason


def test_every_problem_on_the_deal_check_is_worded_in_the_readers_language(translator):
    record = seeded_record(game="five_hundred", dealer=2)
    bad = swapped(record)  # seats 0 and 1 swap a card; seat 2 and the kitty swap one
    bad["kitty"] = [*record["kitty"][:2], record["hands"][2][0]]
    bad["hands"][2][0] = record["kitty"][2]
    bad["commitment"] = "f" * 64
    response = Client().post(CHECK, {"record": json.dumps(bad)}, HTTP_ACCEPT_LANGUAGE="ur")
    problems = response.context["result"]["problems"]
    assert len(problems) == 5, problems
    assert problems[0] == "[ur] the seed does not match the commitment"
    for seat, problem in enumerate(problems[1:4]):
        assert problem.startswith(f"[ur] seat {seat} was dealt "), problem
        assert "; the seed deals " in problem
    assert problems[4].startswith("[ur] the kitty is ")
    page = response.content.decode()
    assert "[ur] seat 0 was dealt" in page and "[ur] the kitty is " in page
    # A game record's problems name their hand; a record with nothing to check says so.
    game = {
        "format": records.GAME_FORMAT,
        "game": "pitch",
        "players": 4,
        "hands": [seeded_record(), {**swapped(seeded_record(dealer=1)), "seed": SEED.hex()}],
    }
    for hand in game["hands"]:
        for key in ("format", "game", "players"):
            hand.pop(key)
    game["hands"][1] = {**game["hands"][1], **{"commitment": deals.commitment(SEED)}}
    response = Client().post(CHECK, {"record": json.dumps(game)}, HTTP_ACCEPT_LANGUAGE="ur")
    problems = response.context["result"]["problems"]
    assert problems and all(p.startswith("[ur] hand 2: [ur] ") for p in problems), problems
    unchecked = {k: v for k, v in seeded_record().items() if k not in ("seed", "commitment")}
    response = Client().post(CHECK, {"record": json.dumps(unchecked)}, HTTP_ACCEPT_LANGUAGE="ur")
    assert response.context["result"]["problems"] == ["[ur] the record has no seed to check"]
    response = Client().post(
        CHECK,
        {"record": json.dumps(dict(seeded_record(), players=9))},
        HTTP_ACCEPT_LANGUAGE="ur",
    )
    (problem,) = response.context["result"]["problems"]  # looked up in Urdu too
    assert problem.startswith("[ur] ") and "9" in problem


AUDITS = {
    "a good deal": (seeded_record(), None, None),
    "a swapped card": (swapped(seeded_record()), None, None),
    "no commitment": ({**seeded_record(), "commitment": None}, None, None),
    "a bad seed": (seeded_record(), "zz", None),
    "an empty seed": (seeded_record(), "", None),
    "a wrong commitment": (seeded_record(), None, "00"),
    "no seed": ({**seeded_record(), "seed": None}, None, None),
    "no deal": ({**seeded_record(), "hands": None}, None, None),
    "a kitty in Pitch": ({**seeded_record(), "kitty": ["AS", "KS", "QS"]}, None, None),
    "no kitty": (
        {k: v for k, v in seeded_record("five_hundred").items() if k != "kitty"},
        None,
        None,
    ),
    "no dead hand": (
        {k: v for k, v in seeded_record("five_hundred", 2).items() if k != "dead"},
        None,
        None,
    ),
    "a dead hand too many": ({**seeded_record("five_hundred"), "dead": ["AS"]}, None, None),
    "a swapped dead card": (
        {
            **seeded_record("five_hundred", 2),
            "dead": seeded_record("five_hundred", 2)["kitty"]
            + seeded_record("five_hundred", 2)["dead"][3:],
            "kitty": seeded_record("five_hundred", 2)["dead"][:3],
        },
        None,
        None,
    ),
    "three hands of four": ({**seeded_record(), "hands": [[], [], []]}, None, None),
    "no game": ({**seeded_record(), "game": "bridge"}, None, None),
    "players not a number": ({**seeded_record(), "players": "4"}, None, None),
    "too many players": ({**seeded_record(), "players": 9}, None, None),
    "options not an object": ({**seeded_record(), "options": [1]}, None, None),
    "an unknown option": ({**seeded_record(), "options": {"jokers": 2}}, None, None),
    "not a record": ([], None, None),
    "no seat for the dealer": ({**seeded_record(), "dealer": 7}, None, None),
    "a seed beside a game record": (
        {"game": "pitch", "players": 4, "hands": [{}, {}]},
        SEED.hex(),
        None,
    ),
}


def _ids(problem) -> list[str]:
    """A problem's message id and those of the problems inside it."""
    params = problem["params"] if isinstance(problem, dict) else problem.params
    message_id = problem["message_id"] if isinstance(problem, dict) else problem.message_id
    inner = [params["problem"]] if "problem" in params else []
    return [message_id, *(i for p in inner for i in _ids(p))]


@pytest.mark.parametrize("case", list(AUDITS))
def test_every_audit_problem_has_a_sentence_of_the_site(case, translator):
    record, seed, commitment = AUDITS[case]
    problems = deals.verify_record(record, seed, commitment)
    assert bool(problems) is (case != "a good deal")
    for problem in problems:
        assert all(i in MESSAGES for i in _ids(problem)), (problem, _ids(problem))
        english = problem_text(problem)
        assert english and "{" not in english
        assert english == refusal_message(problem.message_id, problem.params)
    from django.utils import translation

    with translation.override("ur"):
        for problem in problems:  # new sentences are marked, the catalogue's own are Urdu
            assert problem_text(problem) != problem_text_in_english(problem), problem


def problem_text_in_english(problem) -> str:
    from django.utils import translation

    with translation.override("en-au"):
        return problem_text(problem)


def test_a_byte_order_mark_is_skipped_wherever_a_record_is_read(api, client):
    """A UTF-8 file with a byte-order mark (as Windows editors save one) was a 400 "Unexpected
    UTF-8 BOM" from the API while the upload page read it: both read it now, as does the deal
    check, and the replay is the same as without the mark."""
    record = seeded_record()
    text = json.dumps(record)
    expected = records.replay(record)
    assert "error" not in expected
    marked = (BOM + text).encode("utf-8")
    answer = api.post(REPLAY, marked, content_type="application/json")
    assert answer.status_code == 200, answer.content
    assert answer.json() == expected
    upload = SimpleUploadedFile("hand.json", marked, "application/json")
    answer = api.post(REPLAY, {"record": upload}, format="multipart")
    assert answer.status_code == 200 and answer.json() == expected
    upload = SimpleUploadedFile("hand.json", marked, "application/json")
    assert client.post(UPLOAD, {"file": upload}).status_code == 302
    assert client.post(UPLOAD, {"text": BOM + text}).status_code == 302
    response = client.post(CHECK, {"record": BOM + text})
    assert response.context["result"] == {"ok": True, "problems": []}


def test_the_catalogues_word_a_records_faults(api):
    """With the real catalogues (no stand-in translator), a record that isn't JSON and a deal
    that fails its audit read in Urdu and Punjabi, not English."""
    for language in ("ur", "pa"):
        answer = api.post(
            REPLAY, "{not json", content_type="application/json", HTTP_ACCEPT_LANGUAGE=language
        )
        assert "JSON" in answer.json()["detail"] and "not valid" not in answer.json()["detail"]
        answer = api.post(
            REPLAY, swapped(seeded_record()), format="json", HTTP_ACCEPT_LANGUAGE=language
        )
        reason = answer.json()["error"]["reason"]
        assert "fails its audit" not in reason and "was dealt" not in reason, reason
        if language == "ur":  # the problems are listed with Urdu's semicolon
            assert "؛ " in reason and "; " not in reason
