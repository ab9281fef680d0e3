"""The "expert" Auction Pitch bot: the club bot's judgement, checked by search over hidden cards.

Like the expert Five Hundred bot, it settles each decision by perfect-information Monte Carlo:
it deals the cards it cannot see (the other hands, and the cards nobody was dealt) in many ways
that fit its view (its cards, every card won so far, the trick in progress, the suits that the
tricks so far show a player lacks: a player who neither followed nor trumped has none of the
suit led, and one who didn't follow a trump lead has no trumps), weights the deals by the bids
(a seat that bid holds a good suit; one that passed is unlikely to hold a big hand; judged, in
the play, on the hand the seat bid with: what it holds in the deal and what it has played) and by
the play (a deal in which another seat would not have played the card it did, as the club bot
plays, counts for a tenth: `_play_weight`), and plays each candidate out to the end of the
hand, every seat then playing as the club bot would from what that seat could see
(`_Sim.club_choice`: its own cards and the cards played, not the other hands), scoring the hand
exactly as the rules do. Play-outs in which every seat sees every hand play too well and overrate
what a hand makes (the pitcher above all); club-policy play-outs measured clearly better. The
club bot's choice wins ties and near-ties.

- Play, including the pitcher's opening lead (which names trumps): every legal card.
- Bidding: each legal call (a pass; each bid, and the pitch of a card, with its two best
  suits) is played out in sampled deals: the rest of the auction as club bots would call it,
  then the hand. The club bot's own call stands unless another measures clearly better
  (`BID_MARGIN` points) and still measures better on fresh deals (`BID_RECHECK`). A seat with
  a single legal action (a forced pass) takes it at once.

Work is counted (cards played in play-outs), not timed, so a decision is deterministic for a
given rng. The bot simulates Pitch's play itself (it is simple), reading only the view.
"""

from __future__ import annotations

import random
from typing import Any

from games.engines import pitch as pitch_engine
from games.engines.cards import ACE, JACK, KING, QUEEN, SUIT_LETTERS, Card, card

from . import pitch as club
from .common import cards_of, legal_of, play_records, step_of
from .sampling import Budget, ImpossibleDeal, Place, deal_hidden, weighted_means

PACK = pitch_engine.PACK
GP = {10: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}
MIN_WORLDS = 2
# The most sampled deals a card-play decision uses: MAX_WORLDS at an allowance of WORLDS_BUDGET
# or less, proportionally more above it (so a larger allowance buys more deals).
MAX_WORLDS = 64
WORLDS_BUDGET = 8000
OVERRIDE_MARGIN = 0.04
BID_MARGIN = 0.3
BID_WORLDS = 32
# A call other than the club bot's is looked at again on this many fresh deals, and kept only if
# they agree it is better: the best of many noisy estimates is overrated (its 3-bids were).
BID_RECHECK = 32
# Reading the play: a sampled deal in which another seat's card is not the one the club bot would
# have played from its hand there counts this much (for each such card). Players mostly play
# sensibly; a small weight, not none, leaves room for those who don't.
PLAY_READ = 0.1
# Whether the bids are searched (True) or the club bot's (False).
SEARCH_BIDS = True
# How the play-outs play every seat: "club" (the club bot's play, from what each seat could see)
# or "open" (a quick policy that sees every hand).
PLAYOUT_POLICY = "club"


# Pitch's trump ranks, lowest first.
TRUMP_RANKS = tuple(range(2, 11)) + (JACK, QUEEN, KING, ACE)


def _gp(c: Card) -> int:
    return GP.get(c & 31, 0)


def _rank(c: Card) -> int:
    return c & 31


# ---------------------------------------------------------------------------------------------
# The view


