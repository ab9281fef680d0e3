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

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, Protocol, runtime_checkable

from .cards import SUIT_LETTERS, Card, Malformed, parse_card, parse_suit

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
# For the engines' hot paths, which keep a hand's phase as a plain int (an IntEnum member
# compares about 2.5 times slower than an int): PHASES[i] is the member, PHASE_CODES[i] its code.
PHASES = tuple(Phase)
PHASE_CODES = _PHASE_CODES


# Refusals ------------------------------------------------------------------------------------
#
# Every refusal has a `code`: one word from REFUSAL_CODES, for programs, which never changes
# (see the package docstring), and a message id: the code, or "code.variant" when one code covers
# several sentences. Its `params` are language-neutral (seats and numbers, card codes "QH", suit
# letters "H", record calls "7H", action kinds "play", steps "bid"); the site turns the message id
# and params into a sentence in the reader's language (games/refusals.py). The engines hold no
# words for people.

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


def refusal_text(message_id: str, params: dict[str, Any] | None = None) -> str:
    """A refusal in short language-neutral form, for logs and programs: the message id and its
    params (`must_follow suit=H held=QH,10H`). People read the site's sentence instead."""
    parts = [message_id]
    for key, value in (params or {}).items():
        if isinstance(value, list | tuple):
            value = ",".join(str(v) for v in value)
        parts.append(f"{key}={value}")
    return " ".join(parts)


class IllegalAction(Exception):
    """An action the rules do not allow now.

    `IllegalAction("bid_too_low", {"high": 2})` or, with a variant of the code's sentence,
    `IllegalAction("bid_too_low.no_steal", {"high": 2})`: `code` is the stable code
    ("bid_too_low"), `message_id` picks the sentence, `params` (language-neutral) fill it.
    `str(exc)` is the short neutral form (`refusal_text`); games/refusals.py words it.
    """

    def __init__(self, message_id: str, params: dict[str, Any] | None = None):
        self.message_id = message_id
        self.code = message_id.partition(".")[0]
        self.params = dict(params) if params else {}
        super().__init__(refusal_text(message_id, self.params))


