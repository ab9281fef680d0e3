"""The "club" Auction Pitch bot: plays like a sensible club player from one seat's view.

It sees only `Hand.view_for(seat)` (games/engines/pitch.py): its own six cards, the bids, every
card won so far (`won`), the trick in progress and what has been captured. Cards nobody has played
yet may or may not be in play (only six cards a player are dealt), and the bot weighs them by the
chance that they are.

Bidding
    For each suit it estimates the points it would win with that suit as trumps: High from its top
    trump (certain with the ace; with a lower card, the chance that nobody holds the ones above),
    Low from its lowest trump (the chance that no lower trump is in play, and that it can bring
    the card home), Jack (held and guarded, or a chance to catch it), and Game from its trumps and
    its tens and court cards. More players mean more cards in play, so every "nobody else holds
    it" chance shrinks. It bids the amount with the best expected score (a made bid scores what
    the hand wins, a failed one loses the bid) when that beats passing; the stuck dealer bids 2
    (more with a strong hand) in its best suit, and the dealer steals at the high bid when its
    hand is worth it. In partnerships it does not outbid its partner without a clearly better hand.

Play
    The pitcher leads its best suit's highest card. Afterwards: lead the top trump while it is the
    highest one still out (drawing trumps and catching the Jack), otherwise a cheap plain card;
    win tricks that hold points (tens, the Jack, a low trump) as cheaply as possible, bring the
    Jack home when it is safe, never overtake a partner who is winning, and throw low cards
    otherwise.
"""

from __future__ import annotations

import math
import random
from typing import Any

from games.engines.cards import ACE, JACK, KING, QUEEN, SUIT_LETTERS, SUITS, Card
from games.engines.pitch import PACK

from .common import cards_of, legal_of, play_records, step_of

HAND_SIZE = 6
PACK_SIZE = 52
GAME_POINTS = {10: 10, ACE: 4, KING: 3, QUEEN: 2, JACK: 1}

# Calibrated against club-bot playouts of random deals (the pitcher's best suit pitched at once):
# the points the pitcher's side took minus the bot's estimate, by player count, and the spread
# around it. A partner adds about a third of a point more.
POINTS_OFFSET = {3: 0.33, 4: 0.35, 5: 0.29, 6: 0.25, 7: 0.1}
PARTNER_OFFSET = 0.3
POINTS_SPREAD = 1.0
# A bid is made only when the hand expects this many points, and at the highest level it makes
# with at least this chance.
MIN_BID_POINTS = 1.75
SAFE_CHANCE = 0.6


def game_points(c: Card) -> int:
    return GAME_POINTS.get(c.rank, 0)


# ---------------------------------------------------------------------------------------------
# Bidding


def _absent(players: int) -> float:
    """The chance that a card this seat does not hold was not dealt at all (before play)."""
    others = HAND_SIZE * (players - 1)
    return 1.0 - others / (PACK_SIZE - HAND_SIZE)


def suit_points(hand: list[Card], suit: int, players: int, low_rule: str = "winner") -> float:
    """The points this hand expects to win as pitcher with `suit` as trumps."""
    q = _absent(players)
    trumps = sorted((c.rank for c in hand if c.suit == suit), reverse=True)
    if not trumps:
        return 0.0
    n = len(trumps)
    top, bottom = trumps[0], trumps[-1]
    high = q ** (ACE - top)
    # Low: no trump below ours in play; bringing it home needs control of the trumps.
    low_in_play = q ** (bottom - 2)
    if low_rule == "holder":
        keep_low = 1.0
    elif n == 1:
        keep_low = high
    else:
        keep_low = 0.55 + 0.1 * min(n - 1, 3) + (0.1 if top >= KING else 0.0)
    low = low_in_play * min(keep_low, 1.0)
    if n == 1 and top != bottom:
        low = 0.0
    # Jack.
    higher_missing = sum(1 for r in (QUEEN, KING, ACE) if r not in trumps)
    if JACK in trumps:
        safe = q**higher_missing
        jack = safe + (1.0 - safe) * (0.45 if n >= 3 else 0.25)
    else:
        jack = (1.0 - q) * (0.45 if top > JACK else 0.15)
    # Game: trumps take tricks; tens and court cards carry the game points.
    tens = sum(1 for c in hand if c.rank == 10)
    trump_ten = 10 in trumps
    court = sum(game_points(c) for c in hand if c.rank > 10)
    game = 0.12 + 0.09 * n + 0.12 * tens + 0.1 * trump_ten + 0.012 * court
    game -= 0.05 * (players - 4)
    game = min(max(game, 0.0), 0.9)
    return high + low + jack + game


