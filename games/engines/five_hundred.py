"""Five Hundred: the rules of shared/rules/five-hundred.md for 2 to 6 players.

A hand is its deal plus its ordered actions (`Hand`); a game is a run of hands with running
totals (`Game`, `apply_hand`, `next_dealer`). Nothing here imports Django.

Using a hand
------------
    hand = Hand.new(4, Options(), dealer=0, rng=random.Random(7))   # the rules' 3-1-4-1-3-1 deal
    hand = Hand.from_deal(4, options, dealer, {"hands": [...], "kitty": [...]})  # from a record
    hand.legal_actions()        the legal actions of the seat to act (`hand.to_act`)
    hand.apply(action)          or IllegalAction(code, params), with the state unchanged
    hand.view_for(seat)         what that seat may see (JSON-ready); hand.full_view(): everything
    hand.summary()              the replay object of shared/hand-records.md
    hand.scores(totals=None)    what the hand adds to each seat (the trick-points cap needs totals)

Actions
-------
Actions are `base.Action` objects. The ones handed out often are interned at import time, one
object per seat and card (plays, Joker leads naming each suit), per seat and call (with and without
sans kitty), per seat and nominated suit, and per seat and called card, so `legal_actions()` only
assembles references. Auction lists are cached per (seat, high bid, blind misère possible) and
returned as tuples; play lists are fresh lists in display order. Every bid is listed twice, plain
and with `sans_kitty=True` (the record form's `legal`, from `legal_records()`, lists it once).
During the contractor's first lead in no-trumps or misère, the four `nominate` actions are listed
beside the plays while nomination is still possible.

The discard step
----------------
`legal_actions()` returns a `DiscardChoices`: a lazy, read-only sequence of the C(13, 3) = 286
discards of the contractor's 13 cards. Its length, indexing (`seq[i]` builds one `Action`), iteration
and `in` are cheap, so `rng.choice(hand.legal_actions())` in a playout builds one action, never 286.
`in` ignores the order of the three cards, as `apply` does. `hand.sample_action(rng)` is the same
uniform draw for every step, and draws three of the 13 cards directly during the discard.

Blind misère and what a seat sees
---------------------------------
A hand records which seats have looked at their cards (`hand.reveal_to(seat)`; `has_looked`).
Blind misère is legal only as a seat's first call and only while it has not looked. A record
carries no looks, so in a replay blind misère is simply legal as a first call. The live site calls
`reveal_to(seat)` when it shows a player their cards. While a seat has not looked and blind misère
is still possible for it (misère allowed, still in the auction, no call made yet, nothing bid at or
above open misère), `view_for(seat)` gives `"hand": null` and `"hand_hidden": true` (and still the
number of cards), and its legal calls include blind misère; once blind misère is impossible for that
seat the view shows the cards whether or not it has looked.

`view_for(seat)` never shows another seat's cards, the kitty (except to the contractor during the
discard, when the view holds their 13 cards and names the three kitty cards) or another seat's
discards. It shows the open misère hand once the first trick is complete, and the called partner's
seat once the called card is played (to the partner, and to a contractor who holds or discarded
the card, at once).

Seats and the dead hand: seats are 0..players-1 clockwise. With two players the dead hand is dealt
as a third position after the dealer in every round of the deal. The shuffle is
`rng.shuffle` of the pack in a fixed order (spades, clubs, diamonds, hearts, low to high, Joker
last), so a deal is reproducible from a seeded `random.Random`, and the site's deals, shuffled by
`deals.SeededShuffle`, from their published seeds (deals.py, DEALS.md); the cut adds nothing to a
random shuffle and is not modelled. `hand.copy()` is a cheap independent copy for bots' playouts (a bot's
seat should be `reveal_to`-ed, or its view hides its cards while blind misère is open to it).

Points the rule sheet and the spec leave open, as this engine settles them
-------------------------------------------------------------------------
- Sans kitty may go with any call but a pass, misères and the final raise included.
- The final raise may be any higher call legal at that point (plain misère only over a bid of
  seven or more); blind misère never, since it is not the seat's first call.
- One-round bidding: every seat calls exactly once, from the dealer's left to the dealer.
- A Joker led naming a suit counts as a lead of that suit ("suits led" for later Joker leads);
  a nominated Joker led counts as its nominated suit.
- Five players: a misère has no partner call and nobody sits out; a called card lying in an
  unused (sans kitty) kitty, like one the contractor holds or discarded, leaves them alone.
- "Minus 500" is minus the `target` option, and `target` takes whole multiples of 10 from 100 to
  10000 (the rules list only 500). The trick-points cap never lowers a total: a side already
  above the cap gains nothing from tricks.
- With three or more sides, a side going out the back door leaves the highest total(s) of the
  other sides as the winners.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, fields
from itertools import combinations
from typing import Any

from .base import PHASE_CODES, PHASES, Action, Contract, IllegalAction, Phase
from .cards import (
    ACE,
    JACK,
    JOKER,
    RANK_TEXT,
    SUIT_LETTERS,
    SUITS,
    Card,
    Malformed,
    card,
    parse_card,
)
from .game import Game as GameLoop
from .view import BID as BID_STEP
from .view import CALL_PARTNER as CALL_PARTNER_STEP
from .view import DISCARD as DISCARD_STEP
from .view import PHASE_STEPS, hand_view, step_for
from .view import PLAY as PLAY_STEP

GAME = "five_hundred"
PLAYER_COUNTS = (2, 3, 4, 5, 6)
HAND_SIZE = 10
KITTY_SIZE = 3
TRICKS = 10

# Phases of a hand: base.Phase, kept as plain ints inside a hand for speed (`hand.phase` is the
# Phase member; AUCTION == Phase.AUCTION and so on).
AUCTION, DISCARD, CALL_PARTNER, PLAY, COMPLETE, THROWN_IN = (int(p) for p in Phase)

NT = 4  # the no-trump strain; also the effective "suit" of a free (unnominated) Joker
FREE = 4

# ---------------------------------------------------------------------------------------------
# Options


_MISERE_RANKS = ("after_7nt", "after_8s")
_JOKER_LEADS = ("unled_suit", "last_trick")
_BIDDINGS = ("until_passed", "one_round")
_CAPS = (None, 490, 480)


@dataclass(frozen=True, slots=True)
class Options:
    """The table options of the rules (defaults first); see `from_dict` for the record form."""

    misere: bool = True
    misere_needs_seven: bool = True
    misere_rank: str = "after_7nt"
    joker_lead: str = "unled_suit"
    final_raise: bool = True
    trick_points_cap: int | None = None
    bidding: str = "until_passed"
    target: int = 500

    def __post_init__(self) -> None:
        for name in ("misere", "misere_needs_seven", "final_raise"):
            if not isinstance(getattr(self, name), bool):
                raise Malformed(
                    "malformed.option_bool", f"option {name} must be true or false", option=name
                )
        _choice("misere_rank", self.misere_rank, _MISERE_RANKS)
        _choice("joker_lead", self.joker_lead, _JOKER_LEADS)
        _choice("bidding", self.bidding, _BIDDINGS)
        cap = self.trick_points_cap
        if cap not in _CAPS or (cap is not None and type(cap) is not int):
            raise Malformed(
                "malformed.option_cap", "option trick_points_cap must be null, 490 or 480"
            )
        target = self.target
        if (
            not isinstance(target, int)
            or isinstance(target, bool)
            or not 100 <= target <= 10000
            or target % 10
        ):
            raise Malformed(
                "malformed.option_target",
                "option target must be a whole number of points from 100 to 10000",
            )

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None, players: int | None = None) -> Options:
        """Strict: a ValueError names any unknown key or value. `players` is accepted for the
        shared records contract; no Five Hundred option depends on it."""
        if data is None:
            return cls()
        if not isinstance(data, dict):
            raise Malformed("malformed.options", "options must be an object")
        known = {f.name for f in fields(cls)}
        for key in data:
            if key not in known:
                raise Malformed(
                    "malformed.unknown_option",
                    f"unknown option {key!r} for five_hundred",
                    game=GAME,
                    key=key,
                )
        return cls(**data)

    def to_dict(self) -> dict[str, Any]:
        """Only the options that differ from the defaults."""
        default = _DEFAULT_OPTIONS
        out = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if value != getattr(default, f.name):
                out[f.name] = value
        return out


def _choice(name: str, value: Any, allowed: tuple) -> None:
    if value not in allowed:
        raise Malformed.option_choice(name, [repr(v) for v in allowed], repr(value))


_DEFAULT_OPTIONS = Options()

# ---------------------------------------------------------------------------------------------
# Packs, sides and interned actions


def _pack(players: int) -> tuple[Card, ...]:
    if players in (2, 3):
        ranks = {s: (7, 8, 9, 10, 14, 15, 16, 17) for s in SUITS}
    elif players == 4:
        red = (4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17)
        black = red[1:]
        ranks = {0: black, 1: black, 2: red, 3: red}
    elif players == 5:
        full = (2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16, 17)
        ranks = {s: full for s in SUITS}
    else:
        black = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 15, 16, 17)
        red = (2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17)
        ranks = {0: black, 1: black, 2: red, 3: red}
    return tuple(card(s, r) for s in SUITS for r in ranks[s]) + (JOKER,)


PACKS = {n: _pack(n) for n in PLAYER_COUNTS}
_PACK_SETS = {n: frozenset(p) for n, p in PACKS.items()}


def sides(players: int, options: Options | None = None) -> tuple[tuple[int, ...], ...]:
    """The fixed sides by seat (the five-player game's partnership is made per hand). No
    option changes them; `options` is taken so both engines answer `sides(players, options)`."""
    if players == 4:
        return ((0, 2), (1, 3))
    if players == 6:
        return ((0, 3), (1, 4), (2, 5))
    return tuple((s,) for s in range(players))


def partner_of(players: int, seat: int) -> int | None:
    """The fixed partner of a seat (4 and 6 players), else None."""
    if players == 4:
        return (seat + 2) % 4
    if players == 6:
        return (seat + 3) % 6
    return None


_ALL_CARDS: tuple[Card, ...] = tuple(card(s, r) for s in SUITS for r in RANK_TEXT) + (JOKER,)
_MAX_CARD = JOKER + 1
_SEATS = range(6)

_PLAY: list[list[Action | None]] = []
_JOKER_LEAD: list[list[Action]] = []
_JOKER_LEADS_BY_MASK: list[list[tuple[Action, ...]]] = []
_NOMINATE: list[tuple[Action, ...]] = []
_CALL_PARTNER: list[list[Action | None]] = []
for _seat in _SEATS:
    _plays: list[Action | None] = [None] * _MAX_CARD
    _partners: list[Action | None] = [None] * _MAX_CARD
    for _c in _ALL_CARDS:
        _plays[_c] = Action(_seat, "play", card=_c)
        if _c != JOKER:
            _partners[_c] = Action(_seat, "call_partner", card=_c)
    _PLAY.append(_plays)
    _CALL_PARTNER.append(_partners)
    _leads = [Action(_seat, "play", card=JOKER, suit=_s) for _s in SUITS]
    _JOKER_LEAD.append(_leads)
    _JOKER_LEADS_BY_MASK.append(
        [tuple(_leads[s] for s in SUITS if not _mask & (1 << s)) for _mask in range(16)]
    )
    _NOMINATE.append(tuple(Action(_seat, "nominate", suit=_s) for _s in SUITS))

# ---------------------------------------------------------------------------------------------
# Calls

BID, MISERE, OPEN_MISERE, BLIND_MISERE, PASS = range(5)
PASS_CALL = "pass"
_STRAINS = ("S", "C", "D", "H", "NT")


def bid_value(tricks: int, strain: int) -> int:
    """The scoring table: 6S is 40, each strain up 20, each trick up 100."""
    return 40 + 20 * strain + 100 * (tricks - 6)


@dataclass(frozen=True, slots=True)
class CallInfo:
    call: str
    kind: int
    rank: int  # position in the explicit order (open and blind misère share one)
    value: int
    tricks: int = 0  # 6..10 for a bid
    strain: int | None = None  # 0..3 a suit, 4 no-trumps; None for misère

    @property
    def is_misere(self) -> bool:
        return self.kind in (MISERE, OPEN_MISERE, BLIND_MISERE)


def call_order(misere_rank: str = "after_7nt") -> list[CallInfo]:
    """Every call but pass in the rules' explicit order (ties: open = blind misère)."""
    out: list[CallInfo] = []
    rank = 0
    for tricks in range(6, 11):
        for strain, code in enumerate(_STRAINS):
            if tricks == 10 and strain == 3:  # open and blind misère sit between 10D and 10H
                out.append(CallInfo("open_misere", OPEN_MISERE, rank, 500))
                out.append(CallInfo("blind_misere", BLIND_MISERE, rank, 500))
                rank += 1
            out.append(
                CallInfo(f"{tricks}{code}", BID, rank, bid_value(tricks, strain), tricks, strain)
            )
            rank += 1
            if (misere_rank == "after_7nt" and (tricks, strain) == (7, NT)) or (
                misere_rank == "after_8s" and (tricks, strain) == (8, 0)
            ):
                out.append(CallInfo("misere", MISERE, rank, 250))
                rank += 1
    return out


class _Rules:
    """Per (players, options) tables: the pack, the call order and a cache of legal call lists."""

    def __init__(self, players: int, options: Options):
        self.players = players
        self.options = options
        self.pack = PACKS[players]
        self.pack_set = _PACK_SETS[players]
        self.sides = sides(players)
        self.side_index = [0] * players
        for index, side in enumerate(self.sides):
            for seat in side:
                self.side_index[seat] = index
        self.order = call_order(options.misere_rank)
        self.info: dict[str, CallInfo] = {c.call: c for c in self.order}
        self.rank_7s = self.info["7S"].rank
        self.max_rank = self.info["10NT"].rank
        self.open_rank = self.info["open_misere"].rank
        self.one_round = options.bidding == "one_round"
        self.final_raise = options.final_raise and not self.one_round
        self.call_cache: dict[tuple[int, int, bool], tuple[Action, ...]] = {}
        self.partner_actions = [
            tuple(_CALL_PARTNER[seat][c] for c in self.pack if c != JOKER)
            for seat in range(players)
        ]
        self.pass_actions = [Action(seat, "call", call=PASS_CALL) for seat in range(players)]
        self.call_actions = [
            {
                (c.call, sans): Action(seat, "call", call=c.call, sans_kitty=sans)
                for c in self.order
                for sans in (False, True)
            }
            for seat in range(players)
        ]

    def __reduce__(self):
        """Pickled as a reference to the shared tables of its players and options."""
        return (_rules, (self.players, self.options))

    def misere_allowed(self, high_rank: int) -> bool:
        """Plain misère over this high bid (rank -1: nothing bid yet), if it is also higher."""
        opts = self.options
        return opts.misere and (not opts.misere_needs_seven or high_rank >= self.rank_7s)

    def legal_calls(self, seat: int, high_rank: int, blind_ok: bool) -> tuple[Action, ...]:
        key = (seat, high_rank, blind_ok)
        cached = self.call_cache.get(key)
        if cached is not None:
            return cached
        out = [self.pass_actions[seat]]
        table = self.call_actions[seat]
        misere = self.options.misere
        for info in self.order:
            if info.rank <= high_rank:
                continue
            kind = info.kind
            if kind == MISERE and not self.misere_allowed(high_rank):
                continue
            if kind == OPEN_MISERE and not misere:
                continue
            if kind == BLIND_MISERE and not (misere and blind_ok):
                continue
            out.append(table[(info.call, False)])
            out.append(table[(info.call, True)])
        result = tuple(out)
        self.call_cache[key] = result
        return result


_RULES: dict[tuple[int, Options], _Rules] = {}


def _rules(players: int, options: Options) -> _Rules:
    key = (players, options)
    rules = _RULES.get(key)
    if rules is None:
        rules = _RULES[key] = _Rules(players, options)
    return rules


# ---------------------------------------------------------------------------------------------
# Card semantics per contract: effective suit, strength, trick-winning power, display order


class CardRules:
    """What each card is worth under one contract: the engine's own tables, shared with the
    bots (`card_rules`), so nobody copies the bowers and the Joker.

        suit(c)        the effective suit: the left bower is a trump, the Joker is a trump in a
                       suit contract, its nominated suit in no-trumps or misère once nominated,
                       else FREE (4)
        strength(c)    rank within the effective suit: Joker 40, right bower 39, left bower 38 in
                       trumps; a nominated Joker just above the Ace (18); a free Joker 100
        power(c, led)  how strongly it bids for a trick led in `led` (0: it cannot win): a free
                       Joker 2000, trumps 1000 + strength, the led suit its strength
        order(pack, s) the cards of effective suit `s` in `pack`, highest first
    """

    __slots__ = ("trump", "nominated", "es", "strengths", "powers", "display")

    def __init__(self, trump, nominated, es, strengths, powers, display):
        self.trump = trump  # 0..3, or None: no-trumps, misère, no contract yet
        self.nominated = nominated  # the Joker's nominated suit, or None
        self.es = es  # card -> effective suit (0..3, or 4 for a free Joker)
        self.strengths = strengths  # card -> strength within its effective suit
        self.powers = powers  # led suit -> card -> power (0: cannot win)
        self.display = display  # card -> sort key

    def __reduce__(self):
        """Pickled as a reference to the shared table (a hand's pickle stays small and quick)."""
        return (card_rules_of, (self.trump, self.nominated))

    def suit(self, c: Card) -> int:
        return self.es[c]

    def strength(self, c: Card) -> int:
        return self.strengths[c]

    def power(self, c: Card, led: int) -> int:
        if led < 4:
            return self.powers[led][c]
        e = self.es[c]  # a "trick" with no suit led: only trumps and the free Joker count
        if e == FREE:
            return 2000
        return 1000 + self.strengths[c] if e == self.trump else 0

    def order(self, pack: Sequence[Card], suit: int) -> list[Card]:
        strengths = self.strengths
        return sorted(
            (c for c in pack if self.es[c] == suit), key=strengths.__getitem__, reverse=True
        )


_TABLES: dict[tuple[int, int | None], CardRules] = {}
_DISPLAY_SUITS = (3, 0, 2, 1)  # hearts, spades, diamonds, clubs: colours alternate


def card_rules(trump: int | None, nominated: int | None = None) -> CardRules:
    """The card semantics of a contract with trump suit `trump` (0..3; None: no-trumps or
    misère) and, in no-trumps or misère, the Joker's nominated suit."""
    return _tables(NT if trump is None else trump, nominated if trump is None else None)


def card_rules_of(trump: int | None, nominated: int | None) -> CardRules:
    """The shared CardRules whose `trump` and `nominated` are these (what unpickling calls)."""
    return _tables(NT if trump is None else trump, nominated)


def _tables(trump: int, nominated: int | None = None) -> CardRules:
    """`trump` 0..3, or 4 for no trump (no-trumps, misère, or no contract yet)."""
    key = (trump, nominated)
    found = _TABLES.get(key)
    if found is not None:
        return found
    es = [FREE] * _MAX_CARD
    strengths = [0] * _MAX_CARD
    power = [[0] * _MAX_CARD for _ in SUITS]
    display = [0] * _MAX_CARD
    if trump < 4:
        order = (trump,) + tuple(s for s in _DISPLAY_SUITS if s != trump)
    else:
        order = _DISPLAY_SUITS
    group = {s: i + 1 for i, s in enumerate(order)}
    for c in _ALL_CARDS:
        if c == JOKER:
            if trump < 4:
                suit, strength = trump, 40
            elif nominated is not None:
                suit, strength = nominated, ACE + 1
            else:
                es[c] = FREE
                strengths[c] = 100
                for led in SUITS:
                    power[led][c] = 2000
                display[c] = 0
                continue
        else:
            suit, rank = c >> 5, c & 31
            strength = rank
            if trump < 4 and rank == JACK:
                if suit == trump:
                    strength = 39
                elif suit == trump ^ 1:
                    suit, strength = trump, 38
        es[c] = suit
        strengths[c] = strength
        for led in SUITS:
            if suit == trump:
                power[led][c] = 1000 + strength
            elif suit == led:
                power[led][c] = strength
        display[c] = group[suit] * 100 - strength
    found = _TABLES[key] = CardRules(
        trump if trump < 4 else None, nominated, es, strengths, power, display
    )
    return found


_NO_TRUMP_TABLES = _tables(NT)

# ---------------------------------------------------------------------------------------------
# The discard step


_COMBOS_13_3 = tuple(combinations(range(13), 3))


class DiscardChoices(Sequence):
    """Every discard of three of the contractor's 13 cards, built one at a time on demand."""

    __slots__ = ("seat", "cards")

    def __init__(self, seat: int, cards: Sequence[Card]):
        self.seat = seat
        self.cards = tuple(cards)

    def __len__(self) -> int:
        return 286 if len(self.cards) == 13 else _n_choose_3(len(self.cards))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        combos = (
            _COMBOS_13_3
            if len(self.cards) == 13
            else tuple(combinations(range(len(self.cards)), 3))
        )
        a, b, c = combos[index]
        cards = self.cards
        return Action(self.seat, "discard", cards=(cards[a], cards[b], cards[c]))

    def __iter__(self) -> Iterator[Action]:
        seat = self.seat
        for trio in combinations(self.cards, 3):
            yield Action(seat, "discard", cards=trio)

    def __contains__(self, action) -> bool:
        if not isinstance(action, Action) or action.kind != "discard" or action.seat != self.seat:
            return False
        chosen = action.cards
        return len(chosen) == 3 and len(set(chosen)) == 3 and all(c in self.cards for c in chosen)

    def __repr__(self) -> str:
        return f"DiscardChoices(seat={self.seat}, from={[str(c) for c in self.cards]})"


def _n_choose_3(n: int) -> int:
    return n * (n - 1) * (n - 2) // 6 if n >= 3 else 0


# ---------------------------------------------------------------------------------------------
# Messages


def _codes(cards) -> list[str]:
    """Cards as card codes, for a refusal's params (the site words the sentence)."""
    return [str(c) for c in cards]


# ---------------------------------------------------------------------------------------------
# The hand


class Hand:
    """One deal of Five Hundred, from the deal to the score. See the module docstring."""

    GAME = GAME

    __slots__ = (
        "players",
        "dealer",
        "options",
        "actions",
        "_rules",
        "_dealt",
        "_kitty",
        "_dead",
        "_hands",
        "_phase",
        "_turn",
        "_looked",
        # auction
        "_auction",
        "_passed",
        "_called",
        "_high_rank",
        "_high",
        "_high_seat",
        "_high_sans",
        "_pass_after_high",
        "_final",
        "_calls_made",
        # contract
        "_contractor",
        "_trump",
        "_misere",
        "_discards",
        "_called_card",
        "_partner",
        "_nominated",
        "_sitting_out",
        # play
        "_tables",
        "_es",
        "_bysuit",
        "_next",
        "_trick_size",
        "_trick",
        "_trick_seats",
        "_led",
        "_led_mask",
        "_tricks_won",
        "_tricks_played",
        "_history",
        "_can_nominate",
        "_partner_shown",
        "_scores",
    )

    def __init__(
        self, players: int, options: Options, dealer: int, hands, kitty, dead=None, looked: int = 0
    ):
        """Trusted cards (use `new` or `from_deal`): `hands` one list of Cards per seat."""
        self.players = players
        self.dealer = dealer
        self.options = options
        self.actions: list[Action] = []
        self._rules = _rules(players, options)
        self._dealt = tuple(tuple(h) for h in hands)
        self._kitty = tuple(kitty)
        self._dead = tuple(dead) if dead is not None else None
        self._hands = [list(h) for h in hands]
        self._phase = AUCTION
        self._turn: int | None = (dealer + 1) % players
        self._looked = looked
        self._auction: list[tuple[int, str, bool]] = []
        self._passed = 0
        self._called = 0
        self._calls_made = 0
        self._high_rank = -1
        self._high: CallInfo | None = None
        self._high_seat: int | None = None
        self._high_sans = False
        self._pass_after_high = False
        self._final = False
        self._contractor: int | None = None
        self._trump: int | None = None
        self._misere = False
        self._discards: tuple[Card, ...] = ()
        self._called_card: Card | None = None
        self._partner: int | None = None
        self._nominated: int | None = None
        self._sitting_out: int | None = None
        self._tables = _NO_TRUMP_TABLES
        self._es = _NO_TRUMP_TABLES.es
        self._bysuit: list[list[list[Card]]] = []
        self._next: tuple[int, ...] = ()
        self._trick_size = players
        self._trick: list[Card] = []
        self._trick_seats: list[int] = []
        self._led = -1
        self._led_mask = 0
        self._tricks_won = [0] * players
        self._tricks_played = 0
        self._history: list[tuple[list[int], list[Card], int, int]] = []
        self._can_nominate = False
        self._partner_shown = False
        self._scores: list[int] | None = None

    # -- construction ------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: int,
        options: Options | None = None,
        dealer: int = 0,
        rng: random.Random | None = None,
    ) -> Hand:
        """Shuffle with `rng` and deal 3-1-4-1-3-1 from the dealer's left (see module docstring)."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Five Hundred is played by 2 to 6 players, not {players}")
        if not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        options = options or _DEFAULT_OPTIONS
        pack = list(PACKS[players])
        (rng or random).shuffle(pack)
        positions = players + (1 if players == 2 else 0)
        order = [(dealer + 1 + i) % players for i in range(players)]
        if players == 2:
            order.append(2)  # the dead hand, dealt after the dealer
        dealt: list[list[Card]] = [[] for _ in range(positions)]
        kitty: list[Card] = []
        index = 0
        for size in (3, 4, 3):
            for seat in order:
                dealt[seat] += pack[index : index + size]
                index += size
            kitty.append(pack[index])
            index += 1
        dead = dealt.pop() if players == 2 else None
        return cls(players, options, dealer, dealt, kitty, dead)

    @classmethod
    def from_deal(
        cls, players: int, options: Options | None, dealer: int, deal: dict[str, Any]
    ) -> Hand:
        """A record's deal (`hands`, `kitty`, and `dead` for two players), checked strictly."""
        if players not in PLAYER_COUNTS:
            raise ValueError(f"Five Hundred is played by 2 to 6 players, not {players}")
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
            raise ValueError(f"dealer must be a seat from 0 to {players - 1}")
        options = options or _DEFAULT_OPTIONS
        if not isinstance(deal, dict):
            raise Malformed("malformed.deal_object", "the deal must be an object")
        unknown = sorted(set(deal) - {"hands", "kitty", "dead"})
        if unknown:
            raise Malformed(
                "malformed.deal_key",
                f"unknown key {unknown[0]!r} in a Five Hundred deal",
                key=unknown[0],
            )
        if "hands" not in deal:
            raise Malformed("malformed.deal_hands", "a Five Hundred hand record needs hands")
        if "kitty" not in deal:
            raise Malformed("malformed.deal_kitty", "a Five Hundred hand record needs the kitty")
        if players == 2 and "dead" not in deal:
            raise Malformed(
                "malformed.deal_dead", "two-player Five Hundred needs the dead hand (dead)"
            )
        if players != 2 and "dead" in deal:
            raise Malformed(
                "malformed.deal_no_dead", "only two-player Five Hundred has a dead hand"
            )
        raw_hands = deal["hands"]
        if not isinstance(raw_hands, list) or len(raw_hands) != players:
            raise Malformed(
                "malformed.deal_hand_list",
                f"hands must be a list of {players} hands, one a seat",
                players=players,
            )
        seen: set[Card] = set()

        def parse(cards: Any, where: str, size: int) -> list[Card]:
            if not isinstance(cards, list):
                raise Malformed(
                    "malformed.deal_cards", f"{where} must be a list of cards", where=where
                )
            if len(cards) != size:
                raise Malformed(
                    "malformed.deal_size",
                    f"{where} must hold {size} cards, not {len(cards)}",
                    where=where,
                    size=size,
                    count=len(cards),
                )
            out = []
            for text in cards:
                try:
                    c = text if isinstance(text, Card) else parse_card(text)
                except ValueError as exc:
                    raise Malformed(
                        "malformed.deal_card", f"{where}: {exc}", where=where, card=text
                    ) from None
                if c in seen:
                    raise Malformed("malformed.dealt_twice", f"{c} is dealt twice", card=str(c))
                if c not in _PACK_SETS[players]:
                    raise Malformed(
                        "malformed.not_in_pack",
                        f"{c} is not in the {players}-player pack ({len(PACKS[players])} cards)",
                        card=str(c),
                        players=players,
                        size=len(PACKS[players]),
                    )
                seen.add(c)
                out.append(c)
            return out

        hands = [parse(h, f"hands[{i}]", HAND_SIZE) for i, h in enumerate(raw_hands)]
        kitty = parse(deal["kitty"], "kitty", KITTY_SIZE)
        dead = parse(deal["dead"], "dead", HAND_SIZE) if players == 2 else None
        # Sizes and membership are checked, so the pack is complete exactly when nothing repeats.
        missing = [c for c in PACKS[players] if c not in seen]
        if missing:
            raise Malformed(
                "malformed.deal_lacks", f"the deal lacks {missing[0]}", card=str(missing[0])
            )
        return cls(players, options, dealer, hands, kitty, dead)

    def copy(self) -> Hand:
        """An independent copy (for bots' playouts)."""
        other = Hand.__new__(Hand)
        for name in Hand.__slots__:
            setattr(other, name, getattr(self, name))
        other.actions = list(self.actions)
        other._hands = [list(h) for h in self._hands]
        other._auction = list(self._auction)
        other._bysuit = [[list(s) for s in b] for b in self._bysuit]
        other._trick = list(self._trick)
        other._trick_seats = list(self._trick_seats)
        other._tricks_won = list(self._tricks_won)
        other._history = list(self._history)
        return other

    # -- state -------------------------------------------------------------------------------

    @property
    def to_act(self) -> int | None:
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._phase >= COMPLETE

    @property
    def phase(self) -> Phase:
        return PHASES[self._phase]

    @property
    def contractor(self) -> int | None:
        return self._contractor

    @property
    def contract(self) -> Contract | None:
        """The contract (None until the auction is won); its call's details: `call_info`."""
        if self._contractor is None:
            return None
        return Contract(
            self._contractor,
            self._high.call,
            self._trump,
            self.made,
            sans_kitty=self._high_sans,
            misere=self._misere,
        )

    @property
    def call_info(self) -> CallInfo | None:
        """The contract's call: its kind, value, tricks and strain (None before a contract)."""
        return self._high if self._contractor is not None else None

    @property
    def thrown_in(self) -> bool:
        return self._phase == THROWN_IN

    @property
    def tricks_won(self) -> list[int]:
        return list(self._tricks_won)

    def hand_of(self, seat: int) -> list[Card]:
        """The cards a seat holds now (engine-side use; never send another seat's to a client)."""
        return list(self._hands[seat])

    def reveal_to(self, seat: int) -> None:
        """Record that `seat` has looked at its cards: blind misère is no longer open to it."""
        if not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat}")
        self._looked |= 1 << seat

    def has_looked(self, seat: int) -> bool:
        return bool(self._looked >> seat & 1)

    @property
    def looked(self) -> frozenset[int]:
        return frozenset(s for s in range(self.players) if self._looked >> s & 1)

    def contracting_seats(self) -> tuple[int, ...]:
        """The contractor's side for this hand (empty before a contract)."""
        c = self._contractor
        if c is None:
            return ()
        if self.players == 5:
            p = self._partner
            if p is None or p == c or self._misere:
                return (c,)
            return tuple(sorted((c, p)))
        return self._rules.sides[self._rules.side_index[c]]

    # -- legal actions -----------------------------------------------------------------------

    def legal_actions(self) -> Sequence[Action]:
        """The legal actions of the seat to act: a list, a cached tuple, or `DiscardChoices`."""
        phase = self._phase
        if phase == PLAY:
            return self._legal_plays()
        if phase == AUCTION:
            seat = self._turn
            bit = 1 << seat
            blind = not (self._final or (self._called | self._looked) & bit)
            return self._rules.legal_calls(seat, self._high_rank, blind)
        if phase == DISCARD:
            seat = self._contractor
            return DiscardChoices(
                seat, sorted(self._hands[seat], key=self._tables.display.__getitem__)
            )
        if phase == CALL_PARTNER:
            return self._rules.partner_actions[self._contractor]
        return ()

    def sample_action(self, rng: random.Random) -> Action:
        """A uniformly random legal action (the discard draws three of the 13 cards directly)."""
        if self._phase == DISCARD:
            seat = self._contractor
            return Action(seat, "discard", cards=tuple(rng.sample(self._hands[seat], 3)))
        return rng.choice(self.legal_actions())

    def _legal_plays(self) -> list[Action]:
        seat = self._turn
        acts = _PLAY[seat]
        bysuit = self._bysuit[seat]
        if self._trick:
            same = bysuit[self._led]
            if same:
                return [acts[c] for c in same]
            if bysuit[FREE] and self._misere:
                return [acts[JOKER]]
            return [acts[c] for c in self._hands[seat]]
        if bysuit[FREE]:
            out = [acts[c] for c in self._hands[seat] if c != JOKER]
            out += self._joker_leads(seat)
        else:
            out = [acts[c] for c in self._hands[seat]]
        if self._can_nominate:
            out += _NOMINATE[seat]
        return out

    def _joker_suits_mask(self) -> int | None:
        """Suits the free Joker may name when led now, as a mask of the suits it may NOT name
        (so 15 means none may; None means it may not be led at all)."""
        led = self._led_mask
        last = self._tricks_played == TRICKS - 1
        if self.options.joker_lead == "unled_suit":
            if led != 15:
                return led
            return 0 if last else None
        if not last:
            return None
        return led if led != 15 else 0

    def _joker_leads(self, seat: int) -> tuple[Action, ...]:
        mask = self._joker_suits_mask()
        if mask is None:
            return ()
        return _JOKER_LEADS_BY_MASK[seat][mask]

    def legal_records(self) -> list[dict[str, Any]]:
        """`legal` of the replay object: calls without sans_kitty, the discard in one entry."""
        phase = self._phase
        if phase == AUCTION:
            return [
                {"seat": a.seat, "call": a.call} for a in self.legal_actions() if not a.sans_kitty
            ]
        if phase == DISCARD:
            choices = self.legal_actions()
            return [{"seat": choices.seat, "discard": 3, "from": [str(c) for c in choices.cards]}]
        return [a.to_record() for a in self.legal_actions()]

    # -- applying actions --------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Record the action, or raise IllegalAction (the state is left exactly as it was)."""
        phase = self._phase
        if phase == PLAY:
            self._apply_play(action)
        elif phase == AUCTION:
            self._apply_call(action)
        elif phase == DISCARD:
            self._apply_discard(action)
        elif phase == CALL_PARTNER:
            self._apply_call_partner(action)
        else:
            raise IllegalAction("hand_over")

    def _check_turn(self, action: Action, doing: str) -> None:
        """`doing`: the step (view.py) the seat to act is at."""
        seat = action.seat
        if seat == self._turn:
            return
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            raise IllegalAction("no_such_seat", {"seat": seat, "players": self.players})
        if seat == self._sitting_out:
            raise IllegalAction("not_your_turn.sits_out", {"seat": seat})
        raise IllegalAction("not_your_turn", {"turn": self._turn, "doing": doing})

    def _wrong_kind(self, action: Action) -> IllegalAction:
        kind = action.kind
        if kind == "pitch":
            return IllegalAction("malformed.no_kind", {"kind": kind, "game": GAME})
        needed = PHASE_STEPS[self._phase]  # the step the seat to act is at
        if kind == "nominate":
            return IllegalAction("not_allowed_now.nominate", {"needed": needed})
        if kind == "call" and self._phase != AUCTION:
            return IllegalAction("not_allowed_now.auction_over", {"needed": needed})
        return IllegalAction("not_allowed_now", {"kind": kind, "needed": needed})

    # auction

    def _apply_call(self, action: Action) -> None:
        self._check_turn(action, BID_STEP)
        if action.kind != "call":
            raise self._wrong_kind(action)
        seat = action.seat
        bit = 1 << seat
        call = action.call
        sans = action.sans_kitty
        rules = self._rules
        if call == PASS_CALL:
            if sans:
                raise IllegalAction("malformed.pass_sans_kitty")
            info = None
        else:
            info = rules.info.get(call) if isinstance(call, str) else None
            if info is None:
                raise IllegalAction("malformed.five_hundred_call", {"call": call})
            self._check_bid(info, bit)
        # valid: record it
        self.actions.append(action)
        self._auction.append((seat, call, sans))
        self._calls_made += 1
        if info is None:
            self._passed |= bit
            if self._high_seat is not None:
                self._pass_after_high = True
        else:
            self._high = info
            self._high_rank = info.rank
            self._high_seat = seat
            self._high_sans = sans
            self._pass_after_high = False
        self._called |= bit
        self._advance_auction(seat)

    def _check_bid(self, info: CallInfo, bit: int) -> None:
        rules = self._rules
        kind = info.kind
        if kind != BID and not self.options.misere:
            raise IllegalAction("misere_not_allowed.off")
        if info.rank <= self._high_rank:
            raise IllegalAction(
                "bid_too_low.call",
                {"high": self._high.call, "call": info.call},
            )
        if kind == MISERE and not rules.misere_allowed(self._high_rank):
            raise IllegalAction("misere_not_allowed")
        if kind == BLIND_MISERE:
            if self._final or self._called & bit:
                raise IllegalAction("misere_not_allowed.blind_first")
            if self._looked & bit:
                raise IllegalAction("misere_not_allowed.looked")

    def _advance_auction(self, seat: int) -> None:
        rules = self._rules
        n = self.players
        if self._final:
            self._end_auction()
            return
        if rules.one_round:
            if seat == self.dealer:
                self._end_auction()
            else:
                self._turn = (seat + 1) % n
            return
        passed = self._passed
        remaining = n - passed.bit_count()
        if remaining == 0:
            self._end_auction()
            return
        high_seat = self._high_seat
        if remaining == 1 and high_seat is not None:
            # Only the high bidder is left (a high bidder never passes while others are in).
            if rules.final_raise and self._pass_after_high and self._high_rank < rules.max_rank:
                self._final = True
                self._turn = high_seat
            else:
                self._end_auction()
            return
        nxt = (seat + 1) % n
        while passed >> nxt & 1:
            nxt = (nxt + 1) % n
        self._turn = nxt

    def _end_auction(self) -> None:
        self._final = False
        seat = self._high_seat
        if seat is None:
            self._phase = THROWN_IN
            self._turn = None
            return
        info = self._high
        self._contractor = seat
        self._misere = info.is_misere
        self._trump = info.strain if info.kind == BID and info.strain != NT else None
        if self._misere:
            self._sitting_out = partner_of(self.players, seat)
        self._tables = _tables(NT if self._trump is None else self._trump)
        self._es = self._tables.es
        self._turn = seat
        if self._high_sans:
            self._after_discard()
        else:
            self._phase = DISCARD
            self._hands[seat] = self._hands[seat] + list(self._kitty)

    # discard and partner

    def _apply_discard(self, action: Action) -> None:
        self._check_turn(action, DISCARD_STEP)
        if action.kind != "discard":
            raise self._wrong_kind(action)
        seat = action.seat
        held = self._hands[seat]
        chosen = action.cards
        if len(chosen) != KITTY_SIZE:
            raise IllegalAction("bad_discard", {"count": len(chosen)})
        for index, c in enumerate(chosen):
            if not isinstance(c, Card):
                raise IllegalAction("malformed.not_card", {"card": str(c)})
            if c in chosen[:index]:
                raise IllegalAction("bad_discard.twice", {"card": str(c)})
            if c not in held:
                raise IllegalAction("card_not_held", {"card": str(c)})
        self.actions.append(action)
        self._discards = tuple(chosen)
        self._hands[seat] = [c for c in held if c not in chosen]
        self._after_discard()

    def _after_discard(self) -> None:
        if self.players == 5 and not self._misere:
            self._phase = CALL_PARTNER
            self._turn = self._contractor
        else:
            self._start_play()

    def _apply_call_partner(self, action: Action) -> None:
        self._check_turn(action, CALL_PARTNER_STEP)
        if action.kind != "call_partner":
            raise self._wrong_kind(action)
        c = action.card
        if c == JOKER:
            raise IllegalAction("bad_card.joker")
        if c not in self._rules.pack_set:
            raise IllegalAction("bad_card", {"card": str(c)})
        self.actions.append(action)
        self._called_card = c
        self._partner = None
        for seat in range(self.players):
            if c in self._hands[seat]:
                self._partner = seat
        self._start_play()

    def _start_play(self) -> None:
        n = self.players
        seat = self._contractor
        out = self._sitting_out
        active = [s for s in range(n) if s != out]
        self._trick_size = len(active)
        nxt = [0] * n
        for i, s in enumerate(active):
            nxt[s] = active[(i + 1) % len(active)]
        self._next = tuple(nxt)
        self._sort_hands()
        self._can_nominate = self._trump is None and JOKER in self._hands[seat]
        self._phase = PLAY
        self._turn = seat

    def _sort_hands(self) -> None:
        es = self._es
        key = self._tables.display.__getitem__
        bysuit = []
        for seat in range(self.players):
            held = sorted(self._hands[seat], key=key)
            self._hands[seat] = held
            groups: list[list[Card]] = [[], [], [], [], []]
            for c in held:
                groups[es[c]].append(c)
            bysuit.append(groups)
        self._bysuit = bysuit

    # play

    def _apply_play(self, action: Action) -> None:
        seat = action.seat
        if seat != self._turn:
            self._check_turn(action, PLAY_STEP)
        kind = action.kind
        if kind != "play":
            if kind == "nominate":
                self._apply_nominate(action)
                return
            raise self._wrong_kind(action)
        c = action.card
        held = self._hands[seat]
        if c is None or c not in held:
            if c is None:
                raise IllegalAction("card_not_held.none")
            raise IllegalAction("card_not_held", {"card": str(c)})
        e = self._es[c]
        bysuit = self._bysuit[seat]
        trick = self._trick
        if trick:
            if action.suit is not None:
                raise IllegalAction("malformed.suit_not_joker")
            led = self._led
            if e != led:
                if bysuit[led]:
                    if led == self._trump:
                        raise IllegalAction(
                            "must_follow.trumps",
                            {"suit": SUIT_LETTERS[led], "held": _codes(bysuit[led])},
                        )
                    raise IllegalAction(
                        "must_follow", {"suit": SUIT_LETTERS[led], "held": _codes(bysuit[led])}
                    )
                if self._misere and e != FREE and bysuit[FREE]:
                    raise IllegalAction("must_follow.misere_joker", {"suit": SUIT_LETTERS[led]})
        else:
            suit = action.suit
            if e == FREE:
                if suit is None:
                    raise IllegalAction("joker_suit.missing")
                mask = self._joker_suits_mask()
                if mask is None:
                    if self.options.joker_lead == "last_trick":
                        raise IllegalAction("not_allowed_now.joker_last")
                    raise IllegalAction("not_allowed_now.joker_all_led")
                if not 0 <= suit < 4 or mask >> suit & 1:
                    free = [SUIT_LETTERS[s] for s in SUITS if not mask >> s & 1]
                    raise IllegalAction("joker_suit", {"suits": free})
                led = suit
            else:
                if suit is not None:
                    raise IllegalAction("malformed.suit_not_joker")
                led = e
            self._led = led
            self._led_mask |= 1 << led
            self._can_nominate = False
        # valid: record it
        self.actions.append(action)
        held.remove(c)
        bysuit[e].remove(c)
        trick.append(c)
        self._trick_seats.append(seat)
        if c == self._called_card:
            self._partner_shown = True
        if len(trick) == self._trick_size:
            self._finish_trick()
        else:
            self._turn = self._next[seat]

    def _finish_trick(self) -> None:
        trick = self._trick
        seats = self._trick_seats
        power = self._tables.powers[self._led]
        best = max(trick, key=power.__getitem__)
        winner = seats[trick.index(best)]
        self._tricks_won[winner] += 1
        self._history.append((seats, trick, winner, self._led))
        self._trick = []
        self._trick_seats = []
        played = self._tricks_played = self._tricks_played + 1
        self._turn = winner
        if played == TRICKS or (self._misere and winner == self._contractor):
            self._phase = COMPLETE
            self._turn = None

    def _apply_nominate(self, action: Action) -> None:
        seat = action.seat
        if not self._can_nominate or seat != self._contractor:
            if self._trump is not None:
                raise IllegalAction("not_allowed_now.nominate_trumps")
            if seat != self._contractor:
                raise IllegalAction("not_allowed_now.nominate_contractor")
            if self._nominated is not None:
                raise IllegalAction("not_allowed_now.nominated")
            if self._tricks_played or self._trick:
                raise IllegalAction("not_allowed_now.nominate_late")
            raise IllegalAction("card_not_held.joker")
        suit = action.suit
        if not isinstance(suit, int) or not 0 <= suit < 4:
            raise IllegalAction("malformed.nominate_suit")
        self.actions.append(action)
        self._nominated = suit
        self._can_nominate = False
        self._tables = _tables(NT, suit)
        self._es = self._tables.es
        self._sort_hands()

    # -- scoring -----------------------------------------------------------------------------

    @property
    def made(self) -> bool | None:
        """Whether the contract was made (None until the hand is complete)."""
        if self._phase != COMPLETE:
            return None
        if self._misere:
            return self._tricks_won[self._contractor] == 0
        taken = sum(self._tricks_won[s] for s in self.contracting_seats())
        return taken >= self._high.tricks

    def scores(self, totals: Sequence[int] | None = None) -> list[int]:
        """What the hand adds to each seat's total; partners show the same figure.

        With `totals` (each seat's total before the hand) the trick_points_cap option applies:
        defenders' trick points never take a side above the cap (nor change a side above it).
        """
        n = self.players
        if self._phase != COMPLETE:
            return [0] * n
        if totals is None and self._scores is not None:
            return list(self._scores)
        info = self._high
        contracting = self.contracting_seats()
        out = [0] * n
        won = self._tricks_won
        if self._misere:
            value = info.value if won[self._contractor] == 0 else -info.value
            for s in contracting:
                out[s] = value
        else:
            taken = sum(won[s] for s in contracting)
            if taken >= info.tricks:
                value = max(info.value, 250) if taken == TRICKS else info.value
            else:
                value = -info.value
            for s in contracting:
                out[s] = value
            cap = self.options.trick_points_cap
            for side in self._defending_sides(contracting):
                points = 10 * sum(won[s] for s in side)
                if cap is not None and totals is not None:
                    before = totals[side[0]]
                    points = max(0, min(points, cap - before))
                for s in side:
                    out[s] = points
        if totals is None:
            self._scores = list(out)
        return out

    def _defending_sides(self, contracting: tuple[int, ...]) -> list[tuple[int, ...]]:
        if self.players == 5:
            return [(s,) for s in range(5) if s not in contracting]
        return [side for side in self._rules.sides if side[0] not in contracting]

    # -- views -------------------------------------------------------------------------------

    def _blind_possible(self, seat: int) -> bool:
        if self._phase != AUCTION or not self.options.misere or self._final:
            return False
        return not (self._called >> seat & 1) and self._high_rank < self._rules.open_rank

    def _display(self, cards) -> list[str]:
        return [str(c) for c in sorted(cards, key=self._tables.display.__getitem__)]

    def _contract_record(self) -> dict[str, Any] | None:
        """The replay object's contract (shared/hand-records.md)."""
        if self._contractor is None:
            return None
        return {"seat": self._contractor, "call": self._high.call, "sans_kitty": self._high_sans}

    def _trick_json(self, seats, cards, led) -> list[dict[str, Any]]:
        out = []
        for i, (s, c) in enumerate(zip(seats, cards, strict=True)):
            entry: dict[str, Any] = {"seat": s, "card": str(c)}
            if i == 0 and c == JOKER and self._trump is None and self._nominated is None:
                entry["suit"] = SUIT_LETTERS[led]
            out.append(entry)
        return out

    def _done_trick(self, seats, cards, winner, led) -> dict[str, Any]:
        return {
            "leader": seats[0],
            "led": SUIT_LETTERS[led],
            "cards": self._trick_json(seats, cards, led),
            "winner": winner,
        }

    def public_view(self) -> dict[str, Any]:
        """Everything every seat may see (and a spectator): no cards in hand, no kitty.
        The keys are those of games/engines/view.py, with Five Hundred's extras."""
        contract = None
        if self._contractor is not None:
            contract = self.contract.as_json()
            contract["sans_kitty"] = self._high_sans
        history = [self._done_trick(*done) for done in self._history]
        current = None
        if self._phase == PLAY:
            current = {
                "leader": self._trick_seats[0] if self._trick_seats else self._turn,
                "led": SUIT_LETTERS[self._led] if self._trick else None,
                "cards": self._trick_json(self._trick_seats, self._trick, self._led),
            }
        exposed = None
        if (
            self._high is not None
            and self._high.kind == OPEN_MISERE
            and self._contractor is not None
        ):
            if self._tricks_played >= 1:
                c = self._contractor
                exposed = {"seat": c, "cards": self._display(self._hands[c])}
        partner = None
        if self._called_card is not None:
            partner = {
                "card": str(self._called_card),
                "seat": self._partner if self._partner_shown else None,
            }
        high = None
        if self._high is not None:
            high = {"seat": self._high_seat, "call": self._high.call, "sans_kitty": self._high_sans}
        view = hand_view(
            self,
            self._phase,
            hand_sizes=[len(h) for h in self._hands],
            auction=[{"seat": s, "call": c, "sans_kitty": sk} for s, c, sk in self._auction],
            passed=[s for s in range(self.players) if self._passed >> s & 1],
            high_bid=high,
            contract=contract,
            trump=SUIT_LETTERS[self._trump] if self._trump is not None else None,
            trick=current,
            history=history,
            tricks_won=list(self._tricks_won),
            sides=[list(side) for side in self._rules.sides],
        )
        view.update(
            {  # Five Hundred's extras
                "final_raise": self._final,
                "joker_suit": SUIT_LETTERS[self._nominated]
                if self._nominated is not None
                else None,
                # The table's rule for leading the free Joker (public: every seat knows the rules).
                "joker_lead": self.options.joker_lead,
                "sitting_out": self._sitting_out,
                "called_partner": partner,
                "exposed": exposed,
                "suits_led": [SUIT_LETTERS[s] for s in SUITS if self._led_mask >> s & 1],
            }
        )
        return view

    def view_for(self, seat: int) -> dict[str, Any]:
        """What `seat` may see, as JSON-ready data (see the module docstring)."""
        if not 0 <= seat < self.players:
            raise ValueError(f"there is no seat {seat}")
        view = self.public_view()
        view["seat"] = seat
        view["step"] = step_for(self._phase, self._turn, seat)
        hidden = not (self._looked >> seat & 1) and self._blind_possible(seat)
        view["hand_hidden"] = hidden
        view["hand"] = None if hidden else self._display(self._hands[seat])
        c = self._contractor
        view["kitty"] = None
        view["discards"] = None
        if seat == c:
            if self._phase == DISCARD:
                view["kitty"] = [str(k) for k in self._kitty]
            elif self._discards:
                view["discards"] = self._display(self._discards)
        partner = view["called_partner"]
        if partner is not None and partner["seat"] is None:
            # The holder knows at once; so does a contractor who discarded the called card.
            called = self._called_card
            if called in self._hands[seat]:
                partner["seat"] = seat
            elif seat == c and called in self._discards:
                partner["seat"] = c
        view["legal"] = self.legal_records() if seat == self._turn else []
        return view

    def full_view(self) -> dict[str, Any]:
        """Everything: every hand, the kitty, the discards, every trick (for finished hands)."""
        view = self.public_view()
        if view["called_partner"] is not None:
            view["called_partner"]["seat"] = self._partner
        view.update(self.deal_record())
        view["hands_now"] = [self._display(h) for h in self._hands]
        view["discards"] = [str(c) for c in self._discards]
        view["looked"] = sorted(self.looked)
        view["made"] = self.made
        view["legal"] = self.legal_records()
        view["actions"] = [a.to_record() for a in self.actions]
        return view

    def summary(self) -> dict[str, Any]:
        """The replay object of shared/hand-records.md."""
        phase = self._phase
        status = (
            "complete"
            if phase == COMPLETE
            else "thrown_in"
            if phase == THROWN_IN
            else ("in_progress")
        )
        return {
            "status": status,
            "contract": self._contract_record(),
            "tricks": list(self._tricks_won),
            "scores": self.scores(),
            "to_act": self._turn,
            "legal": self.legal_records(),
        }

    def deal_record(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "dealer": self.dealer,
            "hands": [[str(c) for c in h] for h in self._dealt],
            "kitty": [str(c) for c in self._kitty],
        }
        if self._dead is not None:
            out["dead"] = [str(c) for c in self._dead]
        return out

    def __repr__(self) -> str:
        return (
            f"<Five Hundred hand: {self.players} players, dealer {self.dealer}, "
            f"{PHASE_CODES[self._phase]}, {len(self.actions)} actions>"
        )


