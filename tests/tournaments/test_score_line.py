"""A table's scores as one line (tournaments.scores.score_line)."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.scores import MINUS, score_line


def test_scores_read_side_by_side():
    assert score_line([500, 320]) == "500–320"
    assert score_line([520, -130]) == f"520 – {MINUS}130"  # not "520–-130"
    assert score_line([-40, -130]) == f"{MINUS}40 – {MINUS}130"
    assert score_line([]) == ""


@given(st.lists(st.integers(-2000, 2000), min_size=2, max_size=3))
def test_the_line_reads_back_to_the_scores(scores):
    separator = " – " if any(s < 0 for s in scores) else "–"
    parts = score_line(scores).split(separator)
    assert [int(p.replace(MINUS, "-")) for p in parts] == scores
    assert "-" not in score_line(scores)  # a minus sign, never a hyphen
