"""Pitch hand and game records through records.py: fixtures, export, strictness, replay."""

import copy
import json
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engines import pitch, records
from games.engines.base import RecordError
from games.engines.game import limited_game_winners
from games.refusals import refusal_message

from .pitch_helpers import DEAL_A, PLAY_A_PITCH, deal, run


def replay(record):
    """The replay command's line, its refusals worded as the command words them."""
    return records.replay(record, render=refusal_message)


FIXTURES = Path(__file__).parent / "records" / "pitch"
NO_POINTS = {"high": None, "low": None, "jack": None, "game": None}


def load(name):
    return json.loads((FIXTURES / name).read_text())


def complete(contract, tricks, scores, points, game_points):
    return {
        "status": "complete",
        "contract": contract,
        "tricks": tricks,
        "scores": scores,
        "to_act": None,
        "legal": [],
        "points": points,
        "game_points": game_points,
    }


ALL_FOUR = complete(
    {"seat": 0, "bid": 4, "trump": "S", "made": True},
    [3, 0, 1, 2],
    [4, 0, 0, 0],
    {"high": 0, "low": 0, "jack": 0, "game": 0},
    [35, 0, 3, 6],
)

EXPECTED = {
    "hand_4p_pitch_all_four.json": ALL_FOUR,
    "hand_4p_lenient_input.json": ALL_FOUR,
    "hand_4p_set_back.json": complete(
        {"seat": 1, "bid": 2, "trump": "H", "made": False},
        [2, 0, 2, 2],
        [0, -2, 4, 0],
        {"high": 2, "low": 2, "jack": 2, "game": 2},
        [10, 0, 18, 16],
    ),
    "hand_4p_partnerships.json": complete(
        {"seat": 0, "bid": 2, "trump": "H", "made": False},
        [0, 3, 1, 2],
        [-2, 3, -2, 3],
        {"high": 1, "low": 2, "jack": 3, "game": 1},
        [0, 14, 0, 3],
    ),
    "hand_3p_single_trump.json": complete(
        {"seat": 0, "bid": 2, "trump": "S", "made": True},
        [1, 5, 0],
        [2, 1, 0],
        {"high": 0, "low": 0, "jack": None, "game": 1},
        [4, 10, 0],
    ),
    "hand_3p_game_tie.json": complete(
        {"seat": 0, "bid": 4, "trump": "S", "made": False},
        [2, 4, 0],
        [-4, 0, 0],
        {"high": 0, "low": 0, "jack": None, "game": None},
        [4, 4, 0],
    ),
    "hand_4p_dealer_steals_4.json": {
        "status": "in_progress",
        "contract": {"seat": 3, "bid": 4, "trump": "H", "made": None},
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": 0,
        "legal": [{"seat": 0, "play": "2H"}],
        "points": NO_POINTS,
        "game_points": [0, 0, 0, 0],
    },
    "hand_4p_called_4_everyone_calls.json": {
        "status": "in_progress",
        "contract": {"seat": 1, "bid": 4, "trump": "H", "made": None},
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": 2,
        "legal": [{"seat": 2, "play": "AH"}],
        "points": NO_POINTS,
        "game_points": [0, 0, 0, 0],
    },
    "bad_called_4_ends_nothing.json": {
        "error": {
            "index": 2,
            "code": "not_your_turn",
            "reason": "seat 1: It is not your turn: seat 2 is to call",
        }
    },
    "hand_4p_stuck_dealer.json": {
        "status": "in_progress",
        "contract": None,
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": 3,
        "legal": [{"seat": 3, "call": c} for c in ("2", "3", "4")]
        + [{"seat": 3, "pitch": c} for c in ("4S", "2S", "JH", "QH", "9D", "AC")],
        "points": NO_POINTS,
        "game_points": [0, 0, 0, 0],
    },
    "hand_4p_thrown_in.json": {
        "status": "thrown_in",
        "contract": None,
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": None,
        "legal": [],
        "points": NO_POINTS,
        "game_points": [0, 0, 0, 0],
    },
    "game_4p_won.json": {"totals": [[4, 0, 0, 0], [8, 0, 0, 0]], "winner": [0]},
    "game_4p_redeal_same.json": {"totals": [[0, 0, 0, 0], [0, 0, 0, 0]], "winner": None},
    "game_4p_partnerships.json": {"totals": [[-2, 3, -2, 3], [2, 3, 2, 3]], "winner": None},
    "bad_must_follow_trumps.json": {
        "error": {
            "index": 1,
            "code": "must_follow",
            "reason": "seat 1: You must follow trumps (spades): you hold Q♠, 5♠",
        }
    },
    "bad_stuck_dealer_passes.json": {
        "error": {
            "index": 3,
            "code": "must_bid",
            "reason": "seat 3: The dealer must bid at least 2 when nobody else has bid",
        }
    },
    "bad_bid_not_higher.json": {
        "error": {
            "index": 1,
            "code": "bid_too_low",
            "reason": "seat 1: Your bid must be higher than 2",
        }
    },
    "bad_kitty.json": {
        "error": {
            "index": None,
            "code": "malformed",
            "reason": "a Pitch deal has no 'kitty': only hands",
        }
    },
    "bad_duplicate_card.json": {
        "error": {"index": None, "code": "malformed", "reason": "AS is dealt twice"}
    },
    "bad_partnerships_5p.json": {
        "error": {
            "index": None,
            "code": "malformed",
            "reason": "partnerships need exactly 4 players, not 5",
        }
    },
    "bad_game_hand_after_win.json": {
        "error": {
            "index": None,
            "code": "game_over",
            "reason": "the game was already won before this hand",
            "hand": 2,
        }
    },
}


