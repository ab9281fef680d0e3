"""Five Hundred's notation: how a call, a contract and an action read in short, language-neutral
form (for the auction grid, score sheets, replays and logs).

    call_text("7S")           "7♠"        call_text("8NT")           "8NT"
    call_text("misere")       "MIS"       call_text("open_misere")   "OMIS"
    call_text("blind_misere") "BMIS"      call_text("pass")          "—"
    call_text("7S", sans_kitty=True)      "7♠ SK"
    contract_text({"call": "7H", "sans_kitty": False, ...})  "7♥"
    action_text({"seat": 0, "play": "JK", "suit": "S"})      "JK→♠"

Words for people ("seven hearts", "open misère", "pass") are the site's, translated.
"""

from __future__ import annotations

from typing import Any

from .notation import card_text, cards_text, suit_text

PASS_TEXT = "—"
SANS_KITTY_TEXT = "SK"
MISERE_TEXT = {"misere": "MIS", "open_misere": "OMIS", "blind_misere": "BMIS"}


def call_text(call: str, sans_kitty: bool = False) -> str:
    """A record call (`7H`, `10NT`, `misere`, `pass`) in short form."""
    if call == "pass":
        return PASS_TEXT
    if call in MISERE_TEXT:
        text = MISERE_TEXT[call]
    elif call.endswith("NT"):
        text = call
    else:
        text = call[:-1] + suit_text(call[-1])
    return f"{text} {SANS_KITTY_TEXT}" if sans_kitty else text


def contract_text(contract: dict[str, Any] | None) -> str:
    """A view's or replay summary's contract in short form ("" before there is one)."""
    if not contract:
        return ""
    return call_text(contract["call"], bool(contract.get("sans_kitty")))


def action_text(action: dict[str, Any]) -> str:
    """A hand-record action object in short form (its seat left out)."""
    if "call" in action:
        return call_text(action["call"], bool(action.get("sans_kitty")))
    if "discard" in action:
        return cards_text(action["discard"])
    if "call_partner" in action:
        return card_text(action["call_partner"])
    if "nominate" in action:
        return "JK=" + suit_text(action["nominate"])
    text = card_text(action["play"])
    if action.get("suit"):
        text += "→" + suit_text(action["suit"])
    return text
