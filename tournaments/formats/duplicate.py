"""Duplicate scoring: each result judged against the other results on the same board.

**For directors.** A *board* is one deal played at several tables. A result on a board is
compared only with the results on that board **in the same direction**: North–South with
North–South, East–West with East–West; at individual (solo Pitch) tables, seat 1 with seat 1,
seat 2 with seat 2, and so on. The director chooses one of two methods:

- **Matchpoints** (`score_matchpoints`) — on each board each result scores 2 for every result in
  its direction it beats and 1 for every one it ties with. With *n* results the top is
  *2(n − 1)* and the board's matchpoints add up to *n(n − 1)* in each direction. A pair's
  **percentage** is its matchpoints over the most it could have scored on the boards it played;
  the standings rank by percentage.
- **Total points** (`score_total_points`) — each result scores its difference from the average
  of the results in its direction on that board (so each board's differences add up to 0 in each
  direction); the standings rank by the sum of those differences. One big swing counts in full,
  where matchpoints would give it no more than a narrow win.

*Boards played a different number of times* (a board fouled, a table late): matchpoints are
factored to a common top with **Neuberg's formula**. If a board was played *n* times when *N* was
expected (by default the most times any board was played), a result with *m* matchpoints
(top *2(n − 1)*) scores *(m + 1)·N / n − 1* (top *2(N − 1)*), so an average result stays at 50%
and a top on a board played fewer times is worth a little less than a full top. A board played
once scores exactly average. Total points need no factoring: each board's average is taken over
the results it has.

*Boards not played in time* may be given an **average** by the director (`BoardResult.average`):
the result is left out of the comparison and each side scores exactly the board's average —
50% of the top at matchpoints, a difference of 0 at total points.

*Bots* (the bot pair of an odd field, bot seats at Pitch) are scored like everyone else, since
they are part of the field the others are compared with, but they are left out of the standings
(`bots=`).

*Ties* share a rank: two pairs level on percentage (or total) both rank 3, and the next ranks 5.
Ranks are per field when the director gives `fields` (a Mitchell has an NS and an EW field, see
`movements.Movement.field`).

**The score of a direction** (`BoardResult.scores`) is the caller's choice, with one rule: higher
is better, and it is on the same footing in every result of that board and direction.

- *Partnerships* (Five Hundred, Pitch in pairs): both sides can score on the same deal, so use
  each side's **net** = its points − the other side's points, from its own view (what
  `BoardResult.for_pairs` does by default). NS's net is then minus EW's, and the two directions'
  matchpoints at one table add up to the top.
- *Solo Pitch*: each seat's own points on the board (a set bidder's negative included); a seat
  is compared with the same seat at the other tables.

All arithmetic is exact — an `int`, or a `fractions.Fraction` where factoring or averaging makes
one (`Exact`) — so ties are ties; pages format with `float()`.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Final, Literal

from .types import EntrantId, FormatError

__all__ = [
    "MATCHPOINTS",
    "TOTAL_POINTS",
    "BoardResult",
    "DuplicateScores",
    "DuplicateStanding",
    "ScoredResult",
    "matchpoints",
    "neuberg",
    "score_duplicate",
    "score_matchpoints",
    "score_total_points",
]

MATCHPOINTS: Final = "matchpoints"
TOTAL_POINTS: Final = "total_points"
Method = Literal["matchpoints", "total_points"]
Number = int | float | Fraction
#: An exact number: an int where the value is whole and came from ints, else a Fraction.
Exact = int | Fraction


def _exact(value: Number, what: str) -> Exact:
    if type(value) is int or type(value) is Fraction:
        return value
    if isinstance(value, bool) or not isinstance(value, int | float | Fraction):
        raise FormatError(f"{what} must be a number, not {value!r}.")
    if isinstance(value, float) and not math.isfinite(value):
        raise FormatError(f"{what} must be a finite number, not {value!r}.")
    return Fraction(value)


@dataclass(frozen=True, slots=True)
class BoardResult:
    """One table's result on one board.

    `entrants[i]` sat in direction i — (NS pair, EW pair) at partnership tables, the players by
    seat at solo tables — and `scores[i]` is that direction's score (higher is better; see the
    module docstring). `table` and `round` are carried through for the pages, not used.
    An `average` result was assigned by the director for a board not played in time: it is left
    out of the comparison and every direction scores the board's average (50% of the top at
    matchpoints, a difference of 0 at total points); its `scores` are ignored.
    """

    board: int
    entrants: tuple[EntrantId, ...]
    scores: tuple[Number, ...]
    table: int | None = None
    round: int | None = None
    average: bool = False

    @classmethod
    def for_pairs(
        cls,
        board: int,
        ns: EntrantId,
        ew: EntrantId,
        ns_points: Number,
        ew_points: Number,
        *,
        net: bool = True,
        table: int | None = None,
        round: int | None = None,
    ) -> BoardResult:
        """A partnership table's result from the points each side scored on the board. With
        `net` (the default) each direction scores its points minus the other side's; without, each
        scores its own points as given."""
        if net:
            ns_score = _exact(ns_points, "NS points") - _exact(ew_points, "EW points")
            scores: tuple[Number, Number] = (ns_score, -ns_score)
        else:
            scores = (ns_points, ew_points)
        return cls(board, (ns, ew), scores, table, round)


@dataclass(frozen=True, slots=True)
class ScoredResult:
    """One direction of one result, scored. `value` is the (factored) matchpoints, or the
    difference from the board's average; `top` is the most `value` could have been
    (matchpoints only, else None); `raw` is the unfactored matchpoints (matchpoints only);
    `compared` is how many results were in the comparison (this one included)."""

    board: int
    direction: int
    entrant: EntrantId
    score: Exact
    value: Exact
    top: int | None
    raw: int | None
    compared: int
    result: BoardResult

    @property
    def percentage(self) -> Exact | None:
        """Matchpoints as a percentage of the top (50 when there was nobody to compare with)."""
        if self.top is None:
            return None
        return 50 if self.top == 0 else Fraction(self.value * 100) / self.top


@dataclass(frozen=True, slots=True)
class DuplicateStanding:
    """An entrant's line in the standings. `total` is matchpoints (factored) or the total points
    difference; `top` the matchpoints available on the boards played (matchpoints only, else 0);
    `percentage` is total / top as a percentage (matchpoints only, else None). `rank` is shared by
    entrants level on the ranking figure (`tied`), within their `field`."""

    entrant: EntrantId
    field: str | None
    boards: int
    total: Exact
    top: Exact
    percentage: Exact | None
    rank: int
    tied: bool


@dataclass(frozen=True, slots=True)
class DuplicateScores:
    """Everything a results page needs: each direction of each result scored (`results`, in the
    order given) and the standings (by field in order of first appearance, then rank)."""

    method: str
    results: tuple[ScoredResult, ...]
    standings: tuple[DuplicateStanding, ...]
    expected: int

    def on_board(self, board: int) -> tuple[ScoredResult, ...]:
        """The scored results on one board (a travelling score sheet)."""
        return tuple(s for s in self.results if s.board == board)

    def of(self, entrant: EntrantId) -> tuple[ScoredResult, ...]:
        """The entrant's scored results, board by board (their personal score card)."""
        return tuple(s for s in self.results if s.entrant == entrant)

    def standing_of(self, entrant: EntrantId) -> DuplicateStanding | None:
        return next((s for s in self.standings if s.entrant == entrant), None)


