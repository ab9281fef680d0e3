"""Five Hundred: Hypothesis properties over random legal hands for every player count."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engines import five_hundred as fh
from games.engines import records
from games.engines.base import Action, IllegalAction
from games.engines.cards import JOKER, SUITS, parse_card

from .refusals import check_refusal

PLAYERS = st.sampled_from([2, 3, 4, 5, 6])
OPTIONS = st.builds(
    fh.Options,
    misere=st.booleans(),
    misere_needs_seven=st.booleans(),
    misere_rank=st.sampled_from(["after_7nt", "after_8s"]),
    joker_lead=st.sampled_from(["unled_suit", "last_trick"]),
    final_raise=st.booleans(),
    trick_points_cap=st.sampled_from([None, 490, 480]),
    bidding=st.sampled_from(["until_passed", "one_round"]),
)
SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(max_examples=150, deadline=None)
MISERES = {"misere": 250, "open_misere": 500, "blind_misere": 500}


def choose(hand: fh.Hand, rng: random.Random) -> Action:
    """A random legal action, passing often in the auction so that contracts vary."""
    legal = hand.legal_actions()
    if hand.phase.code == "auction" and rng.random() < 0.55:
        return legal[0]  # pass
    return rng.choice(legal)


def random_hand(players, options, seed, stop=None, peek=False):
    """Yield the hand after each action of a random legal hand (and first the fresh deal).

    With `peek`, seats now and then look at their cards (`reveal_to`), as at a live table."""
    rng = random.Random(seed)
    hand = fh.Hand.new(players, options, rng.randrange(players), rng)
    yield hand
    steps = 0
    while not hand.is_over and (stop is None or steps < stop):
        if peek and rng.random() < 0.2:
            hand.reveal_to(rng.randrange(players))
        hand.apply(choose(hand, rng))
        steps += 1
        yield hand


def last(states):
    *_, hand = states
    return hand


def finished(players, options, seed):
    return last(random_hand(players, options, seed))


def played_cards(full):
    out = [entry["card"] for trick in full["history"] for entry in trick["cards"]]
    if full["trick"]:
        out += [entry["card"] for entry in full["trick"]["cards"]]
    return out


def check_pack(hand: fh.Hand) -> None:
    full = hand.full_view()
    cards = [c for h in full["hands_now"] for c in h] + played_cards(full) + full["discards"]
    contract = full["contract"]
    if contract is None or contract["sans_kitty"]:
        cards += full["kitty"]  # still face down, or never used
    cards += full.get("dead", [])
    counts = Counter(cards)
    assert all(n == 1 for n in counts.values()), counts.most_common(3)
    assert set(counts) == {str(c) for c in fh.PACKS[hand.players]}
    size = hand.players - (1 if full["sitting_out"] is not None else 0)
    assert all(len(trick["cards"]) == size for trick in full["history"])
    assert sum(full["tricks_won"]) == len(full["history"])
    if full["trick"]:
        assert len(full["trick"]["cards"]) < size


def card_strings(obj, out, key=None):
    if isinstance(obj, dict):
        for k, v in obj.items():
            card_strings(v, out, k)
    elif isinstance(obj, list):
        for v in obj:
            card_strings(v, out, key)
    elif isinstance(obj, str) and key not in ("call", "call_partner"):  # names, not holdings
        try:
            out.add(str(parse_card(obj)))
        except ValueError:
            pass
    return out


def check_views(hand: fh.Hand) -> None:
    full = hand.full_view()
    public = set(played_cards(full))
    if full["called_partner"]:
        public.add(full["called_partner"]["card"])
    if full["exposed"]:
        public.update(full["exposed"]["cards"])
    for seat in range(hand.players):
        view = hand.view_for(seat)
        allowed = set(public)
        if not view["hand_hidden"]:
            allowed.update(full["hands_now"][seat])
        else:
            assert view["hand"] is None
        if seat == full["contract"]["seat"] if full["contract"] else False:
            allowed.update(full["discards"])
        seen = card_strings(view, set())
        assert seen <= allowed, (seat, seen - allowed)
        if view["legal"]:
            assert seat == hand.to_act
        # Hidden exactly while the seat has not looked and blind misère is still open to it.
        ranks = {c.call: c.rank for c in fh.call_order(hand.options.misere_rank)}
        high = full["high_bid"]
        blind_open = (
            full["phase"] == "auction"
            and hand.options.misere
            and not full["final_raise"]
            and all(entry["seat"] != seat for entry in full["auction"])
            and (high is None or ranks[high["call"]] < ranks["open_misere"])
        )
        assert view["hand_hidden"] == (blind_open and not hand.has_looked(seat))
        offered = {"seat": seat, "call": "blind_misere"} in view["legal"]
        assert offered == (blind_open and not hand.has_looked(seat) and seat == hand.to_act)


def expected_scores(hand: fh.Hand) -> list[int]:
    summary = hand.summary()
    n = hand.players
    if summary["status"] != "complete":
        return [0] * n
    c = summary["contract"]["seat"]
    call = summary["contract"]["call"]
    won = summary["tricks"]
    if n == 4:
        side = {c, (c + 2) % 4}
    elif n == 6:
        side = {c, (c + 3) % 6}
    else:
        side = {c}
    if n == 5 and call not in MISERES:
        called = next(a.card for a in hand.actions if a.kind == "call_partner")
        for s, dealt in enumerate(hand.deal_record()["hands"]):
            if s != c and str(called) in dealt:
                side.add(s)
    out = [0] * n
    if call in MISERES:
        value = MISERES[call] if won[c] == 0 else -MISERES[call]
        for s in side:
            out[s] = value
        return out
    tricks = int(call[:-2] if call.endswith("NT") else call[:-1])
    strain = "SCDH".index(call[-1]) if not call.endswith("NT") else 4
    value = 40 + 20 * strain + 100 * (tricks - 6)
    taken = sum(won[s] for s in side)
    if taken == 10 and value < 250:
        value = 250
    if taken < tricks:
        value = -(40 + 20 * strain + 100 * (tricks - 6))
    if n in (4, 6):
        sides = [(s, (s + n // 2) % n) for s in range(n // 2)]
    else:
        sides = [(s,) for s in range(n)]
    for group in sides:
        if set(group) & side:
            continue
        for s in group:
            out[s] = 10 * sum(won[t] for t in group)
    for s in side:
        out[s] = value
    return out


def state(hand: fh.Hand):
    """Everything a hand holds (the seats' views are derived from the same fields)."""
    return hand.full_view(), hand.summary(), list(hand.actions), hand.to_act, hand.looked


def candidate_actions(hand: fh.Hand, rng: random.Random) -> list[Action]:
    pack = fh.PACKS[hand.players]
    seats = list(range(hand.players)) + [hand.players]
    out = []
    for _ in range(4):
        seat = rng.choice(seats) if rng.random() < 0.3 else (hand.to_act or 0)
        c = rng.choice(pack)
        out += [
            Action(seat, "play", card=c),
            Action(seat, "play", card=JOKER, suit=rng.choice(SUITS)),
            Action(seat, "play", card=c, suit=rng.choice(SUITS)),
            Action(
                seat,
                "call",
                call=rng.choice(
                    ["pass", "6S", "7H", "10NT", "misere", "open_misere", "blind_misere", "11S"]
                ),
                sans_kitty=rng.random() < 0.3,
            ),
            Action(seat, "discard", cards=tuple(rng.sample(pack, rng.choice([2, 3, 3, 4])))),
            Action(seat, "nominate", suit=rng.choice(SUITS)),
            Action(seat, "call_partner", card=c),
            Action(seat, "pitch", card=c),
        ]
    return out


@FAST
@given(PLAYERS, OPTIONS, SEEDS)
def test_pack_is_conserved_and_tricks_are_whole(players, options, seed):
    for hand in random_hand(players, options, seed):
        check_pack(hand)


@FAST
@given(PLAYERS, OPTIONS, SEEDS)
def test_hand_scores_by_the_table(players, options, seed):
    hand = finished(players, options, seed)
    assert hand.scores() == expected_scores(hand)
    summary = hand.summary()
    assert summary["to_act"] is None and summary["legal"] == []
    if summary["status"] == "complete":
        assert sum(summary["tricks"]) == 10 or summary["contract"]["call"] in MISERES


@FAST
@given(PLAYERS, OPTIONS, SEEDS, st.integers(0, 80))
def test_replaying_an_exported_record_gives_the_same_state(players, options, seed, stop):
    hand = last(random_hand(players, options, seed, stop=stop))
    record = records.hand_record(hand, options)
    again = records.load_hand(record)
    assert again.summary() == hand.summary()
    assert again.full_view() == hand.full_view()
    assert records.replay(record) == hand.summary()
    assert records.hand_record(again, options) == record


@FAST
@given(PLAYERS, OPTIONS, SEEDS)
def test_illegal_actions_never_change_the_state(players, options, seed):
    rng = random.Random(seed ^ 0x5A5A)
    for hand in random_hand(players, options, seed, peek=True):
        if rng.random() > 0.25:
            continue
        legal = hand.legal_actions()
        before = state(hand)
        views = [hand.view_for(s) for s in range(players)]
        for candidate in candidate_actions(hand, rng):
            if candidate in legal:
                trial = hand.copy()
                trial.apply(candidate)
                assert len(trial.actions) == len(hand.actions) + 1
                continue
            try:
                hand.apply(candidate)
            except IllegalAction as exc:
                check_refusal(exc)
            else:
                raise AssertionError(f"{candidate} was applied but is not legal")
            assert state(hand) == before, candidate
        assert [hand.view_for(s) for s in range(players)] == views


@FAST
@given(PLAYERS, OPTIONS, SEEDS)
def test_every_legal_action_applies(players, options, seed):
    rng = random.Random(seed)
    for hand in random_hand(players, options, seed, peek=True):
        legal = hand.legal_actions()
        if hand.is_over:
            assert len(legal) == 0 and hand.to_act is None
            continue
        assert len(legal) > 0 and all(a.seat == hand.to_act for a in legal)
        sample = list(legal) if len(legal) <= 12 else [rng.choice(legal) for _ in range(12)]
        for action in sample:
            trial = hand.copy()
            trial.apply(action)
        assert len(hand.legal_records()) > 0


@FAST
@given(PLAYERS, OPTIONS, SEEDS)
def test_views_never_show_another_hand_or_the_kitty(players, options, seed):
    for hand in random_hand(players, options, seed, peek=True):
        check_views(hand)
