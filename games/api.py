"""The tables API: open, join and play tables; download and replay records.

Every endpoint is thin: it checks its input, calls a service or a selector, and answers. A
`GameError` becomes its HTTP status with `{"detail": reason, "code": …}`; a stale action is a 409
that also gives the table's `action_number` now. Nothing here ever returns another seat's cards
or the kitty while a hand is being played.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.generics import GenericAPIView
from rest_framework.permissions import AllowAny, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club
from core import live
from core.api import bool_param, choice_param, error_responses
from core.choices import Game
from core.parsers import JSONParser

from . import polling, selectors, services, state
from .boards import board_set_create, board_set_reveal
from .engines import engine_for, records
from .errors import InvalidInput, NotFound
from .forms import RecordUploadForm
from .models import BoardSet, HouseRuleSet, Table
from .options import option_fields
from .policies import TableAccess, board_set_access, table_access
from .presenters.boards import board_set_dict
from .refusals import refusal_message
from .serializers import (
    ActResultSerializer,
    ActSerializer,
    BoardRevealSerializer,
    BoardSetCreateSerializer,
    BoardSetSerializer,
    GameOptionsSerializer,
    HandSummarySerializer,
    HouseRuleSetSerializer,
    LegalSerializer,
    LookResultSerializer,
    ReplayErrorSerializer,
    SitSerializer,
    TableCreateSerializer,
    TableSerializer,
    TableStateSerializer,
    VersionQuerySerializer,
    VersionSerializer,
)

TAGS = ["tables"]
TOKEN_PARAM = OpenApiParameter(
    "token", str, description="The invite token, to see an invite-only table you don't sit at."
)


def _club(club_id: int | None, *, field: str) -> Club | None:
    """The club a request names (None if it names none); InvalidInput if there is no such club."""
    if club_id is None:
        return None
    club = Club.objects.filter(pk=club_id).first()
    if club is None:
        raise InvalidInput(gettext("There is no such club."), field=field)
    return club


class GameAPIView(GenericAPIView):
    """A table endpoint (service errors become HTTP answers in core.api)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    def get_queryset(self):
        """None of its rows: the endpoints read through the selectors. (DRF's browsable API asks
        a list view for its queryset, to offer filters; there are none.)"""
        return Table.objects.none()

    def get_access(self, pk: int, token: str | None = None) -> TableAccess:
        """The policy for the asker at table `pk`, if they may see it; NotFound (the same as
        for no table) otherwise."""
        table = selectors.table_row(pk)
        if token is None:
            token = self.request.query_params.get("token", "")
        access = None
        if table is not None:
            seats = state.table_state(table).seats  # cached with what the table shows
            access = table_access(self.request.user, table, seats, token=token)
        if access is None or not access.may_view:
            raise NotFound(gettext("There is no such table."))
        return access

    def get_table(self, pk: int, token: str | None = None) -> Table:
        """The table, if the asker may see it; NotFound (the same as for no table) otherwise."""
        return self.get_access(pk, token).table

    def records_table(self, pk: int) -> Table:
        """The table whose finished hands' records the asker may download."""
        access = self.get_access(pk)
        if not access.may_download_records:
            raise NotFound(gettext("There is no such table."))
        return access.table

    def _fresh(self, table_id: int) -> Table:
        table = selectors.table_row(table_id)
        if table is None:
            raise Table.DoesNotExist
        return table

    def info(self, table_id: int) -> dict:
        """The table as it is now (after a service changed it), as the user sees it."""
        return selectors.table_info(self._fresh(table_id), self.request.user)

    def state(self, table_id: int) -> dict:
        return selectors.table_view_for(self.request.user, self._fresh(table_id))