def matchpoints(scores: Sequence[Number]) -> list[int]:
    """Matchpoints for each of `scores` (one board, one direction): 2 for each other score it
    beats, 1 for each it ties with. They add up to n(n − 1)."""
    values = [_exact(score, "A score") for score in scores]
    order = sorted(range(len(values)), key=values.__getitem__)
    points = [0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        # `start` results are below this group; the group's other members tie.
        for i in order[start : end + 1]:
            points[i] = 2 * start + (end - start)
        start = end + 1
    return points


def neuberg(points: Number, compared: int, expected: int) -> Exact:
    """Matchpoints scored against `compared` results (this one included) factored to a board of
    `expected` results by Neuberg's formula: (m + 1)·N / n − 1, on the 2-per-result scale."""
    if compared < 1 or expected < compared:
        raise FormatError(
            f"Cannot factor a board of {compared} results to {expected}: "
            "the expected number must be at least the number played, and at least one."
        )
    if compared == expected:
        return points
    return Fraction((points + 1) * expected, compared) - 1


def _groups(results: Iterable[BoardResult]):
    """The results checked, each (board, direction)'s list of (result index, score), and each
    result's scores as exact numbers."""
    results = tuple(results)
    groups: dict[tuple[int, int], list[tuple[int, Exact]]] = defaultdict(list)
    width: dict[int, int] = {}
    seen: set[tuple[int, EntrantId]] = set()
    scores_of: list[tuple[Exact, ...]] = []
    for index, result in enumerate(results):
        if not isinstance(result, BoardResult):
            raise FormatError(f"Expected a board result, not {result!r}.")
        board = result.board
        if isinstance(board, bool) or not isinstance(board, int):
            raise FormatError(f"A board is numbered, not {board!r}.")
        if len(result.entrants) != len(result.scores):
            raise FormatError(
                f"Board {board}: {len(result.entrants)} entrants but {len(result.scores)} scores."
            )
        if len(result.entrants) < 2:
            raise FormatError(f"Board {board}: a result needs at least two sides.")
        if width.setdefault(board, len(result.entrants)) != len(result.entrants):
            raise FormatError(
                f"Board {board} was played with {width[board]} sides at one table "
                f"and {len(result.entrants)} at another."
            )
        for entrant in result.entrants:
            if entrant is None or isinstance(entrant, bool) or not isinstance(entrant, int | str):
                raise FormatError(f"Board {board}: {entrant!r} is not an entrant.")
            if (board, entrant) in seen:
                raise FormatError(f"{entrant!r} has two results on board {board}.")
            seen.add((board, entrant))
        exact = tuple(_exact(score, f"Board {board}'s score") for score in result.scores)
        scores_of.append(exact)
        if result.average:
            continue
        for direction, score in enumerate(exact):
            groups[board, direction].append((index, score))
    return results, groups, scores_of


def _check_bots_fields(bots, fields):
    bots = frozenset(bots)
    fields = dict(fields) if fields is not None else {}
    return bots, fields


def _standings(
    scored: list[ScoredResult],
    *,
    bots: frozenset,
    fields: Mapping[EntrantId, str],
    by_percentage: bool,
) -> tuple[DuplicateStanding, ...]:
    totals: dict[EntrantId, list] = {}
    for item in scored:
        if item.entrant in bots:
            continue
        tally = totals.setdefault(item.entrant, [0, 0, 0])
        tally[0] += 1
        tally[1] += item.value
        tally[2] += item.top or 0
    lines = []
    for entrant, (boards, total, top) in totals.items():
        percentage = None
        if by_percentage:
            percentage = 50 if top == 0 else Fraction(total * 100) / top
        lines.append((entrant, fields.get(entrant), boards, total, top, percentage))
    field_order: dict[str | None, int] = {}
    for line in lines:
        field_order.setdefault(line[1], len(field_order))

    def figure(line):
        return line[5] if by_percentage else line[3]

    by_field: dict[str | None, list] = defaultdict(list)
    for line in lines:
        by_field[line[1]].append(line)
    standings = []
    for field_name in sorted(by_field, key=field_order.__getitem__):
        group = sorted(by_field[field_name], key=figure, reverse=True)  # stable: first seen first
        figures = [figure(line) for line in group]
        for position, line in enumerate(group):
            rank = figures.index(figures[position]) + 1
            tied = figures.count(figures[position]) > 1
            standings.append(DuplicateStanding(*line, rank=rank, tied=tied))
    return tuple(standings)


def score_matchpoints(
    results: Iterable[BoardResult],
    *,
    expected: int | None = None,
    bots: Collection[EntrantId] = (),
    fields: Mapping[EntrantId, str] | None = None,
) -> DuplicateScores:
    """Matchpoint every result and rank by percentage.

    `expected` is the number of results a full board has (a Mitchell's rounds, a Howell's
    tables — `Movement.plays_per_board`); it defaults to the most results any board has. Boards
    with fewer are factored up to it with Neuberg's formula. `bots` are scored but not ranked;
    `fields` maps entrants to the field they are ranked in (e.g. `Movement.field` of their pair
    number). Raises FormatError for inconsistent results: an entrant twice on a board, a board
    with tables of different sizes, a score that is not a finite number, more results on a board
    than `expected`.
    """
    results, groups, scores_of = _groups(results)
    bots, fields = _check_bots_fields(bots, fields)
    most = max((len(group) for group in groups.values()), default=1)
    if expected is None:
        expected = most
    if isinstance(expected, bool) or not isinstance(expected, int) or expected < most:
        raise FormatError(f"A board has {most} results, more than the {expected!r} expected.")
    values: dict[tuple[int, int], tuple[Exact, int, int]] = {}
    for (_board, direction), group in groups.items():
        raw = matchpoints([score for _index, score in group])
        for (index, _score), points in zip(group, raw, strict=True):
            values[index, direction] = (neuberg(points, len(group), expected), points, len(group))
    top = 2 * (expected - 1)
    scored = []
    for index, result in enumerate(results):
        for direction, entrant in enumerate(result.entrants):
            if result.average:
                values[index, direction] = (expected - 1, None, 0)
            value, raw_points, compared = values[index, direction]
            scored.append(
                ScoredResult(
                    result.board,
                    direction,
                    entrant,
                    scores_of[index][direction],
                    value,
                    top,
                    raw_points,
                    compared,
                    result,
                )
            )
    standings = _standings(scored, bots=bots, fields=fields, by_percentage=True)
    return DuplicateScores(MATCHPOINTS, tuple(scored), standings, expected)


def score_total_points(
    results: Iterable[BoardResult],
    *,
    bots: Collection[EntrantId] = (),
    fields: Mapping[EntrantId, str] | None = None,
) -> DuplicateScores:
    """Score every result as its difference from its board and direction's average, and rank
    by the sum of the differences."""
    results, groups, scores_of = _groups(results)
    bots, fields = _check_bots_fields(bots, fields)
    values: dict[tuple[int, int], tuple[Exact, int]] = {}
    for (_board, direction), group in groups.items():
        average = Fraction(sum(score for _index, score in group)) / len(group)
        if average.denominator == 1:
            average = average.numerator
        for index, score in group:
            values[index, direction] = (score - average, len(group))
    scored = []
    for index, result in enumerate(results):
        for direction, entrant in enumerate(result.entrants):
            value, compared = (0, 0) if result.average else values[index, direction]
            scored.append(
                ScoredResult(
                    result.board,
                    direction,
                    entrant,
                    scores_of[index][direction],
                    value,
                    None,
                    None,
                    compared,
                    result,
                )
            )
    standings = _standings(scored, bots=bots, fields=fields, by_percentage=False)
    expected = max((len(group) for group in groups.values()), default=1)
    return DuplicateScores(TOTAL_POINTS, tuple(scored), standings, expected)


def score_duplicate(
    results: Iterable[BoardResult],
    method: Method = MATCHPOINTS,
    *,
    expected: int | None = None,
    bots: Collection[EntrantId] = (),
    fields: Mapping[EntrantId, str] | None = None,
) -> DuplicateScores:
    """Score by the director's chosen method: `"matchpoints"` or `"total_points"`."""
    if method == MATCHPOINTS:
        return score_matchpoints(results, expected=expected, bots=bots, fields=fields)
    if method == TOTAL_POINTS:
        return score_total_points(results, bots=bots, fields=fields)
    raise FormatError(f"Unknown scoring method {method!r}: choose matchpoints or total points.")
