"""The "expert" Five Hundred bot: the club bot's judgement, checked by search over the hidden cards.

Every decision with more than one sensible choice is settled by perfect-information Monte Carlo:
the bot deals the cards it cannot see in many ways consistent with its view (`sample_worlds`:
its own cards, the contract, the kitty it saw or the discards it made, the called partner's card,
every card played, the exposed open-misère hand, and the voids that failures to follow reveal),
weights each deal by how well it fits the auction (a seat that bid hearts is likely to hold
hearts, one that passed is unlikely to hold a big hand), and plays every candidate out in every
deal with a fast full-information policy (`rollout_action`) to the end of the hand. The candidate
with the best weighted mean result for its side wins; the club bot's own choice wins ties and
near-ties, so search only overrides it when the play-outs clearly say so.

- Card play, the Joker's nomination and the free Joker's lead: every legal action is a candidate.
- The discard: the club bot's four best-scoring discards (of 286) are the candidates.
- The partner call (five players): the club bot's first few calls are the candidates.
- Bidding: for the likeliest strains, and misère, the bot plays the hand out as contractor in
  sampled deals (taking a sampled kitty and discarding); one play-out prices every level of its
  strain, and each bid's value mixes that price with the club bot's calibrated estimate. When
  someone holds the bid, the bot also plays the standing contract out with its holder as
  contractor: that is what passing is worth, so the bot competes when the standing contract
  would cost its side more than its own bid, and takes over a partner's bid or raises its own
  only for something clearly better. Misère is bid when those play-outs say it makes.

Work is counted, not timed: `budget` is the number of engine actions the play-outs may apply
(replays included), so a decision is deterministic for a given rng and bounded in cost.
Bidding, the discard and the partner call spend SETUP_SHARE of it (they are the dearest).
The bot only reads the view; a Hand is rebuilt from the view for each sampled deal.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace
from typing import Any

from games.engines import five_hundred as engine
from games.engines.base import Action
from games.engines.cards import JOKER, SUIT_LETTERS, SUITS, Card, parse_card

from . import five_hundred as club
from .common import cards_of, discard_record, legal_of, step_of
from .sampling import Budget, ImpossibleDeal, Place, deal_hidden, weighted_means

FREE = engine.FREE
NT = 4
STRAIN_CODES = ("S", "C", "D", "H", "NT")
MISERE_CALLS = club.MISERE_CALLS

# The fewest and most sampled deals a decision uses (the budget decides between them). The most
# is MAX_WORLDS (BID_WORLDS when bidding) at an allowance of WORLDS_BUDGET or less, and grows in
# proportion above it, so a larger allowance buys more deals rather than stopping at the cap.
MIN_WORLDS = 2
MAX_WORLDS = 48
WORLDS_BUDGET = 8000
# Search overrides the club bot's choice only when it gains at least this many points a deal.
OVERRIDE_MARGIN = 3.0
# Bidding: how far the play-outs' share of made contracts counts against the club bot's fitted
# estimate (1.0: play-outs only).
SIM_WEIGHT = 0.5
BID_WORLDS = 32
# Bidding margins over the value of passing: when the standing bid is our own (the final
# raise), our partner's, or an opponent's.
RAISE_MARGIN = 20.0
TAKEOVER_MARGIN = 40.0
COMPETE_MARGIN = 20.0
# The share of the allowance that bidding, the discard and the partner call may spend: each of
# them tries several contracts or discards in every deal, so a whole allowance would make them
# the slowest decisions; card play, most of the decisions, gets the whole allowance.
SETUP_SHARE = 0.75


# ---------------------------------------------------------------------------------------------
# What the view says


class Knowledge:
    """The facts of one seat's view that sampling and rebuilding a hand need."""

    def __init__(self, view: dict[str, Any]):
        self.view = view
        self.seat: int = view["seat"]
        self.players: int = view["players"]
        self.phase: str = view["phase"]
        self.pack = engine.PACKS[self.players]
        self.hand: list[Card] = cards_of(view.get("hand"))
        contract = view.get("contract")
        self.contractor: int | None = contract["seat"] if contract else None
        self.call: str | None = contract["call"] if contract else None
        self.sans: bool = bool(contract and contract.get("sans_kitty"))
        self.misere = self.call in MISERE_CALLS
        trump = view.get("trump")
        nominated = view.get("joker_suit")
        self.rules = club.Rules(
            SUIT_LETTERS.index(trump) if trump else None,
            SUIT_LETTERS.index(nominated) if nominated else None,
        )
        self.nominated = SUIT_LETTERS.index(nominated) if nominated else None
        self.sitting_out = view.get("sitting_out")
        self.sizes: list[int] = list(view.get("hand_sizes") or [10] * self.players)
        # Plays in order: (seat, card, named suit for a led free Joker or None).
        self.plays: list[tuple[int, Card, int | None]] = []
        self.played_by: dict[int, list[Card]] = {s: [] for s in range(self.players)}
        self.void: dict[int, set[int]] = {s: set() for s in range(self.players)}
        tricks = list(view.get("history") or [])
        current = view.get("trick")
        if current and current.get("cards"):
            tricks.append(current)
        for trick in tricks:
            led_letter = trick.get("led")
            led = SUIT_LETTERS.index(led_letter) if led_letter else None
            for i, entry in enumerate(trick.get("cards") or []):
                s, c = entry["seat"], parse_card(entry["card"])
                named = entry.get("suit")
                self.plays.append((s, c, SUIT_LETTERS.index(named) if named else None))
                self.played_by[s].append(c)
                if i and led is not None:
                    e = self.rules.suit(c)
                    if e != led:
                        self.void[s].add(led)
                        if self.misere and e != FREE:
                            # Void in misère with the free Joker, it would have had to play it.
                            self.void[s].add(FREE)
        self.discards: list[Card] = cards_of(view.get("discards"))
        self.kitty_seen: list[Card] = cards_of(view.get("kitty"))
        exposed = view.get("exposed")
        self.exposed: list[Card] = []
        if exposed and exposed.get("seat") != self.seat:
            self.exposed = cards_of(exposed.get("cards"))
        partner = view.get("called_partner")
        self.called_card: Card | None = parse_card(partner["card"]) if partner else None
        self.partner_seat: int | None = partner.get("seat") if partner else None
        # The table's Joker-lead rule, which the play-outs follow (the default for older views).
        self.joker_lead = view.get("joker_lead") or "unled_suit"
        known = set(self.hand) | set(self.discards) | set(self.exposed)
        for s in range(self.players):
            known.update(self.played_by[s])
        self.known = known
        self.unknown = [c for c in self.pack if c not in known]

    # -- sampling

    def places(self) -> list[Place]:
        """Where the unseen cards may lie now, with their sizes and voids."""
        n = self.players
        out = []
        for s in range(n):
            if s == self.seat:
                continue
            fixed: tuple[Card, ...] = ()
            if self.exposed and s == self.contractor:
                fixed = tuple(self.exposed)
            elif (
                self.called_card is not None
                and self.partner_seat == s
                and self.called_card not in self.known
            ):
                fixed = (self.called_card,)
            if (
                s == self.contractor
                and self.nominated is not None
                and JOKER not in self.known
                and JOKER not in fixed
            ):
                # Only the holder of the Joker names its suit: the contractor still has it.
                fixed = (*fixed, JOKER)
            out.append(Place(s, self.sizes[s], frozenset(self.void[s]), fixed))
        if self.phase == "auction":
            out.append(Place("kitty", engine.KITTY_SIZE))
        elif self.phase in ("discard", "call_partner", "play"):
            if self.sans or self.contractor != self.seat:
                out.append(Place("kitty", engine.KITTY_SIZE))
        if n == 2:
            out.append(Place("dead", engine.HAND_SIZE))
        return out

    def sample(self, rng: random.Random) -> dict[object, list[Card]]:
        places = self.places()
        fixed = {c for p in places for c in p.fixed}
        unknown = [c for c in self.unknown if c not in fixed]
        if self.phase == "discard":
            # The 13 cards in the view are this seat's hand plus the kitty it picked up.
            unknown = [c for c in unknown if c not in self.kitty_seen]
        return deal_hidden(unknown, places, self.rules.suit, rng)


