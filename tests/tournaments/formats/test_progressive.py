"""Progressive movements: seating, bots, partner rotation, opponents, scoring."""

import math
import random
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    BOT,
    FIVE_HUNDRED,
    PITCH,
    FormatError,
    compute_standings,
    meeting_counts,
    progressive_result,
    progressive_round,
    progressive_schedule,
    scoring_for,
    table_sizes,
)
from tournaments.formats.progressive import PARTNER_SIDES


def check_round(round_, players, sizes, partnerships):
    seated = [p for t in round_.tables for p in t.players]
    assert sorted(seated) == sorted(players)  # everyone exactly once
    assert tuple(len(t.seats) for t in round_.tables) == sizes
    bots = sum(t.bots for t in round_.tables)
    assert bots == sum(sizes) - len(players)
    for table in round_.tables:
        assert len(table.players) >= 1  # never a table of bots only
        if partnerships:
            assert table.sides == PARTNER_SIDES  # partners opposite: seats 0 & 2 v 1 & 3
        else:
            assert table.sides == tuple((s,) for s in range(len(table.seats)))
    return bots


def test_table_sizes():
    assert table_sizes(8) == (4, 4)
    assert table_sizes(9) == (4, 4, 4)
    assert table_sizes(1) == (4,)
    assert table_sizes(8, PITCH, partnerships=True) == (4, 4)
    assert table_sizes(1, PITCH) == (3,)
    assert table_sizes(2, PITCH) == (3,)
    assert table_sizes(5, PITCH) == (5,)
    assert table_sizes(6, PITCH) == (3, 3)
    assert table_sizes(7, PITCH) == (4, 3)
    assert table_sizes(9, PITCH) == (5, 4)
    assert table_sizes(11, PITCH) == (4, 4, 3)
    with pytest.raises(FormatError):
        table_sizes(0)
    with pytest.raises(FormatError, match="partnerships"):
        table_sizes(8, FIVE_HUNDRED, partnerships=False)
    with pytest.raises(FormatError, match="Unknown game"):
        table_sizes(8, "euchre")


@settings(max_examples=60, deadline=None)
@given(count=st.integers(1, 80))
def test_table_sizes_seat_everyone_with_fewest_bots(count):
    fours = table_sizes(count)
    assert all(size == 4 for size in fours)
    assert 0 <= sum(fours) - count < 4  # one table fewer would not seat everyone
    pitch = table_sizes(count, PITCH)
    assert all(3 <= size <= 7 for size in pitch)
    assert sum(pitch) == max(count, 3)  # no bots from three players up
    assert max(pitch) - min(pitch) <= 1


def test_eight_players_seven_rounds_partner_everyone_once_oppose_everyone_twice():
    players = [f"p{i}" for i in range(8)]
    schedule = progressive_schedule(players, 7, rng=random.Random(2024))
    meetings = meeting_counts(schedule)
    assert set(meetings.partners.values()) == {1}
    assert len(meetings.partners) == 28  # every pair partnered exactly once
    assert set(meetings.opponents.values()) == {2}  # and opposed exactly twice
    assert len(meetings.opponents) == 28
    assert not meetings.bot_partners
    for round_ in schedule:
        check_round(round_, players, (4, 4), True)


def test_schedule_is_deterministic_for_a_seed():
    players = list(range(10))
    one = progressive_schedule(players, 5, rng=random.Random(7))
    assert progressive_schedule(players, 5, rng=random.Random(7)) == one
    assert progressive_schedule(players, 5, rng=random.Random(8)) != one
    hist = [progressive_round(players, [], rng=random.Random(3))]
    again = [progressive_round(players, [], rng=random.Random(3))]
    assert hist == again


def test_six_players_bots_at_different_tables():
    schedule = progressive_schedule(list("ABCDEF"), 6, rng=random.Random(1))
    for round_ in schedule:
        assert [t.bots for t in round_.tables] == [1, 1]
    meetings = meeting_counts(schedule)
    assert max(meetings.partners.values()) == 1
    assert sorted(meetings.bot_partners.values()) == [2] * 6  # each partners a bot twice


