"""Swiss pairing: everyone once a round, no avoidable rematch, byes spread, by standings."""

import random
from collections import Counter
from itertools import combinations

import networkx as nx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    FormatError,
    Result,
    compute_standings,
    swiss_history,
    swiss_pairing,
    swiss_round,
)


def all_pairings(items):
    """Every way to pair `items` (an even number), brute force."""
    if not items:
        yield []
        return
    first, rest = items[0], items[1:]
    for k, partner in enumerate(rest):
        for tail in all_pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, partner), *tail]


def tiers(ranking, pairs, bye, meets, byes):
    """The priorities swiss_pairing promises, as a tuple to compare (lower is better):
    extra byes, repeated meetings, how far the bye is from the bottom."""
    place = {e: i for i, e in enumerate(ranking)}
    fewest = min(byes.get(e, 0) for e in ranking)
    extra = byes.get(bye, 0) - fewest if bye is not None else 0
    repeats = sum(meets[frozenset(p)] for p in pairs)
    from_bottom = len(ranking) - 1 - place[bye] if bye is not None else 0
    return extra, repeats, from_bottom


def best_tiers(ranking, meets, byes):
    items = list(ranking) + ([None] if len(ranking) % 2 else [])
    best = None
    for pairing in all_pairings(items):
        bye = next((a if b is None else b for a, b in pairing if None in (a, b)), None)
        pairs = [p for p in pairing if None not in p]
        value = tiers(ranking, pairs, bye, meets, byes)
        best = value if best is None or value < best else best
    return best


def check_round(round_, ranking):
    seated = round_.entrants()
    assert sorted(seated, key=str) == sorted(ranking, key=str)
    assert len(seated) == len(set(seated))
    assert (round_.bye is not None) == (len(ranking) % 2 == 1)


def test_first_round_pairs_neighbours_in_seed_order():
    r = swiss_pairing(["A", "B", "C", "D", "E"])
    assert r.pairings == (("A", "B"), ("C", "D"))
    assert r.bye == "E"


def test_avoids_a_rematch_by_the_nearest_alternative():
    # A-B met: A-C + B-D (gaps 2 and 2, squares 8) beats A-D + B-C (9 + 1 = 10).
    r = swiss_pairing(["A", "B", "C", "D"], played=[("A", "B")])
    assert r.pairings == (("A", "C"), ("B", "D"))


def test_prefers_the_same_score_group():
    points = {"A": 4, "B": 2, "C": 2, "D": 2, "E": 2, "F": 0}
    # A and F are alone in their groups and must float; B-C met, so B floats up to A, C-D stay
    # in the 2-point group and E floats down to F: two floats of one group each, no rematch.
    r = swiss_pairing(list("ABCDEF"), points=points, played=[("B", "C")])
    assert r.pairings == (("A", "B"), ("C", "D"), ("E", "F"))
    # Without the meeting, still the same: neighbours within the group.
    assert swiss_pairing(list("ABCDEF"), points=points).pairings == r.pairings
    # A floater goes to the nearest group, not across two.
    points = {"A": 4, "B": 4, "C": 4, "D": 2, "E": 0, "F": 0}
    r = swiss_pairing(list("ABCDEF"), points=points)
    assert r.pairings == (("A", "B"), ("C", "D"), ("E", "F"))


def test_rematch_only_when_unavoidable():
    # Three entrants, three rounds: after a full round robin a rematch must happen.
    played = [("A", "B"), ("A", "C"), ("B", "C")]
    r = swiss_pairing(["A", "B", "C"], played=played, byes=["A", "B", "C"])
    assert r.bye == "C"
    assert r.pairings == (("A", "B"),)


def test_bye_goes_to_the_lowest_entrant_without_one():
    r = swiss_pairing(list("ABCDE"), byes=["E"])
    assert r.bye == "D"
    assert swiss_pairing(list("ABCDE"), byes=["E", "D", "C"]).bye == "B"


def test_bye_moves_up_only_to_avoid_a_rematch():
    # E had the bye and has met A, B and C: if D sat out, E would need a rematch. So D plays E
    # and the bye goes up to C, the lowest entrant for whom no rematch follows.
    played = [("E", "A"), ("E", "B"), ("E", "C")]
    r = swiss_pairing(list("ABCDE"), played=played, byes=["E"])
    assert r.bye == "C"
    assert r.pairings == (("A", "B"), ("D", "E"))


def test_swiss_round_uses_the_standings_with_the_directors_tiebreaks():
    entrants = list("ABCDEFGH")
    results = [
        Result.from_scores(1, 1, {"A": 150, "B": 100}),
        Result.from_scores(2, 1, {"C": 200, "D": 100}),
        Result.from_scores(3, 1, {"E": 300, "F": 100}),
        Result.from_scores(4, 1, {"G": 400, "H": 100}),
    ]
    standings = compute_standings(entrants, results, tiebreaks=["points_difference"])
    assert [s.entrant for s in standings] == list("GECABDFH")
    by_difference = swiss_round(entrants, results, tiebreaks=["points_difference"])
    assert by_difference.number == 2
    assert by_difference.pairings == (("G", "E"), ("C", "A"), ("B", "D"), ("F", "H"))
    by_seed = swiss_round(entrants, results)
    assert by_seed.pairings == (("A", "C"), ("E", "G"), ("B", "D"), ("F", "H"))


