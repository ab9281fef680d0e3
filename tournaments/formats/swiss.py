"""Swiss: rounds paired by standing.

**For directors.** Nobody is knocked out and the field can be far larger than the number of
rounds. Before each round the standings are worked out (points, then your tiebreaks in your
order) and entrants are paired with someone as close to them in the standings as possible —
first within their score group (everyone on the same points), then with a neighbouring group. So
after a few rounds the leaders play each other, and everyone else plays people of their own
strength. In round one the "standings" are the entry list: 1 v 2, 3 v 4, … (shuffle the list for a
random first round).

- **No rematches** while any pairing of the round avoids them. A rematch happens only when there
  is no other way (a small field after many rounds), and then as few as possible.
- **Byes.** With an odd number of entrants one of them sits out and scores a win (see the
  standings). The bye goes to the lowest-placed entrant who has not had one, so nobody gets a
  second bye while someone is still without one — unless that is the only way to avoid a rematch,
  in which case it goes to the lowest-placed entrant for whom it is.

How it works: every possible pairing of the round is weighed — a rematch weighs more than
everything else together, a bye to the wrong entrant more than any difference in standings, and a
pairing of entrants far apart in the standings more than one of neighbours — and the lightest
complete set of pairings is found exactly (a minimum-weight perfect matching, using networkx). To
stay fast with hundreds of entrants it first looks only at entrants within a few places of each
other (`DEFAULT_WINDOW`), and widens the search — doubling the window up to the whole field —
only if that cannot avoid every rematch or give the bye to the right entrant. A round of 256
entrants is paired in well under a second; a round that had to search the whole field of 256
(only when rematches are nearly unavoidable, long after a real event would have ended) takes a
few seconds.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence

import networkx as nx

from .standings import Number, Result, Scoring, Tiebreak, compute_standings
from .types import EntrantId, FormatError, Round, check_entrants

__all__ = ["DEFAULT_WINDOW", "swiss_history", "swiss_pairing", "swiss_round"]

#: How many places either side of an entrant the first search looks for opponents.
DEFAULT_WINDOW = 6


def swiss_history(results: Iterable[Result]) -> tuple[list[tuple[EntrantId, EntrantId]], list]:
    """Every meeting (a pair of entrants on opposing sides of a result, once per result) and
    every bye (the entrant, once per bye) in `results`."""
    played: list[tuple[EntrantId, EntrantId]] = []
    byes: list[EntrantId] = []
    for result in results:
        if result.bye:
            byes.append(result.sides[0].members[0])
            continue
        for i, side in enumerate(result.sides):
            for other in result.sides[i + 1 :]:
                played.extend((a, b) for a in side.members for b in other.members)
    return played, byes


def swiss_round(
    entrants: Sequence[EntrantId],
    results: Iterable[Result],
    *,
    tiebreaks: Sequence[Tiebreak | str] = (),
    scoring: Scoring | None = None,
    withdrawn: Collection[EntrantId] = (),
    number: int | None = None,
    window: int = DEFAULT_WINDOW,
) -> Round:
    """The next Swiss round after `results`.

    `entrants` is the entry list in seed order, including anyone who has withdrawn (their games
    still count for their opponents' tiebreaks); `withdrawn` entrants are not paired. The
    standings are computed with `tiebreaks` and `scoring`, exactly as `compute_standings` shows
    them. `number` defaults to one more than the last round in `results`.
    """
    results = list(results)
    standings = compute_standings(entrants, results, tiebreaks=tiebreaks, scoring=scoring)
    withdrawn = set(withdrawn)
    active = [line for line in standings if line.entrant not in withdrawn]
    played, byes = swiss_history(results)
    if number is None:
        number = max((result.round for result in results), default=0) + 1
    return swiss_pairing(
        [line.entrant for line in active],
        points={line.entrant: line.points for line in active},
        played=played,
        byes=byes,
        number=number,
        window=window,
    )


def swiss_pairing(
    ranking: Sequence[EntrantId],
    *,
    points: Mapping[EntrantId, Number] | None = None,
    played: Iterable[tuple[EntrantId, EntrantId]] = (),
    byes: Iterable[EntrantId] = (),
    number: int = 1,
    window: int = DEFAULT_WINDOW,
) -> Round:
    """Pair `ranking` (the entrants to pair, best placed first).

    `points` gives each entrant's points, which define the score groups (left out, everyone is
    in one group and only places count). `played` lists earlier meetings (a pair per meeting, so
    a pair that met twice appears twice), `byes` earlier byes (an entrant per bye). Meetings
    and byes of entrants not in `ranking` are ignored.

    Priorities, each absolute over the ones after it: (1) the bye (with an odd count) goes to
    one of the entrants with the fewest byes so far — always possible; (2) as few earlier
    meetings repeated as possible; (3) the bye to the lowest placed of those entrants; (4) the
    smallest total of squared score-group gaps, then of squared place gaps (so neighbours in
    the standings meet: 1 v 2, 3 v 4, …). Priorities 1–3 are always met exactly; 4 exactly
    whenever the whole field is within `window` places, and otherwise within the window.
    """
    ranking = check_entrants(ranking)
    if window < 2:
        raise FormatError("The pairing window must be at least 2.")
    size = len(ranking)
    if size == 0:
        return Round(number, ())
    place = {entrant: i for i, entrant in enumerate(ranking)}
    meets: Counter[tuple[int, int]] = Counter()
    for a, b in played:
        if a in place and b in place and a != b:
            i, j = sorted((place[a], place[b]))
            meets[i, j] += 1
    bye_count = [0] * size
    for entrant in byes:
        if entrant in place:
            bye_count[place[entrant]] += 1
    if size == 1:
        return Round(number, (), ranking[0])
    if points is None:
        group = [0] * size
    else:
        try:
            levels = sorted({points[e] for e in ranking}, reverse=True)
        except KeyError as error:
            raise FormatError(f"No points given for entrant {error.args[0]!r}.") from None
        level_index = {level: i for i, level in enumerate(levels)}
        group = [level_index[points[e]] for e in ranking]

    odd = size % 2 == 1
    fewest = min(bye_count)
    eligible = [i for i in range(size) if bye_count[i] == fewest]
    best_bye = eligible[-1] if odd else None

    span = window
    while True:
        pairs, bye, rematches = _match(size, span, group, meets, bye_count, fewest)
        if span >= size - 1 or (rematches == 0 and bye == best_bye):
            break
        span = min(span * 2, size - 1)
    pairs.sort(key=lambda pair: pair[0])
    return Round(
        number,
        tuple((ranking[i], ranking[j]) for i, j in pairs),
        ranking[bye] if bye is not None else None,
    )


def _match(size, span, group, meets, bye_count, fewest):
    """The optimal pairing using only pairs at most `span` places apart (and a bye for anyone).

    Returns (pairs as (higher place, lower place) index tuples, the bye's index or None, the
    number of repeated meetings)."""
    bye_node = size  # the bye is a partner like any other, when the count is odd
    odd = size % 2 == 1
    # Tier 4: closeness in the standings. A score-group gap outweighs any place gap.
    group_weight = span * span + 1
    edges: list[tuple[int, int, int]] = []
    closeness_max = group_weight * (max(group) - min(group)) ** 2 + span * span
    tier3 = closeness_max * (size // 2 + 1) + 1
    tier2 = tier3 * (size + 1)
    most_meets = max(meets.values(), default=0)
    tier1 = tier2 * (most_meets * (size // 2 + 1) + 1)
    for i in range(size):
        for j in range(i + 1, min(size, i + span + 1)):
            cost = (
                group_weight * (group[i] - group[j]) ** 2
                + (j - i) ** 2
                + tier2 * meets.get((i, j), 0)
            )
            edges.append((i, j, cost))
        if odd:
            edges.append((i, bye_node, tier1 * (bye_count[i] - fewest) + tier3 * (size - 1 - i)))
    top = max(cost for _i, _j, cost in edges) + 1
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, top - cost) for i, j, cost in edges)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if len(matching) != (size + 1) // 2:
        raise AssertionError("the pairing graph always has a perfect matching")
    pairs: list[tuple[int, int]] = []
    bye = None
    for a, b in matching:
        i, j = sorted((a, b))
        if j == bye_node:
            bye = i
        else:
            pairs.append((i, j))
    rematches = sum(meets.get(pair, 0) for pair in pairs)
    return pairs, bye, rematches
