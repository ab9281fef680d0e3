"""Auditable deals (games/engines/deals.py, DEALS.md): the worked example, and property tests
that a deal is a function of its seed and that any tampering is detected."""

from __future__ import annotations

import hashlib
import hmac
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import deals, five_hundred, pitch

DOC = Path(deals.__file__).with_name("DEALS.md").read_text(encoding="utf-8")
EXAMPLE_SEED = bytes(range(32))

seeds = st.binary(min_size=1, max_size=48)
games = st.sampled_from(
    [("five_hundred", n) for n in five_hundred.PLAYER_COUNTS]
    + [("pitch", n) for n in pitch.PLAYER_COUNTS]
)


def _deal(game, players, dealer, seed):
    return deals.deal_from_seed(game, players, None, dealer, seed).deal_record()


# The worked example -------------------------------------------------------------------------------


def test_the_worked_example_in_the_docs_is_what_the_code_does():
    assert EXAMPLE_SEED.hex() in DOC
    assert deals.commitment(EXAMPLE_SEED) in DOC
    block = hmac.new(EXAMPLE_SEED, b"kookaburra-deal" + bytes(8), hashlib.sha256).hexdigest()
    assert block in DOC
    shuffled = [str(c) for c in deals.shuffle(pitch.PACK, EXAMPLE_SEED)]
    assert "    " + " ".join(shuffled[:12]) + " …" in DOC
    record = _deal("pitch", 4, 0, EXAMPLE_SEED)
    assert record["hands"][1] == ["5H", "JS", "JC", "3D", "KH", "10H"]
    assert record["hands"][0] == ["QH", "QC", "8H", "AH", "10S", "9C"]
    # The table of the first four draws.
    rows = re.findall(r"\| (\d+) \| `([0-9a-f]{8})` \| (\d+) \| (\d+) \| (\d+) ", DOC)
    assert len(rows) == 4
    for i, raw, x, limit, j in rows:
        i, x, limit, j = int(i), int(x), int(limit), int(j)
        assert int(raw, 16) == x and limit == 2**32 - (2**32 % (i + 1)) and j == x % (i + 1)
        assert raw in block


def test_the_commitment_is_the_documented_hash():
    expected = hashlib.sha256(b"kookaburra-commitment" + EXAMPLE_SEED).hexdigest()
    assert deals.commitment(EXAMPLE_SEED) == expected


# Properties -----------------------------------------------------------------------------------


@given(seed=seeds, pack_size=st.integers(0, 70))
def test_the_shuffle_is_a_deterministic_permutation(seed, pack_size):
    pack = list(range(pack_size))
    once = deals.shuffle(pack, seed)
    assert once == deals.shuffle(pack, seed)
    assert sorted(once) == pack
    assert pack == list(range(pack_size))  # not changed in place


@settings(max_examples=60)
@given(seed=seeds, game=games, data=st.data())
def test_a_deal_from_its_seed_verifies(seed, game, data):
    name, players = game
    dealer = data.draw(st.integers(0, players - 1))
    record = _deal(name, players, dealer, seed)
    assert record == _deal(name, players, dealer, seed)
    assert (
        deals.verify(name, players, None, dealer, seed.hex(), deals.commitment(seed), record) == []
    )


@settings(max_examples=60)
@given(seed=seeds, game=games, data=st.data())
def test_changing_a_dealt_card_is_detected(seed, game, data):
    name, players = game
    record = _deal(name, players, 0, seed)
    seat = data.draw(st.integers(0, players - 1))
    index = data.draw(st.integers(0, len(record["hands"][seat]) - 1))
    dealt = {c for hand in record["hands"] for c in hand} | set(record.get("kitty", []))
    dealt |= set(record.get("dead", []))
    pack = five_hundred.PACKS[players] if name == "five_hundred" else pitch.PACK
    others = sorted({str(c) for c in pack} - dealt) or ["XX"]
    record["hands"][seat][index] = data.draw(st.sampled_from(others))
    problems = deals.verify(name, players, None, 0, seed, deals.commitment(seed), record)
    assert problems


