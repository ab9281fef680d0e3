"""games/refusals.py: the engines' refusal codes and language-neutral params, in words."""

import pytest
from django.utils import translation

from games.engines.base import IllegalAction, RecordError
from games.errors import IllegalMove
from games.refusals import MESSAGES, record_error_text, refusal_message, refusal_text


@pytest.mark.parametrize(
    ("message_id", "params", "words"),
    [
        (
            "must_follow",
            {"suit": "H", "held": ["QH", "10H"]},
            "You must follow hearts: you hold Q♥, 10♥",
        ),
        ("card_not_held", {"card": "JK"}, "You do not hold Joker"),
        ("card_not_held", {"card": "13D"}, "You do not hold 13♦"),
        (
            "bid_too_low.call",
            {"high": "7NT", "call": "7H"},
            "Your call must be higher than 7 no-trumps: 7♥ is not",
        ),
        (
            "bid_too_low.call",
            {"high": "misere", "call": "8S"},
            "Your call must be higher than misère: 8♠ is not",
        ),
        (
            "joker_suit",
            {"suits": ["S", "D"]},
            "The Joker must name a suit not yet led this hand: spades, diamonds",
        ),
        ("not_your_turn", {"turn": 2, "doing": "bid"}, "It is not your turn: seat 2 is to call"),
        (
            "not_allowed_now",
            {"kind": "call_partner", "needed": "discard"},
            "You cannot call partner now: you must discard three cards",
        ),
        (
            "malformed.no_kind",
            {"kind": "pitch", "game": "five_hundred"},
            "There is no pitching in Five Hundred",
        ),
        (
            "malformed.no_kind",
            {"kind": "nominate", "game": "pitch"},
            "There is no nominate in Pitch",
        ),
    ],
)
def test_params_are_worded(message_id, params, words):
    assert refusal_message(message_id, params) == words


def test_every_sentence_is_translatable_text():
    with translation.override("en-au"):
        for message_id, template in MESSAGES.items():
            assert str(template), message_id  # a lazy translation, read in the active language


def test_the_site_refusal_carries_the_code_and_the_sentence():
    exc = IllegalAction("must_follow.trumps", {"suit": "S", "held": ["QS", "5S"]})
    assert str(exc) == "must_follow.trumps suit=S held=QS,5S"  # the engine's neutral form
    assert refusal_text(exc) == "You must follow trumps (spades): you hold Q♠, 5♠"
    move = IllegalMove.from_engine(exc)
    assert move.as_json() == {
        "detail": "You must follow trumps (spades): you hold Q♠, 5♠",
        "code": "must_follow",
    }
    assert move.params == {"suit": "S", "held": ["QS", "5S"]}


def test_record_errors_are_worded_when_they_are_refusals():
    refused = RecordError.refusal("card_not_held", {"card": "4D"}, index=6, seat=1)
    assert refused.reason == "seat 1: card_not_held card=4D"
    assert record_error_text(refused) == "seat 1: You do not hold 4♦"
    assert refused.as_json(refusal_message)["error"] == {
        "index": 6,
        "code": "card_not_held",
        "reason": "seat 1: You do not hold 4♦",
    }
    plain = RecordError("players must be a whole number")
    assert record_error_text(plain) == "players must be a whole number"
