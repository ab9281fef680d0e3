"""Pitch bidding: one round from the dealer's left, pitching, the stuck dealer, the steal."""

import pytest

from games.engines.base import Action, IllegalAction
from games.engines.cards import parse_card

from .pitch_helpers import DEAL_A, deal, illegal, legal_tokens, run

PITCHES_0 = ["^AS", "^KS", "^10S", "^2H", "^3D", "^4C"]
PITCHES_3 = ["^4S", "^2S", "^JH", "^QH", "^9D", "^AC"]


def test_bidding_starts_left_of_the_dealer_and_ends_with_the_dealer():
    hand = deal(DEAL_A, dealer=1)
    assert hand.to_act == 2
    run(hand, "pass 1 pass")
    assert hand.to_act == 1 and hand.in_auction
    run(hand, "2")
    assert not hand.in_auction
    assert hand.summary()["contract"] == {"seat": 1, "bid": 2, "trump": None, "made": None}
    assert hand.to_act == 1  # the pitcher leads


def test_first_bidder_may_pass_or_bid_1_to_4_or_pitch_any_card():
    hand = deal(DEAL_A, dealer=3)
    assert legal_tokens(hand) == ["pass", "1", "2", "3", "4", *PITCHES_0]


def test_each_bid_must_be_higher_than_the_last():
    hand = run(deal(DEAL_A, dealer=3), "2")
    assert legal_tokens(hand)[:3] == ["pass", "3", "4"]
    illegal(hand, "2", "Your bid must be higher than 2", code="bid_too_low")
    illegal(hand, "1", "Your bid must be higher than 2", code="bid_too_low")
    run(hand, "3")
    illegal(hand, "3", "Your bid must be higher than 3")


def test_a_bid_is_pass_or_one_to_four():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "5", "A bid in Pitch is 1, 2, 3 or 4 (or pass), not '5'", code="malformed")
    seven_hearts = Action(0, "call", call="7H")
    illegal(hand, seven_hearts, "A bid in Pitch is 1, 2, 3 or 4 (or pass), not '7H'")


def test_only_the_player_to_act_may_bid():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "2", "It is not your turn: seat 0 is to call", seat=2, code="not_your_turn")


def test_nothing_but_bids_during_the_auction():
    hand = deal(DEAL_A, dealer=3)
    illegal(
        hand, "AS", "The auction is not over yet: pass, bid or pitch a card", code="not_allowed_now"
    )
    before = hand.full_view()
    for bad in (
        Action(0, "discard", cards=(parse_card("AS"),)),
        Action(0, "nominate", suit=1),
        Action(0, "call", call="2", sans_kitty=True),
    ):
        with pytest.raises(IllegalAction):
            hand.apply(bad)
    assert hand.full_view() == before


def test_pitching_bids_four_leads_the_card_and_ends_the_auction():
    hand = run(deal(DEAL_A, dealer=3), "pass ^5S")
    assert not hand.in_auction
    assert hand.summary()["contract"] == {"seat": 1, "bid": 4, "trump": "S", "made": None}
    assert hand.view_for(2)["trick"] == {
        "leader": 1,
        "led": "S",
        "cards": [{"seat": 1, "card": "5S"}],
    }
    assert parse_card("5S") not in hand.cards(1)
    assert hand.to_act == 2  # seats 2 and 3 are not asked to bid: nothing beats a 4


def test_pitching_a_card_you_do_not_hold():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "^QS", "You do not hold Q♠", code="card_not_held")


