"""Five Hundred: the kitty, the partner call, following suit and trick winners (rules: "Play")."""

import random

import pytest

from games.engines import five_hundred as fh
from games.engines.base import Action
from games.engines.cards import parse_card

from .five_hundred_helpers import cards, deal, legal_tokens, run
from .refusals import refused

HEARTS_HAND = "JK JH AH KH QH 10H 9H 8H 7H 6H"
LEFT_BOWER_HAND = "JD AS KS QS JS 10S 9S 8S 7S 6S"
DIAMONDS_HAND = "AD KD QD 10D 9D 8D 7D 6D 5D 4D"


def bower_deal():
    # Seat 3 gets 5S 5C-KC and the kitty is AC 4H 5H.
    return deal(4, {0: HEARTS_HAND, 1: LEFT_BOWER_HAND, 2: DIAMONDS_HAND})


# -- the kitty -------------------------------------------------------------------------------


def test_contractor_takes_the_kitty_and_discards_three():
    hand = run(bower_deal(), "7H pass pass pass pass")
    assert hand.phase.code == "discard" and hand.to_act == 0
    choices = hand.legal_actions()
    assert isinstance(choices, fh.DiscardChoices) and len(choices) == 286
    assert len(list(choices)) == 286 and len(set(choices)) == 286
    legal = hand.legal_records()
    assert len(legal) == 1 and legal[0]["seat"] == 0 and legal[0]["discard"] == 3
    assert sorted(legal[0]["from"]) == sorted(HEARTS_HAND.split() + ["AC", "5H", "4H"])
    view = hand.view_for(0)
    assert len(view["hand"]) == 13 and view["kitty"] == ["AC", "4H", "5H"]
    other = hand.view_for(1)
    assert other["kitty"] is None and "AC" not in str(other)
    # The Joker and kitty cards may be discarded, in any order.
    assert Action(0, "discard", cards=tuple(cards("JK AC 4H"))) in choices
    assert Action(0, "discard", cards=tuple(cards("4H AC JK"))) in choices
    run(hand, "discard:AC,6H,5H")
    assert hand.phase.code == "play" and hand.to_act == 0
    assert sorted(map(str, hand.hand_of(0))) == sorted(HEARTS_HAND.replace("6H", "4H").split())
    assert set(hand.view_for(0)["discards"]) == {"AC", "6H", "5H"}
    assert hand.view_for(0)["kitty"] is None
    for seat in (1, 2, 3):
        view = hand.view_for(seat)
        assert view["discards"] is None and "6H" not in str(view)


@pytest.mark.parametrize(
    ("token", "message"),
    [
        ("discard:AC,5H", "exactly three cards, not 2"),
        ("discard:AC,5H,5H", "cannot discard 5♥ twice"),
        ("discard:AC,5H,AS", "You do not hold A♠"),
    ],
)
def test_bad_discards(token, message):
    hand = run(bower_deal(), "7H pass pass pass pass")
    before = hand.full_view()
    with refused(message):
        run(hand, token)
    assert hand.full_view() == before


def test_discard_choices_index_and_sample():
    hand = run(bower_deal(), "7H pass pass pass pass")
    choices = hand.legal_actions()
    assert choices[0].cards == tuple(choices.cards[:3])
    assert choices[-1].cards == tuple(choices.cards[-3:])
    assert choices[5:7] == [choices[5], choices[6]]
    rng = random.Random(4)
    for _ in range(20):
        assert hand.sample_action(rng) in choices
    assert Action(1, "discard", cards=choices[0].cards) not in choices
    hand.apply(rng.choice(choices))
    assert hand.phase.code == "play"


# -- following suit and the bowers -----------------------------------------------------------


def test_left_bower_must_follow_trumps():
    hand = run(bower_deal(), "7H pass pass pass pass discard:AC,5H,4H", "JK")
    assert legal_tokens(hand) == ["JD"]
    with refused(r"You must follow trumps \(hearts\): you hold J♦"):
        run(hand, "AS")
    run(hand, "JD")
    assert len(legal_tokens(hand)) == 10  # seat 2 has no trumps
    run(hand, "AD 5S")
    assert hand.tricks_won == [1, 0, 0, 0] and hand.to_act == 0


def test_left_bower_is_not_a_diamond():
    hand = deal(
        4,
        {
            0: "AD JK JH AH KH QH 10H 9H 8H 7H",
            1: LEFT_BOWER_HAND,
            2: "KD QD 10D 9D 8D 7D 6D 5D 4D 6H",
        },
    )
    run(hand, "7H/sk pass pass pass pass", "AD")
    assert len(legal_tokens(hand)) == 10  # seat 1's JD is a trump: void in diamonds
    run(hand, "JD")
    assert legal_tokens(hand) == ["KD", "QD", "10D", "9D", "8D", "7D", "6D", "5D", "4D"]
    with refused("You must follow diamonds"):
        run(hand, "6H")
    run(hand, "4D")
    run(hand, legal_tokens(hand)[0])
    assert hand.tricks_won[1] == 1  # the left bower trumps the ace of diamonds


