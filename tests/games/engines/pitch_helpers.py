"""Small helpers for the Pitch engine tests: deals written as text, actions written as tokens.

Tokens are applied for whoever's turn it is: `pass` or `1`-`4` is a call, `^AS` pitches the ace of
spades, and any other card (`QH`) plays it.
"""

from __future__ import annotations

import pytest

from games.engines import pitch
from games.engines.base import Action, IllegalAction
from games.engines.cards import parse_card
from games.refusals import refusal_text


def deal(hands: list[str], dealer: int = 0, **options) -> pitch.Hand:
    """A hand from one string of six cards per seat."""
    return pitch.Hand.from_deal(
        len(hands), pitch.Options(**options), dealer, {"hands": [h.split() for h in hands]}
    )


def action(hand: pitch.Hand, token: str, seat: int | None = None) -> Action:
    seat = hand.to_act if seat is None else seat
    if token == "pass" or token.isdigit():
        return Action(seat, "call", call=token)
    if token.startswith("^"):
        return Action(seat, "pitch", card=parse_card(token[1:]))
    return Action(seat, "play", card=parse_card(token))


def run(hand: pitch.Hand, *steps: str) -> pitch.Hand:
    """Apply whitespace-separated tokens in turn (several strings read like tricks)."""
    for step in steps:
        for token in step.split():
            hand.apply(action(hand, token))
    return hand


def illegal(
    hand: pitch.Hand,
    token: str | Action,
    message: str,
    seat: int | None = None,
    code: str | None = None,
) -> IllegalAction:
    """The token (or Action) is refused with that message (and code, when given) and the hand
    does not change at all."""
    act = token if isinstance(token, Action) else action(hand, token, seat)
    before = hand.full_view()
    with pytest.raises(IllegalAction) as caught:
        hand.apply(act)
    assert refusal_text(caught.value) == message
    if code is not None:
        assert caught.value.code == code
    assert hand.full_view() == before
    return caught.value


def legal_tokens(hand: pitch.Hand) -> list[str]:
    out = []
    for a in hand.legal_actions():
        if a.kind == "call":
            out.append(a.call)
        elif a.kind == "pitch":
            out.append("^" + str(a.card))
        else:
            out.append(str(a.card))
    return out


# Deal A: four players, dealer 3, so seat 0 speaks first.
DEAL_A = [
    "AS KS 10S 2H 3D 4C",
    "QS 5S 9H 10H 5D 6C",
    "JS 3S AH KD 7C 8C",
    "4S 2S JH QH 9D AC",
]
# Seat 0 pitches the ace of spades and takes all four points (High, Low, Jack, Game).
PLAY_A_PITCH = [
    "^AS 5S 3S 2S",
    "KS QS JS 4S",
    "10S 10H AH JH",
    "2H 9H 7C QH",
    "9D 3D 5D KD",
    "8C AC 4C 6C",
]
# Seat 1 bids 2 with hearts and is set back; seat 2 takes all four points.
PLAY_A_SETBACK = [
    "pass 2 pass pass",
    "10H AH JH 2H",
    "KD 9D 3D 5D",
    "7C AC 4C 6C",
    "QH 10S 9H 8C",
    "4S AS QS JS",
    "KS 5S 3S 2S",
]

# Deal B: four players, dealer 3. Seat 0 bids 2 with hearts and takes nothing: High goes to
# seat 1, Low to seat 2, Jack to seat 3 and Game to seat 1.
DEAL_B = [
    "3H 2H 4C 5C 6C 7C",
    "AH JH 8D 9D 10D 2S",
    "5H 7H 3S 4S 5S 6S",
    "6H QH 3D 4D 7S 8S",
]
PLAY_B = [
    "2 pass pass pass",
    "3H AH 5H 6H",
    "8D 7H 3D 2H",
    "3S QH 4C JH",
    "4D 5C 9D 4S",
    "10D 5S 7S 6C",
    "2S 6S 8S 7C",
]

# Deal C: three players, dealer 2. The ace of spades is the only trump dealt (no Jack).
DEAL_C = [
    "AS 2D 3D 4D 5D 6D",
    "7D 8C 9C 2C 3C 4C",
    "10H 2H 3H 4H 5H 6H",
]
PLAY_C = ["AS 2C 2H", "2D 7D 3H", "8C 4H 3D", "9C 5H 4D", "3C 6H 5D", "4C 10H 6D"]


def finished(hands: list[str], dealer: int, steps: list[str], **options) -> pitch.Hand:
    hand = deal(hands, dealer, **options)
    run(hand, *steps)
    assert hand.is_over
    return hand