def test_a_called_four_does_not_end_the_auction_the_players_after_it_can_only_pass():
    hand = run(deal(DEAL_A, dealer=3), "pass 4")
    assert hand.in_auction and hand.contract is None
    assert hand.to_act == 2 and legal_tokens(hand) == ["pass"]
    illegal(hand, "4", "A 4 has been called: you can only pass", code="must_pass")
    illegal(hand, "^JS", "A 4 has been called: you can only pass", code="must_pass")
    run(hand, "pass")
    # The dealer may not steal a 4 by default: pass is all that is left.
    assert hand.to_act == 3 and legal_tokens(hand) == ["pass"]
    illegal(hand, "4", "A 4 has been called: you can only pass", code="must_pass")
    illegal(hand, "^QH", "A 4 has been called: you can only pass", code="must_pass")
    run(hand, "pass")
    assert hand.summary()["contract"] == {"seat": 1, "bid": 4, "trump": None, "made": None}
    assert hand.to_act == 1  # the bidder leads any card
    assert sorted(legal_tokens(hand)) == sorted(["QS", "5S", "9H", "10H", "5D", "6C"])
    assert [a.to_record() for a in hand.actions] == [
        {"seat": 0, "call": "pass"},
        {"seat": 1, "call": "4"},
        {"seat": 2, "call": "pass"},
        {"seat": 3, "call": "pass"},
    ]


@pytest.mark.parametrize("steal", ["up_to_3", "never"])
def test_a_called_four_by_the_first_seat_waits_for_everyone(steal):
    hand = run(deal(DEAL_A, dealer=3, dealer_steal=steal), "4")
    for seat in (1, 2, 3):
        assert hand.in_auction and hand.to_act == seat and legal_tokens(hand) == ["pass"]
        run(hand, "pass")
    assert hand.pitcher == 0 and hand.bid == 4 and hand.to_act == 0


class TestStuckDealer:
    def test_the_dealer_must_bid_at_least_2_when_nobody_else_has_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "pass pass pass")
        assert legal_tokens(hand) == ["2", "3", "4", *PITCHES_3]
        illegal(
            hand, "pass", "The dealer must bid at least 2 when nobody else has bid", code="must_bid"
        )
        illegal(
            hand, "1", "The dealer must bid at least 2 when nobody else has bid", code="bid_too_low"
        )
        run(hand, "2")
        assert hand.summary()["contract"] == {"seat": 3, "bid": 2, "trump": None, "made": None}

    def test_a_stuck_dealer_may_pitch(self):
        hand = run(deal(DEAL_A, dealer=3), "pass pass pass ^QH")
        assert hand.summary()["contract"] == {"seat": 3, "bid": 4, "trump": "H", "made": None}
        assert hand.to_act == 0

    def test_a_dealer_may_pass_when_someone_has_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "pass 1 pass pass")
        assert hand.summary()["contract"] == {"seat": 1, "bid": 1, "trump": None, "made": None}


class TestSteal:
    def test_the_dealer_steals_at_the_current_high_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "pass 2 pass")
        assert legal_tokens(hand) == ["pass", "2", "3", "4", *PITCHES_3]
        run(hand, "2")
        assert hand.summary()["contract"] == {"seat": 3, "bid": 2, "trump": None, "made": None}
        assert hand.to_act == 3

    def test_nobody_but_the_dealer_may_equal_the_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "3")
        illegal(hand, "3", "Your bid must be higher than 3")

    def test_the_dealer_steals_a_3(self):
        hand = run(deal(DEAL_A, dealer=3), "1 2 3 3")
        assert hand.pitcher == 3 and hand.bid == 3

    def test_a_pitched_4_cannot_be_stolen_by_default(self):
        hand = run(deal(DEAL_A, dealer=3), "pass pass ^JS")
        assert not hand.in_auction and hand.pitcher == 2
        assert hand.to_act == 3
        illegal(hand, "^QH", "The auction is over: you must play a card", code="not_allowed_now")

    def test_never_the_dealer_must_outbid(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="never"), "pass 2 pass")
        assert legal_tokens(hand) == ["pass", "3", "4", *PITCHES_3]
        illegal(
            hand,
            "2",
            "Your bid must be higher than 2: the dealer may not steal at this table",
            code="bid_too_low",
        )
        run(hand, "3")
        assert hand.pitcher == 3 and hand.bid == 3

    def test_never_still_leaves_the_stuck_dealer(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="never"), "pass pass pass")
        assert legal_tokens(hand)[:3] == ["2", "3", "4"]


