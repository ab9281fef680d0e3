"""Pitch: players, the pack, the deal, table options and record deals (rules/pitch.md)."""

import random

import pytest

from games.engines import pitch
from games.engines.cards import standard_52
from games.engines.pitch import Hand, Options


class TopOfPack(random.Random):
    """A 'shuffle' that leaves the pack in order, to see where each card goes."""

    def sample(self, population, k, **kwargs):
        return list(population[:k])


def test_engine_contract_constants():
    assert pitch.GAME == "pitch" == Hand.GAME
    assert pitch.PLAYER_COUNTS == (3, 4, 5, 6, 7)


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_six_cards_each_from_the_52_card_pack_no_duplicates(players):
    hand = Hand.new(players, Options(), 0, random.Random(players))
    dealt = [c for seat in range(players) for c in hand.dealt(seat)]
    assert all(len(hand.dealt(seat)) == 6 for seat in range(players))
    assert len(set(dealt)) == 6 * players
    assert set(dealt) <= set(standard_52())


def test_the_same_seed_deals_the_same_hands_and_another_seed_does_not():
    one = Hand.new(4, Options(), 2, random.Random(42)).deal_record()
    two = Hand.new(4, Options(), 2, random.Random(42)).deal_record()
    other = Hand.new(4, Options(), 2, random.Random(43)).deal_record()
    assert one == two
    assert one != other


def test_dealt_three_at_a_time_starting_at_the_dealers_left():
    pack = standard_52()
    hand = Hand.new(4, Options(), 2, TopOfPack())
    # First round: seats 3, 0, 1, 2 get three cards each; then a second round of three.
    assert list(hand.dealt(3)) == pack[0:3] + pack[12:15]
    assert list(hand.dealt(0)) == pack[3:6] + pack[15:18]
    assert list(hand.dealt(1)) == pack[6:9] + pack[18:21]
    assert list(hand.dealt(2)) == pack[9:12] + pack[21:24]
    assert hand.to_act == 3


@pytest.mark.parametrize("players", [2, 8, 0, "4"])
def test_player_counts_outside_3_to_7_are_refused(players):
    with pytest.raises(ValueError, match="3 to 7 players"):
        Hand.new(players, Options(), 0, random.Random(1))


def test_dealer_must_be_a_seat():
    with pytest.raises(ValueError, match="dealer must be a seat"):
        Hand.new(4, Options(), 4, random.Random(1))


def test_defaults_and_to_dict_lists_only_differences():
    options = Options()
    assert (options.target, options.partnerships, options.low, options.all_pass) == (
        7,
        False,
        "winner",
        "stick_dealer",
    )
    assert (options.dealer_steal, options.min_bid, options.win, options.smudge) == (
        "up_to_3",
        1,
        "pitcher_only",
        False,
    )
    assert options.to_dict() == {}
    assert Options(target=11, low="holder").to_dict() == {"target": 11, "low": "holder"}


def test_every_option_value_round_trips():
    values = {
        "target": [7, 11, 15, 21],
        "partnerships": [False, True],
        "low": ["winner", "holder"],
        "all_pass": ["stick_dealer", "redeal_same", "redeal_next"],
        "dealer_steal": ["up_to_3", "including_4", "never"],
        "min_bid": [1, 2],
        "win": ["pitcher_only", "pitcher_first_hljg", "highest_over_target"],
        "smudge": [False, True],
    }
    for key, choices in values.items():
        for value in choices:
            options = Options.from_dict({key: value}, players=4)
            assert getattr(options, key) == value
            assert Options.from_dict(options.to_dict(), players=4) == options


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"trumps": "S"}, "unknown Pitch option 'trumps'"),
        ({"target": 10}, "option 'target' must be one of 7, 11, 15, 21, not 10"),
        ({"target": "7"}, "option 'target' must be one of"),
        ({"target": True}, "option 'target' must be one of"),
        ({"partnerships": 1}, "option 'partnerships' must be one of false, true"),
        ({"low": "loser"}, "option 'low' must be one of"),
        ({"all_pass": "redeal"}, "option 'all_pass' must be one of"),
        ({"dealer_steal": "always"}, "option 'dealer_steal' must be one of"),
        ({"min_bid": 3}, "option 'min_bid' must be one of 1, 2, not 3"),
        ({"win": "first"}, "option 'win' must be one of"),
        ({"smudge": "yes"}, "option 'smudge' must be one of"),
    ],
)
def test_from_dict_is_strict(data, reason):
    with pytest.raises(ValueError, match=reason):
        Options.from_dict(data, players=4)


def test_options_must_be_an_object():
    with pytest.raises(ValueError, match="options must be an object"):
        Options.from_dict(["target"], players=4)


@pytest.mark.parametrize("players", [3, 5, 6, 7])
def test_partnerships_need_four_players(players):
    with pytest.raises(ValueError, match=f"partnerships need exactly 4 players, not {players}"):
        Options.from_dict({"partnerships": True}, players=players)
    with pytest.raises(ValueError, match="partnerships need exactly 4 players"):
        Hand.new(players, Options(partnerships=True), 0, random.Random(1))


def test_partnerships_with_four_players_are_fine():
    assert Options.from_dict({"partnerships": True}, players=4).partnerships is True


HANDS_3 = [
    ["AS", "KS", "QS", "JS", "10S", "9S"],
    ["2H", "3H", "4H", "5H", "6H", "7H"],
    ["2C", "3C", "4C", "5C", "6C", "7C"],
]


def test_from_deal_accepts_any_subset_of_the_pack_in_any_order_and_lower_case():
    hands = [list(reversed(h)) for h in HANDS_3]
    hands[0][0] = "9s"
    hands[0][1] = "TS"
    hand = Hand.from_deal(3, Options(), 0, {"hands": hands})
    assert hand.deal_record() == {
        "dealer": 0,
        "hands": [
            ["9S", "10S", "JS", "QS", "KS", "AS"],
            list(reversed(HANDS_3[1])),
            list(reversed(HANDS_3[2])),
        ],
    }


@pytest.mark.parametrize(
    ("deal", "reason"),
    [
        ({"hands": HANDS_3, "kitty": []}, "a Pitch deal has no 'kitty'"),
        ({"hands": HANDS_3, "dead": []}, "a Pitch deal has no 'dead'"),
        ({"hands": HANDS_3[:2]}, "a list of 3 hands"),
        ({}, "a list of 3 hands"),
        ({"hands": [HANDS_3[0][:5], HANDS_3[1], HANDS_3[2]]}, "seat 0 must be dealt exactly 6"),
        ({"hands": [HANDS_3[0], HANDS_3[0], HANDS_3[2]]}, "AS is dealt twice"),
        ({"hands": [["JK", *HANDS_3[0][1:]], HANDS_3[1], HANDS_3[2]]}, "JK is not in the 52"),
        ({"hands": [["13D", *HANDS_3[0][1:]], HANDS_3[1], HANDS_3[2]]}, "13D is not in the 52"),
        ({"hands": [["1S", *HANDS_3[0][1:]], HANDS_3[1], HANDS_3[2]]}, "'1S' is not a card"),
        ("AS KS", "a deal must be an object"),
    ],
)
def test_from_deal_refuses_what_is_not_a_pitch_deal(deal, reason):
    with pytest.raises(ValueError, match=reason):
        Hand.from_deal(3, Options(), 0, deal)