def test_withdrawn_entrants_are_not_paired():
    results = [
        Result.from_scores(1, 1, {"A": 5, "B": 1}),
        Result.from_scores(2, 1, {"C": 5, "D": 1}),
    ]
    r = swiss_round(["A", "B", "C", "D"], results, withdrawn=["C"])
    # D, lowest, would get the bye, but then A and B would meet again: B sits out instead.
    assert r.bye == "B" and r.pairings == (("A", "D"),)


def test_history_reads_meetings_and_byes():
    results = [
        Result.from_scores(1, 1, {"A": 5, "B": 1}),
        Result.for_bye(2, 1, "C"),
        Result.from_scores(3, 2, {"A": 5, "B": 1, "C": 2}),
    ]
    played, byes = swiss_history(results)
    assert Counter(frozenset(p) for p in played) == Counter(
        {frozenset("AB"): 2, frozenset("AC"): 1, frozenset("BC"): 1}
    )
    assert byes == ["C"]


def test_bad_input_is_refused():
    with pytest.raises(FormatError, match="twice"):
        swiss_pairing(["A", "A"])
    with pytest.raises(FormatError, match="No points"):
        swiss_pairing(["A", "B"], points={"A": 1})
    with pytest.raises(FormatError, match="window"):
        swiss_pairing(["A", "B"], window=1)
    assert swiss_pairing([]).pairings == ()
    assert swiss_pairing(["A"]).bye == "A"


@st.composite
def histories(draw, max_size=9):
    size = draw(st.integers(2, max_size))
    ranking = list(range(size))
    seed = draw(st.integers(0, 10**6))
    rng = random.Random(seed)
    rng.shuffle(ranking)
    pairs = list(combinations(range(size), 2))
    played = [p for p in pairs if rng.random() < draw(st.floats(0, 0.9))]
    played += rng.sample(played, min(len(played), draw(st.integers(0, 3))))  # some met twice
    byes = [e for e in range(size) if rng.random() < 0.3]
    return ranking, played, byes


@settings(max_examples=120, deadline=None)
@given(history=histories(), window=st.sampled_from([2, 3, 6]))
def test_pairing_is_optimal_on_byes_and_rematches(history, window):
    """Brute force over every pairing: no avoidable rematch, byes to the right entrant."""
    ranking, played, byes = history
    r = swiss_pairing(ranking, played=played, byes=byes, window=window)
    check_round(r, ranking)
    meets = Counter(frozenset(p) for p in played)
    bye_counts = Counter(byes)
    assert tiers(ranking, r.pairings, r.bye, meets, bye_counts) == best_tiers(
        ranking, meets, bye_counts
    )


@settings(max_examples=60, deadline=None)
@given(history=histories(max_size=7))
def test_small_fields_are_paired_exactly_closest(history):
    """With the whole field inside the window the closeness is optimal too."""
    ranking, played, byes = history
    r = swiss_pairing(ranking, played=played, byes=byes)
    meets = Counter(frozenset(p) for p in played)
    bye_counts = Counter(byes)
    place = {e: i for i, e in enumerate(ranking)}
    items = list(ranking) + ([None] if len(ranking) % 2 else [])
    best = None
    for pairing in all_pairings(items):
        bye = next((a if b is None else b for a, b in pairing if None in (a, b)), None)
        pairs = [p for p in pairing if None not in p]
        key = (
            tiers(ranking, pairs, bye, meets, bye_counts),
            sum((place[a] - place[b]) ** 2 for a, b in pairs),
        )
        best = key if best is None or key < best else best
    got = sum((place[a] - place[b]) ** 2 for a, b in r.pairings)
    assert (tiers(ranking, r.pairings, r.bye, meets, bye_counts), got) == best


def rematch_free_exists(ranking, meets, byes):
    """Whether the round can be paired with no rematch and the bye to a fewest-byes entrant."""
    graph = nx.Graph()
    graph.add_nodes_from(ranking)
    graph.add_edges_from(p for p in combinations(ranking, 2) if not meets[frozenset(p)])
    if len(ranking) % 2:
        fewest = min(byes[e] for e in ranking)
        graph.add_edges_from(("bye", e) for e in ranking if byes[e] == fewest)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return 2 * len(matching) == graph.number_of_nodes()


@settings(max_examples=40, deadline=None)
@given(size=st.integers(2, 40), rounds=st.integers(1, 12), seed=st.integers(0, 10**6))
def test_whole_tournaments(size, rounds, seed):
    """Play whole Swiss events with random results: every round seats everyone once, nobody
    has a second bye while anyone lacks one, and no rematch happens while one is avoidable."""
    rng = random.Random(seed)
    entrants = [f"p{i}" for i in range(size)]
    results = []
    for number in range(1, rounds + 1):
        played, byes = swiss_history(results)
        meets = Counter(frozenset(p) for p in played)
        bye_counts = Counter(byes)
        r = swiss_round(entrants, results, tiebreaks=["buchholz", "points_difference"])
        assert r.number == number
        check_round(r, entrants)
        repeats = sum(meets[frozenset(p)] for p in r.pairings)
        if rematch_free_exists(entrants, meets, bye_counts):
            assert repeats == 0
        if r.bye is not None:
            assert bye_counts[r.bye] == min(bye_counts[e] for e in entrants)
            results.append(Result.for_bye(f"{number}-bye", number, r.bye))
        for table, (a, b) in enumerate(r.pairings):
            scores = {a: rng.randrange(0, 600, 10), b: rng.randrange(0, 600, 10)}
            results.append(Result.from_scores(f"{number}-{table}", number, scores))
    _played, byes = swiss_history(results)
    if size % 2 and rounds <= size:
        assert max(Counter(byes).values()) == 1
