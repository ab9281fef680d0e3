"""Auction Pitch (Setback, High-Low-Jack): the rules engine (shared/rules/pitch.md).

A hand is its deal plus its ordered actions. `Hand` answers `legal_actions()`, checks and applies
an action (raising `IllegalAction(code, params)` and changing nothing), scores the finished
hand and gives `view_for(seat)`: what that seat may see and nothing more. `apply_hand` and
`next_dealer` carry a game from hand to hand, and `Game` wraps them for callers that want one
object for a whole game. The module follows the engine contract of `records.py`.

Actions (base.Action):

    Action(seat, "call", call="pass")      pass
    Action(seat, "call", call="2")         bid 1-4 ("4" bids four without pitching)
    Action(seat, "pitch", card=AS)         bid four by pitching AS, which is the opening lead
    Action(seat, "play", card=QH)          play a card

Points the rule sheet leaves open, as this engine settles them:

- Pitching ends the auction at once, and nobody can steal a pitched 4. A 4 *called* without
  pitching does not end it: the players after it still call in turn and can only pass (the site
  may play those passes for them; in a record they are actions like any other). With
  `dealer_steal: including_4` the dealer may steal a called 4 by calling 4 or by pitching.
- Only the dealer steals, and only at exactly the high bid; stealing at 1-3 is a call of that
  number. `never` means the dealer, like everyone else, must bid higher.
- With `min_bid: 2` a bid of 1 is not allowed to anyone. A stuck dealer must bid 2, 3 or 4.
- Every dealt card is played, so "in play" means "dealt": High and Low are the highest and lowest
  trumps dealt, and the Jack scores when the Jack of trumps was dealt.
- With partnerships a side's points are pooled for the pitcher's bid, the Game point goes to the
  side with more pooled game points, and both partners score the side's figure.
- `win: highest_over_target` replaces the pitcher-only rule: after any hand, the single highest
  total at or above the target wins, whoever pitched. `pitcher_first_hljg` counts only the
  points of players (sides) other than the pitcher's, High, Low, Jack, Game, from the totals
  before the hand. `smudge` wins at once under every `win` rule.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields
from typing import Any

from .base import PHASES, Action, Contract, IllegalAction, Phase
from .cards import (
    ACE,
    JACK,
    KING,
    QUEEN,
    SUIT_LETTERS,
    Card,
    Malformed,
    card,
    parse_card,
    sort_for_display,
    standard_52,
)
from .game import Game as GameLoop
from .view import BID as BID_STEP
from .view import PLAY as PLAY_STEP
from .view import hand_view, step_for

GAME = "pitch"
PLAYER_COUNTS = (3, 4, 5, 6, 7)
HAND_SIZE = 6
TRICKS = 6
MAX_BID = 4
STUCK_BID = 2

PACK: tuple[Card, ...] = tuple(standard_52())
_IN_PACK = frozenset(PACK)

# Game points by rank: 10 = 10, A = 4, K = 3, Q = 2, J = 1 (in every suit).
GAME_POINT_VALUES = {10: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
_GP = [0] * 128
for _c in PACK:
    _GP[_c] = GAME_POINT_VALUES.get(_c & 31, 0)

POINT_NAMES = ("high", "low", "jack", "game")

# Phases of a hand (base.Phase, shared with Five Hundred, which has two more between the
# auction and the play; module names for the hot paths).
# Plain ints inside a hand for speed; `hand.phase` is the Phase member.
AUCTION, PLAY, COMPLETE, THROWN_IN = (
    int(Phase.AUCTION),
    int(Phase.PLAY),
    int(Phase.COMPLETE),
    int(Phase.THROWN_IN),
)
_STATUS = {
    AUCTION: "in_progress",
    PLAY: "in_progress",
    COMPLETE: "complete",
    THROWN_IN: "thrown_in",
}

BID_CALLS = ("1", "2", "3", "4")


# --------------------------------------------------------------------------------------------
# Options
# --------------------------------------------------------------------------------------------

_CHOICES: dict[str, tuple[Any, ...]] = {
    "target": (7, 11, 15, 21),
    "partnerships": (False, True),
    "low": ("winner", "holder"),
    "all_pass": ("stick_dealer", "redeal_same", "redeal_next"),
    "dealer_steal": ("up_to_3", "including_4", "never"),
    "min_bid": (1, 2),
    "win": ("pitcher_only", "pitcher_first_hljg", "highest_over_target"),
    "smudge": (False, True),
}


def _show(value: Any) -> str:
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return f'"{value}"'
    return repr(value)


def _check_option(name: str, value: Any) -> None:
    choices = _CHOICES[name]
    if not any(type(value) is type(choice) and value == choice for choice in choices):
        shown = [_show(choice) for choice in choices]
        raise Malformed.option_choice(name, shown, _show(value), quoted=True)


@dataclass(frozen=True, slots=True)
class Options:
    """A table's options (rules/pitch.md, "Table options"); the defaults are the club's game."""

    target: int = 7
    partnerships: bool = False
    low: str = "winner"
    all_pass: str = "stick_dealer"
    dealer_steal: str = "up_to_3"
    min_bid: int = 1
    win: str = "pitcher_only"
    smudge: bool = False

    def __post_init__(self) -> None:
        for name in _CHOICES:
            _check_option(name, getattr(self, name))

    @classmethod
    def from_dict(cls, data: Any, players: int | None = None) -> Options:
        """Strict: an unknown key or value (or partnerships without 4 players) is a ValueError."""
        if not isinstance(data, dict):
            raise Malformed("malformed.options", "options must be an object")
        for key in data:
            if key not in _CHOICES:
                known = ", ".join(_CHOICES)
                raise Malformed(
                    "malformed.unknown_option",
                    f"unknown Pitch option {key!r} (the options are {known})",
                    game=GAME,
                    key=key,
                )
        options = cls(**data)
        if players is not None:
            options.check_players(players)
        return options

    def to_dict(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = _DEFAULT_OPTIONS
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) != getattr(default, f.name)
        }

    def check_players(self, players: Any) -> None:
        if (
            not isinstance(players, int)
            or isinstance(players, bool)
            or (players not in PLAYER_COUNTS)
        ):
            raise Malformed(
                "malformed.player_count",
                f"Pitch is played by 3 to 7 players, not {_show(players)}",
                game=GAME,
                counts=list(PLAYER_COUNTS),
                players=_show(players),
            )
        if self.partnerships and players != 4:
            raise Malformed(
                "malformed.partnerships",
                f"partnerships need exactly 4 players, not {players}",
                players=players,
            )


_DEFAULT_OPTIONS = Options()


# --------------------------------------------------------------------------------------------
# Interned actions: every (seat, call) and (seat, card) action exists once.
# --------------------------------------------------------------------------------------------

_MAX_SEATS = max(PLAYER_COUNTS)
_PLAYS: list[list[Action | None]] = []
_PITCHES: list[list[Action | None]] = []
_CALLS: list[dict[str, Action]] = []
for _seat in range(_MAX_SEATS):
    _p: list[Action | None] = [None] * 128
    _q: list[Action | None] = [None] * 128
    for _c in PACK:
        _p[_c] = Action(_seat, "play", card=_c)
        _q[_c] = Action(_seat, "pitch", card=_c)
    _PLAYS.append(_p)
    _PITCHES.append(_q)
    _CALLS.append({call: Action(_seat, "call", call=call) for call in ("pass", *BID_CALLS)})


def play_action(seat: int, c: Card) -> Action:
    """The interned play action."""
    return _PLAYS[seat][c]


def pitch_action(seat: int, c: Card) -> Action:
    return _PITCHES[seat][c]


def call_action(seat: int, call: str) -> Action:
    return _CALLS[seat][call]


def _codes(cards: Iterable[Card]) -> list[str]:
    """Cards as card codes, highest first, for a refusal's params (the site words it)."""
    return [str(c) for c in sorted(cards, reverse=True)]


