"""The replay page: a finished hand's record after its first `step` actions, every card face
up (a record is only ever made of a finished hand, or uploaded by whoever holds it)."""

from __future__ import annotations

from typing import Any

from core.choices import Game

from . import text
from .bidding import auction
from .cards import POSITIONS, card_info, seat_place, side_label, trick_cards
from .lobby import options_in_words


def _seats(game, players, full, labels) -> list[dict[str, Any]]:
    contractor = full["contract"]["seat"] if full["contract"] else None
    return [
        {
            "number": n,
            "label": labels[n],
            "place": seat_place(n, players),
            "pos": POSITIONS[players][n % players],
            "cards": [card_info(c) for c in full["hands_now"][n]],
            "tricks": full["tricks_won"][n],
            "is_dealer": full["dealer"] == n,
            "is_turn": full["to_act"] == n,
            "is_contractor": contractor == n,
            "contractor_word": text.contractor_word(game),
            "sits_out": full.get("sitting_out") == n,
        }
        for n in range(players)
    ]


def _trick(full: dict[str, Any], players: int, labels: list[str]) -> tuple[list, str]:
    """The trick on the table, or (between tricks) the last one, with its title."""
    cards = (full.get("trick") or {}).get("cards") or []
    title = text.current_trick()
    if not cards and full.get("last_trick"):
        cards = full["last_trick"]["cards"]
        title = text.trick_won_by(labels[full["last_trick"]["winner"]])
    return trick_cards(cards, 0, players, labels), title


def _points(game: str, summary: dict[str, Any], labels: list[str]) -> list[dict[str, Any]]:
    if game != Game.PITCH or not summary.get("points"):
        return []
    out = []
    for key, name in text.pitch_point_names():
        winner = summary["points"].get(key)
        out.append({"name": name, "winner": labels[winner] if winner is not None else None})
    return out


def replay_page(record: dict[str, Any], step: int, labels: list[str] | None) -> dict[str, Any]:
    """The hand of `record` (a valid hand record) after its first `step` actions, face up."""
    from games.engines import records

    game, players = record["game"], record["players"]
    labels = labels or [seat_place(n, players) for n in range(players)]
    actions = record.get("actions") or []
    step = max(0, min(step, len(actions)))
    hand = records.load_hand(dict(record, actions=actions[:step]))
    full = hand.full_view()
    tricks = full["tricks_won"]
    trick, trick_title = _trick(full, players, labels)
    steps = [
        dict(text.describe_action(game, a, labels), number=i + 1) for i, a in enumerate(actions)
    ]
    summary = hand.summary()
    contract = summary.get("contract")
    finished = hand.is_over
    return {
        "record": record,
        "game": game,
        "game_label": Game(game).label,
        "players": players,
        "step": step,
        "total_steps": len(actions),
        "steps": steps,
        "current": steps[step - 1] if step else None,
        "seats": _seats(game, players, full, labels),
        "trick": trick,
        "trick_title": trick_title,
        "auction": auction(game, full["auction"], labels, full["dealer"]),
        "sides": [
            {
                "label": side_label(side, labels),
                "tricks": sum(tricks[s] for s in side),
                "score": summary["scores"][side[0]],
            }
            for side in full["sides"]
        ],
        "contract_text": text.contract_words(game, contract, labels) if contract else "",
        "kitty": [card_info(c) for c in full.get("kitty") or []],
        "discards": [card_info(c) for c in full.get("discards") or []],
        "status": summary["status"],
        "finished": finished,
        "result_text": text.replay_result(game, summary, labels) if finished else "",
        "points": _points(game, summary, labels) if finished else [],
        "prev_step": step - 1 if step > 0 else None,
        "next_step": step + 1 if step < len(actions) else None,
        "options_words": options_in_words(game, record.get("options") or {}),
    }
