"""The robot duplicate API, under /api/robot-events/: the events, entering, the leaderboard, the
boards (commitments always, seeds once revealed) and each board's traveller.

The pages' rule for hidden information holds here too (`tournaments.robot`): a traveller — the
results and the cards of a board — answers 403 until the reader has played the board, or the
event has closed; the leaderboard scores only the boards the reader may see.
"""

from __future__ import annotations

from django.db.models import Q
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from clubs.models import Membership
from core.api import ID_IN_PATH, error_responses

from . import robot
from .robot_models import RobotEvent
from .services.robot import robot_event_enter


class RobotEventSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True, allow_null=True)
    title = serializers.CharField(read_only=True, help_text="The name in your language.")
    state = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = RobotEvent
        fields = [
            "id",
            "name",
            "title",
            "club",
            "game",
            "players",
            "options",
            "boards",
            "bot_level",
            "scoring",
            "opens_at",
            "closes_at",
            "closed_at",
            "state",
            "url",
        ]
        read_only_fields = fields

    def get_state(self, event) -> str:
        return robot.event_state(event)

    def get_url(self, event) -> str:
        return event.get_absolute_url()


class RobotEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    event = serializers.IntegerField(source="event_id")
    table = serializers.IntegerField(source="table_id")
    table_url = serializers.CharField(source="table.get_absolute_url")
    started_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class LeaderboardRowSerializer(serializers.Serializer):
    entry_id = serializers.IntegerField()
    name = serializers.CharField()
    played = serializers.IntegerField(help_text="Boards this entrant has played.")
    finished = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True)
    tied = serializers.BooleanField()
    percentage = serializers.FloatField(
        allow_null=True, help_text="Matchpoints over the boards scored (`scope`), as a percentage."
    )
    scored_boards = serializers.IntegerField()
    is_me = serializers.BooleanField()


class LeaderboardSerializer(serializers.Serializer):
    rows = LeaderboardRowSerializer(many=True)
    scope = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="The boards scored: those you have played, or all once the event is closed.",
    )
    complete = serializers.BooleanField(help_text="The event is closed: every board is scored.")
    entries = serializers.IntegerField()


class BoardInfoSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(help_text="SHA-256 of the seed (games/engines/DEALS.md).")
    seed = serializers.CharField(allow_null=True, help_text="Revealed when the event closes.")
    revealed_at = serializers.DateTimeField(allow_null=True)
    played = serializers.BooleanField(help_text="You have played this board.")
    visible = serializers.BooleanField(help_text="You may see its traveller.")
    results = serializers.IntegerField(help_text="How many entrants have played it.")


class TravellerRowSerializer(serializers.Serializer):
    entry_id = serializers.IntegerField()
    name = serializers.CharField()
    contract = serializers.JSONField(allow_null=True)
    contract_text = serializers.CharField()
    declarer = serializers.IntegerField(allow_null=True)
    tricks = serializers.IntegerField(allow_null=True)
    thrown_in = serializers.BooleanField()
    score = serializers.IntegerField(help_text="The entrant's side's points less the opponents'.")
    matchpoints = serializers.FloatField(allow_null=True)
    top = serializers.IntegerField(allow_null=True)
    percentage = serializers.FloatField(allow_null=True)
    is_me = serializers.BooleanField()


class TravellerSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField(source="board.dealer")
    commitment = serializers.CharField()
    seed = serializers.CharField(allow_null=True)
    deal = serializers.JSONField(source="board.deal", help_text="hands (by seat) and kitty.")
    rows = TravellerRowSerializer(many=True)


def _visible_events(user):
    rule = Q(club__isnull=True)
    if user is not None and user.is_authenticated:
        rule |= Q(club__in=Membership.objects.filter(user=user).values("club"))
    return RobotEvent.objects.filter(rule).select_related("club")


@extend_schema_view(
    list=extend_schema(summary="Robot duplicate events"),
    retrieve=extend_schema(summary="A robot duplicate event"),
)
@extend_schema(tags=["robot duplicate"])
@extend_schema(
    methods=["GET"],
    parameters=[OpenApiParameter("club", OpenApiTypes.STR, description="Only this club's (slug).")],
)
class RobotEventViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Robot duplicate events: the site's to everyone, a club's to its members."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = RobotEventSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        events = _visible_events(self.request.user).order_by("-opens_at", "-id")
        club = self.request.query_params.get("club")
        if self.action == "list" and club:
            events = events.filter(club__slug=club)
        return events

    def _event(self, pk) -> RobotEvent:
        return get_object_or_404(self.get_queryset(), pk=pk)

    @extend_schema(
        summary="Enter the event",
        request=None,
        responses={201: RobotEntrySerializer, **error_responses(400, 401, 403, 404, 409)},
    )
    @action(detail=True, methods=["post"])
    def enter(self, request, pk=None):
        """Enter the event (once): your own table with bots, playing every board in order.
        Entering again answers your entry."""
        event = self._event(pk)
        entry = robot_event_enter(request.user, event)
        return Response(RobotEntrySerializer(entry).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="The leaderboard", responses={200: LeaderboardSerializer, **error_responses(404)}
    )
    @action(detail=True, methods=["get"])
    def leaderboard(self, request, pk=None):
        """Every entrant ranked by matchpoint percentage over the boards you may see."""
        event = self._event(pk)
        entry = robot.entry_of(request.user, event)
        return Response(LeaderboardSerializer(robot.leaderboard(event, entry)).data)

    @extend_schema(
        summary="The boards",
        responses={200: BoardInfoSerializer(many=True), **error_responses(404)},
    )
    @action(detail=True, methods=["get"])
    def boards(self, request, pk=None):
        """The event's boards: commitments always, seeds once revealed (at the close)."""
        event = self._event(pk)
        entry = robot.entry_of(request.user, event)
        return Response(BoardInfoSerializer(robot.boards(event, entry), many=True).data)

    @extend_schema(
        summary="A board's traveller",
        parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH)],
        responses={200: TravellerSerializer, **error_responses(403, 404)},
    )
    @action(detail=True, methods=["get"], url_path=r"boards/(?P<number>[0-9]{1,4})")
    def traveller(self, request, pk=None, number=None):
        """One board's traveller: every result, matchpointed, and the board's cards — once you
        have played it, or the event has closed (403 before)."""
        event = self._event(pk)
        entry = robot.entry_of(request.user, event)
        try:
            sheet = robot.traveller(event, int(number), entry)
        except robot.NoSuchBoard:
            raise NotFound(_("There is no such board.")) from None
        except robot.BoardHidden:
            raise PermissionDenied(
                _(
                    "A board's results and cards show once you have played it, "
                    "or when the event closes."
                ),
                code="board_hidden",
            ) from None
        return Response(TravellerSerializer(sheet).data)
