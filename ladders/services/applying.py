"""Applying a recorded game to its ladders: which games count, the new ratings (by the pure
`ladders.ratings`) and the rows that store them. Shared by recording (one game at a time)
and rebuilding (every game again, in order)."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from ..models import (
    ClubLadderSettings,
    Ladder,
    PlayerRating,
    RatedGame,
    RatingChange,
)
from ..ratings import (
    BOT_RATING,
    DEFAULT_RATING,
    GameResult,
    Rating,
    conservative,
    update,
)

GUEST_RATING = BOT_RATING
"""A guest without an account counts as a steady, average player (never stored)."""


def bot_rating_clubs() -> set[int]:
    """The clubs that rate games with bots."""
    return set(
        ClubLadderSettings.objects.filter(rate_bot_games=True).values_list("club_id", flat=True)
    )


def humans(teams: Iterable[Iterable[Any]]) -> list[int]:
    return [p for team in teams for p in team if isinstance(p, int) and not isinstance(p, bool)]


def counts(game: RatedGame | dict[str, Any], bot_clubs: set[int]) -> bool:
    """Whether a recorded game counts for the ladders (see the module docstring)."""
    get = game.get if isinstance(game, dict) else lambda key: getattr(game, key)
    if get("is_demo") or not humans(get("teams")):
        return False
    if get("has_bots"):
        return get("club_id") is not None and get("club_id") in bot_clubs
    return True


def result_of(game: RatedGame | dict[str, Any]) -> GameResult:
    """The rating layer's view of a recorded game."""
    get = game.get if isinstance(game, dict) else lambda key: getattr(game, key)
    return GameResult(get("id"), get("played_at"), teams=get("teams"), ranks=get("ranks"))


def rate(ratings: dict[Any, Rating], result: GameResult, rate_with_bots: bool) -> dict[int, Rating]:
    """New ratings of the people with accounts (guests play at GUEST_RATING, never stored)."""
    guests = [p for p in result.players if isinstance(p, str)]
    if guests:
        ratings = {**ratings, **dict.fromkeys(guests, GUEST_RATING)}
    new = update(ratings, result, rate_with_bots=rate_with_bots)
    return {p: r for p, r in new.items() if not isinstance(p, str)}


def ladder_get(game: str, club_id: int | None) -> Ladder:
    ladder, _ = Ladder.objects.get_or_create(game=game, club_id=club_id)
    return ladder


def lock_ladder(ladder: Ladder) -> Ladder:
    return Ladder.objects.select_for_update().get(pk=ladder.pk)


def _ladder_keys(rated_game: RatedGame) -> list[tuple[str, int | None]]:
    """The site-wide ladder of the game, then its club's: always locked in this order."""
    keys = [(rated_game.game, None)]
    if rated_game.club_id is not None:
        keys.append((rated_game.game, rated_game.club_id))
    return keys


def ladders_of(rated_game: RatedGame) -> list[Ladder]:
    return [ladder_get(game, club_id) for game, club_id in _ladder_keys(rated_game)]


def _after(a: tuple[datetime, int], b: tuple[datetime | None, int | None]) -> bool:
    return b[0] is None or a > (b[0], b[1] or 0)


def rating_change(
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


RATING_FIELDS = [
    "mu",
    "sigma",
    "conservative",
    "games_played",
    "wins",
    "draws",
    "last_played_at",
]


def apply_game(rated_game: RatedGame) -> list[Ladder]:
    """Apply a recorded (counting) game to its ladders. Returns the ladders it reached out of
    played order (they need a rebuild)."""
    result = result_of(rated_game)
    winners = {p for p in result.winners() if isinstance(p, int)}
    drawn = int(result.is_draw())
    users = humans(rated_game.teams)
    late = []
    for game, club_id in _ladder_keys(rated_game):
        ladder, _ = Ladder.objects.select_for_update().get_or_create(game=game, club_id=club_id)
        rows = {r.user_id: r for r in PlayerRating.objects.filter(ladder=ladder, user_id__in=users)}
        before = {uid: Rating(r.mu, r.sigma) for uid, r in rows.items()}
        new = rate(before, result, rate_with_bots=rated_game.has_bots)
        changes, rows_now = [], []
        for uid, rating in new.items():
            changes.append(
                rating_change(
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
                    draws=(row.draws if row else 0) + drawn,
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
        ladder.version += 1
        ladder.save(update_fields=["games_rated", "last_played_at", "last_game_id", "version"])
    return late