@settings(max_examples=60)
@given(seed=seeds, game=games, data=st.data())
def test_swapping_cards_between_hands_is_detected(seed, game, data):
    name, players = game
    record = _deal(name, players, 0, seed)
    a, b = data.draw(st.lists(st.integers(0, players - 1), min_size=2, max_size=2, unique=True))
    i = data.draw(st.integers(0, len(record["hands"][a]) - 1))
    j = data.draw(st.integers(0, len(record["hands"][b]) - 1))
    ha, hb = record["hands"][a], record["hands"][b]
    ha[i], hb[j] = hb[j], ha[i]
    assert deals.verify(name, players, None, 0, seed, deals.commitment(seed), record)


@settings(max_examples=40)
@given(seed=seeds, data=st.data())
def test_swapping_a_card_with_the_kitty_is_detected(seed, data):
    record = _deal("five_hundred", 4, 1, seed)
    seat = data.draw(st.integers(0, 3))
    i, k = data.draw(st.integers(0, 9)), data.draw(st.integers(0, 2))
    hand, kitty = record["hands"][seat], record["kitty"]
    hand[i], kitty[k] = kitty[k], hand[i]
    assert deals.verify("five_hundred", 4, None, 1, seed, deals.commitment(seed), record)


@settings(max_examples=60)
@given(seed=seeds, game=games, data=st.data())
def test_changing_one_byte_of_the_seed_is_detected(seed, game, data):
    name, players = game
    record = _deal(name, players, 0, seed)
    at = data.draw(st.integers(0, len(seed) - 1))
    delta = data.draw(st.integers(1, 255))
    bad = bytearray(seed)
    bad[at] ^= delta
    bad = bytes(bad)
    # Against the published commitment the changed seed always fails.
    problems = deals.verify(name, players, None, 0, bad, deals.commitment(seed), record)
    assert "the seed does not match the commitment" in problems


@settings(max_examples=60)
@given(seed=seeds, game=games, data=st.data())
def test_changing_the_commitment_is_detected(seed, game, data):
    name, players = game
    record = _deal(name, players, 0, seed)
    good = deals.commitment(seed)
    at = data.draw(st.integers(0, len(good) - 1))
    digit = data.draw(st.sampled_from([d for d in "0123456789abcdef" if d != good[at]]))
    bad = good[:at] + digit + good[at + 1 :]
    assert deals.verify(name, players, None, 0, seed, bad, record) == [
        "the seed does not match the commitment"
    ]


def test_the_wrong_dealer_or_a_missing_kitty_is_detected():
    record = _deal("five_hundred", 4, 2, EXAMPLE_SEED)
    c = deals.commitment(EXAMPLE_SEED)
    assert deals.verify("five_hundred", 4, None, 1, EXAMPLE_SEED, c, record)
    no_kitty = {k: v for k, v in record.items() if k != "kitty"}
    assert deals.verify("five_hundred", 4, None, 2, EXAMPLE_SEED, c, no_kitty)


def test_a_seed_must_be_hex():
    assert deals.verify("pitch", 4, None, 0, "not hex", None, {"hands": []}) == [
        "the seed must be hex digits"
    ]
    assert deals.verify("pitch", 4, None, 0, "", None, {"hands": []}) == ["the seed is empty"]


def test_the_engines_deal_by_the_seeded_shuffle():
    # Pitch takes the top of the shuffled pack; Five Hundred shuffles the whole pack.
    top = deals.shuffle(pitch.PACK, EXAMPLE_SEED)[:24]
    hand = pitch.Hand.new(4, pitch.Options(), 3, deals.SeededShuffle(EXAMPLE_SEED))
    assert sorted(c for h in hand.deal_record()["hands"] for c in h) == sorted(map(str, top))
    pack = deals.shuffle(five_hundred.PACKS[4], EXAMPLE_SEED)
    hand = five_hundred.Hand.new(4, five_hundred.Options(), 3, deals.SeededShuffle(EXAMPLE_SEED))
    record = hand.deal_record()
    # Dealt from the dealer's left: seat 0 gets the first three cards.
    assert set(record["hands"][0]) >= {str(c) for c in pack[:3]}
    assert set(record["kitty"]) == {str(pack[12]), str(pack[29]), str(pack[42])}
