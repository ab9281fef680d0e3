"""The auction as a bidding table, and the two games' bidding boxes."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from core.choices import Game

from .cards import MISERE_CALLS, STRAINS, call_info, card_info


def auction_entry(game: str, entry: dict[str, Any]) -> dict[str, Any]:
    """One entry of the auction (a call, or Pitch's bid by pitching a card) for display."""
    if "pitch" in entry:
        return {
            "text": gettext("4, pitching"),
            "words": gettext("bid four by pitching"),
            "kind": "pitch",
            "card": card_info(entry["pitch"]),
        }
    return call_info(game, entry["call"], entry.get("sans_kitty", False))


def auction(
    game: str, entries: list[dict[str, Any]], labels: list[str], dealer: int
) -> dict[str, Any] | None:
    """The auction so far as a bidding table: one column per seat from the dealer's left, one
    row per round, each call in its seat's column. None before the first call."""
    if not entries:
        return None
    players = len(labels)
    order = [(dealer + 1 + i) % players for i in range(players)]
    rows: list[list[dict[str, Any] | None]] = []
    last_column = players
    for entry in entries:
        column = order.index(entry["seat"])
        if column <= last_column:
            rows.append([None] * players)
        rows[-1][column] = auction_entry(game, entry)
        last_column = column
    return {"columns": [{"seat": s, "label": labels[s]} for s in order], "rows": rows}


def last_calls(game: str, entries: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """Each seat's latest call (shown beside the seat during the auction)."""
    out: dict[int, dict[str, Any]] = {}
    for entry in entries:
        if "pitch" in entry:
            out[entry["seat"]] = {"text": gettext("4 (pitched)"), "words": gettext("pitched")}
        else:
            out[entry["seat"]] = call_info(game, entry["call"], entry.get("sans_kitty", False))
    return out


def _legal_calls(legal: list[dict[str, Any]]) -> set[str]:
    return {entry["call"] for entry in legal if "call" in entry}


def bidding_box(legal: list[dict[str, Any]], options: dict[str, Any]) -> dict[str, Any]:
    """Five Hundred's bidding box: every bid by level (illegal ones disabled), the misère calls
    that exist at this table, and pass."""
    legal_calls = _legal_calls(legal)
    levels = []
    for tricks in range(6, 11):
        row = []
        for strain in STRAINS:
            call = f"{tricks}{strain}"
            info = call_info(Game.FIVE_HUNDRED, call)
            info["legal"] = call in legal_calls
            row.append(info)
        levels.append({"tricks": tricks, "calls": row})
    misere = []
    if (options or {}).get("misere", True):
        for call in MISERE_CALLS:
            if call == "blind_misere" and call not in legal_calls:
                continue
            info = call_info(Game.FIVE_HUNDRED, call)
            info["legal"] = call in legal_calls
            misere.append(info)
    return {
        "levels": levels,
        "misere": misere,
        "pass_legal": "pass" in legal_calls,
        "sans_kitty_possible": bool(legal_calls - {"pass"}),
        "blind_legal": "blind_misere" in legal_calls,
    }


def pitch_box(legal: list[dict[str, Any]], hand: list[str] | None = None) -> dict[str, Any]:
    """Pitch's bidding box: 1 to 4, pass, and the cards that may be pitched (a bid of 4), in the
    order of the seat's `hand` as the page shows it above the box."""
    legal_calls = _legal_calls(legal)
    calls = []
    for call in ("1", "2", "3", "4"):
        info = call_info(Game.PITCH, call)
        info["legal"] = call in legal_calls
        calls.append(info)
    codes = [entry["pitch"] for entry in legal if "pitch" in entry]
    place = {code: n for n, code in enumerate(hand or [])}
    codes.sort(key=lambda code: place.get(code, len(place)))
    pitches = [card_info(code) for code in codes]
    return {"calls": calls, "pass_legal": "pass" in legal_calls, "pitches": pitches}
