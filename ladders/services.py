"""Everything that changes the ladders: recording finished games, rating them, rebuilding.

A finished game is recorded once as a `RatedGame` (the database refuses a second row for the same
source) and, when it counts, applied to its ladders: the site-wide ladder of its game and the
ladder of its club. Applying locks each ladder row (site-wide first, then the club's), reads the
players' ratings, runs `ladders.ratings.update` and stores the new ratings and one
`RatingChange` per player. A rebuild replays every game of a ladder in played order from
scratch with the same function, so a ladder built game by game equals its rebuild.

    table_game_record(table_id) -> (RatedGame | None, applied)     an online game, once
    table_games_sync() -> int            the sweep: finished online games whose task was lost
    tournament_result_record(tournament_table_id) -> RatedGame | None
                                         a physical tournament table's confirmed result (a
                                         changed result is corrected and its ladders rebuilt)
    game_stats_record(rated_game_id) -> int                      statistics of an online game
    ladder_settings_update(actor, club, **values) -> ClubLadderSettings
    rebuild_request(actor, *, club=None, game="") -> RebuildJob  directors / staff
    rebuild_schedule(scope, *, club_id=None, game="", reason="") -> RebuildJob  (internal)
    rebuild_run(job_id, progress_every=500) -> RebuildJob        what the task runs

Which games count
-----------------
A game counts when it has at least one person with an account, is not a demo table, and has no
bot at the table, unless its club rates games with bots (`ClubLadderSettings.rate_bot_games`,
off by default; a game without a club never counts with bots). The choice is the club's for
its games on every ladder they reach, the site-wide one included; bots themselves are never
rated. A walk-in guest without an account (tournament tables) plays as a steady average player
(`GUEST_RATING`) who is never stored.

Order
-----
Ratings apply in played order (`played_at`, then id). A game that arrives after games played
later than it (a result entered late) is applied at once and its ladders are rebuilt in the
background, so they end up exactly as if it had come in order.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from accounts.models import User
from clubs.models import Club
from clubs.permissions import club_access
from core.choices import Game
from core.enqueue import enqueue_on_commit
from core.errors import ServiceError

from .models import (
    ClubLadderSettings,
    GamePlayer,
    Ladder,
    PlayerGameStats,
    PlayerRating,
    RatedGame,
    RatingChange,
    RebuildJob,
)
from .ratings import (
    ACTIVE_DAYS,
    BOT_RATING,
    DEFAULT_RATING,
    MIN_GAMES,
    GameResult,
    Rating,
    conservative,
    update,
)

log = logging.getLogger(__name__)

GUEST_RATING = BOT_RATING
"""A guest without an account counts as a steady, average player (never stored)."""

BATCH = 2000


class LadderError(ServiceError):
    """A request the ladders refuse, with a message for people and an HTTP status."""


class NotAllowed(LadderError):
    status_code = 403
    code = "not_allowed"


class InvalidInput(LadderError):
    status_code = 400
    code = "invalid"


# Rules ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class LadderRules:
    """How one ladder is run: who shows on it and whether games with bots count."""

    rate_with_bots: bool = False
    min_games: int = MIN_GAMES
    active_days: int | None = ACTIVE_DAYS


SITE_RULES = LadderRules()


def rules_for(club: Club | int | None) -> LadderRules:
    """The rules of a club's ladders (the defaults without settings), or the site's."""
    if club is None:
        return SITE_RULES
    club_id = club.pk if isinstance(club, Club) else club
    row = ClubLadderSettings.objects.filter(club_id=club_id).first()
    if row is None:
        return LadderRules()
    return LadderRules(row.rate_bot_games, row.min_games, row.active_days)


def _bot_clubs() -> set[int]:
    """The clubs that rate games with bots."""
    return set(
        ClubLadderSettings.objects.filter(rate_bot_games=True).values_list("club_id", flat=True)
    )


def _humans(teams: Iterable[Iterable[Any]]) -> list[int]:
    return [p for team in teams for p in team if isinstance(p, int) and not isinstance(p, bool)]


def counts(game: RatedGame | dict[str, Any], bot_clubs: set[int]) -> bool:
    """Whether a recorded game counts for the ladders (see the module docstring)."""
    get = game.get if isinstance(game, dict) else lambda key: getattr(game, key)
    if get("is_demo") or not _humans(get("teams")):
        return False
    if get("has_bots"):
        return get("club_id") is not None and get("club_id") in bot_clubs
    return True


def result_of(game: RatedGame | dict[str, Any]) -> GameResult:
    """The rating layer's view of a recorded game."""
    get = game.get if isinstance(game, dict) else lambda key: getattr(game, key)
    return GameResult(get("id"), get("played_at"), teams=get("teams"), ranks=get("ranks"))