def best_suit(
    hand: list[Card], players: int, low_rule: str = "winner", rng: random.Random | None = None
) -> tuple[float, int]:
    """(expected points, suit) of the hand's best trump suit (ties go to the higher card, then
    to a suit drawn with `rng` when one is given, else to the higher suit)."""
    ties = [rng.random() for _ in SUITS] if rng is not None else list(SUITS)
    best = None
    for s in SUITS:
        points = suit_points(hand, s, players, low_rule)
        top = max((c.rank for c in hand if c.suit == s), default=0)
        key = (points, top, ties[s])
        if best is None or key > best[0]:
            best = (key, points, s)
    return best[1], best[2]


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def make_chance(expected: float, bid: int) -> float:
    """P(winning at least `bid` points) when the hand expects `expected` points."""
    return _phi((expected - bid + 0.5) / POINTS_SPREAD)


def target_bid(expected: float) -> int:
    """The highest bid the hand should make (0: none): a made bid scores only the points won,
    whatever was bid, so a bid is as high as it is safe to be, and no higher."""
    if expected < MIN_BID_POINTS:
        return 0
    return max((b for b in range(1, 5) if make_chance(expected, b) >= SAFE_CHANCE), default=0)


def choose_bid(
    view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random | None = None
) -> dict[str, Any]:
    seat = view["seat"]
    players = view["players"]
    options = view.get("options") or {}
    hand = cards_of(view.get("hand"))
    expected, suit = best_suit(hand, players, options.get("low", "winner"), rng)
    expected += POINTS_OFFSET.get(players, 0.0)
    if options.get("partnerships"):
        expected += PARTNER_OFFSET
    by_call = {e["call"]: e for e in legal if "call" in e}
    pitches = {e["pitch"]: e for e in legal if "pitch" in e}
    bids = sorted(int(c) for c in by_call if c != "pass")
    stuck = "pass" not in by_call
    high = view.get("high_bid")
    target = target_bid(expected)
    if high and options.get("partnerships") and high["seat"] == (seat + 2) % 4:
        # Partner holds the bid: take it over only with a clearly stronger hand.
        if expected < int(high["call"]) + 1.0:
            target = 0
    if stuck:
        target = max(target, bids[0] if bids else 4)
    lead = str(_pitch_card(hand, suit)) if hand else None
    if target >= 4 and lead in pitches:
        # Four is bid by pitching the card that leads: the best suit's highest.
        return dict(pitches[lead])
    possible = [b for b in bids if b <= target]
    if possible:
        return dict(by_call[str(max(possible))])
    if stuck:
        return dict(pitches.get(lead) or legal[0])
    return dict(by_call.get("pass") or legal[0])


def _pitch_card(hand: list[Card], suit: int) -> Card:
    """The opening lead, which names trumps: the best suit's highest card. When that is only a
    ten or the Jack, a higher trump would capture it with its points, so the bot leads its
    highest plain trump below it instead (never the 2, which is kept for Low), if it has one."""
    cards = sorted((c for c in hand if c.suit == suit), key=lambda c: c.rank, reverse=True)
    top = cards[0]
    if top.rank in (10, JACK):
        cheap = [c for c in cards[1:] if c.rank not in (2, 10, JACK)]
        if cheap:
            return cheap[0]
    return top


# ---------------------------------------------------------------------------------------------
# Play


