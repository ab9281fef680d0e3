"""Tournament API serializers. Read serializers describe things (many of them the dicts the
selectors build); input serializers only parse: the services decide what is allowed."""

from __future__ import annotations

from django.utils.translation import gettext
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.names import validate_name_slug
from clubs.permissions import club_access
from clubs.serializers import InClubZone
from core.api import ID_MAX
from core.choices import Game
from core.names import validate_shown_name
from games.models import BotLevel
from games.serializers import bot_levels_help

from . import selectors
from .formats import Tiebreak
from .help import tiebreak_help_lazy
from .models import Entrant, EntrantMember, ResultAudit, Round, TableResult, Tournament
from .services.results import MAX_SCORE
from .services.setup import MAX_ROUNDS


class AccessSerializer(serializers.Serializer):
    is_director = serializers.BooleanField()
    entrant_id = serializers.IntegerField(allow_null=True)


class TournamentSerializer(InClubZone, serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)
    entrant_count = serializers.IntegerField(read_only=True, help_text="Entrants not withdrawn.")
    play_label = serializers.CharField(read_only=True)
    you = serializers.SerializerMethodField(help_text="What you are to this tournament.")

    class Meta:
        model = Tournament
        fields = [
            "id",
            "club",
            "club_name",
            "night",
            "name",
            "game",
            "format",
            "house_rules",
            "options",
            "play",
            "hand_limit",
            "play_label",
            "rounds",
            "cycles",
            "bracket_reset",
            "tiebreaks",
            "online",
            "bot_level",
            "scoring",
            "boards_per_round",
            "movement",
            "board_set",
            "status",
            "standings_version",
            "champion",
            "entrant_count",
            "you",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    @extend_schema_field(AccessSerializer)
    def get_you(self, tournament) -> dict:
        """The same answer as selectors.tournament_access, with the asker's entrants and clubs
        looked up once for the whole list (not once a tournament)."""
        request = self.context.get("request")
        user = request.user if request else None
        if user is None or not user.is_authenticated:
            return {"is_director": False, "entrant_id": None}
        if "_entrants" not in self.context:
            self.context["_entrants"] = selectors.entrant_ids_of(user)
        directing = self.context.setdefault("_directing", {})
        if tournament.club_id not in directing:
            directing[tournament.club_id] = club_access(user, tournament.club).is_director
        return {
            "is_director": directing[tournament.club_id],
            "entrant_id": self.context["_entrants"].get(tournament.pk),
        }


TIEBREAK_CHOICES = [(t.value, tiebreak_help_lazy(t)) for t in Tiebreak]


class TournamentInputSerializer(serializers.Serializer):
    club = serializers.CharField(
        required=False,
        max_length=110,
        # Club addresses may be in any script ("कोथरूड-पत्ते-क्लब"), marks included, which
        # Django's own slug pattern refuses.
        validators=[validate_name_slug],
        help_text="The club's slug, in any script (when creating).",
    )
    name = serializers.CharField(max_length=100, validators=[validate_shown_name])
    game = serializers.ChoiceField(choices=Game.choices)
    format = serializers.ChoiceField(choices=Tournament.Format.choices)
    night = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=ID_MAX, help_text="A night's id."
    )
    house_rules = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=1,
        max_value=ID_MAX,
        help_text="A house rule set's id.",
    )
    options = serializers.DictField(required=False, help_text="Table options (record form).")
    play = serializers.ChoiceField(choices=Tournament.Play.choices, required=False)
    hand_limit = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=100
    )
    rounds = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=MAX_ROUNDS
    )
    cycles = serializers.IntegerField(required=False, min_value=1, max_value=4)
    bracket_reset = serializers.BooleanField(required=False)
    tiebreaks = serializers.ListField(
        child=serializers.ChoiceField(choices=TIEBREAK_CHOICES),
        required=False,
        help_text="In order; left out, the format's defaults.",
    )
    online = serializers.BooleanField(required=False)
    bot_level = serializers.ChoiceField(
        choices=BotLevel.choices, required=False, help_text=bot_levels_help()
    )
    entrants_from_night = serializers.BooleanField(
        required=False, help_text="Enter the night's checked-in players (default true)."
    )
    scoring = serializers.ChoiceField(
        choices=Tournament.Scoring.choices, required=False, help_text="Duplicate events."
    )
    boards_per_round = serializers.IntegerField(
        required=False, min_value=1, max_value=8, help_text="Duplicate events."
    )
    movement = serializers.ChoiceField(
        choices=Tournament.Movement.choices, required=False, help_text="Duplicate events."
    )


# Entrants ----------------------------------------------------------------------------------------


