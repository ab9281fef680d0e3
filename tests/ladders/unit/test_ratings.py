"""Ladder ratings (ladders.ratings), checked against OpenSkill's Plackett-Luce model itself."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from games.engines import pitch, records
from ladders.ratings import (
    BOT,
    BOT_RATING,
    DEFAULT_RATING,
    GameResult,
    HistoryPoint,
    Rating,
    activity,
    conservative,
    is_draw,
    leaderboard,
    played_order,
    rebuild,
    result_from_game_record,
    update,
)

from .records import five_hundred_game, pitch_game

T0 = datetime(2025, 3, 1, 19, 30, tzinfo=UTC)


def direct(teams: list[list[Rating]], **how) -> list[list[tuple[float, float]]]:
    """OpenSkill's own answer, called directly."""
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=r.mu, sigma=r.sigma) for r in t] for t in teams], **how)
    return [[(p.mu, p.sigma) for p in t] for t in rated]


def approx(rating: Rating, expected: tuple[float, float]) -> None:
    assert rating.mu == pytest.approx(expected[0], abs=1e-9)
    assert rating.sigma == pytest.approx(expected[1], abs=1e-9)


RATINGS = {
    "ann": Rating(29.1, 4.2),
    "bob": Rating(22.5, 6.0),
    "cy": Rating(31.0, 3.1),
    "di": Rating(18.7, 7.7),
    "ed": Rating(25.0, 8.0),
    "flo": Rating(27.3, 5.5),
}


def test_partnership_game_matches_openskill():
    result = GameResult("g1", T0, [["ann", "bob"], ["cy", "di"]], scores=[140, 520])
    new = update(RATINGS, result)
    expected = direct(
        [[RATINGS["ann"], RATINGS["bob"]], [RATINGS["cy"], RATINGS["di"]]], scores=[140, 520]
    )
    assert set(new) == {"ann", "bob", "cy", "di"}
    approx(new["ann"], expected[0][0])
    approx(new["bob"], expected[0][1])
    approx(new["cy"], expected[1][0])
    approx(new["di"], expected[1][1])
    assert new["cy"].mu > RATINGS["cy"].mu and new["ann"].mu < RATINGS["ann"].mu
    assert RATINGS["ann"] == Rating(29.1, 4.2)  # the input is not changed


def test_free_for_all_game_matches_openskill_with_a_tie():
    players = ["ann", "bob", "cy", "di", "ed"]
    scores = [7, 3, 5, 3, -2]  # bob and di tie for third
    result = GameResult("g2", T0, [[p] for p in players], scores=scores)
    new = update(RATINGS, result)
    expected = direct([[RATINGS[p]] for p in players], scores=scores)
    for player, (team,) in zip(players, expected, strict=True):
        approx(new[player], team)
    ranked = GameResult("g2", T0, [[p] for p in players], ranks=[1, 3, 2, 3, 5])
    for player, rating in update(RATINGS, ranked).items():
        approx(rating, (new[player].mu, new[player].sigma))


def test_six_player_pairs_and_uneven_teams_match_openskill():
    pairs = [["ann", "di"], ["bob", "ed"], ["cy", "flo"]]
    new = update(RATINGS, GameResult("g3", T0, pairs, ranks=[2, 1, 3]))
    expected = direct([[RATINGS[p] for p in t] for t in pairs], ranks=[2, 1, 3])
    for team, exp in zip(pairs, expected, strict=True):
        for player, e in zip(team, exp, strict=True):
            approx(new[player], e)
    # A contractor and called partner sharing first place against three players alone.
    teams = [["ann"], ["bob"], ["cy"], ["di"], ["ed"]]
    new = update(RATINGS, GameResult("g4", T0, teams, ranks=[0, 2, 0, 3, 4]))
    expected = direct([[RATINGS[p] for p in t] for t in teams], ranks=[0, 2, 0, 3, 4])
    for (player,), (e,) in zip(teams, expected, strict=True):
        approx(new[player], e)


def test_new_players_start_at_the_default_rating():
    result = GameResult("g5", T0, [["new1"], ["new2"], ["new3"]], scores=[1, 2, 3])
    new = update({}, result)
    expected = direct([[DEFAULT_RATING]] * 3, scores=[1, 2, 3])
    approx(new["new3"], expected[2][0])
    assert new["new3"].mu > 25 > new["new1"].mu
    assert DEFAULT_RATING.conservative == pytest.approx(0.0)