def _check_table(players: Any, options: Options, dealer: Any) -> None:
    if not isinstance(options, Options):
        raise ValueError("options must be pitch.Options")
    options.check_players(players)
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise ValueError(f"dealer must be a seat from 0 to {players - 1}")


# --------------------------------------------------------------------------------------------
# A hand
# --------------------------------------------------------------------------------------------


class Hand:
    """One deal of Auction Pitch, from the deal to the scoring."""

    GAME = GAME

    __slots__ = (
        "players",
        "dealer",
        "options",
        "actions",
        "_dealt",
        "_hands",
        "_unit",
        "_phase",
        "_turn",
        "_high",
        "_high_seat",
        "_pitch_card",
        "_pitch_seat",
        "_bids",
        "_pitcher",
        "_bid",
        "_trump",
        "_leader",
        "_led",
        "_trick",
        "_best_seat",
        "_best_card",
        "_best_trump",
        "_tricks",
        "_won",
        "_game_points",
        "_history",
        "_points",
        "_scores",
        "_made",
    )

    def __init__(
        self, players: int, options: Options, dealer: int, hands: Sequence[Sequence[Card]]
    ):
        self.players = players
        self.dealer = dealer
        self.options = options
        self.actions: list[Action] = []
        self._dealt = tuple(tuple(h) for h in hands)
        self._hands = [list(h) for h in hands]
        self._unit = tuple(s % 2 for s in range(players)) if options.partnerships else None
        self._phase = AUCTION
        self._turn: int | None = (dealer + 1) % players
        self._high = 0
        self._high_seat: int | None = None
        self._pitch_card: Card | None = None
        self._pitch_seat: int | None = None
        self._bids: list[Action] = []
        self._pitcher: int | None = None
        self._bid: int | None = None
        self._trump: int | None = None
        self._leader: int | None = None
        self._led: int | None = None
        self._trick: list[tuple[int, Card]] = []
        self._best_seat = -1
        self._best_card = -1
        self._best_trump = False
        self._tricks = [0] * players
        self._won: list[list[Card]] = [[] for _ in range(players)]
        self._game_points = [0] * players
        self._history: list[tuple[int, tuple[tuple[int, Card], ...], int]] = []
        self._points: dict[str, int | None] | None = None
        self._scores: list[int] | None = None
        self._made: bool | None = None

    # ---- construction ------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        options: Options | None = None,
        dealer: int = 0,
        rng: random.Random | None = None,
    ) -> Hand:
        """Shuffle and deal: six cards each, three at a time, starting at the dealer's left.

        The dealt cards are `rng.sample(PACK, 6 × players)`: the site passes
        `deals.SeededShuffle(seed)`, whose sample is the top of the pack shuffled by the
        published algorithm (deals.py, DEALS.md): the first 3 × players cards go three to each
        seat from the dealer's left, the next 3 × players three more each in the same order.
        A seeded `random.Random` also reproduces a deal (tests, bots' playouts).
        """
        if options is None:
            options = _DEFAULT_OPTIONS
        _check_table(players, options, dealer)
        if rng is None:
            rng = random.Random()
        deck = rng.sample(PACK, HAND_SIZE * players)
        hands: list[list[Card]] = [[] for _ in range(players)]
        second = 3 * players
        for i in range(players):
            j = 3 * i
            hands[(dealer + 1 + i) % players] = deck[j : j + 3] + deck[second + j : second + j + 3]
        return cls(players, options, dealer, hands)

    @classmethod
    def from_deal(cls, players: int, options: Options, dealer: int, deal: Any) -> Hand:
        """The hand a record's deal describes: `deal` is {"hands": [[card, ...], ...]}.

        Raises ValueError when it is not a Pitch deal: `players` hands of six cards from the
        52-card pack with no card twice (Pitch has no kitty and no dead hand).
        """
        _check_table(players, options, dealer)
        if not isinstance(deal, dict):
            raise Malformed("malformed.deal_object", "a deal must be an object")
        for key in deal:
            if key != "hands":
                raise Malformed(
                    "malformed.pitch_deal_key", f"a Pitch deal has no {key!r}: only hands", key=key
                )
        raw = deal.get("hands")
        if not isinstance(raw, list) or len(raw) != players:
            raise Malformed(
                "malformed.deal_hand_list",
                f"hands must be a list of {players} hands, one per seat",
                players=players,
            )
        seen: set[Card] = set()
        hands: list[list[Card]] = []
        for seat, raw_hand in enumerate(raw):
            if not isinstance(raw_hand, list) or len(raw_hand) != HAND_SIZE:
                raise Malformed(
                    "malformed.deal_seat_size",
                    f"seat {seat} must be dealt exactly {HAND_SIZE} cards",
                    seat=seat,
                    size=HAND_SIZE,
                )
            cards = []
            for item in raw_hand:
                c = item if isinstance(item, Card) else parse_card(item)
                if c not in _IN_PACK:
                    raise Malformed(
                        "malformed.not_in_pitch_pack",
                        f"{c} is not in the 52-card pack Pitch uses",
                        card=str(c),
                    )
                if c in seen:
                    raise Malformed("malformed.dealt_twice", f"{c} is dealt twice", card=str(c))
                seen.add(c)
                cards.append(c)
            hands.append(cards)
        return cls(players, options, dealer, hands)

    def deal_record(self) -> dict[str, Any]:
        return {"dealer": self.dealer, "hands": [[str(c) for c in h] for h in self._dealt]}

    # ---- simple state ------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._phase >= COMPLETE

    @property
    def status(self) -> str:
        return _STATUS[self._phase]

    @property
    def phase(self) -> Phase:
        return PHASES[self._phase]

    @property
    def thrown_in(self) -> bool:
        return self._phase == THROWN_IN

    @property
    def in_auction(self) -> bool:
        return self._phase == AUCTION

    @property
    def pitcher(self) -> int | None:
        return self._pitcher

    @property
    def bid(self) -> int | None:
        return self._bid

    @property
    def trump(self) -> int | None:
        return self._trump

    @property
    def made(self) -> bool | None:
        return self._made

    @property
    def points(self) -> dict[str, int | None]:
        """The seat that won High, Low, Jack and Game (all None until the hand is complete)."""
        if self._points is None:
            return dict.fromkeys(POINT_NAMES)
        return dict(self._points)

    @property
    def tricks_won(self) -> list[int]:
        return list(self._tricks)

    def reveal_to(self, seat: int) -> None:
        """Pitch has no blind bid: a seat looking at its cards changes nothing (the method is
        here so both games' hands answer the same calls)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat}")

    def has_looked(self, seat: int) -> bool:
        return True

    @property
    def game_points(self) -> list[int]:
        return list(self._game_points)

    def dealt(self, seat: int) -> tuple[Card, ...]:
        return self._dealt[seat]

    def cards(self, seat: int) -> tuple[Card, ...]:
        """The cards seat still holds (server side only: never show them to another seat)."""
        return tuple(self._hands[seat])

    def unit(self, seat: int) -> int:
        """The scoring unit of a seat: the seat itself, or its side (0 or 1) in partnerships."""
        return seat if self._unit is None else self._unit[seat]

    def side(self, seat: int) -> tuple[int, ...]:
        """The seats that score together with seat."""
        if self._unit is None:
            return (seat,)
        return (seat % 2, seat % 2 + 2)

    def scores(self, totals: Sequence[int] | None = None) -> list[int]:
        """What the hand adds to each seat's total (zeros until it is complete). No Pitch rule
        depends on the totals before the hand; `totals` is taken as in Five Hundred."""
        if self._scores is None:
            return [0] * self.players
        return list(self._scores)

    # ---- legal actions -----------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        phase = self._phase
        seat = self._turn
        if phase == PLAY:
            hand = self._hands[seat]
            plays = _PLAYS[seat]
            if not self._trick:
                return [plays[c] for c in hand]
            led = self._led
            trump = self._trump
            if led == trump:
                out = [plays[c] for c in hand if c >> 5 == trump]
            else:
                out = [plays[c] for c in hand if c >> 5 == led]
                if out:
                    out += [plays[c] for c in hand if c >> 5 == trump]
            return out if out else [plays[c] for c in hand]
        if phase == AUCTION:
            return self._legal_auction(seat)
        return []

    def sample_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action."""
        return rng.choice(self.legal_actions())

    def _legal_auction(self, seat: int) -> list[Action]:
        calls = _CALLS[seat]
        high = self._high
        options = self.options
        if high == MAX_BID:
            # A called 4: everyone after it can only pass; the dealer may steal it by calling 4
            # or pitching when the table allows (including_4).
            if seat != self.dealer or options.dealer_steal != "including_4":
                return [calls["pass"]]
            pitches = _PITCHES[seat]
            return [calls["pass"], calls["4"], *(pitches[c] for c in self._hands[seat])]
        if seat != self.dealer:
            lowest = max(high + 1, options.min_bid)
            out = [calls["pass"]]
        elif high == 0 and options.all_pass == "stick_dealer":
            lowest = max(STUCK_BID, options.min_bid)
            out = []
        elif high == 0:
            lowest = options.min_bid
            out = [calls["pass"]]
        else:
            # The dealer may steal at the high bid (a called 4 is handled above).
            lowest = high if options.dealer_steal != "never" else high + 1
            out = [calls["pass"]]
        out += [calls[BID_CALLS[b - 1]] for b in range(lowest, MAX_BID + 1)]
        pitches = _PITCHES[seat]
        out += [pitches[c] for c in self._hands[seat]]
        return out

    # ---- applying actions --------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Record the action, or raise IllegalAction and change nothing."""
        if self._phase == PLAY and type(action) is Action and action.seat == self._turn:
            if action.kind == "play" and action.suit is None and not action.cards:
                self._play(action)
                return
        self._check_common(action)
        kind = action.kind
        if self._phase == AUCTION:
            if kind == "call":
                self._call(action)
            elif kind == "pitch":
                self._pitch(action)
            else:
                raise IllegalAction("not_allowed_now.auction")
        elif kind == "play":
            if action.suit is not None:
                raise IllegalAction("malformed.pitch_play_suit")
            self._play(action)
        else:
            raise IllegalAction("not_allowed_now.auction_over", {"needed": PLAY_STEP})

    def _check_common(self, action: Any) -> None:
        if not isinstance(action, Action):
            raise IllegalAction("malformed")
        if self._phase >= COMPLETE:
            raise IllegalAction("hand_over")
        seat = action.seat
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("no_such_seat", {"seat": seat, "players": self.players})
        if seat != self._turn:
            doing = BID_STEP if self._phase == AUCTION else PLAY_STEP
            raise IllegalAction("not_your_turn", {"turn": self._turn, "doing": doing})
        if action.kind not in ("call", "pitch", "play"):
            raise IllegalAction("malformed.no_kind", {"kind": action.kind, "game": GAME})
        if action.sans_kitty:
            raise IllegalAction("malformed.sans_kitty")
        if action.cards:
            raise IllegalAction("malformed.one_card")

    def _call(self, action: Action) -> None:
        seat = action.seat
        call = action.call
        options = self.options
        high = self._high
        is_dealer = seat == self.dealer
        if call == "pass":
            if is_dealer and high == 0 and options.all_pass == "stick_dealer":
                raise IllegalAction("must_bid", {"lowest": max(STUCK_BID, options.min_bid)})
            self._record_bid(action)
            if is_dealer:
                self._end_auction()
            else:
                self._turn = (seat + 1) % self.players
            return
        if call not in BID_CALLS:
            raise IllegalAction("malformed.pitch_call", {"call": call})
        bid = int(call)
        if high == MAX_BID and not (
            is_dealer and bid == MAX_BID and options.dealer_steal == "including_4"
        ):
            raise IllegalAction("must_pass")
        if bid < options.min_bid:
            raise IllegalAction("bid_too_low.min_bid", {"lowest": options.min_bid})
        if is_dealer and high == 0 and options.all_pass == "stick_dealer" and bid < STUCK_BID:
            raise IllegalAction("bid_too_low.stuck", {"lowest": max(STUCK_BID, options.min_bid)})
        if bid <= high:
            if not (is_dealer and bid == high):
                raise IllegalAction("bid_too_low", {"high": high})
            if options.dealer_steal == "never":
                raise IllegalAction("bid_too_low.no_steal", {"high": high})
        self._record_bid(action)
        self._high = bid
        self._high_seat = seat
        self._pitch_card = None
        self._pitch_seat = None
        self._after_bid(seat, is_dealer, bid)

    def _pitch(self, action: Action) -> None:
        seat = action.seat
        c = action.card
        if c is None:
            raise IllegalAction("malformed.pitch_no_card")
        if c not in self._hands[seat] or c.__class__ is not Card:
            raise IllegalAction("card_not_held", {"card": str(c)})
        is_dealer = seat == self.dealer
        if self._high == MAX_BID and not (is_dealer and self.options.dealer_steal == "including_4"):
            raise IllegalAction("must_pass")
        self._record_bid(action)
        # Pitching ends the auction at once: nobody can steal a pitched 4.
        self._high = MAX_BID
        self._high_seat = seat
        self._pitch_card = c
        self._pitch_seat = seat
        self._end_auction()

    def _record_bid(self, action: Action) -> None:
        self.actions.append(action)
        self._bids.append(action)

    def _after_bid(self, seat: int, is_dealer: bool, bid: int) -> None:
        # A called 4 ends nothing: the players after it still call (they can only pass).
        if is_dealer:
            self._end_auction()
        else:
            self._turn = (seat + 1) % self.players

    def _end_auction(self) -> None:
        if self._high == 0:
            self._phase = THROWN_IN
            self._turn = None
            self._scores = [0] * self.players
            return
        pitcher = self._high_seat
        self._pitcher = pitcher
        self._bid = self._high
        self._phase = PLAY
        self._turn = pitcher
        c = self._pitch_card
        if c is not None:
            self._lead(pitcher, c)

    def _lead(self, seat: int, c: Card) -> None:
        self._hands[seat].remove(c)
        suit = c >> 5
        if self._trump is None:
            self._trump = suit
        self._leader = seat
        self._led = suit
        self._trick = [(seat, c)]
        self._best_seat = seat
        self._best_card = c
        self._best_trump = suit == self._trump
        self._turn = (seat + 1) % self.players

    def _play(self, action: Action) -> None:
        seat = action.seat
        c = action.card
        hand = self._hands[seat]
        if c not in hand or c.__class__ is not Card:
            raise IllegalAction("card_not_held", {"card": str(c)})
        trick = self._trick
        if not trick:
            self.actions.append(action)
            self._lead(seat, c)
            return
        suit = c >> 5
        trump = self._trump
        led = self._led
        if led == trump:
            if suit != trump:
                held = [h for h in hand if h >> 5 == trump]
                if held:
                    raise IllegalAction(
                        "must_follow.trumps",
                        {"suit": SUIT_LETTERS[trump], "held": _codes(held)},
                    )
        elif suit != led and suit != trump:
            held = [h for h in hand if h >> 5 == led]
            if held:
                raise IllegalAction(
                    "must_follow.or_trump", {"suit": SUIT_LETTERS[led], "held": _codes(held)}
                )
        # Legal: record it.
        self.actions.append(action)
        hand.remove(c)
        trick.append((seat, c))
        if suit == trump:
            if not self._best_trump or c > self._best_card:
                self._best_seat = seat
                self._best_card = c
                self._best_trump = True
        elif suit == led and not self._best_trump and c > self._best_card:
            self._best_seat = seat
            self._best_card = c
        if len(trick) < self.players:
            self._turn = (seat + 1) % self.players
            return
        winner = self._best_seat
        won = self._won[winner]
        gp = 0
        for _s, t in trick:
            won.append(t)
            gp += _GP[t]
        self._game_points[winner] += gp
        self._tricks[winner] += 1
        self._history.append((self._leader, tuple(trick), winner))
        self._trick = []
        self._led = None
        if hand:
            self._turn = winner
        else:
            self._finish()

    # ---- scoring -----------------------------------------------------------------------

    def _finish(self) -> None:
        self._phase = COMPLETE
        self._turn = None
        trump = self._trump
        owner: dict[Card, int] = {}
        for seat, won in enumerate(self._won):
            for c in won:
                owner[c] = seat
        trumps = [c for h in self._dealt for c in h if c >> 5 == trump]
        high = max(trumps)
        low = min(trumps)
        if self.options.low == "holder":
            low_seat = next(s for s, h in enumerate(self._dealt) if low in h)
        else:
            low_seat = owner[low]
        jack = card(trump, JACK)
        jack_seat = owner.get(jack)
        # Game: the unit (seat or side) with the most game points; nobody on a tie.
        units = self._unit_count()
        unit_gp = [0] * units
        for seat, gp in enumerate(self._game_points):
            unit_gp[self.unit(seat)] += gp
        best = max(unit_gp)
        game_seat = unit_gp.index(best) if unit_gp.count(best) == 1 else None
        # A side is named by its lower-numbered seat, which is its unit number.
        self._points = {"high": owner[high], "low": low_seat, "jack": jack_seat, "game": game_seat}
        won_points = [0] * units
        for seat in self._points.values():
            if seat is not None:
                won_points[self.unit(seat)] += 1
        pitcher_unit = self.unit(self._pitcher)
        self._made = won_points[pitcher_unit] >= self._bid
        if not self._made:
            won_points[pitcher_unit] = -self._bid
        self._scores = [won_points[self.unit(s)] for s in range(self.players)]

    def _unit_count(self) -> int:
        return self.players if self._unit is None else 2

    def points_in_order(self) -> list[tuple[str, int]]:
        """The points awarded, in the order High, Low, Jack, Game, as (name, seat)."""
        if self._points is None:
            return []
        return [
            (name, self._points[name]) for name in POINT_NAMES if self._points[name] is not None
        ]

    # ---- what players see --------------------------------------------------------------

    @property
    def contract(self) -> Contract | None:
        """The contract (None until the auction is won): the pitcher, the bid as a call."""
        if self._pitcher is None:
            return None
        return Contract(self._pitcher, BID_CALLS[self._bid - 1], self._trump, self._made)

    def _contract_record(self) -> dict[str, Any] | None:
        """The replay object's contract (shared/hand-records.md)."""
        if self._pitcher is None:
            return None
        return {
            "seat": self._pitcher,
            "bid": self._bid,
            "trump": None if self._trump is None else SUIT_LETTERS[self._trump],
            "made": self._made,
        }

    def summary(self) -> dict[str, Any]:
        """The replay object of shared/hand-records.md for this hand."""
        return {
            "status": _STATUS[self._phase],
            "contract": self._contract_record(),
            "tricks": list(self._tricks),
            "scores": self.scores(),
            "to_act": self._turn,
            "legal": [a.to_record() for a in self.legal_actions()],
            "points": self.points,
            "game_points": list(self._game_points),
        }

    def _trick_json(self, trick: Iterable[tuple[int, Card]]) -> list[dict[str, Any]]:
        return [{"seat": s, "card": str(c)} for s, c in trick]

    def _captured(self) -> dict[str, Any]:
        """What everyone can work out from the tricks taken so far."""
        trump = self._trump
        out: dict[str, Any] = {"highest_trump": None, "lowest_trump": None, "jack": None}
        if trump is None:
            return out
        high = low = None
        for seat, won in enumerate(self._won):
            for c in won:
                if c >> 5 != trump:
                    continue
                if high is None or c > high[1]:
                    high = (seat, c)
                if low is None or c < low[1]:
                    low = (seat, c)
                if c & 31 == JACK:
                    out["jack"] = {"seat": seat, "card": str(c)}
        if high is not None:
            out["highest_trump"] = {"seat": high[0], "card": str(high[1])}
            out["lowest_trump"] = {"seat": low[0], "card": str(low[1])}
        return out

    def _done_trick(self, leader: int, trick, winner: int) -> dict[str, Any]:
        return {
            "leader": leader,
            "led": SUIT_LETTERS[trick[0][1] >> 5],
            "cards": self._trick_json(trick),
            "winner": winner,
        }

    def public_view(self) -> dict[str, Any]:
        """Everything every seat may see (and a spectator): no cards in hand.
        The keys are those of games/engines/view.py, with Pitch's extras."""
        history = [self._done_trick(*done) for done in self._history]
        pitched = None
        if self._phase == AUCTION and self._pitch_card is not None:
            pitched = {"seat": self._pitch_seat, "card": str(self._pitch_card)}
        contract = None
        if self._pitcher is not None:
            contract = self.contract.as_json()
            contract["bid"] = self._bid
        current = None
        if self._phase == PLAY:
            trick = self._trick
            current = {
                "leader": self._leader if trick else self._turn,
                "led": SUIT_LETTERS[self._led] if trick else None,
                "cards": self._trick_json(trick),
            }
        high = self._high
        view = hand_view(
            self,
            self._phase,
            hand_sizes=[len(h) for h in self._hands],
            auction=[a.to_record() for a in self._bids],
            passed=[a.seat for a in self._bids if a.call == "pass"],
            high_bid=None
            if self._high_seat is None
            else {"seat": self._high_seat, "call": BID_CALLS[high - 1]},
            contract=contract,
            trump=None if self._trump is None else SUIT_LETTERS[self._trump],
            trick=current,
            history=history,
            tricks_won=list(self._tricks),
            sides=[list(side) for side in sides(self.players, self.options)],
        )
        view.update(
            {  # Pitch's extras
                "options": self.options.to_dict(),
                "pitched": pitched,
                "won": [[str(c) for c in won] for won in self._won],
                "game_points": list(self._game_points),
                "captured": self._captured(),
                "points": self.points,
            }
        )
        return view

    def view_for(self, seat: int) -> dict[str, Any]:
        """What seat may see: its own cards, everything public, and its legal actions."""
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat} at this table")
        view = self.public_view()
        view["seat"] = seat
        view["step"] = step_for(self._phase, self._turn, seat)
        view["hand"] = [str(c) for c in sort_for_display(self._hands[seat], self._trump)]
        view["legal"] = [a.to_record() for a in self.legal_actions()] if seat == self._turn else []
        return view

    def full_view(self) -> dict[str, Any]:
        """Everything, for replays of finished hands and for the server itself."""
        view = self.public_view()
        view.update(self.deal_record())  # the hands as dealt
        view["hands_now"] = [
            [str(c) for c in sort_for_display(h, self._trump)] for h in self._hands
        ]
        view["actions"] = [a.to_record() for a in self.actions]
        view["legal"] = [a.to_record() for a in self.legal_actions()]
        return view