# ---------------------------------------------------------------------------------------------
# Rebuilding a full-information hand from a view and a sampled deal


def _options(misere: bool = True, joker_lead: str = "unled_suit") -> engine.Options:
    return replace(
        engine.Options(),
        misere=True,
        misere_needs_seven=False,
        final_raise=False,
        bidding="until_passed",
        joker_lead=joker_lead,
    )


def _auction_to(hand: engine.Hand, seat: int, call: str, sans: bool) -> int:
    """Make `seat` (first to call) the contractor with `call`: it calls, everyone else passes."""
    hand.apply(Action(seat, "call", call=call, sans_kitty=sans))
    steps = 1
    while hand.phase == engine.AUCTION:
        hand.apply(Action(hand.to_act, "call", call="pass"))
        steps += 1
    return steps


def rebuild(k: Knowledge, world: dict[object, list[Card]], budget: Budget) -> engine.Hand:
    """A full-information hand in the same position as the view, with the sampled cards.

    The auction is replaced by the contractor's call and passes (it changes nothing in play);
    the contractor's discards stand in for the kitty, so its discard puts them straight back.
    """
    n = k.players
    c = k.contractor
    now = {s: (list(k.hand) if s == k.seat else list(world[s])) for s in range(n)}
    if c == k.seat or c is None:
        discards = list(k.discards)
    else:
        discards = []
    if c != k.seat and not k.sans:
        discards = list(world["kitty"])
    kitty = list(world["kitty"]) if k.sans else discards
    dealt = [now[s] + k.played_by[s] for s in range(n)]
    dead = world.get("dead") if n == 2 else None
    options = _options(joker_lead=k.joker_lead)
    looked = (1 << n) - 1
    if k.call == "blind_misere":
        looked &= ~(1 << c)
    hand = engine.Hand(n, options, (c - 1) % n, dealt, kitty, dead, looked=looked)
    steps = _auction_to(hand, c, k.call, k.sans)
    if not k.sans:
        hand.apply(Action(c, "discard", cards=tuple(kitty)))
        steps += 1
    if hand.phase == engine.CALL_PARTNER:
        hand.apply(Action(c, "call_partner", card=k.called_card))
        steps += 1
    if k.nominated is not None:
        hand.apply(Action(c, "nominate", suit=k.nominated))
        steps += 1
    for s, card_, named in k.plays:
        hand.apply(Action(s, "play", card=card_, suit=named))
        steps += 1
    budget.used += steps
    return hand