def test_ties():
    # An even tie between equal sides changes nobody's μ, but everyone becomes surer.
    tie = update({}, GameResult("t", T0, [["a", "b"], ["c", "d"]], scores=[300, 300]))
    for rating in tie.values():
        assert rating.mu == pytest.approx(25.0)
        assert rating.sigma < DEFAULT_RATING.sigma
    win = update({}, GameResult("w", T0, [["a", "b"], ["c", "d"]], scores=[500, 300]))
    assert win["a"].mu > 25 > win["c"].mu
    # A tie with a stronger side is good news for the weaker one.
    ratings = {"a": Rating(20, 5), "b": Rating(20, 5), "c": Rating(30, 5), "d": Rating(30, 5)}
    tied = update(ratings, GameResult("t2", T0, [["a", "b"], ["c", "d"]], ranks=[1, 1]))
    expected = direct([[ratings["a"], ratings["b"]], [ratings["c"], ratings["d"]]], ranks=[1, 1])
    approx(tied["a"], expected[0][0])
    assert tied["a"].mu > 20 and tied["c"].mu < 30


def test_games_with_bots_are_skipped_unless_the_club_rates_them():
    result = GameResult("b1", T0, [["ann", BOT], ["cy", "di"]], scores=[500, 200])
    assert result.has_bots
    assert update(RATINGS, result) == {}
    new = update(RATINGS, result, rate_with_bots=True)
    assert set(new) == {"ann", "cy", "di"}  # the bot is never rated
    expected = direct(
        [[RATINGS["ann"], BOT_RATING], [RATINGS["cy"], RATINGS["di"]]], scores=[500, 200]
    )
    approx(new["ann"], expected[0][0])
    approx(new["cy"], expected[1][0])
    # Free-for-all with two bots: the humans are rated against them.
    ffa = GameResult("b2", T0, [["ann"], [BOT], ["bob"], [BOT]], scores=[2, 7, 5, 1])
    new = update(RATINGS, ffa, rate_with_bots=True)
    expected = direct(
        [[RATINGS["ann"]], [BOT_RATING], [RATINGS["bob"]], [BOT_RATING]], scores=[2, 7, 5, 1]
    )
    assert set(new) == {"ann", "bob"}
    approx(new["ann"], expected[0][0])
    approx(new["bob"], expected[2][0])
    # Only bots: nothing to rate either way.
    assert (
        update({}, GameResult("b3", T0, [[BOT], [BOT]], scores=[1, 2]), rate_with_bots=True) == {}
    )


def test_rebuild_skips_bot_games_by_default():
    games = [
        GameResult(1, T0, [["ann", "bob"], ["cy", "di"]], scores=[500, 100]),
        GameResult(2, T0 + timedelta(hours=1), [["ann", BOT], ["cy", "di"]], scores=[100, 500]),
    ]
    ratings, history = rebuild(games)
    assert [p.game_id for p in history["ann"]] == [1]
    with_bots, history_b = rebuild(games, rate_with_bots=True)
    assert [p.game_id for p in history_b["ann"]] == [1, 2]
    assert with_bots["ann"].mu < ratings["ann"].mu
    assert None not in with_bots and None not in history_b


def random_games(count: int, seed: int) -> list[GameResult]:
    rng = random.Random(seed)
    names = [f"p{i}" for i in range(12)]
    games = []
    for number in range(count):
        at = T0 + timedelta(minutes=rng.randrange(0, 60 * 24 * 30))
        if rng.random() < 0.5:
            seats = rng.sample(names, 4)
            games.append(
                GameResult(
                    number,
                    at,
                    [seats[:2], seats[2:]],
                    scores=[rng.choice([500, 520, 90]), rng.randrange(-200, 400)],
                )
            )
        else:
            seats = rng.sample(names, rng.randint(3, 7))
            games.append(
                GameResult(
                    number, at, [[p] for p in seats], scores=[rng.randrange(-3, 8) for _ in seats]
                )
            )
    return games