class Knowledge:
    def __init__(self, view: dict[str, Any]):
        self.view = view
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        options = view.get("options") or {}
        self.partnerships = bool(options.get("partnerships"))
        self.low_rule = options.get("low", "winner")
        self.hand = cards_of(view.get("hand"))
        trump = view.get("trump")
        self.trump: int | None = SUIT_LETTERS.index(trump) if trump else None
        contract = view.get("contract")
        self.pitcher = contract["seat"] if contract else None
        self.bid = contract["bid"] if contract else None
        self.won: list[list[Card]] = [cards_of(w) for w in view.get("won") or []]
        if not self.won:
            self.won = [[] for _ in range(self.players)]
        trick = view.get("trick") or {}
        self.trick: list[tuple[int, Card]] = [
            (e["seat"], club.card_of(e["card"])) for e in trick.get("cards") or []
        ]
        self.sizes = list(view.get("hand_sizes") or [6] * self.players)
        self.void: dict[int, set[int]] = {s: set() for s in range(self.players)}
        # The cards each seat has played this hand: with what it holds now, the hand it bid on.
        self.played_by: dict[int, list[Card]] = {s: [] for s in range(self.players)}
        # Every card played this hand, in order, with its seat (what `_play_weight` replays).
        self.plays: list[tuple[int, Card]] = []
        if self.trump is not None:
            for t in list(view.get("history") or []) + [trick]:
                cards = [(e["seat"], club.card_of(e["card"])) for e in t.get("cards") or []]
                self.plays += cards
                for s, c in cards:
                    self.played_by[s].append(c)
                led = cards[0][1].suit if cards else None
                for s, c in cards[1:]:
                    # Neither followed nor trumped in (or didn't follow a trump lead): void.
                    if c.suit != led and (led == self.trump or c.suit != self.trump):
                        self.void[s].add(led)
        seen = set(self.hand) | {c for w in self.won for c in w} | {c for _, c in self.trick}
        # A card pitched during the auction lies face up but is still in its pitcher's hand.
        self.pitched: tuple[int, Card] | None = None
        pitched = view.get("pitched")
        if pitched and pitched["seat"] != self.seat:
            self.pitched = (pitched["seat"], club.card_of(pitched["card"]))
        self.unknown = [c for c in PACK if c not in seen]

    def unit(self, seat: int) -> int:
        return seat % 2 if self.partnerships else seat

    def sample(self, rng: random.Random) -> dict[object, list[Card]]:
        pitched = self.pitched
        places = [
            Place(
                s,
                self.sizes[s],
                frozenset(self.void[s]),
                (pitched[1],) if pitched and pitched[0] == s else (),
            )
            for s in range(self.players)
            if s != self.seat
        ]
        dealt = sum(self.sizes) + sum(len(w) for w in self.won) + len(self.trick)
        places.append(Place("undealt", len(PACK) - dealt))
        unknown = [c for c in self.unknown if not (pitched and c == pitched[1])]
        return deal_hidden(unknown, places, lambda c: c >> 5, rng)


# ---------------------------------------------------------------------------------------------
# A quick full-information simulation of the play