class RecordError(ValueError):
    """A hand or game record that is malformed or breaks the rules.

    `code` is a refusal code (REFUSAL_CODES): the illegal action's own code, or `malformed` for
    a record the format does not describe. `index` is the 0-based index of the first bad action,
    or None for a fault outside `actions`; `hand` is the 0-based hand of a game record, when
    there is one. A refusal (an illegal action, a wrong dealer) also carries its `message_id`,
    `params` and the acting `seat`, so the site can word it (`as_json(render=...)`); `reason`
    is then the neutral form. Faults of the format itself have a plain `reason`.
    """

    def __init__(
        self,
        reason: str,
        index: int | None = None,
        hand: int | None = None,
        *,
        code: str = "malformed",
        message_id: str | None = None,
        params: dict[str, Any] | None = None,
        seat: int | None = None,
    ):
        super().__init__(reason)
        self.reason = reason
        self.index = index
        self.hand = hand
        self.code = code
        self.message_id = message_id
        self.params = dict(params or {})
        self.seat = seat

    @classmethod
    def refusal(
        cls, message_id: str, params: dict[str, Any] | None = None, **where: Any
    ) -> RecordError:
        """A record refused by the rules: `where` is index=, hand= and seat=."""
        seat = where.get("seat")
        text = refusal_text(message_id, params)
        return cls(
            f"seat {seat}: {text}" if seat is not None else text,
            where.get("index"),
            where.get("hand"),
            code=message_id.partition(".")[0],
            message_id=message_id,
            params=params,
            seat=seat,
        )

    def describe(self, render=None) -> str:
        """The reason, worded by `render(message_id, params)` when it is a refusal and a
        renderer is given (the site's games.refusals.refusal_message)."""
        if render is None or self.message_id is None:
            return self.reason
        text = render(self.message_id, self.params)
        return f"seat {self.seat}: {text}" if self.seat is not None else text

    def as_json(self, render=None) -> dict[str, Any]:
        error: dict[str, Any] = {
            "index": self.index,
            "code": self.code,
            "reason": self.describe(render),
        }
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

    def __reduce__(self):
        """Pickled by its fields in order (quicker than a slotted dataclass's own state)."""
        return (
            Action,
            (self.seat, self.kind, self.call, self.sans_kitty, self.card, self.cards, self.suit),
        )

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

        Raises Malformed (a ValueError) with a reason for anything the format does not describe.
        """
        if not isinstance(obj, dict):
            raise Malformed("malformed.not_object", "an action must be an object")
        seat = obj.get("seat")
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise Malformed("malformed.seat", "an action needs a whole-number seat")
        kinds = [k for k in ACTION_KINDS if k in obj]
        if len(kinds) != 1:
            raise Malformed(
                "malformed.one_kind",
                "an action must have exactly one of: " + ", ".join(ACTION_KINDS),
                kinds=list(ACTION_KINDS),
            )
        kind = kinds[0]
        allowed = {"seat", kind}
        if kind == "call":
            allowed.add("sans_kitty")
        if kind == "play":
            allowed.add("suit")
        unknown = sorted(set(obj) - allowed)
        if unknown:
            raise Malformed(
                "malformed.unknown_key",
                f"unknown key {unknown[0]!r} in a {kind} action",
                key=unknown[0],
                kind_key=kind,
            )
        value = obj[kind]
        if kind == "call":
            if not isinstance(value, str):
                raise Malformed("malformed.call_text", "a call must be a string")
            sans = obj.get("sans_kitty", False)
            if not isinstance(sans, bool):
                raise Malformed("malformed.sans_kitty_bool", "sans_kitty must be true or false")
            return cls(seat, "call", call=_canonical_call(value), sans_kitty=sans)
        if kind == "discard":
            if not isinstance(value, list):
                raise Malformed("malformed.discard_list", "a discard must be a list of cards")
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


@runtime_checkable
class HandState(Protocol):
    """What both games' hands offer (five_hundred.Hand, pitch.Hand), and all the site, the
    bots and the records use of them. Construction: `Hand.new(players, options, dealer, rng)`
    (a fresh shuffle) and `Hand.from_deal(players, options, dealer, deal)` (a record's deal)."""

    GAME: str  # "five_hundred" or "pitch"
    players: int
    dealer: int
    options: Any  # the engine's Options
    actions: list[Action]  # the actions applied so far, in order

    @property
    def to_act(self) -> int | None:
        """The seat whose turn it is, or None when the hand is over."""

    @property
    def phase(self) -> Phase: ...

    @property
    def is_over(self) -> bool:
        """Complete or thrown in."""

    @property
    def thrown_in(self) -> bool:
        """Everyone passed: nobody scores, the next dealer (the rules say who) deals again."""

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is won, else None."""

    @property
    def made(self) -> bool | None:
        """Whether the contract was made; None until the hand is complete."""

    @property
    def tricks_won(self) -> list[int]: ...

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the seat to act (empty once the hand is over)."""

    def sample_action(self, rng: Any) -> Action:
        """A uniformly random legal action."""

    def apply(self, action: Action) -> None:
        """Record the action, or raise IllegalAction and change nothing."""

    def reveal_to(self, seat: int) -> None:
        """The seat has looked at its cards (Five Hundred's blind misère closes)."""

    def view_for(self, seat: int) -> dict[str, Any]:
        """What that seat may see (view.HandView): never another hand or the kitty."""

    def public_view(self) -> dict[str, Any]:
        """What everyone may see (spectators; view.HandView with seat None): no cards."""

    def full_view(self) -> dict[str, Any]:
        """Everything, every hand included: for finished hands and the server only."""

    def summary(self) -> dict[str, Any]:
        """The replay object of shared/hand-records.md."""

    def deal_record(self) -> dict[str, Any]:
        """The deal in record form: dealer, hands (and Five Hundred's kitty, dead hand)."""

    def scores(self, totals: Sequence[int] | None = None) -> list[int]:
        """What the hand adds to each seat's total (partners show the same figure); `totals`
        before the hand, for rules that depend on them (Five Hundred's trick-points cap)."""


@runtime_checkable
class GameState(Protocol):
    """What both games' whole-game loops offer (game.Game and its subclasses)."""

    players: int
    options: Any
    hands: list[Any]  # every hand dealt, in order; the last is the hand in play
    totals: list[int]  # the running totals
    rows: list[list[int]]  # the totals after each finished hand
    winners: list[int] | None
    hand_limit: int | None

    @property
    def hand(self) -> HandState: ...

    @property
    def is_over(self) -> bool: ...

    def apply(self, action: Action) -> None: ...

    def view_for(self, seat: int) -> dict[str, Any]:
        """The hand in play for `seat` with the game-level keys (view.GameView)."""

    def record(self) -> dict[str, Any]:
        """The game so far as a game record."""
