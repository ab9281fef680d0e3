"""Hand and game records for the ladder tests, made by playing the engines.

The auction follows a plan (each seat's calls in order, "pass" once a seat's list runs out; a
trailing "!" makes a Five Hundred bid sans kitty, "^AS" pitches the ace of spades); everything else is a seeded random legal
action. `find_*` tries seeds until the finished hand has the wanted outcome, so every fixture is
reproducible.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engines import five_hundred, pitch, records
from games.engines.base import Action, Phase
from games.engines.cards import parse_card


def _call(seat: int, token: str) -> Action:
    if token.startswith("^"):  # Pitch: bid four by pitching that card
        return Action(seat, "pitch", card=parse_card(token[1:]))
    sans = token.endswith("!")
    return Action(seat, "call", call=token.rstrip("!"), sans_kitty=sans)


def _drive(hand, plan: dict[int, list[str]], rng: random.Random, stop_after: int | None = None):
    plan = {seat: list(calls) for seat, calls in plan.items()}
    steps = 0
    while not hand.is_over and (stop_after is None or steps < stop_after):
        seat = hand.to_act
        auction = hand.phase == Phase.AUCTION
        if auction and seat in plan:
            hand.apply(_call(seat, plan[seat].pop(0) if plan[seat] else "pass"))
        elif auction:
            calls = [a for a in hand.legal_actions() if a.kind == "call"]
            hand.apply(next((a for a in calls if a.call == "pass"), calls[0]))
        elif hand.GAME == five_hundred.GAME:
            hand.apply(hand.sample_action(rng))
        else:
            hand.apply(rng.choice(hand.legal_actions()))
        steps += 1
    return hand


def five_hundred_hand(players, dealer, plan, seed, deal=None, options=None, stop_after=None):
    options = options or five_hundred.Options()
    if deal is None:
        hand = five_hundred.Hand.new(players, options, dealer, random.Random(seed))
    else:
        hand = five_hundred.Hand.from_deal(players, options, dealer, deal)
    _drive(hand, plan, random.Random(seed + 10_000), stop_after)
    return hand


def pitch_hand(players, dealer, plan, seed, deal=None, options=None, stop_after=None):
    options = options or pitch.Options()
    if deal is None:
        hand = pitch.Hand.new(players, options, dealer, random.Random(seed))
    else:
        hand = pitch.Hand.from_deal(players, options, dealer, deal)
    _drive(hand, plan, random.Random(seed + 10_000), stop_after)
    return hand


def record_of(hand) -> dict:
    return records.hand_record(hand, hand.options)


def find(make: Callable[[int], object], want: Callable[[object], bool], tries: int = 400) -> dict:
    """The record of the first seeded hand with the wanted outcome."""
    for seed in range(tries):
        hand = make(seed)
        if want(hand):
            return record_of(hand)
    raise AssertionError("no seed gave the wanted hand")


def pitch_game(players: int, seed: int, options: pitch.Options | None = None) -> dict:
    """A whole random Pitch game (random auction and play) as a game record."""
    options = options or pitch.Options()
    rng = random.Random(seed)
    totals = [0] * players
    dealer = rng.randrange(players)
    hands = []
    for _ in range(200):
        hand = pitch.Hand.new(players, options, dealer, rng)
        while not hand.is_over:
            legal = hand.legal_actions()
            calls = [a for a in legal if a.kind == "call"]
            if hand.in_auction and calls and rng.random() < 0.8:
                # Mostly pass or make the lowest bid: random bidding would pitch every hand.
                passes = [a for a in calls if a.call == "pass"]
                hand.apply(passes[0] if passes and rng.random() < 0.7 else calls[0])
            else:
                hand.apply(rng.choice(legal))
        hands.append(hand)
        totals, winners = pitch.apply_hand(totals, hand, options)
        if winners is not None:
            return records.game_record(hands, options)
        dealer = pitch.next_dealer(hand)
    raise AssertionError("the game did not finish")


def five_hundred_game(players: int, seed: int) -> dict:
    """A whole Five Hundred game: random deals, a random seat bids 7NT each hand."""
    options = five_hundred.Options()
    rng = random.Random(seed)
    totals = [0] * players
    dealer = 0
    hands = []
    for _ in range(400):
        hand = five_hundred.Hand.new(players, options, dealer, rng)
        bidder = rng.randrange(players)
        _drive(hand, {bidder: ["7NT"]}, rng)
        hands.append(hand)
        totals, winners = five_hundred.apply_hand(totals, hand, options)
        if winners is not None:
            return records.game_record(hands, options)
        dealer = five_hundred.next_dealer(hand)
    raise AssertionError("the game did not finish")
