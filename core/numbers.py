"""Whole numbers typed into addresses and forms.

`str.isdigit` is true of "²" and "①", which `int` refuses, and `int` refuses more than 4,300
digits: checking with `isdigit` then calling `int` turned such input into a 500. `whole_number`
reads a plain decimal number (any script's digits, which `int` reads) or says None."""

from __future__ import annotations

# Longer than any id or count we keep (a PostgreSQL bigint has 19 digits).
MAX_DIGITS = 18


def whole_number(text: object) -> int | None:
    """`text` (stripped) as a whole number from 0, or None if it is anything else."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    if not text or len(text) > MAX_DIGITS or not text.isdecimal():
        return None
    return int(text)
