"""Single and double elimination brackets.

**For directors.**

*Single elimination.* Lose once and you are out; the last entrant unbeaten is the champion. The
bracket is seeded so that the favourites meet as late as possible: seed 1 plays the lowest seed,
seed 2 the next lowest, and so on, and seeds 1 and 2 can only meet in the final (1 and 4 in a
semi-final, and so on). When the number of entrants is not a power of two the bracket is filled
up with byes, which go to the top seeds: they go straight through to round two.

*Double elimination.* Lose twice and you are out. Everyone starts in the **winners' bracket**;
losing there drops you into the **losers' bracket**, where a second loss knocks you out. The
winners' bracket champion (unbeaten) meets the losers' bracket champion (beaten once) in the
**grand final**. If the losers' bracket champion wins it, both have now lost once, so with the
*bracket reset* (on by default) they play a second, deciding grand final; without it the first
grand final decides. Entrants dropping from the winners' bracket meet the losers' bracket
survivors in reverse order, to avoid an immediate rematch.

Results are simply "who won match X"; the bracket fills itself in: winners (and in double
elimination losers) move on, byes are passed through, and the champion is known when the last
match needed is won.

*Placings.* The bracket decides every place, not the points. The champion is 1st and the
losing finalist 2nd. In single elimination everyone knocked out in the same round shares a place:
the semi-final losers share 3rd–4th, the quarter-final losers 5th–8th, and so on (there is no
third-place match). In double elimination the round of an entrant's *second* loss decides: the
grand final's loser is 2nd, the loser of the last losers' bracket match 3rd, and those knocked out
in the same losers' round share a place. Byes (an empty side of the bracket) count as no one: a
first round with only one real match puts its one loser alone in 5th. Entrants still in the
bracket share the best place still open. Within a shared place the standings list entrants by
match points and the director's tiebreaks.

Match ids: single elimination "R{round}-{slot}"; double elimination "W{round}-{slot}" (winners'
bracket), "L{round}-{slot}" (losers' bracket), "GF1" and "GF2" (grand final and reset).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Literal

from .standings import Result, Scoring, Standing, Tiebreak, compute_standings
from .types import EntrantId, FormatError, check_entrants

__all__ = [
    "Bracket",
    "BracketMatch",
    "BracketState",
    "LoserOf",
    "MatchState",
    "Placing",
    "Seed",
    "WinnerOf",
    "bracket_placings",
    "bracket_standings",
    "double_elimination",
    "played_matches",
    "resolve_bracket",
    "seeding_order",
    "single_elimination",
]


@dataclass(frozen=True, slots=True)
class Seed:
    """The entrant seeded `number` (1-based); a seed beyond the entry count is a bye."""

    number: int


@dataclass(frozen=True, slots=True)
class WinnerOf:
    match: str


@dataclass(frozen=True, slots=True)
class LoserOf:
    match: str


Source = Seed | WinnerOf | LoserOf


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A match of a bracket: where its two entrants come from.

    `bracket` is "main" (single elimination), "winners", "losers" or "final"; `round` counts
    from 1 within its bracket, `slot` from 1 within its round (top to bottom). The grand final
    reset has `reset=True`: it is played only if the losers' bracket champion wins "GF1".
    """

    id: str
    bracket: str
    round: int
    slot: int
    sources: tuple[Source, Source]
    reset: bool = False


@dataclass(frozen=True, slots=True)
class Bracket:
    """A seeded bracket: the entrants in seed order and the matches in playing order (every
    match comes after the matches it draws from)."""

    kind: Literal["single", "double"]
    seeds: tuple[EntrantId, ...]
    matches: tuple[BracketMatch, ...]
    size: int

    def match(self, match_id: str) -> BracketMatch:
        for match in self.matches:
            if match.id == match_id:
                return match
        raise FormatError(f"This bracket has no match {match_id!r}.")