class MemberSerializer(serializers.ModelSerializer):
    username = serializers.CharField(source="user.username", read_only=True, default=None)
    name = serializers.CharField(read_only=True)

    class Meta:
        model = EntrantMember
        fields = ["position", "user", "username", "guest_name", "name"]
        read_only_fields = fields


class EntrantSerializer(serializers.ModelSerializer):
    members = MemberSerializer(many=True, read_only=True)

    class Meta:
        model = Entrant
        fields = ["id", "tournament", "name", "seed", "withdrawn", "late", "members"]
        read_only_fields = fields


class MemberInputSerializer(serializers.Serializer):
    user_id = serializers.IntegerField(
        required=False, min_value=1, max_value=ID_MAX, help_text="A site member's id."
    )
    username = serializers.CharField(
        required=False, max_length=150, help_text="…or their username."
    )
    guest_name = serializers.CharField(
        required=False, max_length=100, help_text="…or a guest's name (no account)."
    )

    def validate(self, data):
        given = [k for k in ("user_id", "username", "guest_name") if data.get(k) not in (None, "")]
        if len(given) != 1:
            raise serializers.ValidationError(
                gettext("Give one of user_id, username or guest_name.")
            )
        return data


class EntrantInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=120, required=False, allow_blank=True)
    members = MemberInputSerializer(
        many=True, required=False, help_text="One player, or two for a partnership."
    )


class ReorderInputSerializer(serializers.Serializer):
    entrants = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        max_length=1000,
        help_text="Every entrant id, best seed first.",
    )


# Rounds and tables -------------------------------------------------------------------------------


class SeatInfoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    side = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    entrant_id = serializers.IntegerField(allow_null=True)
    entrant_name = serializers.CharField(allow_null=True)
    user_id = serializers.IntegerField(allow_null=True)


class SideInfoSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    seats = serializers.ListField(child=serializers.IntegerField())
    name = serializers.CharField()
    score = serializers.IntegerField(allow_null=True)
    hands_won = serializers.IntegerField(allow_null=True)
    won = serializers.BooleanField(allow_null=True)


class ResultInfoSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=TableResult.Status.choices)
    source = serializers.ChoiceField(choices=TableResult.Source.choices)
    scores = serializers.ListField(child=serializers.IntegerField())
    hands_won = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField())
    draw = serializers.BooleanField()
    entered_side = serializers.IntegerField(allow_null=True)
    entered_by = serializers.CharField(allow_null=True)
    confirmed_by = serializers.CharField(allow_null=True)
    entered_at = serializers.DateTimeField()
    confirmed_at = serializers.DateTimeField(allow_null=True)


class TableInfoSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField()
    round = serializers.IntegerField()
    round_id = serializers.IntegerField()
    bracket_match = serializers.CharField(allow_null=True)
    online = serializers.BooleanField()
    game_table_id = serializers.IntegerField(
        allow_null=True, help_text="The site table (/api/tables/{id}/) when played online."
    )
    game_status = serializers.CharField(allow_null=True)
    online_problem = serializers.CharField(
        allow_null=True,
        help_text="Why this online table can't be played on the site (a guest without an "
        "account is seated): publishing refuses it until it is fixed. Null when all is well.",
    )
    bots_offline = serializers.CharField(
        allow_null=True,
        help_text="Set when this physical table has bots in it (which play only on the site): "
        "play it online, or seat substitutes and enter its results. Null otherwise.",
    )
    seats = SeatInfoSerializer(many=True)
    sides = SideInfoSerializer(many=True)
    result = ResultInfoSerializer(allow_null=True)
    finished = serializers.BooleanField(help_text="Has a confirmed result.")


class ByeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class RoundSerializer(serializers.ModelSerializer):
    tables = serializers.SerializerMethodField()
    byes = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id",
            "tournament",
            "number",
            "status",
            "published_at",
            "closed_at",
            "tables",
            "byes",
        ]
        read_only_fields = fields

    def _seating(self, round_):
        cache = self.context.setdefault("_seating", {})
        if round_.pk not in cache:
            cache[round_.pk] = selectors.round_seating(round_)
        return cache[round_.pk]

    @extend_schema_field(TableInfoSerializer(many=True))
    def get_tables(self, round_) -> list:
        return TableInfoSerializer(self._seating(round_).tables, many=True).data

    @extend_schema_field(ByeSerializer(many=True))
    def get_byes(self, round_) -> list:
        return [{"id": e.pk, "name": e.name} for e in self._seating(round_).byes]


class RoundSummarySerializer(serializers.ModelSerializer):
    class Meta:
        model = Round
        fields = ["id", "number", "status", "published_at", "closed_at"]
        read_only_fields = fields


