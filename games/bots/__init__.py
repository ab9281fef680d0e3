"""Baseline bots for Five Hundred and Auction Pitch.

    from games.bots import choose_action, BOT_LEVELS
    action = choose_action(hand.view_for(seat), level="club", rng=random.Random(7))
    hand.apply(Action.from_record(action))

A bot sees only one seat's view (the JSON-ready dict of `Hand.view_for(seat)`) and returns one
action record from `view["legal"]`, with its seat; for Five Hundred's discard step (`legal` is
`[{"seat": s, "discard": 3, "from": [13 cards]}]`) it returns `{"seat": s, "discard": [3 cards]}`.
The choice depends only on the view and `rng`, so a seeded rng repeats it exactly.

Should a strategy ever fail on an unforeseen view, or pick something outside `legal`, the bot
logs the fault (logger `games.bots`) and plays a random legal action instead: a bot never stops
a table. Nothing here imports Django.
"""

from __future__ import annotations

import logging
import random
from typing import Any

from . import expert_five_hundred, expert_pitch, five_hundred, pitch
from .common import BotError, is_discard_step, legal_of, random_action

logger = logging.getLogger("games.bots")

# How strong each level is, as measured in duplicate by bench/bots.py (the same deals played
# twice with the seats swapped) at four-player Five Hundred and Pitch.
BOT_LEVELS: dict[str, str] = {
    "easy": (
        "Plays any legal card at random: a beginner's practice partner (the club bot beats it by "
        "about 560 points a deal at four-player Five Hundred)."
    ),
    "club": (
        "Plays like a sensible club player: bids what its hand is worth, keeps its trumps and "
        "winners, wins tricks cheaply, never overtakes its partner and plays low when it cannot "
        "win. Quick: beats the easy bot by about 560 points a deal at four-player Five Hundred."
    ),
    "expert": (
        "Thinks ahead: deals the hidden cards many ways that fit what it has seen (the "
        "bidding, the cards played, who has run out of a suit) and plays each choice out "
        "before it bids, discards or plays. At four-player Five Hundred an expert pair beats "
        "a club pair by about 25 points a deal (400 duplicate deals, 95% interval 16 to 35) "
        "and makes 87% of its contracts to the club bot's 75%; with three players it gains "
        "about 8 points a seat a deal (800 duplicate deals, 95% interval 6 to 11), and with "
        "six about 9 (150 duplicate deals, 95% interval 4 to 15). At Pitch an expert pair "
        "beats a club pair by about 0.74 points a deal (240 duplicate deals, 95% interval 0.5 "
        "to 1.0); at four-player Pitch without partners it gains about 0.31 points a seat a "
        "deal (1,920 duplicate deals, 95% interval 0.28 to 0.35). Takes a moment to think."
    ),
}

# The expert's thinking allowance a decision, in engine actions applied in its play-outs (Five
# Hundred's bidding and discard spend three quarters of it), and each game's default. Pitch gets
# twice Five Hundred's: its hands are six cards a seat, so its decisions are quicker at the same
# allowance, and the larger sample of deals measured stronger (four-player Pitch without
# partners: +0.21 a seat a deal at 32000 against +0.17 at 16000, the same 320 duplicate deals).
# CPU times on one core (bench/bots.py): four-player Five Hundred p50 about 120 ms a card, 180 ms
# a bid and 220 ms a discard, p95 under 320 ms; four-player Pitch p50 about 90 ms a card and
# 45 ms a bid, p95 about 210 ms a card and 85 ms a bid (320 deal pairs, seeds 1 and 5, with the
# play read and bids looked at twice; before its play-outs restated the club bot on plain ints,
# 60 deal pairs took p50 115 ms a card and 120 ms a bid, p95 550 ms). The same work on a slower
# machine (the description's 1,920 deal pairs, two bench processes on two cores: `bench/bots.py
# --game pitch --players 4 --deals 320 --seed 1,5,6,7,8,9 --procs 2`): p50 155-195 ms a card and
# 95-110 ms a bid, p95 400-490 ms a card and 170-190 ms a bid.
DEFAULT_EXPERT_BUDGET = 16000
EXPERT_BUDGETS = {"five_hundred": DEFAULT_EXPERT_BUDGET, "pitch": 2 * DEFAULT_EXPERT_BUDGET}

_CLUB = {"five_hundred": five_hundred.club_action, "pitch": pitch.club_action}
_EXPERT = {"five_hundred": expert_five_hundred.expert_action, "pitch": expert_pitch.expert_action}


def choose_action(
    view: dict[str, Any], *, level: str = "club", rng: random.Random, budget: int | None = None
) -> dict:
    """One legal action record for the seat whose view this is (see the module docstring).

    `budget` is the expert's allowance (engine actions its play-outs may apply; default the
    game's, EXPERT_BUDGETS); the other levels ignore it.
    Raises ValueError for an unknown level or game, and BotError when the seat has nothing to do.
    """
    if level not in BOT_LEVELS:
        raise ValueError(f"unknown bot level {level!r}: expected one of {', '.join(BOT_LEVELS)}")
    game = view.get("game")
    if game not in _CLUB:
        raise ValueError(f"unknown game {game!r}: expected five_hundred or pitch")
    legal_of(view)  # BotError when the seat has nothing to do
    if level == "easy":
        return random_action(view, rng)
    try:
        if level == "expert":
            allowance = EXPERT_BUDGETS[game] if budget is None else budget
            action = _EXPERT[game](view, rng, allowance)
        else:
            action = _CLUB[game](view, rng)
    except BotError:
        raise
    except Exception:
        logger.exception("%s bot failed on a %s view; playing at random", level, game)
        return random_action(view, rng)
    if not _is_legal(action, view):
        logger.error("%s bot chose %r, which is not legal; playing at random", level, action)
        return random_action(view, rng)
    return action


def _is_legal(action: dict[str, Any], view: dict[str, Any]) -> bool:
    legal = view.get("legal") or []
    if is_discard_step(view):
        entry = legal[0]
        chosen = action.get("discard")
        return (
            action.get("seat") == entry["seat"]
            and isinstance(chosen, list)
            and len(chosen) == entry.get("discard", 3)
            and len(set(chosen)) == len(chosen)
            and all(c in entry["from"] for c in chosen)
        )
    plain = dict(action)
    if plain.get("sans_kitty") is True and "call" in plain:
        del plain["sans_kitty"]
    return plain in legal


__all__ = ["BOT_LEVELS", "DEFAULT_EXPERT_BUDGET", "EXPERT_BUDGETS", "BotError", "choose_action"]
