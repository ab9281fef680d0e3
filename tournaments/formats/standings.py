"""Standings: points and tiebreaks, recalculated from scratch from every result.

**For directors.**

*Points.* Each format counts one thing first:

- round robin and Swiss: **match points** — 2 for a win, 1 for a draw (a match still level when
  time is called), 0 for a loss, and 2 for a bye;
- single and double elimination: match points with no draws (the standings there are only a
  summary; the bracket decides the champion);
- progressive: **game points** — each player's own running total of the scores of the sides they
  sat on (a partnership's score counts in full for both partners, a bot's share for nobody).

*Byes.* A bye counts as a win worth the format's bye points (2 by default). It gives no game
points, no points difference and no hands won, and it is not a game played. It has no opponent,
so it adds nothing to Buchholz or Sonneborn–Berger: an entrant with a bye has one opponent fewer.
In Swiss the bye goes to the lowest-placed entrant who has not had one, so this rarely decides a
place near the top.

*Tiebreaks* separate entrants level on points, in the order the director lists them; whoever is
still level after the last one is placed by seed (their order in the entry list), and shares the
rank. The same ordered list orders the standings shown and the standings used for Swiss pairing.

- **Points difference** — game points scored minus game points conceded, over every game played.
  At a table of more than two sides, what is conceded is the average of the other sides' scores.
- **Buchholz** — the sum of the points of everyone the entrant played (once for each meeting):
  a strong schedule scores high.
- **Sonneborn–Berger** — the points of every opponent the entrant beat, plus half the points of
  every opponent they drew with.
- **Head-to-head** — among the entrants still level, the points each won in games against the
  others. It is used only when every two of them have met; otherwise it leaves them level and the
  next tiebreak decides.
- **Hands won** — hands won over all games (when the results record them).
- **Game points** — total game points scored (useful after match points).
- **Wins** — games won (a bye counts).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from itertools import combinations

from .types import EntrantId, FormatError, check_entrants

__all__ = [
    "DRAW",
    "FORMAT_SCORING",
    "LOSS",
    "WIN",
    "Result",
    "Scoring",
    "Side",
    "Standing",
    "Tiebreak",
    "compute_standings",
    "scoring_for",
]

WIN = "win"
DRAW = "draw"
LOSS = "loss"
OUTCOMES = (WIN, DRAW, LOSS)

Number = int | Fraction


class Tiebreak(StrEnum):
    """The tiebreaks a director can list, in any order."""

    POINTS_DIFFERENCE = "points_difference"
    BUCHHOLZ = "buchholz"
    SONNEBORN_BERGER = "sonneborn_berger"
    HEAD_TO_HEAD = "head_to_head"
    HANDS_WON = "hands_won"
    GAME_POINTS = "game_points"
    WINS = "wins"


@dataclass(frozen=True, slots=True)
class Scoring:
    """How results turn into points.

    `draw` is None when the format has no draws (a drawn result is then refused). `rank_by` is
    "match_points" (wins and draws) or "game_points" (the running total of scores).
    """

    win: int = 2
    draw: int | None = 1
    loss: int = 0
    bye: int = 2
    rank_by: str = "match_points"

    def __post_init__(self):
        if self.rank_by not in ("match_points", "game_points"):
            raise FormatError('Standings are ranked by "match_points" or "game_points".')


#: The scoring each format uses unless the director changes it.
FORMAT_SCORING: dict[str, Scoring] = {
    "round_robin": Scoring(),
    "swiss": Scoring(),
    "single_elimination": Scoring(draw=None),
    "double_elimination": Scoring(draw=None),
    "progressive": Scoring(rank_by="game_points"),
}


def scoring_for(format_name: str) -> Scoring:
    """The default `Scoring` of a format ("round_robin", "swiss", "progressive", ...)."""
    try:
        return FORMAT_SCORING[format_name]
    except KeyError:
        raise FormatError(f"There is no tournament format called {format_name!r}.") from None


@dataclass(frozen=True, slots=True)
class Side:
    """One side of a result: the entrants on it (two partners in a progressive Five Hundred
    table, one entrant otherwise; none for a side of bots), its score, its outcome ("win",
    "draw" or "loss") and the hands it won."""

    members: tuple[EntrantId, ...]
    score: int = 0
    outcome: str = LOSS
    hands_won: int = 0

    def __post_init__(self):
        object.__setattr__(self, "members", tuple(self.members))
        if self.outcome not in OUTCOMES:
            raise FormatError(
                f'A side\'s outcome is "win", "draw" or "loss", not {self.outcome!r}.'
            )


@dataclass(frozen=True, slots=True)
class Result:
    """The result of one match, table or bye.

    `match` is its id (a match or table id), `round` its round number. A bye is a result with
    `bye=True` and a single side holding the one entrant.
    """

    match: int | str
    round: int
    sides: tuple[Side, ...]
    bye: bool = False

    def __post_init__(self):
        object.__setattr__(self, "sides", tuple(self.sides))
        members = [member for side in self.sides for member in side.members]
        if len(set(members)) != len(members):
            raise FormatError(f"Result {self.match!r} lists an entrant twice.")
        if self.bye:
            if len(self.sides) != 1 or len(self.sides[0].members) != 1:
                raise FormatError(f"Bye {self.match!r} must name exactly one entrant.")
        elif len(self.sides) < 2:
            raise FormatError(f"Result {self.match!r} needs at least two sides.")

    @classmethod
    def for_bye(cls, match: int | str, round: int, entrant: EntrantId) -> Result:
        """A bye for `entrant` in `round`."""
        return cls(match, round, (Side((entrant,), 0, WIN),), bye=True)

    @classmethod
    def from_scores(
        cls,
        match: int | str,
        round: int,
        scores: Mapping[EntrantId, int],
        *,
        winners: Collection[EntrantId] | None = None,
        hands_won: Mapping[EntrantId, int] | None = None,
    ) -> Result:
        """A result where every entrant is a side of its own.

        `winners` names the winning entrants (an empty collection is a draw). Left out, the
        highest score wins: all sides level on the highest score win together, unless every
        side is level, which is a draw.
        """
        hands_won = hands_won or {}
        if winners is None:
            top = max(scores.values())
            leaders = {entrant for entrant, score in scores.items() if score == top}
            winners = set() if len(leaders) == len(scores) else leaders
        winners = set(winners)
        if not winners <= set(scores):
            raise FormatError(f"A winner of result {match!r} did not play in it.")
        sides = tuple(
            Side(
                (entrant,),
                score,
                (WIN if entrant in winners else LOSS) if winners else DRAW,
                hands_won.get(entrant, 0),
            )
            for entrant, score in scores.items()
        )
        return cls(match, round, sides)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings.

    `points` is what the standings are ranked by (match points or game points, per the
    scoring). `tiebreak_values` holds the value of each tiebreak asked for, in order; a
    head-to-head value is None where it was not applied (nobody level, or not all had met).
    `rank` is shared by entrants level on points and on every tiebreak.
    """

    rank: int
    entrant: EntrantId
    seed: int
    points: Number
    match_points: Number
    game_points: int
    played: int
    wins: int
    draws: int
    losses: int
    byes: int
    points_difference: Number
    hands_won: int
    buchholz: Number
    sonneborn_berger: Number
    head_to_head: Number | None = None
    tiebreak_values: tuple[Number | None, ...] = field(default=())


