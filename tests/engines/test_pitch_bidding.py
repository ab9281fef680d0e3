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
    assert hand.contract() == {"seat": 1, "bid": 2, "trump": None, "made": None}
    assert hand.to_act == 1  # the pitcher leads


def test_first_bidder_may_pass_or_bid_1_to_4_or_pitch_any_card():
    hand = deal(DEAL_A, dealer=3)
    assert legal_tokens(hand) == ["pass", "1", "2", "3", "4", *PITCHES_0]


def test_each_bid_must_be_higher_than_the_last():
    hand = run(deal(DEAL_A, dealer=3), "2")
    assert legal_tokens(hand)[:3] == ["pass", "3", "4"]
    illegal(hand, "2", "Your bid must be higher than 2")
    illegal(hand, "1", "Your bid must be higher than 2")
    run(hand, "3")
    illegal(hand, "3", "Your bid must be higher than 3")


def test_a_bid_is_pass_or_one_to_four():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "5", "A bid in Pitch is 1, 2, 3 or 4 (or pass), not '5'")
    seven_hearts = Action(0, "call", call="7H")
    illegal(hand, seven_hearts, "A bid in Pitch is 1, 2, 3 or 4 (or pass), not '7H'")


def test_only_the_player_to_act_may_bid():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "2", "It is not your turn: it is seat 0's turn", seat=2)


def test_nothing_but_bids_during_the_auction():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "AS", "The auction is not over yet: pass, bid or pitch a card")
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
    assert hand.contract() == {"seat": 1, "bid": 4, "trump": "S", "made": None}
    assert hand.view_for(2)["trick"] == {"leader": 1, "cards": [{"seat": 1, "card": "5S"}]}
    assert parse_card("5S") not in hand.cards(1)
    assert hand.to_act == 2  # seats 2 and 3 are not asked to bid: nothing beats a 4


def test_pitching_a_card_you_do_not_hold():
    hand = deal(DEAL_A, dealer=3)
    illegal(hand, "^QS", "You do not hold Q♠")


def test_a_called_four_ends_the_auction_and_the_bidder_leads_any_card():
    hand = run(deal(DEAL_A, dealer=3), "pass 4")
    assert hand.contract() == {"seat": 1, "bid": 4, "trump": None, "made": None}
    assert hand.to_act == 1
    assert sorted(legal_tokens(hand)) == sorted(["QS", "5S", "9H", "10H", "5D", "6C"])


class TestStuckDealer:
    def test_the_dealer_must_bid_at_least_2_when_nobody_else_has_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "pass pass pass")
        assert legal_tokens(hand) == ["2", "3", "4", *PITCHES_3]
        illegal(hand, "pass", "The dealer must bid at least 2 when nobody else has bid")
        illegal(hand, "1", "The dealer must bid at least 2 when nobody else has bid")
        run(hand, "2")
        assert hand.contract() == {"seat": 3, "bid": 2, "trump": None, "made": None}

    def test_a_stuck_dealer_may_pitch(self):
        hand = run(deal(DEAL_A, dealer=3), "pass pass pass ^QH")
        assert hand.contract() == {"seat": 3, "bid": 4, "trump": "H", "made": None}
        assert hand.to_act == 0

    def test_a_dealer_may_pass_when_someone_has_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "pass 1 pass pass")
        assert hand.contract() == {"seat": 1, "bid": 1, "trump": None, "made": None}


class TestSteal:
    def test_the_dealer_steals_at_the_current_high_bid(self):
        hand = run(deal(DEAL_A, dealer=3), "pass 2 pass")
        assert legal_tokens(hand) == ["pass", "2", "3", "4", *PITCHES_3]
        run(hand, "2")
        assert hand.contract() == {"seat": 3, "bid": 2, "trump": None, "made": None}
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
        illegal(hand, "^QH", "The auction is over: play a card")

    def test_never_the_dealer_must_outbid(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="never"), "pass 2 pass")
        assert legal_tokens(hand) == ["pass", "3", "4", *PITCHES_3]
        illegal(hand, "2", "Your bid must be higher than 2: the dealer may not steal at this table")
        run(hand, "3")
        assert hand.pitcher == 3 and hand.bid == 3

    def test_never_still_leaves_the_stuck_dealer(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="never"), "pass pass pass")
        assert legal_tokens(hand)[:3] == ["2", "3", "4"]


class TestIncludingFour:
    def test_a_pitch_waits_for_the_dealer_who_may_steal_it_by_pitching(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "^AS")
        # The players between are not asked; the dealer may pass or pitch a card of their own.
        assert hand.in_auction and hand.to_act == 3
        assert hand.contract() is None
        assert legal_tokens(hand) == ["pass", *PITCHES_3]
        assert hand.view_for(1)["pitched"] == {"seat": 0, "card": "AS"}
        assert hand.view_for(1)["trick"]["cards"] == []
        illegal(hand, "4", "To steal a bid of 4, pitch the card you will lead")
        run(hand, "^QH")
        # The dealer's card is the opening lead; the first pitcher takes the ace back.
        assert hand.contract() == {"seat": 3, "bid": 4, "trump": "H", "made": None}
        assert parse_card("AS") in hand.cards(0)
        assert hand.view_for(0)["trick"]["cards"] == [{"seat": 3, "card": "QH"}]
        assert hand.to_act == 0
        assert legal_tokens(hand) == ["2H"]  # hearts are trumps and must be followed

    def test_when_the_dealer_passes_the_pitched_card_is_the_lead(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass ^9H pass")
        assert hand.contract() == {"seat": 1, "bid": 4, "trump": "H", "made": None}
        assert hand.view_for(0)["trick"]["cards"] == [{"seat": 1, "card": "9H"}]
        assert hand.to_act == 2

    def test_a_called_4_is_also_stolen_by_pitching(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass 4")
        assert hand.to_act == 3 and hand.in_auction
        illegal(hand, "4", "To steal a bid of 4, pitch the card you will lead")
        run(hand, "^AC")
        assert hand.contract() == {"seat": 3, "bid": 4, "trump": "C", "made": None}

    def test_the_dealers_own_pitch_ends_the_auction(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "1 pass pass ^4S")
        assert hand.contract() == {"seat": 3, "bid": 4, "trump": "S", "made": None}

    def test_up_to_3_steals_below_4_only(self):
        hand = run(deal(DEAL_A, dealer=3, dealer_steal="including_4"), "pass 3 pass")
        assert legal_tokens(hand)[:3] == ["pass", "3", "4"]


class TestMinBid:
    def test_min_bid_2_removes_the_bid_of_1(self):
        hand = deal(DEAL_A, dealer=3, min_bid=2)
        assert legal_tokens(hand)[:4] == ["pass", "2", "3", "4"]
        illegal(hand, "1", "The lowest bid at this table is 2")
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
        assert hand.contract() is None and hand.scores() == [0, 0, 0, 0]
        illegal(hand, "pass", "The hand is over", seat=0)

    def test_with_a_redeal_a_dealer_may_still_bid_1(self):
        hand = run(deal(DEAL_A, dealer=3, all_pass="redeal_same"), "pass pass pass 1")
        assert hand.pitcher == 3 and hand.bid == 1