# --------------------------------------------------------------------------------------------
# From hand to hand
# --------------------------------------------------------------------------------------------


def sides(players: int, options: Options | None = None) -> tuple[tuple[int, ...], ...]:
    """The seats that score together: partnerships 0 & 2 against 1 & 3, else each seat alone."""
    if options is not None and options.partnerships:
        return ((0, 2), (1, 3))
    return tuple((s,) for s in range(players))


POINT_NAMES = ("high", "low", "jack", "game")


def contract_scores(
    options: Options | None, bid: int, pitcher: int, points: dict[str, int | None]
) -> list[int]:
    """What a partnership hand played away from the site adds to each of the four seats, from
    its bid, the pitcher's seat and which side (0: seats 0 and 2, 1: seats 1 and 3) took each
    point: High and Low always go to a side; Jack to nobody when it was not dealt, Game to
    nobody on a tie. Scored as a played hand is: the pitching side scores its points if they
    reach the bid, else minus the bid; the other side scores its points. Raises ValueError
    for an impossible entry."""
    options = options or Options()
    if isinstance(bid, bool) or not isinstance(bid, int) or not options.min_bid <= bid <= MAX_BID:
        raise ValueError(f"the bid must be from {options.min_bid} to {MAX_BID}")
    if isinstance(pitcher, bool) or not isinstance(pitcher, int) or not 0 <= pitcher < 4:
        raise ValueError("the pitcher must be a seat")
    if not isinstance(points, dict) or set(points) != set(POINT_NAMES):
        raise ValueError("say who took high, low, jack and game")
    won = [0, 0]
    for name in POINT_NAMES:
        side = points[name]
        if side is None and name in ("high", "low"):
            raise ValueError(f"{name} always goes to a side")
        if side is None:
            continue
        if isinstance(side, bool) or side not in (0, 1):
            raise ValueError("a point goes to side 0, side 1 or (jack, game) nobody")
        won[side] += 1
    own = pitcher % 2
    if won[own] < bid:
        won[own] = -bid
    return [won[seat % 2] for seat in range(4)]