def test_highest_of_led_suit_wins_without_trumps():
    hand = deal(4, {0: "AS KS QS JS 10S 9S 8S 7S 6S 5S", 1: "AC KC QC JC 10C 9C 8C 7C 6C 5C"})
    run(hand, "6NT/sk pass pass pass pass", "5S AC")
    run(hand, legal_tokens(hand)[0])
    run(hand, legal_tokens(hand)[0])
    assert hand.tricks_won[0] == 1  # an off-suit ace does not win


def test_not_your_turn_and_not_held():
    hand = run(bower_deal(), "7H pass pass pass pass discard:AC,5H,4H")
    before = hand.full_view()
    with refused("It is not your turn: seat 0 is to play"):
        hand.apply(Action(1, "play", card=parse_card("AS")))
    with refused("You do not hold A♠"):
        hand.apply(Action(0, "play", card=parse_card("AS")))
    with refused("The auction is over"):
        hand.apply(Action(0, "call", call="8H"))
    with refused("name a suit only"):
        hand.apply(Action(0, "play", card=parse_card("JK"), suit=0))
    assert hand.full_view() == before


def test_trick_and_last_trick_in_the_view():
    hand = run(bower_deal(), "7H pass pass pass pass discard:AC,5H,4H", "JK JD")
    view = hand.view_for(3)
    assert view["trick"] == {
        "leader": 0,
        "led": "H",
        "cards": [{"seat": 0, "card": "JK"}, {"seat": 1, "card": "JD"}],
    }
    assert view["last_trick"] is None
    run(hand, "AD 5S")
    view = hand.view_for(3)
    assert view["trick"]["cards"] == [] and view["trick"]["leader"] == 0
    assert view["last_trick"]["winner"] == 0 and len(view["last_trick"]["cards"]) == 4
    assert view["tricks_won"] == [1, 0, 0, 0]


# -- the five-player partner call ------------------------------------------------------------


def five_deal():
    return deal(5, {0: HEARTS_HAND, 2: "AS KS QS JS 10S 9S 8S 7S 6S 5S"}, kitty="AC 5H 4H")


def test_five_player_partner_call():
    hand = run(five_deal(), "7H pass pass pass pass pass discard:5H,4H,6H")
    assert hand.phase.code == "call_partner" and hand.to_act == 0
    legal = hand.legal_actions()
    assert len(legal) == 52 and all(a.kind == "call_partner" for a in legal)
    with refused("any card but the Joker"):
        run(hand, "partner:JK")
    run(hand, "partner:AS")
    assert hand.phase.code == "play" and hand.contracting_seats() == (0, 2)
    assert hand.view_for(1)["called_partner"] == {"card": "AS", "seat": None}
    assert hand.view_for(2)["called_partner"] == {"card": "AS", "seat": 2}
    assert hand.view_for(0)["called_partner"] == {"card": "AS", "seat": None}
    assert hand.full_view()["called_partner"]["seat"] == 2
    run(hand, "JK")
    while hand.to_act != 2:
        run(hand, legal_tokens(hand)[0])
    run(hand, "AS")
    assert hand.view_for(1)["called_partner"] == {"card": "AS", "seat": 2}


def test_five_player_calling_own_card_plays_alone():
    hand = run(five_deal(), "7H pass pass pass pass pass discard:5H,4H,6H", "partner:AH")
    assert hand.contracting_seats() == (0,)
    assert hand.view_for(0)["called_partner"]["seat"] == 0


def test_five_player_calling_a_discarded_card_plays_alone():
    hand = run(five_deal(), "7H pass pass pass pass pass discard:5H,4H,AC", "partner:AC")
    assert hand.contracting_seats() == (0,)
    assert hand.view_for(0)["called_partner"] == {"card": "AC", "seat": 0}
    assert hand.view_for(1)["called_partner"] == {"card": "AC", "seat": None}


def test_five_player_misere_has_no_partner_call():
    hand = run(five_deal(), "open_misere pass pass pass pass pass discard:5H,4H,AC")
    assert hand.phase.code == "play" and hand.view_for(1)["sitting_out"] is None
    assert hand.contracting_seats() == (0,)


def test_partner_call_out_of_turn_and_of_the_pack():
    hand = run(five_deal(), "7H pass pass pass pass pass discard:5H,4H,6H")
    with refused("seat 0 is to call a partner's card"):
        hand.apply(Action(1, "call_partner", card=parse_card("AS")))
    with refused("must call a partner's card"):
        run(hand, "JK")


def test_trick_sizes_per_player_count():
    for players in (2, 3, 5, 6):
        hand = deal(players)
        seat = hand.to_act
        run(hand, "7NT/sk " + "pass " * players)
        assert hand.contractor == seat and hand.phase.code in ("play", "call_partner")
        if hand.phase.code == "call_partner":
            run(hand, "partner:AS")
        for _ in range(players):
            run(hand, legal_tokens(hand)[0])
        assert len(hand.full_view()["history"][0]["cards"]) == players


def test_two_player_dead_hand_is_never_played_or_seen():
    hand = deal(2, dead="7S 8S 9S 10S JS QS KS AS 7C 8C")
    rng = random.Random(1)
    while not hand.is_over:
        for seat in (0, 1):
            assert "AS" not in str(hand.view_for(seat))
        hand.apply(rng.choice(hand.legal_actions()))
    if not hand.thrown_in:
        assert sum(hand.tricks_won) in range(1, 11)
    assert hand.full_view()["dead"][-1] == "8C"
