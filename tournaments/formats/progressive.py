"""Progressive: the club-night movement for individuals.

**For directors.** Everyone plays for themselves, but at the table they may have a partner. Each
round seats everyone at tables of the game's size:

- **Five Hundred** — tables of four, two partnerships, partners sitting opposite (seats 1 and 3
  against seats 2 and 4). Partners change every round: nobody partners the same person twice
  until they have partnered everyone else (and every bot seat) once. With eight players, seven
  rounds give everyone each of the other seven as a partner exactly once — and each of them as
  an opponent exactly twice. Opponents are spread as evenly as the partners allow (exactly
  evenly is not possible for every number of players and rounds).
- **Auction Pitch** — each for themselves at tables of three to seven (four is best): the tables
  are made as close to four as the numbers allow, with no bots at all from three players up, and
  players are moved so that they meet everyone as evenly as possible. With Pitch partnerships
  (the table option) tables are of four with partners opposite, as in Five Hundred.

When the players do not fill the tables exactly, a **bot** takes the empty seats — nobody sits
out. There are never more bot seats than needed (at most three at Five Hundred), they are spread
over different tables where possible, two bots partner each other only when the rotation has
nothing else left, and who partners a bot rotates.

Each player's score is their own running total: at a partnership table both partners score their
side's points for the round (a bot's points go to nobody).

The movement is deterministic: the same players, rounds and random seed always give the same
seating, so a printed sheet can be regenerated. For a fixed field use `progressive_schedule`
(it gives the partner guarantee above); when players come and go between rounds, seat each round
with `progressive_round`, which looks at the rounds already played and makes the best next
round it can.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx

from .standings import DRAW, LOSS, WIN, Result, Side
from .types import BOT, FIVE_HUNDRED, GAMES, EntrantId, FormatError, check_entrants

__all__ = [
    "BOT",
    "Meetings",
    "ProgressiveRound",
    "Table",
    "meeting_counts",
    "progressive_result",
    "progressive_round",
    "progressive_schedule",
    "table_sizes",
]

PARTNER_SIDES = ((0, 2), (1, 3))
PITCH_SIZES = range(3, 8)
BOTS_TOGETHER = 10**9  # the cost of two bots at one table, when it can be avoided
MAX_PASSES = 50
SMALL_MATCHING = 8  # group up to this many partnerships by trying every grouping (105 for 8)
SMALL_FIELD_STARTS = 10  # whole fresh attempts: this many divided by the number of tables
ROUND_ROBIN_TRIES = 3  # random round robins tried before falling back on the circle method
RESHAPE_WORK = 1200  # tries of `_reshape`, divided by the number of tables
RESHAPE_STALL = 300  # `_reshape` gives up after this many tries in a row without progress


@dataclass(frozen=True, slots=True)
class Table:
    """One table of a round. `seats[i]` is the player in seat i (seat 0 first, clockwise), or
    `BOT` (None) for a bot. `sides` lists the seat numbers of each side: ((0, 2), (1, 3)) for
    partnerships, one seat per side when each plays for themselves."""

    number: int
    seats: tuple[EntrantId | None, ...]
    sides: tuple[tuple[int, ...], ...]

    @property
    def players(self) -> tuple[EntrantId, ...]:
        return tuple(seat for seat in self.seats if seat is not BOT)

    @property
    def bots(self) -> int:
        return sum(1 for seat in self.seats if seat is BOT)

    def side_of(self, player: EntrantId) -> int:
        """The index in `sides` of the player's side."""
        for index, side in enumerate(self.sides):
            if any(self.seats[seat] == player for seat in side):
                return index
        raise FormatError(f"{player!r} is not at table {self.number}.")

    def partners(self, player: EntrantId) -> tuple[EntrantId | None, ...]:
        """The player's partners (`BOT` for a bot partner)."""
        side = self.sides[self.side_of(player)]
        return tuple(self.seats[seat] for seat in side if self.seats[seat] != player)

    def opponents(self, player: EntrantId) -> tuple[EntrantId, ...]:
        """The human players on the other sides."""
        mine = self.side_of(player)
        return tuple(
            self.seats[seat]
            for index, side in enumerate(self.sides)
            if index != mine
            for seat in side
            if self.seats[seat] is not BOT
        )


