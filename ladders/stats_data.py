"""Statistics as stored data: one game's `ladders.stats` result as JSON, and sums of many.

`PlayerGameStats.data` holds one player's figures from one game (`dump`); the player page adds
them up (`total`) and turns the sum back into the `stats` dataclasses (`load`), whose methods
(`table()`, `by_level()`, …) the templates and charts use. Every figure is a count, so a sum of
games is the same as the statistics of all their hands at once.

    data = dump(five_hundred_stats(hands), GameTally(1, 1))
    stats = load(FIVE_HUNDRED, total([data, other]))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .stats import (
    CONTRACT_CALLS,
    FIVE_HUNDRED,
    PITCH,
    PITCH_LEVELS,
    POINT_KINDS,
    FiveHundredStats,
    GameTally,
    PartnerRecord,
    PitchStats,
    Points,
    Tally,
)

BOT_PARTNER = "bot"
"""The partner id recorded for a bot partner."""


def _pair(tally: Tally) -> list[int]:
    return [tally.bid, tally.made]


def _points(points: Points) -> list[int]:
    return [points.hands, points.total]


def dump(stats: FiveHundredStats | PitchStats, games: GameTally | None = None) -> dict[str, Any]:
    """One game's figures as JSON-ready data (`games` overrides the stats' own game tally)."""
    games = games if games is not None else stats.games
    if isinstance(stats, FiveHundredStats):
        return {
            "game": FIVE_HUNDRED,
            "hands": stats.hands,
            "thrown_in": stats.thrown_in,
            "contracts": {call: _pair(stats.contracts[call]) for call in CONTRACT_CALLS},
            "sans_kitty": _pair(stats.sans_kitty),
            "slams": stats.slams,
            "as_contractor": _points(stats.as_contractor),
            "as_partner": _points(stats.as_partner),
            "as_defender": _points(stats.as_defender),
            "partners": [
                {
                    "partner": row.partner,
                    "hands": row.hands,
                    "contracts": _pair(row.contracts),
                    "by_player": _pair(row.by_player),
                    "by_partner": _pair(row.by_partner),
                }
                for row in stats.partners
            ],
            "games": [games.played, games.won],
        }
    return {
        "game": PITCH,
        "hands": stats.hands,
        "thrown_in": stats.thrown_in,
        "bids": {str(level): _pair(stats.bids[level]) for level in PITCH_LEVELS},
        "points": {kind: stats.points[kind] for kind in POINT_KINDS},
        "score": _points(stats.score),
        "games": [games.played, games.won],
    }


def empty(game: str) -> dict[str, Any]:
    """The figures of no games at all."""
    if game == FIVE_HUNDRED:
        return {
            "game": FIVE_HUNDRED,
            "hands": 0,
            "thrown_in": 0,
            "contracts": {call: [0, 0] for call in CONTRACT_CALLS},
            "sans_kitty": [0, 0],
            "slams": 0,
            "as_contractor": [0, 0],
            "as_partner": [0, 0],
            "as_defender": [0, 0],
            "partners": [],
            "games": [0, 0],
        }
    if game == PITCH:
        return {
            "game": PITCH,
            "hands": 0,
            "thrown_in": 0,
            "bids": {str(level): [0, 0] for level in PITCH_LEVELS},
            "points": dict.fromkeys(POINT_KINDS, 0),
            "score": [0, 0],
            "games": [0, 0],
        }
    raise ValueError(f"unknown game {game!r}")


def _add_pair(into: list[int], pair: Iterable[int]) -> None:
    for i, value in enumerate(pair):
        into[i] += value


def total(game: str, items: Iterable[Mapping[str, Any]]) -> dict[str, Any]:
    """The sum of many games' figures (all of `game`)."""
    out = empty(game)
    partners: dict[Any, dict[str, Any]] = {}
    for data in items:
        if data.get("game") != game:
            raise ValueError(f"expected {game} statistics, got {data.get('game')!r}")
        out["hands"] += data["hands"]
        out["thrown_in"] += data["thrown_in"]
        _add_pair(out["games"], data["games"])
        if game == FIVE_HUNDRED:
            for call, pair in data["contracts"].items():
                _add_pair(out["contracts"][call], pair)
            _add_pair(out["sans_kitty"], data["sans_kitty"])
            out["slams"] += data["slams"]
            for key in ("as_contractor", "as_partner", "as_defender"):
                _add_pair(out[key], data[key])
            for row in data["partners"]:
                mine = partners.setdefault(
                    row["partner"],
                    {
                        "partner": row["partner"],
                        "hands": 0,
                        "contracts": [0, 0],
                        "by_player": [0, 0],
                        "by_partner": [0, 0],
                    },
                )
                mine["hands"] += row["hands"]
                for key in ("contracts", "by_player", "by_partner"):
                    _add_pair(mine[key], row[key])
        else:
            for level, pair in data["bids"].items():
                _add_pair(out["bids"][level], pair)
            for kind, value in data["points"].items():
                out["points"][kind] += value
            _add_pair(out["score"], data["score"])
    if game == FIVE_HUNDRED:
        out["partners"] = sorted(
            partners.values(),
            key=lambda r: (-r["hands"], -r["contracts"][0], str(r["partner"])),
        )
    return out


def load(data: Mapping[str, Any]) -> FiveHundredStats | PitchStats:
    """The dataclasses back from (summed) data."""
    games = GameTally(*data["games"])
    if data["game"] == FIVE_HUNDRED:
        return FiveHundredStats(
            hands=data["hands"],
            thrown_in=data["thrown_in"],
            contracts={call: Tally(*data["contracts"][call]) for call in CONTRACT_CALLS},
            sans_kitty=Tally(*data["sans_kitty"]),
            slams=data["slams"],
            as_contractor=Points(*data["as_contractor"]),
            as_partner=Points(*data["as_partner"]),
            as_defender=Points(*data["as_defender"]),
            partners=tuple(
                PartnerRecord(
                    row["partner"],
                    row["hands"],
                    Tally(*row["contracts"]),
                    Tally(*row["by_player"]),
                    Tally(*row["by_partner"]),
                )
                for row in data["partners"]
            ),
            games=games,
        )
    if data["game"] == PITCH:
        return PitchStats(
            hands=data["hands"],
            thrown_in=data["thrown_in"],
            bids={level: Tally(*data["bids"][str(level)]) for level in PITCH_LEVELS},
            points={kind: data["points"][kind] for kind in POINT_KINDS},
            score=Points(*data["score"]),
            games=games,
        )
    raise ValueError(f"unknown game {data.get('game')!r}")
