"""How a table's scores read as one line: "500–320", and with a negative score (Five Hundred's
set contracts) "520 – −130", with a minus sign, where "520–-130" would run the two together."""

from collections.abc import Iterable

MINUS = "\u2212"


def score_line(scores: Iterable) -> str:
    values = list(scores or [])
    parts = [f"{MINUS}{-v}" if isinstance(v, int) and v < 0 else str(v) for v in values]
    negative = any(isinstance(v, int) and v < 0 for v in values)
    return (" – " if negative else "–").join(parts)
