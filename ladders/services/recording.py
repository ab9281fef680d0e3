"""Recording finished games once as `RatedGame`s: online tables (their own task, and the
sweep for lost tasks) and physical tournament tables (recorded, corrected or withdrawn)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from core.enqueue import enqueue_on_commit

from ..models import (
    GamePlayer,
    RatedGame,
)
from .applying import apply_game, bot_rating_clubs, counts, ladders_of
from .jobs import schedule_rebuilds


def _record(source: str, source_id: int, data: dict[str, Any]) -> tuple[RatedGame, bool]:
    """Create the RatedGame (and its players) and apply it, in one transaction. Returns the
    existing row and False when the game was already recorded."""
    try:
        with transaction.atomic():
            rated = counts(data, bot_rating_clubs())
            rated_game = RatedGame.objects.create(
                source=source, source_id=source_id, rated=rated, **data
            )
            _record_players(rated_game)
            if rated:
                late = apply_game(rated_game)
                if late:
                    schedule_rebuilds(late, "arrived_late", {"game": rated_game.label})
            _after_record(rated_game)
    except IntegrityError:
        existing = RatedGame.objects.filter(source=source, source_id=source_id).first()
        if existing is None:
            raise
        return existing, False
    return rated_game, True


def _record_players(rated_game: RatedGame) -> None:
    seats = rated_game.seats or [[None] * len(team) for team in rated_game.teams]
    scores = rated_game.scores or [None] * len(rated_game.teams)
    GamePlayer.objects.bulk_create(
        GamePlayer(
            rated_game=rated_game,
            user_id=player,
            seat=seat,
            side=side,
            place=rated_game.ranks[side],
            score=scores[side],
            played_at=rated_game.played_at,
        )
        for side, (team, team_seats) in enumerate(zip(rated_game.teams, seats, strict=True))
        for player, seat in zip(team, team_seats, strict=True)
        if isinstance(player, int) and not isinstance(player, bool)
    )


def _after_record(rated_game: RatedGame) -> None:
    if rated_game.is_online:
        from ..tasks import record_game_stats

        enqueue_on_commit(record_game_stats, rated_game.pk)


def _places(sides: list[list[int]], totals: list[int], winners: Iterable[int]) -> list[int]:
    """Winners first whatever their total, the rest by total (higher is better); equal ties."""
    won = set(winners)
    keys = [(0 if any(s in won for s in side) else 1, -totals[side[0]]) for side in sides]
    order = sorted(set(keys))
    return [order.index(k) for k in keys]


def _tournament_of_table(table_id: int) -> int | None:
    """The tournament a site table was played for (None when it wasn't)."""
    from tournaments.models import TournamentTable

    return (
        TournamentTable.objects.filter(game_table_id=table_id)
        .values_list("tournament_id", flat=True)
        .first()
    )


def table_game_data(table) -> dict[str, Any]:
    """A finished online table as a RatedGame's fields."""
    from games.selectors import sides, table_seats

    seats = table_seats(table)
    tokens = [s.user_id if s.user_id is not None else None for s in seats]
    side_seats = sides(table)
    totals = list(table.totals)
    return {
        "game": table.game,
        "club_id": table.club_id,
        "table_id": table.pk,
        "tournament_id": _tournament_of_table(table.pk),
        "label": str(table)[:200],
        "url": table.get_absolute_url(),
        "played_at": table.finished_at or timezone.now(),
        "players": table.players,
        "teams": [[tokens[s] for s in side] for side in side_seats],
        "seats": side_seats,
        "ranks": _places(side_seats, totals, table.winners or []),
        "scores": [totals[side[0]] for side in side_seats],
        "has_bots": any(s.is_bot or s.is_empty for s in seats),
        "is_demo": table.is_demo,
    }


def table_game_record(table_id: int) -> tuple[RatedGame | None, bool]:
    """Record a finished online game and apply it to its ladders, once.

    Returns (the RatedGame, whether this call recorded it); (None, False) when the table does
    not exist or is not finished. Calling it again for the same table changes nothing.
    """
    from games.models import Table

    existing = RatedGame.objects.filter(source=RatedGame.Source.TABLE, source_id=table_id).first()
    if existing is not None:
        return existing, False
    table = Table.objects.filter(pk=table_id).first()
    if table is None or not table.is_finished or not table.winners:
        return None, False
    return _record(RatedGame.Source.TABLE, table_id, table_game_data(table))


# How long a finished game is left to its own task before the sweep records it.
SWEEP_SETTLE_SECONDS = 60.0


def table_games_sync(*, settle_seconds: float = SWEEP_SETTLE_SECONDS, limit: int = 200) -> int:
    """Record the online games that finished more than `settle_seconds` ago and were never
    recorded (the task `game_finished` enqueued was lost), oldest first: the periodic sweep.
    Idempotent and cheap: one query when there is nothing to do. Returns how many it recorded."""
    from games.models import Table

    recorded = RatedGame.objects.filter(source=RatedGame.Source.TABLE, source_id=OuterRef("pk"))
    cutoff = timezone.now() - timedelta(seconds=settle_seconds)
    lost = list(
        Table.objects.filter(status=Table.Status.FINISHED, finished_at__lt=cutoff)
        .exclude(winners__isnull=True)
        .exclude(winners=[])
        .exclude(Exists(recorded))
        .order_by("finished_at", "pk")
        .values_list("pk", flat=True)[:limit]
    )
    return sum(table_game_record(table_id)[1] for table_id in lost)


def tournament_result_data(tournament_table) -> dict[str, Any] | None:
    """A physical tournament table's confirmed result as a RatedGame's fields; None when it
    has no confirmed result to rate (none yet, a forfeit, or a table played on the site, which
    is rated from its own game)."""
    if tournament_table.game_table_id is not None or tournament_table.online:
        return None
    try:
        result = tournament_table.result
    except ObjectDoesNotExist:
        return None
    if result.status != result.Status.CONFIRMED or result.source == result.Source.FORFEIT:
        return None
    tournament = tournament_table.tournament
    seats = {s.number: s for s in tournament_table.seats.select_related("member")}
    side_seats = [list(side) for side in tournament_table.sides]

    def token(number: int):
        seat = seats.get(number)
        if seat is None or seat.entrant_id is None:
            return None  # a bot
        member = seat.member
        if member is not None and member.user_id is not None:
            return member.user_id
        return f"guest:{member.pk if member is not None else f'{seat.entrant_id}-{number}'}"

    teams = [[token(n) for n in side] for side in side_seats]
    scores = [int(s) for s in result.scores]
    if result.winners:
        won = set(result.winners)
        keys = [(0 if i in won else 1, -score) for i, score in enumerate(scores)]
        order = sorted(set(keys))
        ranks = [order.index(k) for k in keys]
    else:
        ranks = [0] * len(side_seats)  # a draw: every side shares the place
    played_at = result.confirmed_at or result.entered_at or timezone.now()
    # played_at is when it was first confirmed; a correction re-confirms it but keeps its place.
    round_number = tournament_table.round.number
    return {
        "game": tournament.game,
        "club_id": tournament.club_id,
        "table_id": None,
        "tournament_id": tournament.pk,
        "label": f"{tournament.name}, round {round_number} table {tournament_table.number}"[:200],
        "url": _tournament_url(tournament),
        "played_at": played_at,
        "players": sum(len(side) for side in side_seats),
        "teams": teams,
        "seats": side_seats,
        "ranks": ranks,
        "scores": scores,
        "has_bots": any(p is None for team in teams for p in team),
        "is_demo": False,
        "source_stamp": result.confirmed_at,
    }


def _tournament_url(tournament) -> str:
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse("tournaments:detail", args=[tournament.pk])
    except NoReverseMatch:
        return ""


RESULT_FIELDS = ("teams", "seats", "ranks", "scores", "has_bots", "club_id", "game")


def tournament_result_record(tournament_table_id: int) -> RatedGame | None:
    """Record, correct or withdraw the rated game of a physical tournament table.

    A newly confirmed result is recorded and applied once. A result that differs from the one
    recorded (a director's correction) replaces it, and the ladders it reaches are rebuilt; a
    result no longer confirmed takes its game off the ladders the same way.
    """
    from tournaments.models import TournamentTable

    table = (
        TournamentTable.objects.filter(pk=tournament_table_id)
        .select_related("tournament", "tournament__club", "round")
        .first()
    )
    data = tournament_result_data(table) if table is not None else None
    source = RatedGame.Source.TOURNAMENT
    existing = RatedGame.objects.filter(source=source, source_id=tournament_table_id).first()
    if existing is None:
        if data is None:
            return None
        rated_game, _ = _record(source, tournament_table_id, data)
        return rated_game
    if data is None:
        with transaction.atomic():
            ladders = ladders_of(existing)
            existing.delete()
            schedule_rebuilds(ladders, "withdrawn")
        return None
    if all(getattr(existing, f) == data[f] for f in RESULT_FIELDS):
        if existing.source_stamp != data["source_stamp"]:
            RatedGame.objects.filter(pk=existing.pk).update(source_stamp=data["source_stamp"])
        return existing
    with transaction.atomic():
        rated_game = RatedGame.objects.select_for_update().get(pk=existing.pk)
        ladders = ladders_of(rated_game)
        for key, value in data.items():
            if key != "played_at":  # a correction keeps the game's place in the order
                setattr(rated_game, key, value)
        rated_game.revision += 1
        rated_game.corrected_at = timezone.now()
        rated_game.save()
        rated_game.entries.all().delete()
        _record_players(rated_game)
        ladders += [ld for ld in ladders_of(rated_game) if ld not in ladders]
        schedule_rebuilds(ladders, "corrected", {"game": rated_game.label})
    return rated_game


def tournament_results_sync(tournament_id: int | None = None) -> int:
    """Record every confirmed physical result not yet recorded or changed since we read it (of
    one tournament, or all), and withdraw games whose result is gone. Returns how many games
    it recorded, corrected or withdrew.

    A result's confirmation time changes whenever it is entered, confirmed or corrected, so
    only results whose time differs from the one recorded are read again.
    """
    from tournaments.models import TableResult

    results = TableResult.objects.filter(
        status=TableResult.Status.CONFIRMED,
        table__game_table__isnull=True,
        table__online=False,
    ).exclude(source=TableResult.Source.FORFEIT)
    recorded = RatedGame.objects.filter(source=RatedGame.Source.TOURNAMENT)
    if tournament_id is not None:
        results = results.filter(tournament_id=tournament_id)
        recorded = recorded.filter(tournament_id=tournament_id)
    known = dict(recorded.values_list("source_id", "source_stamp"))
    current = dict(results.values_list("table_id", "confirmed_at"))
    changed = 0
    for table_id, stamp in current.items():
        if table_id in known and known[table_id] == stamp:
            continue
        before = recorded.filter(source_id=table_id).values_list("revision", flat=True).first()
        rated_game = tournament_result_record(table_id)
        if rated_game is not None and rated_game.revision != before:
            changed += 1
    for table_id in set(known) - set(current):
        tournament_result_record(table_id)  # no longer confirmed (or gone): withdrawn
        changed += 1
    return changed