#: Status of a match in a resolved bracket.
PENDING = "pending"  # waiting for an earlier match
READY = "ready"  # both entrants known, no result yet
COMPLETE = "complete"  # played and won
WALKOVER = "walkover"  # a bye: one entrant goes through without playing
EMPTY = "empty"  # byes on both sides: nobody plays, nobody goes through
NOT_NEEDED = "not_needed"  # the grand final reset when the winners' champion won GF1


@dataclass(frozen=True, slots=True)
class MatchState:
    """A match as it stands. `entrants` is None where not known yet or a bye; `byes` marks the
    sides that are byes. `winner`/`loser` are set once decided (the loser of a walkover is
    None)."""

    match: BracketMatch
    status: str
    entrants: tuple[EntrantId | None, EntrantId | None]
    byes: tuple[bool, bool]
    winner: EntrantId | None = None
    loser: EntrantId | None = None


@dataclass(frozen=True, slots=True)
class BracketState:
    """A bracket with its results applied.

    `matches` maps match id to its state, in playing order; `champion` is set when the bracket
    is finished; `losses` counts each entrant's defeats; `eliminated` lists the knocked-out
    entrants in the order of the matches that knocked them out (round by round, so the last
    one listed is the runner-up once the bracket is finished).
    """

    bracket: Bracket
    matches: dict[str, MatchState]
    champion: EntrantId | None
    losses: dict[EntrantId, int]
    eliminated: tuple[EntrantId, ...]

    @property
    def finished(self) -> bool:
        return self.champion is not None

    def ready(self) -> list[MatchState]:
        """The matches that can be played now."""
        return [state for state in self.matches.values() if state.status == READY]


def seeding_order(size: int) -> list[int]:
    """Seed numbers in bracket order for a bracket of `size` (a power of two): each first-round
    match is two neighbours in the list, and seed s meets seed size+1-s in round one.
    For 8: [1, 8, 4, 5, 2, 7, 3, 6]."""
    if size < 1 or size & (size - 1):
        raise FormatError("A bracket's size is a power of two.")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [seed for s in order for seed in (s, total - s)]
    return order


def _bracket_size(count: int) -> int:
    size = 1
    while size < count:
        size *= 2
    return size


