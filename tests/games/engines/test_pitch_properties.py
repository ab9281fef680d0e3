"""Pitch: Hypothesis properties over random legal hands and games, 3-7 players and partners."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import event, given, settings
from hypothesis import strategies as st

from games.engines import pitch, records
from games.engines.base import Action, IllegalAction
from games.engines.cards import standard_52
from games.engines.pitch import Game, Hand, Options, apply_hand

from .refusals import check_refusal

PACK = standard_52()
SEEDS = st.integers(0, 2**32 - 1)
FAST = settings(max_examples=150, deadline=None)
CHEAP = settings(max_examples=300, deadline=None)


@st.composite
def tables(draw, players=None):
    """(players, options) for any table, partnerships only with four."""
    n = draw(st.integers(3, 7)) if players is None else players
    options = Options(
        target=draw(st.sampled_from([7, 11, 15, 21])),
        partnerships=n == 4 and draw(st.booleans()),
        low=draw(st.sampled_from(["winner", "holder"])),
        all_pass=draw(st.sampled_from(["stick_dealer", "redeal_same", "redeal_next"])),
        dealer_steal=draw(st.sampled_from(["up_to_3", "including_4", "never"])),
        min_bid=draw(st.sampled_from([1, 2])),
        win=draw(st.sampled_from(["pitcher_only", "pitcher_first_hljg", "highest_over_target"])),
        smudge=draw(st.booleans()),
    )
    return n, options


def choose(hand: Hand, rng: random.Random) -> Action:
    """A random legal action; in the auction, passing half the time so contracts vary."""
    legal = hand.legal_actions()
    if hand.in_auction and legal[0].call == "pass" and rng.random() < 0.5:
        return legal[0]
    return rng.choice(legal)


def random_hand(players, options, seed, stop=None):
    """Yield the hand after each action of a random legal hand (and first the fresh deal)."""
    rng = random.Random(seed)
    hand = Hand.new(players, options, rng.randrange(players), rng)
    yield hand
    steps = 0
    while not hand.is_over and (stop is None or steps < stop):
        hand.apply(choose(hand, rng))
        steps += 1
        yield hand


def finished(players, options, seed):
    *_, hand = random_hand(players, options, seed)
    return hand


def check_pack(hand: Hand) -> None:
    """Every dealt card is exactly once either in a hand, in a trick won, or on the table."""
    full = hand.full_view()
    cards = [c for h in full["hands_now"] for c in h]
    cards += [c for won in full["won"] for c in won]
    cards += [entry["card"] for entry in (full["trick"] or {"cards": []})["cards"]]
    counts = Counter(cards)
    assert all(n == 1 for n in counts.values()), counts.most_common(3)
    assert sorted(counts) == sorted(c for h in full["hands"] for c in h)
    assert sum(full["tricks_won"]) * hand.players == sum(len(w) for w in full["won"])


def strings(obj):
    """Every string inside a JSON-ready value."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for key, value in obj.items():
            yield key
            yield from strings(value)
    elif isinstance(obj, list):
        for value in obj:
            yield from strings(value)


def check_views(hand: Hand) -> None:
    """No view shows a card another seat still holds, unless it was pitched face up."""
    shown_publicly = {a.to_record()["pitch"] for a in hand.actions if a.kind == "pitch"}
    for seat in range(hand.players):
        view = hand.view_for(seat)
        json.dumps(view)
        seen = set(strings(view))
        assert sorted(view["hand"]) == sorted(str(c) for c in hand.cards(seat))
        for other in range(hand.players):
            if other == seat:
                continue
            hidden = {str(c) for c in hand.cards(other)} - shown_publicly
            assert not hidden & seen, (seat, other, hidden & seen)
        if seat == hand.to_act:
            assert view["legal"] == [a.to_record() for a in hand.legal_actions()]
        else:
            assert view["legal"] == []


def candidates(hand: Hand, rng: random.Random, count: int) -> list[Action]:
    """Random actions of every kind, for any seat (most of them illegal)."""
    out = []
    for _ in range(count):
        seat = (
            hand.to_act
            if rng.random() < 0.7 and hand.to_act is not None
            else rng.randrange(hand.players)
        )
        kind = rng.choice(["call", "pitch", "play", "play", "discard"])
        if kind == "call":
            out.append(Action(seat, "call", call=rng.choice(["pass", "1", "2", "3", "4", "5"])))
        elif kind == "discard":
            out.append(Action(seat, "discard", cards=(rng.choice(PACK),)))
        else:
            own = list(hand.cards(seat))
            card = rng.choice(own) if own and rng.random() < 0.7 else rng.choice(PACK)
            out.append(Action(seat, kind, card=card))
    return out


