"""Rebuilding ladders from scratch: every recorded game replayed in played order with the same
rating function, then written over the ladder in one locked transaction; and running a
`RebuildJob` (what the task does)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from accounts.models import User
from core import live
from core.choices import Game

from ..models import (
    Ladder,
    PlayerRating,
    RatedGame,
    RatingChange,
    RebuildJob,
)
from ..ratings import (
    DEFAULT_RATING,
    Rating,
    conservative,
)
from .applying import (
    bot_rating_clubs,
    counts,
    humans,
    ladder_get,
    lock_ladder,
    rate,
    rating_change,
    result_of,
)

log = logging.getLogger(__name__)


BATCH = 2000


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
    draws: dict[int, int]
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
    draws: dict[int, int] = {}
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
            if any(p not in accounts for p in humans(row["teams"])):
                # A player whose account is gone plays on as a guest (never stored).
                row = {**row, "teams": _without_gone(row["teams"], accounts)}
            result = result_of(row)
            new = rate(ratings, result, rate_with_bots=row["has_bots"])
            first = set(result.winners())
            drawn = int(result.is_draw())
            at = row["played_at"]
            for uid, rating in new.items():
                changes.append((row["id"], uid, at, ratings.get(uid, DEFAULT_RATING), rating))
                ratings[uid] = rating
                games_played[uid] = games_played.get(uid, 0) + 1
                wins[uid] = wins.get(uid, 0) + (uid in first)
                draws[uid] = draws.get(uid, 0) + drawn
                last_played[uid] = max(last_played.get(uid, at), at)
            last = (at, row["id"])
        if progress is not None and index % progress_every == 0:
            progress(index)
    return Replay(ratings, games_played, wins, draws, last_played, changes, counted, seen, last)


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
                draws=replay.draws[uid],
                last_played_at=replay.last_played[uid],
            )
            for uid, rating in replay.ratings.items()
        ),
        batch_size=BATCH,
    )
    RatingChange.objects.bulk_create(
        (rating_change(ladder, *change) for change in replay.changes),
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
    ladder.version += 1
    ladder.save(
        update_fields=["games_rated", "last_played_at", "last_game_id", "rebuilt_at", "version"]
    )


def ladder_rebuild(
    game: str,
    club_id: int | None,
    progress: Callable[[int], None] | None = None,
    progress_every: int = 500,
) -> Ladder:
    """Rebuild one ladder from scratch. The replay runs without holding the ladder; the write
    locks it and replays again, inside the lock, if any game arrived or changed meanwhile."""
    bot_clubs = bot_rating_clubs()
    replay = ladder_replay(game, club_id, bot_clubs, progress, progress_every)
    with transaction.atomic():
        ladder = lock_ladder(ladder_get(game, club_id))
        now = set(_scope_games(game, club_id).values_list("id", "revision"))
        if now != replay.seen:
            replay = ladder_replay(game, club_id, bot_rating_clubs())
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
                _announce(job.pk)
                if report is not None:
                    report(done, job.total)

            ladder_rebuild(game, club_id, progress, progress_every)
            base += size
            RebuildJob.objects.filter(pk=job.pk).update(done=min(base, job.total))
            _announce(job.pk)
    except Exception as exc:
        log.exception("rebuild job %s failed", job.pk)
        RebuildJob.objects.filter(pk=job.pk).update(
            status=RebuildJob.Status.FAILED, error=str(exc)[:2000], finished_at=timezone.now()
        )
        _announce(job.pk)
        raise
    RebuildJob.objects.filter(pk=job.pk).update(
        status=RebuildJob.Status.DONE, done=job.total, finished_at=timezone.now()
    )
    job.refresh_from_db()
    _announce(job.pk)
    return job


def rebuild_job_version(job_id: int) -> int | None:
    """A number that grows with a rebuild job's progress (two a game replayed, one more when it
    ends), for its page's live stream; None for no such job."""
    row = RebuildJob.objects.filter(pk=job_id).values("done", "status").first()
    if row is None:
        return None
    finished = row["status"] in (RebuildJob.Status.DONE, RebuildJob.Status.FAILED)
    return 2 * row["done"] + (1 if finished else 0)


def _announce(job_id: int) -> None:
    """Tell the job's page (core.live) how far it has come, once what was saved is committed."""
    live.publish_on_commit(f"rebuild:{job_id}", lambda: rebuild_job_version(job_id) or 0)