# ---------------------------------------------------------------------------------------------
# The play-out policy: quick full-information judgement for every seat


def _team(hand: engine.Hand, seat: int) -> tuple[int, ...]:
    c = hand._contractor
    contracting = hand.contracting_seats()
    if hand._misere:
        return (c,) if seat == c else tuple(s for s in range(hand.players) if s != c)
    if seat in contracting:
        return contracting
    if hand.players in (4, 6):
        return (seat, engine.partner_of(hand.players, seat))
    return tuple(s for s in range(hand.players) if s not in contracting)


def _can_beat(hand: engine.Hand, seat: int, led: int, power_row, level: int) -> bool:
    """Whether `seat` could legally play a card of power above `level` to this trick."""
    bysuit = hand._bysuit[seat]
    cards = bysuit[led] or hand._hands[seat]
    return any(power_row[c] > level for c in cards)


def rollout_action(hand: engine.Hand) -> Action:
    """A quick, sensible action for the seat to act, seeing every hand."""
    acts = hand.legal_actions()
    if len(acts) == 1:
        return acts[0]
    seat = hand._turn
    if hand._phase != engine.PLAY:
        return acts[0]
    if acts[-1].kind == "nominate":
        if hand._misere:
            suit = club.joker_suit_for_misere(hand._hands[seat])
            for a in acts:
                if a.kind == "nominate" and a.suit == suit:
                    return a
        acts = [a for a in acts if a.kind != "nominate"]
    tables = hand._tables
    es = hand._es
    power = tables.powers
    trick = hand._trick
    if hand._misere:
        return _misere_rollout(hand, seat, acts, power, es)
    team = _team(hand, seat)
    if not trick:
        return _lead_rollout(hand, seat, acts, team, power, es)
    led = hand._led
    row = power[led]
    best_i = max(range(len(trick)), key=lambda i: row[trick[i]])
    level = row[trick[best_i]]
    winner = hand._trick_seats[best_i]
    later = []
    s = seat
    for _ in range(hand._trick_size - len(trick) - 1):
        s = hand._next[s]
        later.append(s)
    opponents = [o for o in later if o not in team]

    def cheap(a):
        c = a.card
        e = es[c]
        return (power[e][c] if e < 4 else 3000, c)

    if winner in team and not any(_can_beat(hand, o, led, row, level) for o in opponents):
        return min(acts, key=cheap)
    winners = sorted((a for a in acts if row[a.card] > level), key=lambda a: row[a.card])
    for a in winners:
        p = row[a.card]
        if not any(_can_beat(hand, o, led, row, p) for o in opponents):
            return a
    return min(acts, key=cheap)