@FAST
@given(tables(), SEEDS)
def test_pack_is_conserved_and_views_hide_other_hands(table, seed):
    players, options = table
    for hand in random_hand(players, options, seed):
        check_pack(hand)
        check_views(hand)


@FAST
@given(tables(), SEEDS)
def test_an_illegal_action_never_changes_the_state_and_legal_ones_are_accepted(table, seed):
    players, options = table
    rng = random.Random(seed ^ 0x5EED)
    for hand in random_hand(players, options, seed):
        legal = hand.legal_actions()
        before = hand.full_view()
        for action in candidates(hand, rng, 6):
            if action in legal:
                continue
            try:
                hand.apply(action)
            except IllegalAction as exc:
                check_refusal(exc)
            else:
                raise AssertionError(f"{action} was accepted but is not in legal_actions()")
            assert hand.full_view() == before
        # Every listed action is accepted (checked on a copy made by replaying the record).
        for action in rng.sample(legal, min(3, len(legal))):
            copy = records.load_hand(records.hand_record(hand, options))
            copy.apply(action)


@FAST
@given(tables(), SEEDS)
def test_every_seat_calls_once_and_only_pitching_ends_the_auction_early(table, seed):
    """Each seat from the dealer's left to the dealer calls exactly once unless someone pitches
    (which ends the auction at once); after a called 4 the others can only pass, and only the
    dealer of an including_4 table may take it over (by calling 4 or pitching)."""
    players, options = table
    *_, hand = random_hand(players, options, seed)
    bids = [a for a in hand.actions if a.kind in ("call", "pitch")]
    order = [(hand.dealer + 1 + i) % players for i in range(players)]
    assert [a.seat for a in bids] == order[: len(bids)]
    pitched = [i for i, a in enumerate(bids) if a.kind == "pitch"]
    if pitched:
        assert pitched == [len(bids) - 1]
        assert hand.pitcher == bids[-1].seat and hand.bid == 4
    else:
        assert len(bids) == players
    called_4 = next((i for i, a in enumerate(bids) if a.call == "4"), None)
    if called_4 is not None:
        for later in bids[called_4 + 1 :]:
            if later.seat != hand.dealer:
                assert later.call == "pass"
            elif options.dealer_steal != "including_4":
                assert later.call == "pass"
        takers = [a for a in bids[called_4 + 1 :] if a.call != "pass"]
        assert hand.pitcher == (takers[-1].seat if takers else bids[called_4].seat)
        assert hand.bid == 4


@FAST
@given(tables(), SEEDS)
def test_after_a_called_4_the_legal_actions_are_passes_but_for_a_dealer_who_may_steal(table, seed):
    players, options = table
    for hand in random_hand(players, options, seed):
        if not hand.in_auction or not any(a.call == "4" for a in hand.actions):
            continue
        legal = hand.legal_actions()
        if hand.to_act == hand.dealer and options.dealer_steal == "including_4":
            assert [a.call for a in legal[:2]] == ["pass", "4"]
            assert {a.kind for a in legal[2:]} == {"pitch"}
        else:
            assert [a.to_record() for a in legal] == [{"seat": hand.to_act, "call": "pass"}]


@CHEAP
@given(tables(), SEEDS)
def test_at_most_four_points_and_the_scores_follow_from_them(table, seed):
    players, options = table
    hand = finished(players, options, seed)
    if hand.status == "thrown_in":
        assert options.all_pass != "stick_dealer"
        assert hand.scores() == [0] * players and hand.contract is None
        return
    points = hand.points
    awarded = [seat for seat in points.values() if seat is not None]
    assert 2 <= len(awarded) <= 4
    assert points["high"] is not None and points["low"] is not None
    units = [(0, 2), (1, 3)] if options.partnerships else [(s,) for s in range(players)]
    won = {u: sum(1 for s in awarded if s in u) for u in units}
    assert sum(won.values()) <= 4
    scores = hand.scores()
    for unit in units:
        assert len({scores[s] for s in unit}) == 1
        if hand.pitcher in unit:
            assert hand.made == (won[unit] >= hand.bid)
            assert scores[unit[0]] == (won[unit] if hand.made else -hand.bid)
        else:
            assert scores[unit[0]] == won[unit]
    assert sum(hand.tricks_won) == 6
    assert sum(hand.game_points) == sum(
        pitch.GAME_POINT_VALUES.get(c & 31, 0) for s in range(players) for c in hand.dealt(s)
    )