def _rate(
    ratings: dict[Any, Rating], result: GameResult, rate_with_bots: bool
) -> dict[int, Rating]:
    """New ratings of the people with accounts (guests play at GUEST_RATING, never stored)."""
    guests = [p for p in result.players if isinstance(p, str)]
    if guests:
        ratings = {**ratings, **dict.fromkeys(guests, GUEST_RATING)}
    new = update(ratings, result, rate_with_bots=rate_with_bots)
    return {p: r for p, r in new.items() if not isinstance(p, str)}


# Ladders ----------------------------------------------------------------------------------------


def ladder_get(game: str, club_id: int | None) -> Ladder:
    ladder, _ = Ladder.objects.get_or_create(game=game, club_id=club_id)
    return ladder


def _lock(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().get(pk=ladder.pk)


def _ladder_keys(rated_game: RatedGame) -> list[tuple[str, int | None]]:
    """The site-wide ladder of the game, then its club's: always locked in this order."""
    keys = [(rated_game.game, None)]
    if rated_game.club_id is not None:
        keys.append((rated_game.game, rated_game.club_id))
    return keys


def _ladders_of(rated_game: RatedGame) -> list[Ladder]:
    return [ladder_get(game, club_id) for game, club_id in _ladder_keys(rated_game)]


def _after(a: tuple[datetime, int], b: tuple[datetime | None, int | None]) -> bool:
    return b[0] is None or a > (b[0], b[1] or 0)


def _change(
    ladder: Ladder, game_id: int, user_id: int, at: datetime, before: Rating, after: Rating
) -> RatingChange:
    return RatingChange(
        ladder=ladder,
        rated_game_id=game_id,
        user_id=user_id,
        played_at=at,
        mu_before=before.mu,
        sigma_before=before.sigma,
        mu=after.mu,
        sigma=after.sigma,
    )


RATING_FIELDS = ["mu", "sigma", "conservative", "games_played", "wins", "last_played_at"]


def _apply(rated_game: RatedGame) -> list[Ladder]:
    """Apply a recorded (counting) game to its ladders. Returns the ladders it reached out of
    played order (they need a rebuild)."""
    result = result_of(rated_game)
    winners = {p for p in result.winners() if isinstance(p, int)}
    users = _humans(rated_game.teams)
    late = []
    for game, club_id in _ladder_keys(rated_game):
        ladder, _ = Ladder.objects.select_for_update().get_or_create(game=game, club_id=club_id)
        rows = {r.user_id: r for r in PlayerRating.objects.filter(ladder=ladder, user_id__in=users)}
        before = {uid: Rating(r.mu, r.sigma) for uid, r in rows.items()}
        new = _rate(before, result, rate_with_bots=rated_game.has_bots)
        changes, rows_now = [], []
        for uid, rating in new.items():
            changes.append(
                _change(
                    ladder,
                    rated_game.pk,
                    uid,
                    rated_game.played_at,
                    before.get(uid, DEFAULT_RATING),
                    rating,
                )
            )
            row = rows.get(uid)
            rows_now.append(
                PlayerRating(
                    ladder=ladder,
                    user_id=uid,
                    mu=rating.mu,
                    sigma=rating.sigma,
                    conservative=conservative(rating),
                    games_played=(row.games_played if row else 0) + 1,
                    wins=(row.wins if row else 0) + int(uid in winners),
                    last_played_at=max(row.last_played_at, rated_game.played_at)
                    if row
                    else rated_game.played_at,
                )
            )
        RatingChange.objects.bulk_create(changes)
        # One statement inserts the new players' rows and updates the others'.
        PlayerRating.objects.bulk_create(
            rows_now,
            update_conflicts=True,
            unique_fields=["ladder", "user"],
            update_fields=RATING_FIELDS,
        )
        key = (rated_game.played_at, rated_game.pk)
        if _after(key, (ladder.last_played_at, ladder.last_game_id)):
            ladder.last_played_at, ladder.last_game_id = key
        else:
            late.append(ladder)
        ladder.games_rated += 1
        ladder.save(update_fields=["games_rated", "last_played_at", "last_game_id"])
    return late


def _schedule_rebuilds(ladders: Iterable[Ladder], reason: str) -> None:
    for ladder in ladders:
        if ladder.club_id is None:
            rebuild_schedule(RebuildJob.Scope.SITE, game=ladder.game, reason=reason)
        else:
            rebuild_schedule(
                RebuildJob.Scope.CLUB, club_id=ladder.club_id, game=ladder.game, reason=reason
            )


def _record(source: str, source_id: int, data: dict[str, Any]) -> tuple[RatedGame, bool]:
    """Create the RatedGame (and its players) and apply it, in one transaction. Returns the
    existing row and False when the game was already recorded."""
    try:
        with transaction.atomic():
            rated = counts(data, _bot_clubs())
            rated_game = RatedGame.objects.create(
                source=source, source_id=source_id, rated=rated, **data
            )
            _record_players(rated_game)
            if rated:
                late = _apply(rated_game)
                if late:
                    _schedule_rebuilds(late, f"{rated_game.label} arrived after later games")
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
        from .tasks import record_game_stats

        enqueue_on_commit(record_game_stats, rated_game.pk)


def _places(sides: list[list[int]], totals: list[int], winners: Iterable[int]) -> list[int]:
    """Winners first whatever their total, the rest by total (higher is better); equal ties."""
    won = set(winners)
    keys = [(0 if any(s in won for s in side) else 1, -totals[side[0]]) for side in sides]
    order = sorted(set(keys))
    return [order.index(k) for k in keys]


# Online tables ----------------------------------------------------------------------------------


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


# Tournament tables (results entered by people) ---------------------------------------------------


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
            ladders = _ladders_of(existing)
            existing.delete()
            _schedule_rebuilds(ladders, "a tournament result was withdrawn")
        return None
    if all(getattr(existing, f) == data[f] for f in RESULT_FIELDS):
        if existing.source_stamp != data["source_stamp"]:
            RatedGame.objects.filter(pk=existing.pk).update(source_stamp=data["source_stamp"])
        return existing
    with transaction.atomic():
        rated_game = RatedGame.objects.select_for_update().get(pk=existing.pk)
        ladders = _ladders_of(rated_game)
        for key, value in data.items():
            if key != "played_at":  # a correction keeps the game's place in the order
                setattr(rated_game, key, value)
        rated_game.revision += 1
        rated_game.corrected_at = timezone.now()
        rated_game.save()
        rated_game.entries.all().delete()
        _record_players(rated_game)
        ladders += [ld for ld in _ladders_of(rated_game) if ld not in ladders]
        _schedule_rebuilds(ladders, f"{rated_game.label} was corrected")
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


# Statistics -------------------------------------------------------------------------------------


def game_stats_record(rated_game_id: int) -> int:
    """Compute each person's statistics from an online game's record (idempotent: the rows are
    replaced). Returns how many players' rows it wrote."""
    from games.selectors import game_record_for

    from . import stats, stats_data

    rated_game = RatedGame.objects.filter(pk=rated_game_id).select_related("table").first()
    if rated_game is None or rated_game.table is None:
        return 0
    record = game_record_for(rated_game.table)
    if record is None:
        return 0
    seat_players: list[Any] = [stats_data.BOT_PARTNER] * rated_game.players
    for team, seats in zip(rated_game.teams, rated_game.seats, strict=True):
        for player, seat in zip(team, seats, strict=True):
            if player is not None:
                seat_players[seat] = player
    compute = (
        stats.five_hundred_stats if rated_game.game == Game.FIVE_HUNDRED else stats.pitch_stats
    )
    written = 0
    with transaction.atomic():
        for entry in rated_game.entries.all():
            hands = stats.hands_of_game(record, entry.seat, seat_players=seat_players)
            figures = compute(hands)
            data = stats_data.dump(figures, stats.GameTally(1, int(entry.won)))
            PlayerGameStats.objects.update_or_create(
                rated_game=rated_game,
                user_id=entry.user_id,
                defaults={"game": rated_game.game, "club_id": rated_game.club_id, "data": data},
            )
            written += 1
    return written


# Club settings ----------------------------------------------------------------------------------


def ladder_settings_update(
    actor,
    club: Club,
    *,
    rate_bot_games: bool,
    min_games: int,
    active_days: int | None,
) -> ClubLadderSettings:
    """A director changes how the club's ladders run. Changing whether games with bots count
    rebuilds the club's ladders and the site-wide ones (its games count there too)."""
    if not may_rebuild(actor, club):
        raise NotAllowed(f"Only the directors of {club.name} can change its ladders.")
    if isinstance(min_games, bool) or not isinstance(min_games, int) or not 0 <= min_games <= 1000:
        raise InvalidInput(
            "Games to appear must be a whole number from 0 to 1000.", field="min_games"
        )
    if active_days is not None and (
        isinstance(active_days, bool)
        or not isinstance(active_days, int)
        or not 1 <= active_days <= 3650
    ):
        raise InvalidInput(
            "Active within must be from 1 to 3650 days, or blank for no limit.", field="active_days"
        )
    with transaction.atomic():
        row, _ = ClubLadderSettings.objects.select_for_update().get_or_create(club=club)
        changed = row.rate_bot_games != bool(rate_bot_games)
        row.rate_bot_games = bool(rate_bot_games)
        row.min_games = min_games
        row.active_days = active_days
        row.updated_by = actor
        row.save()
        if changed and RatedGame.objects.filter(club=club, has_bots=True).exists():
            reason = f"{club.name} changed whether games with bots count"
            rebuild_schedule(RebuildJob.Scope.CLUB, club_id=club.pk, reason=reason)
            rebuild_schedule(RebuildJob.Scope.SITE, reason=reason)
    return row


# Rebuilding -------------------------------------------------------------------------------------


def _is_staff(user) -> bool:
    return user is not None and user.is_authenticated and (user.is_staff or user.is_superuser)


def may_rebuild(user, club: Club | None) -> bool:
    """Staff may rebuild anything; a club's directors may rebuild its ladders."""
    if _is_staff(user):
        return True
    return club is not None and club_access(user, club).is_director


STALE_JOB = timedelta(minutes=5)
"""A job still waiting this long after it was asked for has lost its task."""


def rebuild_schedule(
    scope: str, *, club_id: int | None = None, game: str = "", reason: str = "", actor=None
) -> RebuildJob:
    """Queue a rebuild (after the commit). A job with the same reach still waiting to start
    is reused: it will see everything there is when it runs."""
    from .tasks import rebuild_ratings

    waiting = RebuildJob.objects.filter(
        scope=scope, club_id=club_id, game=game, status=RebuildJob.Status.PENDING
    ).first()
    if waiting is not None:
        if waiting.created_at < timezone.now() - STALE_JOB:
            enqueue_on_commit(rebuild_ratings, waiting.pk)  # its task was lost: ask again
        return waiting
    job = RebuildJob.objects.create(
        scope=scope, club_id=club_id, game=game, reason=reason[:200], requested_by=actor
    )
    enqueue_on_commit(rebuild_ratings, job.pk)
    return job


def rebuild_request(actor, *, club: Club | None = None, game: str = "") -> RebuildJob:
    """Directors rebuild their club's ladders; staff rebuild every ladder of the site."""
    if game and game not in Game.values:
        raise InvalidInput("Choose Five Hundred or Pitch (or neither for both).", field="game")
    if club is not None:
        if not may_rebuild(actor, club):
            raise NotAllowed(f"Only the directors of {club.name} can rebuild its ladders.")
        scope = RebuildJob.Scope.CLUB
    else:
        if not _is_staff(actor):
            raise NotAllowed("Only the site's staff can rebuild every ladder.")
        scope = RebuildJob.Scope.ALL
    with transaction.atomic():
        return rebuild_schedule(
            scope,
            club_id=club.pk if club is not None else None,
            game=game,
            reason=f"asked for by {actor.shown_name}",
            actor=actor,
        )


def _job_ladders(job: RebuildJob) -> list[tuple[str, int | None]]:
    games = [job.game] if job.game else list(Game.values)
    keys: list[tuple[str, int | None]] = []
    if job.scope in (RebuildJob.Scope.ALL, RebuildJob.Scope.SITE):
        keys += [(game, None) for game in games]
    if job.scope == RebuildJob.Scope.CLUB:
        keys += [(game, job.club_id) for game in games]
    if job.scope == RebuildJob.Scope.ALL:
        clubs = set(
            RatedGame.objects.filter(game__in=games, club__isnull=False)
            .values_list("game", "club_id")
            .distinct()
        )
        clubs |= set(
            Ladder.objects.filter(game__in=games, club__isnull=False).values_list("game", "club_id")
        )
        keys += sorted(clubs)
    return keys


def _scope_games(game: str, club_id: int | None):
    qs = RatedGame.objects.filter(game=game)
    if club_id is not None:
        qs = qs.filter(club_id=club_id)
    return qs


GAME_FIELDS = ("id", "played_at", "teams", "ranks", "has_bots", "is_demo", "club_id", "rated")


@dataclass
class Replay:
    """A ladder computed from scratch."""

    ratings: dict[int, Rating]
    games_played: dict[int, int]
    wins: dict[int, int]
    last_played: dict[int, datetime]
    changes: list[tuple[int, int, datetime, Rating, Rating]]  # game, user, at, before, after
    counted: dict[int, bool]  # game id -> counts
    seen: set[tuple[int, int]]  # (game id, revision) replayed
    last: tuple[datetime, int] | None


def _without_gone(teams, accounts: set[int]):
    return [
        [
            f"guest:account-{p}"
            if isinstance(p, int) and not isinstance(p, bool) and p not in accounts
            else p
            for p in team
        ]
        for team in teams
    ]


def ladder_replay(
    game: str,
    club_id: int | None,
    bot_clubs: set[int],
    progress: Callable[[int], None] | None = None,
    progress_every: int = 500,
) -> Replay:
    """Every recorded game of a ladder again, in played order, from nothing."""
    ratings: dict[int, Rating] = {}
    games_played: dict[int, int] = {}
    wins: dict[int, int] = {}
    last_played: dict[int, datetime] = {}
    changes = []
    counted: dict[int, bool] = {}
    seen: set[tuple[int, int]] = set()
    last = None
    rows = (
        _scope_games(game, club_id)
        .order_by("played_at", "id")
        .values(*GAME_FIELDS, "revision")
        .iterator(chunk_size=BATCH)
    )
    accounts = set(User.objects.values_list("pk", flat=True))
    for index, row in enumerate(rows, start=1):
        seen.add((row["id"], row["revision"]))
        ok = counts(row, bot_clubs)
        counted[row["id"]] = ok
        if ok:
            if any(p not in accounts for p in _humans(row["teams"])):
                # A player whose account is gone plays on as a guest (never stored).
                row = {**row, "teams": _without_gone(row["teams"], accounts)}
            result = result_of(row)
            new = _rate(ratings, result, rate_with_bots=row["has_bots"])
            first = set(result.winners())
            at = row["played_at"]
            for uid, rating in new.items():
                changes.append((row["id"], uid, at, ratings.get(uid, DEFAULT_RATING), rating))
                ratings[uid] = rating
                games_played[uid] = games_played.get(uid, 0) + 1
                wins[uid] = wins.get(uid, 0) + (uid in first)
                last_played[uid] = max(last_played.get(uid, at), at)
            last = (at, row["id"])
        if progress is not None and index % progress_every == 0:
            progress(index)
    return Replay(ratings, games_played, wins, last_played, changes, counted, seen, last)


def _write(ladder: Ladder, replay: Replay) -> None:
    """Replace a (locked) ladder's ratings and history with a replay."""
    RatingChange.objects.filter(ladder=ladder).delete()
    PlayerRating.objects.filter(ladder=ladder).delete()
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                ladder=ladder,
                user_id=uid,
                mu=rating.mu,
                sigma=rating.sigma,
                conservative=conservative(rating),
                games_played=replay.games_played[uid],
                wins=replay.wins[uid],
                last_played_at=replay.last_played[uid],
            )
            for uid, rating in replay.ratings.items()
        ),
        batch_size=BATCH,
    )
    RatingChange.objects.bulk_create(
        (_change(ladder, *change) for change in replay.changes),
        batch_size=BATCH,
    )
    now_rated = [gid for gid, ok in replay.counted.items() if ok]
    not_rated = [gid for gid, ok in replay.counted.items() if not ok]
    for start in range(0, max(len(now_rated), len(not_rated)), BATCH):
        RatedGame.objects.filter(pk__in=now_rated[start : start + BATCH], rated=False).update(
            rated=True
        )
        RatedGame.objects.filter(pk__in=not_rated[start : start + BATCH], rated=True).update(
            rated=False
        )
    ladder.games_rated = sum(1 for ok in replay.counted.values() if ok)
    ladder.last_played_at, ladder.last_game_id = replay.last if replay.last else (None, None)
    ladder.rebuilt_at = timezone.now()
    ladder.save(update_fields=["games_rated", "last_played_at", "last_game_id", "rebuilt_at"])


