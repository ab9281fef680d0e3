"""Duplicate movements: which pair sits where, against whom, with which boards, each round.

**For directors.** In a duplicate event every table plays the same deals ("boards"), so a result
is judged against the other results on the same board, not against the luck of the cards. Pairs
sit in two directions, North–South (NS) and East–West (EW); a *movement* carries the boards
between the tables so that each pair plays each board at most once and meets a fair spread of
opponents. Pairs are numbered 1, 2, 3 …; the pages map the numbers to partnerships.

- **Mitchell** (`mitchell`) — for many tables. NS pairs stay at their table all session
  (pair *t* at table *t*); EW pairs move up one table each round (pair *T + t* starts at table
  *t*) and the boards move down one table. Each NS pair meets a different EW pair every round and
  nobody plays a board twice. The NS pairs are compared with each other and so are the EW pairs:
  there are two fields and two winners (`Movement.field`). With an **odd** number of tables a full
  movement is as many rounds as tables. With an **even** number the EW pairs would meet boards
  again half way round, so they **skip** one table before round *T/2 + 1* (`Movement.skip_before`)
  — the standard skip Mitchell; a full even movement is then *T − 1* rounds (one more would bring
  back an opponent). A shorter session (`rounds=`) plays the first rounds of the full one.
  Every round every set of boards is at exactly one table, so every board is played once a round.
- **Howell** (`howell`) — when every pair should meet every other: *P* pairs play *P − 1* rounds,
  meeting each other pair exactly once (the circle method), and play each of the *P − 1* sets of
  boards exactly once, so every board is played *P / 2* times. Each pair sits NS in half its rounds
  (to within one). Every table holds a different set in a round (an orthogonal arrangement found
  once by a small search); with only four or six pairs no such arrangement exists, so there every
  table plays the same set each round — the site deals every board to as many tables as need it
  (`Movement.shared_boards`). All pairs are one field, with one winner.
- `movement_for` chooses: a Howell up to ten pairs (at most nine rounds), a Mitchell above.

**Bots, never a sit-out.** With an odd number of pairs a bot pair makes the number even
(`Movement.bot_pair`, the highest pair number; in a Mitchell it is the last EW pair, in a Howell the
stationary pair at table 1). Bot results count on the board like any other (they are what the real
pairs are compared with) but the bot pair is not ranked (see `duplicate`).

**Individual (Pitch solo)** — `individual`: each for themselves at tables of three to seven seats;
a seat's result is compared with the same seat's results at the other tables. Every round every
table plays the same set of boards (the site deals each board to every table at once), so each
player plays each board exactly once and every board is played at every table. Each player moves
round all the seats in turn (a seat a round, or a fixed step of seats), so seats are shared out
evenly, to within one; every round the tables are made up so that people who have met least sit
together (a small deterministic search). Bots fill the empty seats (`IndividualMovement.bots`, the
highest player numbers), never two at a table while there are fewer bots than tables.

Rounds and tables are numbered from 1, boards from 1 (set *s* holds boards
*s·b + 1 … (s + 1)·b* for *b* boards a round). Everything is deterministic.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from functools import cache
from typing import Final, Literal

from .types import FormatError

__all__ = [
    "EW",
    "HOWELL",
    "MITCHELL",
    "NS",
    "IndividualMovement",
    "IndividualSitting",
    "Movement",
    "PairRound",
    "Sitting",
    "howell",
    "individual",
    "mitchell",
    "movement_for",
]

NS: Final = "NS"
EW: Final = "EW"
MITCHELL: Final = "mitchell"
HOWELL: Final = "howell"
#: `movement_for` picks a Howell up to this many pairs (a bot included), a Mitchell above.
HOWELL_UP_TO: Final = 10
#: The largest Howell offered (63 rounds is far beyond a session; the search stays fast).
HOWELL_MAX_PAIRS: Final = 64
SEATS: Final = range(3, 8)

Direction = Literal["NS", "EW"]


@dataclass(frozen=True, slots=True)
class Sitting:
    """One table in one round: `ns_pair` sits North–South against `ew_pair` and they play
    `boards` (consecutive board numbers)."""

    round: int
    table: int
    ns_pair: int
    ew_pair: int
    boards: tuple[int, ...]

    def direction_of(self, pair: int) -> Direction:
        if pair == self.ns_pair:
            return NS
        if pair == self.ew_pair:
            return EW
        raise FormatError(f"Pair {pair} is not at table {self.table} in round {self.round}.")

    def opponent_of(self, pair: int) -> int:
        return self.ew_pair if self.direction_of(pair) == NS else self.ns_pair


@dataclass(frozen=True, slots=True)
class PairRound:
    """A line of a pair's personal schedule: "round 2: table 3, NS against pair 7, boards 4–6"."""

    round: int
    table: int
    direction: Direction
    opponent: int
    opponent_is_bot: bool
    boards: tuple[int, ...]

    @property
    def first_board(self) -> int:
        return self.boards[0]

    @property
    def last_board(self) -> int:
        return self.boards[-1]


