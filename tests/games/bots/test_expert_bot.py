"""The expert bots: the deals they sample never contradict the seat's view (voids included), the
hand they rebuild from a sampled deal is the one the seat sees, they repeat themselves given the
same rng, and they keep to their allowance of work."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games.bots as bots
from games.bots import DEFAULT_EXPERT_BUDGET, EXPERT_BUDGETS, choose_action
from games.bots import expert_five_hundred as fx
from games.bots import expert_pitch as px
from games.bots import pitch as pitch_club
from games.bots.sampling import Budget, ImpossibleDeal, Place, deal_hidden
from games.engines import five_hundred, pitch
from games.engines.base import Action
from games.engines.cards import SUIT_LETTERS, parse_card

FIVE_HUNDRED_OPTIONS = [
    {},
    {"misere_needs_seven": False},
    {"bidding": "one_round"},
    {"joker_lead": "last_trick"},
]


def five_hundred_position(players, options, seed, stop):
    """A hand played by club bots for `stop` actions (or to its last action)."""
    rng = random.Random(seed)
    hand = five_hundred.Hand.new(players, five_hundred.Options(**options), seed % players, rng)
    for _ in range(stop):
        seat = hand.to_act
        hand.reveal_to(seat)
        record = choose_action(hand.view_for(seat), level="club", rng=rng)
        nxt = hand.copy()
        nxt.apply(Action.from_record(record))
        if nxt.is_over:
            break
        hand = nxt
    hand.reveal_to(hand.to_act)
    return hand


def pitch_position(players, options, seed, stop):
    """A Pitch hand played by club bots for `stop` actions (or to its last action)."""
    rng = random.Random(seed)
    opts = pitch.Options(**options)
    hand = pitch.Hand.new(players, opts, seed % players, rng)
    deal = _pitch_deal(hand)
    actions = []
    for _ in range(stop):
        record = choose_action(hand.view_for(hand.to_act), level="club", rng=rng)
        trial = pitch.Hand.from_deal(players, opts, seed % players, deal)
        for a in [*actions, Action.from_record(record)]:
            trial.apply(a)
        if trial.is_over:
            break
        actions.append(Action.from_record(record))
        hand = trial
    return hand


def _pitch_deal(hand):
    return {"hands": [[str(c) for c in hand.dealt(s)] for s in range(hand.players)]}


# -- sampling --------------------------------------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from(five_hundred.PLAYER_COUNTS),
    options=st.sampled_from(FIVE_HUNDRED_OPTIONS),
    seed=st.integers(0, 2**32 - 1),
    stop=st.integers(0, 60),
)
def test_five_hundred_samples_fit_the_view(players, options, seed, stop):
    hand = five_hundred_position(players, options, seed, stop)
    seat = hand.to_act
    view = hand.view_for(seat)
    k = fx.Knowledge(view)
    world = k.sample(random.Random(seed))
    mine = set(k.hand)
    sampled = [c for cards in world.values() for c in cards]
    # Every unseen card exactly once, nothing this seat can see.
    assert len(sampled) == len(set(sampled))
    assert not set(sampled) & mine
    assert not set(sampled) & {c for cs in k.played_by.values() for c in cs}
    assert not set(sampled) & set(k.discards)
    for s in range(players):
        if s != seat:
            assert len(world[s]) == view["hand_sizes"][s]
            # The seat's known voids hold in the sample ...
            assert not any(k.rules.suit(c) in k.void[s] for c in world[s])
            # ... and are true of the real hand (the inference reads the view correctly).
            assert not any(k.rules.suit(c) in k.void[s] for c in hand.hand_of(s))
    if view["phase"] == "play":
        # The rebuilt full-information hand is in the seat's position.
        rebuilt = fx.rebuild(k, world, Budget(10_000))
        again = rebuilt.view_for(seat)
        assert again["hand"] == view["hand"]
        assert again["trick"] == view["trick"]
        assert again["tricks_won"] == view["tricks_won"]
        assert again["legal"] == view["legal"]


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from(pitch.PLAYER_COUNTS),
    partnerships=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    stop=st.integers(0, 40),
)
def test_pitch_samples_fit_the_view(players, partnerships, seed, stop):
    options = {"partnerships": partnerships and players == 4}
    hand = pitch_position(players, options, seed, stop)
    if hand.is_over:
        return
    seat = hand.to_act
    view = hand.view_for(seat)
    k = px.Knowledge(view)
    world = k.sample(random.Random(seed))
    sampled = [c for cards in world.values() for c in cards]
    assert (
        len(sampled)
        == len(set(sampled))
        == 52 - len(k.hand) - sum(len(w) for w in k.won) - len(k.trick)
    )
    assert not set(sampled) & set(k.hand)
    for s in range(players):
        if s != seat:
            assert len(world[s]) == view["hand_sizes"][s]
            assert not any(c.suit in k.void[s] for c in world[s])
            assert not any(c.suit in k.void[s] for c in hand.cards(s))
    if k.pitched:
        assert k.pitched[1] in world[k.pitched[0]]
    # Every revoke in every trick so far is remembered, not only the last trick's.
    trump = view["trump"]
    for t in view["history"] + [view["trick"] or {}]:
        cards = t.get("cards") or []
        for e in cards[1:]:
            led, suit = cards[0]["card"][-1], e["card"][-1]
            if suit != led and (led == trump or suit != trump):
                assert SUIT_LETTERS.index(led) in k.void[e["seat"]], (t, e)


def test_deal_hidden_respects_voids_and_sizes():
    cards = [parse_card(t) for t in "AS KS QS AH KH QH".split()]
    places = [Place("a", 3, frozenset({0})), Place("b", 3)]
    for seed in range(30):
        out = deal_hidden(cards, places, lambda c: c.suit, random.Random(seed))
        assert sorted(out["a"]) == sorted(parse_card(t) for t in "AH KH QH".split())
        assert len(out["b"]) == 3


def test_deal_hidden_refuses_wrong_sizes_and_relaxes_contradictions():
    cards = [parse_card(t) for t in "AS KS QS".split()]
    with pytest.raises(ImpossibleDeal):
        deal_hidden(cards, [Place("a", 2)], lambda c: c.suit, random.Random(1))
    # Void in spades yet must hold three of the three spades: the voids give way.
    out = deal_hidden(cards, [Place("a", 3, frozenset({0}))], lambda c: c.suit, random.Random(1))
    assert sorted(out["a"]) == sorted(cards)


# -- determinism and the allowance ---------------------------------------------------------


@pytest.mark.parametrize("stop", [0, 5, 12, 30])
def test_five_hundred_expert_is_deterministic(stop):
    hand = five_hundred_position(4, {}, 11, stop)
    view = hand.view_for(hand.to_act)
    first = choose_action(view, level="expert", rng=random.Random(5), budget=3000)
    again = choose_action(view, level="expert", rng=random.Random(5), budget=3000)
    assert first == again


@pytest.mark.parametrize("stop", [0, 3, 8, 15])
def test_pitch_expert_is_deterministic(stop):
    hand = pitch_position(4, {}, 12, stop)
    view = hand.view_for(hand.to_act)
    first = choose_action(view, level="expert", rng=random.Random(5), budget=3000)
    again = choose_action(view, level="expert", rng=random.Random(5), budget=3000)
    assert first == again


@pytest.mark.parametrize("players", [3, 4, 5, 6])
@pytest.mark.parametrize("stop", [0, 8, 20, 35])
def test_five_hundred_expert_keeps_to_its_allowance(players, stop):
    hand = five_hundred_position(players, {}, 3 + stop, stop)
    view = hand.view_for(hand.to_act)
    for total in (4000, DEFAULT_EXPERT_BUDGET):
        budget = Budget(total)
        fx.expert_action(view, random.Random(1), budget)
        assert budget.used <= total


def test_five_hundred_expert_samples_more_deals_with_a_larger_allowance():
    """The cap on sampled deals holds up to the standard allowance and grows above it, so a larger
    allowance is spent (late in a hand, where the cap and not the allowance used to bind)."""
    assert fx._world_cap(Budget(600), fx.MAX_WORLDS) == fx.MAX_WORLDS
    assert fx._world_cap(Budget(fx.WORLDS_BUDGET), fx.MAX_WORLDS) == fx.MAX_WORLDS
    assert fx._world_cap(Budget(2 * fx.WORLDS_BUDGET), fx.MAX_WORLDS) == 2 * fx.MAX_WORLDS
    assert fx._world_cap(Budget(3 * fx.WORLDS_BUDGET), fx.BID_WORLDS) == 3 * fx.BID_WORLDS
    hand = five_hundred_position(4, {}, 38, 35)
    small, large = _spent_with_standard_and_triple(fx, hand.view_for(hand.to_act))
    assert large > small


def _spent_with_standard_and_triple(module, view) -> tuple[int, int]:
    """What the expert of `module` spends deciding `view` with its standard allowance, then
    three times it; neither more than allowed."""
    spent = []
    for total in (module.WORLDS_BUDGET, 3 * module.WORLDS_BUDGET):
        budget = Budget(total)
        module.expert_action(view, random.Random(1), budget)
        assert budget.used <= total
        spent.append(budget.used)
    return spent[0], spent[1]


def test_pitch_expert_samples_more_deals_with_a_larger_allowance():
    """Late in a hand the cap on sampled deals, not the allowance, binds; the cap grows above
    the standard allowance, so a larger allowance is spent."""
    hand = pitch_position(4, {}, 23, 16)
    view = hand.view_for(hand.to_act)
    assert view["phase"] == "play" and len(view["legal"]) > 1
    small, large = _spent_with_standard_and_triple(px, view)
    assert large > 2 * small


def test_five_hundred_expert_bids_within_its_setup_share():
    """Bidding spends at most SETUP_SHARE of the allowance, and the share is counted as used."""
    hand = five_hundred_position(4, {}, 41, 1)
    view = hand.view_for(hand.to_act)
    assert view["phase"] == "auction"
    total = 2 * fx.WORLDS_BUDGET
    whole = Budget(total)
    fx.search_call(fx.Knowledge(view), view, view["legal"], random.Random(3), whole)
    budget = Budget(total)
    fx.expert_action(view, random.Random(3), budget)
    assert 0 < budget.used <= total * fx.SETUP_SHARE
    assert budget.used < whole.used


@pytest.mark.parametrize("stop", [0, 4, 10, 18])
def test_pitch_expert_keeps_to_its_allowance(stop):
    hand = pitch_position(4, {}, 21 + stop, stop)
    view = hand.view_for(hand.to_act)
    spent = []
    for total in (2000, 8000, DEFAULT_EXPERT_BUDGET):
        budget = Budget(total)
        px.expert_action(view, random.Random(1), budget)
        assert budget.used <= total
        spent.append(budget.used)
    assert spent == sorted(spent)


def test_expert_takes_a_forced_pass_at_once():
    """Pitch: a seat whose only legal action is to pass (after a called 4) passes."""
    hand = pitch_position(4, {}, 4, 0)
    view = hand.view_for(hand.to_act)
    view["legal"] = [{"seat": view["seat"], "call": "pass"}]
    budget = Budget(5000)
    assert px.expert_action(view, random.Random(1), budget) == view["legal"][0]
    assert budget.used == 0


# -- the club Pitch bot's draws ------------------------------------------------------------


def test_pitch_club_breaks_ties_with_its_rng():
    """Two equally cheap plain leads (3♣ and 3♠): which the club bot leads depends on its rng,
    so the two seatings of a duplicate deal really are played by different draws."""
    hand = pitch.Hand.new(4, pitch.Options(), 3, random.Random(8))
    for seat in (0, 1, 2):
        hand.apply(Action(seat, "call", call="pass"))
    hand.apply(Action(3, "call", call="2"))  # the stuck dealer
    while hand.trump is None or hand.view_for(hand.to_act)["trick"]["cards"]:
        hand.apply(hand.legal_actions()[0])
    view = hand.view_for(hand.to_act)
    trump = view["trump"]
    plain = [f"3{s}" for s in "SCDH" if s != trump][:2]
    seat = view["seat"]
    view = {**view, "hand": plain, "legal": [{"seat": seat, "play": c} for c in plain]}
    chosen = {pitch_club.club_action(view, random.Random(seed))["play"] for seed in range(16)}
    assert chosen == set(plain)


def test_expert_defends_misere_by_forcing_the_contractor():
    """Open misère, contractor's hand exposed: its only club is the ace. A defender with clubs
    and diamonds leads a club, which the contractor must win, not a diamond it can duck."""
    from tests.games.bots.test_five_hundred_bot import deal

    hand = deal(
        4,
        {
            0: "5S 6S 7S 4H 5H 6H 4D 5D 6D AC",
            1: "10D 5C 6C 8H 9H 10H JH QH KH AH",
        },
        kitty="7H 7D 8S",
        dealer=3,
    )
    for record in (
        {"seat": 0, "call": "open_misere"},
        {"seat": 1, "call": "pass"},
        {"seat": 2, "call": "pass"},
        {"seat": 3, "call": "pass"},
        {"seat": 0, "call": "pass"},  # the final raise, declined
        {"seat": 0, "discard": ["7H", "7D", "8S"]},
        {"seat": 0, "play": "4D"},
        {"seat": 1, "play": "10D"},
        {"seat": 3, "play": "AD"},
    ):
        hand.apply(Action.from_record(record))
    assert hand.to_act == 3
    hand.reveal_to(3)
    view = hand.view_for(3)
    assert view["exposed"]["seat"] == 0
    record = choose_action(view, level="expert", rng=random.Random(2), budget=4000)
    assert record["play"] in ("JC", "QC", "KC")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_a_deal_with_one_way_to_fit_honours_every_void(seed):
    """Each place may hold one suit only: the random deal meets dead ends, and the checked
    deal must still honour every void rather than drop them."""
    cards = [parse_card(f"{r}{s}") for s in "SCDH" for r in ("A", "K", "Q")]
    suit = {c: "SCDH".index(str(c)[-1]) for c in cards}
    everything = frozenset(range(4))
    places = [Place(name, 3, everything - {i}) for i, name in enumerate("SCDH")]
    world = deal_hidden(cards, places, suit.__getitem__, random.Random(seed), tries=0)
    for i, name in enumerate("SCDH"):
        assert sorted(suit[c] for c in world[name]) == [i, i, i]


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("seed", range(6))
def test_five_hundred_contract_outcome_prices_the_level_played_as_the_engine_scores_it(
    players, seed
):
    """One play-out prices every level of its strain: at the level actually played, the price
    is exactly what the engine's scores say, for the contractor and for a defender."""
    hand = five_hundred_position(players, {}, seed, 0)
    k = fx.Knowledge(hand.view_for(hand.to_act))
    world, _ = fx._worlds(k, random.Random(seed), 1)[0]
    for call, level in (("7H", 7), ("6NT", 6), ("8S", 8)):
        played = fx._trial(k, world, (k.seat + 1) % players, call, Budget(10_000))
        assert played.is_over
        for seat in range(players):
            assert fx.contract_outcome(played, seat, level) == pytest.approx(
                fx.outcome(played, seat)
            )


