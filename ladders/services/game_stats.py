"""Each person's statistics of an online game, from its hand record."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core.choices import Game

from ..models import (
    PlayerGameStats,
    RatedGame,
)


def game_stats_record(rated_game_id: int) -> int:
    """Compute each person's statistics from an online game's record (idempotent: the rows are
    replaced). Returns how many players' rows it wrote."""
    from games.selectors import game_record_for

    from .. import stats, stats_data

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
