"""Duplicate scoring: matchpoints (with Neuberg factoring) and total points, by direction."""

import random
from collections import defaultdict
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    BoardResult,
    FormatError,
    matchpoints,
    mitchell,
    neuberg,
    score_duplicate,
    score_matchpoints,
    score_total_points,
)


def pairs(board, *tables):
    """Results on one board from (NS pair, EW pair, NS points, EW points) per table."""
    return [
        BoardResult.for_pairs(board, ns, ew, a, b, table=i + 1)
        for i, (ns, ew, a, b) in enumerate(tables)
    ]


def test_matchpoints_by_hand():
    assert matchpoints([140, 40, 60, 60]) == [6, 0, 3, 3]
    assert matchpoints([-140, -40, -60, -60]) == [0, 6, 3, 3]
    assert matchpoints([5]) == [0]
    assert matchpoints([]) == []
    assert matchpoints([1, 1, 1]) == [2, 2, 2]
    assert matchpoints([Fraction(1, 3), 0.5, 0]) == [2, 4, 0]


def test_neuberg_by_hand():
    # Played twice where four were expected: a top (2 of 2) becomes 5 of 6, a bottom 1 of 6.
    assert neuberg(2, 2, 4) == 5
    assert neuberg(0, 2, 4) == 1
    assert neuberg(0, 1, 4) == 3  # played once: exactly average
    assert neuberg(4, 3, 3) == 4  # a full board is unchanged
    with pytest.raises(FormatError, match="at least the number played"):
        neuberg(0, 3, 2)


def test_five_hundred_pairs_by_hand():
    # Board 1 at four tables. Both sides can score at Five Hundred: each side's net counts.
    results = pairs(
        1,
        ("A", "B", 240, 20),  # NS made 8S and EW took two tricks: NS +220
        ("C", "D", 100, 60),  # +40
        ("E", "F", 80, 20),  # +60
        ("G", "H", -500, 80),  # -580
    ) + pairs(2, ("A", "D", 0, 150), ("C", "B", 40, 70))
    scores = score_matchpoints(results, expected=4)
    board1 = {s.entrant: s.raw for s in scores.on_board(1)}
    assert board1 == {"A": 6, "C": 2, "E": 4, "G": 0, "B": 0, "D": 4, "F": 2, "H": 6}
    for s in scores.on_board(1):
        assert s.value == s.raw and s.top == 6  # a full board
    # Board 2 was played twice of four: top 2 -> 5, bottom 0 -> 1.
    board2 = {s.entrant: s.value for s in scores.on_board(2)}
    assert board2 == {"A": 1, "D": 5, "C": 5, "B": 1}
    a = scores.standing_of("A")
    assert (a.boards, a.total, a.top, a.percentage) == (2, 7, 12, Fraction(700, 12))
    assert scores.standing_of("D").percentage == 75  # (4 + 5) / 12
    # H played one board and topped it; A and C are level on 7 of 12.
    assert [(s.entrant, s.rank) for s in scores.standings][:3] == [("H", 1), ("D", 2), ("E", 3)]
    assert scores.standing_of("A").rank == scores.standing_of("C").rank == 4
    assert scores.standing_of("A").tied and not scores.standing_of("E").tied
    assert [s.board for s in scores.of("C")] == [1, 2]


def test_total_points_by_hand():
    results = pairs(3, ("A", "B", 100, 0), ("C", "D", 40, 0), ("E", "F", 10, 0))
    scores = score_total_points(results)
    # NS nets 100, 40, 10: average 50.
    diffs = {s.entrant: s.value for s in scores.results}
    assert diffs == {"A": 50, "C": -10, "E": -40, "B": -50, "D": 10, "F": 40}
    assert [(s.entrant, s.rank) for s in scores.standings] == [
        ("A", 1),
        ("F", 2),
        ("D", 3),
        ("C", 4),
        ("E", 5),
        ("B", 6),
    ]
    assert all(s.percentage is None and s.top == 0 for s in scores.standings)
    assert all(s.top is None and s.raw is None for s in scores.results)
    assert score_duplicate(results, "total_points").standings == scores.standings


def test_own_points_without_net():
    result = BoardResult.for_pairs(1, "A", "B", 30, 10, net=False)
    assert result.scores == (30, 10)
    assert BoardResult.for_pairs(1, "A", "B", 30, 10).scores == (20, -20)


