"""Round robin: every pair exactly once per cycle, everyone seated once a round."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import FormatError, Round, round_count, round_robin


def test_four_entrants_three_rounds():
    schedule = round_robin(["A", "B", "C", "D"])
    assert [r.number for r in schedule] == [1, 2, 3]
    assert all(r.bye is None and len(r.pairings) == 2 for r in schedule)
    met = Counter(frozenset(pair) for r in schedule for pair in r.pairings)
    assert set(met) == {frozenset(p) for p in combinations("ABCD", 2)}


def test_odd_count_has_one_bye_a_round_each_entrant_once():
    schedule = round_robin([1, 2, 3, 4, 5])
    assert len(schedule) == 5
    assert sorted(r.bye for r in schedule) == [1, 2, 3, 4, 5]


def test_fewer_than_two_entrants_make_no_rounds():
    assert round_robin([]) == []
    assert round_robin(["solo"]) == []


def test_bad_input_is_refused():
    with pytest.raises(FormatError, match="twice"):
        round_robin(["A", "B", "A"])
    with pytest.raises(FormatError, match="cycle"):
        round_robin(["A", "B"], cycles=0)
    with pytest.raises(FormatError):
        round_robin(["A", None])


def test_round_helpers():
    r = Round(1, (("A", "B"),), "C")
    assert r.entrants() == ["A", "B", "C"]
    assert r.opponent_of("B") == "A"
    assert r.opponent_of("C") is None


@settings(max_examples=60, deadline=None)
@given(count=st.integers(0, 21), cycles=st.integers(1, 3))
def test_every_pair_meets_once_per_cycle(count, cycles):
    entrants = [f"e{i}" for i in range(count)]
    schedule = round_robin(entrants, cycles=cycles)
    assert len(schedule) == round_count(count, cycles=cycles)
    for round_ in schedule:
        seated = round_.entrants()
        assert sorted(seated) == sorted(entrants)  # everyone exactly once (paired or the bye)
        assert (round_.bye is not None) == (count % 2 == 1)
    met = Counter(frozenset(pair) for r in schedule for pair in r.pairings)
    assert all(met[frozenset(pair)] == cycles for pair in combinations(entrants, 2))
    assert sum(met.values()) == cycles * count * (count - 1) // 2
    byes = Counter(r.bye for r in schedule if r.bye is not None)
    if count % 2 and count > 1:
        assert byes == Counter({e: cycles for e in entrants})
    # Listed first in half the games, to within one; two cycles reverse every pairing.
    first = Counter(r.pairings[i][0] for r in schedule for i in range(len(r.pairings)))
    per_cycle = max(count - 1, 0)  # games each entrant plays in one cycle
    for entrant in entrants:
        assert abs(2 * first[entrant] - cycles * per_cycle) <= cycles
    if cycles >= 2:
        ordered = Counter(pair for r in schedule for pair in r.pairings)
        for a, b in combinations(entrants, 2):
            assert ordered[a, b] >= 1 and ordered[b, a] >= 1
