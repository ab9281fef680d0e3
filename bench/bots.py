"""Bot strength in duplicate: `python bench/bots.py --game five_hundred --players 4 --deals 400`.

Every deal is played twice with the same cards: first with level A in the seats of the even
sides (seats 0 and 2 at four-player Five Hundred; in games without fixed sides every seat is its
own side) and level B in the others, then with the levels swapped. For each deal the bench takes,
seat by seat, the score the seat made playing A less the score it made playing B on the same
cards, and averages over the seats: that is A's gain in points a seat a deal (a pair's gain at
four-player Five Hundred and Pitch partnerships), printed with a 95% confidence interval.
`--a club --b club` checks that the harness is fair (the figure should be about zero).

It also prints, for each level, the declarer's tricks and the contracts made (Five Hundred),
misère bids made and defeated, bids made (Pitch), and decision times by phase (p50 and p95 in
milliseconds of CPU time, so other work on a shared machine does not inflate them). `--procs` spreads the deals over processes (at most 2 on a shared machine);
`--budget` sets the expert's allowance (default: the game's, the bots' EXPERT_BUDGETS).
`--seed` picks the deals (each seed its own); `--seed 1,5,6` plays `--deals` deal pairs of each
seed and pools them into one figure.

`--lone` (games where every seat is its own side) measures another way: each deal is played with
B in every seat, then once for each seat with A in that seat alone; A's gain is that seat's score
less its all-B score, averaged over the seats. The other players are the same B in both plays.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.bots import EXPERT_BUDGETS, choose_action  # noqa: E402
from games.engines import five_hundred, pitch  # noqa: E402
from games.engines.base import Action  # noqa: E402

ENGINES = {"five_hundred": five_hundred, "pitch": pitch}


def units(game: str, players: int, options) -> list[tuple[int, ...]]:
    if game == "five_hundred" and players in (4, 6):
        return list(five_hundred.sides(players))
    if game == "pitch" and options.partnerships:
        return [(0, 2), (1, 3)]
    return [(s,) for s in range(players)]


def play(game, players, options, dealer, seed, levels, budget, seating=0):
    """Play one deal with these levels by seat: (scores, facts, [(level, phase, ms), ...]).

    The bots' rngs differ between the two seatings (the cards do not), so that two seatings of
    the same levels are two different plays of the deal and the A-vs-A check means something."""
    engine = ENGINES[game]
    rng = random.Random(seed)
    hand = engine.Hand.new(players, options, dealer, rng)
    times = []
    number = 0
    while not hand.is_over:
        seat = hand.to_act
        if game == "five_hundred":
            hand.reveal_to(seat)
        view = hand.view_for(seat)
        bot_rng = random.Random(f"{seed}:{seating}:{number}:{seat}")
        # CPU time of this process: what the decision costs on one core, however busy the
        # machine is (wall time on a shared machine would count other people's work too).
        start = time.process_time()
        record = choose_action(view, level=levels[seat], rng=bot_rng, budget=budget)
        times.append((levels[seat], view["phase"], (time.process_time() - start) * 1000))
        hand.apply(Action.from_record(record))
        number += 1
    return list(hand.scores()), facts(game, hand, levels), times


def facts(game, hand, levels) -> dict:
    out: dict = {}
    if game == "five_hundred":
        if hand.contractor is None:
            return out
        level = levels[hand.contractor]
        won = hand.tricks_won
        tricks = sum(won[s] for s in hand.contracting_seats())
        out = {"level": level, "made": bool(hand.made), "misere": hand.contract.misere}
        out["tricks"] = None if out["misere"] else tricks
    else:
        if hand.pitcher is None:
            return out
        out = {"level": levels[hand.pitcher], "made": bool(hand.made), "bid": hand.bid}
    return out


def run_deal(job):
    game, players, options_dict, index, seed, a, b, budget = job
    engine = ENGINES[game]
    options = engine.Options.from_dict(options_dict, players) if options_dict else engine.Options()
    groups = units(game, players, options)
    first = {s: (a if i % 2 == 0 else b) for i, g in enumerate(groups) for s in g}
    second = {s: (b if lvl == a and a != b else a if a != b else lvl) for s, lvl in first.items()}
    if a == b:
        second = dict(first)
    dealer = index % players
    deal_seed = seed * 1_000_003 + index
    s1, f1, t1 = play(game, players, options, dealer, deal_seed, first, budget)
    s2, f2, t2 = play(game, players, options, dealer, deal_seed, second, budget, seating=1)
    diffs = []
    for s in range(players):
        # The score the seat made as A less the score it made as B, on the same cards.
        if first[s] == a and (a != b):
            diffs.append(s1[s] - s2[s])
        elif a != b:
            diffs.append(s2[s] - s1[s])
        else:
            sides_first = [g for i, g in enumerate(groups) if i % 2 == 0]
            even = any(s in g for g in sides_first)
            diffs.append((s1[s] - s2[s]) if even else (s2[s] - s1[s]))
    return sum(diffs) / len(diffs), [f1, f2], t1 + t2


def run_lone(job):
    """`--lone`: one seat of level A among seats of level B, in each seat in turn, against the
    same deal with B in every seat; the A seat's score less that seat's all-B score, averaged
    over the seats. The others at the table are the same in both plays, so this measures what
    putting one A in a seat is worth (games without fixed sides only)."""
    game, players, options_dict, index, seed, a, b, budget = job
    engine = ENGINES[game]
    options = engine.Options.from_dict(options_dict, players) if options_dict else engine.Options()
    dealer = index % players
    deal_seed = seed * 1_000_003 + index
    everyone_b = dict.fromkeys(range(players), b)
    base, base_facts, times = play(game, players, options, dealer, deal_seed, everyone_b, budget)
    diffs, facts = [], [base_facts]
    for lone in range(players):
        levels = {**everyone_b, lone: a}
        scores, f, t = play(
            game, players, options, dealer, deal_seed, levels, budget, seating=1 + lone
        )
        diffs.append(scores[lone] - base[lone])
        facts.append(f)
        times = times + t
    return sum(diffs) / len(diffs), facts, times


def percentile(values, q):
    if not values:
        return float("nan")
    values = sorted(values)
    k = min(len(values) - 1, max(0, int(math.ceil(q * len(values))) - 1))
    return values[k]


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=sorted(ENGINES), default="five_hundred")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--options", default="{}", help="table options as JSON")
    parser.add_argument("--deals", type=int, default=100, help="deal pairs to play (for each seed)")
    parser.add_argument("--a", default="expert")
    parser.add_argument("--b", default="club")
    parser.add_argument(
        "--seed",
        type=_seeds,
        default=(1,),
        help="the deals' seed, or several separated by commas (their deals are pooled)",
    )
    parser.add_argument("--procs", type=int, default=1)
    parser.add_argument("--budget", type=int, default=None, help="default: the game's")
    parser.add_argument(
        "--lone",
        action="store_true",
        help="one A seat among B seats (each seat in turn) against all B, not A seats vs B seats",
    )
    args = parser.parse_args(argv)
    if (
        args.lone
        and len(units(args.game, args.players, _opts(args, json.loads(args.options))))
        != args.players
    ):
        parser.error("--lone is for games where every seat is its own side")
    if args.budget is None:
        args.budget = EXPERT_BUDGETS[args.game]
    options = json.loads(args.options)
    jobs = [
        (args.game, args.players, options, i, seed, args.a, args.b, args.budget)
        for seed in args.seed
        for i in range(args.deals)
    ]
    start = time.perf_counter()
    procs = max(1, min(2, args.procs))
    run = run_lone if args.lone else run_deal
    results = []

    def progress(result):
        results.append(result)
        if len(results) % 50 == 0 and len(results) < len(jobs):
            diffs = [r[0] for r in results]
            done = f"{len(diffs)} deals" if args.lone else f"{len(diffs)} deal pairs"
            print(f"  ... {done}: {statistics.fmean(diffs):+.2f}", flush=True)

    if procs > 1:
        with Pool(procs) as pool:
            for result in pool.imap(run, jobs, chunksize=1):
                progress(result)
    else:
        for job in jobs:
            progress(run(job))
    elapsed = time.perf_counter() - start
    diffs = [r[0] for r in results]
    mean = statistics.fmean(diffs)
    sd = statistics.stdev(diffs) if len(diffs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(diffs)) if diffs else 0.0
    label = f"{args.game} {args.players}p {json.dumps(options) if options else ''}".strip()
    design = (
        f"one {args.a} seat among {args.b} seats (--lone), {len(diffs)} deals"
        if args.lone
        else f"{len(diffs)} deal pairs"
    )
    seeds = ",".join(str(seed) for seed in args.seed)
    print(f"{label}: {args.a} vs {args.b}, {design}, budget {args.budget}, seed {seeds}")
    unit = "a pair" if len(units(args.game, args.players, _opts(args, options))) == 2 else "a seat"
    print(
        f"  {args.a} gains {mean:+.2f} points {unit} a deal, "
        f"95% CI [{mean - half:+.2f}, {mean + half:+.2f}]"
    )
    for level in dict.fromkeys((args.a, args.b)):
        played = [f for r in results for f in r[1] if f and f["level"] == level]
        if not played:
            continue
        made = sum(1 for f in played if f["made"])
        line = f"  {level} declaring: {len(played)} contracts, {made / len(played):.0%} made"
        if args.game == "five_hundred":
            plain = [f for f in played if not f["misere"]]
            if plain:
                tricks = statistics.fmean(f["tricks"] for f in plain)
                line += f", {tricks:.2f} tricks a contract"
            mis = [f for f in played if f["misere"]]
            line += f"; misère bids {len(mis)}: {sum(f['made'] for f in mis)} made, "
            line += f"{sum(not f['made'] for f in mis)} defeated"
        else:
            line += f", mean bid {statistics.fmean(f['bid'] for f in played):.2f}"
        print(line)
    times: dict[tuple[str, str], list[float]] = {}
    for r in results:
        for level, phase, ms in r[2]:
            times.setdefault((level, phase), []).append(ms)
    for (level, phase), values in sorted(times.items()):
        print(
            f"  {level:6} {phase:12} {len(values):6} decisions  p50 {percentile(values, 0.5):7.2f} "
            f"ms  p95 {percentile(values, 0.95):7.2f} ms  max {max(values):7.1f} ms"
        )
    print(f"  {elapsed:.0f} s on {procs} process(es)")


def _seeds(text: str) -> tuple[int, ...]:
    """`--seed`: one whole number, or several separated by commas, each used once."""
    try:
        seeds = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a seed or a list of seeds: {text!r}") from None
    if len(set(seeds)) != len(seeds):
        raise argparse.ArgumentTypeError(f"a seed is repeated: {text!r}")
    return seeds


def _opts(args, options):
    engine = ENGINES[args.game]
    return engine.Options.from_dict(options, args.players) if options else engine.Options()


if __name__ == "__main__":
    main()