def test_every_fixture_has_an_expected_result():
    assert sorted(p.name for p in FIXTURES.glob("*.json")) == sorted(EXPECTED)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_replays(name):
    assert replay(load(name)) == EXPECTED[name]


def test_load_hand_gives_the_engines_hand():
    hand = records.load_hand(load("hand_4p_set_back.json"))
    assert isinstance(hand, pitch.Hand) and hand.GAME == "pitch"
    assert hand.players == 4 and hand.dealer == 3 and hand.is_over
    assert len(hand.actions) == 4 + 24


def test_export_is_canonical_and_round_trips():
    hand = records.load_hand(load("hand_4p_lenient_input.json"))
    exported = records.hand_record(hand, hand.options)
    assert exported == load("hand_4p_pitch_all_four.json")
    assert exported["actions"][0] == {"seat": 0, "pitch": "AS"}
    assert "kitty" not in exported
    assert records.load_hand(json.loads(json.dumps(exported))).summary() == ALL_FOUR


def test_options_are_exported_when_not_the_defaults():
    hand = run(deal(DEAL_A, dealer=3, target=11, low="holder"), "pass")
    record = records.hand_record(hand, hand.options)
    assert record["options"] == {"target": 11, "low": "holder"}
    assert records.load_hand(record).options == hand.options


def test_load_game_returns_hands_rows_and_winners():
    hands, rows, winners = records.load_game(load("game_4p_won.json"))
    assert [h.dealer for h in hands] == [3, 0]
    assert rows == [[4, 0, 0, 0], [8, 0, 0, 0]] and winners == [0]
    again = records.game_record(hands, hands[0].options)
    assert again == load("game_4p_won.json")


def test_game_dealer_after_a_redeal_same_throw_in_must_be_the_same_seat():
    record = load("game_4p_redeal_same.json")
    record["hands"][1]["dealer"] = 0
    result = replay(record)
    assert result["error"]["hand"] == 1
    assert "the dealer must be seat 3" in result["error"]["reason"]


def test_game_dealer_otherwise_passes_left():
    record = load("game_4p_won.json")
    record["hands"][1]["dealer"] = 3
    assert "the dealer must be seat 0" in replay(record)["error"]["reason"]


@pytest.mark.parametrize(
    ("change", "index", "code", "reason"),
    [
        (
            lambda r: r["options"].update(trumps="S"),
            None,
            "malformed",
            "unknown Pitch option 'trumps'",
        ),
        (
            lambda r: r["options"].update(target=10),
            None,
            "malformed",
            "option target must be one of",
        ),
        (
            lambda r: r.update(players=8),
            None,
            "malformed",
            "Pitch is played by 3, 4, 5, 6, 7 players, not 8",
        ),
        (lambda r: r.update(dead=[]), None, "malformed", "a Pitch deal has no 'dead'"),
        (
            lambda r: r["hands"][0].pop(),
            None,
            "malformed",
            "seat 0 must be dealt exactly 6 cards",
        ),
        (
            lambda r: r["hands"][0].__setitem__(0, "JK"),
            None,
            "malformed",
            "JK is not in the 52-card pack",
        ),
        (
            lambda r: r["actions"].__setitem__(0, {"seat": 0, "call": "7H"}),
            0,
            "malformed",
            "not '7H'",
        ),
        (
            lambda r: r["actions"].__setitem__(0, {"seat": 0, "call": "2", "sans_kitty": True}),
            0,
            "malformed",
            "Pitch has no kitty",
        ),
        (
            lambda r: r["actions"].__setitem__(0, {"seat": 0, "discard": ["AS"]}),
            0,
            "malformed",
            "There is no discard in Pitch",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": 1, "play": "QS", "suit": "S"}),
            1,
            "malformed",
            "A play in Pitch names only its card",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": 2, "play": "3S"}),
            1,
            "not_your_turn",
            "not your turn",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": 1, "play": "9H"}),
            1,
            "must_follow",
            "You must follow trumps",
        ),
        (
            lambda r: r["actions"].__setitem__(1, {"seat": 1, "play": "AS"}),
            1,
            "card_not_held",
            "You do not hold A♠",
        ),
        (
            lambda r: r["actions"].append({"seat": 0, "play": "AS"}),
            24,
            "hand_over",
            "the hand is already over",
        ),
    ],
)
def test_strictness(change, index, code, reason):
    record = copy.deepcopy(load("hand_4p_pitch_all_four.json"))
    change(record)
    result = replay(record)
    assert "error" in result, result
    assert result["error"]["index"] == index
    assert result["error"]["code"] == code
    assert reason in result["error"]["reason"]


