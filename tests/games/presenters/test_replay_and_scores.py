"""presenters.replay_page, the score sheet, a finished hand's result and the game sentences,
for both games, without a database."""

from __future__ import annotations

import pytest

from games.engines import records
from games.presenters import call_info, card_info, replay_page
from games.presenters.scores import hand_result, score_sheet
from games.presenters.text import describe_action

from .conftest import info_for


def _played_record(walk, game: str) -> dict:
    w = walk(game)
    w.reveal_all()
    w.do({"call": "6S" if game == "five_hundred" else "2"})
    while not w.hand.is_over:
        entry = w.legal()[0]
        if "discard" in entry:
            w.do({"discard": entry["from"][:3]})
        elif "call" in entry and w.hand.view_for(w.hand.to_act)["phase"] == "auction":
            w.do({"call": "pass"})
        else:
            w.do({k: v for k, v in entry.items() if k != "seat"})
    options = w.engine.Options()
    return records.hand_record(w.hand, options)


@pytest.mark.parametrize("game", ["five_hundred", "pitch"])
def test_a_replay_shows_every_hand_then_the_result(walk, game):
    record = _played_record(walk, game)
    start = replay_page(record, 0, None)
    assert start["step"] == 0 and start["current"] is None and not start["finished"]
    dealt = {c["code"] for s in start["seats"] for c in s["cards"]}
    assert dealt == {c for hand in record["hands"] for c in hand}
    assert [s["label"] for s in start["seats"]] == ["North", "East", "South", "West"]
    end = replay_page(record, 10_000, ["A", "B", "C", "D"])
    assert end["step"] == end["total_steps"] == len(record["actions"])
    assert end["finished"] and end["next_step"] is None and end["prev_step"] == end["step"] - 1
    assert end["result_text"].startswith("6 ♠ by" if game == "five_hundred" else "")
    assert end["result_text"].endswith(("made.", "failed.", "made it.", "was set back."))
    assert sum(side["tricks"] for side in end["sides"]) == (10 if game == "five_hundred" else 6)
    assert end["steps"][0]["text"].endswith(("bids 6 ♠", "bids 2"))
    if game == "pitch":
        assert [p["name"] for p in end["points"]] == ["High", "Low", "Jack", "Game"]


def test_game_sentences():
    labels = ["North", "East", "South", "West"]
    assert describe_action("five_hundred", {"seat": 1, "call": "pass"}, labels)["text"] == (
        "East passes"
    )
    said = describe_action("five_hundred", {"seat": 0, "call": "7H", "sans_kitty": True}, labels)
    assert said["text"] == "North bids 7 ♥ sans kitty"
    played = describe_action("five_hundred", {"seat": 2, "play": "JK", "suit": "D"}, labels)
    assert played["text"] == "South leads, naming diamonds," and played["cards"][0]["code"] == "JK"
    pitched = describe_action("pitch", {"seat": 3, "pitch": "AS"}, labels)
    assert pitched["text"] == "West bids 4 by pitching"
    assert card_info("10H")["name"] == "ten of hearts" and card_info("JK")["name"] == "the Joker"
    assert call_info("five_hundred", "8NT")["words"] == "eight no-trumps"
    assert call_info("pitch", "3")["words"] == "bid 3"


def test_hand_results_and_the_score_sheet():
    labels = ["North", "East", "South", "West"]
    info = info_for("five_hundred", 4, 0, None, totals=[-70, 40, -70, 40])
    made = {
        "number": 1,
        "dealer": 3,
        "thrown_in": False,
        "scores": [-70, 40, -70, 40],
        "totals": [-70, 40, -70, 40],
        "result": {"contract": {"seat": 0, "call": "7S"}, "tricks": [2, 3, 2, 3]},
    }
    result = hand_result("five_hundred", made, info, labels)
    assert result["headline"] == "North went down in 7 ♠ (-70)."
    assert result["sides"][0] == {
        "label": "North & South",
        "score": -70,
        "total": -70,
        "tricks": 4,
    }
    thrown = {**made, "number": 2, "thrown_in": True, "result": {}}
    assert hand_result("five_hundred", thrown, info, labels)["headline"].startswith(
        "Everyone passed"
    )
    sheet = score_sheet("five_hundred", [made, thrown], info, labels)
    assert [(r["what"], r["made"]) for r in sheet] == [("North: 7 ♠", False), ("Thrown in", None)]
    assert sheet[0]["cells"] == [{"score": -70, "total": -70}, {"score": 40, "total": 40}]

    pinfo = info_for("pitch", 4, 0, None)
    bid = {
        "number": 1,
        "dealer": 0,
        "thrown_in": False,
        "scores": [3, 1, 0, 0],
        "totals": [3, 1, 0, 0],
        "result": {
            "contract": {"seat": 0, "bid": 3, "trump": "H", "made": True},
            "points": {"high": 0, "low": 1, "jack": None, "game": 0},
        },
    }
    result = hand_result("pitch", bid, pinfo, labels)
    assert result["headline"] == "North bid 3 and made the bid (+3)."
    assert [(p["name"], p["winner"], p["why"]) for p in result["points"]] == [
        ("High", "North", ""),
        ("Low", "East", ""),
        ("Jack", None, "not dealt"),
        ("Game", "North", "a tie for most game points"),
    ]
    assert score_sheet("pitch", [bid], pinfo, labels)[0]["what"] == "North: 3 ♥"
