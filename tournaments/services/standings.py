"""The standings snapshot: recalculated from scratch from every confirmed result."""

from __future__ import annotations

import logging
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation

from core import live

from .. import selectors
from ..formats import FormatError, Tiebreak
from ..models import Standing, Tournament
from .duplicate import duplicate_standings_rows

log = logging.getLogger(__name__)


def _english_label(key: str) -> str:
    """A tiebreak's name as stored (English; pages and the API show it in the reader's language,
    see selectors.standings)."""
    with translation.override(settings.LANGUAGE_CODE):
        return str(selectors.TIEBREAK_LABELS.get(Tiebreak(key), key))


def _row(tournament: Tournament, position: int, line, tiebreaks: list[str]) -> dict:
    plain = selectors.plain
    return {
        "entrant_id": line.entrant,
        "position": position,
        "rank": line.rank,
        "played": line.played,
        "wins": line.wins,
        "draws": line.draws,
        "losses": line.losses,
        "byes": line.byes,
        "game_points": line.game_points,
        "hands_won": line.hands_won,
        "data": {
            "points": plain(line.points),
            "match_points": plain(line.match_points),
            "points_difference": plain(line.points_difference),
            "buchholz": plain(line.buchholz),
            "sonneborn_berger": plain(line.sonneborn_berger),
            "head_to_head": plain(line.head_to_head),
            "tiebreaks": [
                {
                    "key": key,
                    "label": _english_label(key),
                    "value": plain(value),
                }
                for key, value in zip(tiebreaks, line.tiebreak_values, strict=True)
            ],
        },
    }


def _sole_leader(tournament: Tournament, rows: list[dict]) -> int | None:
    """The entrant alone in first place once a tournament is finished, else None."""
    if not tournament.is_finished:
        return None
    first = [row["entrant_id"] for row in rows if row["rank"] == 1]
    return first[0] if len(first) == 1 else None


def _stored(tournament: Tournament) -> list[dict]:
    fields = ("entrant_id", *Standing.LINE_FIELDS)
    return list(Standing.objects.filter(tournament=tournament).order_by("position").values(*fields))


@transaction.atomic
def standings_recalculate(tournament_id: int) -> bool:
    """Recalculate a tournament's standings (and its bracket) from scratch and store them.

    Idempotent: when nothing has changed nothing is written and the version stays; otherwise
    the rows are replaced and `standings_version` goes up by one. Returns whether it changed.
    """
    tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
    if tournament is None:
        return False
    tiebreaks = selectors.tiebreaks_of(tournament)
    try:
        if tournament.is_duplicate:
            rows = duplicate_standings_rows(tournament)
        else:
            lines = selectors.live_standings(tournament)
            rows = [_row(tournament, i, line, tiebreaks) for i, line in enumerate(lines, start=1)]
    except FormatError:
        log.exception("tournament %s: the standings could not be computed", tournament_id)
        raise
    bracket = selectors.bracket_data(tournament) if tournament.is_elimination else None
    # A bracket names its champion as it finishes; other formats' winner is whoever finished
    # alone at the top of the standings (nobody, on a tie for first).
    champion = (
        tournament.champion_id if tournament.is_elimination else _sole_leader(tournament, rows)
    )
    if (
        rows == _stored(tournament)
        and bracket == tournament.bracket_snapshot
        and champion == tournament.champion_id
    ):
        return False
    Standing.objects.filter(tournament=tournament).delete()
    Standing.objects.bulk_create(
        Standing(tournament=tournament, points=Decimal(str(row["data"]["points"])), **row)
        for row in rows
    )
    tournament.bracket_snapshot = bracket
    tournament.champion_id = champion
    tournament.standings_version += 1
    tournament.standings_updated_at = timezone.now()
    tournament.save(
        update_fields=["bracket_snapshot", "champion", "standings_version", "standings_updated_at"]
    )
    # Standings and bracket pages listening to the tournament's stream refetch on commit.
    live.publish_on_commit(
        f"tournament:{tournament.pk}:standings", lambda: tournament.standings_version
    )
    return True