def test_unfinished_last_hand_adds_an_unchanged_row():
    hand_one = run(deal(DEAL_A, dealer=3), *PLAY_A_PITCH)
    hand_two = run(deal(DEAL_A, dealer=0), "pass pass")
    record = records.game_record([hand_one, hand_two], hand_one.options)
    assert replay(record) == {"totals": [[4, 0, 0, 0], [4, 0, 0, 0]], "winner": None}


def test_the_replay_command_prints_one_line_per_file(capsys):
    names = ["hand_4p_set_back.json", "game_4p_won.json"]
    call_command("replay", *[str(FIXTURES / n) for n in names])
    lines = capsys.readouterr().out.strip().splitlines()
    assert [json.loads(line) for line in lines] == [EXPECTED[n] for n in names]


def test_the_replay_command_exits_1_on_a_bad_record(capsys):
    with pytest.raises(SystemExit) as exit_info:
        call_command("replay", str(FIXTURES / "bad_must_follow_trumps.json"))
    assert exit_info.value.code == 1
    assert json.loads(capsys.readouterr().out) == EXPECTED["bad_must_follow_trumps.json"]


def test_record_errors_are_record_errors():
    with pytest.raises(RecordError):
        records.load_hand(load("bad_kitty.json"))


class TestHandLimit:
    """A game of a fixed number of hands (`hand_limit` beside `options`)."""

    def limited(self, limit):
        record = load("game_4p_won.json")
        record["hand_limit"] = limit
        return record

    def test_the_target_ends_nothing_before_the_last_hand(self):
        # Seat 0 reaches 8 of 7 on its own bid, but a three-hand game goes on.
        assert replay(self.limited(3)) == {
            "totals": [[4, 0, 0, 0], [8, 0, 0, 0]],
            "winner": None,
        }

    def test_the_highest_total_wins_when_the_hands_are_played(self):
        assert replay(self.limited(2))["winner"] == [0]

    def test_a_tie_for_highest_makes_every_tied_seat_a_winner(self):
        hand_one = run(deal(DEAL_A, dealer=3), *PLAY_A_PITCH)
        record = records.game_record([hand_one], hand_one.options, hand_limit=1)
        assert replay(record) == {"totals": [[4, 0, 0, 0]], "winner": [0]}
        assert limited_game_winners([2, 5, 5, 1], 1, 1) == [1, 2]
        assert limited_game_winners([2, 5, 5, 1], 0, 1) is None

    def test_a_hand_after_the_last_one_is_an_error(self):
        result = replay(self.limited(1))
        assert result["error"]["hand"] == 1 and result["error"]["code"] == "game_over"
        assert result["error"]["index"] is None

    def test_thrown_in_hands_do_not_count(self):
        record = load("game_4p_redeal_same.json")
        record["hand_limit"] = 1
        result = replay(record)
        assert result["totals"] == [[0, 0, 0, 0], [0, 0, 0, 0]]
        hands, _rows, winners = records.load_game(record)
        assert hands[0].status == "thrown_in"
        assert not hands[1].is_over and winners is None

    @pytest.mark.parametrize("limit", [0, -1, "2", True, 1.5, None])
    def test_a_bad_limit_is_an_error(self, limit):
        result = replay(self.limited(limit))
        assert result["error"]["code"] == "malformed"
        assert "hand_limit" in result["error"]["reason"]

    def test_export_carries_the_limit_and_round_trips(self):
        hands, _rows, _winners = records.load_game(self.limited(2))
        exported = records.game_record(hands, hands[0].options, hand_limit=2)
        assert exported["hand_limit"] == 2
        assert list(exported) == ["format", "game", "players", "options", "hand_limit", "hands"]
        assert exported == self.limited(2)
        assert "hand_limit" not in records.game_record(hands, hands[0].options)
