"""The tournaments API: tournaments, entrants, rounds, tables, results and standings.

Views parse, call a service or a selector, and serialize; the services check who may do what
(the same rules as the pages). A `TournamentError` becomes HTTP 400, 403 or 409 with `detail`
(the reason) and `code`. Anyone may read a tournament, its entrants, published rounds and
standings; a round's seating is shown to the club's directors before it is published.
"""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response

from accounts.models import User
from clubs.models import Club, ClubNight
from core.api import ID_IN_PATH, ErrorSerializer, choice_param, error_responses
from core.downloads import csv_response
from games.models import HouseRuleSet

from . import duplicate_selectors as dup
from . import policies, selectors, services
from .models import Entrant, Round, Tournament, TournamentTable
from .serializers import (
    AuditSerializer,
    BoardResultInputSerializer,
    BoardResultSerializer,
    BracketSerializer,
    CorrectInputSerializer,
    DuplicateSerializer,
    DuplicateStandingsSerializer,
    EntrantInputSerializer,
    EntrantSerializer,
    MyTableSerializer,
    OnlineInputSerializer,
    ReorderInputSerializer,
    ResultInputSerializer,
    RoundSerializer,
    RoundSummarySerializer,
    StandingsSerializer,
    StandingsVersionSerializer,
    SwapEntrantsInputSerializer,
    SwapSeatsInputSerializer,
    TableBoardSerializer,
    TableInfoSerializer,
    TournamentInputSerializer,
    TournamentSerializer,
)


def _with_errors(ok: dict) -> dict:
    return {**ok, **error_responses(400, 403, 409)}


def _bad(detail: str, field: str) -> services.InvalidInput:
    return services.InvalidInput(detail, field=field)


def _members(items) -> list:
    """Member inputs as the services take them: Users, or guests' names."""
    out = []
    for item in items:
        if item.get("guest_name"):
            out.append(item["guest_name"])
            continue
        if item.get("user_id") is not None:
            user = User.objects.filter(pk=item["user_id"]).first()
        else:
            user = User.objects.filter(username=item["username"]).first()
        if user is None:
            raise _bad(_("There is no such member of the site."), "members")
        out.append(user)
    return out


def _lookup(model, pk, field: str):
    if pk is None:
        return None
    found = model.objects.filter(pk=pk).first()
    if found is None:
        raise _bad(_("There is no such %(value)s.") % {"value": field.replace("_", " ")}, field)
    return found


# Tournaments -------------------------------------------------------------------------------------


