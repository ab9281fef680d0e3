"""Bots in every seat, every table size and many option sets: they never make an illegal move,
never crash, never fall back to a random move, and repeat themselves exactly given the same rng."""

from __future__ import annotations

import logging
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.bots import BOT_LEVELS, choose_action
from games.engines import five_hundred, pitch
from games.engines.base import Action

FIVE_HUNDRED_OPTIONS = [
    {},
    {"misere": False},
    {"bidding": "one_round"},
    {"misere_needs_seven": False, "misere_rank": "after_8s"},
    {"joker_lead": "last_trick", "final_raise": False},
]
PITCH_OPTIONS = [
    {},
    {"dealer_steal": "including_4"},
    {"dealer_steal": "never", "min_bid": 2},
    {"min_bid": 2, "low": "holder"},
    {"all_pass": "redeal_next"},
    {"all_pass": "redeal_same", "dealer_steal": "including_4"},
]
LEVELS = list(BOT_LEVELS)
# The expert thinks within a small allowance here, so whole hands stay quick to play.
EXPERT_BUDGET = 600


def play_five_hundred(players, options, dealer, seed, levels, reveal=True):
    rng = random.Random(seed)
    hand = five_hundred.Hand.new(players, five_hundred.Options(**options), dealer, rng)
    steps = 0
    while not hand.is_over:
        seat = hand.to_act
        if reveal:
            hand.reveal_to(seat)
        action = choose_action(
            hand.view_for(seat), level=levels[seat], rng=rng, budget=EXPERT_BUDGET
        )
        assert action["seat"] == seat
        hand.apply(Action.from_record(action))  # raises IllegalAction on a bad move
        steps += 1
        assert steps < 200
    return hand


def play_pitch(players, options, dealer, seed, levels):
    rng = random.Random(seed)
    hand = pitch.Hand.new(players, pitch.Options(**options), dealer, rng)
    steps = 0
    while not hand.is_over:
        seat = hand.to_act
        action = choose_action(
            hand.view_for(seat), level=levels[seat], rng=rng, budget=EXPERT_BUDGET
        )
        assert action["seat"] == seat
        hand.apply(Action.from_record(action))
        steps += 1
        assert steps < 100
    return hand


@pytest.fixture
def no_fallback(caplog):
    """The club bots must never need their random fallback (it logs an error)."""
    caplog.set_level(logging.WARNING, logger="games.bots")
    yield
    faults = [r for r in caplog.records if r.name == "games.bots"]
    assert not faults, faults[0].getMessage()


@pytest.mark.parametrize("players", five_hundred.PLAYER_COUNTS)
@pytest.mark.parametrize("options", FIVE_HUNDRED_OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_five_hundred_club_bots_play_whole_hands(players, options, no_fallback):
    for seed in range(6):
        hand = play_five_hundred(players, options, seed % players, seed, ["club"] * players)
        assert hand.is_over


@pytest.mark.parametrize("players", pitch.PLAYER_COUNTS)
@pytest.mark.parametrize("options", PITCH_OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_pitch_club_bots_play_whole_hands(players, options, no_fallback):
    for seed in range(12):
        hand = play_pitch(players, options, seed % players, seed, ["club"] * players)
        assert hand.is_over


@pytest.mark.parametrize("options", PITCH_OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_pitch_partnerships(options, no_fallback):
    options = {**options, "partnerships": True}
    for seed in range(15):
        levels = ["club", "easy", "club", "easy"] if seed % 2 else ["club"] * 4
        assert play_pitch(4, options, seed % 4, seed, levels).is_over


_settings = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)


@_settings
@given(
    players=st.sampled_from(five_hundred.PLAYER_COUNTS),
    options=st.sampled_from(FIVE_HUNDRED_OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from(LEVELS), min_size=6, max_size=6),
)
def test_five_hundred_any_mix_of_bots(players, options, seed, levels, no_fallback):
    hand = play_five_hundred(players, options, seed % players, seed, levels[:players])
    assert hand.is_over


@_settings
@given(
    players=st.sampled_from(pitch.PLAYER_COUNTS),
    options=st.sampled_from(PITCH_OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    levels=st.lists(st.sampled_from(LEVELS), min_size=7, max_size=7),
)
def test_pitch_any_mix_of_bots(players, options, seed, levels, no_fallback):
    hand = play_pitch(players, options, seed % players, seed, levels[:players])
    assert hand.is_over


def test_five_hundred_unrevealed_hands(no_fallback):
    """Without `reveal_to` a seat may see `"hand": null` (blind misère still open): the bot
    still answers with a legal call."""
    for seed in range(20):
        levels = ["club", "easy", "club", "easy"] if seed % 2 else ["club"] * 4
        assert play_five_hundred(4, {}, seed % 4, seed, levels, reveal=False).is_over


@pytest.mark.parametrize("level", LEVELS)
def test_same_rng_same_hand(level):
    """Deterministic: the same seed replays the same actions."""
    first = play_five_hundred(4, {}, 1, 99, [level] * 4)
    again = play_five_hundred(4, {}, 1, 99, [level] * 4)
    assert first.actions == again.actions
    first = play_pitch(5, {}, 2, 99, [level] * 5)
    again = play_pitch(5, {}, 2, 99, [level] * 5)
    assert first.actions == again.actions