@dataclass(frozen=True, slots=True)
class Movement:
    """A whole pairs movement. `sittings` are in order of round, then table.

    `pairs` counts the real pairs; `bot_pair` is the number of the bot pair added to make the
    count even (None when there is none), so pair numbers run 1 … `pairs` (+ 1 with a bot).
    `boards` is the number of boards in play (`board_numbers`); each board is played
    `plays_per_board` times. `skip_before` is the round before which a Mitchell's EW pairs skip a
    table (None without a skip). `shared_boards` is True when tables play the same set in the
    same round (Howells of four or six pairs).
    """

    kind: str
    pairs: int
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    plays_per_board: int
    sittings: tuple[Sitting, ...]
    bot_pair: int | None = None
    skip_before: int | None = None
    shared_boards: bool = False

    @property
    def pair_numbers(self) -> range:
        """Every pair number, the bot pair's included."""
        return range(1, 2 * self.tables + 1)

    @property
    def board_numbers(self) -> range:
        return range(1, self.boards + 1)

    def is_bot(self, pair: int) -> bool:
        return pair == self.bot_pair

    def round(self, number: int) -> tuple[Sitting, ...]:
        """The sittings of round `number` (1-based), table 1 first."""
        if not 1 <= number <= self.rounds:
            raise FormatError(f"There is no round {number}; the movement has {self.rounds}.")
        start = (number - 1) * self.tables
        return self.sittings[start : start + self.tables]

    def field(self, pair: int) -> str | None:
        """The group a pair is ranked in: NS or EW in a Mitchell (two winners), None in a Howell
        (one field)."""
        self._check_pair(pair)
        if self.kind != MITCHELL:
            return None
        return NS if pair <= self.tables else EW

    def plays_of(self, board: int) -> tuple[Sitting, ...]:
        """The sittings that play `board`, in round order."""
        if board not in self.board_numbers:
            raise FormatError(f"There is no board {board}; boards run 1 to {self.boards}.")
        return tuple(s for s in self.sittings if board in s.boards)

    def schedule(self, pair: int) -> tuple[PairRound, ...]:
        """The pair's own card: where it sits each round, against whom, with which boards."""
        self._check_pair(pair)
        lines = []
        for sitting in self.sittings:
            if pair in (sitting.ns_pair, sitting.ew_pair):
                opponent = sitting.opponent_of(pair)
                lines.append(
                    PairRound(
                        sitting.round,
                        sitting.table,
                        sitting.direction_of(pair),
                        opponent,
                        self.is_bot(opponent),
                        sitting.boards,
                    )
                )
        return tuple(lines)

    def _check_pair(self, pair: int) -> None:
        if pair not in self.pair_numbers:
            raise FormatError(f"There is no pair {pair}; pairs run 1 to {2 * self.tables}.")


def _boards_of(board_set: int, boards_per_round: int) -> tuple[int, ...]:
    first = board_set * boards_per_round + 1
    return tuple(range(first, first + boards_per_round))


def _check_boards_per_round(boards_per_round: int) -> None:
    if isinstance(boards_per_round, bool) or not isinstance(boards_per_round, int):
        raise FormatError("The number of boards a round must be a whole number.")
    if boards_per_round < 1:
        raise FormatError("Each round needs at least one board.")


def _check_count(value: int, what: str) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise FormatError(f"The number of {what} must be a whole number.")


def mitchell_rounds(tables: int) -> int:
    """The rounds of a full Mitchell: one per table, one fewer with an even number (the skip)."""
    return tables if tables % 2 else tables - 1


