"""Progressive: the club-night movement for individuals.

**For directors.** Everyone plays for themselves, but at the table they may have a partner. Each
round seats everyone at tables of the game's size:

- **Five Hundred** — tables of four, two partnerships, partners sitting opposite (seats 1 and 3
  against seats 2 and 4). Partners change every round so that nobody partners the same person
  twice while anyone new is left to partner: with eight players, seven rounds give everyone each
  of the other seven as a partner exactly once. Opponents are spread as evenly as the partners
  allow.
- **Auction Pitch** — each for themselves at tables of three to seven (four is best): the tables
  are made as close to four as the numbers allow, with no bots at all from three players up, and
  players are moved so that they meet everyone as evenly as possible. With Pitch partnerships
  (the table option) tables are of four with partners opposite, as in Five Hundred.

When the players do not fill the tables exactly, a **bot** takes the empty seats — nobody sits
out. Bots are spread over different tables where possible, and who partners a bot rotates.

Each player's score is their own running total: at a partnership table both partners score their
side's points for the round (a bot's points go to nobody).

The movement is deterministic: the same players, rounds and random seed always give the same
seating, so a printed sheet can be regenerated. For a fixed field use `progressive_schedule`
(it guarantees the partner rotation above); when players come and go between rounds, seat each
round with `progressive_round`, which looks at the rounds already played.
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
SMALL_FIELD_STARTS = 6  # whole fresh attempts: this many divided by the number of tables
ROUND_ROBIN_TRIES = 3  # random round robins tried before falling back on the circle method
RESHAPE_WORK = 2400  # tries of `_reshape`, divided by the number of tables
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
    bots = sum(sizes) - len(players)
    slots: list[EntrantId | tuple[str, int]] = order + [("bot", k) for k in range(bots)]
    cycle_length = len(slots) - 1
    tables = len(sizes)
    best = None
    for _attempt in range(max(1, SMALL_FIELD_STARTS // tables)):
        cycle = None
        for _ in range(ROUND_ROBIN_TRIES):
            cycle = cycle or _random_round_robin(slots, min(rounds, cycle_length), rng)
        cycle = cycle or _circle_rounds(slots)
        cycle.sort(key=lambda pairs: sum(1 for a, b in pairs if _is_bot(a) and _is_bot(b)))
        partner_rounds = [list(cycle[index % cycle_length]) for index in range(rounds)]
        opponents: Counter[frozenset] = Counter()
        groupings = []
        for pairs in partner_rounds:
            groupings.append(_group_partnerships(pairs, opponents, rng))
            _add_opponents(groupings[-1], opponents, +1)
        _improve_groupings(partner_rounds, groupings, opponents)
        floor = _reshape(partner_rounds, groupings, opponents, cycle_length, rng)
        score = _spread(groupings, opponents)
        if best is None or score < best[0]:
            best = (score, groupings)
        if score <= floor:
            break
    assert best is not None
    return [
        _seat_partnerships(number, groups, rng) for number, groups in enumerate(best[1], start=1)
    ]


def _spread(groupings, opponents: Counter) -> int:
    """How unevenly opponents meet (the sum of squared counts), plus a prohibitive amount for
    each table with two bots that could have been avoided."""
    together = sum(
        1
        for groups in groupings
        for first, second in groups
        if any(map(_is_bot, first)) and any(map(_is_bot, second))
    )
    return sum(c * c for c in opponents.values()) + BOTS_TOGETHER * together


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
    pairs = _best_partners(players, bots, meetings, rng)
    groups = _group_partnerships(pairs, meetings.opponents, rng)
    return _seat_partnerships(number, groups, rng)


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


def _is_bot(slot) -> bool:
    return isinstance(slot, tuple)


def _circle_rounds(slots: list) -> list[list[tuple]]:
    """A round robin of `slots` (even in number): each round pairs everyone, and every two
    slots are paired in exactly one round."""
    size = len(slots)
    if size < 2:
        return []
    circle = list(slots)
    rounds = []
    for _ in range(size - 1):
        rounds.append([(circle[i], circle[size - 1 - i]) for i in range(size // 2)])
        circle = [circle[0], circle[-1], *circle[1:-1]]
    return rounds


def _random_round_robin(slots: list, rounds: int, rng: random.Random) -> list | None:
    """`rounds` rounds of partnerships of `slots` in which no two slots are partners twice,
    built one random round at a time (bots partner each other only when nothing else is left,
    and partner those who have partnered a bot least);
    None if the rounds paint themselves into a corner. Random round robins vary in shape far
    more than the circle method's, which leaves room to spread the opponents."""
    used: set[frozenset] = set()
    with_bot: Counter[int] = Counter()  # how often each player has partnered a bot so far
    found = []
    for _ in range(rounds):
        graph = nx.Graph()
        for (i, a), (j, b) in combinations(enumerate(slots), 2):
            if frozenset((i, j)) not in used:
                if _is_bot(a) and _is_bot(b):
                    cost = 1000 * (len(slots) + 1)
                elif _is_bot(a) or _is_bot(b):
                    cost = 1000 * with_bot[j if _is_bot(a) else i]
                else:
                    cost = 0
                graph.add_edge(i, j, weight=1000 * (len(slots) + 2) - cost - rng.randrange(1000))
        matching = nx.max_weight_matching(graph, maxcardinality=True)
        if len(matching) * 2 != len(slots):
            return None
        used.update(frozenset(edge) for edge in matching)
        for i, j in matching:
            if _is_bot(slots[i]) != _is_bot(slots[j]):
                with_bot[j if _is_bot(slots[i]) else i] += 1
        found.append([(slots[i], slots[j]) for i, j in sorted(tuple(sorted(e)) for e in matching)])
    return found


