"""Cards, suits and packs shared by both games.

A card is a small int (a `Card`, which subclasses int), so that sets of cards, comparisons and
lookups cost what an int costs; every card is one interned object made at import time.

    card = suit * 32 + rank

Suits are numbered in Five Hundred's bidding order: spades 0, clubs 1, diamonds 2, hearts 3.
`NO_TRUMPS` (4) is the strain above hearts. Ranks order the plain cards of Five Hundred's packs,
including the six-player 11, 12 and 13, which sit between the 10 and the Jack:

    2..10 -> 2..10, 11 -> 11, 12 -> 12, 13 -> 13, J -> 14, Q -> 15, K -> 16, A -> 17

The Joker is `JOKER` (suit 4, rank 0); it has no suit of its own.
The text form is the hand-record form: `10H`, `JS`, `13D`, `JK` (see shared/hand-records.md).
"""

from __future__ import annotations

from collections.abc import Iterable

SPADES, CLUBS, DIAMONDS, HEARTS = 0, 1, 2, 3
NO_TRUMPS = 4
SUITS = (SPADES, CLUBS, DIAMONDS, HEARTS)
SUIT_LETTERS = "SCDH"
STRAIN_CODES = ("S", "C", "D", "H", "NT")
SUIT_NAMES = ("spades", "clubs", "diamonds", "hearts")
SUIT_SINGULAR = ("spade", "club", "diamond", "heart")
SUIT_SYMBOLS = ("♠", "♣", "♦", "♥")
RED_SUITS = frozenset({DIAMONDS, HEARTS})

RANK_TEXT = {
    2: "2",
    3: "3",
    4: "4",
    5: "5",
    6: "6",
    7: "7",
    8: "8",
    9: "9",
    10: "10",
    11: "11",
    12: "12",
    13: "13",
    14: "J",
    15: "Q",
    16: "K",
    17: "A",
}
RANK_FROM_TEXT = {text: rank for rank, text in RANK_TEXT.items()} | {"T": 10}
JACK, QUEEN, KING, ACE = 14, 15, 16, 17
RANK_NAMES = {14: "Jack", 15: "Queen", 16: "King", 17: "Ace"}


class Card(int):
    """One card. Use the module's constants or `card()` / `parse_card()`; never construct one."""

    __slots__ = ()

    @property
    def suit(self) -> int:
        """The printed suit (0-3), or 4 for the Joker."""
        return self >> 5

    @property
    def rank(self) -> int:
        return self & 31

    @property
    def is_joker(self) -> bool:
        return self == JOKER

    def __str__(self) -> str:
        if self == JOKER:
            return "JK"
        return RANK_TEXT[self & 31] + SUIT_LETTERS[self >> 5]

    def __repr__(self) -> str:
        return str(self)

    def __reduce__(self):
        """Pickled as its number, unpickled as the interned card (quick, and stays interned)."""
        return (from_int, (int(self),))

    @property
    def symbol(self) -> str:
        """A player's short form: `Q♥`, `10♠`, `Joker`."""
        if self == JOKER:
            return "Joker"
        return RANK_TEXT[self & 31] + SUIT_SYMBOLS[self >> 5]


def _make(value: int) -> Card:
    return int.__new__(Card, value)


JOKER: Card = _make(NO_TRUMPS << 5)
_ALL: dict[int, Card] = {JOKER: JOKER}
for _suit in SUITS:
    for _rank in RANK_TEXT:
        _ALL[(_suit << 5) | _rank] = _make((_suit << 5) | _rank)


class Malformed(ValueError):
    """Input the hand-record format does not describe: an action that isn't one, a card or suit
    that isn't one. `message_id` ("malformed.not_card") and language-neutral `params` let the site
    word it in the reader's language (games/refusals.py), as it words an IllegalAction; `str()`
    is the plain English reason, for programs, logs and the engines' own callers."""

    def __init__(self, message_id: str, reason: str, **params: object):
        super().__init__(reason)
        self.message_id = message_id
        self.params = params

    @classmethod
    def option_choice(cls, name: str, choices: list[str], value: str, quoted: bool = False):
        """An option set to a value it doesn't take: `choices` and `value` as the game writes
        them ("'winner'", "\"winner\""); `quoted` puts the option's name in quotes too."""
        label = repr(name) if quoted else name
        return cls(
            "malformed.option_choice",
            f"option {label} must be one of {', '.join(choices)}, not {value}",
            option=name,
            choices=list(choices),
            value=value,
        )


def card(suit: int, rank: int) -> Card:
    """The interned card of that suit and rank."""
    return _ALL[(suit << 5) | rank]


def from_int(value: int) -> Card:
    """The interned card for a stored int."""
    try:
        return _ALL[value]
    except KeyError:
        raise ValueError(f"{value} is not a card") from None


def parse_card(text: str) -> Card:
    """Parse the hand-record form (`10H`, `th`, `JK`); raise Malformed for anything else."""
    if not isinstance(text, str):
        raise Malformed("malformed.card_type", f"a card must be a string, not {text!r}", value=text)
    upper = text.strip().upper()
    if upper == "JK":
        return JOKER
    rank_text, suit_text = upper[:-1], upper[-1:]
    if suit_text not in SUIT_LETTERS or not suit_text or rank_text not in RANK_FROM_TEXT:
        raise Malformed("malformed.not_card", f"{text!r} is not a card", card=text)
    return _ALL[(SUIT_LETTERS.index(suit_text) << 5) | RANK_FROM_TEXT[rank_text]]


def parse_suit(text: str) -> int:
    if not isinstance(text, str) or text.upper() not in ("S", "C", "D", "H"):
        raise Malformed(
            "malformed.not_suit", f"{text!r} is not a suit (S, C, D or H)", suit_text=text
        )
    return SUIT_LETTERS.index(text.upper())


def same_colour_suit(suit: int) -> int:
    """The other suit of the same colour (spades<->clubs, diamonds<->hearts)."""
    return suit ^ 1


def standard_52() -> list[Card]:
    """The 52-card pack, 2 to Ace in every suit."""
    return [card(s, r) for s in SUITS for r in (2, 3, 4, 5, 6, 7, 8, 9, 10, JACK, QUEEN, KING, ACE)]


def cards_text(cards: Iterable[Card]) -> list[str]:
    return [str(c) for c in cards]


def sort_for_display(cards: Iterable[Card], trump: int | None = None) -> list[Card]:
    """Cards grouped by suit (trumps first when known), highest first within a suit.

    Games that move cards between suits (Five Hundred's left bower) pass their own key instead.
    """
    order = list(SUITS)
    if trump is not None and trump in order:
        order.remove(trump)
        order.insert(0, trump)
    return sorted(cards, key=lambda c: (-1 if c == JOKER else order.index(c >> 5), -(c & 31)))
