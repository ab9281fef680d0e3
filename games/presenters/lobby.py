"""The lobby's rows: a table's seats, its non-default options in words, whose turn it is."""

from __future__ import annotations

from typing import Any

from games.options import option_summary

from .cards import seat_labels, seat_place


def options_in_words(game: str, options: dict[str, Any]) -> list[str]:
    """The options that differ from the rules' defaults, in words ("Target: 21")."""
    return [
        f"{row['label']}: {row['value_label']}"
        for row in option_summary(game, options or {})
        if not row["is_default"]
    ]


def lobby_row(info: dict[str, Any]) -> dict[str, Any]:
    """One table in the lobby (`info`: selectors.table_info for the viewer)."""
    labels = seat_labels(info)
    me = info["your_seat"]
    return {
        "info": info,
        "options": options_in_words(info["game"], info["options"]),
        "seats": [
            {
                "number": s["number"],
                "place": seat_place(s["number"], info["players"]),
                "label": labels[s["number"]],
                "empty": s["empty"],
                "is_you": s["is_you"],
            }
            for s in info["seats"]
        ],
        "free": len(info["free_seats"]),
        "your_turn": info["status"] == "playing" and me is not None and info["to_act"] == me,
    }
