"""The expert Pitch bot reads the play: a sampled deal in which another seat would have played
differently from how it did counts for less, and a bid the search prefers to the club bot's
gets a second look on fresh deals."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.bots import expert_pitch as px
from games.bots import pitch as pitch_club
from games.bots.sampling import Budget
from games.engines import pitch
from games.engines.cards import parse_card

from .test_expert_bot import pitch_position


def _plays(view):
    out = []
    for t in [*view["history"], view["trick"] or {}]:
        out += [(e["seat"], parse_card(e["card"])) for e in t.get("cards") or []]
    return out


def _club_would(seat_state, card, cards) -> bool:
    """Whether the club bot's own `_lead`/`_follow` plays `card` here under some order of its
    tie-break draws (`card` drawn first, or last)."""
    follow = pitch_club._follow if seat_state.trick else pitch_club._lead
    for edge in (-1.0, 2.0):
        seat_state.tie = {**px.TIE, card: edge}
        if follow(seat_state, cards) == card:
            return True
    return False


def _reference_fits(view, world) -> bool:
    """Whether every card the other seats played is one the club bot would have played from the
    hand the deal gives it (what it holds now with what it has played), judged by the club bot's
    own code on the position as it stood."""
    me, n = view["seat"], view["players"]
    plays = _plays(view)
    played_by = {s: [c for p, c in plays if p == s] for s in range(n)}
    mine = [parse_card(c) for c in view["hand"]]
    hands = {s: list(mine if s == me else world[s]) + played_by[s] for s in range(n)}
    options = view.get("options") or {}
    low_rule = options.get("low", "winner")
    trump, trick, seen = None, [], set()
    for index, (s, c) in enumerate(plays):
        if index == 0:
            trump = c.suit  # the pitcher's lead, judged by the bids
        elif s != me:
            state = pitch_club.Seat.__new__(pitch_club.Seat)
            state.seat, state.players = s, n
            state.partnerships = bool(options.get("partnerships"))
            state.low_rule = low_rule
            state.hand, state.trump = list(hands[s]), trump
            state.trick, state.played = list(trick), set(seen)
            state.unseen = [u for u in pitch.PACK if u not in seen and u not in hands[s]]
            led = trick[0][1].suit if trick else None
            cards = [u for u in hands[s] if led is None or u.suit == led]
            if led is not None and led != trump and cards:
                cards += [u for u in hands[s] if u.suit == trump]
            if led == trump:
                cards = [u for u in hands[s] if u.suit == trump]
            cards = cards or list(hands[s])
            if len(cards) > 1 and not _club_would(state, c, cards):
                return False
        hands[s].remove(c)
        trick.append((s, c))
        seen.add(c)
        if len(trick) == n:
            trick = []
    return True


def test_play_reading_is_on():
    assert 0 < px.PLAY_READ < 1


# Positions in the play of hands club bots played, at every player count, with and without
# partners.
in_play = given(
    players=st.sampled_from(pitch.PLAYER_COUNTS),
    partnerships=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    stop=st.integers(1, 40),
)


def _in_play(players, partnerships, seed, stop):
    """(hand, the view of the seat to play) in the play, or None (still bidding, or over)."""
    hand = pitch_position(players, {"partnerships": partnerships and players == 4}, seed, stop)
    if hand.is_over or hand.trump is None:
        return None
    return hand, hand.view_for(hand.to_act)


@settings(max_examples=40, deadline=None)
@in_play
def test_the_real_deal_fits_the_play_of_club_bots(players, partnerships, seed, stop):
    """Club bots played this hand, so the real cards explain every play: full weight."""
    if not (position := _in_play(players, partnerships, seed, stop)):
        return
    hand, view = position
    world = {s: list(hand.cards(s)) for s in range(players) if s != view["seat"]}
    assert px._play_weight(px.Knowledge(view), world) == 1.0


@settings(max_examples=40, deadline=None)
@in_play
def test_a_sampled_deal_counts_for_less_exactly_when_a_play_contradicts_it(
    players, partnerships, seed, stop
):
    """A sampled deal keeps full weight when, in it, every other seat played as the club bot
    would have (by the club bot's own code), and PLAY_READ less for each play that doesn't."""
    if not (position := _in_play(players, partnerships, seed, stop)):
        return
    _, view = position
    k = px.Knowledge(view)
    rng = random.Random(seed)
    for _ in range(12):
        world = k.sample(rng)
        weight = px._play_weight(k, world)
        assert (weight == 1.0) == _reference_fits(view, world)
        assert weight == 1.0 or weight <= px.PLAY_READ
    # The weights are what the search averages with.
    worlds = px._worlds(k, random.Random(seed), 12)
    for world, weight in worlds:
        assert weight == px._weight(k, world) * px._play_weight(k, world)


def _bid_position():
    """A seat's first call where the club bot would bid (so a pass is another call)."""
    for seed in range(400):
        hand = pitch_position(4, {}, seed, 0)
        view = hand.view_for(hand.to_act)
        legal = view["legal"]
        if view["phase"] != "auction" or legal[0].get("call") != "pass":
            continue
        default = pitch_club.choose_bid(view, legal, random.Random(random.Random(3).random()))
        if default != legal[0]:
            return view, default
    raise AssertionError("no position")


def test_a_bid_preferred_to_the_club_bots_is_looked_at_again(monkeypatch):
    """The bid search keeps a call other than the club bot's only when fresh deals, sampled
    after the choice, agree that it is better (the best of many noisy estimates is overrated)."""
    view, default = _bid_position()
    k = px.Knowledge(view)

    def choose(second_look):
        calls = []

        def means(worlds, count, per_world, budget, min_worlds, evaluate):
            calls.append(len(worlds))
            if len(calls) == 1:
                # The first search prefers the pass (the first call) by far.
                return [5.0] + [0.0] * (count - 1)
            return second_look  # [the club bot's call, the pass]

        monkeypatch.setattr(px, "weighted_means", means)
        choice = px.choose_bid(k, view, view["legal"], random.Random(3), Budget(10_000))
        return choice, calls

    choice, calls = choose([0.0, 1.0])
    assert choice == view["legal"][0]
    assert calls[1] == px.BID_RECHECK
    choice, calls = choose([1.0, 0.0])
    assert choice == default and len(calls) == 2
