"""Auction Pitch's notation: how a call, a contract and an action read in short,
language-neutral form (for the auction, score sheets, replays and logs).

    call_text("3")      "3"         call_text("pass")      "—"
    action_text({"seat": 1, "pitch": "AS"})                  "4 A♠"   (bid 4 by pitching A♠)
    contract_text({"bid": 3, "trump": "H", ...})             "3♥"     ("3" before trumps)

Words for people ("pass", "pitched") are the site's, translated.
"""

from __future__ import annotations

from typing import Any

from .notation import card_text, suit_text

PASS_TEXT = "—"


def call_text(call: str) -> str:
    """A record call ("1".."4" or "pass") in short form."""
    return PASS_TEXT if call == "pass" else call


def contract_text(contract: dict[str, Any] | None) -> str:
    """A view's or replay summary's contract: the bid, and the trump suit once known."""
    if not contract:
        return ""
    bid = contract.get("bid", contract.get("call"))
    trump = contract.get("trump")
    return f"{bid}{suit_text(trump)}" if trump else str(bid)


def action_text(action: dict[str, Any]) -> str:
    """A hand-record action object in short form (its seat left out)."""
    if "call" in action:
        return call_text(action["call"])
    if "pitch" in action:
        return "4 " + card_text(action["pitch"])
    return card_text(action["play"])
