"""The entrant's score on a board (no database): their side's points less the opponents' with
partners, their own points each for themselves; and the leaderboard's figures stay fair."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.formats.duplicate import BoardResult, score_matchpoints
from tournaments.services.robot import side_score

points = st.integers(min_value=-1000, max_value=1000)


@given(st.lists(points, min_size=4, max_size=4))
def test_partnership_score_is_the_net(seat_scores):
    assert side_score("five_hundred", 4, {}, seat_scores) == seat_scores[0] - seat_scores[1]
    pairs = {"partnerships": True}
    assert side_score("pitch", 4, pairs, seat_scores) == seat_scores[0] - seat_scores[1]


@given(st.lists(points, min_size=4, max_size=4))
def test_solo_pitch_score_is_your_own(seat_scores):
    assert side_score("pitch", 4, {}, seat_scores) == seat_scores[0]


@given(st.dictionaries(st.integers(1, 8), st.lists(points, min_size=1, max_size=6), min_size=1))
def test_entries_average_fifty_percent_on_every_board(boards):
    """Each entry paired with its own bots (as robot_leaderboard does): on each board the
    entries' matchpoints average exactly half the top, so the leaderboard is fair."""
    results = [
        BoardResult(number, (f"e{i}", f"bots-{i}"), (score, -score))
        for number, scores in boards.items()
        for i, score in enumerate(scores)
    ]
    scored = score_matchpoints(results, bots={f"bots-{i}" for i in range(6)})
    for number in boards:
        mine = [s for s in scored.on_board(number) if s.direction == 0]
        assert sum(s.value for s in mine) * 2 == len(mine) * mine[0].top