class TableListCreateView(GameAPIView):
    serializer_class = TableSerializer

    @extend_schema(
        tags=TAGS,
        summary="Open tables",
        description="Waiting tables with a free seat that you may join, newest first "
        "(`?mine=1`: the tables you sit at that are not finished).",
        parameters=[OpenApiParameter("mine", bool), OpenApiParameter("game", str)],
        responses=TableSerializer(many=True),
    )
    def get(self, request):
        if bool_param(request, "mine"):
            tables = selectors.tables_of(request.user)
        else:
            tables = selectors.tables_open_to(request.user)
        game = choice_param(request, "game", Game.values)
        if game:
            tables = tables.filter(game=game)
        page = self.paginate_queryset(tables)
        data = [selectors.table_info(t, request.user) for t in page]
        return self.get_paginated_response(data)

    @extend_schema(
        tags=TAGS,
        summary="Open a table",
        request=TableCreateSerializer,
        responses={201: TableSerializer, **error_responses(400, 403)},
    )
    def post(self, request):
        form = TableCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        data = dict(form.validated_data)
        club = _club(data.pop("club"), field="club")
        rules = None
        if data["house_rules"] is not None:
            rules = HouseRuleSet.objects.filter(pk=data["house_rules"]).first()
            if rules is None:
                raise InvalidInput(gettext("There are no such house rules."), field="house_rules")
        data["house_rules"] = rules
        table = services.table_create(request.user, club=club, **data)
        return Response(selectors.table_info(table, request.user), status=status.HTTP_201_CREATED)


class TableDetailView(GameAPIView):
    serializer_class = TableSerializer

    @extend_schema(
        tags=TAGS,
        summary="A table",
        parameters=[TOKEN_PARAM],
        responses={200: TableSerializer, **error_responses(404)},
    )
    def get(self, request, pk: int):
        return Response(selectors.table_info(self.get_table(pk), request.user))


class TableSitView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Take a seat",
        description="Take an empty seat (or move to it). The game starts when every seat is "
        "filled. An invite-only table needs its token.",
        request=SitSerializer,
        responses={200: TableSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, pk: int):
        form = SitSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        self.get_table(pk, form.validated_data["token"])
        services.table_sit(
            request.user, pk, form.validated_data["seat"], token=form.validated_data["token"]
        )
        return Response(self.info(pk))


class TableLeaveView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Leave your seat",
        description="Before the game, frees the seat; during it, a bot takes the seat over "
        "(only at tables with bots).",
        request=None,
        responses={200: TableSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, pk: int):
        self.get_table(pk)
        services.table_leave(request.user, pk)
        return Response(self.info(pk))


class TableStartWithBotsView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Fill the empty seats with bots and start",
        request=None,
        responses={200: TableSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, pk: int):
        self.get_table(pk)
        table = services.table_fill_with_bots(request.user, pk)
        return Response(selectors.table_info(table, request.user))


class TableStateView(GameAPIView):
    @extend_schema(
        tags=TAGS,
        summary="The game as your seat sees it",
        description="The table, the hand as your seat sees it (your cards, everything public, "
        "and your legal actions on your turn) and the last finished hand's result. Others see "
        "the public view, without cards.",
        parameters=[TOKEN_PARAM],
        responses={200: TableStateSerializer, **error_responses(404)},
    )
    def get(self, request, pk: int):
        table = self.get_table(pk)
        return Response(selectors.table_view_for(request.user, table))


class TableLegalView(GameAPIView):
    @extend_schema(
        tags=TAGS,
        summary="Your legal actions",
        description="Empty unless it is your turn. Five Hundred's discard is one entry: "
        '`{"seat": s, "discard": 3, "from": [13 cards]}`; bids are listed without sans_kitty '
        "(any bid may add it).",
        parameters=[TOKEN_PARAM],
        responses={200: LegalSerializer, **error_responses(404)},
    )
    def get(self, request, pk: int):
        table = self.get_table(pk)
        view = selectors.table_view_for(request.user, table)
        hand = view["hand"] or {}
        return Response(
            {
                "action_number": table.action_number,
                "seat": view["table"]["your_seat"],
                "to_act": table.to_act,
                "step": hand.get("step"),
                "legal": hand.get("legal") or [],
            }
        )


