"""Checking the engines' refusals: in words (games/refusals.py, the site's sentences) and as
language-neutral params (what the engines hand out)."""

from __future__ import annotations

import re
from contextlib import contextmanager

import pytest

from games.engines.base import REFUSAL_CODES, IllegalAction
from games.refusals import MESSAGES, refusal_text

_NEUTRAL = re.compile(r"^[A-Za-z0-9_]*$")


@contextmanager
def refused(match: str, code: str | None = None):
    """Like pytest.raises(IllegalAction, match=...), matching the refusal's sentence."""
    with pytest.raises(IllegalAction) as caught:
        yield caught
    words = refusal_text(caught.value)
    assert re.search(match, words), f"{match!r} not in {words!r}"
    if code is not None:
        assert caught.value.code == code


def check_refusal(exc: IllegalAction) -> None:
    """A refusal has a known code, a sentence for its message id, and language-neutral params:
    numbers, None, or codes (card codes, suit letters, calls, kinds, steps) and lists of them."""
    assert exc.code in REFUSAL_CODES
    assert exc.message_id in MESSAGES
    for key, value in exc.params.items():
        values = value if isinstance(value, list) else [value]
        for item in values:
            assert item is None or isinstance(item, int) or _NEUTRAL.match(str(item)), (key, item)
    words = refusal_text(exc)
    assert words and "{" not in words
    assert str(exc).startswith(exc.message_id)
