"""Five Hundred: misère play (partner sits out, open exposure, early end) and its scores."""

import pytest

from games.engines import five_hundred as fh
from games.engines.base import Action
from games.engines.cards import parse_card

from .five_hundred_helpers import deal, legal_tokens, run
from .refusals import refused

LOW = "4H 5H 6H 7H 4D 5D 6D 7D 5S 5C"
MISERE_DEAL = {
    0: LOW,
    1: "8H 9H 10H JH 8D 9D 10D JD 6S 6C",
    3: "QH KH AH QD KD AD 7S 8S 7C 8C",
}  # seat 2: 9S-AS 9C-QC; kitty KC AC JK


def play_low(hand):
    """The contractor plays its lowest legal card, everyone else their highest."""
    while not hand.is_over:
        tokens = legal_tokens(hand)
        run(hand, tokens[-1] if hand.to_act == hand.contractor else tokens[0])
    return hand


def test_misere_partner_sits_out_and_tricks_have_three_cards():
    hand = run(deal(4, MISERE_DEAL), "open_misere/sk pass pass pass pass")
    view = hand.view_for(2)
    assert view["sitting_out"] == 2 and view["hand"] is not None
    run(hand, "5C 6C")
    assert hand.to_act == 3
    before = hand.full_view()
    with refused("Seat 2 sits out this misère hand"):
        hand.apply(Action(2, "play", card=parse_card("9C")))
    assert hand.full_view() == before
    run(hand, "8C")
    assert len(hand.full_view()["history"][0]["cards"]) == 3
    assert hand.to_act == 3


def test_successful_open_misere_scores_500_for_the_side():
    hand = play_low(run(deal(4, MISERE_DEAL), "open_misere/sk pass pass pass pass"))
    assert hand.summary() == {
        "status": "complete",
        "contract": {"seat": 0, "call": "open_misere", "sans_kitty": True},
        "tricks": [0, 0, 0, 10],
        "scores": [500, 0, 500, 0],
        "to_act": None,
        "legal": [],
    }
    assert hand.made is True


def test_successful_misere_scores_250():
    # Dealer 2: seat 3 bids 7S, seat 0 misère; everyone passes, seat 0 declines the raise.
    hand = run(deal(4, MISERE_DEAL, dealer=2), "7S misere/sk pass pass pass pass")
    assert hand.contractor == 0 and hand.view_for(1)["sitting_out"] == 2
    play_low(hand)
    assert hand.tricks_won[0] == 0
    assert hand.scores() == [250, 0, 250, 0]


def test_open_misere_hand_is_exposed_after_the_first_trick():
    hand = run(deal(4, MISERE_DEAL), "open_misere/sk pass pass pass pass", "5C 6C")
    assert hand.view_for(1)["exposed"] is None
    run(hand, "8C")
    for seat in (1, 2, 3):
        exposed = hand.view_for(seat)["exposed"]
        assert exposed["seat"] == 0
        assert sorted(exposed["cards"]) == sorted(LOW.replace(" 5C", "").split())
    run(hand, "AH 4H")
    assert "4H" not in hand.view_for(1)["exposed"]["cards"]


def test_blind_and_plain_misere_are_not_exposed():
    for bid in ("blind_misere/sk", "7S pass pass misere/sk"):
        hand = run(deal(4, MISERE_DEAL, dealer=2 if bid.startswith("7S") else 3), bid)
        while hand.phase.code == "auction":
            run(hand, "pass")
        for _ in range(3):
            run(hand, legal_tokens(hand)[-1])
        assert hand.view_for(1)["exposed"] is None


def test_failed_misere_ends_at_once():
    hand = deal(4, {0: "AH 4D 5D 6D 7D 5S 6S 7S 5C 6C"})
    run(hand, "open_misere/sk pass pass pass pass", "AH")
    run(hand, legal_tokens(hand)[0])
    run(hand, legal_tokens(hand)[0])
    assert hand.is_over
    assert hand.summary()["status"] == "complete"
    assert hand.summary()["tricks"] == [1, 0, 0, 0]
    assert hand.scores() == [-500, 0, -500, 0]
    assert hand.made is False


def test_failed_plain_misere_loses_250_and_defenders_score_nothing():
    hand = deal(4, {2: "AH 4D 5D 6D 7D 5S 6S 7S 5C 6C"}, dealer=1)
    # Dealer 1: seat 2 bids 7S, seat 3 passes, seat 0 bids misère and declines the final raise.
    run(hand, "7S pass misere pass pass pass")
    assert hand.contractor == 0 and hand.contract.call == "misere"
    run(hand, "discard:" + ",".join(legal_tokens_discard(hand)))
    while not hand.is_over:
        tokens = legal_tokens(hand)
        run(hand, tokens[0])
    won = hand.tricks_won[0]
    assert won == 1  # the contractor plays high and ends it at its first trick
    assert hand.scores() == [-250, 0, -250, 0]


def legal_tokens_discard(hand):
    return [str(c) for c in hand.legal_actions().cards[-3:]]


def test_six_player_misere_partner_sits_out():
    hand = run(deal(6), "open_misere/sk pass pass pass pass pass pass")
    assert hand.view_for(1)["sitting_out"] == 3
    for _ in range(5):
        run(hand, legal_tokens(hand)[-1])
    assert hand.is_over or len(hand.full_view()["history"][0]["cards"]) == 5


@pytest.mark.parametrize("players", [2, 3, 5])
def test_nobody_sits_out_without_a_fixed_partner(players):
    hand = run(deal(players), "open_misere/sk " + "pass " * players)
    assert hand.view_for(0)["sitting_out"] is None
    for _ in range(players):
        if hand.is_over:
            break
        run(hand, legal_tokens(hand)[-1])
    assert len(hand.full_view()["history"][0]["cards"]) == players


def test_misere_scores_with_three_and_five_players():
    for players in (3, 5):
        hand = run(deal(players), "open_misere/sk " + "pass " * players)
        play_low(hand)
        value = 500 if hand.tricks_won[0] == 0 else -500
        assert hand.scores() == [value] + [0] * (players - 1)


def test_contracting_seats_in_misere():
    hand = run(deal(4, MISERE_DEAL), "open_misere/sk pass pass pass pass")
    assert hand.contracting_seats() == (0, 2)
    assert fh.partner_of(4, 0) == 2