class Seat:
    """The play-time facts the bot reads from a view."""

    def __init__(self, view: dict[str, Any], rng: random.Random | None = None):
        self.view = view
        self.seat = view["seat"]
        self.players = view["players"]
        options = view.get("options") or {}
        self.low_rule = options.get("low", "winner")
        self.partnerships = bool(options.get("partnerships"))
        self.hand = cards_of(view.get("hand"))
        # Between equally good cards the bot chooses by a draw from its rng (by card without one).
        rng = rng or random.Random(0)
        self.tie: dict[Card, float] = {c: rng.random() for c in sorted(self.hand)}
        trump = view.get("trump")
        self.trump: int | None = SUIT_LETTERS.index(trump) if trump else None
        trick = view.get("trick") or {}
        self.trick: list[tuple[int, Card]] = [
            (e["seat"], card_of(e["card"])) for e in trick.get("cards") or []
        ]
        played: set[Card] = set()
        for won in view.get("won") or []:
            played.update(cards_of(won))
        played.update(c for _, c in self.trick)
        self.played = played
        held = set(self.hand)
        # The 52-card pack (the ranks 11-13 exist only in six-player Five Hundred).
        self.unseen = [c for c in PACK if c not in held and c not in played]
        sizes = view.get("hand_sizes") or [0] * self.players
        others = sum(n for s, n in enumerate(sizes) if s != self.seat)
        self.p_in_play = min(1.0, others / len(self.unseen)) if self.unseen else 0.0

    @property
    def side(self) -> set[int]:
        if self.partnerships:
            return {self.seat, (self.seat + 2) % 4}
        return {self.seat}

    def seats_after_me(self) -> list[int]:
        left = self.players - len(self.trick) - 1
        return [(self.seat + j) % self.players for j in range(1, left + 1)]

    def is_trump(self, c: Card) -> bool:
        return c.suit == self.trump

    def unseen_trumps(self) -> list[Card]:
        return [u for u in self.unseen if u.suit == self.trump]

    def master_trump(self, c: Card) -> bool:
        """No trump that could still be in play ranks above it."""
        return self.is_trump(c) and all(u.rank < c.rank for u in self.unseen_trumps())

    def low_candidate(self, c: Card) -> bool:
        """A trump that may turn out to be the lowest in play: no lower trump has been played
        or is in this hand."""
        if not self.is_trump(c):
            return False
        seen = (*self.played, *self.hand)
        return not any(p.suit == self.trump and p.rank < c.rank for p in seen)

    def high_candidate(self, c: Card) -> bool:
        """A trump that may turn out to be the highest in play (nothing higher seen)."""
        if not self.is_trump(c):
            return False
        seen = (*self.played, *self.hand)
        return not any(p.suit == self.trump and p.rank > c.rank for p in seen)


def card_of(text: str) -> Card:
    return cards_of([text])[0]


def _power(seat: Seat, c: Card, led: int) -> int:
    if c.suit == seat.trump:
        return 100 + c.rank
    if c.suit == led:
        return c.rank
    return 0


def _trick_value(seat: Seat, cards: list[Card]) -> float:
    """What winning these cards is worth: game points, and the Jack, High and Low at stake."""
    value = sum(game_points(c) for c in cards) / 4.0
    for c in cards:
        if not seat.is_trump(c):
            continue
        if c.rank == JACK:
            value += 4.0
        if seat.low_candidate(c) and not any(u.rank < c.rank for u in seat.unseen_trumps()):
            value += 4.0
        elif seat.low_candidate(c):
            value += 1.5
        if seat.high_candidate(c) and not any(u.rank > c.rank for u in seat.unseen_trumps()):
            value += 4.0
    return value


def _keep_value(seat: Seat, c: Card) -> float:
    """How much giving this card away (to a trick we lose) costs."""
    if seat.is_trump(c):
        cost = 20.0 + c.rank
        if c.rank == JACK:
            cost += 40.0
        if seat.low_candidate(c) and seat.low_rule == "winner":
            cost += 30.0
        if seat.master_trump(c):
            cost += 20.0
        return cost
    return 3.0 * game_points(c) + c.rank / 10.0


def choose_play(
    view: dict[str, Any], legal: list[dict[str, Any]], rng: random.Random | None = None
) -> dict[str, Any]:
    seat = Seat(view, rng)
    plays = play_records(legal)
    cards = list(plays)
    if seat.trump is None:
        # The pitcher's opening lead: the highest card of the best suit.
        options = view.get("options") or {}
        _, suit = best_suit(seat.hand, seat.players, options.get("low", "winner"), rng)
        lead = _pitch_card(seat.hand, suit)
        return dict(plays.get(lead) or plays[max(cards, key=lambda c: (c.rank, seat.tie[c]))])
    if not seat.trick:
        return dict(plays[_lead(seat, cards)])
    return dict(plays[_follow(seat, cards)])