class TableActView(GameAPIView):
    permission_classes = [IsAuthenticated]
    # An action is a JSON object ({"bid": "7H"}, {"play": "QS"}): a form can't carry one.
    parser_classes = [JSONParser]

    @extend_schema(
        tags=TAGS,
        summary="Act",
        description="Play one action for your seat. `expected_action` is the table's "
        "`action_number` you are answering: if the game has moved on, nothing changes and the "
        "answer is 409 `stale_action`. An action the rules refuse is a 400 with the reason "
        "in `detail` and the rules engine's refusal code in `code` (`must_follow`, "
        "`bid_too_low`, `card_not_held`, `malformed`, …: the list is in games/engines); "
        "acting out of turn is a 409, for someone else's seat a 403. In Pitch, after a called "
        "4 the players after it can only pass: the site passes for people at once, so the "
        "answer's `action_number` counts those passes too.",
        request=ActSerializer,
        responses={200: ActResultSerializer, **error_responses(400, 403, 404, 409)},
    )
    def post(self, request, pk: int):
        # The service checks the seat under the table's lock; a refusal (or a malformed
        # request) first makes sure the asker may see the table (404, as for no table).
        try:
            form = ActSerializer(data=request.data)
            form.is_valid(raise_exception=True)
            result = services.table_act(
                request.user,
                pk,
                form.validated_data["expected_action"],
                form.validated_data["action"],
            )
        except Exception:
            self.get_table(pk)
            raise
        return Response(
            {
                "action_number": result.action_number,
                "hand_number": result.hand_number,
                "hand_finished": result.hand_finished,
                "game_finished": result.game_finished,
                # The state the action left, as the actor's seat sees it (not read again).
                "state": selectors.table_view_for(request.user, result.table, result.state),
            }
        )


class TableLookView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="Look at your cards",
        description="Five Hundred: until you look, your cards stay hidden while blind misère "
        "is open to you; looking closes it. Does nothing in Pitch.",
        request=None,
        responses={200: LookResultSerializer, **error_responses(403, 404, 409)},
    )
    def post(self, request, pk: int):
        self.get_table(pk)
        changed = services.table_look(request.user, pk)
        return Response({"changed": changed, "state": self.state(pk)})


class TableVersionView(APIView):
    """The cheap poll: has anything changed? Usually answered from the cache before this view
    runs (`games.polling`); here, one query for the table and who may see it (plus whatever
    identifies the asker: nothing for an anonymous poll). Whoever may not see the table gets
    the 404 of a table that doesn't exist. With `after`, a long poll: the answer comes as soon
    as the version passes `after` (told through core.live), or after `wait` seconds with the
    version unchanged."""

    permission_classes = [AllowAny]

    def perform_authentication(self, request):
        """Identify the asker only when the query needs them (DRF's `request.user` is lazy)."""

    @extend_schema(
        tags=TAGS,
        summary="Has anything changed?",
        description="The action count and a counter bumped on every change (seats, looks, "
        "actions). Poll this, and fetch the state when it changes; or give `after` (the version "
        "you have) to wait up to `wait` seconds for a newer one: the answer comes as soon as the "
        "table changes. Browsers' pages listen to the table's event stream instead.",
        parameters=[TOKEN_PARAM, VersionQuerySerializer],
        responses={200: VersionSerializer, **error_responses(400, 404)},
    )
    def get(self, request, pk: int):
        query = VersionQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        after, wait = query.validated_data.get("after"), query.validated_data["wait"]
        wait = min(wait, live.long_poll_limit())
        token = request.query_params.get("token", "")
        version = selectors.table_version(pk, request.user, token)
        if version is not None and after is not None and version["version"] <= after and wait:

            def read() -> int | None:
                try:
                    row = selectors.table_version(pk, request.user, token)
                    return None if row is None else row["version"]
                finally:
                    live.release_connections()  # hold no connection while waiting

            live.wait_for_change(f"table:{pk}", read, after=after, timeout=wait)
            version = selectors.table_version(pk, request.user, token)
        if version is None:
            return Response(NotFound(gettext("There is no such table.")).as_json(), status=404)
        if not token:
            polling.grant(request, version)  # the next read is answered from the cache
        version.pop("public")
        return Response(version)


