"""The ladders API: ladders (site-wide and per club, per game), a player's ratings and their
history, a player's statistics, club ladder settings, and rebuilds.

Reading is open to anyone. Changing a club's settings and rebuilding its ladders is for its
directors (and staff); rebuilding every ladder is for staff. A refused request answers with
`{"detail": reason, "code": …}` and changes nothing.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from clubs.models import Club
from core.api import error_responses, whole_param
from core.choices import Game

from . import selectors, services, stats_data
from .models import Ladder, RatedGame, RebuildJob, word_labels
from .serializers import (
    LadderSerializer,
    LadderSettingsSerializer,
    PlayerRatingsSerializer,
    PlayerStatsSerializer,
    RatingHistorySerializer,
    RebuildInputSerializer,
    RebuildJobSerializer,
)

TAGS = ["ladders"]
GAME_PATH = OpenApiParameter(
    "game", str, OpenApiParameter.PATH, enum=list(Game.values), description="The game."
)
GAME_QUERY = OpenApiParameter(
    "game", str, enum=list(Game.values), description="The game (default five_hundred)."
)
CLUB_QUERY = OpenApiParameter("club", str, description="A club's slug: its ladder instead.")
PAGING = [
    OpenApiParameter("limit", int, description="Rows to return (default 100, at most 1000)."),
    OpenApiParameter("offset", int, description="Rows to skip."),
]


def _game(value: str | None, default: str | None = Game.FIVE_HUNDRED) -> str:
    if not value and default:
        return default
    if value not in Game.values:
        raise ValidationError({"game": _("Choose five_hundred or pitch.")})
    return value


def _int_param(request, name: str, default: int, low: int, high: int) -> int:
    value = whole_param(request, name, low, high)
    return default if value is None else value


def _club_ref(club: Club | None):
    return None if club is None else {"id": club.pk, "slug": club.slug, "name": club.name}


def _player(user: User) -> dict:
    return {"id": user.pk, "username": user.username, "shown_name": user.shown_name}


class LadderAPIView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]


def _ladder_body(request, game: str, club: Club | None) -> dict:
    board = selectors.ladder_board(game, club)
    limit = _int_param(request, "limit", 100, 1, 1000)
    offset = _int_param(request, "offset", 0, 0, 10**9)
    rows = [
        {
            "position": row.position,
            "player": _player(user),
            "conservative": row.conservative,
            "mu": row.mu,
            "sigma": row.sigma,
            "games_played": row.games_played,
            "wins": board.wins.get(user.pk, 0),
            "last_played_at": row.last_played,
        }
        for row, user in board.rows[offset : offset + limit]
    ]
    return {
        "game": game,
        "club": _club_ref(club),
        "rules": {
            "rate_with_bots": board.rules.rate_with_bots,
            "min_games": board.rules.min_games,
            "active_days": board.rules.active_days,
        },
        "explanation": board.explanation,
        "games_rated": board.ladder.games_rated if board.ladder else 0,
        "count": len(board.rows),
        "rows": rows,
    }


class SiteLadderView(LadderAPIView):
    @extend_schema(
        tags=TAGS,
        summary="The site-wide ladder of a game",
        description="Players with enough recent rated games, best μ − 3σ first.",
        parameters=[GAME_PATH, *PAGING],
        responses={200: LadderSerializer, **error_responses(400)},
    )
    def get(self, request, game):
        body = _ladder_body(request, _game(game), None)
        return Response(LadderSerializer(body).data)


class ClubLadderView(LadderAPIView):
    @extend_schema(
        tags=TAGS,
        summary="A club's ladder of a game",
        description="The club's rated games only, by the club's rules.",
        parameters=[GAME_PATH, *PAGING],
        responses={200: LadderSerializer, **error_responses(400, 404)},
    )
    def get(self, request, slug, game):
        club = get_object_or_404(Club, slug=slug)
        body = _ladder_body(request, _game(game), club)
        return Response(LadderSerializer(body).data)


def _ladder_ref(ladder: Ladder) -> dict:
    return {"game": ladder.game, "club": _club_ref(ladder.club if ladder.club_id else None)}


class PlayerRatingsView(LadderAPIView):
    @extend_schema(
        tags=TAGS,
        summary="A player's ratings on every ladder",
        responses={200: PlayerRatingsSerializer, **error_responses(404)},
    )
    def get(self, request, username):
        person = get_object_or_404(User, username=username, is_active=True)
        lines = selectors.player_ratings(person)
        body = {
            "player": _player(person),
            "ratings": [
                {
                    "ladder": _ladder_ref(line.ladder),
                    "mu": line.rating.mu,
                    "sigma": line.rating.sigma,
                    "conservative": line.rating.conservative,
                    "games_played": line.rating.games_played,
                    "wins": line.rating.wins,
                    "draws": line.rating.draws,
                    "last_played_at": line.rating.last_played_at,
                    "position": line.position,
                }
                for line in lines
            ],
        }
        return Response(PlayerRatingsSerializer(body).data)


def _player_game_club(request, username: str) -> tuple[User, str, Club | None]:
    """The player named in the path, and the game and (optional) club asked for."""
    person = get_object_or_404(User, username=username, is_active=True)
    game = _game(request.query_params.get("game"))
    slug = request.query_params.get("club")
    return person, game, get_object_or_404(Club, slug=slug) if slug else None


class PlayerHistoryView(LadderAPIView):
    @extend_schema(
        tags=TAGS,
        summary="A player's rating history on one ladder",
        description="The rating after each rated game, oldest first: the site-wide ladder of the "
        "game, or a club's with `club`.",
        parameters=[GAME_QUERY, CLUB_QUERY],
        responses={200: RatingHistorySerializer, **error_responses(400, 404)},
    )
    def get(self, request, username):
        person, game, club = _player_game_club(request, username)
        ladder = Ladder.objects.filter(game=game, club=club).first()
        history = selectors.rating_history(person, ladder) if ladder else []
        games = list(
            RatedGame.objects.filter(pk__in=[p.game_id for p in history]).only(
                "id", "label", "source", "source_id", "table_id"
            )
        )
        labels = dict(zip([g.pk for g in games], word_labels(games), strict=True))
        body = {
            "player": _player(person),
            "ladder": {"game": game, "club": _club_ref(club)},
            "history": [
                {
                    "game_id": p.game_id,
                    "label": labels.get(p.game_id, ""),
                    "played_at": p.played_at,
                    "mu": p.mu,
                    "sigma": p.sigma,
                    "conservative": p.conservative,
                }
                for p in history
            ],
        }
        return Response(RatingHistorySerializer(body).data)


def _tally(t) -> dict:
    return {"bid": t.bid, "made": t.made, "set": t.set}


def _points(p) -> dict:
    return {"hands": p.hands, "total": p.total, "average": p.average}


class PlayerStatsView(LadderAPIView):
    @extend_schema(
        tags=TAGS,
        summary="A player's statistics in one game",
        description="From the records of the player's finished online games (all of them, or "
        "one club's with `club`).",
        parameters=[GAME_QUERY, CLUB_QUERY],
        responses={200: PlayerStatsSerializer, **error_responses(400, 404)},
    )
    def get(self, request, username):
        person, game, club = _player_game_club(request, username)
        stats, count = selectors.player_stats(person, game, club)
        body = {
            "player": _player(person),
            "game": game,
            "club": _club_ref(club),
            "games_recorded": count,
            "five_hundred": None,
            "pitch": None,
        }
        common = {
            "hands": stats.hands,
            "thrown_in": stats.thrown_in,
            "games": {"played": stats.games.played, "won": stats.games.won},
        }
        if game == Game.FIVE_HUNDRED:
            users = selectors.partner_users(stats)
            body["five_hundred"] = {
                **common,
                "contracts": {call: _tally(t) for call, t in stats.contracts.items()},
                "all_contracts": _tally(stats.all_contracts),
                "misere": _tally(stats.misere),
                "sans_kitty": _tally(stats.sans_kitty),
                "slams": stats.slams,
                "as_contractor": _points(stats.as_contractor),
                "as_partner": _points(stats.as_partner),
                "as_defender": _points(stats.as_defender),
                "partners": [
                    {
                        "partner": users[p.partner].username
                        if p.partner in users
                        else stats_data.BOT_PARTNER,
                        "name": users[p.partner].shown_name if p.partner in users else "A bot",
                        "hands": p.hands,
                        "contracts": _tally(p.contracts),
                        "by_player": _tally(p.by_player),
                        "by_partner": _tally(p.by_partner),
                    }
                    for p in stats.partners
                ],
            }
        else:
            body["pitch"] = {
                **common,
                "bids": {str(level): _tally(t) for level, t in stats.bids.items()},
                "all_bids": _tally(stats.all_bids),
                "points": dict(stats.points),
                "score": _points(stats.score),
            }
        return Response(PlayerStatsSerializer(body).data)


def _settings_answer(rules: selectors.LadderRules) -> Response:
    body = {
        "rate_bot_games": rules.rate_with_bots,
        "min_games": rules.min_games,
        "active_days": rules.active_days,
    }
    return Response(LadderSettingsSerializer(body).data)


class ClubLadderSettingsView(LadderAPIView):
    def _club(self, slug) -> Club:
        return get_object_or_404(Club, slug=slug)

    @extend_schema(
        tags=TAGS,
        summary="How a club's ladders are run",
        responses={200: LadderSettingsSerializer, **error_responses(404)},
    )
    def get(self, request, slug):
        return _settings_answer(selectors.rules_for(self._club(slug)))

    @extend_schema(
        tags=TAGS,
        summary="Change how a club's ladders are run (directors)",
        description="Changing `rate_bot_games` rebuilds the club's ladders and the site-wide ones.",
        request=LadderSettingsSerializer,
        responses={200: LadderSettingsSerializer, **error_responses(400, 403, 404)},
    )
    def put(self, request, slug):
        club = self._club(slug)
        data = LadderSettingsSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        values.setdefault("active_days", None)
        row = services.ladder_settings_update(request.user, club, **values)
        return _settings_answer(
            selectors.LadderRules(row.rate_bot_games, row.min_games, row.active_days)
        )


class RebuildView(LadderAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Rebuild ratings from scratch",
        description="With `club`: that club's ladders (its directors, or staff). Without: every "
        "ladder, site-wide and in every club (staff only). Runs in the background; poll the job.",
        request=RebuildInputSerializer,
        responses={202: RebuildJobSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request):
        data = RebuildInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        slug = data.validated_data.get("club") or ""
        club = get_object_or_404(Club, slug=slug) if slug else None
        job = services.rebuild_request(
            request.user, club=club, game=data.validated_data.get("game") or ""
        )
        return Response(RebuildJobSerializer(job).data, status=status.HTTP_202_ACCEPTED)


class RebuildJobView(LadderAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="A rebuild's progress",
        parameters=[OpenApiParameter("job_id", OpenApiTypes.INT, OpenApiParameter.PATH)],
        responses={200: RebuildJobSerializer, **error_responses(403, 404)},
    )
    def get(self, request, job_id):
        job = RebuildJob.objects.select_related("club").filter(pk=job_id).first()
        if job is None:
            raise NotFound(_("There is no such rebuild."))
        if not services.may_rebuild(request.user, job.club):
            raise services.NotAllowed(
                _("Only the club's directors and the site's staff can see this rebuild.")
            )
        return Response(RebuildJobSerializer(job).data)
