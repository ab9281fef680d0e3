"""The club Five Hundred bot on hand-built deals, and its strength against random play."""

from __future__ import annotations

import random

import pytest

from games.bots import BOT_LEVELS, choose_action
from games.bots import five_hundred as bot
from games.engines import five_hundred as fh
from games.engines.base import Action
from games.engines.cards import parse_card

RNG_SEED = 0


def deal(
    players: int = 4,
    fixed: dict[int, str] | None = None,
    kitty: str | None = None,
    dealer: int | None = None,
    **options,
) -> fh.Hand:
    """A hand whose named seats (and kitty) hold the given cards; the other seats get the rest
    of the pack in pack order. The dealer defaults to the last seat, so seat 0 calls first."""
    fixed = fixed or {}
    taken = {parse_card(t) for text in fixed.values() for t in text.split()}
    if kitty:
        taken |= {parse_card(t) for t in kitty.split()}
    rest = [str(c) for c in fh.PACKS[players] if c not in taken]
    hands = []
    for seat in range(players):
        if seat in fixed:
            hands.append(fixed[seat].split())
        else:
            hands.append(rest[:10])
            rest = rest[10:]
    if kitty:
        kitty_cards = kitty.split()
    else:
        kitty_cards, rest = rest[:3], rest[3:]
    record = {"hands": hands, "kitty": kitty_cards}
    if players == 2:
        record["dead"], rest = rest[:10], rest[10:]
    assert not rest
    dealer = players - 1 if dealer is None else dealer
    return fh.Hand.from_deal(players, fh.Options(**options), dealer, record)


def bot_action(hand: fh.Hand, level: str = "club") -> dict:
    seat = hand.to_act
    hand.reveal_to(seat)
    return choose_action(hand.view_for(seat), level=level, rng=random.Random(RNG_SEED))


def apply(hand: fh.Hand, *records: dict) -> None:
    for record in records:
        hand.apply(Action.from_record(record))


def calls(hand: fh.Hand, *texts: str) -> None:
    """Apply calls in turn for whoever is to act."""
    for text in texts:
        hand.apply(Action(hand.to_act, "call", call=text))


def contract(hand: fh.Hand, call: str, discard: str | None = None, sans: bool = False) -> None:
    """Seat 0 (first to call) bids `call`, everyone passes, seat 0 declines the final raise and
    discards the given cards."""
    hand.apply(Action(0, "call", call=call, sans_kitty=sans))
    while hand.phase.code == "auction":
        calls(hand, "pass")
    if discard is not None:
        apply(hand, {"seat": 0, "discard": discard.split()})


def play(hand: fh.Hand, *cards: str) -> None:
    for text in cards:
        hand.apply(Action(hand.to_act, "play", card=parse_card(text)))


# -- the interface -------------------------------------------------------------------------


def test_levels_are_described():
    assert set(BOT_LEVELS) == {"easy", "club", "expert"}
    assert all(isinstance(text, str) and text for text in BOT_LEVELS.values())


def test_unknown_level_or_game_is_refused():
    hand = deal()
    view = hand.view_for(0)
    with pytest.raises(ValueError):
        choose_action(view, level="grandmaster", rng=random.Random(1))
    with pytest.raises(ValueError):
        choose_action({**view, "game": "bridge"}, rng=random.Random(1))


def test_easy_discard_is_three_cards_from_the_thirteen():
    hand = deal()
    contract(hand, "6H")
    view = hand.view_for(0)
    action = choose_action(view, level="easy", rng=random.Random(3))
    assert action["seat"] == 0
    assert len(action["discard"]) == 3 and len(set(action["discard"])) == 3
    assert set(action["discard"]) <= set(view["legal"][0]["from"])
    hand.apply(Action.from_record(action))


def test_easy_bids_only_from_legal():
    hand = deal()
    calls(hand, "8H")
    for seed in range(30):
        action = choose_action(hand.view_for(1), level="easy", rng=random.Random(seed))
        assert action in hand.view_for(1)["legal"]


def test_hidden_hand_passes():
    """Blind misère still possible and the cards not shown: the bot simply passes."""
    hand = deal()
    view = hand.view_for(0)
    assert view["hand_hidden"] is True and view["hand"] is None
    assert choose_action(view, rng=random.Random(1)) == {"seat": 0, "call": "pass"}


# -- bidding ---------------------------------------------------------------------------------


def test_strong_hearts_hand_bids_hearts_at_a_sensible_level():
    hand = deal(fixed={0: "JH JD AH KH 9H 7H AS KC QC 5D"})
    action = bot_action(hand)
    assert action["call"].endswith("H")
    assert 7 <= int(action["call"][:-1]) <= 8


def test_very_strong_hand_bids_high():
    hand = deal(fixed={0: "JK JH JD AH KH QH 10H AS AC KC"})
    action = bot_action(hand)
    assert action["call"] in ("9H", "10H")


def test_weak_hand_passes():
    hand = deal(fixed={0: "5S 6S 7C 8C 4D 6D 9D 5H 7H 8H"})
    assert bot_action(hand)["call"] == "pass"


