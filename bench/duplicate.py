"""Duplicate events: the time to build a movement and to score a session.

Goal: for a session of 30 tables and 27 boards a pair (a Mitchell of 60 pairs, 9 rounds of 3
boards; 90 boards in play, each played 9 times: 810 table results), building the movement and
scoring the session (matchpoints, and total points) each take well under a second (goal
<= 1 s; printed as the worst of 5 runs). Beside them, as a baseline, the time to merely group
the same 810 results by board and direction and sort each group — the least any scoring must do
— and the ratio to it. Also printed, without goals: the largest Howell offered (64 pairs, the
board-set search included, first build and cached) and a solo Pitch individual of 30 tables.
Run from the repository root: `python bench/duplicate.py`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.formats import (  # noqa: E402
    BoardResult,
    howell,
    individual,
    mitchell,
    score_matchpoints,
    score_total_points,
)
from tournaments.formats.movements import _howell_design  # noqa: E402

PAIRS = 60  # 30 tables
BOARDS_PER_ROUND = 3
ROUNDS = 9  # 27 boards a pair
GOAL = 1.0
RUNS = 5


def timed(function, *args, **kwargs):
    """The worst and median time of RUNS calls, and the last result."""
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        result = function(*args, **kwargs)
        times.append(time.perf_counter() - started)
    return max(times), statistics.median(times), result


def session_results(movement, rng: random.Random) -> list[BoardResult]:
    """Random Five Hundred results: each side's points on the board, as a scorer enters them."""
    results = []
    for sitting in movement.sittings:
        for board in sitting.boards:
            ns = rng.choice([-500, -120, -80, 0, 40, 80, 120, 240, 280, 420, 520])
            ew = rng.randrange(0, 110, 10)
            results.append(
                BoardResult.for_pairs(
                    board, sitting.ns_pair, sitting.ew_pair, ns, ew, table=sitting.table
                )
            )
    return results


def baseline(results: list[BoardResult]) -> int:
    groups = defaultdict(list)
    for result in results:
        for direction, score in enumerate(result.scores):
            groups[result.board, direction].append(score)
    for group in groups.values():
        group.sort()
    return len(groups)


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def main() -> int:
    build_worst, build_median, movement = timed(mitchell, PAIRS, BOARDS_PER_ROUND, ROUNDS)
    print(
        f"Mitchell, {movement.tables} tables x {movement.rounds} rounds x {BOARDS_PER_ROUND} "
        f"boards ({len(movement.sittings)} sittings): worst {ms(build_worst)}, "
        f"median {ms(build_median)} (goal <= {GOAL * 1000:.0f} ms)"
    )
    results = session_results(movement, random.Random(16))
    fields = {pair: movement.field(pair) for pair in movement.pair_numbers}
    base_worst, base_median, _ = timed(baseline, results)
    print(f"baseline: group and sort {len(results)} results: median {ms(base_median)}")
    mp_worst, mp_median, scores = timed(
        score_matchpoints, results, expected=movement.plays_per_board, fields=fields
    )
    print(
        f"matchpoints, {len(results)} results: worst {ms(mp_worst)}, median {ms(mp_median)} "
        f"({mp_median / base_median:.0f}x the baseline; goal <= {GOAL * 1000:.0f} ms); "
        f"NS leader pair {scores.standings[0].entrant} on "
        f"{float(scores.standings[0].percentage):.2f}%"
    )
    tp_worst, tp_median, totals = timed(score_total_points, results, fields=fields)
    print(
        f"total points, {len(results)} results: worst {ms(tp_worst)}, median {ms(tp_median)} "
        f"({tp_median / base_median:.0f}x the baseline; goal <= {GOAL * 1000:.0f} ms); "
        f"NS leader pair {totals.standings[0].entrant} on {float(totals.standings[0].total):+.0f}"
    )

    _howell_design.cache_clear()
    started = time.perf_counter()
    big = howell(64, 1)
    first = time.perf_counter() - started
    started = time.perf_counter()
    howell(64, 1)
    cached = time.perf_counter() - started
    print(
        f"Howell of 64 pairs ({big.rounds} rounds): first build {ms(first)} "
        f"(board-set search included), again {ms(cached)}"
    )
    solo_worst, _solo_median, solo = timed(individual, 118, 4, 3, 9)
    print(
        f"individual, 118 players at {solo.tables} tables of 4 x 9 rounds: worst {ms(solo_worst)}"
    )

    ok = max(build_worst, mp_worst, tp_worst) <= GOAL
    print("goals met" if ok else "GOALS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