def mitchell(pairs: int, boards_per_round: int, rounds: int | None = None) -> Movement:
    """A Mitchell movement for `pairs` pairs (a bot pair added when the count is odd).

    NS pair *t* stays at table *t*; EW pair *T + e* starts at table *e* and moves up a table each
    round (skipping one before round *T/2 + 1* when *T* is even and the session is that long);
    the boards move down a table. `rounds` defaults to the full movement (`mitchell_rounds`).
    Needs at least three tables (five pairs): with two, a board could be played only once a
    session — use a Howell.
    """
    _check_count(pairs, "pairs")
    _check_boards_per_round(boards_per_round)
    if pairs < 5:
        raise FormatError(
            f"A Mitchell needs at least five pairs (three tables); there are {pairs}. "
            "Use a Howell for a smaller field."
        )
    tables = (pairs + 1) // 2
    full = mitchell_rounds(tables)
    if rounds is None:
        rounds = full
    _check_count(rounds, "rounds")
    if not 2 <= rounds <= full:
        raise FormatError(
            f"A Mitchell of {tables} tables plays from 2 to {full} rounds, not {rounds}."
        )
    skip_before = tables // 2 + 1 if tables % 2 == 0 and rounds > tables // 2 else None
    sittings = []
    for r in range(rounds):
        shift = r + (1 if skip_before is not None and r + 1 >= skip_before else 0)
        for t in range(tables):
            ew = (t - shift) % tables
            board_set = (t + r) % tables
            sittings.append(
                Sitting(
                    r + 1, t + 1, t + 1, tables + ew + 1, _boards_of(board_set, boards_per_round)
                )
            )
    return Movement(
        kind=MITCHELL,
        pairs=pairs,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        boards=tables * boards_per_round,
        plays_per_board=rounds,
        sittings=tuple(sittings),
        bot_pair=2 * tables if pairs % 2 else None,
        skip_before=skip_before,
    )


# Howell. The finite pairs are the integers mod n = P − 1 and one pair is "infinity". A *starter*
# splits 1 … n − 1 into T − 1 couples {a, b} whose differences ±(b − a) are all different; round r
# seats ∞ against r (table 1) and a + r against b + r (table i + 1), which meets everyone once.
# The set at table i in round r is r + d_i (d_0 = 0): the sets differ between tables when the
# d_i differ, and each pair plays every set once when {0} and all d_i − a_i, d_i − b_i are
# 0 … n − 1 each once. (Such a starter and "adder" d make a Room square of side n; none exists
# for n = 3 or 5.)


@cache
def _howell_design(tables: int) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]] | None:
    """A starter and its adder for `tables` tables, or None when only shared boards will do."""
    n = 2 * tables - 1
    if tables < 4:
        return None
    patterned = tuple((k, n - k) for k in range(1, tables))
    for seed in range(20):
        adder = _find_adder(n, patterned, random.Random(seed), budget=4000 * tables)
        if adder is not None:
            return patterned, adder
    for starter in _starters(n):
        adder = _find_adder(n, starter, random.Random(0), budget=4000 * tables)
        if adder is not None:
            return starter, adder
    return None  # pragma: no cover - the tests build every size up to HOWELL_MAX_PAIRS


def _starters(n: int):
    """Every starter of Z_n (couples with distinct differences), smallest elements first."""

    def extend(left: frozenset[int], used: frozenset[int], couples: tuple):
        if not left:
            yield couples
            return
        a = min(left)
        for b in sorted(left - {a}):
            gap = min((b - a) % n, (a - b) % n)
            if gap not in used:
                yield from extend(left - {a, b}, used | {gap}, (*couples, (a, b)))

    yield from extend(frozenset(range(1, n)), frozenset(), ())


def _find_adder(n: int, starter, rng: random.Random, budget: int) -> tuple[int, ...] | None:
    """Offsets d_i for the starter's couples (see above), by a small search: the most
    constrained couple first, candidates in random order, giving up after `budget` steps."""
    covered = [False] * n
    covered[0] = True
    taken = [False] * n
    taken[0] = True
    adder = [0] * len(starter)
    left = set(range(len(starter)))
    steps = 0

    def candidates(i: int) -> list[int]:
        a, b = starter[i]
        return [
            d
            for d in range(1, n)
            if not taken[d] and not covered[(d - a) % n] and not covered[(d - b) % n]
        ]

    def search() -> bool:
        nonlocal steps
        steps += 1
        if steps > budget:
            raise TimeoutError
        if not left:
            return True
        best, options = -1, []
        for i in left:
            found = candidates(i)
            if best < 0 or len(found) < len(options):
                best, options = i, found
                if len(found) <= 1:
                    break
        rng.shuffle(options)
        left.discard(best)
        a, b = starter[best]
        for d in options:
            taken[d] = covered[(d - a) % n] = covered[(d - b) % n] = True
            adder[best] = d
            if search():
                return True
            taken[d] = covered[(d - a) % n] = covered[(d - b) % n] = False
        left.add(best)
        return False

    try:
        return tuple(adder) if search() else None
    except TimeoutError:
        return None