@settings(max_examples=30, deadline=None)
@given(count=st.integers(1, 22), rounds=st.integers(1, 13), seed=st.integers(0, 10**6))
def test_five_hundred_schedule_partner_bound(count, rounds, seed):
    """With m seats, no pair partners more than ceil(R / (m - 1)) times, none twice within a
    cycle of m - 1 rounds, and two bots never partner before the cycle forces it."""
    players = [f"p{i}" for i in range(count)]
    schedule = progressive_schedule(players, rounds, rng=random.Random(seed))
    assert [r.number for r in schedule] == list(range(1, rounds + 1))
    sizes = table_sizes(count)
    seats = sum(sizes)
    bots = seats - count
    cycle = seats - 1
    for round_ in schedule:
        check_round(round_, players, sizes, True)
    meetings = meeting_counts(schedule)
    assert max(meetings.partners.values(), default=0) <= math.ceil(rounds / cycle)
    for start in range(0, rounds, cycle):
        block = meeting_counts(schedule[start : start + cycle])
        assert max(block.partners.values(), default=0) <= 1
    bot_pairs = bots * (bots - 1) // 2  # rounds of a cycle in which two bots must partner
    for index, round_ in enumerate(schedule):
        if index % cycle < cycle - bot_pairs:
            for table in round_.tables:
                for side in table.sides:
                    assert any(table.seats[s] is not BOT for s in side)
            if bots <= len(sizes):
                assert all(t.bots <= 1 for t in round_.tables)


def partner_graph_has_fresh_matching(players, bots, meetings):
    """Whether this round could avoid every repeated partnership (and two bots together)."""
    graph = nx.Graph()
    slots = list(players) + [("bot", k) for k in range(bots)]
    graph.add_nodes_from(range(len(slots)))
    for (i, a), (j, b) in combinations(enumerate(slots), 2):
        a_bot, b_bot = isinstance(a, tuple), isinstance(b, tuple)
        if a_bot and b_bot:
            if bots > len(players):
                graph.add_edge(i, j)
        elif a_bot or b_bot or not meetings.partners[frozenset((a, b))]:
            graph.add_edge(i, j)
    return 2 * len(nx.max_weight_matching(graph, maxcardinality=True)) == len(slots)


@settings(max_examples=30, deadline=None)
@given(
    pool=st.integers(2, 16),
    rounds=st.integers(1, 8),
    seed=st.integers(0, 10**6),
)
def test_round_by_round_with_players_coming_and_going(pool, rounds, seed):
    """Each round avoids every repeated partnership whenever the present players allow it."""
    rng = random.Random(seed)
    everyone = [f"p{i}" for i in range(pool)]
    history = []
    for number in range(1, rounds + 1):
        present = [p for p in everyone if rng.random() < 0.85] or everyone[:1]
        sizes = table_sizes(len(present))
        bots = sum(sizes) - len(present)
        before = meeting_counts(history)
        round_ = progressive_round(present, history, rng=rng)
        assert round_.number == number
        check_round(round_, present, sizes, True)
        after = meeting_counts([round_])
        repeated = [pair for pair in after.partners if before.partners[pair]]
        if partner_graph_has_fresh_matching(present, bots, before):
            assert repeated == []
        if bots <= len(present):
            for table in round_.tables:  # two bots never partner when avoidable
                for side in table.sides:
                    assert any(table.seats[s] is not BOT for s in side)
        history.append(round_)