class TestIncludingFour:
    def test_a_pitched_4_ends_the_auction_whatever_the_options(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "^AS")
        # Nobody can steal a pitched 4: the players after it are not asked.
        assert not hand.in_auction and hand.contract.seat == 0
        assert hand.view_for(1)["trick"]["cards"] == [{"seat": 0, "card": "AS"}]
        assert hand.to_act == 1
        illegal(hand, "^QS", "The auction is over: you must play a card")

    def test_the_dealer_steals_a_called_4_by_calling_4(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass 4 pass")
        assert hand.to_act == 3 and hand.in_auction
        assert legal_tokens(hand) == ["pass", "4", *PITCHES_3]
        run(hand, "4")
        assert hand.summary()["contract"] == {"seat": 3, "bid": 4, "trump": None, "made": None}
        assert hand.to_act == 3  # the dealer leads any card

    def test_the_dealer_steals_a_called_4_by_pitching(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass 4 pass ^AC")
        assert hand.summary()["contract"] == {"seat": 3, "bid": 4, "trump": "C", "made": None}
        assert hand.view_for(0)["trick"]["cards"] == [{"seat": 3, "card": "AC"}]
        assert hand.to_act == 0

    def test_the_players_between_still_only_pass(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "4")
        assert hand.to_act == 1 and legal_tokens(hand) == ["pass"]
        illegal(hand, "4", "A 4 has been called: you can only pass", code="must_pass")

    def test_when_the_dealer_passes_the_caller_keeps_it(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass 4 pass pass")
        assert hand.summary()["contract"] == {"seat": 1, "bid": 4, "trump": None, "made": None}
        assert hand.to_act == 1

    def test_the_dealers_own_pitch_ends_the_auction(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "1 pass pass ^4S")
        assert hand.summary()["contract"] == {"seat": 3, "bid": 4, "trump": "S", "made": None}

    def test_up_to_3_steals_below_4_only(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass 3 pass")
        assert legal_tokens(hand)[:3] == ["pass", "3", "4"]


class TestMinBid:
    def test_min_bid_2_removes_the_bid_of_1(self):
        hand = deal(DEAL_A, dealer=3, min_bid=2)
        assert legal_tokens(hand)[:4] == ["pass", "2", "3", "4"]
        illegal(hand, "1", "The lowest bid at this table is 2", code="bid_too_low")
        run(hand, "pass pass pass")
        assert legal_tokens(hand)[:3] == ["2", "3", "4"]

    def test_min_bid_2_with_a_redeal_lets_the_dealer_pass(self):
        hand = run(deal(DEAL_A, dealer=3, min_bid=2, all_pass="redeal_next"), "pass pass pass")
        assert legal_tokens(hand)[:4] == ["pass", "2", "3", "4"]


class TestPartnerships:
    def test_partners_may_outbid_each_other(self):
        hand = run(deal(DEAL_A, dealer=3, partnerships=True), "2 pass 3 pass")
        assert hand.pitcher == 2 and hand.bid == 3

    def test_the_dealer_may_steal_from_their_partner(self):
        hand = run(deal(DEAL_A, dealer=3, partnerships=True), "pass 2 pass 2")
        assert hand.pitcher == 3 and hand.bid == 2


class TestAllPass:
    @pytest.mark.parametrize("rule", ["redeal_same", "redeal_next"])
    def test_with_a_redeal_the_dealer_may_pass_and_the_hand_is_thrown_in(self, rule):
        hand = run(deal(DEAL_A, dealer=3, all_pass=rule), "pass pass pass")
        assert legal_tokens(hand) == ["pass", "1", "2", "3", "4", *PITCHES_3]
        run(hand, "pass")
        assert hand.is_over and hand.status == "thrown_in"
        assert hand.to_act is None and hand.legal_actions() == []
        assert hand.contract is None and hand.scores() == [0, 0, 0, 0]
        illegal(hand, "pass", "The hand is over", seat=0, code="hand_over")

    def test_with_a_redeal_a_dealer_may_still_bid_1(self):
        hand = run(deal(DEAL_A, dealer=3, all_pass="redeal_same"), "pass pass pass 1")
        assert hand.pitcher == 3 and hand.bid == 1