def solo_contract_scores(
    options: Options | None, players: int, bid: int, pitcher: int, points: dict[str, int | None]
) -> list[int]:
    """What a solo hand (each for themselves) played away from the site adds to each seat, from
    its bid, the pitcher's seat and which seat took each point: High and Low always go to a
    seat; Jack to nobody when it was not dealt, Game to nobody on a tie. Each seat scores the
    points it took, except a pitcher short of the bid, who scores minus the bid. Raises
    ValueError for an impossible entry."""
    options = options or Options()
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError("Pitch is played by 3 to 7 players")
    if isinstance(bid, bool) or not isinstance(bid, int) or not options.min_bid <= bid <= MAX_BID:
        raise ValueError(f"the bid must be from {options.min_bid} to {MAX_BID}")
    if isinstance(pitcher, bool) or not isinstance(pitcher, int) or not 0 <= pitcher < players:
        raise ValueError("the pitcher must be a seat")
    if not isinstance(points, dict) or set(points) != set(POINT_NAMES):
        raise ValueError("say who took high, low, jack and game")
    won = [0] * players
    for name in POINT_NAMES:
        seat = points[name]
        if seat is None and name in ("high", "low"):
            raise ValueError(f"{name} always goes to a seat")
        if seat is None:
            continue
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise ValueError("a point goes to a seat or (jack, game) nobody")
        won[seat] += 1
    if won[pitcher] < bid:
        won[pitcher] = -bid
    return won


