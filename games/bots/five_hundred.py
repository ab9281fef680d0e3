"""The "club" Five Hundred bot: plays like a sensible club player from one seat's view.

It sees only `Hand.view_for(seat)` (see games/engines/five_hundred.py), so it knows its own cards,
the auction, the contract, the trick in progress and the last trick, its own discards, and the open
misère hand once it is exposed. It keeps no memory between calls; when a view also carries the
hand's completed tricks (`tricks`, in the form of `last_trick`), it counts those cards as played.

Bidding
    For each strain the bot counts the tricks its own cards should take: trumps walked from the
    top (the Joker and the bowers first; a trump with k higher trumps outstanding counts less the
    larger k and the shorter its guard; the fourth trump and beyond count as winners), side-suit
    aces and guarded kings, short side suits beside spare trumps, and in no-trumps top cards,
    long established suits and a penalty for every suit it cannot stop. A linear fit per table
    size, calibrated on club-bot playouts, turns that count into the side's expected tricks with
    the kitty and an average partner (`TRICK_MODEL`); a partner who has bid the strain adds to it,
    one who has passed takes a little away. Every legal bid is then scored by its expected value,
    value x (2 P(make) - 1), with P(make) from a normal spread around the expected tricks, and the
    best is made if it beats passing (or, over a partner, clearly beats the partner's bid).
    Misère and open misère are scored the same way from the danger the hand is expected to keep
    after the kitty (`misere_danger`, `_misere_prospect`), and are bid only with a hand made for
    them. The auction order is the engine's: only calls from `legal` are ever made.

Discarding, calling a partner, the Joker, play: see the functions below.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from functools import lru_cache
from itertools import combinations
from typing import Any

from games.engines.cards import JOKER, SUIT_LETTERS, SUITS, Card, parse_card
from games.engines.five_hundred import FREE, NT, PACKS, bid_value, card_rules, partner_of, sides

from .common import cards_of, discard_record, legal_of, play_records, step_of

MISERE_CALLS = ("misere", "open_misere", "blind_misere")

# Calibrated against club-bot playouts of random deals: the tricks the bidder's side took with
# the bidder's best strain as trumps, fitted as a + b x (the bot's raw count), by player count.
# The fit holds the kitty and the average partner (the called partner with five players).
TRICK_MODEL = {2: (4.64, 0.58), 3: (2.01, 0.89), 4: (4.6, 0.55), 5: (5.3, 0.44), 6: (3.69, 0.56)}
NT_MODEL = {2: (4.89, 0.48), 3: (3.87, 0.39), 4: (4.73, 0.42), 5: (5.46, 0.26), 6: (4.01, 0.35)}
TRICK_SPREAD = 1.3
NT_SPREAD = 1.7
# Misère: P(success) = 1 / (1 + exp((danger - midpoint) / scale)), by player count, for the
# danger expected after the kitty (`_misere_prospect`). Misère grows easier with more defenders
# (someone is more often forced to overtake), so the curves differ a lot between tables.
MISERE_CURVE = {2: (0.8, 0.8), 3: (3.5, 2.0), 4: (3.4, 1.6), 5: (5.5, 1.0), 6: (7.8, 2.0)}
OPEN_MISERE_CURVE = {2: (0.8, 0.6), 3: (2.6, 1.0), 4: (2.9, 1.3), 5: (4.8, 1.6), 6: (7.4, 3.0)}
# Whatever the odds, misère is bid only with a hand made for it: at most a couple of dangerous
# cards left after the discard, and open misère only with an exceptionally safe hand.
MISERE_MAX_DANGER = 2.0
OPEN_MISERE_MAX_DANGER = 0.6
MISERE_SAMPLES = 20
# Bids whose expected value is below this are not worth making (passing is worth about 0).
MIN_BID_VALUE = 8.0


# ---------------------------------------------------------------------------------------------
# Card semantics for one contract


# The engine's (games.engines.five_hundred.CardRules): effective suits, bowers, the Joker's
# place and trick-winning power for a contract. `Rules(trump, nominated)` is kept as the bots'
# name for it.
Rules = card_rules


@lru_cache(maxsize=64)
def _orders(players: int, trump: int | None) -> dict[int, tuple[Card, ...]]:
    rules = Rules(trump)
    pack = PACKS[players]
    return {s: tuple(rules.order(pack, s)) for s in SUITS}


def _call_parts(call: str) -> tuple[int, int] | None:
    """(tricks, strain) of a bid like `7H` / `8NT`; None for pass and the misères."""
    if not call or call in MISERE_CALLS or call == "pass":
        return None
    if call.endswith("NT"):
        return int(call[:-2]), NT
    return int(call[:-1]), SUIT_LETTERS.index(call[-1])


# ---------------------------------------------------------------------------------------------
# Hand evaluation


def _walk(order, held, known_out):
    """Yield (position among my cards, higher cards still outstanding) for each held card."""
    k = 0
    missing = 0
    for c in order:
        if c in held:
            yield k, missing
            k += 1
        elif c not in known_out:
            missing += 1


def trump_tricks(held: set, players: int, trump: int, known_out=frozenset()) -> float:
    """Tricks expected from the cards held with `trump` as trumps (no kitty, no partner)."""
    orders = _orders(players, trump)
    trumps = orders[trump]
    length = sum(1 for c in trumps if c in held)
    tricks = 0.0
    for k, missing in _walk(trumps, held, known_out):
        guard = length - k  # this trump and the ones below it
        if missing == 0:
            v = 1.0
        elif missing == 1:
            v = 0.65 if guard >= 2 else 0.35
        elif missing == 2:
            v = 0.4 if guard >= 3 else 0.2
        else:
            v = 0.15
        if k >= 3:  # the fourth trump and beyond usually win once trumps are drawn
            v = max(v, 0.55 + 0.15 * (k - 3))
        tricks += min(v, 1.0)
    spare = max(0, length - 3)
    for s in SUITS:
        if s == trump:
            continue
        order = orders[s]
        n = sum(1 for c in order if c in held)
        for k, missing in _walk(order, held, known_out):
            if missing == 0 and k < 3:
                tricks += (0.95, 0.7, 0.35)[k] if n <= 5 else (0.85, 0.5, 0.2)[k]
            elif missing == 1 and k == 0 and n >= 2:
                tricks += 0.45
            elif missing == 2 and k == 0 and n >= 3:
                tricks += 0.15
        if n < 2 and spare:
            ruffs = min(spare, 2 - n)
            tricks += 0.35 * ruffs
            spare -= ruffs
    return tricks


def nt_tricks(held: set, players: int, known_out=frozenset()) -> float:
    """Tricks expected in no-trumps from the cards held (no kitty, no partner)."""
    orders = _orders(players, None)
    tricks = 1.0 if JOKER in held else 0.0
    unstopped = 0
    for s in SUITS:
        order = orders[s]
        n = sum(1 for c in order if c in held)
        top = 0
        stopped = False
        for k, missing in _walk(order, held, known_out):
            if missing == 0 and k == top:
                top += 1
                tricks += 1.0
                stopped = True
            elif missing == 1 and k == 0 and n >= 2:
                tricks += 0.5
                stopped = True
            elif missing == 2 and k == 0 and n >= 3:
                tricks += 0.2
                stopped = True
        if top >= 2 and n > top:
            tricks += 0.6 * max(0, n - max(top, 3))
        if not stopped:
            unstopped += 1
    if JOKER in held and unstopped:
        unstopped -= 1
    return tricks - 0.9 * unstopped


def raw_tricks(held: set, players: int, strain: int, known_out=frozenset()) -> float:
    if strain == NT:
        return nt_tricks(held, players, known_out)
    return trump_tricks(held, players, strain, known_out)


@lru_cache(maxsize=4096)
def _binomial_at_least(n: int, p: float, k: int) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return sum(math.comb(n, j) * p**j * (1 - p) ** (n - j) for j in range(k, n + 1))


def _live_fraction(players: int, unknown: int) -> float:
    """The chance that a card this seat cannot see is in a defender's hand during a misère:
    the contractor's partner sits out (4 and 6 players), the kitty and the dead hand are idle."""
    opponents = {2: 1, 3: 2, 4: 2, 5: 4, 6: 4}[players]
    return round(min(1.0, 10 * opponents / unknown), 3) if unknown else 0.0