def test_rebuild_equals_sequential_updates_in_played_order():
    games = random_games(120, 1)
    ratings, history = rebuild(games)
    by_time = sorted(games, key=lambda g: g.played_at)
    step: dict[str, Rating] = {}
    expected_history: dict[str, list[HistoryPoint]] = {}
    for game in by_time:
        for player, rating in update(step, game).items():
            step[player] = rating
            expected_history.setdefault(player, []).append(
                HistoryPoint(
                    game.game_id,
                    game.played_at,
                    rating.mu,
                    rating.sigma,
                    rating.mu - 3 * rating.sigma,
                )
            )
    assert ratings == step
    assert history == expected_history
    for points in history.values():
        assert [p.played_at for p in points] == sorted(p.played_at for p in points)
        for p in points:
            assert p.conservative == pytest.approx(p.mu - 3 * p.sigma)


def test_rebuild_does_not_depend_on_the_input_order():
    games = random_games(80, 2)
    # Two games at the same moment are ordered by their ids.
    games.append(GameResult(1000, games[0].played_at, [["p1"], ["p2"]], scores=[1, 0]))
    games.append(GameResult(999, games[0].played_at, [["p1"], ["p2"]], scores=[0, 1]))
    first = rebuild(games)
    for seed in range(3):
        shuffled = games[:]
        random.Random(seed).shuffle(shuffled)
        assert rebuild(shuffled) == first
    order = [g.game_id for g in played_order(games) if g.played_at == games[0].played_at]
    assert order.index(999) < order.index(1000)
    # The order matters to the outcome: applying the games newest first gives other ratings.
    newest_first = [
        GameResult(g.game_id, T0 - (g.played_at - T0), g.teams, scores=g.scores) for g in games
    ]
    assert rebuild(newest_first)[0] != first[0]


def test_rebuild_refuses_a_game_twice():
    game = GameResult("same", T0, [["a"], ["b"]], scores=[1, 0])
    with pytest.raises(ValueError, match="appears twice"):
        rebuild([game, game])


def test_activity_and_leaderboard_filtering_and_order():
    now = T0 + timedelta(days=200)
    ratings = {
        "steady": Rating(30.0, 2.0),  # 24.0
        "lucky": Rating(40.0, 6.0),  # 22.0: higher μ, lower ladder score
        "twin_a": Rating(26.0, 1.0),  # 23.0
        "twin_b": Rating(29.0, 2.0),  # 23.0
        "newbie": Rating(45.0, 1.0),  # too few games
        "gone": Rating(45.0, 1.0),  # not recently
        "edge": Rating(10.0, 3.0),  # 1.0, exactly 90 days ago
    }
    games = {
        "steady": 20,
        "lucky": 8,
        "twin_a": 9,
        "twin_b": 12,
        "newbie": 4,
        "gone": 50,
        "edge": 5,
    }
    last = {p: now - timedelta(days=3) for p in ratings}
    last["gone"] = now - timedelta(days=91)
    last["edge"] = now - timedelta(days=90)
    rows = leaderboard(ratings, games, last, now, min_games=5, active_days=90)
    assert [r.player for r in rows] == ["steady", "twin_b", "twin_a", "lucky", "edge"]
    assert [r.position for r in rows] == [1, 2, 2, 4, 5]  # equal scores share a place
    assert rows[0].conservative == pytest.approx(24.0)
    assert rows[0].games_played == 20 and rows[0].last_played == last["steady"]
    assert all(r.conservative == pytest.approx(conservative(ratings[r.player])) for r in rows)
    everyone = leaderboard(ratings, games, last, now, min_games=0, active_days=None)
    assert {r.player for r in everyone} == set(ratings)
    assert everyone[0].player in ("newbie", "gone")
    with pytest.raises(ValueError):
        leaderboard(ratings, games, last, now, min_games=-1)


def test_leaderboard_from_a_rebuild():
    games = random_games(150, 3)
    ratings, history = rebuild(games)
    played, last = activity(history)
    assert played == {p: len(h) for p, h in history.items()}
    assert sum(played.values()) == sum(len(g.players) for g in games)
    now = max(g.played_at for g in games)
    rows = leaderboard(ratings, played, last, now, min_games=10, active_days=7)
    assert rows
    scores = [r.conservative for r in rows]
    assert scores == sorted(scores, reverse=True)
    for row in rows:
        assert row.games_played >= 10
        assert now - row.last_played <= timedelta(days=7)
    dropped = set(ratings) - {r.player for r in rows}
    assert all(played[p] < 10 or now - last[p] > timedelta(days=7) for p in dropped)


