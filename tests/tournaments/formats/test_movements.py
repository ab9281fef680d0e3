"""Duplicate movements: boards played once per pair, equally often, at one table a round; fair
directions and opponents; bots instead of sit-outs."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    EW,
    HOWELL,
    MITCHELL,
    NS,
    FormatError,
    howell,
    individual,
    mitchell,
    movement_for,
)
from tournaments.formats.movements import HOWELL_MAX_PAIRS, mitchell_rounds


def check_movement(movement):
    """The invariants every pairs movement keeps; returns the meeting counts."""
    assert len(movement.sittings) == movement.rounds * movement.tables
    seen = set()
    plays = Counter()
    for number in range(1, movement.rounds + 1):
        sittings = movement.round(number)
        assert [s.table for s in sittings] == list(range(1, movement.tables + 1))
        assert all(s.round == number for s in sittings)
        seated = sorted(p for s in sittings for p in (s.ns_pair, s.ew_pair))
        assert seated == list(movement.pair_numbers)  # everyone plays every round: no sit-out
        in_play = [b for s in sittings for b in s.boards]
        if not movement.shared_boards:
            assert len(in_play) == len(set(in_play))  # no board at two tables at once
        for s in sittings:
            assert len(s.boards) == movement.boards_per_round
            assert list(s.boards) == list(range(s.boards[0], s.boards[0] + len(s.boards)))
            assert s.ns_pair != s.ew_pair
            for board in s.boards:
                plays[board] += 1
                for pair in (s.ns_pair, s.ew_pair):
                    assert (pair, board) not in seen  # nobody plays a board twice
                    seen.add((pair, board))
    assert set(plays) == set(movement.board_numbers)
    assert set(plays.values()) == {movement.plays_per_board}  # every board equally often
    for board in (1, movement.boards):
        assert len(movement.plays_of(board)) == movement.plays_per_board
    return Counter(frozenset((s.ns_pair, s.ew_pair)) for s in movement.sittings)


def test_three_table_mitchell_by_hand():
    movement = mitchell(6, 2)
    assert (movement.kind, movement.tables, movement.rounds, movement.boards) == (MITCHELL, 3, 3, 6)
    assert movement.bot_pair is None and movement.skip_before is None
    rows = [(s.round, s.table, s.ns_pair, s.ew_pair, s.boards) for s in movement.sittings]
    assert rows == [
        (1, 1, 1, 4, (1, 2)),
        (1, 2, 2, 5, (3, 4)),
        (1, 3, 3, 6, (5, 6)),
        # EW move up a table (6 from table 3 to table 1), boards move down (1-2 to table 3).
        (2, 1, 1, 6, (3, 4)),
        (2, 2, 2, 4, (5, 6)),
        (2, 3, 3, 5, (1, 2)),
        (3, 1, 1, 5, (5, 6)),
        (3, 2, 2, 6, (1, 2)),
        (3, 3, 3, 4, (3, 4)),
    ]
    assert [movement.field(p) for p in movement.pair_numbers] == [NS] * 3 + [EW] * 3
    line = movement.schedule(4)[1]
    assert (line.round, line.table, line.direction, line.opponent) == (2, 2, EW, 2)
    assert (line.first_board, line.last_board, line.opponent_is_bot) == (5, 6, False)
    assert [s.table for s in movement.plays_of(1)] == [1, 3, 2]


def test_even_mitchell_skips_half_way():
    movement = mitchell(8, 3)
    assert (movement.tables, movement.rounds, movement.skip_before) == (4, 3, 3)
    ew5 = [(line.table, line.first_board) for line in movement.schedule(5)]
    # Table 1, 2, then skip table 3 to 4; board sets 1-3, 7-9, then 4-6 (not 1-3 again).
    assert ew5 == [(1, 1), (2, 7), (4, 4)]
    check_movement(movement)
    assert mitchell(8, 3, rounds=2).skip_before is None


def test_odd_field_gets_a_bot_pair_not_a_sit_out():
    movement = mitchell(7, 2)
    assert movement.bot_pair == 8 and movement.is_bot(8) and not movement.is_bot(7)
    assert movement.field(8) == EW
    assert any(line.opponent_is_bot for line in movement.schedule(1))
    small = howell(5, 2)
    assert small.bot_pair == 6 and small.tables == 3 and small.rounds == 5
    bot_lines = small.schedule(6)
    assert {line.table for line in bot_lines} == {1}  # the bot pair is stationary
    assert [line.direction for line in bot_lines] == [NS, EW, NS, EW, NS]


def test_howell_of_eight_by_hand():
    movement = howell(8, 3)
    assert (movement.kind, movement.tables, movement.rounds, movement.boards) == (HOWELL, 4, 7, 21)
    assert not movement.shared_boards and movement.bot_pair is None
    met = check_movement(movement)
    assert set(met.values()) == {1} and len(met) == 28
    assert movement.field(1) is None


def test_small_howells_share_boards():
    for pairs in (3, 4, 6):
        movement = howell(pairs, 2)
        assert movement.shared_boards
        check_movement(movement)
        for number in range(1, movement.rounds + 1):
            assert len({s.boards for s in movement.round(number)}) == 1


def test_movement_for_chooses():
    assert movement_for(4, 3).kind == HOWELL
    assert movement_for(10, 3).kind == HOWELL
    assert movement_for(11, 3).kind == MITCHELL
    assert movement_for(10, 3, "mitchell").kind == MITCHELL
    assert movement_for(20, 3, "mitchell", rounds=4).rounds == 4
    assert movement_for(12, 2, "howell").rounds == 11


def test_bad_input_is_refused():
    with pytest.raises(FormatError, match="at least five pairs"):
        mitchell(4, 2)
    with pytest.raises(FormatError, match="at least three pairs"):
        howell(2, 2)
    with pytest.raises(FormatError, match="at least one board"):
        howell(8, 0)
    with pytest.raises(FormatError, match="whole number"):
        mitchell(8.0, 2)
    with pytest.raises(FormatError, match="from 2 to 3 rounds"):
        mitchell(8, 2, rounds=4)
    with pytest.raises(FormatError, match="from 2 to 5 rounds"):
        mitchell(10, 2, rounds=1)
    with pytest.raises(FormatError, match="Mitchell for more"):
        howell(HOWELL_MAX_PAIRS + 1, 1)
    with pytest.raises(FormatError, match="Unknown movement"):
        movement_for(8, 2, "relay")
    with pytest.raises(FormatError, match="played in full"):
        movement_for(8, 2, "howell", rounds=3)
    movement = mitchell(6, 2)
    with pytest.raises(FormatError, match="no round 4"):
        movement.round(4)
    with pytest.raises(FormatError, match="no board 7"):
        movement.plays_of(7)
    with pytest.raises(FormatError, match="no pair 7"):
        movement.schedule(7)
    with pytest.raises(FormatError, match="not at table"):
        movement.sittings[0].direction_of(2)


@settings(max_examples=60, deadline=None)
@given(pairs=st.integers(3, 40), boards=st.integers(1, 4))
def test_howell_everyone_meets_everyone_once_directions_balanced(pairs, boards):
    movement = howell(pairs, boards)
    met = check_movement(movement)
    everyone = list(movement.pair_numbers)
    assert met == Counter({frozenset(p): 1 for p in combinations(everyone, 2)})
    assert movement.rounds == len(everyone) - 1
    assert movement.plays_per_board == movement.tables
    assert movement.shared_boards == (movement.tables < 4)
    ns = Counter(s.ns_pair for s in movement.sittings)
    for pair in everyone:
        assert abs(2 * ns[pair] - movement.rounds) <= 1  # NS in half the rounds, to within one
    assert (movement.bot_pair is not None) == (pairs % 2 == 1)


@settings(max_examples=60, deadline=None)
@given(pairs=st.integers(5, 90), boards=st.integers(1, 4), data=st.data())
def test_mitchell_no_replays_no_rematches_fixed_directions(pairs, boards, data):
    tables = (pairs + 1) // 2
    rounds = data.draw(st.integers(2, mitchell_rounds(tables)))
    movement = mitchell(pairs, boards, rounds)
    met = check_movement(movement)
    assert set(met.values()) == {1}  # a different opponent every round
    assert movement.plays_per_board == rounds
    for sitting in movement.sittings:
        assert sitting.ns_pair == sitting.table  # NS stationary
        assert movement.field(sitting.ns_pair) == NS and movement.field(sitting.ew_pair) == EW
    if rounds == mitchell_rounds(tables) and tables % 2:
        # A full odd Mitchell: every EW pair meets every NS pair and plays every board.
        assert len(met) == tables * tables


@settings(max_examples=100, deadline=None)
@given(
    seats=st.integers(3, 7),
    extra=st.integers(1, 30),
    boards=st.integers(1, 3),
    rounds=st.integers(1, 10),
)
def test_individual_each_board_once_seats_spread(seats, extra, boards, rounds):
    players = seats + extra
    movement = individual(players, seats, boards, rounds)
    tables = movement.tables
    assert tables * seats - players < seats  # never a table more than needed
    assert movement.bots == tuple(range(players + 1, tables * seats + 1))
    seen = set()
    seat_counts = Counter()
    for number in range(1, rounds + 1):
        sittings = movement.round(number)
        seated = sorted(p for s in sittings for p in s.seats)
        assert seated == list(range(1, tables * seats + 1))  # everyone (bots too), once
        assert len({s.boards for s in sittings}) == 1  # every table plays the round's boards
        for s in sittings:
            assert len(s.seats) == seats
            if len(movement.bots) <= tables:
                assert sum(movement.is_bot(p) for p in s.seats) <= 1  # bots spread out
            for seat, player in enumerate(s.seats):
                seat_counts[player, seat] += 1
                for board in s.boards:
                    assert (player, board) not in seen
                    seen.add((player, board))
    for board in movement.board_numbers:
        assert len(movement.plays_of(board)) == tables  # played at every table
    for player in range(1, tables * seats + 1):
        counts = [seat_counts[player, seat] for seat in range(seats)]
        assert max(counts) - min(counts) <= 1  # seats shared out evenly
        assert len(movement.schedule(player)) == rounds


def test_individual_by_hand():
    movement = individual(7, 4, 2, 3)
    assert (movement.tables, movement.bots) == (2, (8,))
    assert [s.seats for s in movement.round(1)] == [(1, 3, 5, 7), (2, 4, 6, 8)]
    # Table 1's starters step one seat a round, table 2's three: the seat groups mix.
    assert [s.seats for s in movement.round(2)] == [(4, 1, 8, 5), (7, 6, 3, 2)]
    assert movement.round(2)[0].seat_of(8) == 2
    assert movement.round(3)[0].boards == (5, 6)
    with pytest.raises(FormatError, match="three to seven"):
        individual(12, 8, 2, 3)
    with pytest.raises(FormatError, match="two tables"):
        individual(4, 4, 2, 3)
    with pytest.raises(FormatError, match="at least one round"):
        individual(9, 4, 2, 0)
    with pytest.raises(FormatError, match="not at table"):
        movement.round(1)[0].seat_of(2)


@pytest.mark.parametrize(("players", "seats", "rounds"), [(8, 4, 7), (15, 5, 9), (28, 7, 9)])
def test_individual_spreads_opponents(players, seats, rounds):
    movement = individual(players, seats, 1, rounds)
    met = Counter()
    for sitting in movement.sittings:
        people = sorted(p for p in sitting.seats if not movement.is_bot(p))
        met.update(combinations(people, 2))
        assert len(people) >= seats - 1  # never two bots at a table
    everyone = len(list(combinations(range(players), 2)))
    assert len(met) >= 0.95 * everyone  # nearly everyone meets everyone
    average = sum(met.values()) / everyone
    assert max(met.values()) <= 2 * average  # and nobody meets anyone far more than average


def test_individual_large_field_meets_someone_new_every_round():
    movement = individual(118, 4, 3, 9)
    met = Counter()
    for sitting in movement.sittings:
        met.update(combinations(sorted(p for p in sitting.seats if not movement.is_bot(p)), 2))
    assert max(met.values()) == 1


def test_automatic_choice_seats_everyone_for_any_field():
    for pairs in range(3, 121):
        movement = movement_for(pairs, 2)
        check_movement(movement)
        assert movement.pairs == pairs
        assert len(movement.pair_numbers) == pairs + (pairs % 2)
        assert (movement.bot_pair is not None) == (pairs % 2 == 1)