def howell(pairs: int, boards_per_round: int) -> Movement:
    """A complete Howell for `pairs` pairs (a bot pair added when the count is odd): P − 1
    rounds, every pair meets every other once and plays every set of boards once.

    Pair P (the bot, if any) stays at table 1, NS in odd rounds and EW in even ones; between the
    others, pair x sits NS against pair y when y − x, counted round the circle of P − 1, is less
    than half way — so each pair is NS in half its rounds, to within one.
    """
    _check_count(pairs, "pairs")
    _check_boards_per_round(boards_per_round)
    if pairs < 3:
        raise FormatError(
            f"A duplicate needs at least three pairs (two tables); there are {pairs}."
        )
    tables = (pairs + 1) // 2
    if 2 * tables > HOWELL_MAX_PAIRS:
        raise FormatError(
            f"A Howell of {2 * tables} pairs would be {2 * tables - 1} rounds; "
            f"use a Mitchell for more than {HOWELL_MAX_PAIRS} pairs."
        )
    n = 2 * tables - 1
    design = _howell_design(tables)
    if design is None:
        starter = tuple((k, n - k) for k in range(1, tables))
        adder = None
    else:
        starter, adder = design
    fixed = 2 * tables  # the pair number of "infinity"
    sittings = []
    for r in range(n):
        board_set = r
        boards = _boards_of(board_set, boards_per_round)
        first = (fixed, r + 1) if r % 2 == 0 else (r + 1, fixed)
        sittings.append(Sitting(r + 1, 1, *first, boards))
        for i, (a, b) in enumerate(starter):
            x, y = (a + r) % n, (b + r) % n
            if (y - x) % n > tables - 1:
                x, y = y, x
            if adder is not None:
                boards = _boards_of((r + adder[i]) % n, boards_per_round)
            sittings.append(Sitting(r + 1, i + 2, x + 1, y + 1, boards))
    return Movement(
        kind=HOWELL,
        pairs=pairs,
        tables=tables,
        rounds=n,
        boards_per_round=boards_per_round,
        boards=n * boards_per_round,
        plays_per_board=tables,
        sittings=tuple(sittings),
        bot_pair=fixed if pairs % 2 else None,
        shared_boards=adder is None,
    )


def movement_for(
    pairs: int,
    boards_per_round: int,
    kind: Literal["auto", "mitchell", "howell"] = "auto",
    *,
    rounds: int | None = None,
) -> Movement:
    """The movement a director asked for, or with `kind="auto"` the usual choice: a Howell up to
    `HOWELL_UP_TO` pairs (everyone meets everyone in at most nine rounds), a Mitchell above.
    `rounds` shortens a Mitchell (a Howell is always complete)."""
    if kind == "auto":
        _check_count(pairs, "pairs")
        kind = HOWELL if pairs <= HOWELL_UP_TO else MITCHELL
    if kind == MITCHELL:
        return mitchell(pairs, boards_per_round, rounds)
    if kind == HOWELL:
        if rounds is not None:
            raise FormatError("A Howell is always played in full; leave the rounds unset.")
        return howell(pairs, boards_per_round)
    raise FormatError(f"Unknown movement {kind!r}: choose Mitchell, Howell or automatic.")


# Individual movements (Pitch solo).


@dataclass(frozen=True, slots=True)
class IndividualSitting:
    """One table in one round: `seats[i]` is the player number in seat i (seat 1 first)."""

    round: int
    table: int
    seats: tuple[int, ...]
    boards: tuple[int, ...]

    def seat_of(self, player: int) -> int:
        """The player's seat index (0-based, so it matches `duplicate.BoardResult.entrants`)."""
        try:
            return self.seats.index(player)
        except ValueError:
            raise FormatError(
                f"Player {player} is not at table {self.table} in round {self.round}."
            ) from None


@dataclass(frozen=True, slots=True)
class IndividualMovement:
    """An individual duplicate: players 1 … `players` plus bots (`bots`, the numbers after)."""

    players: int
    seats_per_table: int
    tables: int
    rounds: int
    boards_per_round: int
    boards: int
    sittings: tuple[IndividualSitting, ...]
    bots: tuple[int, ...] = ()

    @property
    def board_numbers(self) -> range:
        return range(1, self.boards + 1)

    def is_bot(self, player: int) -> bool:
        return player in self.bots

    def round(self, number: int) -> tuple[IndividualSitting, ...]:
        if not 1 <= number <= self.rounds:
            raise FormatError(f"There is no round {number}; the movement has {self.rounds}.")
        start = (number - 1) * self.tables
        return self.sittings[start : start + self.tables]

    def plays_of(self, board: int) -> tuple[IndividualSitting, ...]:
        if board not in self.board_numbers:
            raise FormatError(f"There is no board {board}; boards run 1 to {self.boards}.")
        return tuple(s for s in self.sittings if board in s.boards)

    def schedule(self, player: int) -> tuple[IndividualSitting, ...]:
        """The sittings the player takes part in, one a round."""
        if not 1 <= player <= self.tables * self.seats_per_table:
            raise FormatError(f"There is no player {player}.")
        return tuple(s for s in self.sittings if player in s.seats)


