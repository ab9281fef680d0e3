"""Tournament formats: the time to recalculate standings and to pair a Swiss round.

Goals: standings from scratch after 1,000 results <= 1 s; pairing a Swiss round of 256
entrants <= 1 s. A synthetic Swiss event of 256 entrants (and one of 255, for the bye) is played
round by round with random scores; each round's pairing is timed (the standings it needs
included), then the standings after 1,024 results with every tiebreak. Also printed, without
goals: a double-elimination bracket of 256 resolved from its results, and a progressive night.
Run from the repository root: `python bench/tournament.py`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tournaments.formats import (  # noqa: E402
    Result,
    compute_standings,
    double_elimination,
    progressive_schedule,
    resolve_bracket,
    swiss_round,
)

ENTRANTS = 256
ROUNDS = 8  # 8 rounds of 128 tables: 1,024 results
PAIRING_GOAL = 1.0
STANDINGS_GOAL = 1.0
TIEBREAKS = ["buchholz", "sonneborn_berger", "head_to_head", "points_difference", "hands_won"]


def play_swiss(count: int, rounds: int, seed: int) -> tuple[list[Result], list[float]]:
    """A whole Swiss event with random scores; returns its results and each round's pairing
    time."""
    rng = random.Random(seed)
    entrants = [f"pair-{i:03d}" for i in range(count)]
    strength = {e: rng.gauss(0, 1) for e in entrants}
    results: list[Result] = []
    times = []
    for number in range(1, rounds + 1):
        started = time.perf_counter()
        round_ = swiss_round(entrants, results, tiebreaks=TIEBREAKS)
        times.append(time.perf_counter() - started)
        if round_.bye is not None:
            results.append(Result.for_bye(f"{number}-bye", number, round_.bye))
        for table, (a, b) in enumerate(round_.pairings, start=1):
            edge = strength[a] - strength[b] + rng.gauss(0, 1)
            winner_score, loser_score = 500 + rng.randrange(0, 60, 10), rng.randrange(-200, 490, 10)
            scores = (
                {a: winner_score, b: loser_score} if edge > 0 else {a: loser_score, b: winner_score}
            )
            hands = {a: rng.randrange(3, 12), b: rng.randrange(3, 12)}
            results.append(Result.from_scores(f"{number}-{table}", number, scores, hands_won=hands))
    return results, times


def main() -> int:
    results, times = play_swiss(ENTRANTS, ROUNDS, seed=256)
    _odd_results, odd_times = play_swiss(ENTRANTS - 1, ROUNDS, seed=255)
    worst_pairing = max(times + odd_times)
    print(
        f"Swiss round of {ENTRANTS} entrants: worst {worst_pairing * 1000:.0f} ms, "
        f"median {statistics.median(times) * 1000:.0f} ms over rounds 1-{ROUNDS} "
        f"(255 entrants, with a bye: worst {max(odd_times) * 1000:.0f} ms) "
        f"(goal <= {PAIRING_GOAL * 1000:.0f} ms)"
    )
    print("  per round (ms): " + ", ".join(f"{t * 1000:.0f}" for t in times))

    entrants = [f"pair-{i:03d}" for i in range(ENTRANTS)]
    standing_times = []
    for _ in range(5):
        started = time.perf_counter()
        standings = compute_standings(entrants, results, tiebreaks=TIEBREAKS)
        standing_times.append(time.perf_counter() - started)
    worst_standings = max(standing_times)
    print(
        f"standings after {len(results)} results, {len(TIEBREAKS)} tiebreaks: "
        f"worst {worst_standings * 1000:.0f} ms of 5 (goal <= {STANDINGS_GOAL * 1000:.0f} ms); "
        f"leader {standings[0].entrant} on {standings[0].points} points"
    )

    rng = random.Random(1)
    bracket = double_elimination(entrants)
    outcomes: dict[str, str] = {}
    started = time.perf_counter()
    resolutions = 0
    while True:
        state = resolve_bracket(bracket, outcomes)
        resolutions += 1
        if state.finished:
            break
        for match in state.ready():
            outcomes[match.match.id] = rng.choice(match.entrants)
    elapsed = time.perf_counter() - started
    print(
        f"double elimination of {ENTRANTS}: {len(bracket.matches)} matches, played out in "
        f"{resolutions} resolutions, {elapsed / resolutions * 1000:.1f} ms each"
    )

    for players, rounds in ((8, 7), (24, 8), (40, 10)):
        started = time.perf_counter()
        progressive_schedule(list(range(players)), rounds, rng=random.Random(players))
        print(
            f"progressive Five Hundred night, {players} players x {rounds} rounds: "
            f"{(time.perf_counter() - started) * 1000:.0f} ms"
        )

    ok = worst_pairing <= PAIRING_GOAL and worst_standings <= STANDINGS_GOAL
    print("goals met" if ok else "GOALS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
