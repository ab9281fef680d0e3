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
from enum import IntEnum
from typing import Any, Protocol

from .cards import SUIT_LETTERS, Card, parse_card, parse_suit

ACTION_KINDS = ("call", "pitch", "discard", "call_partner", "nominate", "play")


class Phase(IntEnum):
    """Where a hand is. Both games share the phases they have in common: Pitch goes from the
    auction straight to the play. The order matters: every phase from COMPLETE on is over.
    `phase.code` is the JSON form ("auction", "call_partner", ...) views and pages use."""

    AUCTION = 0
    DISCARD = 1  # Five Hundred: the contractor takes the kitty and discards
    CALL_PARTNER = 2  # Five Hundred, five players: the contractor calls the partner's card
    PLAY = 3
    COMPLETE = 4
    THROWN_IN = 5  # everyone passed: nobody scores

    @property
    def code(self) -> str:
        return _PHASE_CODES[self]

    @property
    def is_over(self) -> bool:
        return self >= Phase.COMPLETE

    @classmethod
    def from_code(cls, code: str) -> Phase:
        return _PHASE_BY_CODE[code]


_PHASE_CODES = tuple(p.name.lower() for p in Phase)
_PHASE_BY_CODE = {p.name.lower(): p for p in Phase}


# Refusals ------------------------------------------------------------------------------------
#
# Every refusal has a `code`: one word from REFUSAL_CODES, for programs, which never changes
# (see the package docstring). Its English message is built by `refusal_message` from a template
# chosen by the message id, which is the code or "code.variant" when one code covers several
# sentences, filled with the refusal's `params`. The site translates the same templates.

REFUSAL_CODES = (
    "malformed",
    "no_such_seat",
    "not_your_turn",
    "hand_over",
    "game_over",
    "not_allowed_now",
    "card_not_held",
    "must_follow",
    "bid_too_low",
    "must_bid",
    "must_pass",
    "misere_not_allowed",
    "bad_discard",
    "bad_card",
    "joker_suit",
    "wrong_dealer",
    "unreadable",
)

REFUSAL_MESSAGES: dict[str, str] = {
    # malformed: not an action this game knows, or a shape the rules never take
    "malformed": "That is not an action",
    "malformed.no_kind": "There is no {kind} in {game}",
    "malformed.sans_kitty": "Pitch has no kitty: a bid cannot be sans kitty",
    "malformed.pass_sans_kitty": "A pass cannot be sans kitty",
    "malformed.one_card": "A Pitch action names at most one card",
    "malformed.pitch_call": "A bid in Pitch is 1, 2, 3 or 4 (or pass), not {call!r}",
    "malformed.five_hundred_call": "{call!r} is not a Five Hundred call",
    "malformed.pitch_play_suit": "A play in Pitch names only its card",
    "malformed.pitch_no_card": "Pitch a card from your hand",
    "malformed.not_card": "{card!r} is not a card",
    "malformed.suit_not_joker": "You name a suit only when you lead the free Joker",
    "malformed.nominate_suit": "Nominate a suit: S, C, D or H",
    "no_such_seat": "There is no seat {seat} at a {players}-player table",
    "not_your_turn": "It is not your turn: seat {turn} is to {doing}",
    "not_your_turn.sits_out": "Seat {seat} sits out this misère hand",
    "hand_over": "The hand is over",
    "game_over": "The game is over",
    # not_allowed_now: a real action of the game, but not at this point of the hand
    "not_allowed_now": "You cannot {kind} now: you must {needed}",
    "not_allowed_now.auction": "The auction is not over yet: pass, bid or pitch a card",
    "not_allowed_now.auction_over": "The auction is over: you must {needed}",
    "not_allowed_now.nominate": (
        "Only the contractor may nominate the Joker's suit, in no-trumps or misère, "
        "before the first lead: now you must {needed}"
    ),
    "not_allowed_now.nominate_trumps": "The Joker's suit is nominated only in no-trumps or misère",
    "not_allowed_now.nominate_contractor": "Only the contractor may nominate the Joker's suit",
    "not_allowed_now.nominated": "You have already nominated the Joker's suit",
    "not_allowed_now.nominate_late": "The Joker's suit must be nominated before the first lead",
    "not_allowed_now.joker_last": "The Joker may be led only in the last trick",
    "not_allowed_now.joker_all_led": (
        "All four suits have been led: the Joker may not be led until the last trick"
    ),
    "card_not_held": "You do not hold {card}",
    "card_not_held.joker": "You do not hold the Joker",
    "must_follow": "You must follow {suit}: you hold {held}",
    "must_follow.trumps": "You must follow trumps ({suit}): you hold {held}",
    "must_follow.or_trump": "You must follow {suit} or play a trump: you hold {held}",
    "must_follow.misere_joker": "You have no {suit}, so in misère you must play the Joker",
    "bid_too_low": "Your bid must be higher than {high}",
    "bid_too_low.no_steal": (
        "Your bid must be higher than {high}: the dealer may not steal at this table"
    ),
    "bid_too_low.min_bid": "The lowest bid at this table is {lowest}",
    "bid_too_low.stuck": "The dealer must bid at least {lowest} when nobody else has bid",
    "bid_too_low.call": "Your call must be higher than {high}: {call} is not",
    "must_bid": "The dealer must bid at least {lowest} when nobody else has bid",
    "must_pass": "A 4 has been called: you can only pass",
    "misere_not_allowed": "Misère may be bid only after someone has bid seven or more",
    "misere_not_allowed.off": "This table plays without misère",
    "misere_not_allowed.blind_first": "Blind misère may be bid only as your first call",
    "misere_not_allowed.looked": (
        "You have looked at your cards, so blind misère is no longer open to you"
    ),
    "bad_discard": "You must discard exactly three cards, not {count}",
    "bad_discard.twice": "You cannot discard {card} twice",
    "bad_card": "{card} is not in the pack",
    "bad_card.joker": "You may call any card but the Joker",
    "joker_suit": "The Joker must name a suit not yet led this hand: {suits}",
    "joker_suit.missing": "Name a suit for the Joker when you lead it",
    "wrong_dealer": "the dealer must be seat {dealer}, to the left of the previous dealer",
}


