"""How a table's scores read as one line: "500–320", and with a negative score (Five Hundred's
set contracts) "520 – −130", with a minus sign, where "520–-130" would run the two together."""

from collections.abc import Iterable

MINUS = "\u2212"


def score_line(scores: Iterable[int]) -> str:
    values = list(scores or [])
    separator = " – " if any(v < 0 for v in values) else "–"
    return separator.join(str(v).replace("-", MINUS) for v in values)
