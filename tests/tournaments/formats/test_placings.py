"""Placings from a bracket: winner, runner-up, then everyone knocked out at the same stage
sharing a place; the standings of a bracket follow them."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    Result,
    bracket_placings,
    bracket_standings,
    double_elimination,
    played_matches,
    resolve_bracket,
    single_elimination,
)
from tournaments.formats.elimination import COMPLETE, WALKOVER
from tournaments.formats.standings import Scoring


def places(state):
    return {p.entrant: (p.place, p.last_place) for p in bracket_placings(state)}


def play(bracket, pick):
    """Play the bracket out, `pick(match_state)` choosing each winner; the final state and the
    results (match id -> winner)."""
    results = {}
    while True:
        state = resolve_bracket(bracket, results)
        if state.finished:
            return state, results
        match = state.ready()[0]
        results[match.match.id] = pick(match)


def test_five_pair_single_elimination_issue_10():
    # 1, 2 and 3 have byes; 4 v 5; semi-finals 1 v (4/5) and 2 v 3; the final.
    bracket = single_elimination(["p1", "p2", "p3", "p4", "p5"])
    state = resolve_bracket(bracket, {"R1-2": "p5", "R2-1": "p5", "R2-2": "p3", "R3-1": "p3"})
    assert places(state) == {
        "p3": (1, 1),  # champion
        "p5": (2, 2),  # losing finalist
        "p1": (3, 4),  # semi-final losers share 3rd-4th
        "p2": (3, 4),
        "p4": (5, 5),  # the only first-round match: its loser alone in 5th
    }
    assert [p.entrant for p in bracket_placings(state)] == ["p3", "p5", "p1", "p2", "p4"]


def test_eight_single_elimination_shares_5th_to_8th():
    bracket = single_elimination(list("ABCDEFGH"))
    state, _ = play(bracket, lambda m: m.entrants[0])
    got = places(state)
    assert got["A"] == (1, 1)
    assert sorted(v for k, v in got.items() if k != "A") == [
        (2, 2), (3, 4), (3, 4), (5, 8), (5, 8), (5, 8), (5, 8)
    ]  # fmt: skip


def test_unfinished_bracket_places_only_those_knocked_out():
    bracket = single_elimination(list("ABCDEFGH"))
    state = resolve_bracket(bracket, {"R1-1": "A", "R1-2": "E"})
    got = places(state)
    assert got["H"] == (5, 8) and got["D"] == (5, 8)  # a place never moves once given
    still_in = [p for p in bracket_placings(state) if p.still_in]
    assert {p.entrant for p in still_in} == set("ABCEFG")
    assert all((p.place, p.last_place) == (1, 6) for p in still_in)


def test_double_elimination_ranks_by_the_round_of_the_second_loss():
    bracket = double_elimination(list("ABCDEFGH"))
    state, _ = play(bracket, lambda m: min(m.entrants))  # favourites win everything
    got = places(state)
    assert got["A"] == (1, 1)
    # GF1 is won by the unbeaten A: B (the losers' champion) is 2nd; the last losers' match
    # (L4) loser 3rd, L3 4th, L2 5th-6th, L1 7th-8th.
    assert got["B"] == (2, 2)
    by_place = sorted(got.values())
    assert by_place == [(1, 1), (2, 2), (3, 3), (4, 4), (5, 6), (5, 6), (7, 8), (7, 8)]
    l4 = state.matches["L4-1"].loser
    l1 = {state.matches["L1-1"].loser, state.matches["L1-2"].loser}
    assert got[l4] == (3, 3)
    assert {got[e] for e in l1} == {(7, 8)}


def test_double_elimination_grand_final_reset_and_no_reset():
    bracket = double_elimination(list("ABCD"))
    results = {}
    while "GF1" not in [m.match.id for m in resolve_bracket(bracket, results).ready()]:
        match = resolve_bracket(bracket, results).ready()[0]
        results[match.match.id] = min(match.entrants)
    gf1 = resolve_bracket(bracket, results).matches["GF1"]
    assert gf1.entrants == ("A", "B")
    state = resolve_bracket(bracket, {**results, "GF1": "B", "GF2": "B"})
    assert places(state)["B"] == (1, 1) and places(state)["A"] == (2, 2)
    no_reset = double_elimination(list("ABCD"), reset=False)
    state = resolve_bracket(no_reset, {**results, "GF1": "B"})
    assert places(state)["B"] == (1, 1) and places(state)["A"] == (2, 2)


def test_single_entrant_and_pair():
    state = resolve_bracket(single_elimination(["solo"]), {})
    assert places(state) == {"solo": (1, 1)}
    state = resolve_bracket(double_elimination(["A", "B"]), {"W1-1": "B", "GF1": "B"})
    assert places(state) == {"B": (1, 1), "A": (2, 2)}


def test_bracket_standings_rank_by_place_and_count_walkovers_as_byes():
    bracket = single_elimination(["p1", "p2", "p3", "p4", "p5"])
    winners = {"R1-2": "p5", "R2-1": "p5", "R2-2": "p3", "R3-1": "p3"}
    state = resolve_bracket(bracket, winners)
    results = []
    for number, (match_id, winner) in enumerate(winners.items()):
        first, second = state.matches[match_id].entrants
        loser = second if winner == first else first
        # The semi-final losers scored more than the finalists: points must not decide places.
        results.append(Result.from_scores(number, 1, {winner: 100, loser: 400}, winners=[winner]))
    lines = bracket_standings(state, results, tiebreaks=["points_difference"],
                              scoring=Scoring(draw=None))  # fmt: skip
    assert [(line.entrant, line.rank) for line in lines] == [
        ("p3", 1), ("p5", 2), ("p1", 3), ("p2", 3), ("p4", 5)
    ]  # fmt: skip
    byes = {line.entrant: line.byes for line in lines}
    assert byes == {"p1": 1, "p2": 1, "p3": 1, "p4": 0, "p5": 0}


@settings(max_examples=150, deadline=None)
@given(
    count=st.integers(1, 40),
    kind=st.sampled_from(["single", "double", "double-no-reset"]),
    seed=st.integers(0, 10**6),
    stop=st.integers(0, 200),
)
def test_placings_follow_the_bracket(count, kind, seed, stop):
    rng = random.Random(seed)
    entrants = [f"e{i}" for i in range(count)]
    if kind == "single":
        bracket = single_elimination(entrants)
    else:
        bracket = double_elimination(entrants, reset=kind == "double")
    results = {}
    history = []  # (state, placings) after each result
    while True:
        state = resolve_bracket(bracket, results)
        placings = bracket_placings(state)
        history.append((state, placings))
        if state.finished or len(results) == stop:
            break
        match = state.ready()[0]
        results[match.match.id] = rng.choice(match.entrants)

    # Everyone is placed once, best first; a shared range holds exactly as many as share it
    # once the bracket is finished.
    state, placings = history[-1]
    assert sorted(p.entrant for p in placings) == sorted(entrants)
    assert [p.place for p in placings] == sorted(p.place for p in placings)
    for p in placings:
        assert 1 <= p.place <= p.last_place <= count
        assert p.still_in == (p.entrant != state.champion and p.entrant not in state.eliminated)
    if state.finished:
        assert not any(p.still_in for p in placings)
        for p in placings:
            sharing = [q for q in placings if q.place == p.place]
            assert p.last_place - p.place + 1 == len(sharing)
            # competition ranking: the place is one more than how many placed better
            assert p.place == 1 + sum(q.place < p.place for q in placings)
        assert [p.entrant for p in placings if p.place == 1] == [state.champion]
        if count >= 2:
            final = state.matches[bracket.matches[-1].id]
            if final.status != COMPLETE:  # the reset was not needed
                final = state.matches["GF1"]
            assert [p.entrant for p in placings if p.place == 2] == [final.loser]
    # Once given, a place never changes; the later an entrant is knocked out, the better.
    given_at = {}
    for _state, step in history:
        for p in step:
            if not p.still_in:
                assert given_at.setdefault(p.entrant, (p.place, p.last_place)) == (
                    p.place,
                    p.last_place,
                )
    if not state.finished:
        return
    # The later the stage an entrant is knocked out at, the better the place; the same stage,
    # the same place. Single elimination: the round lost in; double: the round of the second
    # loss (the grand final last).
    final_place = {p.entrant: p.place for p in placings}
    stage = {}
    for match in state.matches.values():
        if match.status != COMPLETE or match.loser not in state.eliminated:
            continue
        if match.match.bracket == "final":
            stage[match.loser] = 10**6
        elif kind == "single" or match.match.bracket == "losers":
            stage[match.loser] = match.match.round
    for entrant in state.eliminated:
        stage.setdefault(entrant, 10**6)  # beaten once in GF1 without a reset
    for a in stage:
        for b in stage:
            if stage[a] < stage[b]:
                assert final_place[a] > final_place[b]
            elif stage[a] == stage[b]:
                assert final_place[a] == final_place[b]


@settings(max_examples=80, deadline=None)
@given(count=st.integers(2, 40), kind=st.sampled_from(["single", "double"]))
def test_played_matches_are_exactly_those_ever_played(count, kind):
    entrants = list(range(count))
    bracket = single_elimination(entrants) if kind == "single" else double_elimination(entrants)
    state, _ = play(bracket, lambda m: m.entrants[0])
    played = {mid for mid, m in state.matches.items() if m.status == COMPLETE}
    walked = {mid for mid, m in state.matches.items() if m.status == WALKOVER}
    assert played - {"GF2"} <= played_matches(bracket)
    assert not walked & played_matches(bracket)


@settings(max_examples=60, deadline=None)
@given(
    count=st.integers(1, 24),
    kind=st.sampled_from(["single", "double"]),
    seed=st.integers(0, 10**6),
)
def test_bracket_standings_follow_the_placings(count, kind, seed):
    rng = random.Random(seed)
    entrants = list(range(1, count + 1))
    bracket = single_elimination(entrants) if kind == "single" else double_elimination(entrants)
    state, winners = play(bracket, lambda m: rng.choice(m.entrants))
    results = []
    for number, (match_id, winner) in enumerate(winners.items()):
        first, second = state.matches[match_id].entrants
        loser = second if winner == first else first
        scores = {winner: rng.randint(0, 500), loser: rng.randint(0, 500)}
        results.append(Result.from_scores(number, 1, scores, winners=[winner]))
    lines = bracket_standings(state, results, tiebreaks=["points_difference"],
                              scoring=Scoring(draw=None))  # fmt: skip
    placing = {p.entrant: p.place for p in bracket_placings(state)}
    assert [line.rank for line in lines] == sorted(placing.values())
    assert all(line.rank == placing[line.entrant] for line in lines)
    walkovers = {}
    for match in state.matches.values():
        if match.status == WALKOVER and match.winner is not None:
            walkovers[match.winner] = walkovers.get(match.winner, 0) + 1
    assert {line.entrant: line.byes for line in lines} == {e: walkovers.get(e, 0) for e in entrants}
