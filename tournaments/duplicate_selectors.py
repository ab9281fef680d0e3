"""What the duplicate pages and API read: the movement as pairs and tables, the boards with their
commitments (and seeds once revealed), travellers, standings and score cards — each filtered by
`policies.may_see_board`, so a player never reads a board's result before playing it.

    board_access(user, tournament) -> BoardAccess      who is asking, and which boards they played
    duplicate_overview(tournament, seen) -> dict       movement, pairs, schedule, boards
    traveller(tournament, number) -> list[dict]        every result on a board (check seen first)
    duplicate_standings(tournament, seen) -> dict      ranked lines and which boards they count
    scorecard(tournament, entrant_id, seen) -> list[dict]
    table_boards(table, seen) -> list[dict]            a table's boards with results and rights
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Q
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext as _

from core.choices import Game
from games.engines import five_hundred
from games.models import Board
from games.presenters.cards import call_info
from games.presenters.text import pitch_point_names

from . import policies
from .formats import FormatError
from .models import BoardResult, Entrant, TableSeat, Tournament, TournamentTable
from .services.duplicate import (
    BOT_PAIR,
    duplicate_scores,
    is_solo,
    movement_of,
    pair_entrants,
    revealed_numbers,
)


@dataclass
class BoardAccess:
    """One person and one duplicate event: their access, their pair, the boards they have
    played (a result of their pair's on it) and the boards revealed to all."""

    access: policies.TournamentAccess
    tournament: Tournament
    played: set[int] = field(default_factory=set)
    revealed: set[int] = field(default_factory=set)

    def may_see(self, number: int) -> bool:
        return policies.may_see_board(
            self.access,
            self.tournament,
            played=number in self.played,
            revealed=number in self.revealed,
        )

    @property
    def sees_everything(self) -> bool:
        return self.access.is_director or self.tournament.is_finished


def board_access(user, tournament: Tournament) -> BoardAccess:
    access = policies.tournament_access(user, tournament)
    played: set[int] = set()
    if access.entrant is not None:
        entrant = access.entrant.pk
        played = set(
            BoardResult.objects.filter(tournament=tournament)
            .filter(_of_entrant(entrant))
            .values_list("number", flat=True)
        )
    revealed = set(revealed_numbers(tournament)) if tournament.board_set_id else set()
    return BoardAccess(access, tournament, played, revealed)


def _of_entrant(entrant_id: int) -> Q:
    """Results the entrant played: in a direction, or in a seat of a solo table."""
    return Q(ns_entrant=entrant_id) | Q(ew_entrant=entrant_id) | Q(table__seats__entrant=entrant_id)


def _names(tournament: Tournament) -> dict[Any, str]:
    names: dict[Any, str] = dict(
        Entrant.objects.filter(tournament=tournament).values_list("pk", "name")
    )
    names[None] = names[BOT_PAIR] = _("Bots")
    return names


def declarer_label(seat: int | None) -> str:
    if seat is None:
        return ""
    return {0: _("North"), 1: _("East"), 2: _("South"), 3: _("West")}.get(seat, str(seat))


def contract_label(contract: str) -> str:
    if contract == five_hundred.PASS_CALL:
        return _("Passed out")
    return {
        "misere": _("Misère"),
        "open_misere": _("Open misère"),
        "blind_misere": _("Blind misère"),
    }.get(contract) or _bid_text(contract)


def _bid_text(contract: str) -> str:
    """A Five Hundred bid as the site shows it ("7 ♠"); anything else (a Pitch bid) as it is."""
    if re.fullmatch(r"\d+(NT|[SCDH])", contract or ""):
        return call_info(Game.FIVE_HUNDRED, contract)["text"]
    return contract


def board_links(tournament: Tournament) -> dict[str, str]:
    """The boards pages of the games app for the event's board set (those installed)."""
    out = {}
    if tournament.board_set_id is None:
        return out
    for key, name in (
        ("sheets", "games:board_sheets"),
        ("set", "games:board_set"),
        ("records", "games:board_records"),
    ):
        try:
            out[key] = reverse(name, args=[tournament.board_set_id])
        except NoReverseMatch:
            pass
    return out


def duplicate_overview(tournament: Tournament, seen: BoardAccess) -> dict[str, Any] | None:
    """The movement, pairs, every round's sittings and the boards (commitments always; seeds
    once revealed). None before the event has started."""
    if not tournament.draw or tournament.board_set_id is None:
        return None
    try:
        movement = movement_of(tournament)
    except FormatError:
        return None
    names = _names(tournament)
    entrants = pair_entrants(tournament)
    my_pair = None
    if seen.access.entrant is not None:
        my_pair = next((p for p, e in entrants.items() if e == seen.access.entrant.pk), None)
    solo = is_solo(tournament)
    pairs = [
        {
            "number": pair,
            "entrant_id": entrant,
            "name": names.get(entrant, ""),
            "is_bot": entrant is None,
            "field": None if solo else movement.field(pair),
        }
        for pair, entrant in entrants.items()
    ]
    rounds = []
    if solo:
        for number in range(1, movement.rounds + 1):
            rounds.append(
                {
                    "number": number,
                    "sittings": [
                        {
                            "table": s.table,
                            "ns_pair": None,
                            "ew_pair": None,
                            "ns_name": "",
                            "ew_name": "",
                            "seats": [
                                {"player": p, "name": names.get(entrants[p], "")} for p in s.seats
                            ],
                            "boards": list(s.boards),
                            "mine": my_pair in s.seats,
                        }
                        for s in movement.round(number)
                    ],
                }
            )
    for number in range(1, 0 if solo else movement.rounds + 1):
        rounds.append(
            {
                "number": number,
                "sittings": [
                    {
                        "table": s.table,
                        "ns_pair": s.ns_pair,
                        "ew_pair": s.ew_pair,
                        "ns_name": names.get(entrants[s.ns_pair], ""),
                        "ew_name": names.get(entrants[s.ew_pair], ""),
                        "seats": [],
                        "boards": list(s.boards),
                        "mine": my_pair in (s.ns_pair, s.ew_pair),
                    }
                    for s in movement.round(number)
                ],
            }
        )
    boards = [
        {
            "number": b.number,
            "dealer": b.dealer,
            "commitment": b.commitment,
            "seed": b.seed if b.revealed_at else None,
            "revealed_at": b.revealed_at,
            "played": b.number in seen.played,
            "visible": seen.may_see(b.number),
        }
        for b in Board.objects.filter(board_set=tournament.board_set_id).order_by("number")
    ]
    return {
        "kind": "individual" if solo else movement.kind,
        "pairs_count": movement.players if solo else movement.pairs,
        "tables": movement.tables,
        "seats_per_table": movement.seats_per_table if solo else 4,
        "rounds_count": movement.rounds,
        "boards_per_round": movement.boards_per_round,
        "boards_count": movement.boards,
        "plays_per_board": movement.tables if solo else movement.plays_per_board,
        "bot_pair": None if solo else movement.bot_pair,
        "my_pair": my_pair,
        "pairs": pairs,
        "rounds": rounds,
        "boards": boards,
        "board_set_id": tournament.board_set_id,
    }


def _value(line) -> float | None:
    return None if line is None else round(float(line.value), 2)


def seat_label(seat: int | None) -> str:
    if seat is None:
        return ""
    return _("Seat %(seat)s") % {"seat": seat + 1}


def _result_row(result: BoardResult, names, scored) -> dict[str, Any]:
    key = (result.table_id, result.number)
    ns = scored.get((*key, 0))
    ew = scored.get((*key, 1))
    solo = bool(result.seat_entrants)
    seats = [
        {
            "seat": seat,
            "entrant_id": entrant,
            "name": names.get(entrant, ""),
            "score": result.scores[seat],
            "value": _value(scored.get((*key, seat))),
        }
        for seat, entrant in enumerate(result.seat_entrants or [])
    ]
    return {
        "id": result.pk,
        "board": result.number,
        "round": result.round.number,
        "table": result.table.number,
        "ns_entrant_id": result.ns_entrant_id,
        "ew_entrant_id": result.ew_entrant_id,
        "ns_name": names.get(result.ns_entrant_id, ""),
        "ew_name": names.get(result.ew_entrant_id, ""),
        "contract": result.contract,
        "contract_label": contract_label(result.contract),
        "declarer": result.declarer,
        "declarer_label": seat_label(result.declarer) if solo else declarer_label(result.declarer),
        "tricks": result.tricks,
        # Pitch: who took high, low, jack and game (a side, or a seat at a solo table; None
        # for nobody), so a form correcting the result starts from what was entered.
        "points": dict((result.detail or {}).get("points") or {}),
        # The same, as the page shows it: [{"name", "label", "who"}], high to game.
        "point_list": point_list(result, names),
        "ns_score": result.scores[0],
        "ew_score": result.scores[1],
        "ns_value": None if solo else _value(ns),
        "ew_value": None if solo else _value(ew),
        "seats": seats,
        "status": result.status,
        "source": result.source,
        "assigned": result.source == BoardResult.Source.ASSIGNED,
    }


def point_list(result: BoardResult, names) -> list[dict[str, Any]]:
    """Who took each Pitch point of a result, in the reader's language (high, low, jack, game:
    a side, or a seat and its player at a solo table; "Nobody"). Empty for Five Hundred."""
    taken = (result.detail or {}).get("points")
    if not taken:
        return []
    solo = bool(result.seat_entrants)
    sides = {0: _("North–South"), 1: _("East–West")}
    out = []
    for name, label in pitch_points():
        if name not in taken:
            continue
        who = taken[name]
        if who is None:
            text = _("Nobody")
        elif solo:
            entrants = result.seat_entrants or []
            player = names.get(entrants[who]) if 0 <= who < len(entrants) else None
            text = f"{seat_label(who)} · {player}" if player else seat_label(who)
        else:
            text = sides.get(who, str(who))
        out.append({"name": name, "label": label, "who": text})
    return out


def _scored_index(tournament: Tournament, numbers) -> dict[tuple[int, int], Any]:
    """(table id, board, direction) → the scored direction, for the confirmed results on
    boards `numbers`."""
    scores = duplicate_scores(tournament, numbers=numbers)
    out = {}
    if scores is None:
        return out
    for line in scores.results:
        out[line.result.table, line.board, line.direction] = line
    return out


def traveller(tournament: Tournament, number: int) -> list[dict[str, Any]]:
    """Every table's result on board `number` with its matchpoints (or difference from the
    average). The caller checks `BoardAccess.may_see(number)` first."""
    return _traveller_rows(tournament, [number])[number]


def _traveller_rows(tournament: Tournament, numbers: list[int]) -> dict[int, list[dict[str, Any]]]:
    """The traveller rows of each of the boards `numbers`, in one query for their results."""
    names = _names(tournament)
    scored = _scored_index(tournament, numbers)
    rows: dict[int, list[dict[str, Any]]] = {n: [] for n in numbers}
    for result in (
        BoardResult.objects.filter(tournament=tournament, number__in=numbers)
        .select_related("round", "table")
        .order_by("number", "round__number", "table__number")
    ):
        rows[result.number].append(_result_row(result, names, scored))
    return rows


def travellers(tournament: Tournament, seen: BoardAccess) -> list[dict[str, Any]]:
    """Every board the viewer may see (`BoardAccess.may_see`) with its traveller rows, in board
    order, for the results sheet: one query for the results, whatever the number of boards."""
    numbers = sorted(
        n
        for n in Board.objects.filter(board_set=tournament.board_set_id).values_list(
            "number", flat=True
        )
        if seen.may_see(n)
    )
    if not numbers:
        return []
    rows = _traveller_rows(tournament, numbers)
    return [
        {
            "number": n,
            "rows": rows[n],
            "seat_numbers": range(len(rows[n][0]["seats"])) if rows[n] else range(0),
        }
        for n in numbers
    ]


def duplicate_standings(tournament: Tournament, seen: BoardAccess) -> dict[str, Any]:
    """The ranked lines. Directors (and everyone once the event is over) see every confirmed
    result; others only the boards every table has played."""
    numbers = None if seen.sees_everything else sorted(seen.revealed)
    scores = duplicate_scores(tournament, numbers=numbers)
    names = _names(tournament)
    lines = []
    if scores is not None:
        for line in scores.standings:
            lines.append(
                {
                    "entrant_id": line.entrant,
                    "name": names.get(line.entrant, ""),
                    "field": line.field,
                    "rank": line.rank,
                    "tied": line.tied,
                    "boards": line.boards,
                    "total": round(float(line.total), 2),
                    "top": round(float(line.top), 2),
                    "percentage": None
                    if line.percentage is None
                    else round(float(line.percentage), 2),
                    "mine": seen.access.entrant is not None
                    and seen.access.entrant.pk == line.entrant,
                }
            )
    return {
        "method": tournament.scoring,
        "lines": lines,
        "all_boards": numbers is None,
        "boards": numbers,
        "assigned": BoardResult.objects.filter(
            tournament=tournament, source=BoardResult.Source.ASSIGNED
        ).exists(),
    }


def scorecard(tournament: Tournament, entrant_id: int, seen: BoardAccess) -> list[dict]:
    """The pair's results board by board (those boards the viewer may see)."""
    numbers = sorted(
        set(
            BoardResult.objects.filter(tournament=tournament)
            .filter(_of_entrant(entrant_id))
            .values_list("number", flat=True)
        )
    )
    numbers = [n for n in numbers if seen.may_see(n)]
    names = _names(tournament)
    scored = _scored_index(tournament, numbers)
    rows = []
    results = (
        BoardResult.objects.filter(tournament=tournament, number__in=numbers)
        .filter(_of_entrant(entrant_id))
        .select_related("round", "table")
        .distinct()
        .order_by("number")
    )
    for result in results:
        row = _result_row(result, names, scored)
        if result.seat_entrants:
            seat = next((s for s in row["seats"] if s["entrant_id"] == entrant_id), None)
            if seat is None:  # replaced by a bot after withdrawing
                continue
            row["direction"] = seat_label(seat["seat"])
            row["score"], row["value"] = seat["score"], seat["value"]
        else:
            direction = "NS" if result.ns_entrant_id == entrant_id else "EW"
            row["direction"] = direction
            row["score"] = row["ns_score"] if direction == "NS" else row["ew_score"]
            row["value"] = row["ns_value"] if direction == "NS" else row["ew_value"]
        rows.append(row)
    return rows


def side_of(user, table: TournamentTable) -> int | None:
    if not getattr(user, "is_authenticated", False):
        return None
    seat = (
        TableSeat.objects.filter(table=table, member__user=user)
        .values_list("number", flat=True)
        .first()
    )
    if seat is None:
        return None
    return next(i for i, side in enumerate(table.sides) if seat in side)


def table_boards(table: TournamentTable, user, seen: BoardAccess) -> list[dict[str, Any]]:
    """A table's boards this round: each one's result (shown to the table's players, and to
    others who may see the board) and what the viewer may do about it."""
    tournament = seen.tournament
    side = side_of(user, table)
    director = seen.access.is_director
    names = _names(tournament)
    existing = {
        r.number: r
        for r in BoardResult.objects.filter(table=table).select_related("round", "table")
    }
    scored = _scored_index(tournament, list(existing))
    open_round = tournament.is_running and not table.round.is_draft
    rows = []
    for number in table.boards or []:
        result = existing.get(number)
        show = side is not None or seen.may_see(number)
        pending = result is not None and not result.is_confirmed
        rows.append(
            {
                "number": number,
                "result": _result_row(result, names, scored) if result and show else None,
                "has_result": result is not None,
                "pending": pending,
                "can_enter": not table.online
                and open_round
                and (not table.round.is_closed or director)
                and policies.may_enter_board(side, director)
                and (result is None or director or (pending and result.entered_side == side)),
                "can_confirm": not table.online
                and open_round
                and pending
                and policies.may_confirm_board(side, director, result.entered_side),
            }
        )
    return rows


def pitch_bids(tournament: Tournament) -> list[int]:
    low = int((tournament.options or {}).get("min_bid", 1) or 1)
    return list(range(low, 5))


def pitch_points() -> list[tuple[str, str]]:
    """Pitch's four points, named as the game's pages name them (in Malay "Game" stays "Game",
    the point, not "Permainan", the game)."""
    return pitch_point_names()


def point_fields(result_row: dict[str, Any] | None) -> list[dict[str, Any]]:
    """A Pitch board form's point selects, each showing who took the point as entered (so a
    correction starts from the result, not from each select's first option)."""
    taken = (result_row or {}).get("points")
    return [
        {
            "name": name,
            "label": label,
            "entered": taken is not None and name in taken,
            "taken": (taken or {}).get(name),
        }
        for name, label in pitch_points()
    ]


def board_form_choices(seats, solo: bool) -> tuple[list[tuple], list[tuple]]:
    """(the declarer or pitcher choices, who may take a Pitch point) for a table's board form:
    seats by name at a solo table; otherwise the four directions and the two sides."""
    if solo:
        choices = [
            (s.number, f"{seat_label(s.number)} · {s.name if s.entrant_id else _('Bots')}")
            for s in seats
        ]
        return choices, choices
    directions = [(n, declarer_label(n)) for n in range(4)]
    return directions, [(0, _("North–South")), (1, _("East–West"))]


def call_choices(tournament: Tournament) -> list[tuple[str, str]]:
    """The contracts a physical table may enter: every call of the rules, and "passed out"."""
    options = tournament.options or {}
    calls = five_hundred.call_order(options.get("misere_rank", "after_7nt"))
    out = [(five_hundred.PASS_CALL, contract_label(five_hundred.PASS_CALL))]
    for info in calls:
        if info.is_misere and options.get("misere") is False:
            continue
        out.append((info.call, contract_label(info.call)))
    return out