def _swap_alternating_cycle(first: list, second: list, rng: random.Random):
    """Two rounds of partnerships with one alternating cycle of their union exchanged (the
    pairs of the cycle that were in the first round go to the second and vice versa): both are
    still complete rounds, and together they hold the same partnerships. None if the rounds are
    the same."""
    mate_first = {a: b for pair in first for a, b in (pair, pair[::-1])}
    mate_second = {a: b for pair in second for a, b in (pair, pair[::-1])}
    differing = [slot for slot in mate_first if mate_first[slot] != mate_second[slot]]
    if not differing:
        return None
    start = differing[rng.randrange(len(differing))]
    cycle = set()
    slot, use_first = start, True
    while True:
        cycle.add(slot)
        slot = (mate_first if use_first else mate_second)[slot]
        use_first = not use_first
        if slot == start and use_first:
            break
    new_first = [p for p in first if p[0] not in cycle] + [p for p in second if p[0] in cycle]
    new_second = [p for p in second if p[0] not in cycle] + [p for p in first if p[0] in cycle]
    return new_first, new_second


def _round_cost(groups, opponents: Counter) -> int:
    return sum(_table_cost(a, b, opponents) for a, b in groups)


def _reshape(partner_rounds, groupings, opponents: Counter, cycle_length: int, rng) -> int:
    """Local search: exchange an alternating cycle between two rounds of the same cycle and
    regroup both rounds optimally; keep the change unless opponents repeat more. Partner counts
    never change. It stops when the opponent counts are as even as they can be, after
    `RESHAPE_STALL` tries in a row without progress, or after `RESHAPE_WORK` / tables tries, so
    the result depends only on `rng`. Returns the least possible sum of squared opponent
    counts (a lower bound, not always reachable)."""
    count = len(partner_rounds)
    people = {p for pairs in partner_rounds for pair in pairs for p in pair if not _is_bot(p)}
    pairs_of_people = len(people) * (len(people) - 1) // 2
    share, extra = divmod(sum(opponents.values()), max(pairs_of_people, 1))
    floor = extra * (share + 1) ** 2 + (pairs_of_people - extra) * share**2
    tables = len(partner_rounds[0]) // 2 if partner_rounds else 0
    if count < 2 or tables < 2:
        return floor
    spread = sum(c * c for c in opponents.values())
    stall = 0
    for _ in range(RESHAPE_WORK // tables):
        if spread <= floor or stall >= RESHAPE_STALL:
            return floor
        stall += 1
        i, j = rng.sample(range(count), 2)
        if i // cycle_length != j // cycle_length:
            continue
        swapped = _swap_alternating_cycle(partner_rounds[i], partner_rounds[j], rng)
        if swapped is None:
            continue
        _add_opponents(groupings[i], opponents, -1)
        _add_opponents(groupings[j], opponents, -1)
        before = _round_cost(groupings[j], opponents)
        _add_opponents(groupings[j], opponents, +1)
        before += _round_cost(groupings[i], opponents)
        _add_opponents(groupings[j], opponents, -1)
        new_i = _group_partnerships(swapped[0], opponents, None)
        after = _round_cost(new_i, opponents)
        _add_opponents(new_i, opponents, +1)
        new_j = _group_partnerships(swapped[1], opponents, None)
        after += _round_cost(new_j, opponents)
        if after <= before:
            partner_rounds[i], partner_rounds[j] = swapped
            groupings[i], groupings[j] = new_i, new_j
            _add_opponents(new_j, opponents, +1)
            if after < before:
                spread = sum(c * c for c in opponents.values())
                stall = 0
        else:
            _add_opponents(new_i, opponents, -1)
            _add_opponents(groupings[i], opponents, +1)
            _add_opponents(groupings[j], opponents, +1)
    return floor


def _best_partners(players, bots: int, meetings: Meetings, rng: random.Random) -> list[tuple]:
    """This round's partnerships: a minimum-weight perfect matching of players and bot seats.

    Priorities, each absolute over the next: no two bots together (unless there are more bots
    than players); as few repeated partnerships of two players as possible; partnering a bot
    going to those who have partnered one least; chance."""
    slots: list = list(players) + [("bot", k) for k in range(bots)]
    jitter = 1000
    bot_repeat = jitter * len(slots)
    repeat = bot_repeat * (max(meetings.bot_partners.values(), default=0) + 1) * len(slots)
    bot_pair = repeat * (max(meetings.partners.values(), default=0) + 1) * len(slots)
    costs = {}
    for (i, a), (j, b) in combinations(enumerate(slots), 2):
        if _is_bot(a) and _is_bot(b):
            cost = bot_pair
        elif _is_bot(a) or _is_bot(b):
            cost = bot_repeat * meetings.bot_partners[b if _is_bot(a) else a]
        else:
            cost = repeat * meetings.partners[frozenset((a, b))]
        costs[i, j] = cost + rng.randrange(jitter)
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(slots[a], slots[b]) for a, b in sorted(tuple(sorted(edge)) for edge in matching)]