class _MisereTable:
    """The unseen cards of each suit, for scoring many ways of keeping a misère hand."""

    def __init__(self, players: int, unknown):
        self.p = _live_fraction(players, len(unknown))
        self.ranks = {
            s: sorted(c.rank for c in unknown if c != JOKER and c.suit == s) for s in SUITS
        }
        self.memo: dict[tuple[int, tuple[int, ...]], float] = {}

    def suit_danger(self, suit: int, mine: tuple[int, ...]) -> float:
        key = (suit, mine)
        found = self.memo.get(key)
        if found is None:
            ranks = self.ranks[suit]
            found = 0.0
            for i, rank in enumerate(mine, start=1):
                lower = bisect_left(ranks, rank)
                found += _binomial_at_least(lower, self.p, i)
            self.memo[key] = found
        return found

    def danger(self, held) -> float:
        by_suit: dict[int, list[int]] = {s: [] for s in SUITS}
        danger = 0.0
        for c in held:
            if c == JOKER:
                danger += 1.0
            else:
                by_suit[c.suit].append(c.rank)
        voids = 0
        for s in SUITS:
            mine = by_suit[s]
            if not mine:
                voids += 1
            else:
                danger += self.suit_danger(s, tuple(sorted(mine)))
        return danger * (1.0 - 0.12 * voids)