def test_game_result_validation():
    with pytest.raises(ValueError, match="at least two teams"):
        GameResult(1, T0, [["a", "b"]], scores=[1])
    with pytest.raises(ValueError, match="at least one player"):
        GameResult(1, T0, [["a"], []], scores=[1, 2])
    with pytest.raises(ValueError, match="either"):
        GameResult(1, T0, [["a"], ["b"]])
    with pytest.raises(ValueError, match="either"):
        GameResult(1, T0, [["a"], ["b"]], scores=[1, 2], ranks=[1, 2])
    with pytest.raises(ValueError, match="one figure for each of the 2 teams"):
        GameResult(1, T0, [["a"], ["b"]], scores=[1, 2, 3])
    with pytest.raises(ValueError, match="appears twice"):
        GameResult(1, T0, [["a", "b"], ["b", "c"]], scores=[1, 2])
    with pytest.raises(ValueError, match="numbers"):
        GameResult(1, T0, [["a"], ["b"]], scores=["1", 2])
    with pytest.raises(ValueError, match="finite"):
        GameResult(1, T0, [["a"], ["b"]], scores=[float("nan"), 2])
    with pytest.raises(ValueError, match="datetime"):
        GameResult(1, "yesterday", [["a"], ["b"]], scores=[1, 2])
    two_bots = GameResult(1, T0, [["a", BOT], [BOT, "b"]], ranks=[1, 2])
    assert two_bots.players == ["a", "b"]
    assert two_bots.places() == [0, 1]
    assert two_bots.winners() == ["a"]
    assert GameResult(1, T0, [["a"], ["b"], ["c"]], scores=[5, 9, 5]).places() == [1, 0, 1]


@settings(max_examples=60, deadline=None)
@given(
    scores=st.lists(st.integers(-5, 11), min_size=2, max_size=7),
    mus=st.lists(st.floats(10, 40), min_size=7, max_size=7),
    sigmas=st.lists(st.floats(0.5, 8.5), min_size=7, max_size=7),
)
def test_winners_never_lose_and_losers_never_gain(scores, mus, sigmas):
    players = [f"p{i}" for i in range(len(scores))]
    ratings = {p: Rating(m, s) for p, m, s in zip(players, mus, sigmas, strict=False)}
    new = update(ratings, GameResult("h", T0, [[p] for p in players], scores=scores))
    best, worst = max(scores), min(scores)
    for player, score in zip(players, scores, strict=True):
        old = ratings[player]
        if best != worst and score == best and scores.count(best) == 1:
            assert new[player].mu >= old.mu
        if best != worst and score == worst and scores.count(worst) == 1:
            assert new[player].mu <= old.mu
        # σ never grows beyond the per-game drift τ.
        assert new[player].sigma <= (old.sigma**2 + (25 / 300) ** 2) ** 0.5 + 1e-9


def expected_places(totals: list[int], sides: list[tuple[int, ...]], winners: list[int]):
    """Winners first, then by final total (equal totals tie), as places from 0."""
    keys = [(0 if side[0] in winners else 1, -totals[side[0]]) for side in sides]
    return [sum(1 for other in keys if other < mine) for mine in keys]


def test_result_from_a_pitch_game_record_puts_the_winner_first():
    # A game the pitcher went out in with fewer points than someone else.
    for seed in range(200):
        game = pitch_game(4, seed)
        replay = records.replay(game)
        (winner,), totals = replay["winner"], replay["totals"][-1]
        if totals[winner] < max(totals):
            break
    else:
        raise AssertionError("no game where the winner had fewer points than a loser")
    result = result_from_game_record("pg", T0, game, ["w", "x", "y", "z"])
    assert result.teams == (("w",), ("x",), ("y",), ("z",))
    places = result.places()
    assert places[winner] == 0 and places.count(0) == 1
    assert places == expected_places(totals, [(0,), (1,), (2,), (3,)], [winner])
    assert result.winners() == ["wxyz"[winner]]

    partners = pitch_game(4, 11, options=pitch.Options(partnerships=True))
    pr = result_from_game_record("pp", T0, partners, ["w", "x", "y", "z"])
    assert pr.teams == (("w", "y"), ("x", "z"))
    winners = records.replay(partners)["winner"]
    assert sorted(winners) in ([0, 2], [1, 3])
    assert pr.places()[winners[0] % 2] == 0
    assert pr.places()[1 - winners[0] % 2] == 1


