"""Helpers for the Five Hundred engine tests: deals written as text, actions written as tokens.

Tokens are applied for whoever's turn it is (during the auction `7H` is a bid, later a card):

    pass  7H  10NT  misere  open_misere  blind_misere     calls; add `/sk` for sans kitty (`7H/sk`)
    discard:4H,5D,6C                                      the contractor's discard
    partner:AS                                            five players: call a partner's card
    nominate:H                                            name the Joker's suit
    QH                                                    play a card
    JK>S                                                  lead the free Joker naming spades
"""

from __future__ import annotations

from games.engines import five_hundred as fh
from games.engines.base import Action
from games.engines.cards import parse_card, parse_suit


def cards(text: str) -> list:
    return [parse_card(t) for t in text.split()]


def deal(
    players: int = 4,
    fixed: dict[int, str] | None = None,
    kitty: str | None = None,
    dead: str | None = None,
    dealer: int | None = None,
    **options,
) -> fh.Hand:
    """A hand whose named seats (and kitty / dead hand) hold the given cards; every other seat is
    filled from the rest of the pack in pack order. The dealer defaults to the last seat, so seat
    0 calls first."""
    fixed = dict(fixed or {})
    taken: set = set()
    hands: list[list | None] = [None] * players
    for seat, text in fixed.items():
        hands[seat] = cards(text)
        taken.update(hands[seat])
    kitty_cards = cards(kitty) if kitty is not None else None
    if kitty_cards:
        taken.update(kitty_cards)
    dead_cards = cards(dead) if dead is not None else None
    if dead_cards:
        taken.update(dead_cards)
    rest = [c for c in fh.PACKS[players] if c not in taken]
    for seat in range(players):
        if hands[seat] is None:
            hands[seat], rest = rest[:10], rest[10:]
    if kitty_cards is None:
        kitty_cards, rest = rest[:3], rest[3:]
    if players == 2 and dead_cards is None:
        dead_cards, rest = rest[:10], rest[10:]
    assert not rest, f"cards left over: {rest}"
    record = {"hands": [[str(c) for c in h] for h in hands], "kitty": [str(c) for c in kitty_cards]}
    if players == 2:
        record["dead"] = [str(c) for c in dead_cards]
    if dealer is None:
        dealer = players - 1
    return fh.Hand.from_deal(players, fh.Options(**options), dealer, record)


def action(hand: fh.Hand, token: str, seat: int | None = None) -> Action:
    seat = hand.to_act if seat is None else seat
    if token.startswith("discard:"):
        return Action(seat, "discard", cards=tuple(parse_card(c) for c in token[8:].split(",")))
    if token.startswith("partner:"):
        return Action(seat, "call_partner", card=parse_card(token[8:]))
    if token.startswith("nominate:"):
        return Action(seat, "nominate", suit=parse_suit(token[9:]))
    if ">" in token:
        card_text, suit = token.split(">")
        return Action(seat, "play", card=parse_card(card_text), suit=parse_suit(suit))
    if hand.phase.code == "auction" or token.removesuffix("/sk") in CALL_WORDS:
        return Action(
            seat, "call", call=token.removesuffix("/sk"), sans_kitty=token.endswith("/sk")
        )
    return Action(seat, "play", card=parse_card(token))


CALL_WORDS = ("pass", "misere", "open_misere", "blind_misere")


def run(hand: fh.Hand, *steps: str) -> fh.Hand:
    """Apply whitespace-separated tokens in turn (several strings read like tricks)."""
    for step in steps:
        for token in step.split():
            hand.apply(action(hand, token))
    return hand


def legal_tokens(hand: fh.Hand) -> list[str]:
    """The legal actions as tokens (sans-kitty variants of bids shown with /sk)."""
    out = []
    for a in hand.legal_actions():
        if a.kind == "call":
            out.append(a.call + ("/sk" if a.sans_kitty else ""))
        elif a.kind == "play":
            out.append(str(a.card) + (">" + "SCDH"[a.suit] if a.suit is not None else ""))
        elif a.kind == "nominate":
            out.append("nominate:" + "SCDH"[a.suit])
        elif a.kind == "call_partner":
            out.append("partner:" + str(a.card))
        else:
            out.append("discard:" + ",".join(str(c) for c in a.cards))
    return out


def calls(hand: fh.Hand) -> list[str]:
    """The legal calls without their sans-kitty twins."""
    return [t for t in legal_tokens(hand) if not t.endswith("/sk")]


def play_out(hand: fh.Hand, rng) -> fh.Hand:
    while not hand.is_over:
        hand.apply(rng.choice(hand.legal_actions()))
    return hand