def test_does_not_outbid_an_opponent_it_cannot_beat():
    hand = deal(fixed={1: "JH AH 10H 8H 6H AS KC 9C 7D 5S"})
    calls(hand, "8S")
    assert bot_action(hand)["call"] == "pass"


def test_low_hand_bids_misere_when_it_is_available():
    hand = deal(fixed={1: "5S 6S 7C 8C 4D 6D 9D 5H 7H 8H"})
    calls(hand, "7S")
    assert bot_action(hand)["call"] == "misere"


def test_misere_is_not_available_before_a_seven_bid():
    hand = deal(fixed={0: "5S 6S 7C 8C 4D 6D 9D 5H 7H 8H"})
    assert bot_action(hand)["call"] == "pass"


def test_exceptionally_safe_hand_bids_open_misere():
    hand = deal(fixed={0: "4H 5H 6H 4D 5D 6D 5S 6S 5C 6C"})
    assert bot_action(hand)["call"] == "open_misere"


@pytest.mark.parametrize(
    "cards",
    [
        "JK JH JD AH KH QH 10H AS AC KC",
        "JH JD AH KH 9H 7H AS KC QC 5D",
        "AS KS AC KC AD KD AH KH QS QC",
    ],
)
def test_strong_hand_never_bids_misere(cards):
    hand = deal(fixed={1: cards}, misere_needs_seven=False)
    calls(hand, "7S")
    view = hand.view_for(1)
    assert {"seat": 1, "call": "misere"} in view["legal"]
    for seed in range(5):
        hand.reveal_to(1)
        action = choose_action(hand.view_for(1), rng=random.Random(seed))
        assert action["call"] not in ("misere", "open_misere", "blind_misere")


def test_does_not_take_the_bid_from_partner_without_reason():
    hand = deal(fixed={2: "JS 9H 7H 6D 5D 9C 7C 6S 5S KD"})
    calls(hand, "7H", "pass")
    assert bot_action(hand)["call"] == "pass"


# -- discard, partner, Joker -------------------------------------------------------------------


def test_discard_keeps_trumps_and_aces_and_voids_a_short_suit():
    hand = deal(
        fixed={0: "JH JD AH KH 9H 7H AS 5C KD 6S"},
        kitty="8H 6D 7S",
    )
    contract(hand, "7H")
    action = bot_action(hand)
    thrown = {parse_card(c) for c in action["discard"]}
    trumps = {parse_card(c) for c in "JH JD AH KH 9H 7H 8H".split()}
    assert not thrown & trumps
    assert parse_card("AS") not in thrown
    apply(hand, action)
    kept = hand.hand_of(0)
    suits = {c.suit for c in kept if c not in trumps}
    assert len(suits) <= 2  # at least one side suit emptied


def test_misere_discard_throws_the_dangerous_cards():
    hand = deal(fixed={0: "4H 5H 6H 4D 5D 6D 5S 6S 5C AC"}, kitty="KS JK 7H")
    contract(hand, "open_misere")
    thrown = set(bot_action(hand)["discard"])
    assert {"AC", "KS", "JK"} == thrown


def test_five_players_call_the_highest_trump_not_held():
    hand = deal(5, fixed={0: "JK JS AS KS 10S 9S AH KH AD 2C"}, kitty="3C 4C 5C")
    contract(hand, "8S", discard="3C 4C 5C")
    action = bot_action(hand)
    assert action == {"seat": 0, "call_partner": "JC"}


def test_misere_contractor_nominates_the_joker_into_its_longest_suit():
    hand = deal(fixed={0: "JK 4H 5H 6H 7H 4D 5D 5S 6S 5C"}, misere_needs_seven=False)
    contract(hand, "misere", sans=True)
    action = bot_action(hand)
    assert action == {"seat": 0, "nominate": "H"}


def test_joker_suit_for_misere_prefers_length_then_low_cards():
    cards = [parse_card(c) for c in "JK 4H 5H 6D 7D 9S".split()]
    assert bot.joker_suit_for_misere(cards) == 3  # hearts: as long as diamonds, lower cards


# -- play --------------------------------------------------------------------------------------


def test_leads_trumps_holding_the_joker_and_right_bower():
    hand = deal(fixed={0: "JK JS 9S 8S 7S AH KH AD 5C 6C"}, kitty="4H 5H 4D")
    contract(hand, "7S", discard="4H 5H 4D")
    assert bot_action(hand) == {"seat": 0, "play": "JK"}


def test_does_not_overtake_partners_winning_card():
    hand = deal(
        fixed={
            0: "JH JD AH KH QH KS 9S 5D 6D 7C",
            1: "5S 10D 9D 8D 7D 10C 9C 8C 6C 5C",
            2: "AS 7S 4H 5H 6H 7H 4D JC QC KC",
        },
        kitty="8H 9H 10H",
    )
    contract(hand, "7H", discard="5D 6D 7C")
    play(hand, "KS", "5S")
    assert bot_action(hand) == {"seat": 2, "play": "7S"}


