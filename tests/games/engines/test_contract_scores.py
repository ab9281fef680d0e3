"""`contract_scores` (a physical table's entry) agrees with a played hand's score: Five Hundred and
Pitch partnerships."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import five_hundred as fh

from .test_five_hundred_properties import last, random_hand

OPTIONS = st.builds(
    fh.Options,
    misere=st.booleans(),
    misere_rank=st.sampled_from(["after_7nt", "after_8s"]),
)


@settings(max_examples=120, deadline=None)
@given(players=st.just(4), options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_entry_scores_like_the_played_hand(players, options, seed):
    hand = last(random_hand(players, options, seed))
    summary = hand.summary()
    contract = summary["contract"]
    if contract is None:
        assert fh.contract_scores(players, options, "pass", None, None) == [0] * players
        return
    seat, call = contract["seat"], contract["call"]
    if call in ("misere", "open_misere", "blind_misere"):
        tricks = summary["tricks"][seat]
    else:
        own = next(side for side in fh.sides(players, options) if seat in side)
        tricks = sum(summary["tricks"][s] for s in own)
    assert fh.contract_scores(players, options, call, seat, tricks) == hand.scores()


def test_examples():
    opts = fh.Options()
    assert fh.contract_scores(4, opts, "7H", 1, 8) == [20, 200, 20, 200]
    assert fh.contract_scores(4, opts, "7H", 1, 6) == [40, -200, 40, -200]
    assert fh.contract_scores(4, opts, "6S", 0, 10) == [250, 0, 250, 0]
    assert fh.contract_scores(4, opts, "misere", 2, 0) == [250, 0, 250, 0]
    assert fh.contract_scores(4, opts, "misere", 2, 1) == [-250, 0, -250, 0]


@pytest.mark.parametrize(
    ("call", "declarer", "tricks"),
    [
        ("7X", 0, 7),
        ("7H", 4, 7),
        ("7H", 0, 11),
        ("7H", -1, 3),
        ("7H", 0, None),
        ("7H", True, 1),
        ("misere", 0, 2),  # a misère ends when the contractor wins a trick
        ("open_misere", 1, 4),
    ],
)
def test_bad_entries(call, declarer, tricks):
    with pytest.raises(ValueError):
        fh.contract_scores(4, fh.Options(), call, declarer, tricks)


# Pitch partnerships ------------------------------------------------------------------------------


def test_pitch_entry_scores_like_the_played_hand():
    import random

    from games.engines import pitch

    options = pitch.Options(partnerships=True)
    checked = 0
    for seed in range(300):
        rng = random.Random(seed)
        hand = pitch.Hand.new(4, options, rng.randrange(4), rng)
        while not hand.is_over:
            hand.apply(rng.choice(hand.legal_actions()))
        summary = hand.summary()
        contract = summary["contract"]
        if contract is None or summary["status"] != "complete":
            continue
        points = {
            name: (None if seat is None else seat % 2) for name, seat in summary["points"].items()
        }
        assert (
            pitch.contract_scores(options, contract["bid"], contract["seat"], points)
            == hand.scores()
        )
        checked += 1
    assert checked > 100


def test_pitch_bad_entries():
    from games.engines import pitch

    options = pitch.Options(partnerships=True)
    good = {"high": 0, "low": 1, "jack": None, "game": 0}
    assert pitch.contract_scores(options, 2, 0, good) == [2, 1, 2, 1]
    assert pitch.contract_scores(options, 3, 2, good) == [-3, 1, -3, 1]
    for bid, seat, points in [
        (5, 0, good), (0, 0, good), (2, 4, good), (2, 0, {**good, "high": None}),
        (2, 0, {**good, "low": 2}), (2, 0, {"high": 0}),
    ]:  # fmt: skip
        with pytest.raises(ValueError):
            pitch.contract_scores(options, bid, seat, points)
