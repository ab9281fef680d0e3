"""What both rules engines share: actions, errors and the interface a hand's state offers.

An action is exactly one of the action objects of shared/hand-records.md, with its seat:

    Action(seat, "call", call="7H", sans_kitty=False)   a bid, a pass ("pass") or a misère call;
                                                         Pitch bids are "1".."4"
    Action(seat, "pitch", card=AS)                       Pitch: bid 4 by pitching (and leading) AS
    Action(seat, "discard", cards=(4H, 5D, 6C))          Five Hundred: the contractor's discard
    Action(seat, "call_partner", card=AS)                Five Hundred, five players
    Action(seat, "nominate", suit=HEARTS)                Five Hundred: the Joker's suit
    Action(seat, "play", card=QH)                        play a card
    Action(seat, "play", card=JOKER, suit=SPADES)        lead the free Joker, naming a suit

Engines intern the actions they hand out often (plays and calls), so legal-move generation
allocates little. A state is its deal plus its ordered actions: `apply` checks an action and
raises `IllegalAction` (leaving the state exactly as it was) or records it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from .cards import SUIT_LETTERS, Card, parse_card, parse_suit

ACTION_KINDS = ("call", "pitch", "discard", "call_partner", "nominate", "play")


class IllegalAction(Exception):
    """An action the rules do not allow now. The message is in a player's words."""


class RecordError(ValueError):
    """A hand or game record that is malformed or breaks the rules.

    `index` is the 0-based index of the first bad action, or None for a fault outside `actions`;
    `hand` is the 0-based hand of a game record, when there is one.
    """

    def __init__(self, reason: str, index: int | None = None, hand: int | None = None):
        super().__init__(reason)
        self.reason = reason
        self.index = index
        self.hand = hand

    def as_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"index": self.index, "reason": self.reason}
        if self.hand is not None:
            error["hand"] = self.hand
        return {"error": error}


@dataclass(frozen=True, slots=True)
class Action:
    seat: int
    kind: str
    call: str | None = None
    sans_kitty: bool = False
    card: Card | None = None
    cards: tuple[Card, ...] = field(default=())
    suit: int | None = None

    def to_record(self) -> dict[str, Any]:
        """The hand-record object for this action."""
        out: dict[str, Any] = {"seat": self.seat}
        if self.kind == "call":
            out["call"] = self.call
            if self.sans_kitty:
                out["sans_kitty"] = True
        elif self.kind == "discard":
            out["discard"] = [str(c) for c in self.cards]
        elif self.kind == "nominate":
            out["nominate"] = SUIT_LETTERS[self.suit]
        else:  # pitch, call_partner, play
            out[self.kind] = str(self.card)
            if self.suit is not None:
                out["suit"] = SUIT_LETTERS[self.suit]
        return out

    @classmethod
    def from_record(cls, obj: Any) -> Action:
        """Parse one action object strictly (shape only; the engine judges legality).

        Raises ValueError with a reason for anything the format does not describe.
        """
        if not isinstance(obj, dict):
            raise ValueError("an action must be an object")
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError("an action needs a whole-number seat")
        kinds = [k for k in ACTION_KINDS if k in obj]
        if len(kinds) != 1:
            raise ValueError("an action must have exactly one of: " + ", ".join(ACTION_KINDS))
        kind = kinds[0]
        allowed = {"seat", kind}
        if kind == "call":
            allowed.add("sans_kitty")
        if kind == "play":
            allowed.add("suit")
        unknown = sorted(set(obj) - allowed)
        if unknown:
            raise ValueError(f"unknown key {unknown[0]!r} in a {kind} action")
        value = obj[kind]
        if kind == "call":
            if not isinstance(value, str):
                raise ValueError("a call must be a string")
            sans = obj.get("sans_kitty", False)
            if not isinstance(sans, bool):
                raise ValueError("sans_kitty must be true or false")
            return cls(seat, "call", call=_canonical_call(value), sans_kitty=sans)
        if kind == "discard":
            if not isinstance(value, list):
                raise ValueError("a discard must be a list of cards")
            return cls(seat, "discard", cards=tuple(parse_card(c) for c in value))
        if kind == "nominate":
            return cls(seat, "nominate", suit=parse_suit(value))
        suit = None
        if "suit" in obj:
            suit = parse_suit(obj["suit"])
        return cls(seat, kind, card=parse_card(value), suit=suit)


def _canonical_call(text: str) -> str:
    """Calls are case-insensitive on input: `7h` -> `7H`, `nt`/`MISERE` -> canonical forms."""
    lowered = text.strip().lower()
    if lowered in ("pass", "misere", "open_misere", "blind_misere"):
        return lowered
    return text.strip().upper()


class HandState(Protocol):
    """The interface both games' hand states offer (see five_hundred.py and pitch.py)."""

    players: int
    dealer: int

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self) -> list[Action]: ...

    def apply(self, action: Action) -> None:
        """Record the action, or raise IllegalAction and change nothing."""

    def view_for(self, seat: int) -> dict[str, Any]:
        """What that seat may see, as JSON-ready data: never another hand or the kitty."""

    def public_view(self) -> dict[str, Any]:
        """What everyone may see (spectators): no seat's cards, no kitty."""

    def scores(self) -> list[int]:
        """What the hand adds to each seat's total (partners show the same figure)."""