def contract_scores(
    players: int, options: Options | None, call: str, declarer: int | None, tricks: int | None
) -> list[int]:
    """What a hand played away from the site adds to each seat, from its contract alone: the
    `call` won by `declarer` and the `tricks` the declaring side took (for a misère, the
    declarer's own tricks). Scored as `Hand.scores` scores a played hand (no trick-points cap:
    there is no running total); "pass" (everyone passed) scores nothing. Four players (two
    fixed sides: the defenders' tricks are the rest). Raises ValueError for an impossible
    entry."""
    if players != 4:
        raise ValueError("contract scores need two fixed sides (4 players)")
    options = options or Options()
    if call == PASS_CALL:
        return [0] * players
    info = next((c for c in call_order(options.misere_rank) if c.call == call), None)
    if info is None or (info.is_misere and not options.misere):
        raise ValueError(f"unknown call {call!r}")
    if isinstance(declarer, bool) or not isinstance(declarer, int) or not 0 <= declarer < players:
        raise ValueError("declarer must be a seat")
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= TRICKS:
        raise ValueError(f"tricks must be from 0 to {TRICKS}")
    table_sides = sides(players, options)
    own = next(side for side in table_sides if declarer in side)
    out = [0] * players
    if info.is_misere:
        if tricks > 1:  # a misère ends at once when the contractor wins a trick
            raise ValueError("a misère contractor takes 0 tricks, or 1 and the hand ends")
        out[declarer] = info.value if tricks == 0 else -info.value
        partner = partner_of(players, declarer)
        if partner is not None:
            out[partner] = out[declarer]
        return out
    if tricks >= info.tricks:
        value = max(info.value, 250) if tricks == TRICKS else info.value
    else:
        value = -info.value
    for side in table_sides:
        for seat in side:
            out[seat] = value if side is own else 10 * (TRICKS - tricks)
    return out


