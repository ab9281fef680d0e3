"""Hand and game records (shared/hand-records.md): reading, strictness, writing, replaying."""

import copy
import json
from pathlib import Path

import pytest

import games.engines as engines_package
from games.engines import five_hundred, pitch, records, registry
from games.engines.base import RecordError
from games.refusals import refusal_message


def replay(record):
    """The replay command's line, its refusals worded as the command words them."""
    return records.replay(record, render=refusal_message)


FIXTURES = Path(__file__).parent / "records" / "five_hundred"


def load(name):
    return json.loads((FIXTURES / name).read_text())


def complete(contract, tricks, scores):
    return {
        "status": "complete",
        "contract": contract,
        "tricks": tricks,
        "scores": scores,
        "to_act": None,
        "legal": [],
    }


EXPECTED = {
    "hand_4p_slam.json": complete(
        {"seat": 0, "call": "7H", "sans_kitty": True}, [10, 0, 0, 0], [250, 0, 250, 0]
    ),
    "hand_4p_lenient_input.json": complete(
        {"seat": 0, "call": "7H", "sans_kitty": True}, [10, 0, 0, 0], [250, 0, 250, 0]
    ),
    "hand_4p_open_misere.json": complete(
        {"seat": 0, "call": "open_misere", "sans_kitty": True}, [0, 0, 0, 10], [500, 0, 500, 0]
    ),
    # Seat 0 and its called partner (seat 1, holding AS) take 6 of 6H; seat 4 takes 4.
    "hand_5p_partner.json": complete(
        {"seat": 0, "call": "6H", "sans_kitty": False}, [6, 0, 0, 0, 4], [100, 100, 0, 0, 40]
    ),
    "hand_2p_dead.json": complete({"seat": 0, "call": "6H", "sans_kitty": True}, [8, 2], [100, 20]),
    "hand_3p_random.json": complete(
        {"seat": 1, "call": "6C", "sans_kitty": True}, [0, 6, 4], [0, 60, 40]
    ),
    # 10NT failed by seat 4 (side 1 & 4); sides 0 & 3 took 6 tricks, 2 & 5 one.
    "hand_6p_random.json": complete(
        {"seat": 4, "call": "10NT", "sans_kitty": True},
        [4, 3, 1, 2, 0, 0],
        [60, -520, 10, 60, -520, 10],
    ),
    "hand_4p_thrown_in.json": {
        "status": "thrown_in",
        "contract": None,
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": None,
        "legal": [],
    },
    "game_4p_won.json": {
        "totals": [[0, 0, 0, 0], [0, 250, 0, 250], [0, 500, 0, 500]],
        "winner": [1, 3],
    },
    "game_4p_unfinished.json": {
        "totals": [[0, 0, 0, 0], [0, 250, 0, 250], [0, 250, 0, 250]],
        "winner": None,
    },
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays(name):
    assert replay(load(name)) == EXPECTED[name]


def test_engines_are_registered():
    assert registry.ENGINES == {"five_hundred": five_hundred, "pitch": pitch}
    assert engines_package.engine_for("pitch") is pitch
    with pytest.raises(RecordError, match="unknown game"):
        engines_package.engine_for("bridge")


def test_in_progress_discard_lists_the_thirteen_cards():
    summary = replay(load("hand_4p_at_discard.json"))
    assert summary["status"] == "in_progress" and summary["to_act"] == 0
    assert summary["contract"] == {"seat": 0, "call": "7H", "sans_kitty": False}
    assert summary["legal"] == [
        {
            "seat": 0,
            "discard": 3,
            "from": ["JK", "JH", "JD", "AH", "KH", "QH", "10H", "9H", "8H", "7H", "5H", "4H", "AC"],
        }
    ]


def test_in_progress_play_lists_the_cards_that_follow():
    record = load("hand_4p_mid_trick.json")
    assert record["options"] == {"joker_lead": "last_trick", "trick_points_cap": 490}
    summary = replay(record)
    assert summary["status"] == "in_progress" and summary["to_act"] == 2
    assert summary["legal"][0] == {"seat": 2, "play": "5D"}
    assert all(set(entry) == {"seat", "play"} for entry in summary["legal"])


def test_in_progress_auction_lists_calls_without_sans_kitty():
    record = load("hand_4p_slam.json")
    record["actions"] = record["actions"][:1]
    summary = replay(record)
    assert summary["to_act"] == 1 and summary["contract"] is None
    assert summary["legal"][:3] == [
        {"seat": 1, "call": "pass"},
        {"seat": 1, "call": "7NT"},
        {"seat": 1, "call": "misere"},
    ]
    assert {"seat": 1, "call": "blind_misere"} in summary["legal"]


def test_in_progress_partner_call_and_nomination():
    record = load("hand_5p_partner.json")
    record["actions"] = record["actions"][:7]  # up to the discard
    summary = replay(record)
    assert len(summary["legal"]) == 52 and summary["legal"][0]["call_partner"] == "2S"
    record = load("hand_4p_mid_trick.json")
    record["actions"] = record["actions"][:5]  # 7NT made, before the first lead
    legal = replay(record)["legal"]
    assert {"seat": 0, "nominate": "H"} in legal
    assert {"seat": 0, "play": "JK", "suit": "S"} not in legal  # joker_lead: last_trick
    assert {"seat": 0, "play": "AS"} in legal


def test_export_round_trips_canonically():
    for name in EXPECTED:
        if name.startswith("hand") and name != "hand_4p_lenient_input.json":
            record = load(name)
            hand = records.load_hand(record)
            options = five_hundred.Options.from_dict(record["options"])
            assert records.hand_record(hand, options) == record
    lenient = records.load_hand(load("hand_4p_lenient_input.json"))
    assert records.hand_record(lenient, five_hundred.Options()) == load("hand_4p_slam.json")


def test_game_record_round_trip_and_totals_match_hands():
    record = load("game_4p_won.json")
    hands, rows, winners = records.load_game(record)
    assert records.game_record(hands, five_hundred.Options()) == record
    totals = [0, 0, 0, 0]
    for hand, row in zip(hands, rows, strict=True):
        totals = [t + s for t, s in zip(totals, hand.summary()["scores"], strict=True)]
        assert row == totals
    assert winners == [1, 3]


def error(record):
    result = replay(record)
    assert set(result) == {"error"}, result
    return result["error"]


def slam():
    return load("hand_4p_slam.json")


@pytest.mark.parametrize(
    ("change", "index", "reason"),
    [
        (lambda r: r.__setitem__("comment", "hi"), None, "unknown key 'comment' in a hand record"),
        (lambda r: r["actions"][3].__setitem__("note", 1), 3, "unknown key 'note'"),
        (lambda r: r["hands"][1].__setitem__(0, r["hands"][0][0]), None, "dealt twice"),
        (lambda r: r["hands"][1].__setitem__(0, "2C"), None, "2C is not in the 4-player pack"),
        (lambda r: r["hands"][1].pop(), None, "hands[1] must hold 10 cards"),
        (lambda r: r.__setitem__("dead", []), None, "dead hand"),
        (lambda r: r.pop("kitty"), None, "needs the kitty"),
        (lambda r: r.__setitem__("format", "kookaburra-hand/2"), None, "format must be"),
        (lambda r: r.__setitem__("game", "bridge"), None, "unknown game 'bridge'"),
        (lambda r: r.__setitem__("players", 7), None, "not 7"),
        (lambda r: r.__setitem__("players", "4"), None, "players must be a whole number"),
        (
            lambda r: r.__setitem__("options", {"jokers": 2}),
            None,
            "unknown Five Hundred option 'jokers'",
        ),
        (lambda r: r.__setitem__("options", {"target": "lots"}), None, "target"),
        (lambda r: r.__setitem__("dealer", 4), None, "dealer must be a seat"),
        (lambda r: r.__setitem__("actions", {}), None, "actions must be a list"),
        (
            lambda r: r["actions"].__setitem__(6, {"seat": 1, "play": "5H"}),
            6,
            "seat 1: You do not hold 5♥",
        ),
        (lambda r: r["actions"].__setitem__(6, {"seat": 1, "play": "ZZ"}), 6, "'ZZ' is not a card"),
        (
            lambda r: r["actions"].__setitem__(6, {"seat": 2, "play": "5D"}),
            6,
            "seat 2: It is not your turn: seat 1 is to play",
        ),
        (
            lambda r: r["actions"].__setitem__(5, {"seat": 0, "play": "JH", "suit": "S"}),
            5,
            "name a suit only when you lead the free Joker",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": 1, "call": "pass", "play": "5D"}),
            1,
            "exactly one of",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": "1", "call": "pass"}),
            1,
            "whole-number seat",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": 1, "call": "6S"}),
            1,
            "must be higher than 7♥",
        ),
        (lambda r: r["actions"].__setitem__(1, {"seat": 1, "pitch": "AS"}), 1, "no pitching"),
        (lambda r: r["actions"].append({"seat": 0, "call": "pass"}), 45, "already over"),
    ],
)
def test_strictness(change, index, reason):
    record = slam()
    change(record)
    found = error(record)
    assert found["index"] == index
    assert reason in found["reason"]
    assert "hand" not in found


def test_a_card_a_seat_does_not_hold_is_the_fixture_error():
    found = error(load("bad_card_not_held.json"))
    assert found == {"index": 6, "code": "card_not_held", "reason": "seat 1: You do not hold 4♦"}
    assert "dealt twice" in error(load("bad_duplicate_card.json"))["reason"]


def test_a_record_must_be_an_object():
    assert error([1, 2])["reason"] == "a record must be a JSON object"
    assert "format must be" in error({"game": "five_hundred"})["reason"]


def test_text_errors():
    assert "not valid JSON" in records.replay_text("{")["error"]["reason"]
    text = json.dumps(slam())
    assert records.replay_text(text) == EXPECTED["hand_4p_slam.json"]
    duplicated = text.replace('"dealer": 3', '"dealer": 3, "dealer": 3')
    assert duplicated != text
    assert records.replay_text(duplicated)["error"] == {
        "index": None,
        "code": "malformed",
        "reason": "duplicate key 'dealer' in an object",
    }


def game():
    return load("game_4p_won.json")


@pytest.mark.parametrize(
    ("change", "hand", "index", "reason"),
    [
        (lambda g: g["hands"][1].__setitem__("dealer", 2), 1, None, "the dealer must be seat 0"),
        (lambda g: g["hands"].append(copy.deepcopy(g["hands"][0])), 3, None, "already won"),
        (lambda g: g["hands"][1]["actions"].pop(), 1, None, "only the last hand"),
        (lambda g: g["hands"][0].__setitem__("format", "x"), 0, None, "unknown key 'format'"),
        (lambda g: g["hands"][2]["actions"][4].__setitem__("seat", 0), 2, 4, "not your turn"),
        (lambda g: g.__setitem__("hands", []), None, None, "needs a list of hands"),
        (lambda g: g.__setitem__("dealer", 0), None, None, "unknown key 'dealer'"),
    ],
)
def test_game_record_strictness(change, hand, index, reason):
    record = game()
    change(record)
    found = error(record)
    assert found.get("hand") == hand and found["index"] == index
    assert reason in found["reason"]


def test_unfinished_last_hand_adds_an_unchanged_row():
    hands, rows, winners = records.load_game(load("game_4p_unfinished.json"))
    assert not hands[-1].is_over and rows[-1] == rows[-2] and winners is None


def test_every_refusal_code_is_documented_and_every_template_has_a_known_code():
    import re

    from games.engines.base import REFUSAL_CODES
    from games.refusals import MESSAGES

    documented = re.findall(r"^    ([a-z_]+)  ", engines_package.__doc__, re.MULTILINE)
    assert documented == list(REFUSAL_CODES)
    assert {key.partition(".")[0] for key in MESSAGES} <= set(REFUSAL_CODES)
    assert set(REFUSAL_CODES) - {"unreadable"} <= set(MESSAGES)