def _lead_rollout(hand, seat, acts, team, power, es) -> Action:
    active = [s for s in range(hand.players) if s != hand._sitting_out]
    opponents = [s for s in active if s not in team]
    trump = hand._trump
    top_out = [0] * 5
    for o in opponents:
        for c in hand._hands[o]:
            e = es[c]
            if e < 4:
                p = power[e][c]
                if p > top_out[e]:
                    top_out[e] = p
    contracting = seat in hand.contracting_seats()
    best = None
    for a in acts:
        c = a.card
        e = es[c]
        if e == FREE:
            continue
        p = power[e][c]
        master = p > top_out[e]
        if e == trump:
            if master and contracting and top_out[e]:
                key = (0, -p)
            elif master:
                key = (2, -p)
            else:
                key = (6, p)
        elif master:
            key = (1, -p)
        else:
            key = (4, p)
        if best is None or key < best[0]:
            best = (key, a)
    if best is None:
        return acts[0]
    return best[1]


def _misere_rollout(hand, seat, acts, power, es) -> Action:
    m = hand._contractor
    trick = hand._trick

    def own(a):
        c = a.card
        e = es[c]
        return power[e][c] if e < 4 else 3000

    if not trick:
        if seat == m:
            return min(acts, key=own)
        theirs = hand._bysuit[m]
        best = None
        for a in acts:
            c = a.card
            e = es[c]
            if e == FREE:
                continue
            low = min((power[e][x] for x in theirs[e]), default=None)
            if low is not None and low > power[e][c]:
                key = (0, -len(theirs[e]), power[e][c])
            else:
                key = (1, 0, power[e][c])
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else acts[0]
    led = hand._led
    row = power[led]
    best_i = max(range(len(trick)), key=lambda i: row[trick[i]])
    level = row[trick[best_i]]
    winner = hand._trick_seats[best_i]
    if seat == m:
        under = [a for a in acts if row[a.card] < level]
        if under:
            return max(under, key=lambda a: (row[a.card], own(a)))
        return min(acts, key=lambda a: row[a.card])
    if m in hand._trick_seats:
        if winner == m:
            under = [a for a in acts if row[a.card] < level]
            if under:
                return max(under, key=own)
            return min(acts, key=lambda a: row[a.card])
        return max(acts, key=own)
    return min(acts, key=lambda a: (row[a.card], own(a)))


def play_out(hand: engine.Hand, budget: Budget) -> None:
    steps = 0
    while hand._phase == engine.PLAY:
        hand.apply(rollout_action(hand))
        steps += 1
    budget.used += steps


def outcome(hand: engine.Hand, seat: int) -> float:
    """What the hand is worth to `seat`: its score less the mean score of its opponents (a
    defender of a lone contractor measures itself against the contractor alone)."""
    scores = hand.scores()
    n = hand.players
    contracting = hand.contracting_seats()
    if n in (4, 6):
        mine = engine.sides(n)[hand._rules.side_index[seat]]
        others = [s for s in range(n) if s not in mine]
    elif seat in contracting:
        others = [s for s in range(n) if s not in contracting]
    else:
        others = [hand._contractor]
    return scores[seat] - sum(scores[s] for s in others) / len(others)


# ---------------------------------------------------------------------------------------------
# Auction weights