def refusal_message(message_id: str, params: dict[str, Any] | None = None) -> str:
    """The English message of a refusal: its template (by message id: "code" or
    "code.variant") filled with its params."""
    return REFUSAL_MESSAGES[message_id].format(**(params or {}))


class IllegalAction(Exception):
    """An action the rules do not allow now.

    `IllegalAction("bid_too_low", {"high": 2})` or, with a variant of the code's sentence,
    `IllegalAction("bid_too_low.no_steal", {"high": 2})`: `code` is the stable code
    ("bid_too_low"), `message_id` picks the template, `params` fill it, and `str(exc)` is the
    message in a player's words.
    """

    def __init__(self, message_id: str, params: dict[str, Any] | None = None):
        self.message_id = message_id
        self.code = message_id.partition(".")[0]
        self.params = dict(params) if params else {}
        super().__init__(refusal_message(message_id, self.params))


class RecordError(ValueError):
    """A hand or game record that is malformed or breaks the rules.

    `code` is a refusal code (REFUSAL_CODES): the illegal action's own code, or `malformed` for
    a record the format does not describe. `index` is the 0-based index of the first bad action,
    or None for a fault outside `actions`; `hand` is the 0-based hand of a game record, when
    there is one.
    """

    def __init__(
        self,
        reason: str,
        index: int | None = None,
        hand: int | None = None,
        *,
        code: str = "malformed",
    ):
        super().__init__(reason)
        self.reason = reason
        self.index = index
        self.hand = hand
        self.code = code

    def as_json(self) -> dict[str, Any]:
        error: dict[str, Any] = {"index": self.index, "code": self.code, "reason": self.reason}
        if self.hand is not None:
            error["hand"] = self.hand
        return {"error": error}


@dataclass(frozen=True, slots=True)
class Contract:
    """A hand's contract once the auction is won (`hand.contract`; None before): the same kind
    of thing in both games."""

    seat: int  # the contractor (Pitch: the pitcher)
    call: str  # the winning call in record form: "7H", "10NT", "misere"; Pitch "1" to "4"
    trump: int | None  # the trump suit (None: no-trumps, misère, Pitch before the first lead)
    made: bool | None  # None until the hand is complete
    sans_kitty: bool = False  # Five Hundred: bid without the kitty
    misere: bool = False  # Five Hundred: a misère call of any kind

    def as_json(self) -> dict[str, Any]:
        """The view's `contract` (games/engines/view.py): seat, call, trump letter, made."""
        return {
            "seat": self.seat,
            "call": self.call,
            "trump": SUIT_LETTERS[self.trump] if self.trump is not None else None,
            "made": self.made,
        }


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