class TableHandsView(GameAPIView):
    @extend_schema(
        tags=TAGS,
        summary="Finished hands",
        description="Each finished hand's scores, running totals and public result.",
        parameters=[TOKEN_PARAM],
        responses={200: HandSummarySerializer(many=True), **error_responses(404)},
    )
    def get(self, request, pk: int):
        page = self.paginate_queryset(selectors.finished_hands(self.get_table(pk)))
        return self.get_paginated_response(page)


class HandRecordView(GameAPIView):
    @extend_schema(
        tags=TAGS,
        summary="Download a finished hand's record",
        description="The hand record (shared/hand-records.md), every card face up. Only for "
        "finished hands (409 while the hand is being played).",
        parameters=[TOKEN_PARAM],
        responses={200: OpenApiTypes.OBJECT, **error_responses(404, 409)},
    )
    def get(self, request, pk: int, number: int):
        table = self.records_table(pk)
        record = selectors.hand_record_for(table, number)
        if record is None:
            raise NotFound(
                gettext("There is no hand %(number)s at this table.") % {"number": number}
            )
        return _download(record, f"table-{table.pk}-hand-{number}.json")


class GameRecordView(GameAPIView):
    @extend_schema(
        tags=TAGS,
        summary="Download the game record",
        description="The game record of every finished hand, in order (a game still being "
        "played is exported up to its last finished hand).",
        parameters=[TOKEN_PARAM],
        responses={200: OpenApiTypes.OBJECT, **error_responses(404)},
    )
    def get(self, request, pk: int):
        table = self.records_table(pk)
        record = selectors.game_record_for(table)
        if record is None:
            raise NotFound(gettext("No hand has been finished at this table yet."))
        return _download(record, f"table-{table.pk}-game.json")


def _download(record: dict, filename: str) -> Response:
    response = Response(record)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class RecordReplayView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=["records"],
        summary="Replay a hand or game record",
        description="Send a hand record or a game record as the JSON body (or as the file "
        "field `record`). The answer is the replay summary of shared/hand-records.md, or a 400 "
        'with `{"detail", "code": "invalid_record", "error": {"index": …, "reason": …}}`.',
        request=OpenApiTypes.OBJECT,
        responses={200: OpenApiTypes.OBJECT, 400: ReplayErrorSerializer},
    )
    def post(self, request):
        if request.content_type.startswith("multipart/"):
            upload = request.FILES.get("record")
            if upload is None:
                raise InvalidInput(gettext("Attach the record as the file field `record`."))
            if upload.size > RecordUploadForm.MAX_BYTES:
                raise InvalidInput(gettext("That file is too big for a record (1 MB at most)."))
            text = upload.read()
        else:
            text = request.body  # parsed strictly: a repeated key is an error
            if len(text) > RecordUploadForm.MAX_BYTES:
                raise InvalidInput(gettext("That record is too long (1 MB at most)."))
        result = records.replay_text(text.decode("utf-8", errors="replace"), render=refusal_message)
        if "error" in result:
            body = {"detail": result["error"]["reason"], "code": "invalid_record", **result}
            return Response(body, status=status.HTTP_400_BAD_REQUEST)
        return Response(result)


class TableOptionsView(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        tags=TAGS,
        summary="The table options of each game",
        description="For each game, every table option: key, label, a sentence for players, "
        "choices and default (`players`: the player counts it applies to, null for all).",
        responses=GameOptionsSerializer(many=True),
    )
    def get(self, request):
        return Response(
            [
                {
                    "game": game,
                    "label": label,
                    "player_counts": list(engine_for(game).PLAYER_COUNTS),
                    "options": [f.as_dict() for f in option_fields(game)],
                }
                for game, label in Game.choices
            ]
        )