def ladder_rebuild(
    game: str,
    club_id: int | None,
    progress: Callable[[int], None] | None = None,
    progress_every: int = 500,
) -> Ladder:
    """Rebuild one ladder from scratch. The replay runs without holding the ladder; the write
    locks it and replays again, inside the lock, if any game arrived or changed meanwhile."""
    bot_clubs = _bot_clubs()
    replay = ladder_replay(game, club_id, bot_clubs, progress, progress_every)
    with transaction.atomic():
        ladder = _lock(ladder_get(game, club_id))
        now = set(_scope_games(game, club_id).values_list("id", "revision"))
        if now != replay.seen:
            replay = ladder_replay(game, club_id, _bot_clubs())
        _write(ladder, replay)
    return ladder


def rebuild_run(
    job_id: int,
    progress_every: int = 500,
    report: Callable[[int, int], None] | None = None,
) -> RebuildJob | None:
    """Run a rebuild job: each of its ladders from scratch, saving the progress as it goes
    (and telling `report(done, total)`). A finished job is left alone (the task may be
    delivered twice)."""
    with transaction.atomic():
        job = RebuildJob.objects.select_for_update().filter(pk=job_id).first()
        if job is None or job.is_finished:
            return job
        job.status = RebuildJob.Status.RUNNING
        job.started_at = timezone.now()
        keys = _job_ladders(job)
        sizes = [_scope_games(game, club_id).count() for game, club_id in keys]
        job.total = sum(sizes)
        job.done = 0
        job.save(update_fields=["status", "started_at", "total", "done"])
    try:
        base = 0
        for (game, club_id), size in zip(keys, sizes, strict=True):

            def progress(count: int, base: int = base) -> None:
                done = min(base + count, job.total)
                RebuildJob.objects.filter(pk=job.pk).update(done=done)
                if report is not None:
                    report(done, job.total)

            ladder_rebuild(game, club_id, progress, progress_every)
            base += size
            RebuildJob.objects.filter(pk=job.pk).update(done=min(base, job.total))
    except Exception as exc:
        log.exception("rebuild job %s failed", job.pk)
        RebuildJob.objects.filter(pk=job.pk).update(
            status=RebuildJob.Status.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        raise
    RebuildJob.objects.filter(pk=job.pk).update(
        status=RebuildJob.Status.DONE, done=job.total, finished_at=timezone.now()
    )
    job.refresh_from_db()
    return job