def _lead(seat: Seat, cards: list[Card]) -> Card:
    trumps = sorted((c for c in cards if seat.is_trump(c)), key=lambda c: c.rank, reverse=True)
    out = seat.unseen_trumps()
    if trumps and out and seat.master_trump(trumps[0]):
        return trumps[0]
    plain = [c for c in cards if not seat.is_trump(c)]
    if plain:
        # A cheap plain card: no game points, low rank; an ace that cannot be beaten in its suit
        # only if nothing cheaper is left.
        return min(plain, key=lambda c: (_keep_value(seat, c), seat.tie[c]))
    # Only trumps: lead the highest unless it is an unguarded Jack; keep a low trump for last.
    order = sorted(cards, key=lambda c: (_keep_value(seat, c), seat.tie[c]))
    if trumps and seat.master_trump(trumps[0]):
        return trumps[0]
    return order[0]


def _follow(seat: Seat, cards: list[Card]) -> Card:
    led = seat.trick[0][1].suit
    best_seat, best_card = max(seat.trick, key=lambda sc: _power(seat, sc[1], led))
    best_power = _power(seat, best_card, led)
    later = seat.seats_after_me()
    later_opponents = [s for s in later if s not in seat.side]
    trick_cards = [c for _, c in seat.trick]
    if best_seat in seat.side:
        safe = not later_opponents or seat.master_trump(best_card)
        under = [c for c in cards if _power(seat, c, led) <= best_power] or cards
        if safe:
            # Feed the partner's certain trick: a ten, or our low trump; never a good trump.
            def gift(c):
                if not seat.is_trump(c):
                    return (game_points(c), -c.rank, seat.tie[c])
                if seat.low_candidate(c) and seat.low_rule == "winner":
                    return (25.0, -c.rank, seat.tie[c])
                if c.rank == 10 and not seat.master_trump(c):
                    return (10.0, -c.rank, seat.tie[c])
                return (-_keep_value(seat, c), -c.rank, seat.tie[c])

            return max(under, key=gift)
        return min(under, key=lambda c: (_keep_value(seat, c), seat.tie[c]))
    winners = sorted(
        (c for c in cards if _power(seat, c, led) > best_power),
        key=lambda c: (_power(seat, c, led), c),
    )
    if winners:
        value = _trick_value(seat, trick_cards)
        for c in winners:
            holds = not later_opponents or _holds(seat, c, led)
            worth = value + _trick_value(seat, [c]) + (0.3 if not seat.is_trump(c) else 0.0)
            if c.rank == JACK and seat.is_trump(c) and holds:
                return c  # bring the Jack home
            if not holds:
                continue
            if not seat.is_trump(c) and worth > 0:
                return c
            if worth >= 1.0:
                return c
        if value >= 2.0:
            # Points are at stake: try the cheapest winner even if it may be overtaken, but
            # never risk the Jack or our low trump this way.
            for c in winners:
                if not (seat.is_trump(c) and (c.rank == JACK or seat.low_candidate(c))):
                    return c
    return min(cards, key=lambda c: (_keep_value(seat, c), seat.tie[c]))


def _holds(seat: Seat, c: Card, led: int) -> bool:
    """Whether `c` probably stays the winner against the players still to come."""
    if seat.is_trump(c):
        return seat.master_trump(c) or not any(u.rank > c.rank for u in seat.unseen_trumps())
    if seat.trump is not None and seat.unseen_trumps():
        # A plain card can be trumped by anyone; trust it only as the last to play.
        return False
    return all(not (u.suit == led and u.rank > c.rank) for u in seat.unseen)


# ---------------------------------------------------------------------------------------------
# Entry point


def club_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The club bot's action for this view (one of `view["legal"]`)."""
    legal = legal_of(view)
    if step_of(view) == "bid":
        return choose_bid(view, legal, rng)
    return choose_play(view, legal, rng)
