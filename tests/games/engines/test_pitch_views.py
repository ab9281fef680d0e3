"""Pitch: what each seat may see (view_for), everything (full_view) and the replay summary."""

import json

from .pitch_helpers import DEAL_A, DEAL_B, PLAY_A_PITCH, PLAY_B, deal, finished, run


def test_a_seat_sees_its_own_cards_sorted_and_nobody_elses():
    hand = deal(DEAL_A, dealer=3)
    view = hand.view_for(1)
    # Before trumps are known: spades, clubs, diamonds, hearts, highest first.
    assert view["hand"] == ["QS", "5S", "6C", "5D", "10H", "9H"]
    assert "hands" not in view and "dealt" not in view
    text = json.dumps(view)
    for other in (0, 2, 3):
        for card in DEAL_A[other].split():
            assert f'"{card}"' not in text
    assert view["hand_sizes"] == [6, 6, 6, 6]


def test_trumps_come_first_once_known():
    hand = run(deal(DEAL_B, dealer=3), PLAY_B[0], "3H")
    assert hand.view_for(1)["hand"] == ["AH", "JH", "2S", "10D", "9D", "8D"]
    assert hand.view_for(0)["hand"] == ["2H", "7C", "6C", "5C", "4C"]


def test_the_auction_is_public_and_legal_actions_only_for_the_seat_to_act():
    hand = run(deal(DEAL_A, dealer=3), "pass 2")
    view = hand.view_for(2)
    assert view["auction"] == [{"seat": 0, "call": "pass"}, {"seat": 1, "call": "2"}]
    assert view["passed"] == [0]
    assert view["high_bid"] == {"seat": 1, "call": "2"}
    assert view["step"] == "bid" and hand.view_for(0)["step"] == "wait"
    assert view["phase"] == "auction" and view["to_act"] == 2
    assert view["legal"][:3] == [
        {"seat": 2, "call": "pass"},
        {"seat": 2, "call": "3"},
        {"seat": 2, "call": "4"},
    ]
    assert {"seat": 2, "pitch": "JS"} in view["legal"]
    assert hand.view_for(0)["legal"] == []
    assert view["contract"] is None and view["trump"] is None and view["trick"] is None


def test_the_play_view_has_the_trick_the_last_trick_and_what_was_won():
    hand = run(deal(DEAL_B, dealer=3), *PLAY_B[:2], "8D")
    view = hand.view_for(2)
    assert view["contract"] == {"seat": 0, "call": "2", "bid": 2, "trump": "H", "made": None}
    assert view["trump"] == "H" and view["step"] == "play"
    assert view["trick"] == {"leader": 1, "led": "D", "cards": [{"seat": 1, "card": "8D"}]}
    assert view["last_trick"]["winner"] == 1
    assert view["tricks_won"] == [0, 1, 0, 0] and view["tricks_played"] == 1
    assert view["history"] == [view["last_trick"]] and view["last_trick"]["led"] == "H"
    assert view["won"][1] == ["3H", "AH", "5H", "6H"]
    assert view["game_points"] == [0, 4, 0, 0]
    assert view["captured"] == {
        "highest_trump": {"seat": 1, "card": "AH"},
        "lowest_trump": {"seat": 1, "card": "3H"},
        "jack": None,
    }
    assert view["legal"] == [{"seat": 2, "play": c} for c in ("7H", "3S", "4S", "5S", "6S")]


def test_the_jack_is_public_once_won():
    hand = run(deal(DEAL_B, dealer=3), *PLAY_B[:4])
    assert hand.view_for(0)["captured"]["jack"] == {"seat": 3, "card": "JH"}


def test_the_finished_view_shows_points_and_scores():
    hand = finished(DEAL_B, 3, PLAY_B)
    view = hand.view_for(3)
    assert view["phase"] == "complete" and view["to_act"] is None and view["step"] == "none"
    assert view["points"] == {"high": 1, "low": 2, "jack": 3, "game": 1}
    assert view["scores"] == [-2, 2, 1, 1] and view["contract"]["made"] is False
    assert view["hand"] == [] and view["legal"] == []


def test_full_view_has_everything():
    hand = finished(DEAL_A, 3, PLAY_A_PITCH)
    full = hand.full_view()
    assert full["hands"] == [h.split() for h in DEAL_A]
    assert full["hands_now"] == [[], [], [], []]
    assert len(full["history"]) == 6
    assert full["history"][0] == {
        "leader": 0,
        "led": "S",
        "cards": [
            {"seat": 0, "card": "AS"},
            {"seat": 1, "card": "5S"},
            {"seat": 2, "card": "3S"},
            {"seat": 3, "card": "2S"},
        ],
        "winner": 0,
    }
    assert full["actions"][0] == {"seat": 0, "pitch": "AS"}
    assert len(full["actions"]) == 1 + 23
    json.dumps(full)


def test_summary_is_the_replay_object():
    hand = run(deal(DEAL_A, dealer=3), "pass 2 pass pass")
    assert hand.summary() == {
        "status": "in_progress",
        "contract": {"seat": 1, "bid": 2, "trump": None, "made": None},
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": 1,
        "legal": [{"seat": 1, "play": c} for c in ("QS", "5S", "9H", "10H", "5D", "6C")],
        "points": {"high": None, "low": None, "jack": None, "game": None},
        "game_points": [0, 0, 0, 0],
    }
    assert deal(DEAL_A, dealer=3).summary()["contract"] is None