def misere_danger(held, players: int, known_out=frozenset()) -> float:
    """How likely the defenders are to make these cards win a trick, summed over the cards.

    A card is in danger when the defenders hold enough lower cards of its suit to lead under it
    every time this hand has to follow: for the i-th lowest card of a suit, with `lower` unseen
    cards below it, the danger is P(at least i of those are in the defenders' hands). A void
    suit is a place to throw dangerous cards, so each void trims the total. The Joker counts 1:
    it must be discarded (or nominated into a long suit, where it is still the top card).
    """
    held = set(held)
    unknown = [c for c in PACKS[players] if c not in held and c not in known_out]
    return _MisereTable(players, unknown).danger(held)


def best_misere_discard(cards, players: int, known_out=frozenset()):
    """The three cards whose discard leaves the safest misère hand, and that hand's danger.

    Discarded cards stay out of play, so the unseen cards are the same for every choice."""
    cards = sorted(cards, key=lambda c: (c == JOKER, c.rank, c.suit), reverse=True)
    held = set(cards)
    table = _MisereTable(
        players, [c for c in PACKS[players] if c not in held and c not in known_out]
    )
    best = None
    for trio in combinations(cards, 3):
        danger = table.danger([c for c in cards if c not in trio])
        if best is None or danger < best[1] - 1e-9:
            best = (trio, danger)
    return best


def misere_chance(danger: float, players: int, open_: bool = False) -> float:
    """P(making misère, or open misère) with this much danger left after the discard."""
    if danger > (OPEN_MISERE_MAX_DANGER if open_ else MISERE_MAX_DANGER):
        return 0.0
    mid, scale = (OPEN_MISERE_CURVE if open_ else MISERE_CURVE)[players]
    return 1.0 / (1.0 + math.exp(min(50.0, (danger - mid) / scale)))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def make_chance(expected: float, tricks: int, strain: int = 0) -> float:
    """P(the side takes at least `tricks`) when it expects `expected` tricks."""
    spread = NT_SPREAD if strain == NT else TRICK_SPREAD
    return _phi((expected - tricks + 0.5) / spread)


# ---------------------------------------------------------------------------------------------
# The seat's view, read once