class SwapSeatsInputSerializer(serializers.Serializer):
    seats = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        min_length=2,
        max_length=2,
        help_text="Two seat ids.",
    )


class SwapEntrantsInputSerializer(serializers.Serializer):
    entrants = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        min_length=2,
        max_length=2,
        help_text="Two entrant ids.",
    )


class OnlineInputSerializer(serializers.Serializer):
    online = serializers.BooleanField()


class ResultInputSerializer(serializers.Serializer):
    scores = serializers.ListField(
        child=serializers.IntegerField(min_value=-MAX_SCORE, max_value=MAX_SCORE),
        max_length=10,
        help_text="One score a side, in the table's side order.",
    )
    hands_won = serializers.ListField(
        child=serializers.IntegerField(min_value=0), required=False, allow_null=True
    )
    winners = serializers.ListField(
        child=serializers.IntegerField(min_value=0),
        required=False,
        allow_null=True,
        help_text="The winning sides; left out, the highest score wins (all level: a draw).",
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=300)


class CorrectInputSerializer(ResultInputSerializer):
    reason = serializers.CharField(max_length=300, help_text="Why: kept in the audit log.")


class MyTableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    entrant_id = serializers.IntegerField()
    bye = serializers.BooleanField()
    seat = serializers.IntegerField(allow_null=True)
    side = serializers.IntegerField(allow_null=True)
    table = TableInfoSerializer(allow_null=True)


# Standings ---------------------------------------------------------------------------------------


class TiebreakValueSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    value = serializers.FloatField(allow_null=True)


class StandingEntrantSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    seed = serializers.IntegerField()
    withdrawn = serializers.BooleanField()


class StandingLineSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    rank = serializers.IntegerField()
    entrant = StandingEntrantSerializer()
    points = serializers.FloatField()
    played = serializers.IntegerField(
        help_text="Games played at a table; byes are counted in `byes` (the standings page and "
        "the CSV count a bye as a game played and won)."
    )
    wins = serializers.IntegerField(help_text="Games won, byes included.")
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    byes = serializers.IntegerField()
    game_points = serializers.IntegerField()
    hands_won = serializers.IntegerField()
    points_difference = serializers.FloatField(allow_null=True)
    buchholz = serializers.FloatField(allow_null=True)
    sonneborn_berger = serializers.FloatField(allow_null=True)
    tiebreaks = TiebreakValueSerializer(many=True)


class StandingsSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    updated_at = serializers.DateTimeField(allow_null=True)
    lines = StandingLineSerializer(many=True)


class StandingsVersionSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="Goes up whenever the standings change.")


class BracketSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["single", "double"])
    size = serializers.IntegerField()
    champion = serializers.DictField(allow_null=True)
    finished = serializers.BooleanField()
    eliminated = serializers.ListField(child=serializers.IntegerField())
    matches = serializers.ListField(child=serializers.DictField())


class AuditSerializer(serializers.ModelSerializer):
    actor = serializers.CharField(source="actor.shown_name", default=None, read_only=True)
    round = serializers.IntegerField(source="table.round.number", read_only=True)
    table_number = serializers.IntegerField(source="table.number", read_only=True)
    reason = serializers.CharField(
        source="shown_reason",
        read_only=True,
        help_text="Why: as the director typed it, or the site's words for a dispute, in the "
        "asked language.",
    )

    class Meta:
        model = ResultAudit
        fields = ["id", "table", "round", "table_number", "actor", "at", "old", "new", "reason"]
        read_only_fields = fields


# Duplicate events --------------------------------------------------------------------------------


class DuplicatePairSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    entrant_id = serializers.IntegerField(allow_null=True, help_text="Null for the bot pair.")
    name = serializers.CharField()
    is_bot = serializers.BooleanField()
    field = serializers.CharField(allow_null=True, help_text="NS or EW in a Mitchell.")


class DuplicateSeatSerializer(serializers.Serializer):
    player = serializers.IntegerField(help_text="The player's number (see pairs).")
    name = serializers.CharField()


class DuplicateSittingSerializer(serializers.Serializer):
    table = serializers.IntegerField()
    ns_pair = serializers.IntegerField(allow_null=True, help_text="Null at a solo event.")
    ew_pair = serializers.IntegerField(allow_null=True, help_text="Null at a solo event.")
    ns_name = serializers.CharField(allow_blank=True)
    ew_name = serializers.CharField(allow_blank=True)
    seats = DuplicateSeatSerializer(many=True, help_text="Solo event: the players by seat.")
    boards = serializers.ListField(child=serializers.IntegerField())
    mine = serializers.BooleanField()


class DuplicateRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    sittings = DuplicateSittingSerializer(many=True)


class DuplicateBoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(help_text="SHA-256 commitment to the secret seed.")
    seed = serializers.CharField(
        allow_null=True, help_text="The seed, once every table has played the board."
    )
    revealed_at = serializers.DateTimeField(allow_null=True)
    played = serializers.BooleanField(help_text="You have played it.")
    visible = serializers.BooleanField(help_text="You may read its traveller.")


class DuplicateSerializer(serializers.Serializer):
    kind = serializers.CharField(help_text="mitchell, howell or individual (solo Pitch)")
    pairs_count = serializers.IntegerField(help_text="Pairs, or players at a solo event.")
    tables = serializers.IntegerField()
    seats_per_table = serializers.IntegerField()
    rounds_count = serializers.IntegerField()
    boards_per_round = serializers.IntegerField()
    boards_count = serializers.IntegerField()
    plays_per_board = serializers.IntegerField()
    bot_pair = serializers.IntegerField(allow_null=True)
    my_pair = serializers.IntegerField(allow_null=True)
    board_set_id = serializers.IntegerField()
    pairs = DuplicatePairSerializer(many=True)
    rounds = DuplicateRoundSerializer(many=True)
    boards = DuplicateBoardSerializer(many=True)


class BoardSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    entrant_id = serializers.IntegerField(allow_null=True, help_text="Null for a bot.")
    name = serializers.CharField()
    score = serializers.IntegerField()
    value = serializers.FloatField(
        allow_null=True, help_text="Matchpoints, or the difference from the seat's average."
    )


class BoardResultSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    board = serializers.IntegerField()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    ns_entrant_id = serializers.IntegerField(allow_null=True)
    ew_entrant_id = serializers.IntegerField(allow_null=True)
    ns_name = serializers.CharField()
    ew_name = serializers.CharField()
    contract = serializers.CharField()
    declarer = serializers.IntegerField(allow_null=True, help_text="Seat 0–3 (N, E, S, W).")
    tricks = serializers.IntegerField(allow_null=True)
    points = serializers.DictField(
        child=serializers.IntegerField(allow_null=True),
        help_text="Pitch: who took high, low, jack and game as entered: 0 (NS) or 1 (EW), at a "
        "solo table the seat; null for nobody. Empty at Five Hundred and for online tables.",
    )
    ns_score = serializers.IntegerField()
    ew_score = serializers.IntegerField()
    ns_value = serializers.FloatField(
        allow_null=True, help_text="Matchpoints, or the difference from the average."
    )
    ew_value = serializers.FloatField(allow_null=True)
    seats = BoardSeatSerializer(many=True, help_text="Solo event: each seat's player and score.")
    status = serializers.ChoiceField(choices=["pending", "confirmed"])
    source = serializers.ChoiceField(choices=["online", "physical", "assigned"])
    assigned = serializers.BooleanField(
        help_text="An average assigned by the director for a board not played."
    )


class DuplicateStandingLineSerializer(serializers.Serializer):
    entrant_id = serializers.IntegerField()
    name = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    rank = serializers.IntegerField()
    tied = serializers.BooleanField()
    boards = serializers.IntegerField()
    total = serializers.FloatField()
    top = serializers.FloatField()
    percentage = serializers.FloatField(allow_null=True)
    mine = serializers.BooleanField()


class DuplicateStandingsSerializer(serializers.Serializer):
    method = serializers.CharField()
    all_boards = serializers.BooleanField(
        help_text="False while the event runs for players: only fully played boards count."
    )
    boards = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    lines = DuplicateStandingLineSerializer(many=True)


class TableBoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    result = BoardResultSerializer(allow_null=True)
    has_result = serializers.BooleanField()
    pending = serializers.BooleanField()
    can_enter = serializers.BooleanField()
    can_confirm = serializers.BooleanField(help_text="You may confirm it, or dispute it.")


class BoardResultInputSerializer(serializers.Serializer):
    contract = serializers.CharField(
        max_length=20, help_text='Five Hundred: a call, or "pass". Pitch: the bid.'
    )
    declarer = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=6,
        help_text="Five Hundred: the declarer's seat. Pitch: the pitcher's seat.",
    )
    tricks = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=0,
        max_value=10,
        help_text="Five Hundred: tricks the declaring side took.",
    )
    points = serializers.DictField(
        child=serializers.IntegerField(allow_null=True, min_value=0, max_value=6),
        required=False,
        help_text="Pitch: high, low, jack, game → 0 (NS), 1 (EW) or null (nobody); at a solo "
        "table the seat (0–6) that took it.",
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=300,
        help_text="A director changing a board's result says why (kept in the audit log).",
    )