@dataclass(slots=True)
class _Tally:
    match_points: int = 0
    game_points: int = 0
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    byes: int = 0
    points_difference: Fraction = Fraction(0)
    hands_won: int = 0
    # (opponents at the table, this entrant's outcome, the points it earned there)
    games: list[tuple[tuple[EntrantId, ...], str, int]] = field(default_factory=list)


def _number(value: Number) -> Number:
    if isinstance(value, Fraction) and value.denominator == 1:
        return int(value)
    return value


def _outcome_points(scoring: Scoring, outcome: str, result: Result) -> int:
    if outcome == WIN:
        return scoring.win
    if outcome == LOSS:
        return scoring.loss
    if scoring.draw is None:
        raise FormatError(f"Result {result.match!r} is a draw, and this format has no draws.")
    return scoring.draw


def compute_standings(
    entrants: Sequence[EntrantId],
    results: Iterable[Result],
    *,
    tiebreaks: Sequence[Tiebreak | str] = (),
    scoring: Scoring | None = None,
) -> list[Standing]:
    """The standings of `entrants` (listed in seed order) after `results`, best first.

    Pure and idempotent: the same entrants, results and settings always give the same list.
    Entrants without results appear with zero. An entrant in a result but not in `entrants`,
    an unknown tiebreak or a draw in a format without draws raises `FormatError`.
    """
    entrants = check_entrants(entrants)
    scoring = scoring or Scoring()
    try:
        order = tuple(Tiebreak(t) for t in tiebreaks)
    except ValueError as error:
        raise FormatError(f"Unknown tiebreak: {error}") from None
    if len(set(order)) != len(order):
        raise FormatError("A tiebreak is listed twice.")
    seeds = {entrant: number for number, entrant in enumerate(entrants, start=1)}
    tallies = {entrant: _Tally() for entrant in entrants}
    met: set[frozenset[EntrantId]] = set()  # every two entrants who have faced each other

    for result in results:
        for side in result.sides:
            for member in side.members:
                if member not in tallies:
                    raise FormatError(
                        f"Result {result.match!r} names {member!r}, who is not an entrant."
                    )
        if result.bye:
            (entrant,) = result.sides[0].members
            tally = tallies[entrant]
            tally.byes += 1
            tally.wins += 1
            tally.match_points += scoring.bye
            continue
        for index, side in enumerate(result.sides):
            others = [other for i, other in enumerate(result.sides) if i != index]
            conceded = Fraction(sum(other.score for other in others), len(others))
            opponents = tuple(m for other in others for m in other.members)
            points = _outcome_points(scoring, side.outcome, result)
            earned = side.score if scoring.rank_by == "game_points" else points
            for member in side.members:
                tally = tallies[member]
                tally.played += 1
                tally.match_points += points
                tally.game_points += side.score
                tally.points_difference += side.score - conceded
                tally.hands_won += side.hands_won
                if side.outcome == WIN:
                    tally.wins += 1
                elif side.outcome == DRAW:
                    tally.draws += 1
                else:
                    tally.losses += 1
                tally.games.append((opponents, side.outcome, earned))
                met.update(frozenset((member, opponent)) for opponent in opponents)

    def primary(entrant: EntrantId) -> int:
        tally = tallies[entrant]
        return tally.game_points if scoring.rank_by == "game_points" else tally.match_points

    points = {entrant: primary(entrant) for entrant in entrants}
    buchholz: dict[EntrantId, int] = {}
    sonneborn: dict[EntrantId, Fraction] = {}
    for entrant, tally in tallies.items():
        total = 0
        weighted = Fraction(0)
        for opponents, outcome, _earned in tally.games:
            strength = sum(points[o] for o in opponents)
            total += strength
            if outcome == WIN:
                weighted += strength
            elif outcome == DRAW:
                weighted += Fraction(strength, 2)
        buchholz[entrant] = total
        sonneborn[entrant] = weighted

    head_to_head: dict[EntrantId, Number | None] = dict.fromkeys(entrants)

    def value(tiebreak: Tiebreak, entrant: EntrantId) -> Number:
        tally = tallies[entrant]
        match tiebreak:
            case Tiebreak.POINTS_DIFFERENCE:
                return tally.points_difference
            case Tiebreak.BUCHHOLZ:
                return buchholz[entrant]
            case Tiebreak.SONNEBORN_BERGER:
                return sonneborn[entrant]
            case Tiebreak.HANDS_WON:
                return tally.hands_won
            case Tiebreak.GAME_POINTS:
                return tally.game_points
            case Tiebreak.WINS:
                return tally.wins
        raise AssertionError(tiebreak)  # head-to-head is handled by the caller

    def group_head_to_head(group: list[EntrantId]) -> dict[EntrantId, Number] | None:
        if any(frozenset(pair) not in met for pair in combinations(group, 2)):
            return None
        members = set(group)
        return {
            e: sum(
                earned
                for opponents, _outcome, earned in tallies[e].games
                if members.intersection(opponents)
            )
            for e in group
        }

    def split(group: list[EntrantId], remaining: tuple[Tiebreak, ...]) -> list[list[EntrantId]]:
        """`group` (level so far) as blocks of entrants level on every remaining tiebreak."""
        if len(group) == 1 or not remaining:
            return [sorted(group, key=seeds.__getitem__)]
        tiebreak, rest = remaining[0], remaining[1:]
        if tiebreak == Tiebreak.HEAD_TO_HEAD:
            keys = group_head_to_head(group)
            if keys is None:
                return split(group, rest)
            for entrant, key in keys.items():
                head_to_head[entrant] = key
        else:
            keys = {entrant: value(tiebreak, entrant) for entrant in group}
        blocks: list[list[EntrantId]] = []
        for key in sorted(set(keys.values()), reverse=True):
            blocks.extend(split([e for e in group if keys[e] == key], rest))
        return blocks

    by_points: dict[Number, list[EntrantId]] = defaultdict(list)
    for entrant in entrants:
        by_points[points[entrant]].append(entrant)
    standings: list[Standing] = []
    for level in sorted(by_points, reverse=True):
        for block in split(by_points[level], order):
            rank = len(standings) + 1
            for entrant in block:
                tally = tallies[entrant]
                values = tuple(
                    _number(head_to_head[entrant])
                    if t == Tiebreak.HEAD_TO_HEAD and head_to_head[entrant] is not None
                    else None
                    if t == Tiebreak.HEAD_TO_HEAD
                    else _number(value(t, entrant))
                    for t in order
                )
                standings.append(
                    Standing(
                        rank=rank,
                        entrant=entrant,
                        seed=seeds[entrant],
                        points=points[entrant],
                        match_points=tally.match_points,
                        game_points=tally.game_points,
                        played=tally.played,
                        wins=tally.wins,
                        draws=tally.draws,
                        losses=tally.losses,
                        byes=tally.byes,
                        points_difference=_number(tally.points_difference),
                        hands_won=tally.hands_won,
                        buchholz=buchholz[entrant],
                        sonneborn_berger=_number(sonneborn[entrant]),
                        head_to_head=_number(head_to_head[entrant])
                        if head_to_head[entrant] is not None
                        else None,
                        tiebreak_values=values,
                    )
                )
    return standings