class HouseRuleSetListCreateView(GameAPIView):
    serializer_class = HouseRuleSetSerializer
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS,
        summary="House rules you may use",
        description="Yours, and those offered by your clubs.",
        parameters=[OpenApiParameter("game", str)],
        responses=HouseRuleSetSerializer(many=True),
    )
    def get(self, request):
        rules = selectors.house_rule_sets_for(request.user, request.query_params.get("game"))
        page = self.paginate_queryset(rules)
        return self.get_paginated_response(HouseRuleSetSerializer(page, many=True).data)

    @extend_schema(
        tags=TAGS,
        summary="Save house rules",
        description="A named set of table options; with `club_id`, offered to that club's "
        "members (directors only).",
        request=HouseRuleSetSerializer,
        responses={201: HouseRuleSetSerializer, **error_responses(400, 403)},
    )
    def post(self, request):
        form = HouseRuleSetSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        club = _club(form.validated_data.get("club_id"), field="club_id")
        rules = services.house_rules_create(
            request.user,
            name=form.validated_data["name"],
            game=form.validated_data["game"],
            options=form.validated_data.get("options") or {},
            club=club,
        )
        return Response(HouseRuleSetSerializer(rules).data, status=status.HTTP_201_CREATED)


class HouseRuleSetDetailView(GameAPIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=TAGS, summary="Delete house rules", responses={204: None, **error_responses(403)}
    )
    def delete(self, request, pk: int):
        rules = get_object_or_404(HouseRuleSet, pk=pk)
        services.house_rules_delete(request.user, rules)
        return Response(status=status.HTTP_204_NO_CONTENT)


# Boards -------------------------------------------------------------------------------------------

BOARD_TAGS = ["boards"]


def _board_set(pk: int) -> BoardSet:
    board_set = BoardSet.objects.filter(pk=pk).first()
    if board_set is None:
        raise NotFound(gettext("There is no such board set."))
    return board_set


class BoardSetListCreateView(GameAPIView):
    serializer_class = BoardSetSerializer
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=BOARD_TAGS,
        summary="Your board sets",
        description="The board sets you dealt, newest first.",
        responses=BoardSetSerializer(many=True),
    )
    def get(self, request):
        sets = BoardSet.objects.filter(created_by=request.user).prefetch_related("boards")
        page = self.paginate_queryset(sets)
        return self.get_paginated_response([board_set_dict(s, request.user) for s in page])

    @extend_schema(
        tags=BOARD_TAGS,
        summary="Deal a board set",
        description="Deals `count` boards from fresh secret seeds; board n's dealer is seat "
        "(n - 1) % players. Each board's commitment is public at once; its seed and cards stay "
        "yours until you reveal it.",
        request=BoardSetCreateSerializer,
        responses={201: BoardSetSerializer, **error_responses(400)},
    )
    def post(self, request):
        form = BoardSetCreateSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        board_set = board_set_create(created_by=request.user, **form.validated_data)
        return Response(board_set_dict(board_set, request.user), status=status.HTTP_201_CREATED)


class BoardSetDetailView(GameAPIView):
    serializer_class = BoardSetSerializer
    permission_classes = [AllowAny]

    @extend_schema(
        tags=BOARD_TAGS,
        summary="A board set",
        description="Every board's number, dealer and commitment; its seed and deal once it is "
        "revealed (or to whoever dealt the set).",
        responses={200: BoardSetSerializer, **error_responses(404)},
    )
    def get(self, request, pk: int):
        return Response(board_set_dict(_board_set(pk), request.user))


class BoardSetRevealView(GameAPIView):
    serializer_class = BoardRevealSerializer
    permission_classes = [IsAuthenticated]

    @extend_schema(
        tags=BOARD_TAGS,
        summary="Reveal boards",
        description="Reveal the seeds (and so the deals) of the set's boards, or of `numbers`. "
        "For whoever dealt the set; revealing twice changes nothing.",
        request=BoardRevealSerializer,
        responses={200: BoardSetSerializer, **error_responses(400, 403, 404)},
    )
    def post(self, request, pk: int):
        board_set = _board_set(pk)
        if (refusal := board_set_access(request.user, board_set).reveal_refusal()) is not None:
            raise refusal
        form = BoardRevealSerializer(data=request.data)
        form.is_valid(raise_exception=True)
        board_set_reveal(board_set.pk, form.validated_data.get("numbers"))
        return Response(board_set_dict(board_set, request.user))