class _Sim:
    __slots__ = (
        "n",
        "hands",
        "trump",
        "trick",
        "turn",
        "won",
        "units",
        "partnerships",
        "pitcher",
        "bid",
        "low_rule",
        "holder",
        "policy",
        "played",
        "tplayed",
    )

    def __init__(self, n, hands, trump, trick, turn, won, partnerships, pitcher, bid, low_rule):
        self.n = n
        self.hands = hands
        self.trump = trump
        self.trick = trick
        self.turn = turn
        self.won = won
        self.partnerships = partnerships
        self.pitcher = pitcher
        self.bid = bid
        self.low_rule = low_rule
        self.holder: dict[Card, int] = {}
        self.policy = PLAYOUT_POLICY
        # Every card won or on the table (what each seat has seen played).
        self.played: set[Card] = {c for w in won for c in w} | {c for _, c in trick}
        # The ranks of the trumps among them.
        self.tplayed: set[int] = {
            c & 31 for c in self.played if trump is not None and c >> 5 == trump
        }

    def copy(self) -> _Sim:
        other = _Sim.__new__(_Sim)
        other.n = self.n
        other.hands = [list(h) for h in self.hands]
        other.trump = self.trump
        other.trick = list(self.trick)
        other.turn = self.turn
        other.won = [list(w) for w in self.won]
        other.partnerships = self.partnerships
        other.pitcher = self.pitcher
        other.bid = self.bid
        other.low_rule = self.low_rule
        other.holder = self.holder
        other.policy = self.policy
        other.played = set(self.played)
        other.tplayed = set(self.tplayed)
        return other

    def unit(self, s: int) -> int:
        return s % 2 if self.partnerships else s

    def legal(self, seat: int) -> list[Card]:
        hand = self.hands[seat]
        if not self.trick:
            return list(hand)
        led = self.trick[0][1] >> 5
        trump = self.trump
        if led == trump:
            out = [c for c in hand if c >> 5 == trump]
        else:
            out = [c for c in hand if c >> 5 == led]
            if out:
                out += [c for c in hand if c >> 5 == trump]
        return out or list(hand)

    def power(self, c: Card, led: int) -> int:
        s = c >> 5
        if s == self.trump:
            return 100 + (c & 31)
        if s == led:
            return c & 31
        return 0

    def play(self, seat: int, c: Card) -> None:
        self.hands[seat].remove(c)
        if self.trump is None:
            self.trump = c >> 5
        self.trick.append((seat, c))
        self.played.add(c)
        trump = self.trump
        if c >> 5 == trump:
            self.tplayed.add(c & 31)
        if len(self.trick) < self.n:
            self.turn = (seat + 1) % self.n
            return
        # The trick's winner: the highest trump, else the highest card of the suit led.
        led = self.trick[0][1] >> 5
        winner, top = -1, -1
        for s, t in self.trick:
            ts = t >> 5
            p = 100 + (t & 31) if ts == trump else (t & 31 if ts == led else 0)
            if p > top:
                winner, top = s, p
        self.won[winner].extend(c for _, c in self.trick)
        self.trick = []
        self.turn = winner if self.hands[winner] else None

    def run(self, budget: Budget) -> None:
        steps = 0
        while self.turn is not None:
            seat = self.turn
            self.play(seat, self.choose(seat))
            steps += 1
        budget.used += steps

    # the policy

    def choose(self, seat: int) -> Card:
        cards = self.legal(seat)
        if len(cards) == 1:
            return cards[0]
        if self.policy == "club":
            return self.club_choice(seat, cards)
        trump = self.trump
        me = self.unit(seat)
        others = [s for s in range(self.n) if self.unit(s) != me and self.hands[s]]
        if not self.trick:
            trumps = [c for c in cards if c >> 5 == trump]
            if trumps:
                top = max(trumps)
                out_trumps = [c for s in others for c in self.hands[s] if c >> 5 == trump]
                if out_trumps and top > max(out_trumps):
                    return top
            plain = [c for c in cards if c >> 5 != trump]
            if plain:
                return min(plain, key=lambda c: (_gp(c), c & 31))
            return min(cards, key=lambda c: (c & 31 == JACK, c & 31))
        led = self.trick[0][1] >> 5
        best_seat, best = max(self.trick, key=lambda sc: self.power(sc[1], led))
        level = self.power(best, led)
        played = {s for s, _ in self.trick}
        later = [s for s in range(self.n) if s not in played and s != seat]
        opponents = [s for s in later if self.unit(s) != me]

        def beaten(p: int) -> bool:
            for o in opponents:
                for c in self.legal_for(o, led):
                    if self.power(c, led) > p:
                        return True
            return False

        def cost(c: Card) -> tuple:
            if c >> 5 == trump:
                return (1, c & 31 == JACK, c & 31)
            return (0, _gp(c), c & 31)

        if self.unit(best_seat) == me and not beaten(level):
            under = [c for c in cards if self.power(c, led) <= level] or cards
            plain = [c for c in under if c >> 5 != trump]
            if plain:
                return max(plain, key=lambda c: (_gp(c), -(c & 31)))
            return min(under, key=cost)
        value = sum(_gp(c) for _, c in self.trick) + sum(
            5 for _, c in self.trick if c >> 5 == trump
        )
        for c in sorted(cards, key=lambda c: self.power(c, led)):
            p = self.power(c, led)
            if p > level and not beaten(p):
                if c >> 5 != trump or value > 0 or c & 31 == JACK or (c & 31) >= KING:
                    return c
        return min(cards, key=cost)

    def club_choice(self, seat: int, cards: list[Card], tie: dict | None = None) -> Card:
        """What the club bot would play here, from what this seat could see (its own hand and
        the cards played), not from the other hands: play-outs that see every hand play too
        well and overrate what a hand can make.

        The club bot's `_lead` and `_follow` (games/bots/pitch.py), restated on plain ints with
        the facts they ask about worked out once: the same card every time (a property test
        compares the two), at a fraction of the cost, so the search plays out more deals."""
        if tie is None:
            tie = TIE
        trump = self.trump
        held = self.hands[seat]
        played = self.played
        # The trumps this seat has not seen (held by others or never dealt), and those it has.
        tplayed = self.tplayed
        mine = [c & 31 for c in held if c >> 5 == trump]
        out = [r for r in TRUMP_RANKS if r not in tplayed and r not in mine]
        out_top = out[-1] if out else 0
        out_low = out[0] if out else 99
        seen_low = min(min(tplayed, default=99), min(mine, default=99))
        seen_top = max(max(tplayed, default=0), max(mine, default=0))
        low_counts = self.low_rule == "winner"

        def keep(c: int) -> float:
            # club._keep_value
            if c >> 5 == trump:
                r = c & 31
                cost = 20.0 + r
                if r == JACK:
                    cost += 40.0
                if low_counts and seen_low >= r:
                    cost += 30.0
                if out_top < r:
                    cost += 20.0
                return cost
            return 3.0 * GP.get(c & 31, 0) + (c & 31) / 10.0

        trick = self.trick
        if not trick:
            # club._lead
            trumps = sorted((c for c in cards if c >> 5 == trump), key=_rank, reverse=True)
            master = bool(trumps) and out_top < (trumps[0] & 31)
            if trumps and out and master:
                return trumps[0]
            plain = [c for c in cards if c >> 5 != trump]
            if plain:
                return min(plain, key=lambda c: (keep(c), tie[c]))
            if master:
                return trumps[0]
            return min(cards, key=lambda c: (keep(c), tie[c]))

        # club._follow
        led = trick[0][1] >> 5

        def power(c: int) -> int:
            s = c >> 5
            if s == trump:
                return 100 + (c & 31)
            if s == led:
                return c & 31
            return 0

        best_seat, best_card = max(trick, key=lambda sc: power(sc[1]))
        best_power = power(best_card)
        n = self.n
        left = n - len(trick) - 1
        if self.partnerships:
            side = (seat, (seat + 2) % 4)
        else:
            side = (seat,)
        later_opponents = any((seat + j) % n not in side for j in range(1, left + 1))

        if best_seat in side:
            safe = not later_opponents or (best_card >> 5 == trump and out_top < (best_card & 31))
            under = [c for c in cards if power(c) <= best_power] or cards
            if safe:

                def gift(c):
                    r = c & 31
                    if c >> 5 != trump:
                        return (GP.get(r, 0), -r, tie[c])
                    if seen_low >= r and low_counts:
                        return (25.0, -r, tie[c])
                    if r == 10 and not out_top < r:
                        return (10.0, -r, tie[c])
                    return (-keep(c), -r, tie[c])

                return max(under, key=gift)
            return min(under, key=lambda c: (keep(c), tie[c]))

        def trick_value(group) -> float:
            # club._trick_value
            value = sum(GP.get(c & 31, 0) for c in group) / 4.0
            for c in group:
                if c >> 5 != trump:
                    continue
                r = c & 31
                if r == JACK:
                    value += 4.0
                if seen_low >= r:
                    value += 4.0 if out_low > r else 1.5
                if seen_top <= r and out_top <= r:
                    value += 4.0
            return value

        winners = sorted((c for c in cards if power(c) > best_power), key=lambda c: (power(c), c))
        if winners:
            value = trick_value([c for _, c in trick])
            for c in winners:
                is_trump = c >> 5 == trump
                r = c & 31
                if not later_opponents:
                    holds = True
                elif is_trump:
                    holds = out_top < r
                elif out:
                    holds = False
                else:
                    holds = not any(
                        u >> 5 == led and (u & 31) > r
                        for u in PACK
                        if u not in played and u not in held
                    )
                worth = value + trick_value([c]) + (0.3 if not is_trump else 0.0)
                if r == JACK and is_trump and holds:
                    return c
                if not holds:
                    continue
                if not is_trump and worth > 0:
                    return c
                if worth >= 1.0:
                    return c
            if value >= 2.0:
                for c in winners:
                    if not (c >> 5 == trump and ((c & 31) == JACK or seen_low >= (c & 31))):
                        return c
        return min(cards, key=lambda c: (keep(c), tie[c]))

    def legal_for(self, seat: int, led: int) -> list[Card]:
        hand = self.hands[seat]
        trump = self.trump
        if led == trump:
            out = [c for c in hand if c >> 5 == trump]
        else:
            out = [c for c in hand if c >> 5 == led]
            if out:
                out += [c for c in hand if c >> 5 == trump]
        return out or hand

    # scoring, as the engine does it

    def scores(self) -> list[int]:
        trump = self.trump
        owner: dict[Card, int] = {}
        for s, won in enumerate(self.won):
            for c in won:
                owner[c] = s
        trumps = [c for c in owner if c >> 5 == trump]
        units = 2 if self.partnerships else self.n
        points = [0] * units
        if trumps:
            points[self.unit(owner[max(trumps)])] += 1
            low = min(trumps)
            if self.low_rule == "holder":
                points[self.unit(self.holder.get(low, owner[low]))] += 1
            else:
                points[self.unit(owner[low])] += 1
            jack = card(trump, JACK)
            if jack in owner:
                points[self.unit(owner[jack])] += 1
        gp = [0] * units
        for s, won in enumerate(self.won):
            gp[self.unit(s)] += sum(_gp(c) for c in won)
        top = max(gp)
        if gp.count(top) == 1:
            points[gp.index(top)] += 1
        p_unit = self.unit(self.pitcher)
        made = points[p_unit] >= self.bid
        if not made:
            points[p_unit] = -self.bid
        return [points[self.unit(s)] for s in range(self.n)]

    def value(self, seat: int) -> float:
        scores = self.scores()
        me = self.unit(seat)
        others = [s for s in range(self.n) if self.unit(s) != me]
        return scores[seat] - sum(scores[s] for s in others) / len(others)