def test_solo_pitch_compares_seat_with_seat():
    # Two tables of three, one board: seat 1 compared with seat 1, and so on.
    results = [
        BoardResult(1, (1, 2, 3), (4, 0, -2)),
        BoardResult(1, (4, 5, 6), (2, 1, 0)),
    ]
    scores = score_matchpoints(results)
    values = {s.entrant: (s.direction, s.raw) for s in scores.results}
    assert values == {1: (0, 2), 4: (0, 0), 2: (1, 0), 5: (1, 2), 3: (2, 0), 6: (2, 2)}
    totals = score_total_points(results)
    assert {s.entrant: s.value for s in totals.results} == {
        1: 1,
        4: -1,
        2: Fraction(-1, 2),
        5: Fraction(1, 2),
        3: -1,
        6: 1,
    }


def test_bots_are_compared_but_not_ranked():
    results = pairs(1, ("A", "B", 50, 0), ("BOT", "D", 70, 0), ("E", "F", 10, 0))
    scores = score_matchpoints(results, bots={"BOT"})
    assert "BOT" not in {s.entrant for s in scores.standings}
    assert scores.standing_of("A").total == 2  # beat E, beaten by the bot
    assert {s.entrant for s in scores.results} >= {"BOT"}


def test_ties_share_a_rank():
    results = pairs(1, ("A", "B", 50, 0), ("C", "D", 50, 0), ("E", "F", 10, 0))
    scores = score_matchpoints(results)
    # NS: A 3, C 3, E 0 of 4; EW: F 4, B 1, D 1 — one field unless the director gives two.
    ranks = {s.entrant: (s.rank, s.tied) for s in scores.standings}
    assert ranks == {
        "F": (1, False),
        "A": (2, True),
        "C": (2, True),
        "B": (4, True),
        "D": (4, True),
        "E": (6, False),
    }
    assert [s.entrant for s in scores.standings] == ["F", "A", "C", "B", "D", "E"]
    fields = {"A": "NS", "C": "NS", "E": "NS", "B": "EW", "D": "EW", "F": "EW"}
    apart = score_matchpoints(results, fields=fields)
    assert [(s.entrant, s.rank) for s in apart.standings] == [
        ("A", 1),
        ("C", 1),
        ("E", 3),
        ("F", 1),
        ("B", 2),
        ("D", 2),
    ]


def test_mitchell_fields_rank_apart():
    movement = mitchell(6, 1)
    rng = random.Random(5)
    results = [
        BoardResult.for_pairs(b, s.ns_pair, s.ew_pair, rng.randrange(0, 300, 10), 0)
        for s in movement.sittings
        for b in s.boards
    ]
    fields = {p: movement.field(p) for p in movement.pair_numbers}
    scores = score_matchpoints(results, fields=fields, expected=movement.plays_per_board)
    assert [s.field for s in scores.standings] == ["NS"] * 3 + ["EW"] * 3
    assert min(s.rank for s in scores.standings if s.field == "EW") == 1
    # Each field's percentages average 50: NS and EW matchpoints at a table make a top.
    for field in ("NS", "EW"):
        lines = [s for s in scores.standings if s.field == field]
        assert sum(s.percentage for s in lines) == 50 * len(lines)


def test_bad_input_is_refused():
    with pytest.raises(FormatError, match="two results on board 1"):
        score_matchpoints(pairs(1, ("A", "B", 1, 0), ("A", "C", 2, 0)))
    with pytest.raises(FormatError, match="2 sides at one table and 3"):
        score_matchpoints(
            [BoardResult(1, ("A", "B"), (1, 0)), BoardResult(1, (1, 2, 3), (0, 0, 0))]
        )
    with pytest.raises(FormatError, match="2 entrants but 1 scores"):
        score_matchpoints([BoardResult(1, ("A", "B"), (1,))])
    with pytest.raises(FormatError, match="at least two sides"):
        score_matchpoints([BoardResult(1, ("A",), (1,))])
    with pytest.raises(FormatError, match="must be a number"):
        score_matchpoints([BoardResult(1, ("A", "B"), ("10", 0))])
    with pytest.raises(FormatError, match="finite"):
        score_total_points([BoardResult(1, ("A", "B"), (float("nan"), 0))])
    with pytest.raises(FormatError, match="must be a number"):
        BoardResult.for_pairs(1, "A", "B", True, 0)
    with pytest.raises(FormatError, match="numbered"):
        score_matchpoints([BoardResult("1", ("A", "B"), (1, 0))])
    with pytest.raises(FormatError, match="not an entrant"):
        score_matchpoints([BoardResult(1, ("A", None), (1, 0))])
    with pytest.raises(FormatError, match="more than the 1 expected"):
        score_matchpoints(pairs(1, ("A", "B", 1, 0), ("C", "D", 2, 0)), expected=1)
    with pytest.raises(FormatError, match="Unknown scoring method"):
        score_duplicate([], "imps")
    with pytest.raises(FormatError, match="board result"):
        score_matchpoints([("A", "B")])
    empty = score_matchpoints([])
    assert empty.results == () and empty.standings == ()


