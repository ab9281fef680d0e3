"""The shared view schema (games/engines/view.py): every view of both games follows it, and its
`step` agrees with `legal`, through random legal hands of every player count and option."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import five_hundred as fh
from games.engines import pitch, view
from games.engines.base import Phase

from . import test_five_hundred_properties as fh_props
from . import test_pitch_properties as pitch_props

SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(max_examples=100, deadline=None)

# What the seat to act is asked to do in each phase, from the legal actions' own kinds.
KIND_STEP = {
    "call": "bid",
    "pitch": "bid",
    "discard": "discard",
    "call_partner": "call_partner",
    "play": "play",
    "nominate": "play",
}


def check_every_view(hand) -> None:
    seats = [None, *range(hand.players)]
    for seat in seats:
        shown = hand.public_view() if seat is None else hand.view_for(seat)
        view.check_view(shown)
        assert shown["phase"] == hand.phase.code
        if seat is not None and seat == hand.to_act:
            kinds = {KIND_STEP[k] for entry in shown["legal"] for k in entry if k in KIND_STEP}
            assert kinds == {shown["step"]}
            assert shown["step"] == view.PHASE_STEPS[hand.phase]
        elif hand.is_over:
            assert shown["step"] == "none" and shown["legal"] == []
        else:
            assert shown["step"] == "wait" and shown["legal"] == []


@FAST
@given(fh_props.PLAYERS, fh_props.OPTIONS, SEEDS)
def test_every_five_hundred_view_follows_the_schema(players, options, seed):
    for hand in fh_props.random_hand(players, options, seed, peek=True):
        check_every_view(hand)


@FAST
@given(pitch_props.tables(), SEEDS)
def test_every_pitch_view_follows_the_schema(table, seed):
    players, options = table
    for hand in pitch_props.random_hand(players, options, seed):
        check_every_view(hand)


@settings(max_examples=25, deadline=None)
@given(SEEDS)
def test_game_views_add_the_game_level_keys(seed):
    rng = random.Random(seed)
    for game in (
        fh.Game(4, fh.Options(target=100), first_dealer=rng.randrange(4), rng=rng),
        pitch.Game(4, pitch.Options(), first_dealer=rng.randrange(4), rng=rng),
    ):
        for _ in range(200):
            if game.is_over:
                break
            shown = game.view_for(game.hand.to_act)
            view.check_view(shown, game_level=True)
            assert shown["hand_number"] == len(game.hands)
            assert shown["totals"] == game.totals
            game.apply(game.hand.sample_action(rng))


def test_the_same_keys_in_both_games():
    five = fh.Hand.new(4, fh.Options(), 0, random.Random(1))
    setback = pitch.Hand.new(4, pitch.Options(partnerships=True), 0, random.Random(1))
    shared = view.HAND_KEYS
    assert shared <= set(five.view_for(1)) and shared <= set(setback.view_for(1))
    assert five.view_for(1)["sides"] == setback.view_for(1)["sides"] == [[0, 2], [1, 3]]
    assert five.view_for(1)["step"] == setback.view_for(1)["step"] == "bid"
    assert five.view_for(2)["step"] == setback.view_for(2)["step"] == "wait"


@pytest.mark.parametrize(
    "broken",
    [
        {"step": "play"},  # the seat to act is bidding
        {"legal": []},  # a bid step with nothing legal
        {"tricks": [0, 0, 0, 0]},  # a key outside the schema
        {"hand": ["AS"]},  # hand and hand_sizes disagree
    ],
)
def test_check_view_finds_a_broken_view(broken):
    shown = fh.Hand.new(4, fh.Options(), 0, random.Random(1)).view_for(1)
    view.check_view(shown)
    shown.update(broken)
    with pytest.raises(view.ViewError):
        view.check_view(shown)


def test_the_public_view_waits_and_the_step_is_none_when_the_hand_is_over():
    hand = pitch.Hand.new(3, pitch.Options(all_pass="redeal_next"), 0, random.Random(2))
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])  # everyone passes
    assert hand.phase is Phase.THROWN_IN
    for seat in range(3):
        assert hand.view_for(seat)["step"] == "none"
    assert hand.public_view()["step"] == "none"


def test_both_games_offer_the_same_hand_and_game_interface():
    from games.engines.base import GameState, HandState

    for engine in (fh, pitch):
        game = engine.Game(4, engine.Options(), first_dealer=0, rng=random.Random(3))
        assert isinstance(game, GameState) and isinstance(game.hand, HandState)
        assert game.hand.phase is Phase.AUCTION and game.hand.contract is None
        assert engine.sides(4, engine.Options()) in (((0, 2), (1, 3)), ((0,), (1,), (2,), (3,)))
