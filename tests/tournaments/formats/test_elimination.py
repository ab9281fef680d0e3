"""Single and double elimination brackets: structure, seeding, byes, resolution."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.formats import (
    FormatError,
    LoserOf,
    Seed,
    WinnerOf,
    double_elimination,
    resolve_bracket,
    seeding_order,
    single_elimination,
)
from tournaments.formats.elimination import COMPLETE, EMPTY, NOT_NEEDED, PENDING, READY, WALKOVER


def play_out(bracket, choose):
    """Play every ready match, `choose(state)` picking its winner, until the bracket is done.
    Returns the final state and the matches in the order they were played."""
    results = {}
    played = []
    while True:
        state = resolve_bracket(bracket, results)
        ready = state.ready()
        if state.finished:
            assert not ready
            return state, played, results
        assert ready, "an unfinished bracket always has a match to play"
        match = ready[0]
        results[match.match.id] = choose(match)
        played.append(match.match.id)


def favourite(bracket):
    seed = {e: i for i, e in enumerate(bracket.seeds)}
    return lambda state: min(state.entrants, key=seed.__getitem__)


def test_seeding_order():
    assert seeding_order(1) == [1]
    assert seeding_order(2) == [1, 2]
    assert seeding_order(4) == [1, 4, 2, 3]
    assert seeding_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    with pytest.raises(FormatError):
        seeding_order(6)


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seeding_pairs_and_halves(size):
    order = seeding_order(size)
    assert sorted(order) == list(range(1, size + 1))
    for i in range(0, size, 2):
        assert order[i] + order[i + 1] == size + 1  # 1 v N, 2 v N-1, ...
    if size >= 2:
        half = size // 2
        assert (1 in order[:half]) != (2 in order[:half])  # 1 and 2 only meet in the final
    if size >= 4:
        quarter = size // 4
        quarters = [set(order[q * quarter : (q + 1) * quarter]) for q in range(4)]
        assert all(len(q & {1, 2, 3, 4}) == 1 for q in quarters)


def test_single_elimination_five_entrants_byes_to_top_seeds():
    bracket = single_elimination(["s1", "s2", "s3", "s4", "s5"])
    assert bracket.size == 8
    assert [m.id for m in bracket.matches] == [
        "R1-1", "R1-2", "R1-3", "R1-4", "R2-1", "R2-2", "R3-1"
    ]  # fmt: skip
    state = resolve_bracket(bracket, {})
    statuses = {mid: s.status for mid, s in state.matches.items()}
    assert statuses == {
        "R1-1": WALKOVER,  # 1 v (8)
        "R1-2": READY,  # 4 v 5
        "R1-3": WALKOVER,  # 2 v (7)
        "R1-4": WALKOVER,  # 3 v (6)
        "R2-1": PENDING,
        "R2-2": READY,  # 2 v 3, both through on byes
        "R3-1": PENDING,
    }
    assert state.matches["R2-1"].entrants == ("s1", None)
    assert state.matches["R2-2"].entrants == ("s2", "s3")
    state = resolve_bracket(bracket, {"R1-2": "s5", "R2-2": "s3", "R2-1": "s5", "R3-1": "s3"})
    assert state.champion == "s3"
    assert state.eliminated == ("s4", "s1", "s2", "s5")  # in bracket order, round by round
    assert state.losses == {"s1": 1, "s2": 1, "s3": 0, "s4": 1, "s5": 1}


def test_favourites_meet_in_the_final():
    for count in range(2, 40):
        entrants = [f"e{i}" for i in range(1, count + 1)]
        bracket = single_elimination(entrants)
        state, _played, _results = play_out(bracket, favourite(bracket))
        final = state.matches[bracket.matches[-1].id]
        assert set(final.entrants) == {"e1", "e2"}
        assert state.champion == "e1"


def test_double_elimination_structure_for_eight():
    bracket = double_elimination(list("ABCDEFGH"))
    ids = [m.id for m in bracket.matches]
    assert ids == [
        "W1-1", "W1-2", "W1-3", "W1-4", "W2-1", "W2-2", "L1-1", "L1-2",
        "W3-1", "L2-1", "L2-2", "L3-1", "L4-1", "GF1", "GF2",
    ]  # fmt: skip
    match = {m.id: m for m in bracket.matches}
    assert match["W1-1"].sources == (Seed(1), Seed(8))
    assert match["L1-1"].sources == (LoserOf("W1-1"), LoserOf("W1-2"))
    # Losers of the second winners' round drop in crosswise, away from their first opponents.
    assert match["L2-1"].sources == (WinnerOf("L1-1"), LoserOf("W2-2"))
    assert match["L2-2"].sources == (WinnerOf("L1-2"), LoserOf("W2-1"))
    assert match["L4-1"].sources == (WinnerOf("L3-1"), LoserOf("W3-1"))
    assert match["GF1"].sources == (WinnerOf("W3-1"), WinnerOf("L4-1"))
    assert match["GF2"].reset and match["GF2"].sources == (WinnerOf("GF1"), LoserOf("GF1"))
    no_reset = double_elimination(list("ABCDEFGH"), reset=False)
    assert no_reset.matches[-1].id == "GF1"


def grand_final_state(bracket, gf1_winner_side):
    """Favourites win everything up to the grand final; GF1 goes to side 0 or 1."""
    results = {}
    seed = {e: i for i, e in enumerate(bracket.seeds)}
    while True:
        state = resolve_bracket(bracket, results)
        ready = state.ready()
        if ready[0].match.id == "GF1":
            results["GF1"] = ready[0].entrants[gf1_winner_side]
            return results, resolve_bracket(bracket, results)
        results[ready[0].match.id] = min(ready[0].entrants, key=seed.__getitem__)


def test_grand_final_reset():
    bracket = double_elimination(list("ABCD"))
    results, state = grand_final_state(bracket, 0)  # the unbeaten A wins GF1
    assert state.champion == "A" and state.matches["GF2"].status == NOT_NEEDED
    with pytest.raises(FormatError, match="not needed"):
        resolve_bracket(bracket, {**results, "GF2": "A"})
    results, state = grand_final_state(bracket, 1)  # the losers' champion B wins GF1
    assert state.champion is None
    assert state.matches["GF2"].status == READY
    assert state.losses["A"] == 1 and state.losses["B"] == 1
    final = resolve_bracket(bracket, {**results, "GF2": "A"})
    assert final.champion == "A" and final.losses["B"] == 2
    assert final.eliminated[-1] == "B"
    # Without the reset the first grand final decides.
    bracket = double_elimination(list("ABCD"), reset=False)
    results, state = grand_final_state(bracket, 1)
    assert state.champion == "B" and state.losses["A"] == 1
    assert "A" in state.eliminated


def test_small_brackets():
    for make in (single_elimination, double_elimination):
        state = resolve_bracket(make(["only"]), {})
        assert state.finished and state.champion == "only"
    bracket = double_elimination(["A", "B"])
    assert [m.id for m in bracket.matches] == ["W1-1", "GF1", "GF2"]
    state = resolve_bracket(bracket, {"W1-1": "B"})
    assert state.matches["GF1"].entrants == ("B", "A")
    state = resolve_bracket(bracket, {"W1-1": "B", "GF1": "A", "GF2": "A"})
    assert state.champion == "A" and state.losses == {"A": 1, "B": 2}


def test_bad_results_are_refused():
    bracket = single_elimination(list("ABCDE"))
    with pytest.raises(FormatError, match="no match"):
        resolve_bracket(bracket, {"R9-1": "A"})
    with pytest.raises(FormatError, match="did not play"):
        resolve_bracket(bracket, {"R1-2": "A"})
    with pytest.raises(FormatError, match="is a bye"):
        resolve_bracket(bracket, {"R1-1": "A"})
    with pytest.raises(FormatError, match="waiting"):
        resolve_bracket(bracket, {"R3-1": "A"})
    with pytest.raises(FormatError, match="twice"):
        single_elimination(["A", "A"])
    with pytest.raises(FormatError, match="at least 1"):
        double_elimination([])
    with pytest.raises(FormatError, match="no match"):
        bracket.match("X")


def test_corrected_result_is_recomputed_from_scratch():
    bracket = single_elimination(list("ABCD"))
    results = {"R1-1": "A", "R1-2": "B", "R2-1": "A"}
    assert resolve_bracket(bracket, results).champion == "A"
    # R1-1 corrected to D: the final no longer contains A.
    with pytest.raises(FormatError, match="did not play"):
        resolve_bracket(bracket, {**results, "R1-1": "D"})
    state = resolve_bracket(bracket, {"R1-1": "D", "R1-2": "B"})
    assert state.matches["R2-1"].entrants == ("D", "B")


def check_structure(bracket):
    ids = [m.id for m in bracket.matches]
    assert len(ids) == len(set(ids))
    seen = set()
    used_winner, used_loser = [], []
    seeds = []
    for match in bracket.matches:
        for source in match.sources:
            if isinstance(source, Seed):
                seeds.append(source.number)
            else:
                assert source.match in seen  # every source is an earlier match
                (used_winner if isinstance(source, WinnerOf) else used_loser).append(source.match)
        seen.add(match.id)
    assert sorted(seeds) == (list(range(1, bracket.size + 1)) if bracket.matches else [])
    last = bracket.matches[-1].id if bracket.matches else None
    # Every winner goes on exactly once (but the last match's); in double elimination every
    # winners'-bracket loser drops exactly once.
    assert sorted(used_winner) == sorted(i for i in ids if i != last)
    if bracket.kind == "double":
        winners_bracket = sorted(m.id for m in bracket.matches if m.bracket == "winners")
        extra = ["GF1"] if last == "GF2" else []
        assert sorted(used_loser) == sorted(winners_bracket + extra)
    else:
        assert used_loser == []


@settings(max_examples=120, deadline=None)
@given(
    count=st.integers(1, 40),
    kind=st.sampled_from(["single", "double", "double-no-reset"]),
    seed=st.integers(0, 10**6),
)
def test_random_brackets_play_out_consistently(count, kind, seed):
    rng = random.Random(seed)
    entrants = [f"e{i}" for i in range(count)]
    if kind == "single":
        bracket, lives = single_elimination(entrants), 1
    else:
        bracket, lives = double_elimination(entrants, reset=kind == "double"), 2
    check_structure(bracket)
    losses = dict.fromkeys(entrants, 0)

    def choose(state):
        for entrant in state.entrants:  # nobody plays after being knocked out
            assert losses[entrant] < lives
        winner = rng.choice(state.entrants)
        loser = state.entrants[1] if winner == state.entrants[0] else state.entrants[0]
        losses[loser] += 1
        return winner

    state, played, results = play_out(bracket, choose)
    assert state.losses == losses
    champion = state.champion
    assert champion in entrants
    assert losses[champion] < lives
    assert set(state.eliminated) == set(entrants) - {champion}
    assert len(state.eliminated) == count - 1
    for entrant in entrants:
        if entrant == champion:
            continue
        if kind == "double-no-reset" and losses[entrant] == 1:
            # only the winners' champion beaten in the single grand final
            assert state.matches["GF1"].loser == entrant
        else:
            assert losses[entrant] == lives
    # Games played: one loss each for single; with double, a game per loss.
    assert len(played) == sum(losses.values())
    for match_id, match_state in state.matches.items():
        assert match_state.status in (COMPLETE, WALKOVER, EMPTY, NOT_NEEDED)
        if match_state.status == COMPLETE:
            assert results[match_id] == match_state.winner
    # Recomputing from the results alone gives the same state.
    assert resolve_bracket(bracket, results) == state