def _add_opponents(groups, opponents: Counter, step: int) -> None:
    for first, second in groups:
        for a in first:
            for b in second:
                if not _is_bot(a) and not _is_bot(b):
                    opponents[frozenset((a, b))] += step


def _table_cost(first, second, opponents: Counter) -> int:
    """What seating two partnerships together adds to the sum of squared opponent counts, plus
    a prohibitive amount for two bots at one table."""
    cost = 0
    for a in first:
        for b in second:
            if not _is_bot(a) and not _is_bot(b):
                cost += 2 * opponents[frozenset((a, b))] + 1
    if any(map(_is_bot, first)) and any(map(_is_bot, second)):
        cost += BOTS_TOGETHER
    return cost


def _group_partnerships(pairs, opponents: Counter, rng: random.Random | None):
    """The partnerships `pairs` two to a table: the matching of partnerships with the least
    `_table_cost` (ties broken at random when `rng` is given)."""
    pairs = [tuple(pair) for pair in pairs]
    jitter = 1000 if rng else 1
    costs = {}
    for i, j in combinations(range(len(pairs)), 2):
        cost = jitter * _table_cost(pairs[i], pairs[j], opponents)
        costs[i, j] = cost + (rng.randrange(jitter) if rng else 0)
    top = max(costs.values()) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, top - cost) for (i, j), cost in costs.items())
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return [(pairs[a], pairs[b]) for a, b in sorted(tuple(sorted(e)) for e in matching)]


def _improve_groupings(partner_rounds, groupings, opponents: Counter) -> None:
    """Regroup one round at a time, each exactly optimal given all the others, while the sum of
    squared opponent counts goes down (it cannot go down for ever)."""
    for _ in range(MAX_PASSES):
        changed = False
        for index, pairs in enumerate(partner_rounds):
            _add_opponents(groupings[index], opponents, -1)
            current = sum(_table_cost(a, b, opponents) for a, b in groupings[index])
            candidate = _group_partnerships(pairs, opponents, None)
            if sum(_table_cost(a, b, opponents) for a, b in candidate) < current:
                groupings[index] = candidate
                changed = True
            _add_opponents(groupings[index], opponents, +1)
        if not changed:
            return


def _seat_partnerships(number: int, groups, rng: random.Random) -> ProgressiveRound:
    """Seat each table's two partnerships, partners opposite, in a random order."""
    groups = list(groups)
    rng.shuffle(groups)
    seated = []
    for table_number, (first, second) in enumerate(groups, start=1):
        first, second = list(first), list(second)
        rng.shuffle(first)
        rng.shuffle(second)
        if rng.random() < 0.5:
            first, second = second, first
        seats = tuple(None if _is_bot(s) else s for s in (first[0], second[0], first[1], second[1]))
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
