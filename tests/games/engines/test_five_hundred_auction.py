"""Five Hundred: the auction (rules: "Bidding" and the bidding options)."""

import pytest

from games.engines import five_hundred as fh
from games.engines.base import Action
from games.engines.cards import parse_card

from .five_hundred_helpers import calls, deal, run
from .refusals import refused


def names(order):
    return [c.call for c in order]


def test_explicit_call_order_default():
    order = names(fh.call_order())
    assert order[:11] == [
        "6S",
        "6C",
        "6D",
        "6H",
        "6NT",
        "7S",
        "7C",
        "7D",
        "7H",
        "7NT",
        "misere",
    ]
    assert order[-5:] == ["10D", "open_misere", "blind_misere", "10H", "10NT"]
    ranks = {c.call: c.rank for c in fh.call_order()}
    assert ranks["open_misere"] == ranks["blind_misere"]
    assert ranks["7NT"] < ranks["misere"] < ranks["8S"]


def test_misere_rank_after_8s():
    ranks = {c.call: c.rank for c in fh.call_order("after_8s")}
    assert ranks["7NT"] < ranks["8S"] < ranks["misere"] < ranks["8C"]


def test_bids_are_ordered_by_rank_not_score():
    # Misère (250) is below 8S (240) in the order: 8S may be bid over misère.
    hand = run(deal(), "7H misere")
    assert "8S" in calls(hand)
    run(hand, "8S")
    assert hand.view_for(0)["high_bid"]["call"] == "8S"


def test_after_8s_misere_sits_between_8s_and_8c():
    hand = run(deal(misere_rank="after_8s"), "8S")
    assert "misere" in calls(hand)
    run(hand, "misere")
    legal = calls(hand)
    assert "8S" not in legal and "8C" in legal


def test_first_call_offers_everything_but_misere():
    legal = calls(deal())
    assert legal[0] == "pass"
    assert "6S" in legal and "10NT" in legal
    assert "open_misere" in legal and "blind_misere" in legal
    assert "misere" not in legal


def test_misere_needs_a_seven_bid():
    hand = run(deal(), "6H")
    assert "misere" not in calls(hand)
    with refused("seven or more"):
        run(hand, "misere")
    run(hand, "7S")
    assert "misere" in calls(hand)


def test_misere_without_a_seven_when_the_table_allows_it():
    hand = deal(misere_needs_seven=False)
    assert "misere" in calls(hand)
    run(hand, "6H")
    assert "misere" in calls(hand)


def test_no_misere_option_removes_all_three():
    hand = run(deal(misere=False), "7S")
    legal = calls(hand)
    assert not {"misere", "open_misere", "blind_misere"} & set(legal)
    with refused("without misère"):
        run(hand, "open_misere")


def test_misere_is_not_available_above_its_rank():
    hand = run(deal(), "8S")
    assert "misere" not in calls(hand)
    with refused("must be higher than 8♠"):
        run(hand, "misere")


def test_open_misere_any_time_even_first():
    hand = run(deal(), "open_misere")
    legal = calls(hand)
    assert legal == ["pass", "10H", "10NT"]


def test_blind_misere_only_as_first_call():
    hand = run(deal(), "6S 7S pass pass")
    assert hand.to_act == 0
    assert "blind_misere" not in calls(hand)
    assert "open_misere" in calls(hand)
    with refused("first call"):
        run(hand, "blind_misere")


def test_blind_misere_not_over_open_misere():
    hand = run(deal(), "open_misere")
    with refused("must be higher"):
        run(hand, "blind_misere")


def test_looking_at_cards_removes_blind_misere_and_shows_them():
    hand = run(deal(), "6S")
    seat = hand.to_act
    view = hand.view_for(seat)
    assert view["hand"] is None and view["hand_hidden"] is True
    assert view["hand_sizes"][seat] == 10
    assert {"seat": seat, "call": "blind_misere"} in view["legal"]
    hand.reveal_to(seat)
    assert hand.has_looked(seat)
    view = hand.view_for(seat)
    assert view["hand_hidden"] is False and len(view["hand"]) == 10
    assert "blind_misere" not in calls(hand)
    with refused("looked at your cards"):
        run(hand, "blind_misere")


def test_cards_shown_once_blind_misere_is_impossible():
    hand = run(deal(), "6S")
    assert hand.view_for(0)["hand"] is not None  # seat 0 has called
    assert hand.view_for(3)["hand"] is None  # not yet called, not looked
    run(hand, "10D")  # below open misère: still possible for seats 2 and 3
    assert hand.view_for(3)["hand"] is None
    run(hand, "10H")  # above open misère: blind misère is gone for everyone
    assert hand.view_for(3)["hand"] is not None


def test_blind_misere_bid_and_played():
    hand = run(deal(), "blind_misere pass pass pass")
    assert hand.to_act == 0 and calls(hand) == ["pass", "10H", "10NT"]  # the final raise
    run(hand, "pass")
    assert hand.contract.call == "blind_misere"
    assert hand.phase.code == "discard"
    assert hand.view_for(0)["hand"] is not None