def _auction_weight(k: Knowledge, world: dict[object, list[Card]]) -> float:
    """How well a sampled deal fits the auction: P(each other seat's calls | its dealt cards),
    roughly, from the club bot's trick estimates."""
    auction = k.view.get("auction") or []
    if not auction:
        return 1.0
    n = k.players
    weight = 1.0
    by_seat: dict[int, list[str]] = {}
    for entry in auction:
        by_seat.setdefault(entry["seat"], []).append(entry["call"])
    for s, calls in by_seat.items():
        if s == k.seat or s not in world:
            continue
        dealt = set(world[s]) | set(k.played_by[s])
        if s == k.contractor and not k.sans:
            continue  # its cards were mixed with the kitty; the bid itself says enough
        bids = [club._call_parts(c) for c in calls]
        bids = [b for b in bids if b is not None]
        if bids:
            tricks, strain = max(bids)
            a, b = (club.NT_MODEL if strain == NT else club.TRICK_MODEL)[n]
            e = a + b * club.raw_tricks(dealt, n, strain)
            weight *= 0.1 + 0.9 * club._phi((e - tricks + 1.0) / 1.2)
        elif calls and calls[0] == "pass" and n != 2:
            a, b = club.TRICK_MODEL[n]
            best = max(club.raw_tricks(dealt, n, st) for st in SUITS)
            e = a + b * best
            weight *= 0.25 + 0.75 * (1.0 - club._phi((e - 7.0) / 1.2))
    return weight


# ---------------------------------------------------------------------------------------------
# Search


def _worlds(k: Knowledge, rng: random.Random, count: int, weigh: bool = True):
    out = []
    for _ in range(count):
        try:
            world = k.sample(rng)
        except ImpossibleDeal:
            continue
        w = _auction_weight(k, world) if weigh else 1.0
        out.append((world, w))
    return out