@settings(max_examples=30, deadline=None)
@given(count=st.integers(1, 24), rounds=st.integers(1, 6), seed=st.integers(0, 10**6))
def test_pitch_tables_each_for_themselves(count, rounds, seed):
    players = list(range(count))
    schedule = progressive_schedule(players, rounds, game=PITCH, rng=random.Random(seed))
    sizes = table_sizes(count, PITCH)
    for index, round_ in enumerate(schedule):
        bots = check_round(round_, players, sizes, False)
        assert bots == (3 - count if count < 3 else 0)
        # No swap of two players between tables would make this round's meetings more even.
        seen = meeting_counts(schedule[:index]).opponents

        def cost(table, seen=seen):
            return sum(seen[frozenset(p)] ** 2 for p in combinations(table, 2))

        tables = [list(t.players) for t in round_.tables]
        total = sum(cost(t) for t in tables)
        for t, u in combinations(range(len(tables)), 2):
            for a in tables[t]:
                for b in tables[u]:
                    swapped_t = [b if x == a else x for x in tables[t]]
                    swapped_u = [a if x == b else x for x in tables[u]]
                    others = total - cost(tables[t]) - cost(tables[u])
                    assert others + cost(swapped_t) + cost(swapped_u) >= total


def test_pitch_eight_players_meet_evenly():
    schedule = progressive_schedule(list(range(8)), 7, game=PITCH, rng=random.Random(5))
    assert set(meeting_counts(schedule).opponents.values()) == {3}


def test_pitch_partnerships_use_tables_of_four():
    schedule = progressive_schedule(
        list(range(10)), 4, game=PITCH, partnerships=True, rng=random.Random(1)
    )
    for round_ in schedule:
        check_round(round_, list(range(10)), (4, 4, 4), True)
    assert max(meeting_counts(schedule).partners.values()) == 1


def test_table_helpers_and_scores():
    schedule = progressive_schedule(list("ABCDEFG"), 1, rng=random.Random(3))
    round_ = schedule[0]
    bot_table = next(t for t in round_.tables if t.bots)
    lonely = next(p for p in bot_table.players if bot_table.partners(p) == (BOT,))
    assert round_.table_of(lonely) is bot_table
    assert set(round_.players) == set("ABCDEFG")
    results = []
    for table in round_.tables:
        results.append(progressive_result(1, table, [240, -100], hands_won=[6, 4]))
    standings = compute_standings(list("ABCDEFG"), results, scoring=scoring_for("progressive"))
    for s in standings:
        table = round_.table_of(s.entrant)
        side = table.side_of(s.entrant)
        assert s.points == (240 if side == 0 else -100)
        assert s.wins == (1 if side == 0 else 0)
        assert s.hands_won == (6 if side == 0 else 4)
        partners = [p for p in table.partners(s.entrant) if p is not BOT]
        for partner in partners:
            assert next(x for x in standings if x.entrant == partner).points == s.points
        # Every other human at the table is a partner or an opponent; bots are neither.
        humans = len(table.seats) - table.bots
        assert len(table.opponents(s.entrant)) == humans - 1 - len(partners)
        assert BOT not in table.opponents(s.entrant)
    level = progressive_result(1, round_.tables[0], [50, 50])
    assert all(side.outcome == "draw" for side in level.sides)
    assert level.match == "R1-T1"
    with pytest.raises(FormatError, match="sides"):
        progressive_result(1, round_.tables[0], [1, 2, 3])
    with pytest.raises(FormatError, match="not at table"):
        round_.tables[0].side_of("nobody")


def test_bad_input_is_refused():
    with pytest.raises(FormatError, match="twice"):
        progressive_schedule(["A", "A"], 2, rng=random.Random(0))
    with pytest.raises(FormatError, match="negative"):
        progressive_schedule(["A", "B"], -1, rng=random.Random(0))
    with pytest.raises(FormatError, match="at least 1"):
        progressive_round([], rng=random.Random(0))
    assert progressive_schedule(["A"], 0, rng=random.Random(0)) == []


def test_partner_counts_in_a_long_night_with_repeats_spread():
    # 4 players, 7 rounds: the three ways to pair them used 3, 2 and 2 times.
    schedule = progressive_schedule(list("ABCD"), 7, rng=random.Random(9))
    assert sorted(meeting_counts(schedule).partners.values()) == [2, 2, 2, 2, 3, 3]