def apply_hand(
    totals: Sequence[int], hand: Hand, options: Options
) -> tuple[list[int], list[int] | None]:
    """Add a finished hand to the running totals: (new totals, the winning seats or None).

    A thrown-in hand changes nothing. The `win` option decides who may go out:
    `pitcher_only` - only a pitcher who made the bid and reached the target;
    `pitcher_first_hljg` - that pitcher, or else the first other player (side) to reach the
    target when their points are counted in the order High, Low, Jack, Game from the totals
    before the hand; `highest_over_target` - the single highest total at or above the target.
    With `smudge`, a made bid of 4 wins at once. Partners win together.
    """
    if not hand.is_over:
        raise ValueError("the hand is not finished")
    players = hand.players
    if len(totals) != players:
        raise ValueError(f"totals must have {players} entries")
    if hand.thrown_in:
        return list(totals), None
    scores = hand.scores()
    new = [t + s for t, s in zip(totals, scores, strict=True)]
    units = sides(players, options)
    pitcher_side = next(u for u in units if hand.pitcher in u)
    target = options.target
    if hand.made:
        if options.smudge and hand.bid == MAX_BID:
            return new, list(pitcher_side)
        if options.win != "highest_over_target" and new[hand.pitcher] >= target:
            return new, list(pitcher_side)
    if options.win == "pitcher_first_hljg":
        running = {u: totals[u[0]] for u in units}
        for _name, seat in hand.points_in_order():
            unit = next(u for u in units if seat in u)
            if unit == pitcher_side:
                continue
            running[unit] += 1
            if running[unit] >= target:
                return new, list(unit)
    elif options.win == "highest_over_target":
        best = max(new[u[0]] for u in units)
        if best >= target:
            leaders = [u for u in units if new[u[0]] == best]
            if len(leaders) == 1:
                return new, list(leaders[0])
    return new, None


def next_dealer(hand: Hand) -> int:
    """The dealer of the next hand: to the left, except that redeal_same keeps the dealer
    after an all-pass throw-in."""
    if hand.thrown_in and hand.options.all_pass == "redeal_same":
        return hand.dealer
    return (hand.dealer + 1) % hand.players


class Game(GameLoop):
    """A game of Pitch: the shared loop (game.Game) with this module's rules."""

    engine = sys.modules[__name__]

    def __init__(
        self,
        players: int,
        options: Options | None = None,
        *,
        first_dealer: int | None = None,
        rng: random.Random | None = None,
        hand_limit: int | None = None,
    ):
        _check_table(players, options if options is not None else _DEFAULT_OPTIONS, 0)
        super().__init__(
            players, options, first_dealer=first_dealer, rng=rng, hand_limit=hand_limit
        )
