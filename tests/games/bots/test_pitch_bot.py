"""The club Pitch bot on hand-built deals, and its strength against random play."""

from __future__ import annotations

import random

from games.bots import choose_action
from games.bots import pitch as bot
from games.engines import pitch
from games.engines.base import Action
from games.engines.cards import parse_card


def deal(hands: list[str], dealer: int = 0, **options) -> pitch.Hand:
    return pitch.Hand.from_deal(
        len(hands), pitch.Options(**options), dealer, {"hands": [h.split() for h in hands]}
    )


def bot_action(hand: pitch.Hand, level: str = "club", seed: int = 0) -> dict:
    seat = hand.to_act
    return choose_action(hand.view_for(seat), level=level, rng=random.Random(seed))


def run(hand: pitch.Hand, *tokens: str) -> None:
    """`pass` or `1`-`4` is a call, `^AS` pitches, any other card plays it (for whoever acts)."""
    for token in " ".join(tokens).split():
        seat = hand.to_act
        if token == "pass" or token.isdigit():
            hand.apply(Action(seat, "call", call=token))
        elif token.startswith("^"):
            hand.apply(Action(seat, "pitch", card=parse_card(token[1:])))
        else:
            hand.apply(Action(seat, "play", card=parse_card(token)))


JUNK = ["3H 5D 7C 8S 4H 6C", "2D 4C 6H 8D 9C 3S", "5H 7D 9S 3C 4D 6S", "2C 5C 7S 9H 4S 8C"]


def test_ace_king_jack_two_bids_three_or_four_and_pitches_the_ace():
    hand = deal(
        ["9D 8H 6C 5S 3D 4C", "AS KS JS 2S 7H 4D", "QH 10C 9C 8C 7C 6H", "5H 4H 3H 2H KD QD"]
    )
    action = bot_action(hand)
    assert action in (
        {"seat": 1, "call": "3"},
        {"seat": 1, "pitch": "AS"},
        {"seat": 1, "call": "4"},
    )
    hand.apply(Action.from_record(action))
    while hand.in_auction:
        hand.apply(Action.from_record(bot_action(hand)))
    assert hand.pitcher == 1
    if hand.trump is None:  # bid by calling: the opening lead is still to come
        assert bot_action(hand) == {"seat": 1, "play": "AS"}
    else:
        assert hand.trump == 0  # spades, pitched with the ace


def test_junk_hand_passes():
    hand = deal(JUNK)
    assert bot_action(hand) == {"seat": 1, "call": "pass"}


def test_stuck_dealer_bids_two_in_its_best_suit():
    hand = deal(["KH QH 10H 3H 5D 7C", *JUNK[1:]], dealer=0)
    run(hand, "pass pass pass")
    assert hand.to_act == 0
    assert bot_action(hand) == {"seat": 0, "call": "2"}
    run(hand, "2")
    assert bot_action(hand) == {"seat": 0, "play": "KH"}


def test_dealer_steals_with_a_hand_worth_it():
    hand = deal(["AH KH JH 2H 5D 7C", *JUNK[1:]], dealer=0)
    run(hand, "2 pass pass")
    assert bot_action(hand) in (
        {"seat": 0, "call": "2"},
        {"seat": 0, "call": "3"},
        {"seat": 0, "call": "4"},
        {"seat": 0, "pitch": "AH"},
    )


def test_dealer_does_not_steal_with_junk():
    hand = deal(JUNK, dealer=0)
    run(hand, "2 pass pass")
    assert bot_action(hand) == {"seat": 0, "call": "pass"}


STRONG = "AH KH 10H 2H QD JD"


def test_dealer_does_not_steal_from_partner():
    hands = ["9D 8H 6C 5S 3D 4C", "AS KS JS 2S 7H 4D", "8D 5C 9C 8C 7C 6H", STRONG]
    alone = deal(hands, dealer=3)
    run(alone, "pass 3 pass")
    assert bot_action(alone) == {"seat": 3, "call": "3"}  # steals from an opponent
    partners = deal(hands, dealer=3, partnerships=True)
    run(partners, "pass 3 pass")
    assert bot_action(partners) == {"seat": 3, "call": "pass"}  # not from its partner


HANDS = ["AS KS QH 5C 9D 3D", "2S 4H 6H 7D 8C 9C", "AH 3H 10D JD QD KD", "3S 5H 8H 9H 10C JC"]


def test_does_not_overtake_partners_winning_card():
    hands = ["AS KS 10H 5C 9D 3D", *HANDS[1:]]
    hand = deal(hands, dealer=3, partnerships=True)
    run(hand, "^AS 2S 10D 3S")  # seat 0 pitches spades and wins the first trick
    run(hand, "10H 4H")
    assert bot_action(hand) == {"seat": 2, "play": "3H"}
    # The same trick won by an opponent is worth taking with the ace.
    alone = deal(hands, dealer=3)
    run(alone, "^AS 2S 10D 3S 10H 4H")
    assert bot_action(alone) == {"seat": 2, "play": "AH"}


