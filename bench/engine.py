"""Rules-engine speed on one core: `python bench/engine.py [--seconds S]` from the repo root.

Prints, for random legal play through the generic engine interface (`Hand.new`,
`legal_actions()`, `apply()`):

- Five Hundred: full four-player hands per second (deal, auction with random legal calls, the
  discard, play to the end; goal >= 2,000), and the same for every other player count;
- the cost in microseconds of one `legal_actions()` and one `view_for()` call on states taken
  from random four-player hands;
- Auction Pitch: full four-player hands per second (goal >= 5,000).
"""

from __future__ import annotations

import argparse
import importlib
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

FIVE_HUNDRED_GOAL = 2000
PITCH_GOAL = 5000


def hands_per_second(engine, players: int, seconds: float, seed: int = 1) -> tuple[float, int]:
    """Deal and play random legal hands for about `seconds`; (hands per second, hands)."""
    rng = random.Random(seed)
    options = engine.Options()
    new = engine.Hand.new
    choice = rng.choice
    hands = 0
    dealer = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for _ in range(50):
            hand = new(players, options, dealer, rng)
            apply = hand.apply
            legal = hand.legal_actions
            while not hand.is_over:
                apply(choice(legal()))
            dealer = (dealer + 1) % players
        hands += 50
        now = time.perf_counter()
        if now >= deadline:
            return hands / (now - start), hands


def sample_states(engine, players: int, count: int, seed: int = 2) -> list:
    """Copies of random four-player hands stopped at random points (never finished)."""
    rng = random.Random(seed)
    states = []
    while len(states) < count:
        hand = engine.Hand.new(players, engine.Options(), rng.randrange(players), rng)
        stop = rng.randrange(60)
        for _ in range(stop):
            if hand.is_over:
                break
            hand.apply(rng.choice(hand.legal_actions()))
        if not hand.is_over:
            states.append(hand)
    return states


def microseconds_per_call(states, call, seconds: float) -> float:
    calls = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        for state in states:
            call(state)
        calls += len(states)
        now = time.perf_counter()
        if now >= deadline:
            return (now - start) / calls * 1e6


def verdict(value: float, goal: float) -> str:
    return "meets the goal" if value >= goal else "BELOW THE GOAL"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    args = parser.parse_args()
    seconds = args.seconds

    from games.engines import five_hundred

    print(f"Python {platform.python_version()} on {platform.machine()}, one process")
    print()
    print("Five Hundred (random legal play, full hands: deal, auction, discard, play)")
    rate, hands = hands_per_second(five_hundred, 4, seconds)
    print(
        f"  4 players: {rate:8,.0f} hands/s  ({hands:,} hands; goal {FIVE_HUNDRED_GOAL:,}: "
        f"{verdict(rate, FIVE_HUNDRED_GOAL)})"
    )
    for players in (2, 3, 5, 6):
        rate, hands = hands_per_second(five_hundred, players, seconds / 3)
        print(f"  {players} players: {rate:8,.0f} hands/s  ({hands:,} hands)")
    states = sample_states(five_hundred, 4, 500)
    legal = microseconds_per_call(states, lambda h: h.legal_actions(), seconds / 2)
    view = microseconds_per_call(states, lambda h: h.view_for(h.to_act), seconds / 2)
    print(f"  legal_actions(): {legal:6.2f} µs a call (500 states from random 4-player hands)")
    print(f"  view_for():      {view:6.2f} µs a call (the seat to act, same states)")
    print()
    print("Auction Pitch (random legal play, full hands)")
    try:
        pitch = importlib.import_module("games.engines.pitch")
    except ImportError as exc:
        print(f"  games/engines/pitch.py is missing ({exc}): nothing to measure")
        return
    rate, hands = hands_per_second(pitch, 4, seconds)
    print(
        f"  4 players: {rate:8,.0f} hands/s  ({hands:,} hands; goal {PITCH_GOAL:,}: "
        f"{verdict(rate, PITCH_GOAL)})"
    )


if __name__ == "__main__":
    main()