@dataclass(frozen=True, slots=True)
class ProgressiveRound:
    number: int
    tables: tuple[Table, ...]

    def table_of(self, player: EntrantId) -> Table | None:
        for table in self.tables:
            if player in table.seats:
                return table
        return None

    @property
    def players(self) -> tuple[EntrantId, ...]:
        return tuple(player for table in self.tables for player in table.players)


@dataclass(slots=True)
class Meetings:
    """How often players have met: as partners, as opponents, and partnering a bot."""

    partners: Counter[frozenset] = field(default_factory=Counter)
    opponents: Counter[frozenset] = field(default_factory=Counter)
    bot_partners: Counter[EntrantId] = field(default_factory=Counter)

    def add(self, table: Table) -> None:
        for index, side in enumerate(table.sides):
            people = [table.seats[s] for s in side if table.seats[s] is not BOT]
            bots = len(side) - len(people)
            for a, b in combinations(people, 2):
                self.partners[frozenset((a, b))] += 1
            if bots:
                for person in people:
                    self.bot_partners[person] += 1
            for other in table.sides[index + 1 :]:
                for seat in other:
                    rival = table.seats[seat]
                    if rival is not BOT:
                        for person in people:
                            self.opponents[frozenset((person, rival))] += 1


def meeting_counts(history: Sequence[ProgressiveRound]) -> Meetings:
    """Partner, opponent and bot-partner counts over the rounds in `history`."""
    meetings = Meetings()
    for round_ in history:
        for table in round_.tables:
            meetings.add(table)
    return meetings


def _partnerships(game: str, partnerships: bool | None) -> bool:
    if game not in GAMES:
        raise FormatError(f"Unknown game {game!r}: progressive plays {', '.join(GAMES)}.")
    if game == FIVE_HUNDRED:
        if partnerships is False:
            raise FormatError("Five Hundred progressive tables are two partnerships of two.")
        return True
    return bool(partnerships)