def test_passes_are_final():
    hand = run(deal(), "pass 6S pass 7S")
    assert hand.to_act == 1
    run(hand, "7H")
    assert hand.to_act == 3
    with refused("not your turn: seat 3"):
        hand.apply(Action(0, "call", call="8S"))


def test_final_raise_after_the_others_pass():
    hand = run(deal(), "7H pass pass pass")
    assert hand.phase.code == "auction" and hand.to_act == 0
    assert hand.view_for(0)["final_raise"] is True
    legal = calls(hand)
    assert legal[0] == "pass" and "7NT" in legal and "7H" not in legal
    assert "misere" in legal and "blind_misere" not in legal
    run(hand, "8H")
    assert hand.phase.code == "discard"
    assert hand.contract.call == "8H" and hand.contractor == 0


def test_final_raise_may_be_declined():
    hand = run(deal(), "7H pass pass pass pass")
    assert hand.contract.call == "7H" and hand.phase.code == "discard"


def test_final_raise_when_a_pass_follows_the_late_high_bid():
    hand = run(deal(), "pass pass 7H pass")
    assert hand.phase.code == "auction" and hand.to_act == 2


def test_dealer_bidding_after_all_passed_gets_no_second_call():
    hand = run(deal(), "pass pass pass 6S")
    assert hand.phase.code == "discard" and hand.contractor == 3


def test_nobody_is_asked_to_raise_10nt():
    hand = run(deal(), "10NT pass pass pass")
    assert hand.phase.code == "discard" and hand.contract.call == "10NT"


def test_no_final_raise_option():
    hand = run(deal(final_raise=False), "7H pass pass pass")
    assert hand.phase.code == "discard"


def test_one_round_bidding():
    hand = run(deal(bidding="one_round"), "6S pass")
    assert hand.to_act == 2
    run(hand, "7H")
    assert hand.to_act == 3
    run(hand, "pass")
    assert hand.phase.code == "discard" and hand.contractor == 2 and hand.contract.call == "7H"


def test_one_round_everyone_calls_once_and_no_raise():
    hand = run(deal(bidding="one_round"), "7H pass pass pass")
    assert hand.phase.code == "discard" and hand.contractor == 0


def test_all_pass_throws_in():
    hand = run(deal(), "pass pass pass pass")
    assert hand.is_over and hand.thrown_in
    assert hand.summary() == {
        "status": "thrown_in",
        "contract": None,
        "tricks": [0, 0, 0, 0],
        "scores": [0, 0, 0, 0],
        "to_act": None,
        "legal": [],
    }
    assert fh.next_dealer(hand) == 0
    with refused("over"):
        hand.apply(Action(0, "call", call="pass"))


def test_one_round_all_pass_throws_in():
    hand = run(deal(bidding="one_round"), "pass pass pass pass")
    assert hand.thrown_in


def test_sans_kitty_skips_the_exchange():
    hand = run(deal(), "7H/sk pass pass pass pass")
    assert hand.contract.call == "7H"
    assert hand.summary()["contract"] == {"seat": 0, "call": "7H", "sans_kitty": True}
    assert hand.phase.code == "play" and hand.to_act == 0
    assert len(hand.hand_of(0)) == 10


def test_every_bid_is_listed_with_and_without_sans_kitty():
    hand = deal()
    legal = hand.legal_actions()
    plain = [a for a in legal if a.call != "pass" and not a.sans_kitty]
    sans = [a for a in legal if a.sans_kitty]
    assert len(plain) == len(sans)
    assert all(r.keys() == {"seat", "call"} for r in hand.legal_records())


def test_misere_may_be_bid_sans_kitty():
    hand = run(deal(), "open_misere/sk pass pass pass pass")
    assert hand.phase.code == "play"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        (Action(1, "call", call="6S"), "It is not your turn: seat 0 is to call"),
        (Action(9, "call", call="6S"), "There is no seat 9"),
        (Action(0, "call", call="pass", sans_kitty=True), "A pass cannot be sans kitty"),
        (Action(0, "call", call="11H"), "'11H' is not a Five Hundred call"),
        (Action(0, "call", call="4"), "'4' is not a Five Hundred call"),
        (Action(0, "pitch", card=parse_card("AS")), "no pitching in Five Hundred"),
        (Action(0, "play", card=parse_card("AS")), "you must call"),
        (Action(0, "discard", cards=()), "you must call"),
    ],
)
def test_illegal_calls_explain_and_change_nothing(action, message):
    hand = run(deal(), "")
    before = hand.full_view()
    with refused(message):
        hand.apply(action)
    assert hand.full_view() == before


def test_bid_must_be_higher():
    hand = run(deal(), "7NT")
    before = hand.full_view()
    with refused("higher than 7 no-trumps: 7♥ is not"):
        run(hand, "7H")
    assert hand.full_view() == before
