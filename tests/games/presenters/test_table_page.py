"""presenters.table_page for both games and every step, from real engine views, without a
database: the step the seat is asked to take, its controls, the turn line, and that a page for one
seat holds no card that seat may not see."""

from __future__ import annotations

import pytest

from games.presenters import Echo, Offer, table_page
from games.presenters.table import seat_step


def cards_on(page: dict) -> set[str]:
    """Every card code the page data holds (hand, trick, exposed hands, box pitches, ...)."""
    found: set[str] = set()

    def visit(value):
        if isinstance(value, dict):
            if isinstance(value.get("code"), str) and "rank" in value:
                found.add(value["code"])
            for v in value.values():
                visit(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                visit(v)

    visit({k: v for k, v in page.items() if k != "view"})
    return found


def test_five_hundred_look_then_bid(walk):
    w = walk("five_hundred")
    seat = w.hand.to_act
    page = table_page(w.data(seat), [], offer=Offer(look=True))
    assert page["step"] == "look" and page["hand_hidden"] and page["bid_step"]
    assert page["hand_cards"] == [] and page["hand_count"] == 10
    assert page["bidding"]["blind_legal"]
    w.reveal_all()
    page = table_page(w.data(seat), [])
    assert page["step"] == "bid" and not page["hand_hidden"]
    assert page["status_text"] == "Your turn: make a call."
    assert page["step_help"].startswith("Open the bidding, or pass.")
    legal_calls = {e["call"] for e in w.legal() if "call" in e}
    box = {c["value"] for level in page["bidding"]["levels"] for c in level["calls"] if c["legal"]}
    assert box == legal_calls - {"pass", "misere", "open_misere", "blind_misere"}
    assert page["pitch_box"] is None
    assert {c["code"] for c in page["hand_cards"]} == set(w.hand.view_for(seat)["hand"])


def test_five_hundred_waiting_seat_and_spectator(walk):
    w = walk("five_hundred")
    w.reveal_all()
    to_act = w.hand.to_act
    other = (to_act + 1) % 4
    page = table_page(w.data(other), [])
    assert page["step"] == "wait" and not page["my_turn"]
    assert page["status_text"] == f"Waiting for Player {to_act} to bid."
    assert cards_on(page) == set(w.hand.view_for(other)["hand"])
    spectator = table_page(w.data(None), [])
    assert spectator["step"] is None and spectator["is_spectator"]
    assert cards_on(spectator) == set()


def _to_discard(w):
    w.reveal_all()
    w.do({"call": "6S"})
    while w.hand.view_for(w.hand.to_act)["phase"] == "auction":
        w.do({"call": "pass"})


def test_five_hundred_discard_and_play(walk):
    w = walk("five_hundred")
    _to_discard(w)
    seat = w.hand.to_act
    page = table_page(w.data(seat), [], echo=Echo(discard_chosen=("JK",)))
    assert page["step"] == "discard"
    assert page["status_text"] == "Your turn: discard three cards."
    assert len(page["hand_cards"]) == 13
    assert sum(c["from_kitty"] for c in page["hand_cards"]) == 3
    assert page["contract"]["call"]["text"] == "6 ♠" and page["high"] is None
    w.do_first("discard")
    page = table_page(w.data(w.hand.to_act), [])
    assert page["step"] == "play" and page["status_text"] == "Your turn: lead a card."
    assert page["step_help"] == "Lead any card."
    legal = {e["play"] for e in w.legal() if "play" in e and "suit" not in e}
    assert {c["code"] for c in page["hand_cards"] if c["legal"]} == legal
    # The others see the contractor's discards nowhere.
    for seat in range(4):
        if seat != w.hand.view_for(seat).get("contract", {}).get("seat"):
            assert cards_on(table_page(w.data(seat), [])) <= set(w.hand.view_for(seat)["hand"])


def test_five_hundred_call_partner_at_five(walk):
    w = walk("five_hundred", players=5, seed=2)
    _to_discard(w)
    w.do_first("discard")
    assert w.hand.view_for(w.hand.to_act)["phase"] == "call_partner"
    page = table_page(w.data(w.hand.to_act), [])
    assert page["step"] == "call_partner"
    assert page["status_text"] == "Your turn: call your partner's card."
    called = {c["code"] for g in page["partner_choices"] for c in g["cards"]}
    assert called == {e["call_partner"] for e in w.legal()}


def test_pitch_bid_then_play(walk):
    w = walk("pitch")
    seat = w.hand.to_act
    page = table_page(w.data(seat), [], offer=Offer(leave=True))
    assert page["step"] == "bid" and page["bidding"] is None
    assert page["status_text"] == "Your turn: make a bid."
    assert page["step_help"].endswith("The pitcher's first card sets trumps.")
    assert {c["value"] for c in page["pitch_box"]["calls"] if c["legal"]} == {
        e["call"] for e in w.legal() if "call" in e and e["call"] != "pass"
    }
    assert page["game_points_column"] and page["offer"].leave
    # The cards that may be pitched sit in the order of the hand shown above them.
    hand = [c["code"] for c in page["hand_cards"]]
    pitches = [c["code"] for c in page["pitch_box"]["pitches"]]
    assert pitches == [code for code in hand if code in pitches]
    assert set(pitches) == {e["pitch"] for e in w.legal() if "pitch" in e}
    w.do({"call": "2"})
    while w.hand.view_for(w.hand.to_act)["phase"] == "auction":
        w.do({"call": "pass"})
    page = table_page(w.data(w.hand.to_act), [])
    assert page["step"] == "play"
    assert page["step_help"] == "Lead any card: its suit becomes trumps."
    assert page["contract"]["bid"] == 2 and "call" not in page["contract"]
    assert page["seats"][w.hand.to_act]["contractor_word"] == "pitcher"
    other = (w.hand.to_act + 1) % 4
    assert cards_on(table_page(w.data(other), [])) == set(w.hand.view_for(other)["hand"])


@pytest.mark.parametrize("game", ["five_hundred", "pitch"])
def test_seat_step_is_the_engines_step(walk, game):
    w = walk(game)
    w.reveal_all()
    assert seat_step(w.hand.view_for(w.hand.to_act), w.hand.to_act) == "bid"
    assert seat_step(w.hand.view_for((w.hand.to_act + 1) % 4), 1) == "wait"
    assert seat_step(None, 0) is None


def test_waiting_and_finished_turn_lines(walk):
    w = walk("pitch")
    data = w.data(0)
    data["table"].update(status="waiting", free_seats=[2], to_act=None)
    assert table_page(data, [])["status_text"] == "Waiting for players: 1 free seat."
    data["table"].update(free_seats=[1, 2])
    assert table_page(data, [])["status_text"] == "Waiting for players: 2 free seats."
    data["table"].update(status="finished", winners=[0, 1])
    page = table_page(data, [])
    assert page["status_text"] == "The game is over: Player 0 and Player 1 won."
    assert page["winners"] == ["Player 0", "Player 1"]