def test_result_from_five_hundred_game_records():
    game = five_hundred_game(4, 1)
    replay = records.replay(game)
    result = result_from_game_record("fh", T0, game, ["a", BOT, "c", "d"])
    assert result.teams == (("a", "c"), (BOT, "d"))
    assert sorted(replay["winner"]) in ([0, 2], [1, 3])
    assert result.places()[replay["winner"][0] % 2] == 0
    assert sorted(result.places()) == [0, 1]
    assert update({}, result) == {}  # a bot played

    five = five_hundred_game(5, 2)
    replay = records.replay(five)
    result = result_from_game_record("f5", T0, five, list("abcde"))
    assert result.teams == tuple((p,) for p in "abcde")
    sides = [(s,) for s in range(5)]
    assert result.places() == expected_places(replay["totals"][-1], sides, replay["winner"])
    assert all(result.places()[s] == 0 for s in replay["winner"])
    unfinished = dict(five, hands=five["hands"][:-1])
    with pytest.raises(ValueError, match="not finished"):
        result_from_game_record("f5", T0, unfinished, list("abcde"))
    with pytest.raises(ValueError, match="one entry for each of the 5 seats"):
        result_from_game_record("f5", T0, five, list("abcd"))


def test_players_level_on_everything_are_listed_by_their_id_as_a_number():
    """Ties go by player id, 9 before 11 (as text, "11" came first, and a ladder's order
    changed with how many accounts the database had made)."""
    now = datetime(2026, 12, 1, tzinfo=UTC)
    ratings = {11: DEFAULT_RATING, 9: DEFAULT_RATING, 100: DEFAULT_RATING}
    games = dict.fromkeys(ratings, 6)
    last = dict.fromkeys(ratings, now)
    rows = leaderboard(ratings, games, last, now, min_games=0, active_days=None)
    assert [r.player for r in rows] == [9, 11, 100]


def test_a_game_every_side_finishes_level_in_is_a_draw_won_by_nobody():
    """A 300-300 table (a tournament's drawn result: every side placed first) is a draw: no
    winners, rated as a tie. It was a win for everyone in it."""
    for drawn in (
        GameResult("d", T0, [["a", "b"], ["c", "d"]], scores=[300, 300]),
        GameResult("d", T0, [["a", "b"], ["c", "d"]], ranks=[0, 0]),
        GameResult("d", T0, [["a"], ["b"], ["c"]], ranks=[1, 1, 1]),
        GameResult("d", T0, [["a", BOT], [BOT, "d"]], ranks=[0, 0]),
    ):
        assert drawn.places() == [0] * len(drawn.teams)
        assert drawn.is_draw() and drawn.winners() == []
    new = update({}, GameResult("d", T0, [["a", "b"], ["c", "d"]], ranks=[0, 0]))
    assert all(r.mu == pytest.approx(25.0) and r.sigma < DEFAULT_RATING.sigma for r in new.values())


def test_sides_level_in_first_place_above_another_side_win_together():
    """Not a draw: five-player Five Hundred's contractor and called partner who go out together
    share first place, and both win."""
    teams = [["a"], ["b"], ["c"], ["d"], ["e"]]
    shared = GameResult("f5", T0, teams, ranks=[0, 2, 0, 3, 4])
    assert not shared.is_draw() and shared.winners() == ["a", "c"]
    level_top = GameResult("p", T0, [["a"], ["b"], ["c"]], scores=[9, 9, 4])
    assert not level_top.is_draw() and level_top.winners() == ["a", "b"]
    won = GameResult("w", T0, [["a", "b"], ["c", "d"]], scores=[500, 300])
    assert not won.is_draw() and won.winners() == ["a", "b"]
    assert not is_draw([0]) and not is_draw([]) and is_draw([2, 2]) and not is_draw([0, 0, 1])


@given(scores=st.lists(st.integers(-3, 3), min_size=2, max_size=7))
def test_nobody_wins_exactly_when_every_side_is_level(scores):
    players = [f"p{i}" for i in range(len(scores))]
    result = GameResult("h", T0, [[p] for p in players], scores=scores)
    level = len(set(scores)) == 1
    assert result.is_draw() == level
    best = max(scores)
    expected = [] if level else [p for p, s in zip(players, scores, strict=True) if s == best]
    assert result.winners() == expected