def test_follows_low_when_it_cannot_win():
    hand = deal(
        fixed={0: "JH JD AH KH QH AS 9S 5D 6D 7C", 1: "KS 9C 6S 10D 9D 8D 7D 8S 8C 5C"},
        kitty="8H 9H 10H",
    )
    contract(hand, "7H", discard="5D 6D 7C")
    play(hand, "AS")
    assert bot_action(hand) == {"seat": 1, "play": "6S"}


def test_wins_cheaply_as_the_last_player():
    hand = deal(
        fixed={
            0: "JH JD AH KH QH 9S 8S 5D 6D 7C",
            1: "5S 7S 10D 9D 8D 7D QC 8C 5C 6C",
            2: "10S JS 4H 5H 6H 7H 4D JC 9C 10C",
        }
    )
    contract(hand, "7H", discard="5D 6D 7C")
    play(hand, "9S", "5S", "JS")
    assert hand.to_act == 3
    assert set(hand.view_for(3)["hand"]) >= {"QS", "KS", "AS", "6S"}
    assert bot_action(hand) == {"seat": 3, "play": "QS"}


def test_ruffs_when_void_with_the_cheapest_trump():
    hand = deal(
        fixed={0: "JH JD AH KH QH AS KS 5D 6D 7C", 1: "9H 6H AD KD QD AC KC QC JC 10C"},
    )
    contract(hand, "7H", discard="5D 6D 7C")
    play(hand, "AS")
    assert bot_action(hand) == {"seat": 1, "play": "6H"}


def test_misere_defender_stays_under_the_contractor():
    hand = deal(
        fixed={0: "9H 4D 5D 6D 5S 6S 7S 5C 6C 7C", 1: "4H 7H QH KD QD AC KC QC JC 10C"},
        misere_needs_seven=False,
    )
    contract(hand, "misere", sans=True)
    play(hand, "9H")
    assert bot_action(hand) == {"seat": 1, "play": "7H"}


def test_misere_contractor_ducks_as_high_as_it_can():
    hand = deal(
        fixed={
            0: "4H 9H JH 4D 5D 6D 5S 6S 5C 6C",
            1: "10H AS KD QD AC KC QC JC 10C 9C",
            3: "5H 6H 7S 8S 9S 10S 7D 8D 9D 7C",
        },
        misere_needs_seven=False,
    )
    contract(hand, "misere", sans=True)
    play(hand, "5S", "AS", "7S")  # seat 2 sits out; seat 1 wins and leads
    play(hand, "10H", "5H")
    assert bot_action(hand) == {"seat": 0, "play": "9H"}


def test_misere_contractor_leads_a_card_someone_must_beat():
    hand = deal(fixed={0: "4H 9H JH 4D 5D 6D 5S 6S 5C 6C"}, misere_needs_seven=False)
    contract(hand, "misere", sans=True)
    lead = bot_action(hand)["play"]
    assert lead in ("4H", "4D", "5S", "5C")  # the lowest card of a suit: nobody can duck it


# -- strength --------------------------------------------------------------------------------


def _match(deals: int, seed: int) -> tuple[int, int]:
    """Club bots against easy bots over the same deals, each deal played twice with the sides
    swapped: (the club sides' total, the easy sides' total)."""
    club = easy = 0
    for number in range(deals):
        for club_seats in ((0, 2), (1, 3)):
            rng = random.Random(seed * 10_000 + number)
            hand = fh.Hand.new(4, fh.Options(), number % 4, rng)
            levels = ["club" if s in club_seats else "easy" for s in range(4)]
            while not hand.is_over:
                seat = hand.to_act
                hand.reveal_to(seat)
                record = choose_action(hand.view_for(seat), level=levels[seat], rng=rng)
                hand.apply(Action.from_record(record))
            scores = hand.scores()
            club += scores[club_seats[0]]
            easy += scores[1 - club_seats[0]]
    return club, easy


def test_club_bots_beat_random_bots():
    club, easy = _match(100, seed=1)  # 200 hands
    assert club > 0
    assert club - easy > 200 * 100  # more than 100 points a hand better


def test_a_seat_with_nothing_to_do_is_an_error():
    from games.bots import BotError

    hand = deal()
    with pytest.raises(BotError):
        choose_action(hand.view_for(2), rng=random.Random(1))


def test_the_bot_reads_cards_through_the_engines_card_rules():
    """No copy of the bowers and the Joker in the bot: its Rules are the engine's."""
    from games.bots import five_hundred as club

    assert club.Rules is fh.card_rules
    hearts = fh.card_rules(3)
    jack_of_diamonds, joker = parse_card("JD"), parse_card("JK")
    assert hearts.suit(jack_of_diamonds) == 3 and hearts.strength(jack_of_diamonds) == 38
    assert hearts.strength(joker) == 40 and hearts.power(joker, 0) == 1040
    free = fh.card_rules(None)
    assert free.suit(joker) == fh.FREE and free.power(joker, 2) == 2000
    assert fh.card_rules(None, 0).suit(joker) == 0