def _world_cap(budget: Budget, cap: int) -> int:
    """`cap` deals at an allowance of WORLDS_BUDGET or less, proportionally more above it."""
    return max(cap, cap * budget.total // WORLDS_BUDGET)


def _world_count(budget: Budget, per_world: int) -> int:
    cap = _world_cap(budget, MAX_WORLDS)
    return max(MIN_WORLDS, min(cap, budget.left // max(1, per_world)))


def search_play(k: Knowledge, candidates: list[dict], default: dict, rng, budget) -> dict:
    """The candidate action (records) with the best weighted mean play-out result."""
    if len(candidates) <= 1:
        return default
    remaining = sum(k.sizes[s] for s in range(k.players) if s != k.sitting_out)
    per_world = len(candidates) * remaining + len(k.plays) + 8
    count = _world_count(budget, per_world)
    actions = [Action.from_record(r) for r in candidates]

    def evaluate(world):
        try:
            base = rebuild(k, world, budget)
        except Exception:  # a sampled deal the engine refuses: pass it by
            return None
        values = []
        for action in actions:
            h = base.copy()
            h.apply(action)
            budget.used += 1
            play_out(h, budget)
            values.append(outcome(h, k.seat))
        return values

    worlds = _worlds(k, rng, count)
    means = weighted_means(worlds, len(candidates), per_world, budget, MIN_WORLDS, evaluate)
    if means is None:
        return default
    try:
        d = candidates.index(default)
    except ValueError:
        d = None
    best = max(range(len(candidates)), key=lambda i: means[i])
    if d is not None and means[best] < means[d] + OVERRIDE_MARGIN:
        return default
    return candidates[best]


def _play_candidates(legal: list[dict]) -> list[dict]:
    return [dict(e) for e in legal if "play" in e or "nominate" in e]


# ---------------------------------------------------------------------------------------------
# Discard and partner call


def _discard_candidates(seat: club.Seat, entry: dict, count: int = 4) -> list[tuple[Card, ...]]:
    cards = cards_of(entry["from"])
    n = seat.players
    if seat.misere:
        best = club.best_misere_discard(cards, n)
        trio = tuple(best[0])
        alts = [trio]
        ranked = sorted(cards, key=lambda c: (c == JOKER, c.rank), reverse=True)
        alt = tuple(ranked[:3])
        if set(alt) != set(trio):
            alts.append(alt)
        return alts
    from itertools import combinations

    strain = NT if seat.rules.trump is None else seat.rules.trump
    scored = []
    for trio in combinations(cards, 3):
        kept = set(cards) - set(trio)
        score = club.raw_tricks(kept, n, strain, frozenset(trio))
        score -= 0.001 * sum(seat.rules.strength(c) for c in trio)
        scored.append((score, trio))
    scored.sort(key=lambda x: -x[0])
    return [trio for _, trio in scored[:count]]


def search_discard(k: Knowledge, view, entry, rng, budget) -> dict:
    seat = club.Seat(view)
    trios = _discard_candidates(seat, entry)
    default = discard_record(entry, trios[0])
    if len(trios) == 1:
        return default
    held = cards_of(entry["from"])
    c = k.seat
    n = k.players
    per_world = len(trios) * (n * 10 + 6)
    count = _world_count(budget, per_world)

    def evaluate(world):
        values = []
        for trio in trios:
            dealt = [held if s == c else list(world[s]) for s in range(n)]
            # The seat holds 13: deal it 10 and put its chosen discards in the kitty slot.
            mine = [x for x in held if x not in trio]
            dealt[c] = mine
            h = engine.Hand(
                n, _options(), (c - 1) % n, dealt, list(trio), world.get("dead"), (1 << n) - 1
            )
            budget.used += _auction_to(h, c, k.call, False)
            h.apply(Action(c, "discard", cards=tuple(trio)))
            if h.phase == engine.CALL_PARTNER:
                h.apply(Action(c, "call_partner", card=_quick_partner(h, c)))
            play_out(h, budget)
            values.append(outcome(h, c))
        return values

    worlds = _worlds(k, rng, count)
    means = weighted_means(worlds, len(trios), per_world, budget, MIN_WORLDS, evaluate)
    if means is None:
        return default
    best = max(range(len(trios)), key=lambda i: means[i])
    if means[best] < means[0] + OVERRIDE_MARGIN:
        return default
    return discard_record(entry, trios[best])


def _quick_partner(hand: engine.Hand, c: int) -> Card:
    """The highest trump (or ace) the contractor lacks: the play-outs' partner call."""
    trump = hand._trump
    orders = club._orders(hand.players, trump)
    mine = set(hand._hands[c]) | set(hand._discards)
    suits = [trump] if trump is not None else []
    suits += [s for s in SUITS if s != trump]
    for s in suits:
        for x in orders[s]:
            if x != JOKER and x not in mine:
                return x
    return next(x for x in hand._rules.pack if x != JOKER and x not in mine)


def search_partner(k: Knowledge, view, legal, rng, budget) -> dict:
    seat = club.Seat(view)
    default = club.choose_partner(seat, legal)
    callable_ = {parse_card(e["call_partner"]): e for e in legal if "call_partner" in e}
    mine = set(seat.hand) | set(cards_of(view.get("discards")))
    rules = seat.rules
    orders = club._orders(seat.players, rules.trump)
    cands: list[dict] = [default]
    pool = []
    if rules.trump is not None:
        pool += list(orders[rules.trump])
    pool += [orders[s][0] for s in SUITS if s != rules.trump]
    for c in pool:
        if len(cands) >= 4:
            break
        if c != JOKER and c not in mine and c in callable_ and callable_[c] not in cands:
            cands.append(dict(callable_[c]))
    return search_play(k, cands, default, rng, budget)


# ---------------------------------------------------------------------------------------------
# Bidding


def _quick_discard(cards: list[Card], trump: int | None, misere: bool) -> tuple[Card, ...]:
    """A fast discard for the bidding play-outs: in misère the three highest cards; otherwise
    the three cheapest side cards, shortest suits first."""
    rules = club.Rules(trump)
    if misere:
        ranked = sorted(cards, key=lambda c: (c == JOKER, c.rank), reverse=True)
        return tuple(ranked[:3])
    lengths = {s: 0 for s in (*SUITS, FREE)}
    for c in cards:
        lengths[rules.suit(c)] += 1

    def keep(c):
        e = rules.suit(c)
        if c == JOKER or e == trump:
            return (3, rules.strength(c))
        if c.rank == engine.ACE:
            return (2, 0)
        return (1, rules.strength(c) + 3 * lengths[e])

    return tuple(sorted(cards, key=keep)[:3])


def _trial(k: Knowledge, world, contractor: int, call: str, budget: Budget) -> engine.Hand:
    """Play the sampled deal out with `contractor` in `call` (kitty taken, a quick discard)."""
    n = k.players
    c = contractor
    dealt = [list(k.hand) if s == k.seat else list(world[s]) for s in range(n)]
    kitty = list(world["kitty"])
    h = engine.Hand(n, _options(), (c - 1) % n, dealt, kitty, world.get("dead"), (1 << n) - 1)
    budget.used += _auction_to(h, c, call, False)
    h.apply(Action(c, "discard", cards=_quick_discard(h._hands[c], h._trump, call in MISERE_CALLS)))
    if h.phase == engine.CALL_PARTNER:
        h.apply(Action(c, "call_partner", card=_quick_partner(h, c)))
    play_out(h, budget)
    return h


def contract_outcome(hand: engine.Hand, seat: int, tricks: int) -> float:
    """`outcome` of a played-out suit or no-trump hand, had the contract been `tricks` in its
    strain: the play-outs do not depend on the level bid, so one play-out prices every level."""
    n = hand.players
    strain = NT if hand._trump is None else hand._trump
    value = engine.bid_value(tricks, strain)
    won = hand._tricks_won
    contracting = hand.contracting_seats()
    taken = sum(won[s] for s in contracting)
    if taken >= tricks:
        mine = max(value, 250) if taken == engine.TRICKS else value
    else:
        mine = -value
    scores = [0] * n
    for s in contracting:
        scores[s] = mine
    for s in range(n):
        if s in contracting:
            continue
        side = (s, engine.partner_of(n, s)) if n in (4, 6) else (s,)
        scores[s] = 10 * sum(won[x] for x in side)
    if n in (4, 6):
        ours = engine.sides(n)[hand._rules.side_index[seat]]
        others = [s for s in range(n) if s not in ours]
    elif seat in contracting:
        others = [s for s in range(n) if s not in contracting]
    else:
        others = [hand._contractor]
    return scores[seat] - sum(scores[s] for s in others) / len(others)


def _weighted(pairs: list[tuple[float, float]]) -> float | None:
    total = sum(w for _, w in pairs)
    return sum(v * w for v, w in pairs) / total if total else None


def search_call(k: Knowledge, view, legal, rng, budget) -> dict:
    """Bid by expected score, from play-outs of sampled deals mixed with the club bot's estimate.

    Every candidate contract is priced by what it scores for this seat's side less what the
    other side scores (defenders' tricks and slams included), and so is passing: when someone
    holds the bid, passing lets their contract stand, so its play-outs price the pass. The bot
    bids when a call beats passing by a margin, so it competes against a contract the
    play-outs say makes and stops short of one that would cost more than it saves.
    """
    seat = club.Seat(view)
    by_call = {e["call"]: e for e in legal}
    pass_entry = by_call.get("pass") or legal[0]
    if view.get("hand") is None or len(seat.hand) < 10:
        return dict(pass_entry)
    if len(by_call) == 1:
        return dict(pass_entry)
    n = k.players
    estimates = club._strain_estimates(seat)
    strains = sorted(range(5), key=lambda s: -estimates[s])[:3]
    bids_by_strain: dict[int, list[int]] = {}
    for call in by_call:
        parts = club._call_parts(call)
        if parts is not None:
            bids_by_strain.setdefault(parts[1], []).append(parts[0])
    strains = [s for s in strains if s in bids_by_strain]
    want_misere = any(c in by_call for c in ("misere", "open_misere"))
    danger = club._misere_prospect(seat, rng) if want_misere else None
    trial_misere = want_misere and danger is not None and danger <= 3.5
    high = view.get("high_bid")
    high_seat = high["seat"] if high else None
    high_call = high["call"] if high else None
    high_parts = club._call_parts(high_call) if high_call else None
    # The standing contract is priced by play-outs with its holder as contractor (our own
    # trial serves when we hold it in a strain we try anyway).
    trial_high = high is not None and not (
        high_seat == k.seat and high_parts is not None and high_parts[1] in strains
    )
    trials = len(strains) + (1 if trial_misere else 0) + (1 if trial_high else 0)
    per_world = trials * (10 * n + 6)
    count = max(MIN_WORLDS, min(_world_cap(budget, BID_WORLDS), budget.left // max(1, per_world)))
    worlds = _worlds(k, rng, count)
    by_level: dict[tuple[int, int], list[tuple[float, float]]] = {}
    made: dict[int, list[tuple[int, float]]] = {s: [] for s in strains}
    misere_made: list[tuple[bool, float]] = []
    standing: list[tuple[float, float]] = []
    for world, w in worlds:
        for s in strains:
            h = _trial(k, world, k.seat, f"6{STRAIN_CODES[s]}", budget)
            won = h._tricks_won
            made[s].append((sum(won[x] for x in h.contracting_seats()), w))
            for tricks in range(6, 11):
                by_level.setdefault((tricks, s), []).append(
                    (contract_outcome(h, k.seat, tricks), w)
                )
        if trial_misere:
            h = _trial(k, world, k.seat, "misere", budget)
            misere_made.append((bool(h.made), w))
        if trial_high:
            try:
                h = _trial(k, world, high_seat, high_call, budget)
            except Exception:  # a call the rebuilt hand refuses (blind misère): price it by rule
                continue
            if high_parts is not None:
                standing.append((contract_outcome(h, k.seat, high_parts[0]), w))
            else:
                standing.append((outcome(h, k.seat), w))

    def p_make(tricks: int, strain: int) -> float:
        p_club = club.make_chance(estimates[strain], tricks, strain)
        sample = made.get(strain)
        if not sample:
            return p_club
        total = sum(w for _, w in sample)
        p_sim = sum(w for t, w in sample if t >= tricks) / total if total else p_club
        return (1 - SIM_WEIGHT) * p_club + SIM_WEIGHT * p_sim

    def p_misere(open_: bool) -> float:
        p_club = club.misere_chance(danger, n, open_=open_) if danger is not None else 0.0
        if not misere_made:
            return p_club
        total = sum(w for _, w in misere_made)
        p_sim = sum(w for ok, w in misere_made if ok) / total if total else 0.0
        if open_:
            p_sim *= 0.85  # the defenders see the hand
        if p_club == 0.0:
            # The club bot's rules rule it out; bid it only when the play-outs clearly make it.
            return p_sim if p_sim >= 0.8 else 0.0
        return (1 - SIM_WEIGHT) * p_club + SIM_WEIGHT * p_sim

    def ev(call: str) -> float | None:
        parts = club._call_parts(call)
        if parts is not None:
            tricks, strain = parts
            rule = engine.bid_value(tricks, strain) * (2 * p_make(tricks, strain) - 1)
            sim = _weighted(by_level.get(parts, []))
            if sim is None:
                return rule
            return (1 - SIM_WEIGHT) * rule + SIM_WEIGHT * sim
        if call == "misere":
            return 250 * (2 * p_misere(False) - 1)
        if call == "open_misere":
            return 500 * (2 * p_misere(True) - 1)
        return None

    best: tuple[float, str] | None = None
    for call in by_call:
        value = ev(call)
        if value is None:
            continue
        if best is None or value > best[0] + 1e-9:
            best = (value, call)
    floor = club.MIN_BID_VALUE
    if high is not None:
        if high_seat == k.seat:
            margin = RAISE_MARGIN
        elif high_seat in seat.side:
            margin = TAKEOVER_MARGIN
        else:
            margin = COMPETE_MARGIN
        if high_seat == k.seat and not trial_high:
            own = ev(high_call)
        else:
            own = _weighted(standing)
        if own is None:
            if high_parts is None or high_seat in seat.side:
                floor = math.inf
        elif high_seat in seat.side:
            floor = max(floor, own + margin)
        else:
            # Their contract stands if we pass: bid what beats letting it stand (even at a
            # loss, when their contract would cost us more). A contract worth bidding on its
            # own is bid whatever the play-outs think of theirs: they see the bidder's hand
            # only through its bid, and measured, trusting them to pass left the club bot
            # too many contracts.
            floor = min(own + margin, floor)
    if best is not None and best[0] >= floor:
        return dict(by_call[best[1]])
    return dict(pass_entry)


# ---------------------------------------------------------------------------------------------
# Entry point


def expert_action(view: dict[str, Any], rng: random.Random, budget: int | Budget) -> dict[str, Any]:
    """The expert's action; `budget` is an allowance in engine actions (or a `Budget`, which
    then tells the caller how much was used)."""
    legal = legal_of(view)
    spend = budget if isinstance(budget, Budget) else Budget(budget)
    step = step_of(view)
    if len(legal) == 1 and step != "discard":
        return dict(legal[0])
    if view.get("hand") is None:
        return club.club_action(view, rng)
    k = Knowledge(view)
    if step in ("discard", "bid", "call_partner"):
        share = Budget(int(spend.left * SETUP_SHARE))
        try:
            if step == "discard":
                return search_discard(k, view, legal[0], rng, share)
            if step == "bid":
                return search_call(k, view, legal, rng, share)
            return search_partner(k, view, legal, rng, share)
        finally:
            spend.used += share.used
    default = club.club_action(view, random.Random(rng.random()))
    return search_play(k, _play_candidates(legal), default, rng, spend)