# Fixed draws for the club policy's ties in play-outs (the rng stays with the search).
TIE: dict[Card, float] = {c: random.Random(int(c)).random() for c in PACK}


def _sim_from(k: Knowledge, world) -> _Sim:
    n = k.players
    hands = [list(k.hand) if s == k.seat else list(world[s]) for s in range(n)]
    won = [list(w) for w in k.won]
    sim = _Sim(
        n,
        hands,
        k.trump,
        list(k.trick),
        k.seat,
        won,
        k.partnerships,
        k.pitcher,
        k.bid or 1,
        k.low_rule,
    )
    if k.low_rule == "holder":
        sim.holder = {c: s for s in range(n) for c in hands[s]}
    return sim


# ---------------------------------------------------------------------------------------------
# Auction weights


def _weight(k: Knowledge, world) -> float:
    """How well this deal fits the auction: each other seat's call, judged on the hand it called
    with (the cards the deal gives it now and the ones it has played this hand)."""
    bids = k.view.get("auction") or []
    if not bids:
        return 1.0
    w = 1.0
    for entry in bids:
        s = entry["seat"]
        if s == k.seat or s not in world:
            continue
        held = list(world[s]) + k.played_by[s]
        expected, _ = club.best_suit(held, k.players, k.low_rule)
        expected += club.POINTS_OFFSET.get(k.players, 0.0)
        if entry.get("call") == "pass":
            w *= 0.3 + 0.7 * (1.0 - club._phi((expected - 2.5) / 0.8))
        else:
            level = 4 if "pitch" in entry else int(entry["call"])
            w *= 0.15 + 0.85 * club._phi((expected - level + 0.8) / 0.8)
    return w


