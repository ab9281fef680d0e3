"""Five Hundred: `contract_scores` (a physical table's entry) agrees with a played hand's score."""

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
    [("7X", 0, 7), ("7H", 4, 7), ("7H", 0, 11), ("7H", -1, 3), ("7H", 0, None), ("7H", True, 1)],
)
def test_bad_entries(call, declarer, tricks):
    with pytest.raises(ValueError):
        fh.contract_scores(4, fh.Options(), call, declarer, tricks)