#: The cost of two bots at one table (as if they had met this often already).
BOTS_MET: Final = 1000
#: Passes of the swap search in each round of an individual movement (it usually stops sooner).
SPREAD_PASSES: Final = 20


def _spread_meetings(grid: list[list[int]], met: list[list[int]]) -> None:
    """Swap players in the same seat between tables while the round's total of past meetings
    among table-mates goes down."""
    tables, seats = len(grid), len(grid[0])
    for _ in range(SPREAD_PASSES):
        improved = False
        for k in range(seats):
            for t in range(tables):
                for u in range(t + 1, tables):
                    here, there = grid[t], grid[u]
                    a, b = here[k], there[k]
                    met_a, met_b = met[a], met[b]
                    delta = 0
                    for q in here:
                        if q != a:
                            delta += met_b[q] - met_a[q]
                    for q in there:
                        if q != b:
                            delta += met_a[q] - met_b[q]
                    if delta < 0:
                        here[k], there[k] = b, a
                        improved = True
        if not improved:
            return


def individual(
    players: int, seats_per_table: int, boards_per_round: int, rounds: int
) -> IndividualMovement:
    """An individual movement for Pitch solo at tables of `seats_per_table` (3–7) seats.

    Player p (0-based) starts at table t = p mod T, seat j = p div T, so the first seat of every
    table fills first and the bots (the last numbers) take the last seats of different tables. In
    round r (0-based) the player sits in seat j + c·r (mod seats), where the step c is 1 for
    players who started at table 1, and for other tables cycles through the numbers below the
    seat count that share no factor with it (1 and 2 at tables of three): so each player's seats
    go round all the seats, every seat is taken by one player a table, and players who started in
    the same seat do not stay in step. The table each takes is first an arithmetic rotation; then,
    seat by seat, two players in the same seat swap tables while that lowers the number of
    times the people at each table have already met (two bots at one table count as having met
    very often). Every table plays set r. Deterministic: no randomness.
    """
    for value, what in ((players, "players"), (seats_per_table, "seats"), (rounds, "rounds")):
        _check_count(value, what)
    _check_boards_per_round(boards_per_round)
    if seats_per_table not in SEATS:
        raise FormatError(f"Pitch is played three to seven at a table, not {seats_per_table}.")
    if players <= seats_per_table:
        raise FormatError(
            f"A duplicate needs at least two tables: more than {seats_per_table} players."
        )
    if rounds < 1:
        raise FormatError("A session needs at least one round.")
    tables = -(-players // seats_per_table)
    seats = tables * seats_per_table
    steps = [step for step in range(1, seats_per_table) if math.gcd(step, seats_per_table) == 1]
    met = [[0] * seats for _ in range(seats)]
    for a in range(players, seats):
        for b in range(players, seats):
            met[a][b] = BOTS_MET  # keeps bots apart when anything else will do
    sittings = []
    for r in range(rounds):
        by_seat: list[list[tuple[int, int]]] = [[] for _ in range(seats_per_table)]
        for p in range(seats):
            t, j = p % tables, p // tables
            seat = (j + steps[t % len(steps)] * r) % seats_per_table
            by_seat[seat].append(((t + j * r) % tables, p))
        grid = [[0] * seats_per_table for _ in range(tables)]
        for seat, group in enumerate(by_seat):
            for t, (_wanted, p) in enumerate(sorted(group)):
                grid[t][seat] = p
        _spread_meetings(grid, met)
        boards = _boards_of(r, boards_per_round)
        for t, table in enumerate(grid):
            for a in table:
                for b in table:
                    if a != b:
                        met[a][b] += 1
            sittings.append(IndividualSitting(r + 1, t + 1, tuple(p + 1 for p in table), boards))
    return IndividualMovement(
        players=players,
        seats_per_table=seats_per_table,
        tables=tables,
        rounds=rounds,
        boards_per_round=boards_per_round,
        boards=rounds * boards_per_round,
        sittings=tuple(sittings),
        bots=tuple(range(players + 1, seats + 1)),
    )