@CHEAP
@given(tables(), SEEDS, st.integers(0, 30))
def test_replaying_an_exported_record_gives_the_same_state(table, seed, stop):
    players, options = table
    *_, hand = random_hand(players, options, seed, stop=stop)
    record = json.loads(json.dumps(records.hand_record(hand, options)))
    again = records.load_hand(record)
    assert again.full_view() == hand.full_view()
    assert again.summary() == hand.summary()
    assert records.replay(record) == hand.summary()


def play_game(players, options, seed, max_hands):
    """Random hands of a game. Bids are cautious (pass, or the dealer's lowest bid) in half the
    auctions so that games are often won; cards are random."""
    rng = random.Random(seed)
    game = Game(players, options, first_dealer=rng.randrange(players), rng=rng)
    cautious = True
    while not game.is_over and len(game.hands) <= max_hands:
        hand = game.hand
        if not hand.actions:
            cautious = rng.random() < 0.5
        if len(game.hands) == max_hands and hand.actions and rng.random() < 0.02:
            break  # leave the last hand unfinished now and then
        if cautious and hand.in_auction:
            calls = [a for a in hand.legal_actions() if a.kind == "call"]
            if hand.to_act == hand.dealer and len(calls) > 1:
                calls = calls[1:]
            game.apply(calls[0])
        else:
            game.apply(choose(hand, rng))
    return game


def check_winners(game: Game, options: Options) -> None:
    """Winners appear only on the last finished hand and only as the win option allows."""
    done = [h for h in game.hands if h.is_over]
    if game.winners is None:
        if done and done[-1].status == "complete":
            last = done[-1]
            assert not (options.smudge and last.made and last.bid == 4)
            if options.win != "highest_over_target":
                assert not (last.made and game.totals[last.pitcher] >= options.target)
        return
    last = done[-1]
    assert last is game.hands[-1] and last.status == "complete"
    side = sorted(last.side(game.winners[0]))
    assert game.winners == side
    pitching = sorted(last.side(last.pitcher))
    if options.smudge and last.made and last.bid == 4:
        assert game.winners == pitching
        return
    total = game.totals[side[0]]
    if options.win == "pitcher_only":
        assert side == pitching and last.made and total >= options.target
    elif options.win == "pitcher_first_hljg":
        if side == pitching:
            assert last.made and total >= options.target
        else:
            assert not (last.made and game.totals[last.pitcher] >= options.target)
            assert total >= options.target
    else:
        assert total >= options.target
        assert sorted(game.totals).count(total) == len(side)
        assert total == max(game.totals)


@settings(max_examples=100, deadline=None)
@given(tables(), SEEDS, st.integers(1, 25))
def test_game_totals_are_the_sums_of_hand_scores_and_records_replay(table, seed, max_hands):
    players, options = table
    game = play_game(players, options, seed, max_hands)
    done = [h for h in game.hands if h.is_over]
    sums = [sum(h.scores()[s] for h in done) for s in range(players)]
    assert game.totals == sums
    if options.partnerships:
        assert game.totals[0] == game.totals[2] and game.totals[1] == game.totals[3]
    check_winners(game, options)
    event("game won" if game.winners else "game not won")
    # apply_hand step by step agrees with the Game's rows.
    totals = [0] * players
    for hand, row in zip(done, game.rows, strict=True):
        totals, _ = apply_hand(totals, hand, options)
        assert totals == row
    record = json.loads(json.dumps(records.game_record(game.hands, options)))
    hands, rows, winners = records.load_game(record)
    expected = list(game.rows)
    if not game.hands[-1].is_over:
        expected.append(list(game.totals))
    assert rows == expected
    assert winners == game.winners
    assert records.replay(record) == {"totals": expected, "winner": game.winners}