@st.composite
def sessions(draw):
    """Random sessions: tables of `width` sides; each board played at some of the tables."""
    width = draw(st.sampled_from([2, 2, 3, 4, 7]))
    tables = draw(st.integers(1, 8))
    boards = draw(st.integers(1, 5))
    results = []
    for board in range(1, boards + 1):
        played = draw(st.sets(st.integers(0, tables - 1), min_size=1, max_size=tables))
        rotate = draw(st.integers(0, tables - 1))  # who sits where changes from board to board
        for table in sorted(played):
            seat = (table + rotate) % tables
            entrants = tuple(seat * width + d for d in range(width))
            if width == 2:
                ns, ew = draw(st.integers(-3, 3)), draw(st.integers(-3, 3))
                results.append(BoardResult.for_pairs(board, *entrants, ns * 10, ew * 10))
            else:
                scores = tuple(draw(st.integers(-2, 3)) for _ in range(width))
                results.append(BoardResult(board, entrants, scores))
    return results


def by_board_direction(scored):
    groups = defaultdict(list)
    for s in scored:
        groups[s.board, s.direction].append(s)
    return groups


@settings(max_examples=100, deadline=None)
@given(results=sessions(), seed=st.integers(0, 1000))
def test_matchpoint_properties(results, seed):
    scores = score_matchpoints(results)
    expected = scores.expected
    for group in by_board_direction(scores.results).values():
        n = len(group)
        assert sum(s.raw for s in group) == n * (n - 1)  # each board's matchpoints: fixed sum
        assert sum(s.value for s in group) == n * (expected - 1)  # factored: average stays 50%
        for s in group:
            assert 0 <= s.raw <= 2 * (n - 1) and s.compared == n
            assert 0 <= s.value <= s.top == 2 * (expected - 1)
            # More points never scores fewer matchpoints.
            assert all((s.score > o.score) <= (s.raw > o.raw) for o in group)
    for standing in scores.standings:
        assert 0 <= standing.percentage <= 100
        assert standing.rank >= 1
    # Net scores: NS and EW matchpoints at one table add up to the top.
    for result in results:
        if len(result.entrants) == 2:
            pair = [s for s in scores.results if s.result is result]
            assert pair[0].raw + pair[1].raw == 2 * (pair[0].compared - 1)
    # The order the results arrive in changes nothing.
    shuffled = list(results)
    random.Random(seed).shuffle(shuffled)
    again = score_matchpoints(shuffled)
    assert summary(again) == summary(scores)


@settings(max_examples=100, deadline=None)
@given(results=sessions(), seed=st.integers(0, 1000))
def test_total_points_properties(results, seed):
    scores = score_total_points(results)
    for group in by_board_direction(scores.results).values():
        assert sum(s.value for s in group) == 0  # differences from the average cancel out
    assert sum(s.total for s in scores.standings) == 0
    shuffled = list(results)
    random.Random(seed).shuffle(shuffled)
    assert summary(score_total_points(shuffled)) == summary(scores)


def summary(scores):
    return {
        s.entrant: (s.total, s.top, s.percentage, s.rank, s.tied, s.boards)
        for s in scores.standings
    }


# Averages assigned by the director ----------------------------------------------------------------


@given(
    scores=st.lists(st.integers(-500, 500), min_size=2, max_size=6),
    seats=st.integers(2, 5),
)
def test_an_assigned_average_scores_half_the_top_and_leaves_the_others_alone(scores, seats):
    results = [
        BoardResult(1, tuple(f"t{t}s{s}" for s in range(seats)), tuple([score] * seats))
        for t, score in enumerate(scores)
    ]
    assigned = BoardResult(1, tuple(f"late{s}" for s in range(seats)), (0,) * seats, average=True)
    expected = len(scores) + 1
    with_average = score_matchpoints([*results, assigned], expected=expected)
    without = score_matchpoints(results, expected=expected)
    assert [line.value for line in with_average.results[:-seats]] == [
        line.value for line in without.results
    ]
    assert all(line.percentage == 50 for line in with_average.results[-seats:])
    totals = score_total_points([*results, assigned])
    assert all(line.value == 0 for line in totals.results[-seats:])
    assert [line.value for line in totals.results[:-seats]] == [
        line.value for line in score_total_points(results).results
    ]
