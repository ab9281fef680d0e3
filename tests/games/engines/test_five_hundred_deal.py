"""Five Hundred: packs, sides and the deal (rules: "Players, sides and pack", "The deal")."""

import random

import pytest

from games.engines import five_hundred as fh
from games.engines.cards import JOKER, parse_card

from .five_hundred_helpers import deal


class InOrder(random.Random):
    """A generator whose shuffle leaves the pack in its fixed order."""

    def shuffle(self, x):
        return None


@pytest.mark.parametrize(("players", "size"), [(2, 33), (3, 33), (4, 43), (5, 53), (6, 63)])
def test_pack_sizes_and_joker(players, size):
    pack = fh.PACKS[players]
    assert len(pack) == size == len(set(pack))
    assert JOKER in pack
    assert len(pack) == players * 10 + 3 + (10 if players == 2 else 0)


def test_four_player_pack_has_red_fours_and_no_black_fours():
    pack = set(fh.PACKS[4])
    assert parse_card("4H") in pack and parse_card("4D") in pack
    assert parse_card("4S") not in pack and parse_card("4C") not in pack
    assert parse_card("5S") in pack and parse_card("3H") not in pack


def test_three_player_pack_is_seven_to_ace():
    pack = set(fh.PACKS[3])
    assert parse_card("7S") in pack and parse_card("6S") not in pack
    assert fh.PACKS[2] == fh.PACKS[3]


def test_six_player_pack_extra_ranks():
    pack = set(fh.PACKS[6])
    for text in ("11S", "12S", "11C", "12C", "11D", "12D", "13D", "11H", "12H", "13H"):
        assert parse_card(text) in pack
    assert parse_card("13S") not in pack and parse_card("13C") not in pack


def test_sides_and_partners():
    assert fh.sides(4) == ((0, 2), (1, 3))
    assert fh.sides(6) == ((0, 3), (1, 4), (2, 5))
    assert fh.sides(3) == ((0,), (1,), (2,))
    assert fh.partner_of(4, 1) == 3 and fh.partner_of(6, 4) == 1
    assert fh.partner_of(5, 0) is None and fh.partner_of(2, 1) is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("dealer", [0, 1])
def test_deal_pattern_three_one_four_one_three_one(players, dealer):
    hand = fh.Hand.new(players, fh.Options(), dealer, InOrder())
    pack = [str(c) for c in fh.PACKS[players]]
    order = [(dealer + 1 + i) % players for i in range(players)] + (
        ["dead"] if players == 2 else []
    )
    expected = {position: [] for position in order}
    kitty = []
    index = 0
    for size in (3, 4, 3):
        for position in order:
            expected[position] += pack[index : index + size]
            index += size
        kitty.append(pack[index])
        index += 1
    record = hand.deal_record()
    assert record["kitty"] == kitty
    for seat in range(players):
        assert record["hands"][seat] == expected[seat]
    if players == 2:
        assert record["dead"] == expected["dead"]
    else:
        assert "dead" not in record
    assert hand.to_act == (dealer + 1) % players


def test_deal_is_reproducible_from_its_seed():
    first = fh.Hand.new(4, fh.Options(), 2, random.Random(1234)).deal_record()
    again = fh.Hand.new(4, fh.Options(), 2, random.Random(1234)).deal_record()
    other = fh.Hand.new(4, fh.Options(), 2, random.Random(1235)).deal_record()
    assert first == again
    assert first != other


def test_from_deal_accepts_t_and_lower_case_and_writes_canonical():
    hand = deal(4, {0: "th jk jh jd ah kh qh 9h 8h 7h"})
    assert hand.deal_record()["hands"][0][:2] == ["10H", "JK"]


def _record(players=4):
    hand = fh.Hand.new(players, fh.Options(), 0, random.Random(3))
    return hand.deal_record()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r["hands"][0].pop(), "hands[0] must hold 10 cards"),
        (lambda r: r["hands"].pop(), "hands must be a list of 4 hands"),
        (lambda r: r["kitty"].pop(), "kitty must hold 3 cards"),
        (lambda r: r["hands"][0].__setitem__(0, r["hands"][1][0]), "is dealt twice"),
        (lambda r: r["hands"][0].__setitem__(0, "2C"), "2C is not in the 4-player pack"),
        (lambda r: r["hands"][0].__setitem__(0, "ZZ"), "'ZZ' is not a card"),
        (lambda r: r.__setitem__("dead", []), "only two-player Five Hundred has a dead hand"),
        (lambda r: r.pop("kitty"), "needs the kitty"),
        (lambda r: r.__setitem__("extra", 1), "unknown key 'extra'"),
        (lambda r: r["hands"].__setitem__(0, "AS KS"), "hands[0] must be a list of cards"),
    ],
)
def test_from_deal_is_strict(change, message):
    record = _record()
    record.pop("dealer")
    change(record)
    with pytest.raises(ValueError, match=message.replace("[", r"\[").replace("]", r"\]")):
        fh.Hand.from_deal(4, fh.Options(), 0, record)


def test_two_player_deal_needs_dead_hand():
    record = _record(2)
    record.pop("dealer")
    fh.Hand.from_deal(2, fh.Options(), 0, dict(record))
    record.pop("dead")
    with pytest.raises(ValueError, match="dead hand"):
        fh.Hand.from_deal(2, fh.Options(), 0, record)


def test_bad_dealer_and_player_count():
    record = _record()
    record.pop("dealer")
    with pytest.raises(ValueError, match="dealer"):
        fh.Hand.from_deal(4, fh.Options(), 4, record)
    with pytest.raises(ValueError, match="2 to 6 players"):
        fh.Hand.new(7, fh.Options(), 0, random.Random(1))


def test_options_strict_and_round_trip():
    assert fh.Options.from_dict({}) == fh.Options()
    options = fh.Options.from_dict({"misere_rank": "after_8s", "trick_points_cap": 490}, players=4)
    assert options.to_dict() == {"misere_rank": "after_8s", "trick_points_cap": 490}
    assert fh.Options().to_dict() == {}
    for bad in (
        {"nope": 1},
        {"misere": "yes"},
        {"misere_rank": "after_6s"},
        {"joker_lead": "never"},
        {"trick_points_cap": 470},
        {"trick_points_cap": 490.0},
        {"bidding": "two_rounds"},
        {"target": "500"},
        {"target": 505},
        {"final_raise": 1},
    ):
        with pytest.raises(ValueError):
            fh.Options.from_dict(bad, players=4)