class Seat:
    """What the bot works with: its cards, the contract's rules and who is on which side."""

    def __init__(self, view: dict[str, Any]):
        self.view = view
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.pack = PACKS[self.players]
        self.hand: list[Card] = cards_of(view.get("hand"))
        trump = view.get("trump")
        nominated = view.get("joker_suit")
        self.rules = Rules(
            SUIT_LETTERS.index(trump) if trump else None,
            SUIT_LETTERS.index(nominated) if nominated else None,
        )
        contract = view.get("contract") or None
        self.contractor: int | None = contract["seat"] if contract else None
        self.call: str | None = contract["call"] if contract else None
        self.misere = self.call in MISERE_CALLS
        self.sitting_out = view.get("sitting_out")
        self.active = [s for s in range(self.players) if s != self.sitting_out]
        self.side = self._my_side()
        trick = view.get("trick") or {}
        self.trick: list[tuple[int, Card]] = [
            (e["seat"], parse_card(e["card"])) for e in trick.get("cards") or []
        ]
        led = trick.get("led")
        self.led: int | None = SUIT_LETTERS.index(led) if led else None
        self.exposed: list[Card] = []
        exposed = view.get("exposed")
        if exposed and exposed.get("seat") != self.seat:
            self.exposed = cards_of(exposed.get("cards"))
        out = set(cards_of(view.get("discards")))
        for done in view.get("history") or []:
            out.update(parse_card(e["card"]) for e in done.get("cards") or [])
        last = view.get("last_trick")
        if last:
            out.update(parse_card(e["card"]) for e in last.get("cards") or [])
        out.update(c for _, c in self.trick)
        self.known_out = out
        held = set(self.hand)
        self.unknown = [c for c in self.pack if c not in held and c not in out]

    def _my_side(self) -> set[int]:
        seat, c = self.seat, self.contractor
        n = self.players
        if c is None:
            return set(next(side for side in sides(n) if seat in side))
        if self.misere:
            return {c} if seat == c else {s for s in self.active if s != c}
        if n == 5:
            partner = (self.view.get("called_partner") or {}).get("seat")
            team = {c} if partner is None else {c, partner}
            if seat in team:
                return team
            if partner is not None:
                return {s for s in range(n) if s not in team}
            return {seat}
        if n in (4, 6):
            return {seat, partner_of(n, seat)}
        # Two and three players: the defenders share one aim, to set the contract.
        return {seat} if seat == c else {s for s in range(n) if s != c}

    @property
    def contracting(self) -> bool:
        return self.contractor is not None and (
            self.seat == self.contractor or self.contractor in self.side
        )

    def seats_after_me(self) -> list[int]:
        """The seats still to play to the current trick after this one."""
        active = self.active
        i = active.index(self.seat)
        left = len(active) - len(self.trick) - 1
        return [active[(i + j) % len(active)] for j in range(1, left + 1)]

    def is_master(self, c: Card) -> bool:
        """No unseen card of its suit ranks above it."""
        r = self.rules
        e = r.suit(c)
        if e == FREE:
            return True
        mine = r.strength(c)
        return not any(r.suit(u) == e and r.strength(u) > mine for u in self.unknown)

    def suit_lengths(self) -> dict[int, int]:
        out = {s: 0 for s in (*SUITS, FREE)}
        for c in self.hand:
            out[self.rules.suit(c)] += 1
        return out


# ---------------------------------------------------------------------------------------------
# Bidding


def _strain_estimates(seat: Seat) -> dict[int, float]:
    """The side's expected tricks in each strain (kitty and partner included)."""
    view = seat.view
    n = seat.players
    held = set(seat.hand)
    partner = partner_of(n, seat.seat)
    partner_strains: dict[int, int] = {}
    partner_passed = False
    for entry in view.get("auction") or []:
        if entry["seat"] != partner:
            continue
        parts = _call_parts(entry["call"])
        if parts is not None:
            tricks, strain = parts
            partner_strains[strain] = max(partner_strains.get(strain, 0), tricks)
        elif entry["call"] == "pass" and not partner_strains:
            partner_passed = True
    out = {}
    for strain in range(5):
        a, b = (NT_MODEL if strain == NT else TRICK_MODEL)[n]
        e = a + b * raw_tricks(held, n, strain)
        if partner is not None:
            if strain in partner_strains:
                e += 0.8 + 0.4 * (partner_strains[strain] - 6)
            elif partner_strains:
                e -= 0.2
            elif partner_passed:
                e -= 0.4
        out[strain] = e
    return out


