"""Pitch play: trumps from the first lead, following, winning tricks, six tricks."""

from games.engines.base import Action
from games.engines.cards import HEARTS, SPADES, parse_card

from .pitch_helpers import (
    DEAL_A,
    DEAL_B,
    PLAY_A_PITCH,
    PLAY_B,
    deal,
    illegal,
    legal_tokens,
    run,
)


def last_trick(hand):
    return hand.view_for(0)["last_trick"]


def test_the_pitchers_first_lead_sets_trumps():
    hand = run(deal(DEAL_B, dealer=3), PLAY_B[0])
    assert hand.trump is None and hand.to_act == 0
    assert sorted(legal_tokens(hand)) == sorted(["3H", "2H", "4C", "5C", "6C", "7C"])
    run(hand, "3H")
    assert hand.trump == HEARTS
    assert hand.summary()["contract"]["trump"] == "H"


def test_when_trumps_are_led_you_must_follow_with_a_trump():
    hand = run(deal(DEAL_A, dealer=3), "^AS")
    assert hand.trump == SPADES
    assert legal_tokens(hand) == ["QS", "5S"]
    illegal(hand, "9H", "You must follow trumps (spades): you hold Q♠, 5♠")


def test_the_message_names_the_one_trump_held():
    hand = run(deal(DEAL_B, dealer=3), PLAY_B[0], "3H AH")
    illegal(hand, "3S", "You must follow trumps (hearts): you hold 7♥, 5♥")
    hand = run(deal(DEAL_A, dealer=3), "pass 2 pass pass 10H")
    illegal(hand, "KD", "You must follow trumps (hearts): you hold A♥")


def test_when_another_suit_is_led_you_may_follow_or_trump_even_if_you_could_follow():
    hand = run(deal(DEAL_A, dealer=3), PLAY_A_PITCH[0], "3D")
    assert sorted(legal_tokens(hand)) == ["5D", "QS"]
    illegal(hand, "9H", "You must follow diamonds or play a trump: you hold 5♦")
    run(hand, "QS KD 9D")
    trick = last_trick(hand)
    assert trick["winner"] == 1  # the trump beats the king of the suit led
    assert hand.to_act == 1  # the winner leads


def test_with_no_card_of_the_suit_led_you_may_play_anything():
    hand = run(deal(DEAL_B, dealer=3), *PLAY_B[:4], "4D")
    # Seat 0 holds only clubs: no diamonds, no trumps left.
    assert hand.to_act == 0
    assert sorted(legal_tokens(hand)) == ["5C", "6C", "7C"]
    run(hand, "5C")


def test_void_in_the_suit_led_you_may_trump_or_discard():
    hand = run(deal(DEAL_B, dealer=3), *PLAY_B[:2], "8D")
    # Seat 2 has no diamonds: any card, a trump included.
    assert sorted(legal_tokens(hand)) == sorted(["7H", "3S", "4S", "5S", "6S"])


def test_the_highest_trump_wins():
    hand = run(deal(DEAL_B, dealer=3), *PLAY_B[:3])
    assert last_trick(hand) == {
        "leader": 1,
        "led": "D",
        "cards": [
            {"seat": 1, "card": "8D"},
            {"seat": 2, "card": "7H"},
            {"seat": 3, "card": "3D"},
            {"seat": 0, "card": "2H"},
        ],
        "winner": 2,
    }
    assert hand.to_act == 2


def test_without_trumps_the_highest_card_of_the_suit_led_wins():
    three = ["2S 3S 9D 4C 5C 6C", "AH KH QH 5D 7C 8C", "2H 3H 4H 10D 9C 10C"]
    hand = run(deal(three, dealer=2), "2 pass pass", "2S AH 2H", "3S KH 3H", "9D 5D 10D")
    # No spade (trumps) was played to the third trick: the 10 of diamonds wins it.
    assert last_trick(hand)["winner"] == 2
    # Seat 2 leads the 4 of hearts; seat 1's queen of hearts takes it.
    run(hand, "4H 4C QH")
    assert last_trick(hand)["winner"] == 1


def test_an_off_suit_card_never_wins():
    three = ["2S 3S 9D 4C 5C 6C", "AH KH QH 5D 7C 8C", "2H 3H 4H 10D 9C 10C"]
    hand = run(deal(three, dealer=2), "2 pass pass", "2S AH 2H")
    # The ace of hearts outranks the 2 of spades, but spades were led (and are trumps).
    assert last_trick(hand)["winner"] == 0


def test_six_tricks_are_played_and_then_the_hand_is_over():
    hand = deal(DEAL_A, dealer=3)
    for number, step in enumerate(PLAY_A_PITCH):
        assert not hand.is_over
        run(hand, step)
        assert sum(hand.tricks_won) == number + 1
    assert hand.is_over and hand.status == "complete"
    assert hand.to_act is None and hand.legal_actions() == []
    assert all(hand.cards(seat) == () for seat in range(4))
    illegal(hand, Action(0, "play", card=parse_card("AS")), "The hand is over")


def test_plays_out_of_turn_or_of_cards_not_held_are_refused():
    hand = run(deal(DEAL_A, dealer=3), "^AS")
    illegal(hand, "3S", "It is not your turn: seat 1 is to play", seat=2, code="not_your_turn")
    illegal(hand, "JS", "You do not hold J♠", code="card_not_held")
    illegal(hand, "pass", "The auction is over: you must play a card", code="not_allowed_now")
    illegal(hand, "^QS", "The auction is over: you must play a card", code="not_allowed_now")
    illegal(
        hand,
        Action(1, "play", card=parse_card("QS"), suit=0),
        "A play in Pitch names only its card",
    )
    illegal(
        hand, Action(9, "play", card=parse_card("QS")), "There is no seat 9 at a 4-player table"
    )


def test_legal_actions_are_interned():
    hand = run(deal(DEAL_A, dealer=3), "^AS")
    first = hand.legal_actions()
    second = hand.legal_actions()
    assert all(a is b for a, b in zip(first, second, strict=True))
    assert first[0] == Action(1, "play", card=parse_card("QS"))