def _play_weight(k: Knowledge, world) -> float:
    """How well this deal explains the cards played: the play is replayed from the hands the deal
    gives (what each seat holds now with what it has played), and each card another seat played
    that the club bot would not have (under any order of its tie-break draws) multiplies the
    weight by PLAY_READ. The pitcher's opening lead names trumps and is judged by the bids."""
    plays = k.plays
    if not PLAY_READ or not plays:
        return 1.0
    n = k.players
    me = k.seat
    hands = [list(k.hand if s == me else world[s]) + k.played_by[s] for s in range(n)]
    sim = _Sim(
        n,
        hands,
        None,
        [],
        plays[0][0],
        [[] for _ in range(n)],
        k.partnerships,
        k.pitcher,
        k.bid or 1,
        k.low_rule,
    )
    w = 1.0
    first = True
    for s, c in plays:
        if not first and s != me:
            legal = sim.legal(s)
            if len(legal) > 1:
                lo = dict(TIE)
                lo[c] = -1.0
                if sim.club_choice(s, legal, lo) != c:
                    hi = dict(TIE)
                    hi[c] = 2.0
                    if sim.club_choice(s, legal, hi) != c:
                        w *= PLAY_READ
        first = False
        sim.play(s, c)
    return w


def _worlds(k: Knowledge, rng, count, weigh=True):
    """`count` sampled deals with their weights: how well each fits the bids and the play."""
    out = []
    for _ in range(count):
        try:
            world = k.sample(rng)
        except ImpossibleDeal:
            continue
        out.append((world, _weight(k, world) * _play_weight(k, world) if weigh else 1.0))
    return out


