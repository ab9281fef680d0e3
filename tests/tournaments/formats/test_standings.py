"""Standings: points by format and each tiebreak, against values worked out by hand."""

import random
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    FormatError,
    Result,
    Scoring,
    Side,
    Tiebreak,
    compute_standings,
    scoring_for,
)
from tournaments.formats.standings import DRAW, LOSS, WIN

ENTRANTS = ["A", "B", "C", "D"]

# A four-entrant round robin, worked by hand (2 points a win):
#   R1  A 500 - 200 B     C 300 - 250 D
#   R2  A 450 - 300 C     B 520 - 100 D
#   R3  D 400 - 350 A     B 200 - 150 C
# points A 4, B 4, C 2, D 2
# game points A 1300, B 920, C 750, D 750
# points difference A +400, B +170, C -150, D -420
# Buchholz A 4+2+2 = 8, B 4+2+2 = 8, C 2+4+4 = 10, D 2+4+4 = 10
# Sonneborn-Berger A beat B(4), C(2) = 6; B beat D(2), C(2) = 4; C beat D(2) = 2; D beat A(4) = 4
# head-to-head A beat B: A 2, B 0; C beat D: C 2, D 0
RESULTS = [
    Result.from_scores("m1", 1, {"A": 500, "B": 200}),
    Result.from_scores("m2", 1, {"C": 300, "D": 250}),
    Result.from_scores("m3", 2, {"A": 450, "C": 300}),
    Result.from_scores("m4", 2, {"B": 520, "D": 100}),
    Result.from_scores("m5", 3, {"D": 400, "A": 350}),
    Result.from_scores("m6", 3, {"B": 200, "C": 150}),
]


def line(standings, entrant):
    return next(s for s in standings if s.entrant == entrant)


def order(standings):
    return [s.entrant for s in standings]


def test_points_and_every_tiebreak_value():
    table = compute_standings(ENTRANTS, RESULTS)
    expected = {
        "A": (4, 1300, 400, 8, 6, 2, 1),
        "B": (4, 920, 170, 8, 4, 2, 1),
        "C": (2, 750, -150, 10, 2, 1, 2),
        "D": (2, 750, -420, 10, 4, 1, 2),
    }
    for entrant, (points, game, diff, buchholz, sb, wins, losses) in expected.items():
        s = line(table, entrant)
        assert (s.points, s.game_points, s.points_difference) == (points, game, diff)
        assert (s.buchholz, s.sonneborn_berger, s.wins, s.losses) == (buchholz, sb, wins, losses)
        assert s.played == 3 and s.draws == 0 and s.byes == 0


def test_no_tiebreak_leaves_level_entrants_sharing_a_rank_in_seed_order():
    table = compute_standings(ENTRANTS, RESULTS)
    assert order(table) == ["A", "B", "C", "D"]
    assert [s.rank for s in table] == [1, 1, 3, 3]
    reseeded = compute_standings(["B", "A", "D", "C"], RESULTS)
    assert order(reseeded) == ["B", "A", "D", "C"]
    assert [s.seed for s in reseeded] == [1, 2, 3, 4]


@pytest.mark.parametrize(
    ("tiebreaks", "expected_order", "expected_ranks"),
    [
        ([Tiebreak.HEAD_TO_HEAD], ["A", "B", "C", "D"], [1, 2, 3, 4]),
        ([Tiebreak.BUCHHOLZ], ["A", "B", "C", "D"], [1, 1, 3, 3]),
        ([Tiebreak.SONNEBORN_BERGER], ["A", "B", "D", "C"], [1, 2, 3, 4]),
        ([Tiebreak.POINTS_DIFFERENCE], ["A", "B", "C", "D"], [1, 2, 3, 4]),
        (["buchholz", "sonneborn_berger"], ["A", "B", "D", "C"], [1, 2, 3, 4]),
        ([Tiebreak.GAME_POINTS], ["A", "B", "C", "D"], [1, 2, 3, 3]),
    ],
)
def test_tiebreak_orders(tiebreaks, expected_order, expected_ranks):
    table = compute_standings(ENTRANTS, RESULTS, tiebreaks=tiebreaks)
    assert order(table) == expected_order
    assert [s.rank for s in table] == expected_ranks


def test_tiebreak_values_are_reported_in_the_directors_order():
    table = compute_standings(
        ENTRANTS, RESULTS, tiebreaks=["sonneborn_berger", "head_to_head", "points_difference"]
    )
    # D and C are separated by Sonneborn-Berger already: head-to-head is not applied to them.
    assert line(table, "D").tiebreak_values == (4, None, -420)
    assert line(table, "A").tiebreak_values == (6, None, 400)
    table = compute_standings(ENTRANTS, RESULTS, tiebreaks=["head_to_head"])
    assert [s.tiebreak_values for s in table] == [(2,), (0,), (2,), (0,)]
    assert line(table, "A").head_to_head == 2