@pytest.mark.parametrize("players", [3, 4, 6])
@pytest.mark.parametrize("stop", [1, 2, 3])
def test_five_hundred_expert_bids_over_a_standing_bid_within_its_allowance(players, stop):
    """Pricing the standing contract (the value of passing) stays inside the allowance, and the
    bid repeats given the same rng."""
    hand = five_hundred_position(players, {}, 40 + stop, stop)
    view = hand.view_for(hand.to_act)
    if view["phase"] != "auction":
        pytest.skip("the auction ended early")
    chosen = []
    for total in (3000, DEFAULT_EXPERT_BUDGET):
        budget = Budget(total)
        chosen.append(fx.expert_action(view, random.Random(5), budget))
        assert budget.used <= total
        assert chosen[-1] in view["legal"]
    assert fx.expert_action(view, random.Random(5), DEFAULT_EXPERT_BUDGET) == chosen[-1]


@settings(max_examples=80, deadline=None)
@given(
    players=st.sampled_from(pitch.PLAYER_COUNTS),
    partnerships=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
    stop=st.integers(1, 40),
)
def test_pitch_playouts_play_as_the_club_bot(players, partnerships, seed, stop):
    """The expert's play-outs play each seat as the club bot would from that seat's view: on the
    real cards, the play-out's choice is the club bot's (with the same tie-break draws), at the
    position and at every turn after it (the play-outs restate the club bot on plain ints)."""
    options = {"partnerships": partnerships and players == 4}
    hand = pitch_position(players, options, seed, stop)
    if hand.is_over or hand.trump is None:
        return
    seat = hand.to_act
    view = hand.view_for(seat)
    k = px.Knowledge(view)
    world = {s: list(hand.cards(s)) for s in range(players) if s != seat}
    sim = px._sim_from(k, world)
    cards = sim.legal(seat)
    if len(cards) == 1:
        return
    club_seat = pitch_club.Seat(view)
    club_seat.tie = px.TIE
    legal = [parse_card(e["play"]) for e in view["legal"]]
    assert sorted(cards) == sorted(legal)
    follow = pitch_club._follow if club_seat.trick else pitch_club._lead
    assert sim.club_choice(seat, cards) == follow(club_seat, legal)
    # And so on to the end of the play-out, from each seat's own hand and the cards played.
    while sim.turn is not None:
        s = sim.turn
        cards = sim.legal(s)
        trump = sim.trump
        assert sim.tplayed == {c & 31 for c in sim.played if c >> 5 == trump}
        choice = sim.club_choice(s, cards) if len(cards) > 1 else cards[0]
        if len(cards) > 1:
            assert choice == _club_reference(sim, s, cards)
        sim.play(s, choice)