@extend_schema_view(
    list=extend_schema(summary="Tournaments"),
    retrieve=extend_schema(summary="A tournament"),
)
@extend_schema(tags=["tournaments"])
@extend_schema(
    methods=["GET"],
    parameters=[
        OpenApiParameter("club", OpenApiTypes.STR, description="Only this club's (its slug)."),
        OpenApiParameter("status", OpenApiTypes.STR, enum=list(Tournament.Status.values)),
    ],
)
class TournamentViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    viewsets.GenericViewSet,
):
    """Tournaments: anyone may look; the club's directors create and run them."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = TournamentSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        tournaments = selectors.with_entrant_count(
            Tournament.objects.select_related("club").order_by("-created_at", "-id")
        )
        if self.action == "list":
            params = self.request.query_params
            if params.get("club"):
                tournaments = tournaments.filter(club__slug=params["club"])
            wanted = choice_param(self.request, "status", Tournament.Status.values)
            if wanted:
                tournaments = tournaments.filter(status=wanted)
        return tournaments

    def _read(self, tournament, code=status.HTTP_200_OK):
        tournament = self.get_queryset().get(pk=tournament.pk)
        return Response(self.get_serializer(tournament).data, status=code)

    def _values(self, data) -> dict:
        values = dict(data.validated_data)
        values.pop("club", None)
        if "night" in values:
            values["night"] = _lookup(ClubNight, values["night"], "night")
        if "house_rules" in values:
            values["house_rules"] = _lookup(HouseRuleSet, values["house_rules"], "house_rules")
        return values

    @extend_schema(
        summary="Create a tournament (directors)",
        description="With `night`, the night's checked-in players are entered (in pairs for "
        "partnership formats).",
        request=TournamentInputSerializer,
        responses=_with_errors({201: TournamentSerializer}),
    )
    def create(self, request):
        data = TournamentInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        slug = data.validated_data.get("club")
        if not slug:
            raise _bad(_("Say which club (its slug)."), "club")
        club = get_object_or_404(Club, slug=slug)
        tournament = services.tournament_create(request.user, club, **self._values(data))
        return self._read(tournament, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Change the settings (directors)",
        description="Everything while a draft; once running only the name, rounds, tiebreaks, "
        "online and bot level.",
        request=TournamentInputSerializer(partial=True),
        responses=_with_errors({200: TournamentSerializer}),
    )
    def partial_update(self, request, pk=None):
        tournament = self.get_object()
        data = TournamentInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        values = self._values(data)
        values.pop("entrants_from_night", None)
        for fixed in ("game", "format"):
            if fixed in values and values.pop(fixed) != getattr(tournament, fixed):
                raise _bad(
                    _("The %(fixed)s can't change: create another tournament.") % {"fixed": fixed},
                    fixed,
                )
        services.tournament_update(request.user, tournament, **values)
        return self._read(tournament)

    @extend_schema(
        summary="Delete a draft tournament (directors)", responses=_with_errors({204: None})
    )
    def destroy(self, request, pk=None):
        services.tournament_delete(request.user, self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    def _page(self, rows, serializer_class) -> Response:
        page = self.paginate_queryset(rows)
        return self.get_paginated_response(serializer_class(page, many=True).data)

    def _act(self, service):
        tournament = self.get_object()
        service(self.request.user, tournament)
        return self._read(tournament)

    @extend_schema(
        summary="Start (directors)",
        description="Fixes the entry list and pairs round 1 (a bracket publishes its first "
        "matches).",
        request=None,
        responses=_with_errors({200: TournamentSerializer}),
    )
    @action(detail=True, methods=["post"])
    def start(self, request, pk=None):
        return self._act(services.tournament_start)

    @extend_schema(
        summary="Finish (directors)",
        description="Only when every round is played.",
        request=None,
        responses=_with_errors({200: TournamentSerializer}),
    )
    @action(detail=True, methods=["post"])
    def finish(self, request, pk=None):
        return self._act(services.tournament_finish)

    @extend_schema(
        summary="Pair the next round (directors)",
        description="By the format; the previous round must be finished. The new round is a "
        "draft until published.",
        request=None,
        responses=_with_errors({201: RoundSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="pair-round")
    def pair_round(self, request, pk=None):
        round_ = services.tournament_pair_round(request.user, self.get_object())
        return Response(RoundSerializer(round_).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        methods=["GET"],
        summary="The entrants, in seed order",
        responses={200: EntrantSerializer(many=True)},
    )
    @extend_schema(
        methods=["POST"],
        summary="Add an entrant (directors; a late entry once running)",
        request=EntrantInputSerializer,
        responses=_with_errors({201: EntrantSerializer}),
    )
    @action(detail=True, methods=["get", "post"])
    def entrants(self, request, pk=None):
        tournament = self.get_object()
        if request.method == "GET":
            return self._page(selectors.entrant_list(tournament), EntrantSerializer)
        data = EntrantInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        entrant = services.entrant_add(
            request.user,
            tournament,
            members=_members(data.validated_data.get("members") or []),
            name=data.validated_data.get("name", ""),
        )
        return Response(EntrantSerializer(entrant).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Enter the night's checked-in players not entered yet (directors)",
        request=None,
        responses=_with_errors({201: EntrantSerializer(many=True)}),
    )
    @action(detail=True, methods=["post"], url_path="entrants-from-night")
    def entrants_from_night(self, request, pk=None):
        made = services.entrants_from_night(request.user, self.get_object())
        return Response(EntrantSerializer(made, many=True).data, status=status.HTTP_201_CREATED)

    @extend_schema(
        summary="Set the seeding (directors, before the start)",
        request=ReorderInputSerializer,
        responses=_with_errors({200: EntrantSerializer(many=True)}),
    )
    @action(detail=True, methods=["post"])
    def seeding(self, request, pk=None):
        tournament = self.get_object()
        data = ReorderInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.entrants_reorder(request.user, tournament, data.validated_data["entrants"])
        return Response(EntrantSerializer(selectors.entrant_list(tournament), many=True).data)

    @extend_schema(
        summary="The rounds",
        description="Directors also see rounds seated but not published.",
        responses={200: RoundSummarySerializer(many=True)},
    )
    @action(detail=True, methods=["get"])
    def rounds(self, request, pk=None):
        tournament = self.get_object()
        rounds = Round.objects.filter(tournament=tournament).order_by("number")
        if not policies.may_manage(policies.tournament_access(request.user, tournament)):
            rounds = rounds.exclude(status=Round.Status.DRAFT)
        return self._page(rounds, RoundSummarySerializer)

    @extend_schema(summary="The standings", responses={200: StandingsSerializer})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        tournament = self.get_object()
        return Response(
            {
                "version": tournament.standings_version,
                # In the API's zone with its offset, as every other time it gives.
                "updated_at": serializers.DateTimeField().to_representation(
                    tournament.standings_updated_at
                ),
                "lines": selectors.standings(tournament),
            }
        )

    @extend_schema(
        summary="The standings as CSV",
        responses={(200, "text/csv"): OpenApiTypes.STR},
    )
    @action(detail=True, methods=["get"], url_path="standings-csv")
    def standings_csv(self, request, pk=None):
        tournament = self.get_object()
        return csv_response(
            selectors.standings_csv_rows(tournament, request.user),
            f"tournament-{tournament.pk}-standings.csv",
            bom=False,
        )

    @extend_schema(
        summary="The standings' version (cheap, for polling)",
        responses={200: StandingsVersionSerializer},
    )
    @action(detail=True, methods=["get"], url_path="standings-version")
    def standings_version(self, request, pk=None):
        version = selectors.standings_version(pk)
        if version is None:
            raise Http404
        return Response({"version": version})

    @extend_schema(
        summary="The bracket (elimination formats)",
        responses={
            200: BracketSerializer,
            404: OpenApiResponse(ErrorSerializer, description="Not a bracket (or not yet)."),
        },
    )
    @action(detail=True, methods=["get"])
    def bracket(self, request, pk=None):
        tournament = self.get_object()
        data = selectors.bracket(tournament)
        if data is None:
            data = selectors.bracket_data(tournament) if tournament.is_elimination else None
        if data is None:
            raise Http404(_("This tournament has no bracket (yet)."))
        return Response(data)

    @extend_schema(
        summary="Your table this round",
        description="Where you sit in the current (published) round, or your bye.",
        responses={
            200: MyTableSerializer,
            404: OpenApiResponse(ErrorSerializer, description="You have no place this round."),
        },
    )
    @action(detail=True, methods=["get"], url_path="my-table", permission_classes=[IsAuthenticated])
    def my_table(self, request, pk=None):
        mine = selectors.my_table(request.user, self.get_object())
        if mine is None:
            raise Http404(_("You have no table this round."))
        return Response(
            {
                "round": mine.round.number,
                "entrant_id": mine.entrant.pk,
                "bye": mine.bye,
                "seat": mine.seat.number if mine.seat else None,
                "side": mine.side,
                "table": mine.info,
            }
        )

    @extend_schema(
        summary="The result audit log (directors)",
        responses=_with_errors({200: AuditSerializer(many=True)}),
    )
    @action(detail=True, methods=["get"], permission_classes=[IsAuthenticated])
    def audit(self, request, pk=None):
        tournament = self.get_object()
        if not policies.may_manage(policies.tournament_access(request.user, tournament)):
            raise PermissionDenied(_("The audit log is for the club's directors."))
        return self._page(selectors.result_audit_log(tournament), AuditSerializer)

    # Entrants ----------------------------------------------------------------------------------------

    # Duplicate events --------------------------------------------------------------------------

    def _duplicate(self):
        tournament = self.get_object()
        if not tournament.is_duplicate:
            raise Http404(_("This is not a duplicate event."))
        return tournament, dup.board_access(self.request.user, tournament)

    @extend_schema(
        summary="A duplicate event: movement, schedule and boards",
        description="Every board's commitment (public from the start) and its seed once every "
        "table has played it. 404 when the tournament is no duplicate event or hasn't started.",
        responses={200: DuplicateSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"])
    def duplicate(self, request, pk=None):
        tournament, seen = self._duplicate()
        overview = dup.duplicate_overview(tournament, seen)
        if overview is None:
            raise Http404(_("The boards are dealt when the event starts."))
        return Response(DuplicateSerializer(overview).data)

    @extend_schema(
        summary="A duplicate event's standings",
        description="Directors (and everyone once the event is over) see every confirmed "
        "result; others only the boards every table has played.",
        responses={200: DuplicateStandingsSerializer, 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"], url_path="duplicate/standings")
    def duplicate_standings(self, request, pk=None):
        tournament, seen = self._duplicate()
        return Response(
            DuplicateStandingsSerializer(dup.duplicate_standings(tournament, seen)).data
        )

    @extend_schema(
        summary="A board's traveller: every table's result on it",
        description="403 until you have played the board (directors always; everyone once "
        "every table has played it or the event is over).",
        parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH)],
        responses={200: BoardResultSerializer(many=True), **error_responses(403, 404)},
    )
    @action(detail=True, methods=["get"], url_path=r"duplicate/boards/(?P<number>[0-9]{1,4})")
    def duplicate_board(self, request, pk=None, number=None):
        tournament, seen = self._duplicate()
        number = int(number)
        if (
            tournament.board_set_id is None
            or number not in dup.movement_of(tournament).board_numbers
        ):
            raise Http404(_("There is no such board."))
        if not seen.may_see(number):
            raise services.NotAllowed(
                _("You'll see board %(board)s's results once you have played it.")
                % {"board": number}
            )
        return Response(BoardResultSerializer(dup.traveller(tournament, number), many=True).data)

    @extend_schema(
        summary="A pair's score card (the boards you may see)",
        parameters=[OpenApiParameter("entrant_id", OpenApiTypes.INT, OpenApiParameter.PATH)],
        responses={200: BoardResultSerializer(many=True), 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"], url_path=r"duplicate/pairs/(?P<entrant_id>[0-9]{1,12})")
    def duplicate_scorecard(self, request, pk=None, entrant_id=None):
        tournament, seen = self._duplicate()
        entrant = get_object_or_404(Entrant, pk=int(entrant_id), tournament=tournament)
        return Response(
            BoardResultSerializer(dup.scorecard(tournament, entrant.pk, seen), many=True).data
        )


@extend_schema_view(
    retrieve=extend_schema(summary="An entrant"),
)
@extend_schema(tags=["tournaments"])
class EntrantViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """An entrant: directors rename it or change its players; it may withdraw."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = EntrantSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    queryset = Entrant.objects.prefetch_related("members__user")

    @extend_schema(
        summary="Rename, or change the players before the start (directors)",
        request=EntrantInputSerializer,
        responses=_with_errors({200: EntrantSerializer}),
    )
    def partial_update(self, request, pk=None):
        data = EntrantInputSerializer(data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        members = data.validated_data.get("members")
        entrant = services.entrant_update(
            request.user,
            self.get_object(),
            name=data.validated_data.get("name"),
            members=_members(members) if members is not None else None,
        )
        return Response(EntrantSerializer(self.get_queryset().get(pk=entrant.pk)).data)

    @extend_schema(
        summary="Remove before the start (directors)", responses=_with_errors({204: None})
    )
    def destroy(self, request, pk=None):
        services.entrant_remove(request.user, self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Withdraw (its players or directors)",
        request=None,
        responses=_with_errors({200: EntrantSerializer}),
    )
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        entrant = services.entrant_withdraw(request.user, self.get_object())
        return Response(EntrantSerializer(self.get_queryset().get(pk=entrant.pk)).data)

    @extend_schema(
        summary="Reinstate (directors)",
        request=None,
        responses=_with_errors({200: EntrantSerializer}),
    )
    @action(detail=True, methods=["post"])
    def reinstate(self, request, pk=None):
        entrant = services.entrant_reinstate(request.user, self.get_object())
        return Response(EntrantSerializer(self.get_queryset().get(pk=entrant.pk)).data)


# Rounds ------------------------------------------------------------------------------------------


@extend_schema_view(
    retrieve=extend_schema(summary="A round"),
)
@extend_schema(tags=["tournaments"])
class RoundViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A round's table list; directors swap, publish, close, pair again or discard it."""

    lookup_value_regex = ID_IN_PATH
    serializer_class = RoundSerializer
    permission_classes = [IsAuthenticatedOrReadOnly]
    queryset = Round.objects.select_related("tournament__club")

    def get_object(self):
        round_ = super().get_object()
        access = policies.tournament_access(self.request.user, round_.tournament)
        if not policies.may_see_round(access, round_):
            raise Http404(_("No such round."))
        return round_

    def _read(self, round_, code=status.HTTP_200_OK):
        return Response(RoundSerializer(Round.objects.get(pk=round_.pk)).data, status=code)

    @extend_schema(
        summary="Publish (directors)",
        description="Players see their tables; tables played online get their site tables.",
        request=None,
        responses=_with_errors({200: RoundSerializer}),
    )
    @action(detail=True, methods=["post"])
    def publish(self, request, pk=None):
        return self._read(services.round_publish(request.user, self.get_object()))

    @extend_schema(
        summary="Close (directors)",
        description="Refused (409) while any table has no confirmed result.",
        request=None,
        responses=_with_errors({200: RoundSerializer}),
    )
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        return self._read(services.round_close(request.user, self.get_object()))

    @extend_schema(
        summary="Close a duplicate round with boards missing (directors)",
        description="Each board without a confirmed result gets an average for both sides, "
        "assigned by the director (50% at matchpoints, 0 at total points); then the round "
        "closes. 409 for a round of another format.",
        request=None,
        responses=_with_errors({200: RoundSerializer}),
    )
    @action(detail=True, methods=["post"])
    def averages(self, request, pk=None):
        return self._read(services.round_assign_averages(request.user, self.get_object()))

    @extend_schema(
        summary="Pair this unpublished round again (directors)",
        request=None,
        responses=_with_errors({201: RoundSerializer}),
    )
    @action(detail=True, methods=["post"])
    def repair(self, request, pk=None):
        round_ = services.round_repair(request.user, self.get_object())
        return self._read(round_, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Discard this unpublished round (directors)", responses=_with_errors({204: None})
    )
    def destroy(self, request, pk=None):
        services.round_discard(request.user, self.get_object())
        return Response(status=status.HTTP_204_NO_CONTENT)

    @extend_schema(
        summary="Swap the people in two seats (directors, unpublished rounds)",
        request=SwapSeatsInputSerializer,
        responses=_with_errors({200: RoundSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="swap-seats")
    def swap_seats(self, request, pk=None):
        round_ = self.get_object()
        data = SwapSeatsInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        first, second = data.validated_data["seats"]
        services.round_swap_seats(request.user, round_, first, second)
        return self._read(round_)

    @extend_schema(
        summary="Swap two entrants' places (directors, unpublished rounds)",
        request=SwapEntrantsInputSerializer,
        responses=_with_errors({200: RoundSerializer}),
    )
    @action(detail=True, methods=["post"], url_path="swap-entrants")
    def swap_entrants(self, request, pk=None):
        round_ = self.get_object()
        data = SwapEntrantsInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        found = {
            e.pk: e
            for e in Entrant.objects.filter(
                pk__in=data.validated_data["entrants"], tournament=round_.tournament
            )
        }
        first, second = data.validated_data["entrants"]
        if first not in found or second not in found:
            raise _bad(_("Choose two entrants of this tournament."), "entrants")
        services.round_swap_entrants(request.user, round_, found[first], found[second])
        return self._read(round_)


# Tables and results ------------------------------------------------------------------------------


@extend_schema(tags=["tournaments"])
class TournamentTableViewSet(viewsets.GenericViewSet):
    """A tournament table and its result: players enter and confirm, directors correct."""

    lookup_value_regex = ID_IN_PATH
    permission_classes = [IsAuthenticatedOrReadOnly]
    queryset = TournamentTable.objects.select_related("round", "tournament__club")
    serializer_class = TableInfoSerializer

    def get_object(self):
        table = super().get_object()
        access = policies.tournament_access(self.request.user, table.tournament)
        if not policies.may_see_round(access, table.round):
            raise Http404(_("No such table."))
        return table

    def _read(self, table, code=status.HTTP_200_OK):
        table = TournamentTable.objects.select_related("round").get(pk=table.pk)
        return Response(selectors.table_info(table), status=code)

    @extend_schema(summary="A table: seats, sides and result", responses={200: TableInfoSerializer})
    def retrieve(self, request, pk=None):
        return self._read(self.get_object())

    def _result_values(self, serializer_class):
        data = serializer_class(data=self.request.data)
        data.is_valid(raise_exception=True)
        return dict(data.validated_data)

    @extend_schema(
        summary="Enter the result",
        description="A player at the table: waits for an opponent to confirm. A director: "
        "confirmed at once (and audited).",
        request=ResultInputSerializer,
        responses=_with_errors({201: TableInfoSerializer}),
    )
    @action(detail=True, methods=["post"])
    def result(self, request, pk=None):
        table = self.get_object()
        services.result_enter(request.user, table, **self._result_values(ResultInputSerializer))
        return self._read(table, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Confirm the result (an opponent or a director)",
        request=None,
        responses=_with_errors({200: TableInfoSerializer}),
    )
    @action(detail=True, methods=["post"])
    def confirm(self, request, pk=None):
        table = self.get_object()
        services.result_confirm(request.user, table)
        return self._read(table)

    @extend_schema(
        summary="Reject a result waiting for confirmation",
        request=None,
        responses=_with_errors({200: TableInfoSerializer}),
    )
    @action(detail=True, methods=["post"])
    def reject(self, request, pk=None):
        table = self.get_object()
        services.result_reject(request.user, table)
        return self._read(table)

    @extend_schema(
        summary="Correct the result (directors, with a reason)",
        request=CorrectInputSerializer,
        responses=_with_errors({200: TableInfoSerializer}),
    )
    @action(detail=True, methods=["post"])
    def correct(self, request, pk=None):
        table = self.get_object()
        services.result_correct(request.user, table, **self._result_values(CorrectInputSerializer))
        return self._read(table)

    @extend_schema(
        summary="Play this table online or at a physical table (directors)",
        request=OnlineInputSerializer,
        responses=_with_errors({200: TableInfoSerializer}),
    )
    @action(detail=True, methods=["post"])
    def online(self, request, pk=None):
        table = self.get_object()
        data = OnlineInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.table_set_online(request.user, table, data.validated_data["online"])
        return self._read(table)

    # Duplicate events ------------------------------------------------------------------------

    def _boards(self, table, code=status.HTTP_200_OK):
        table = TournamentTable.objects.select_related("round", "tournament").get(pk=table.pk)
        seen = dup.board_access(self.request.user, table.tournament)
        rows = dup.table_boards(table, self.request.user, seen)
        return Response(TableBoardSerializer(rows, many=True).data, status=code)

    @extend_schema(
        summary="A duplicate table's boards this round, with results and what you may do",
        description="A result is shown to the table's players, and to others who may see "
        "the board.",
        responses={200: TableBoardSerializer(many=True), 404: ErrorSerializer},
    )
    @action(detail=True, methods=["get"])
    def boards(self, request, pk=None):
        return self._boards(self.get_object())

    @extend_schema(
        summary="Enter a board's result at a physical table",
        description='Contract (a call, or "pass"), declarer seat (0–3) and the tricks the '
        "declaring side took; the engine scores it. A player's entry waits for the other pair "
        "to confirm; a director's is confirmed at once.",
        parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH)],
        request=BoardResultInputSerializer,
        responses=_with_errors({201: TableBoardSerializer(many=True), **error_responses(404)}),
    )
    @action(detail=True, methods=["post"], url_path=r"boards/(?P<number>[0-9]{1,4})/result")
    def board_result(self, request, pk=None, number=None):
        table = self.get_object()
        data = BoardResultInputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        services.board_result_enter(request.user, table, int(number), **data.validated_data)
        return self._boards(table, status.HTTP_201_CREATED)

    @extend_schema(
        summary="Confirm a board's result (the other pair or a director)",
        parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH)],
        request=None,
        responses=_with_errors({200: TableBoardSerializer(many=True), **error_responses(404)}),
    )
    @action(detail=True, methods=["post"], url_path=r"boards/(?P<number>[0-9]{1,4})/confirm")
    def board_confirm(self, request, pk=None, number=None):
        table = self.get_object()
        services.board_result_confirm(request.user, table, int(number))
        return self._boards(table)

    @extend_schema(
        summary="Dispute a board's result (the other pair or a director)",
        description="Clears a result waiting for confirmation, so it can be entered again; the "
        "pair who entered it and the tournament's directors are told. The pair who entered it "
        "may clear their own entry this way too (nobody is told).",
        parameters=[OpenApiParameter("number", OpenApiTypes.INT, OpenApiParameter.PATH)],
        request=None,
        responses=_with_errors({200: TableBoardSerializer(many=True), **error_responses(404)}),
    )
    @action(detail=True, methods=["post"], url_path=r"boards/(?P<number>[0-9]{1,4})/dispute")
    def board_dispute(self, request, pk=None, number=None):
        table = self.get_object()
        services.board_result_dispute(request.user, table, int(number))
        return self._boards(table)