# ---------------------------------------------------------------------------------------------
# Games


def next_dealer(hand: Hand) -> int:
    """The deal passes to the left after every hand, thrown-in hands included."""
    return (hand.dealer + 1) % hand.players


def apply_hand(
    totals: Sequence[int], hand: Hand, options: Options | None = None
) -> tuple[list[int], list[int] | None]:
    """Add a finished hand to the running totals: (new totals, winning seats or None).

    A side wins only by making a contract that brings it to the target (in the five-player game,
    each player of the contracting side who reaches it). A side at or below minus the target
    loses: the other side, or with three or more sides the highest total(s), wins.
    """
    options = options or hand.options
    totals = list(totals)
    if hand.players != len(totals):
        raise ValueError("totals must have one figure a seat")
    if not hand.is_over or hand.thrown_in:
        return totals, None
    adds = hand.scores(totals)
    new = [t + a for t, a in zip(totals, adds, strict=True)]
    target = options.target
    if hand.made:
        winners = [s for s in hand.contracting_seats() if new[s] >= target]
        if winners:
            winners = sorted(_with_partners(hand.players, winners))
            return new, winners
    if any(t <= -target for t in new):
        groups = [(s,) for s in range(5)] if hand.players == 5 else list(sides(hand.players))
        alive = [g for g in groups if new[g[0]] > -target] or groups
        best = max(new[g[0]] for g in alive)
        return new, sorted(s for g in alive if new[g[0]] == best for s in g)
    return new, None


def _with_partners(players: int, seats: list[int]) -> set[int]:
    out = set(seats)
    if players in (4, 6):
        for s in seats:
            out.add(partner_of(players, s))
    return out


class Game(GameLoop):
    """A game of Five Hundred: the shared loop (game.Game) with this module's rules."""

    engine = sys.modules[__name__]