def _bid_ev(tricks: int, strain: int, expected: float) -> float:
    return bid_value(tricks, strain) * (2.0 * make_chance(expected, tricks, strain) - 1.0)


def choose_call(seat: Seat, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    view = seat.view
    by_call = {e["call"]: e for e in legal}
    pass_entry = by_call.get("pass") or legal[0]
    if view.get("hand") is None or len(seat.hand) < 10:
        return dict(pass_entry)
    estimates = _strain_estimates(seat)
    danger = None
    best: tuple[float, str] | None = None
    for call in by_call:
        parts = _call_parts(call)
        if parts is not None:
            tricks, strain = parts
            ev = _bid_ev(tricks, strain, estimates[strain])
        elif call in ("misere", "open_misere"):
            if danger is None:
                danger = _misere_prospect(seat, rng)
            if call == "misere":
                ev = 250 * (2 * misere_chance(danger, seat.players) - 1)
            else:
                ev = 500 * (2 * misere_chance(danger, seat.players, open_=True) - 1)
        else:
            continue
        if best is None or ev > best[0] + 1e-9:
            best = (ev, call)
    high = view.get("high_bid")
    floor = MIN_BID_VALUE
    if high and high["seat"] in seat.side and high["seat"] != seat.seat:
        # The partner holds the bid: take it over only for something clearly better.
        parts = _call_parts(high["call"])
        if parts is not None:
            floor = max(floor, _bid_ev(parts[0], parts[1], estimates[parts[1]]) + 40)
        else:
            floor = float("inf")
    if high and high["seat"] == seat.seat:
        # The final raise: our own bid stands; raise only for a clearly better contract.
        parts = _call_parts(high["call"])
        if parts is not None:
            floor = max(floor, _bid_ev(parts[0], parts[1], estimates[parts[1]]) + 20)
        else:
            floor = float("inf")
    if best is not None and best[0] >= floor:
        return dict(by_call[best[1]])
    return dict(pass_entry)


def _misere_prospect(seat: Seat, rng: random.Random) -> float:
    """The danger expected after taking the kitty and discarding three: the average, over a few
    kitties drawn from the cards this seat cannot see, of the danger left after throwing the
    three worst cards (chosen greedily, one at a time)."""
    held = list(seat.hand)
    mine = set(held)
    unknown = [c for c in seat.pack if c not in mine]
    total = 0.0
    for _ in range(MISERE_SAMPLES):
        kitty = rng.sample(unknown, 3)
        table = _MisereTable(seat.players, [c for c in unknown if c not in kitty])
        cards = held + kitty
        for _ in range(3):
            cards.remove(min(cards, key=lambda c: (table.danger([x for x in cards if x != c]), c)))
        total += table.danger(cards)
    return total / MISERE_SAMPLES


# ---------------------------------------------------------------------------------------------
# Discard, partner call, Joker nomination


def choose_discard(seat: Seat, entry: dict[str, Any]) -> dict[str, Any]:
    """Keep trumps, the Joker and aces; void short side suits; in misère throw the three most
    dangerous cards. Every one of the 286 discards is scored and the best kept hand wins."""
    cards = cards_of(entry["from"])
    n = seat.players
    if seat.misere:
        trio, _ = best_misere_discard(cards, n)
        return discard_record(entry, trio)
    strain = NT if seat.rules.trump is None else seat.rules.trump
    rules = seat.rules
    best = None
    for trio in combinations(cards, 3):
        kept = set(cards) - set(trio)
        score = raw_tricks(kept, n, strain, frozenset(trio))
        # A small tie-break: throw low cards and cards from short suits.
        score -= 0.001 * sum(rules.strength(c) for c in trio)
        if best is None or score > best[0] + 1e-9:
            best = (score, trio)
    return discard_record(entry, best[1])


def choose_partner(seat: Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    """Five players: call the highest trump not in hand and not discarded (in no-trumps, the
    ace of the longest suit without it, then the highest card of any suit)."""
    callable_ = {parse_card(e["call_partner"]): e for e in legal if "call_partner" in e}
    mine = set(seat.hand) | set(cards_of(seat.view.get("discards")))
    rules = seat.rules
    orders = _orders(seat.players, rules.trump)
    if rules.trump is not None:
        candidates = list(orders[rules.trump])
    else:
        lengths = seat.suit_lengths()
        suits = sorted(SUITS, key=lambda s: (-lengths[s], -s))
        candidates = [orders[s][0] for s in suits]
        candidates += sorted(
            (c for s in SUITS for c in orders[s]), key=lambda c: (-c.rank, -lengths[c.suit])
        )
    for c in candidates:
        if c != JOKER and c not in mine and c in callable_:
            return dict(callable_[c])
    return dict(next(iter(callable_.values())))


def joker_suit_for_misere(hand: list[Card]) -> int:
    """The suit to give the Joker in misère: the one where this hand holds the most cards.

    A nominated Joker is the top card of its suit, so it wins only a trick of that suit to which
    the contractor cannot follow with anything lower: the more cards held in the suit, the longer
    the contractor can duck under the defenders' leads with them, and the sooner a void elsewhere
    lets the Joker be thrown away. A short or empty suit would leave the Joker exposed at once,
    and leaving it free is worse still (it must then be played, and win, whenever the contractor
    cannot follow suit). On a tie the suit with the lower cards is chosen.
    """
    best = None
    for s in SUITS:
        ranks = [c.rank for c in hand if c != JOKER and c.suit == s]
        key = (len(ranks), -sum(ranks))
        if best is None or key > best[0]:
            best = (key, s)
    return best[1]


# ---------------------------------------------------------------------------------------------
# Play


def _winning(seat: Seat) -> tuple[int, Card, int] | None:
    """(seat, card, power) of the card winning the current trick so far."""
    if not seat.trick:
        return None
    led = seat.led
    best = max(seat.trick, key=lambda sc: seat.rules.power(sc[1], led))
    return best[0], best[1], seat.rules.power(best[1], led)


def _throw_cost(seat: Seat, c: Card, lengths: dict[int, int]) -> float:
    """How much it costs to give this card away: trumps and winners are dear, low cards from
    short suits cheap."""
    r = seat.rules
    e = r.suit(c)
    if e == FREE:
        return 500
    if r.trump is not None and e == r.trump:
        return 200 + r.strength(c)
    cost = r.strength(c) + 2 * lengths.get(e, 0)
    if seat.is_master(c):
        cost += 30
    return cost


def _cheapest(seat: Seat, cards: list[Card]) -> Card:
    lengths = seat.suit_lengths()
    return min(cards, key=lambda c: (_throw_cost(seat, c, lengths), c))


def choose_play(seat: Seat, legal: list[dict[str, Any]]) -> dict[str, Any]:
    plays = play_records(legal)
    if seat.misere:
        if any("nominate" in e for e in legal):
            suit = SUIT_LETTERS[joker_suit_for_misere(seat.hand)]
            for e in legal:
                if e.get("nominate") == suit:
                    return dict(e)
        if seat.seat == seat.contractor:
            return dict(_misere_contractor(seat, plays, legal))
        return dict(_misere_defender(seat, plays, legal))
    if not seat.trick:
        return dict(_lead(seat, plays, legal))
    return dict(_follow(seat, plays))


def _lead(seat: Seat, plays: dict[Card, dict], legal: list[dict]) -> dict:
    r = seat.rules
    cards = [c for c in plays if c != JOKER or r.suit(c) != FREE]
    joker_leads = [e for e in legal if e.get("play") == "JK" and "suit" in e]
    lengths = seat.suit_lengths()
    if not cards:
        return _joker_lead(seat, joker_leads, lengths) or next(iter(plays.values()))
    trump = r.trump
    if trump is not None:
        mine = sorted((c for c in cards if r.suit(c) == trump), key=r.strength, reverse=True)
        out = [u for u in seat.unknown if r.suit(u) == trump]
        if mine and out:
            top_out = max(r.strength(u) for u in out)
            if r.strength(mine[0]) > top_out and (seat.contracting or len(mine) >= 3):
                return plays[mine[0]]
            if seat.seat == seat.contractor and len(mine) >= 4:
                return plays[mine[-1]]
    masters = [c for c in cards if r.suit(c) != trump and seat.is_master(c)]
    if masters:
        # Cash a winner from the suit the others hold most of (the least likely to be ruffed).
        def outstanding(c):
            return sum(1 for u in seat.unknown if r.suit(u) == r.suit(c))

        return plays[max(masters, key=lambda c: (outstanding(c), r.strength(c), c))]
    if joker_leads and seat.contracting:
        return _joker_lead(seat, joker_leads, lengths)
    side = [c for c in cards if r.suit(c) != trump]
    if not side:
        trumps = sorted(cards, key=r.strength)
        return plays[trumps[-1] if seat.is_master(trumps[-1]) else trumps[0]]
    has_trumps = trump is not None and lengths.get(trump, 0) > 0

    def lead_key(c):
        s = r.suit(c)
        suit_cards = [x for x in seat.hand if r.suit(x) == s]
        lowest = min(suit_cards, key=r.strength)
        if c != lowest:
            return (99, 0, c)
        # Do not lead away from a king or queen that the ace or king does not cover.
        tenace = any(
            r.strength(x) >= 15 and not seat.is_master(x) for x in suit_cards if x != lowest
        )
        if trump is None:
            shape = -len(suit_cards)  # no-trumps: lead the long suit
        elif has_trumps:
            shape = len(suit_cards)  # short suits first, to ruff them later
        else:
            shape = -len(suit_cards)
        return (5 * tenace + shape, r.strength(c), c)

    return plays[min(side, key=lead_key)]


def _joker_lead(seat: Seat, joker_leads: list[dict], lengths: dict[int, int]) -> dict | None:
    """Lead the free Joker naming the allowed suit this hand holds most of."""
    if not joker_leads:
        return None
    return max(joker_leads, key=lambda e: (lengths[SUIT_LETTERS.index(e["suit"])], e["suit"]))


def _follow(seat: Seat, plays: dict[Card, dict]) -> dict:
    r = seat.rules
    led = seat.led
    cards = list(plays)
    win_seat, _win_card, win_power = _winning(seat)
    later = seat.seats_after_me()
    later_opponents = [s for s in later if s not in seat.side]
    if win_seat in seat.side:
        # Partner (or a fellow defender) is winning: never overtake; throw the cheapest card.
        under = [c for c in cards if r.power(c, led) <= win_power] or cards
        return plays[_cheapest(seat, under)]
    winners = [c for c in cards if r.power(c, led) > win_power]
    if winners:
        winners.sort(key=lambda c: (r.power(c, led), c))
        if not later_opponents:
            return plays[winners[0]]
        masters = [c for c in winners if seat.is_master(c) and r.suit(c) in (led, r.trump)]
        following = [c for c in winners if r.suit(c) == led and r.suit(c) != r.trump]
        if following and not masters and len(later_opponents) >= 1 and r.trump is not None:
            # Second hand low: a plain card that can still be beaten is not worth spending.
            top_out = [u for u in seat.unknown if r.suit(u) == led]
            if top_out and max(r.strength(u) for u in top_out) > r.strength(following[-1]):
                return plays[_cheapest(seat, cards)]
        if masters:
            return plays[masters[0]]
        return plays[winners[0]]
    return plays[_cheapest(seat, cards)]


# -- misère


def _misere_contractor(seat: Seat, plays: dict[Card, dict], legal: list[dict]) -> dict:
    r = seat.rules
    cards = list(plays)
    table = _MisereTable(seat.players, seat.unknown)
    live = table.p

    def rest_danger(c):
        return table.danger([x for x in seat.hand if x != c])

    if not seat.trick:
        # Lead a card that someone must beat: the defenders duck under it when they can, so
        # the fewer unseen cards below it (and the more above it), the safer; and keep the
        # safest hand behind.
        def lead_risk(c):
            e = r.suit(c)
            mine = r.strength(c)
            same = [r.strength(u) for u in seat.unknown if r.suit(u) == e]
            below = sum(1 for x in same if x < mine)
            above = len(same) - below
            ducked = 1.0 - (1.0 - live) ** below
            unbeaten = (1.0 - live) ** above
            return 2.5 * ducked + 3.0 * unbeaten + rest_danger(c)

        plain = [c for c in cards if r.suit(c) != FREE]
        if plain:
            return plays[min(plain, key=lambda c: (lead_risk(c), c))]
        return [e for e in legal if "play" in e][0]
    led = seat.led
    _, _, win_power = _winning(seat)
    under = [c for c in cards if r.power(c, led) < win_power]
    if under:
        following = [c for c in under if r.suit(c) == led]
        if following:
            # Duck with the highest card that still loses.
            return plays[max(following, key=lambda c: (r.strength(c), c))]
        # Void: throw the card whose loss makes the rest of the hand safest.
        return plays[min(under, key=lambda c: (rest_danger(c), -r.strength(c), c))]
    # Every card would win: the lowest gives a later defender the best chance to overtake.
    return plays[min(cards, key=lambda c: (r.power(c, led), c))]


def _misere_defender(seat: Seat, plays: dict[Card, dict], legal: list[dict]) -> dict:
    r = seat.rules
    c_seat = seat.contractor
    cards = [c for c in plays if r.suit(c) != FREE]
    if not cards:
        return [e for e in legal if "play" in e][0]
    if not seat.trick:
        exposed = seat.exposed
        if exposed:
            # Lead under the contractor's lowest card of a suit they hold.
            best = None
            for c in cards:
                theirs = [x for x in exposed if r.suit(x) == r.suit(c)]
                if theirs and min(r.strength(x) for x in theirs) > r.strength(c):
                    key = (-len(theirs), r.strength(c), c)
                    if best is None or key < best[0]:
                        best = (key, c)
            if best is not None:
                return plays[best[1]]
        return plays[min(cards, key=lambda c: (r.strength(c), c))]
    led = seat.led
    win_seat, _, win_power = _winning(seat)
    played = {s for s, _ in seat.trick}
    if win_seat == c_seat:
        # The contractor is winning: stay under them, throwing the highest card that does.
        under = [c for c in cards if r.power(c, led) < win_power]
        if under:
            return plays[max(under, key=lambda c: (r.strength(c), c))]
        return plays[min(cards, key=lambda c: (r.power(c, led), c))]
    if c_seat in played:
        # The contractor has already ducked: this trick is lost; throw a high card.
        return plays[max(cards, key=lambda c: (r.strength(c), c))]
    # The contractor plays after us: keep the trick as low as possible.
    following = [c for c in cards if r.suit(c) == led]
    if following:
        return plays[min(following, key=lambda c: (r.strength(c), c))]
    return plays[max(cards, key=lambda c: (r.strength(c), c))]


# ---------------------------------------------------------------------------------------------
# Entry point


def club_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The club bot's action for this view (one of `view["legal"]`, or a discard of three)."""
    legal = legal_of(view)
    seat = Seat(view)
    step = step_of(view)
    if step == "discard":
        return choose_discard(seat, legal[0])
    if step == "bid":
        return choose_call(seat, legal, rng)
    if step == "call_partner":
        return choose_partner(seat, legal)
    return choose_play(seat, legal)