def test_head_to_head_needs_everyone_level_to_have_met():
    # A, B, C level on 2 points; A beat B, but C has met neither: head-to-head leaves them level.
    results = [
        Result.from_scores(1, 1, {"A": 10, "B": 5}),
        Result.from_scores(2, 1, {"C": 10, "D": 5}),
        Result.from_scores(3, 2, {"B": 10, "D": 5}),
        Result.from_scores(4, 2, {"C": 1, "D": 5}),
        Result.from_scores(5, 3, {"A": 1, "D": 5}),
    ]
    table = compute_standings(["C", "B", "A", "D"], results, tiebreaks=["head_to_head"])
    level = [s for s in table if s.points == 2]
    assert [s.entrant for s in level] == ["C", "B", "A"]
    assert {s.rank for s in level} == {2}  # D has 6 points
    assert all(s.head_to_head is None for s in level)


def test_head_to_head_cycle_goes_to_the_next_tiebreak():
    # A beat B, B beat C, C beat A: head-to-head 2 each; points difference decides.
    results = [
        Result.from_scores(1, 1, {"A": 100, "B": 90}),
        Result.from_scores(2, 2, {"B": 100, "C": 50}),
        Result.from_scores(3, 3, {"C": 100, "A": 70}),
    ]
    table = compute_standings(
        ["A", "B", "C"], results, tiebreaks=["head_to_head", "points_difference"]
    )
    # differences: A +10 -30 = -20; B -10 +50 = +40; C -50 +30 = -20
    assert order(table) == ["B", "A", "C"]
    assert [s.rank for s in table] == [1, 2, 2]
    assert [s.head_to_head for s in table] == [2, 2, 2]


def test_draws_score_half_in_sonneborn_berger():
    results = [
        Result.from_scores(1, 1, {"A": 300, "B": 300}),  # level scores: a draw
        Result.from_scores(2, 2, {"A": 400, "C": 100}),
        Result.from_scores(3, 2, {"B": 100, "C": 200}),
    ]
    table = compute_standings(["A", "B", "C"], results, tiebreaks=["sonneborn_berger"])
    # points: A 1 + 2 = 3, B 1 + 0 = 1, C 0 + 2 = 2
    assert [(s.entrant, s.points) for s in table] == [("A", 3), ("C", 2), ("B", 1)]
    a, b = line(table, "A"), line(table, "B")
    assert (a.draws, a.wins) == (1, 1)
    assert a.sonneborn_berger == Fraction(1, 2) * 1 + 2  # half of B's 1, all of C's 2
    assert b.sonneborn_berger == Fraction(3, 2)  # half of A's 3
    assert line(table, "C").sonneborn_berger == 1  # beat B (1)


def test_draws_are_refused_where_the_format_has_none():
    draw = Result.from_scores(1, 1, {"A": 5, "B": 5})
    with pytest.raises(FormatError, match="no draws"):
        compute_standings(["A", "B"], [draw], scoring=scoring_for("single_elimination"))


def test_bye_is_a_win_with_no_game_points_and_no_opponent():
    results = [
        Result.for_bye("bye-1", 1, "C"),
        Result.from_scores(1, 1, {"A": 500, "B": 100}),
        Result.from_scores(2, 2, {"A": 200, "C": 300}),
        Result.for_bye("bye-2", 2, "B"),
    ]
    table = compute_standings(["A", "B", "C"], results, tiebreaks=["buchholz"])
    c = line(table, "C")
    assert (c.points, c.wins, c.byes, c.played, c.game_points) == (4, 2, 1, 1, 300)
    assert c.points_difference == 100
    assert c.buchholz == 2  # only A (2 points); the bye adds nothing
    a = line(table, "A")
    assert a.buchholz == 2 + 4  # B's points include B's bye
    alone = compute_standings(["A"], [], scoring=Scoring(bye=3))
    assert [(x.entrant, x.rank, x.points, x.played, x.byes) for x in alone] == [("A", 1, 0, 0, 0)]
    b = line(compute_standings(["A", "B", "C"], results, scoring=Scoring(bye=1)), "B")
    assert b.points == 1