# ---------------------------------------------------------------------------------------------
# Play


def search_play(k: Knowledge, legal, default: dict, rng, budget: Budget) -> dict:
    plays = play_records(legal)
    cards = list(plays)
    if len(cards) <= 1:
        return default
    per_world = len(cards) * sum(k.sizes)
    cap = max(MAX_WORLDS, MAX_WORLDS * budget.total // WORLDS_BUDGET)
    count = max(MIN_WORLDS, min(cap, budget.left // max(1, per_world)))

    def evaluate(world):
        base = _sim_from(k, world)
        values = []
        for c in cards:
            sim = base.copy()
            sim.play(k.seat, c)
            sim.run(budget)
            budget.used += 1
            values.append(sim.value(k.seat))
        return values

    worlds = _worlds(k, rng, count)
    means = weighted_means(worlds, len(cards), per_world, budget, MIN_WORLDS, evaluate)
    if means is None:
        return default
    best = max(range(len(cards)), key=lambda i: means[i])
    chosen = club.card_of(default["play"]) if "play" in default else None
    if chosen in plays and means[best] < means[cards.index(chosen)] + OVERRIDE_MARGIN:
        return default
    return dict(plays[cards[best]])


# ---------------------------------------------------------------------------------------------
# Bidding: the rest of the auction and the hand, played out for each call this seat could make


class _Table:
    """The table's rules and the auction so far, as plain facts."""

    def __init__(self, k: Knowledge, view: dict[str, Any]):
        options = view.get("options") or {}
        self.players = k.players
        self.dealer: int = view["dealer"]
        self.min_bid = options.get("min_bid", 1)
        self.steal = options.get("dealer_steal", "up_to_3")
        self.stick = options.get("all_pass", "stick_dealer") == "stick_dealer"
        self.partnerships = k.partnerships
        self.low_rule = k.low_rule
        high = view.get("high_bid")
        self.high = int(high["call"]) if high else 0
        self.high_seat = high["seat"] if high else None


def _club_call(t: _Table, seat: int, hand: list[Card], high: int, high_seat) -> int:
    """What the club bot would bid from this seat (0 for a pass), on plain data."""
    dealer = seat == t.dealer
    if high == 4 and not (dealer and t.steal == "including_4"):
        return 0
    if not dealer:
        lowest, may_pass = max(high + 1, t.min_bid), True
    elif high == 0:
        lowest, may_pass = (max(2, t.min_bid), False) if t.stick else (t.min_bid, True)
    else:
        lowest = high if t.steal != "never" and high < 4 else high + 1
        if high == 4 and t.steal == "including_4":
            lowest = 4
        may_pass = True
    expected, _ = club.best_suit(hand, t.players, t.low_rule)
    expected += club.POINTS_OFFSET.get(t.players, 0.0)
    if t.partnerships:
        expected += club.PARTNER_OFFSET
    target = club.target_bid(expected)
    if t.partnerships and high_seat is not None and high_seat == (seat + 2) % 4:
        if expected < high + 1.0:
            target = 0
    if not may_pass:
        target = max(target, lowest)
    if lowest > 4 or target < lowest:
        return 0
    return target


def _finish_auction(t: _Table, world, k: Knowledge, me: int, my_bid: int):
    """(pitcher, bid) after this seat's call, the others calling as the club bot would."""
    high, high_seat = t.high, t.high_seat
    if my_bid:
        high, high_seat = my_bid, me
    if me == t.dealer:
        return (high_seat, high) if high else (None, 0)
    seat = me
    while seat != t.dealer:
        seat = (seat + 1) % t.players
        bid = _club_call(t, seat, world[seat], high, high_seat)
        if bid:
            high, high_seat = bid, seat
    return (high_seat, high) if high else (None, 0)


def choose_bid(k: Knowledge, view, legal, rng, budget: Budget) -> dict:
    """Each legal call (a pass, each bid with the best suits, a pitch) played out: the rest of
    the auction as the club bot would call it, then the hand. The club bot's call stands unless
    another is clearly better."""
    default = club.choose_bid(view, legal, random.Random(rng.random()))
    t = _Table(k, view)
    me = k.seat
    hand = k.hand
    ranked = sorted(
        {c.suit for c in hand},
        key=lambda s: -club.suit_points(hand, s, k.players, k.low_rule),
    )[:2]
    candidates: list[tuple[dict, int, int | None, Card | None]] = []
    for e in legal:
        if "call" in e:
            bid = 0 if e["call"] == "pass" else int(e["call"])
            if bid:
                for suit in ranked:
                    candidates.append((e, bid, suit, club._pitch_card(hand, suit)))
            else:
                candidates.append((e, 0, None, None))
        elif "pitch" in e:
            c = club.card_of(e["pitch"])
            if c.suit in ranked and c == club._pitch_card(hand, c.suit):
                candidates.append((e, 4, c.suit, c))
    if default not in [c[0] for c in candidates]:
        return default
    per_world = len(candidates) * (6 * k.players + k.players)
    count = max(MIN_WORLDS, min(BID_WORLDS, budget.left // max(1, per_world)))

    def play_outs(calls):
        """A function playing each of these calls out in one deal, for weighted_means."""

        def evaluate(world):
            hands = {s: (list(hand) if s == me else list(world[s])) for s in range(k.players)}
            values = []
            for _, bid, _suit, lead in calls:
                pitcher, final = _finish_auction(t, hands, k, me, bid)
                budget.used += k.players
                if pitcher is None:
                    values.append(0.0)  # thrown in: nobody scores
                    continue
                if pitcher == me:
                    first = lead
                else:
                    _, suit = club.best_suit(hands[pitcher], k.players, k.low_rule)
                    first = club._pitch_card(hands[pitcher], suit)
                sim = _sim_from(k, world)
                sim.pitcher, sim.bid, sim.trump = pitcher, final, None
                sim.turn = pitcher
                sim.play(pitcher, first)
                sim.run(budget)
                values.append(sim.value(me))
            return values

        return evaluate

    worlds = _worlds(k, rng, count)
    means = weighted_means(
        worlds, len(candidates), per_world, budget, MIN_WORLDS, play_outs(candidates)
    )
    if means is None:
        return default
    best = max(range(len(candidates)), key=lambda i: means[i])
    d = next(i for i, c in enumerate(candidates) if c[0] == default)
    if means[best] < means[d] + BID_MARGIN:
        return default
    if BID_RECHECK:
        # A second look on fresh deals (every one of them played out: the allowance they are
        # charged to is not what stops them): the best of many noisy estimates is overrated.
        pair = [candidates[d], candidates[best]]
        fresh = _worlds(k, rng, BID_RECHECK)
        again = weighted_means(fresh, 2, 1, Budget(10**9), MIN_WORLDS, play_outs(pair))
        if again is not None and again[1] <= again[0]:
            return default
    return dict(candidates[best][0])


# ---------------------------------------------------------------------------------------------
# Entry point


def expert_action(view: dict[str, Any], rng: random.Random, budget: int | Budget) -> dict[str, Any]:
    """The expert's action; `budget` is an allowance in cards played in play-outs (or a
    `Budget`, which then tells the caller how much was used)."""
    legal = legal_of(view)
    if len(legal) == 1:
        return dict(legal[0])
    spend = budget if isinstance(budget, Budget) else Budget(budget)
    k = Knowledge(view)
    if step_of(view) == "bid":
        if not SEARCH_BIDS:
            return club.club_action(view, random.Random(rng.random()))
        return choose_bid(k, view, legal, rng, spend)
    default = club.club_action(view, random.Random(rng.random()))
    return search_play(k, legal, default, rng, spend)
