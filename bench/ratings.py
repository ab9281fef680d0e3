"""Ladder ratings: the time to rebuild from 20,000 games, and to update after one game.

Goals: rebuild <= 30 s, one update <= 50 ms. Synthetic games among 500 players: two in five are
2 v 2 partnership games, the rest free-for-all Pitch tables of 3-7 players, some with tied
places. Run from the repository root: `python bench/ratings.py`.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ladders.ratings import (  # noqa: E402
    GameResult,
    activity,
    leaderboard,
    rebuild,
    update,
)

GAMES = 20_000
PLAYERS = 500
REBUILD_GOAL = 30.0
UPDATE_GOAL = 0.050


def synthetic_games(count: int, players: int, seed: int = 500) -> list[GameResult]:
    rng = random.Random(seed)
    skill = [rng.gauss(0, 1) for _ in range(players)]
    start = datetime(2024, 1, 1, 19, 0, tzinfo=UTC)
    games = []
    for number in range(count):
        played_at = start + timedelta(minutes=17 * number)
        if rng.random() < 0.4:
            seats = rng.sample(range(players), 4)
            teams = [[seats[0], seats[2]], [seats[1], seats[3]]]
            strength = [sum(skill[p] for p in t) + rng.gauss(0, 1.5) for t in teams]
            scores = [500, rng.randrange(-300, 500, 10)]
            if strength[1] > strength[0]:
                scores.reverse()
        else:
            size = rng.randint(3, 7)
            seats = rng.sample(range(players), size)
            teams = [[p] for p in seats]
            scores = [min(7, max(-4, round(skill[p] * 2 + rng.gauss(3, 2)))) for p in seats]
        games.append(GameResult(number, played_at, teams, scores=scores))
    rng.shuffle(games)  # rebuild sorts by played time itself
    return games


def main() -> int:
    games = synthetic_games(GAMES, PLAYERS)
    partnership = sum(1 for g in games if len(g.teams[0]) == 2)
    print(
        f"{len(games)} synthetic games among {PLAYERS} players "
        f"({partnership} partnership, {len(games) - partnership} free-for-all)"
    )

    started = time.perf_counter()
    ratings, history = rebuild(games)
    rebuild_seconds = time.perf_counter() - started
    print(f"rebuild from scratch: {rebuild_seconds:.2f} s (goal <= {REBUILD_GOAL:.0f} s)")

    games_played, last_played = activity(history)
    now = max(last_played.values())
    started = time.perf_counter()
    rows = leaderboard(ratings, games_played, last_played, now)
    print(f"leaderboard of {len(rows)} players: {(time.perf_counter() - started) * 1000:.1f} ms")

    rng = random.Random(7)
    times = []
    after = now + timedelta(hours=1)
    for number in range(1000):
        if number % 2:
            seats = rng.sample(list(ratings), 4)
            result = GameResult(
                f"new-{number}", after, [seats[0::2], seats[1::2]], scores=[520, 140]
            )
        else:
            seats = rng.sample(list(ratings), 7)
            result = GameResult(
                f"new-{number}", after, [[p] for p in seats], scores=[7, 5, 5, 3, 2, 1, -2]
            )
        started = time.perf_counter()
        new = update(ratings, result)
        ratings.update(new)  # what the site does: store the new ratings of that game's players
        times.append(time.perf_counter() - started)
    worst = max(times)
    print(
        f"update after one game: median {statistics.median(times) * 1000:.3f} ms, "
        f"worst {worst * 1000:.3f} ms over {len(times)} games (goal <= {UPDATE_GOAL * 1000:.0f} ms)"
    )
    ok = rebuild_seconds <= REBUILD_GOAL and worst <= UPDATE_GOAL
    print("goals met" if ok else "GOALS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
