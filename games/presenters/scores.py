"""Scores: the sides' rows, a finished hand's result and the score sheet of finished hands.

Inputs are the public results `selectors.finished_hands` stores (no cards)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from core.choices import Game

from . import text
from .cards import call_info, maybe_suit, side_label


def side_rows(info: dict[str, Any], labels: list[str], me: int | None) -> list[dict[str, Any]]:
    """One row per side (a seat, or a partnership): its name, total and whether it is yours."""
    totals = info["totals"] or [0] * info["players"]
    return [
        {
            "index": index,
            "seats": side,
            "label": side_label(side, labels),
            "total": totals[side[0]] if totals else 0,
            "is_mine": me in side,
        }
        for index, side in enumerate(info["sides"])
    ]


def hand_result(
    game: str, last: dict[str, Any], info: dict[str, Any], labels: list[str]
) -> dict[str, Any]:
    """A finished hand's summary in words (from the stored public result; no cards)."""
    result = last.get("result") or {}
    scores = last.get("scores") or [0] * info["players"]
    totals = last.get("totals") or info["totals"]
    tricks = result.get("tricks") or [0] * info["players"]
    out: dict[str, Any] = {
        "number": last["number"],
        "dealer": labels[last["dealer"]],
        "thrown_in": last.get("thrown_in"),
        "sides": [
            {
                "label": side_label(side, labels),
                "score": scores[side[0]],
                "total": totals[side[0]] if totals else 0,
                "tricks": sum(tricks[s] for s in side),
            }
            for side in info["sides"]
        ],
        "contract": None,
        "points": [],
    }
    contract = result.get("contract")
    if last.get("thrown_in") or not contract:
        out["headline"] = text.thrown_in_headline()
        return out
    seat = contract["seat"]
    if game == Game.PITCH:
        made = contract.get("made")
        out["contract"] = {
            "seat": labels[seat],
            "text": f"{contract.get('bid')}",
            "trump": maybe_suit(contract.get("trump")),
            "made": made,
        }
        out["headline"] = text.pitch_headline(labels[seat], contract.get("bid"), made, scores[seat])
        points = result.get("points") or {}
        for key, name in text.pitch_point_names():
            winner = points.get(key)
            out["points"].append(
                {
                    "name": name,
                    "winner": labels[winner] if winner is not None else None,
                    "why": text.pitch_point_missing(key),
                }
            )
        return out
    made = scores[seat] > 0
    call = call_info(game, contract["call"], contract.get("sans_kitty", False))
    out["contract"] = {"seat": labels[seat], "call": call, "made": made}
    out["headline"] = text.five_hundred_headline(labels[seat], call["text"], made, scores[seat])
    return out


def _sheet_contract(game: str, contract: dict[str, Any], scores: list[int], labels: list[str]):
    """(who made the contract, the call as it reads, whether it was made) for one row of the
    score sheet."""
    who = labels[contract["seat"]]
    if game == Game.PITCH:
        trump = maybe_suit(contract.get("trump"))
        what = f"{contract['bid']} {trump['symbol']}" if trump else f"{contract['bid']}"
        return who, what, contract.get("made")
    call = call_info(game, contract["call"], contract.get("sans_kitty", False))
    return who, call["text"], scores[contract["seat"]] > 0


def score_sheet_key(table_id: int, created_at, hands: int, labels: list[str], token: str) -> str:
    """Everything the rendered score sheet shows besides the language: which table (its id and
    when it was opened, since a test database may hand an id out again), how many hands have
    finished (a table's finished hands only ever grow), the seats' labels (a player may rename
    themselves) and the spectator's token in its replay links. The page caches the sheet under
    this key, so a long game's live fragment doesn't re-render every past hand each time."""
    stamp = created_at.isoformat() if created_at else ""
    return "\x1f".join([str(table_id), stamp, str(hands), token or "", *labels])


def score_sheet(
    game: str, hands: list[dict[str, Any]], info: dict[str, Any], labels: list[str]
) -> list[dict[str, Any]]:
    """One row per finished hand: the contract, made or not, and each side's score and total."""
    rows = []
    for hand in hands:
        contract = (hand.get("result") or {}).get("contract")
        scores = hand.get("scores") or [0] * info["players"]
        totals = hand.get("totals") or [0] * info["players"]
        who = call = None
        if hand.get("thrown_in") or not contract:
            what, made = gettext("Thrown in"), None
        else:
            who, call, made = _sheet_contract(game, contract, scores, labels)
            what = f"{who}: {call}"
        rows.append(
            {
                "number": hand["number"],
                "what": what,
                "who": who,
                "call": call,
                "made": made,
                "cells": [
                    {"score": scores[side[0]], "total": totals[side[0]]} for side in info["sides"]
                ],
            }
        )
    return rows