def _club_reference(sim, seat, cards):
    """The club bot's own `_lead` / `_follow` on a seat built from a play-out's state."""
    s = pitch_club.Seat.__new__(pitch_club.Seat)
    s.seat, s.players = seat, sim.n
    s.partnerships, s.low_rule = sim.partnerships, sim.low_rule
    s.hand, s.tie, s.trump = list(sim.hands[seat]), px.TIE, sim.trump
    s.trick, s.played = list(sim.trick), set(sim.played)
    s.unseen = [c for c in pitch.PACK if c not in sim.played and c not in sim.hands[seat]]
    return (pitch_club._follow if sim.trick else pitch_club._lead)(s, cards)


def test_pitch_weighs_deals_in_the_play_by_the_hand_each_seat_bid_with():
    """In the play the auction still tells deals apart: each seat's call is judged on the cards
    the deal gives it now with the cards it has already played (the hand it bid with)."""
    hand = pitch_position(4, {}, 31, 12)
    view = hand.view_for(hand.to_act)
    assert view["phase"] == "play" and view["history"]
    k = px.Knowledge(view)
    for t in view["history"] + [view["trick"]]:
        for e in t["cards"]:
            assert pitch_club.card_of(e["card"]) in k.played_by[e["seat"]]
    assert sum(map(len, k.played_by.values())) == 4 * len(view["history"]) + len(
        view["trick"]["cards"]
    )
    weights = [w for _, w in px._worlds(k, random.Random(2), 24)]
    assert len(set(weights)) > 1


@pytest.mark.parametrize("game", ["five_hundred", "pitch"])
def test_each_game_has_its_own_default_allowance(game, monkeypatch):
    """No allowance given: the expert thinks within its game's (Pitch twice Five Hundred's); one
    given (the KOOKABURRA_EXPERT_BUDGET setting) is used as it is."""
    hand = (pitch_position if game == "pitch" else five_hundred_position)(4, {}, 3, 6)
    view = hand.view_for(hand.to_act)
    seen = []

    def spy(view, rng, allowance):
        seen.append(allowance)
        return dict(view["legal"][0])

    monkeypatch.setitem(bots._EXPERT, game, spy)
    choose_action(view, level="expert", rng=random.Random(1))
    choose_action(view, level="expert", rng=random.Random(1), budget=1234)
    assert seen == [EXPERT_BUDGETS[game], 1234]
    assert (
        EXPERT_BUDGETS["pitch"] == 2 * EXPERT_BUDGETS["five_hundred"] == 2 * DEFAULT_EXPERT_BUDGET
    )
