"""Short, language-neutral notation both games share: cards and suits as players write them.

    card_text("QH") -> "Q♥"     card_text("10S") -> "10♠"     card_text("JK") -> "JK"
    suit_text("H")  -> "♥"

Codes in (card codes and suit letters of shared/hand-records.md), symbols out. Words for people
("the Joker", "hearts") are the site's, in the reader's language; each game's notation of calls
and contracts is beside its engine (five_hundred_notation.py, pitch_notation.py).
"""

from __future__ import annotations

from .cards import SUIT_LETTERS, SUIT_SYMBOLS

JOKER_CODE = "JK"


def suit_text(letter: str) -> str:
    """A suit letter (S, C, D, H) as its symbol."""
    return SUIT_SYMBOLS[SUIT_LETTERS.index(letter)]


def card_text(code: str) -> str:
    """A card code as rank and suit symbol; the Joker stays `JK`."""
    if code == JOKER_CODE:
        return code
    return code[:-1] + suit_text(code[-1])


def cards_text(codes) -> str:
    """Several cards, space-separated: `A♠ K♠ 4♦`."""
    return " ".join(card_text(c) for c in codes)