def _first_round(prefix: str, bracket: str, size: int) -> list[BracketMatch]:
    order = seeding_order(size)
    return [
        BracketMatch(
            f"{prefix}1-{slot}",
            bracket,
            1,
            slot,
            (Seed(order[2 * slot - 2]), Seed(order[2 * slot - 1])),
        )
        for slot in range(1, size // 2 + 1)
    ]


def _later_rounds(prefix: str, bracket: str, first: list[BracketMatch]) -> list[list[BracketMatch]]:
    rounds = [first]
    while len(rounds[-1]) > 1:
        previous = rounds[-1]
        number = len(rounds) + 1
        rounds.append(
            [
                BracketMatch(
                    f"{prefix}{number}-{slot}",
                    bracket,
                    number,
                    slot,
                    (WinnerOf(previous[2 * slot - 2].id), WinnerOf(previous[2 * slot - 1].id)),
                )
                for slot in range(1, len(previous) // 2 + 1)
            ]
        )
    return rounds


def single_elimination(entrants: Sequence[EntrantId]) -> Bracket:
    """A single-elimination bracket for `entrants` in seed order (best first)."""
    entrants = check_entrants(entrants, minimum=1)
    size = _bracket_size(len(entrants))
    if size == 1:
        return Bracket("single", entrants, (), 1)
    rounds = _later_rounds("R", "main", _first_round("R", "main", size))
    return Bracket("single", entrants, tuple(m for r in rounds for m in r), size)


def double_elimination(entrants: Sequence[EntrantId], *, reset: bool = True) -> Bracket:
    """A double-elimination bracket for `entrants` in seed order (best first).

    With `reset` (the default) a second grand final "GF2" is played if the losers' bracket
    champion wins the first.
    """
    entrants = check_entrants(entrants, minimum=1)
    size = _bracket_size(len(entrants))
    if size == 1:
        return Bracket("double", entrants, (), 1)
    winners = _later_rounds("W", "winners", _first_round("W", "winners", size))
    losers: list[list[BracketMatch]] = []
    # Losers' round 1 pairs the winners' round-1 losers; then, for each later winners' round,
    # one round where its losers (in reverse order) drop in against the survivors, and (except
    # after the last) one round halving the survivors.
    for level in range(1, len(winners)):
        if level == 1:
            pairs = [
                (LoserOf(winners[0][2 * s].id), LoserOf(winners[0][2 * s + 1].id))
                for s in range(len(winners[0]) // 2)
            ]
        else:
            previous = losers[-1]
            pairs = [
                (WinnerOf(previous[2 * s].id), WinnerOf(previous[2 * s + 1].id))
                for s in range(len(previous) // 2)
            ]
        losers.append(_losers_round(len(losers) + 1, pairs))
        droppers = list(reversed(winners[level]))
        pairs = [
            (WinnerOf(survivor.id), LoserOf(dropper.id))
            for survivor, dropper in zip(losers[-1], droppers, strict=True)
        ]
        losers.append(_losers_round(len(losers) + 1, pairs))
    winners_champion = WinnerOf(winners[-1][0].id)
    losers_champion = WinnerOf(losers[-1][0].id) if losers else LoserOf(winners[-1][0].id)
    finals = [BracketMatch("GF1", "final", 1, 1, (winners_champion, losers_champion))]
    if reset:
        finals.append(
            BracketMatch("GF2", "final", 2, 1, (WinnerOf("GF1"), LoserOf("GF1")), reset=True)
        )
    matches = [m for r in winners for m in r] + [m for r in losers for m in r] + finals
    return Bracket("double", entrants, tuple(_playing_order(matches)), size)


def _losers_round(number: int, pairs) -> list[BracketMatch]:
    return [
        BracketMatch(f"L{number}-{slot}", "losers", number, slot, pair)
        for slot, pair in enumerate(pairs, start=1)
    ]


def _playing_order(matches: list[BracketMatch]) -> list[BracketMatch]:
    """The matches in the order they can be played: by how many matches must come before them
    (so the losers' rounds interleave with the winners' rounds they draw on), then winners'
    bracket before losers' bracket, then round and slot."""
    depth: dict[str, int] = {}
    for match in matches:  # built so that sources always come first
        depth[match.id] = 1 + max(
            (depth[s.match] for s in match.sources if not isinstance(s, Seed)), default=0
        )
    rank = {"main": 0, "winners": 0, "losers": 1, "final": 2}
    return sorted(matches, key=lambda m: (depth[m.id], rank[m.bracket], m.round, m.slot))


_UNKNOWN = object()  # a source not decided yet
_NOBODY = object()  # a source that is a bye


def resolve_bracket(bracket: Bracket, results: Mapping[str, EntrantId]) -> BracketState:
    """Apply `results` (match id → winner) to `bracket`.

    Recomputed from scratch: the same results always give the same state. A result for an
    unknown match, a match that cannot be played (not ready, a bye, a reset not needed) or a
    winner who is not in the match raises `FormatError`.
    """
    known = {match.id for match in bracket.matches}
    for match_id in results:
        if match_id not in known:
            raise FormatError(f"This bracket has no match {match_id!r}.")
    states: dict[str, MatchState] = {}
    losses: dict[EntrantId, int] = dict.fromkeys(bracket.seeds, 0)
    eliminated: list[EntrantId] = []
    lives = 2 if bracket.kind == "double" else 1

    def source(src: Source):
        if isinstance(src, Seed):
            return bracket.seeds[src.number - 1] if src.number <= len(bracket.seeds) else _NOBODY
        state = states[src.match]
        if state.status in (PENDING, READY, NOT_NEEDED):
            return _UNKNOWN
        if isinstance(src, WinnerOf):
            return _NOBODY if state.winner is None else state.winner
        return _NOBODY if state.loser is None else state.loser

    champion: EntrantId | None = None if bracket.matches else bracket.seeds[0]
    for match in bracket.matches:
        sides = tuple(source(s) for s in match.sources)
        entrants = tuple(None if s in (_UNKNOWN, _NOBODY) else s for s in sides)
        byes = tuple(s is _NOBODY for s in sides)
        winner = results.get(match.id)
        if match.reset and _UNKNOWN not in sides:
            # GF1's winner came from the winners' bracket: they are unbeaten, no reset needed.
            first_final = states["GF1"]
            if first_final.winner == first_final.entrants[0]:
                if winner is not None:
                    raise FormatError("The grand final reset is not needed: GF1 decided it.")
                states[match.id] = MatchState(match, NOT_NEEDED, entrants, byes)
                continue
        if _UNKNOWN in sides:
            status = PENDING
        elif all(byes):
            status = EMPTY
        elif any(byes):
            status = WALKOVER
        else:
            status = COMPLETE if winner is not None else READY
        if winner is not None and status != COMPLETE:
            reason = {
                PENDING: "is still waiting for an earlier match",
                EMPTY: "has no entrants (byes on both sides)",
                WALKOVER: "is a bye",
            }[status]
            raise FormatError(f"Match {match.id} {reason}; it cannot have a result.")
        loser = None
        if status == COMPLETE:
            if winner not in entrants:
                raise FormatError(f"{winner!r} did not play in match {match.id}.")
            loser = entrants[1] if winner == entrants[0] else entrants[0]
            losses[loser] += 1
            if losses[loser] == lives:
                eliminated.append(loser)
        elif status == WALKOVER:
            winner = entrants[0] if entrants[0] is not None else entrants[1]
        states[match.id] = MatchState(match, status, entrants, byes, winner, loser)

    if bracket.matches:
        last = states[bracket.matches[-1].id]
        if last.status == COMPLETE:
            champion = last.winner
        elif last.status == NOT_NEEDED:
            champion = states["GF1"].winner
        elif last.status == WALKOVER:  # only when a single entrant had everything walked over
            champion = last.winner
    if champion is not None:
        for entrant in bracket.seeds:
            if entrant != champion and entrant not in eliminated:
                eliminated.append(entrant)  # beaten once in GF1 without a reset
    return BracketState(bracket, states, champion, losses, tuple(eliminated))


def played_matches(bracket: Bracket) -> frozenset[str]:
    """The matches of `bracket` that are ever played, whatever the results: neither side can be
    a bye. A side is a bye when it is a seed beyond the entry list, the winner of a match with
    byes on both sides, or the loser of a match with a bye (a walkover has no loser)."""
    count = len(bracket.seeds)
    has_bye: dict[str, bool] = {}
    empty: dict[str, bool] = {}

    def is_bye(source: Source) -> bool:
        if isinstance(source, Seed):
            return source.number > count
        if isinstance(source, WinnerOf):
            return empty[source.match]
        return has_bye[source.match]

    for match in bracket.matches:  # in playing order: sources always come first
        byes = [is_bye(s) for s in match.sources]
        has_bye[match.id] = any(byes)
        empty[match.id] = all(byes)
    return frozenset(m.id for m in bracket.matches if not has_bye[m.id])


@dataclass(frozen=True, slots=True)
class Placing:
    """An entrant's place from the bracket.

    `place` is shared by everyone knocked out at the same stage, and `last_place` ends the
    shared range (3 and 4 for "3rd–4th"; the same number when nobody shares it). For an entrant
    still in the bracket `still_in` is True and the range is the places still open.
    """

    entrant: EntrantId
    place: int
    last_place: int
    still_in: bool


def _knockout_stage(bracket: Bracket, match: BracketMatch, last_losers_round: int) -> int | None:
    """The stage at which the loser of `match` is knocked out (later stages place better), or
    None when losing it knocks nobody out (the winners' bracket of a double elimination)."""
    if bracket.kind == "single":
        return match.round
    if match.bracket == "losers":
        return match.round
    if match.bracket == "final":
        return last_losers_round + 1
    return None


def bracket_placings(state: BracketState) -> list[Placing]:
    """Every entrant's place in the bracket as it stands, best first (ties by seed).

    Single elimination places by the round an entrant lost in, double elimination by the round
    of the second loss (the grand final's loser is 2nd). How many are knocked out at each stage
    comes from the bracket itself (its played matches), so a place never moves once given.
    """
    bracket = state.bracket
    seeds = {entrant: number for number, entrant in enumerate(bracket.seeds)}
    if not bracket.matches:
        return [Placing(e, 1, 1, state.champion is None) for e in bracket.seeds]

    last_losers_round = max((m.round for m in bracket.matches if m.bracket == "losers"), default=0)
    played = played_matches(bracket)
    out_at: dict[int, int] = {}  # stage -> how many entrants are knocked out there
    for match in bracket.matches:
        stage = _knockout_stage(bracket, match, last_losers_round)
        if stage is not None and match.id in played:
            out_at[stage] = out_at.get(stage, 0) + 1
    if bracket.kind == "double":
        out_at[last_losers_round + 1] = 1  # GF1 and its reset knock out one entrant between them
    places: dict[int, tuple[int, int]] = {}
    better = 1  # the champion
    for stage in sorted(out_at, reverse=True):
        places[stage] = (better + 1, better + out_at[stage])
        better += out_at[stage]

    stage_of: dict[EntrantId, int] = {}
    knocked_out = set(state.eliminated)
    for match in state.matches.values():
        if match.status == COMPLETE and match.loser in knocked_out:
            stage = _knockout_stage(bracket, match.match, last_losers_round)
            if stage is not None:
                stage_of[match.loser] = stage
    final_stage = last_losers_round + 1 if bracket.kind == "double" else bracket.matches[-1].round
    for entrant in knocked_out:
        stage_of.setdefault(entrant, final_stage)  # beaten once in GF1 without a reset

    open_places = len(bracket.seeds) - len(stage_of)
    placings = []
    for entrant in bracket.seeds:
        if entrant == state.champion:
            placings.append(Placing(entrant, 1, 1, False))
        elif entrant in stage_of:
            first, last = places[stage_of[entrant]]
            placings.append(Placing(entrant, first, last, False))
        else:
            placings.append(Placing(entrant, 1, open_places, True))
    placings.sort(key=lambda p: (p.place, seeds[p.entrant]))
    return placings


def bracket_standings(
    state: BracketState,
    results: Iterable[Result],
    *,
    tiebreaks: Sequence[Tiebreak | str] = (),
    scoring: Scoring | None = None,
) -> list[Standing]:
    """The standings of a bracket: ranked by `bracket_placings`, and within a shared place by
    match points and the tiebreaks (`compute_standings` over `results`). Every walkover counts
    as a bye for the entrant who goes through, as a bye does in the other formats."""
    walkovers = [
        Result.for_bye(f"walkover-{m.match.id}", m.match.round, m.winner)
        for m in state.matches.values()
        if m.status == WALKOVER and m.winner is not None
    ]
    lines = compute_standings(
        state.bracket.seeds, [*results, *walkovers], tiebreaks=tiebreaks, scoring=scoring
    )
    order = {line.entrant: i for i, line in enumerate(lines)}
    place = {p.entrant: p.place for p in bracket_placings(state)}
    lines.sort(key=lambda line: (place[line.entrant], order[line.entrant]))
    return [replace(line, rank=place[line.entrant]) for line in lines]