def test_tables_of_more_than_two_sides_and_partnerships():
    # A Pitch table of three, each for themselves: scores 7, 3, -2.
    pitch = Result.from_scores("t1", 1, {"X": 7, "Y": 3, "Z": -2}, hands_won={"X": 4, "Y": 2})
    table = compute_standings(["X", "Y", "Z"], [pitch], scoring=scoring_for("progressive"))
    x = line(table, "X")
    assert x.points == 7 and x.wins == 1 and x.hands_won == 4
    assert x.points_difference == Fraction(13, 2)  # 7 - (3 + -2) / 2
    assert line(table, "Y").losses == 1
    assert x.buchholz == 3 + -2  # everyone else at the table, by game points
    # A Five Hundred partnership table with a bot partner: both partners score the side's points.
    five_hundred = Result(
        "t2",
        1,
        (Side(("P", "Q"), 310, WIN, 6), Side(("R",), -80, LOSS, 4)),
    )
    table = compute_standings(["P", "Q", "R"], [five_hundred], scoring=scoring_for("progressive"))
    assert [(s.entrant, s.points, s.points_difference) for s in table] == [
        ("P", 310, 390),
        ("Q", 310, 390),
        ("R", -80, -390),
    ]
    assert line(table, "P").buchholz == -80  # the partner is not an opponent
    # Two players partnering against two bots: the bots' side has no members.
    bots = Result("t3", 1, (Side(("P", "R"), 200, WIN), Side((), -50, LOSS)))
    table = compute_standings(["P", "R"], [bots], tiebreaks=["buchholz", "head_to_head"])
    assert [(s.points, s.points_difference, s.buchholz, s.rank) for s in table] == [
        (2, 250, 0, 1),
        (2, 250, 0, 1),
    ]


def test_hands_won_tiebreak():
    results = [
        Result.from_scores(1, 1, {"A": 500, "B": 480}, hands_won={"A": 6, "B": 7}),
        Result.from_scores(2, 1, {"C": 500, "D": 10}, hands_won={"C": 9, "D": 1}),
    ]
    table = compute_standings(["A", "B", "C", "D"], results, tiebreaks=["hands_won"])
    assert order(table) == ["C", "A", "B", "D"]
    assert [s.hands_won for s in table] == [9, 6, 7, 1]


def test_winner_given_explicitly_overrides_the_scores():
    # Five Hundred: a side can win by going out on a contract with the lower total.
    result = Result.from_scores(1, 1, {"A": 510, "B": 520}, winners=["A"])
    table = compute_standings(["A", "B"], [result])
    assert order(table) == ["A", "B"] and table[0].points == 2
    assert Result.from_scores(1, 1, {"A": 1, "B": 2}, winners=[]).sides[0].outcome == DRAW


def test_bad_input_is_refused():
    with pytest.raises(FormatError, match="not an entrant"):
        compute_standings(["A"], [Result.from_scores(1, 1, {"A": 1, "Z": 0})])
    with pytest.raises(FormatError, match="Unknown tiebreak"):
        compute_standings(["A"], [], tiebreaks=["coin_toss"])
    with pytest.raises(FormatError, match="twice"):
        compute_standings(["A"], [], tiebreaks=["buchholz", "buchholz"])
    with pytest.raises(FormatError, match="twice"):
        Result(1, 1, (Side(("A",)), Side(("A",))))
    with pytest.raises(FormatError, match="two sides"):
        Result(1, 1, (Side(("A",)),))
    with pytest.raises(FormatError, match="did not play"):
        Result.from_scores(1, 1, {"A": 1, "B": 0}, winners=["C"])
    with pytest.raises(FormatError, match="outcome"):
        Side(("A",), 0, "won")
    with pytest.raises(FormatError):
        scoring_for("knockout")
    with pytest.raises(FormatError):
        Scoring(rank_by="style")


def random_results(rng: random.Random, entrants, count):
    results = []
    for number in range(count):
        if rng.random() < 0.1:
            results.append(Result.for_bye(f"b{number}", number, rng.choice(entrants)))
            continue
        size = rng.choice([2, 2, 2, 3])
        players = rng.sample(entrants, size)
        scores = {p: rng.randrange(-200, 600, 10) for p in players}
        results.append(
            Result.from_scores(
                number, number, scores, hands_won={p: rng.randrange(10) for p in players}
            )
        )
    return results


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**6), count=st.integers(0, 40), size=st.integers(3, 9))
def test_recalculation_is_idempotent_and_ignores_result_order(seed, count, size):
    rng = random.Random(seed)
    entrants = list(range(size))
    results = random_results(rng, entrants, count)
    tiebreaks = rng.sample(list(Tiebreak), rng.randrange(len(Tiebreak) + 1))
    first = compute_standings(entrants, results, tiebreaks=tiebreaks)
    assert compute_standings(entrants, results, tiebreaks=tiebreaks) == first
    shuffled = list(results)
    rng.shuffle(shuffled)
    assert compute_standings(entrants, shuffled, tiebreaks=tiebreaks) == first
    assert sorted(s.entrant for s in first) == entrants
    # Ranked by points, best first; ranks start at 1 and only ever repeat or jump past ties.
    assert [s.points for s in first] == sorted((s.points for s in first), reverse=True)
    for index, s in enumerate(first):
        assert s.rank == index + 1 or s.rank == first[index - 1].rank
    assert sum(s.wins + s.draws + s.losses - s.byes for s in first) == sum(
        len(r.sides) for r in results if not r.bye
    )


def test_the_formats_package_imports_no_django():
    code = "import sys, tournaments.formats; print('django' in sys.modules)"
    root = Path(__file__).resolve().parents[3]
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=root
    )
    assert out.stdout.strip() == "False"
