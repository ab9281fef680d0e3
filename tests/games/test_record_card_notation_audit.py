"""A record may write its cards in any case and `T` for the ten (shared/hand-records.md, Cards):
`td` is the ten of diamonds. A record with a revealed seed is audited against the seed's deal
card by card in standard form, so such a record replays and checks out like its canonical twin
(it was refused: "seat 0 was dealt ['6S', 'td', …]; the seed deals ['6S', '10D', …]")."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.engines import deals, records
from tests.games.helpers import SEED, seeded_record


def written_loosely(code: str) -> str:
    """A card as a record may write it: lower case, `t` for 10 (`td`, `qs`, `jk`)."""
    return code.replace("10", "T").lower()


def loosely(record: dict) -> dict:
    out = json.loads(json.dumps(record))
    out["hands"] = [[written_loosely(c) for c in hand] for hand in out["hands"]]
    for key in ("kitty", "dead"):
        if key in out:
            out[key] = [written_loosely(c) for c in out[key]]
    return out


@pytest.mark.parametrize(
    ("game", "players"), [("pitch", 4), ("five_hundred", 4), ("five_hundred", 2)]
)
def test_a_seeded_record_in_t_notation_replays_and_checks_out(game, players):
    record = seeded_record(game, players, dealer=1)
    loose = loosely(record)
    written = [c for hand in loose["hands"] for c in hand]
    assert any(c.startswith("t") for c in written)  # the seed dealt a ten, written `t…`
    assert written != [c for hand in record["hands"] for c in hand]
    assert "error" not in records.replay(record)
    assert records.replay(loose) == records.replay(record)
    assert deals.verify_record(loose) == []
    dealer = loose["dealer"]
    assert deals.verify(game, players, None, dealer, SEED, deals.commitment(SEED), loose) == []


def test_a_t_notation_record_whose_cards_differ_is_still_refused():
    loose = loosely(seeded_record("pitch", 4, dealer=1))
    loose["hands"][0][0], loose["hands"][1][0] = loose["hands"][1][0], loose["hands"][0][0]
    error = records.replay(loose)["error"]
    assert error["code"] == "malformed" and "seat 0 was dealt" in error["reason"]
    assert [p.params["seat"] for p in deals.verify_record(loose)] == [0, 1]


@pytest.mark.django_db
def test_the_deal_check_passes_a_record_in_t_notation():
    loose = loosely(seeded_record("five_hundred", 4, dealer=1))
    response = Client().post(reverse("deal_verify"), {"record": json.dumps(loose)})
    assert response.context["result"] == {"ok": True, "problems": []}