def test_feeds_a_ten_to_partners_certain_trick():
    hand = deal(
        ["AS KS QH 5C 9D 3D", "2S 4H 6H 7D 8C 9C", "10S 4S 10D JD QD KD", "3S 5H 8H 9H 10C JC"],
        dealer=3,
        partnerships=True,
    )
    run(hand, "^AS 2S")
    # Partner's ace of trumps cannot be beaten: the ten of trumps joins it.
    assert bot_action(hand) == {"seat": 2, "play": "10S"}


def test_captures_low_when_it_can():
    hand = deal(
        ["AS 9S 8H 7D 6C 5C", "3S 2S 4H 6H 8C 9C", "4S KS 9H 10D JD QD", "5S 5H 8D 9D 10C JC"],
        dealer=3,
    )
    run(hand, "^AS 3S 4S 5S")  # seat 0 wins trick one
    run(hand, "8H 2S")  # seat 1 trumps in with the two
    assert bot_action(hand) == {"seat": 2, "play": "KS"}


def test_keeps_its_jack_out_of_the_aces_trick():
    hand = deal(
        ["AS 9S 8H 7D 6C 5C", "JS 4S 4H 6H 8C 9C", "KS 3H 10D JD QD 4D", "3D 5H 8D 9H 10C JC"],
        dealer=3,
    )
    run(hand, "^AS")
    assert bot_action(hand) == {"seat": 1, "play": "4S"}


def test_sloughs_its_lowest_card_when_it_cannot_win():
    hand = deal(
        ["AS KS QS 5C 9D 3D", "2C 4H 10H 7D 8C 9C", "AH 3H 10D JD QD KD", "3S 5H 8H 9H 10C JC"],
        dealer=3,
    )
    run(hand, "^AS")
    # No spades: seat 1 may play anything; the ten and the face cards are kept.
    assert bot_action(hand) == {"seat": 1, "play": "2C"}


def test_suit_points_counts_high_low_jack_game():
    hand = [parse_card(c) for c in "AS KS JS 2S 7H 4D".split()]
    points = bot.suit_points(hand, 0, 4)
    assert 3.0 < points < 4.0
    assert bot.suit_points(hand, 3, 4) < 1.0
    assert bot.best_suit(hand, 4)[1] == 0


# -- strength --------------------------------------------------------------------------------


def _match(deals: int, seed: int, partnerships: bool) -> tuple[int, int]:
    """Club bots at two opposite seats against easy bots at the other two, over the same deals
    played twice with the seats swapped: (club seats' total, easy seats' total)."""
    club = easy = 0
    for number in range(deals):
        for club_seats in ((0, 2), (1, 3)):
            rng = random.Random(seed * 10_000 + number)
            options = pitch.Options(partnerships=partnerships)
            hand = pitch.Hand.new(4, options, number % 4, rng)
            levels = ["club" if s in club_seats else "easy" for s in range(4)]
            while not hand.is_over:
                seat = hand.to_act
                record = choose_action(hand.view_for(seat), level=levels[seat], rng=rng)
                hand.apply(Action.from_record(record))
            scores = hand.scores()
            club += sum(scores[s] for s in club_seats)
            easy += sum(scores[s] for s in range(4) if s not in club_seats)
    return club, easy


def test_club_bots_beat_random_bots():
    club, easy = _match(100, seed=1, partnerships=False)  # 200 hands
    assert club > 0
    assert club - easy > 200


def test_club_partners_beat_random_partners():
    club, easy = _match(100, seed=2, partnerships=True)
    assert club > 0
    assert club - easy > 200


def test_after_a_called_4_a_strong_hand_can_only_pass():
    hand = deal(["9D 8H 6C 5S 3D 4C", "5H 4H 3H 7H KD QD", "AS KS JS 2S 7D 4D", JUNK[3]], dealer=3)
    run(hand, "pass 4")
    assert hand.in_auction and hand.to_act == 2
    assert bot_action(hand) == {"seat": 2, "call": "pass"}


def test_an_including_4_dealer_steals_a_called_4_with_a_hand_worth_it():
    strong = deal(["AS KS JS 2S 7H 10D", *JUNK[1:]], dealer=0, dealer_steal="including_4")
    run(strong, "4 pass pass")
    assert strong.to_act == 0
    assert bot_action(strong) in ({"seat": 0, "call": "4"}, {"seat": 0, "pitch": "AS"})
    junk = deal(JUNK, dealer=0, dealer_steal="including_4")
    run(junk, "4 pass pass")
    assert bot_action(junk) == {"seat": 0, "call": "pass"}
