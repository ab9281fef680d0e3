"""A game record's dealers (shared/hand-records.md, Game record): each hand's dealer is the seat
to the left of the previous dealer, except that Pitch's `redeal_same` keeps the dealer after an
all-pass. A hand with the wrong dealer is refused with the rule that applies: after a hand
thrown in under redeal_same the same dealer deals again (the refusal said "to the left of the
previous dealer" there too, naming the same seat as the previous dealer)."""

from __future__ import annotations

import random

from games.engines import deals, pitch, records
from games.refusals import refusal_message

SEED = bytes(range(32))
LEFT = "the dealer must be seat {seat}, to the left of the previous dealer"
SAME = "the dealer must be seat {seat}: the same dealer deals again after a hand thrown in"


def played(options: dict, dealer: int, thrown_in: bool) -> dict:
    """One hand of a four-player Pitch game record: everyone passes (thrown in), or a hand
    played to its end with random legal actions after an opening bid."""
    hand = deals.deal_from_seed("pitch", 4, options, dealer, SEED)
    rng = random.Random(dealer)
    while not hand.is_over:
        legal = list(hand.legal_actions())
        passes = [a for a in legal if a.kind == "call" and a.call == "pass"]
        others = [a for a in legal if a not in passes]
        if thrown_in and passes:
            hand.apply(passes[0])
        elif not hand.actions and others:
            hand.apply(others[0])  # the first seat bids, so the hand is played
        else:
            hand.apply(rng.choice(legal))
    assert hand.thrown_in is thrown_in
    return {**hand.deal_record(), "actions": [a.to_record() for a in hand.actions]}


def game(options: dict, *hands: dict) -> dict:
    return {
        "format": records.GAME_FORMAT,
        "game": "pitch",
        "players": 4,
        "options": options,
        "hands": list(hands),
    }


def refusal(record: dict) -> dict:
    return records.replay(record, render=refusal_message)["error"]


def test_after_a_hand_thrown_in_under_redeal_same_the_same_dealer_deals_again():
    options = {"all_pass": "redeal_same"}
    first = played(options, 2, thrown_in=True)
    good = game(options, first, played(options, 2, thrown_in=False))
    assert "error" not in records.replay(good)
    wrong = game(options, first, played(options, 3, thrown_in=False))
    error = refusal(wrong)
    assert error == {
        "index": None,
        "code": "wrong_dealer",
        "reason": SAME.format(seat=2),
        "hand": 1,
    }
    assert "left" not in error["reason"]


def test_otherwise_the_deal_passes_to_the_left():
    options = {"all_pass": "redeal_same"}
    first = played(options, 2, thrown_in=False)  # a hand played out: the deal passes on
    assert "error" not in records.replay(game(options, first, played(options, 3, False)))
    error = refusal(game(options, first, played(options, 2, thrown_in=False)))
    assert error["code"] == "wrong_dealer" and error["reason"] == LEFT.format(seat=3)
    options = {"all_pass": "redeal_next"}  # thrown in, and the next dealer deals
    first = played(options, 3, thrown_in=True)
    assert "error" not in records.replay(game(options, first, played(options, 0, False)))
    error = refusal(game(options, first, played(options, 3, thrown_in=False)))
    assert error["code"] == "wrong_dealer" and error["reason"] == LEFT.format(seat=0)


def test_the_engine_keeps_the_dealer_only_after_a_throw_in_under_redeal_same():
    hand = deals.deal_from_seed("pitch", 4, {"all_pass": "redeal_same"}, 1, SEED)
    for _ in range(4):
        hand.apply(next(a for a in hand.legal_actions() if a.call == "pass"))
    assert hand.thrown_in and pitch.next_dealer(hand) == 1