def table_sizes(
    player_count: int, game: str = FIVE_HUNDRED, *, partnerships: bool | None = None
) -> tuple[int, ...]:
    """The size of each table (bots included) for `player_count` players, largest first.

    Partnership tables are of four: as few as seat everyone, so fewer than four bots in all.
    Pitch played each for themselves uses tables of three to seven with no bots from three
    players up, chosen as close to four as possible (the smallest sum of squared differences from
    four; on a tie, fewer tables). One or two Pitch players make one table of three.
    """
    if player_count < 1:
        raise FormatError("A progressive round needs at least one player.")
    if _partnerships(game, partnerships):
        return (4,) * -(-player_count // 4)
    if player_count < 3:
        return (3,)
    best: tuple[tuple[int, int], tuple[int, ...]] | None = None
    for count in range(-(-player_count // 7), player_count // 3 + 1):
        base, extra = divmod(player_count, count)
        sizes = (base + 1,) * extra + (base,) * (count - extra)
        key = (sum((size - 4) ** 2 for size in sizes), count)
        if best is None or key < best[0]:
            best = (key, sizes)
    assert best is not None
    return best[1]


def progressive_schedule(
    players: Sequence[EntrantId],
    rounds: int,
    *,
    game: str = FIVE_HUNDRED,
    rng: random.Random,
    partnerships: bool | None = None,
) -> list[ProgressiveRound]:
    """Every round of a night with a fixed field of `players`.

    Partnership tables: with m seats in all (players plus bots), the partners come from a round
    robin of the m seats — m − 1 rounds in which every two seats are partners exactly once — used
    cycle after cycle: so nobody partners the same person twice within a cycle, and over R
    rounds no two players partner more than ⌈R / (m − 1)⌉ times, the least possible. Rounds where
    two bots would partner each other come last in a cycle (so, with fewer rounds than that, two
    bots never partner). The partnerships are put together at tables, and the round robin
    reshaped where that keeps every partner count, so that opponents repeat as little as a
    bounded search finds (a perfect spread is possible only for some fields). Pitch each for
    themselves: each round is seated by `progressive_round` given the rounds before it.
    """
    players = check_entrants(players, minimum=1)
    if rounds < 0:
        raise FormatError("The number of rounds cannot be negative.")
    if not _partnerships(game, partnerships):
        history: list[ProgressiveRound] = []
        for number in range(1, rounds + 1):
            history.append(progressive_round(players, history, game=game, rng=rng, number=number))
        return history
    sizes = table_sizes(len(players), game, partnerships=True)
    order = list(players)
    rng.shuffle(order)
    names: list[EntrantId | None] = order + [BOT] * (sum(sizes) - len(order))
    cycle_length = len(names) - 1
    best = None
    for _attempt in range(max(1, SMALL_FIELD_STARTS // len(sizes))):
        field = _Field(len(order), len(names))
        cycle = None
        # A random round robin matters when the night uses much of the cycle (it gives the
        # search room) or has bots (it spreads who partners them); otherwise the circle will do.
        if field.seats > field.people or 2 * rounds >= cycle_length:
            for _ in range(ROUND_ROBIN_TRIES):
                cycle = cycle or _random_round_robin(field, min(rounds, cycle_length), rng)
        cycle = cycle or _circle_rounds(len(names))
        cycle.sort(key=field.bot_pairs)
        partner_rounds = [list(cycle[index % cycle_length]) for index in range(rounds)]
        groupings = []
        for pairs in partner_rounds:
            groupings.append(field.group(pairs, rng))
            field.add(groupings[-1], +1)
        _improve_groupings(field, partner_rounds, groupings)
        _reshape(field, partner_rounds, groupings, cycle_length, rng)
        score = field.spread(groupings)
        if best is None or score < best[0]:
            best = (score, groupings)
        if score <= field.floor():
            break
    assert best is not None
    return [
        _seat_partnerships(number, groups, names, rng)
        for number, groups in enumerate(best[1], start=1)
    ]


def progressive_round(
    players: Sequence[EntrantId],
    history: Sequence[ProgressiveRound] = (),
    *,
    game: str = FIVE_HUNDRED,
    rng: random.Random,
    partnerships: bool | None = None,
    number: int | None = None,
) -> ProgressiveRound:
    """The next round for `players` (those present now), given the rounds already played.

    Partnership tables: the partnerships are the best possible for the round — as few repeated
    partners as possible (exactly: a minimum-weight matching), then who partners a bot rotated,
    and never two bots together unless there are fewer players than bots; the partnerships are
    then put together at tables so that opponents repeat as little as possible and bots sit at
    different tables. Round by round choices cannot always see ahead, so for a fixed field
    `progressive_schedule` gives a better guarantee. Pitch each for themselves: tables from
    `table_sizes`, players placed so that those who have met least sit together (a local search
    from several random starts). `number` defaults to one more than the last round in `history`.
    """
    players = check_entrants(players, minimum=1)
    if number is None:
        number = max((r.number for r in history), default=0) + 1
    meetings = meeting_counts(history)
    sizes = table_sizes(len(players), game, partnerships=partnerships)
    if not _partnerships(game, partnerships):
        return _seat_individuals(number, players, sizes, meetings, rng)
    bots = sum(sizes) - len(players)
    field = _Field(len(players), len(players) + bots)
    for (i, a), (j, b) in combinations(enumerate(players), 2):
        field.opponents[i][j] = field.opponents[j][i] = meetings.opponents[frozenset((a, b))]
    pairs = _best_partners(players, bots, meetings, rng)
    names = list(players) + [BOT] * bots
    return _seat_partnerships(number, field.group(pairs, rng), names, rng)


def progressive_result(
    round_number: int,
    table: Table,
    side_scores: Sequence[int],
    *,
    winners: Sequence[int] | None = None,
    hands_won: Sequence[int] | None = None,
) -> Result:
    """The standings `Result` of a table: `side_scores[i]` is what side i of `table.sides`
    scored this round (each of its players scores it), `hands_won[i]` the hands it won.
    `winners` lists the winning sides' indices (empty for a draw); left out, the highest score
    wins (sides level on it win together; everyone level is a draw). The match id is
    "R{round}-T{table}"."""
    if len(side_scores) != len(table.sides):
        raise FormatError(f"Table {table.number} has {len(table.sides)} sides to score.")
    hands_won = hands_won or [0] * len(table.sides)
    if winners is None:
        top = max(side_scores)
        winners = [i for i, score in enumerate(side_scores) if score == top]
        if len(winners) == len(side_scores):
            winners = []
    sides = tuple(
        Side(
            tuple(table.seats[seat] for seat in side if table.seats[seat] is not BOT),
            side_scores[i],
            (WIN if i in winners else LOSS) if winners else DRAW,
            hands_won[i],
        )
        for i, side in enumerate(table.sides)
    )
    return Result(f"R{round_number}-T{table.number}", round_number, sides)


# --- partnerships ------------------------------------------------------------------------------
#
# Internally the seats of a partnership field are numbers: players 0 … people − 1, then the bots.


class _Field:
    """The seats of a partnership field and how often each two players have been opponents."""

    def __init__(self, people: int, seats: int):
        self.people = people
        self.seats = seats
        self.opponents = [[0] * seats for _ in range(seats)]

    def has_bot(self, pair) -> bool:
        return pair[0] >= self.people or pair[1] >= self.people

    def bot_pairs(self, pairs) -> int:
        """How many of `pairs` are two bots partnering each other."""
        return sum(1 for a, b in pairs if a >= self.people and b >= self.people)

    def add(self, groups, step: int) -> None:
        people, opponents = self.people, self.opponents
        for first, second in groups:
            for a in first:
                if a < people:
                    for b in second:
                        if b < people:
                            opponents[a][b] += step
                            opponents[b][a] += step

    def table_cost(self, first, second) -> int:
        """What seating two partnerships together adds to the sum of squared opponent counts,
        plus a prohibitive amount for two bots at one table."""
        people, opponents = self.people, self.opponents
        cost = 0
        for a in first:
            if a < people:
                row = opponents[a]
                for b in second:
                    if b < people:
                        cost += 2 * row[b] + 1
        if self.has_bot(first) and self.has_bot(second):
            cost += BOTS_TOGETHER
        return cost

    def round_cost(self, groups) -> int:
        return sum(self.table_cost(first, second) for first, second in groups)

    def spread(self, groupings) -> int:
        """How unevenly opponents meet (the sum of squared counts, each pair once), plus a
        prohibitive amount for each table with two bots."""
        squares = sum(c * c for row in self.opponents for c in row) // 2
        together = sum(
            1 for groups in groupings for first, second in groups
            if self.has_bot(first) and self.has_bot(second)
        )  # fmt: skip
        return squares + BOTS_TOGETHER * together

    def floor(self) -> int:
        """The least possible sum of squared opponent counts for the meetings so far (a lower
        bound, not always reachable): every pair of players meeting equally often."""
        pairs = self.people * (self.people - 1) // 2
        total = sum(sum(row) for row in self.opponents) // 2
        share, extra = divmod(total, max(pairs, 1))
        return extra * (share + 1) ** 2 + (pairs - extra) * share**2

    def group(self, pairs, rng: random.Random | None = None):
        """The partnerships `pairs` two to a table, with the least total `table_cost` (ties
        broken at random when `rng` is given): up to `SMALL_MATCHING` partnerships by trying
        every grouping, beyond that by a minimum-weight perfect matching."""
        pairs = [tuple(pair) for pair in pairs]
        jitter = 1000 if rng else 1
        costs = {}
        for i, j in combinations(range(len(pairs)), 2):
            cost = jitter * self.table_cost(pairs[i], pairs[j])
            costs[i, j] = cost + (rng.randrange(jitter) if rng else 0)
        if len(pairs) <= SMALL_MATCHING:
            best = min(
                _groupings_of(tuple(range(len(pairs)))), key=lambda g: sum(costs[e] for e in g)
            )
            return [(pairs[i], pairs[j]) for i, j in best]
        top = max(costs.values()) + 1
        graph = nx.Graph()
        graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        return [(pairs[i], pairs[j]) for i, j in sorted(tuple(sorted(e)) for e in matching)]


def _groupings_of(items: tuple[int, ...]):
    """Every way to split `items` (an even number, ascending) into pairs."""
    if not items:
        yield ()
        return
    first = items[0]
    for k in range(1, len(items)):
        for tail in _groupings_of(items[1:k] + items[k + 1 :]):
            yield ((first, items[k]), *tail)


def _circle_rounds(seats: int) -> list[list[tuple[int, int]]]:
    """A round robin of `seats` (an even number): each round pairs everyone, and every two
    seats are paired in exactly one round."""
    circle = list(range(seats))
    rounds = []
    for _ in range(seats - 1):
        rounds.append([(circle[i], circle[seats - 1 - i]) for i in range(seats // 2)])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def _random_round_robin(field: _Field, rounds: int, rng: random.Random):
    """`rounds` rounds of partnerships in which no two seats are partners twice, built one
    random round at a time (bots partner each other only when nothing else is left, and partner
    those who have partnered a bot least); None if the rounds paint themselves into a corner.
    Random round robins vary in shape far more than the circle method's, which leaves room to
    spread the opponents."""
    seats, people = field.seats, field.people
    used: set[tuple[int, int]] = set()
    with_bot = [0] * seats  # how often each player has partnered a bot so far
    top = 1000 * (seats + 2)
    found = []
    for _ in range(rounds):
        graph = nx.Graph()
        for i, j in combinations(range(seats), 2):
            if (i, j) in used:
                continue
            if i >= people:  # two bots (i < j)
                cost = 1000 * (seats + 1)
            elif j >= people:
                cost = 1000 * with_bot[i]
            else:
                cost = 0
            graph.add_edge(i, j, weight=top - cost - rng.randrange(1000))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if len(matching) * 2 != seats:
            return None
        pairs = sorted(tuple(sorted(edge)) for edge in matching)
        used.update(pairs)
        for i, j in pairs:
            if i < people <= j:
                with_bot[i] += 1
        found.append(pairs)
    return found


def _swap_alternating_cycle(first: list, second: list, rng: random.Random):
    """Two rounds of partnerships with one alternating cycle of their union exchanged (the
    pairs of the cycle that were in the first round go to the second and vice versa): both are
    still complete rounds, and together they hold the same partnerships. None if the rounds are
    the same."""
    mate_first = {a: b for pair in first for a, b in (pair, pair[::-1])}
    mate_second = {a: b for pair in second for a, b in (pair, pair[::-1])}
    differing = [seat for seat in sorted(mate_first) if mate_first[seat] != mate_second[seat]]
    if not differing:
        return None
    start = differing[rng.randrange(len(differing))]
    cycle = set()
    seat, use_first = start, True
    while True:
        cycle.add(seat)
        seat = (mate_first if use_first else mate_second)[seat]
        use_first = not use_first
        if seat == start and use_first:
            break
    new_first = [p for p in first if p[0] not in cycle] + [p for p in second if p[0] in cycle]
    new_second = [p for p in second if p[0] not in cycle] + [p for p in first if p[0] in cycle]
    return new_first, new_second


def _improve_groupings(field: _Field, partner_rounds, groupings) -> None:
    """Regroup one round at a time, each exactly optimal given all the others, while the sum of
    squared opponent counts goes down (it cannot go down for ever)."""
    for _ in range(MAX_PASSES):
        changed = False
        for index, pairs in enumerate(partner_rounds):
            field.add(groupings[index], -1)
            candidate = field.group(pairs)
            if field.round_cost(candidate) < field.round_cost(groupings[index]):
                groupings[index] = candidate
                changed = True
            field.add(groupings[index], +1)
        if not changed:
            return


def _reshape(field: _Field, partner_rounds, groupings, cycle_length: int, rng) -> None:
    """Local search: exchange an alternating cycle between two rounds of the same cycle and
    regroup both rounds optimally; keep the change unless opponents repeat more. Partner counts
    never change, nor which rounds have two bots partnering. It stops when the opponent counts
    are as even as they can be, after `RESHAPE_STALL` tries in a row without progress, or after
    `RESHAPE_WORK` / tables tries, so the result depends only on `rng`."""
    count = len(partner_rounds)
    tables = field.seats // 4
    if count < 2 or tables < 2:
        return
    floor = field.floor()
    spread = field.spread(groupings)
    stall = 0
    for _ in range(RESHAPE_WORK // tables):
        if spread <= floor or stall >= RESHAPE_STALL:
            return
        stall += 1
        i, j = rng.sample(range(count), 2)
        if i // cycle_length != j // cycle_length:
            continue
        swapped = _swap_alternating_cycle(partner_rounds[i], partner_rounds[j], rng)
        if swapped is None or field.bot_pairs(swapped[0]) != field.bot_pairs(partner_rounds[i]):
            continue
        field.add(groupings[i], -1)
        field.add(groupings[j], -1)
        before = field.round_cost(groupings[j])
        field.add(groupings[j], +1)
        before += field.round_cost(groupings[i])
        field.add(groupings[j], -1)
        new_i = field.group(swapped[0])
        after = field.round_cost(new_i)
        field.add(new_i, +1)
        new_j = field.group(swapped[1])
        after += field.round_cost(new_j)
        if after <= before:
            partner_rounds[i], partner_rounds[j] = swapped
            groupings[i], groupings[j] = new_i, new_j
            field.add(new_j, +1)
            if after < before:
                spread = field.spread(groupings)
                stall = 0
        else:
            field.add(new_i, -1)
            field.add(groupings[i], +1)
            field.add(groupings[j], +1)


def _best_partners(players, bots: int, meetings: Meetings, rng: random.Random):
    """This round's partnerships of seats (players by index, then bots): a minimum-weight
    perfect matching.

    Priorities, each absolute over the next: no two bots together (unless there are more bots
    than players); as few repeated partnerships of two players as possible; partnering a bot
    going to those who have partnered one least; chance."""
    people = len(players)
    seats = people + bots
    jitter = 1000
    bot_repeat = jitter * seats
    repeat = bot_repeat * (max(meetings.bot_partners.values(), default=0) + 1) * seats
    bot_pair = repeat * (max(meetings.partners.values(), default=0) + 1) * seats
    costs = {}
    for i, j in combinations(range(seats), 2):
        if i >= people:
            cost = bot_pair
        elif j >= people:
            cost = bot_repeat * meetings.bot_partners[players[i]]
        else:
            cost = repeat * meetings.partners[frozenset((players[i], players[j]))]
        costs[i, j] = cost + rng.randrange(jitter)
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted(tuple(sorted(edge)) for edge in matching)


def _seat_partnerships(number: int, groups, names, rng: random.Random) -> ProgressiveRound:
    """Seat each table's two partnerships, partners opposite, in a random order. `names[s]` is
    the player in seat number s (`BOT` for a bot)."""
    groups = list(groups)
    rng.shuffle(groups)
    seated = []
    for table_number, (first, second) in enumerate(groups, start=1):
        first, second = list(first), list(second)
        rng.shuffle(first)
        rng.shuffle(second)
        if rng.random() < 0.5:
            first, second = second, first
        seats = tuple(names[s] for s in (first[0], second[0], first[1], second[1]))
        seated.append(Table(table_number, seats, PARTNER_SIDES))
    return ProgressiveRound(number, tuple(seated))


# --- each for themselves -----------------------------------------------------------------------


def _seat_individuals(number, players, sizes, meetings: Meetings, rng: random.Random):
    """Tables of `sizes` for players each for themselves, with as few repeated meetings as a
    local search finds (several random starts, then swaps of two players while any helps)."""
    people = list(players)
    seen = meetings.opponents

    def pair_cost(a, b) -> int:
        return seen[frozenset((a, b))] ** 2

    best_tables: list[list] | None = None
    best_cost = None
    starts = 4 if len(sizes) > 1 else 1
    for _ in range(starts):
        rng.shuffle(people)
        tables: list[list] = []
        at = 0
        for size in sizes:
            tables.append(people[at : at + size])
            at += size
        cost_with = [
            {p: sum(pair_cost(p, q) for q in table if q != p) for p in table} for table in tables
        ]
        improved = True
        while improved:
            improved = False
            for t, u in combinations(range(len(tables)), 2):
                for i, a in enumerate(tables[t]):
                    for j, b in enumerate(tables[u]):
                        before = cost_with[t][a] + cost_with[u][b]
                        after = sum(pair_cost(b, q) for q in tables[t] if q != a) + sum(
                            pair_cost(a, q) for q in tables[u] if q != b
                        )
                        if after < before:
                            tables[t][i], tables[u][j] = b, a
                            for index in (t, u):
                                cost_with[index] = {
                                    p: sum(pair_cost(p, q) for q in tables[index] if q != p)
                                    for p in tables[index]
                                }
                            a = b
                            improved = True
        total = sum(sum(c.values()) for c in cost_with)
        if best_cost is None or total < best_cost:
            best_cost, best_tables = total, [list(table) for table in tables]
    assert best_tables is not None
    seated = []
    for table_number, (size, table) in enumerate(zip(sizes, best_tables, strict=True), start=1):
        seats = list(table) + [BOT] * (size - len(table))
        rng.shuffle(seats)
        seated.append(Table(table_number, tuple(seats), tuple((s,) for s in range(size))))
    return ProgressiveRound(number, tuple(seated))
