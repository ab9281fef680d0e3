"""API serializers for the ladders. Read serializers describe; input serializers only parse."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.names import validate_name_slug
from core.choices import Game

from .models import RebuildJob


class LadderPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    name = serializers.CharField(source="shown_name")


class LadderClubSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    slug = serializers.CharField()
    name = serializers.CharField()


class RulesSerializer(serializers.Serializer):
    rate_with_bots = serializers.BooleanField(
        help_text="Whether games with a bot at the table count (for the people in them)."
    )
    min_games = serializers.IntegerField(help_text="Rated games a player needs to be shown.")
    active_days = serializers.IntegerField(
        allow_null=True, help_text="Shown only if their last rated game is this recent (null: any)."
    )


class LadderRowSerializer(serializers.Serializer):
    position = serializers.IntegerField(help_text="1 for the top; equal scores share a position.")
    player = LadderPlayerSerializer()
    conservative = serializers.FloatField(help_text="μ − 3σ, the ladder score.")
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    games_played = serializers.IntegerField()
    wins = serializers.IntegerField()
    last_played_at = serializers.DateTimeField()


class LadderSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    club = LadderClubSerializer(allow_null=True)
    rules = RulesSerializer()
    explanation = serializers.CharField(help_text="How the ladder is computed, in plain words.")
    games_rated = serializers.IntegerField()
    count = serializers.IntegerField(help_text="Players on the ladder (all pages).")
    rows = LadderRowSerializer(many=True)


class LadderRefSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    club = LadderClubSerializer(allow_null=True)


class RatingSerializer(serializers.Serializer):
    ladder = LadderRefSerializer()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    conservative = serializers.FloatField()
    games_played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField(
        help_text="Games every side finished level in: a draw, not a win, for everyone in it."
    )
    last_played_at = serializers.DateTimeField()
    position = serializers.IntegerField(
        allow_null=True, help_text="Place on the ladder; null when not shown on it yet."
    )


class PlayerRatingsSerializer(serializers.Serializer):
    player = LadderPlayerSerializer()
    ratings = RatingSerializer(many=True)


class HistoryPointSerializer(serializers.Serializer):
    game_id = serializers.IntegerField(help_text="The rated game.")
    label = serializers.CharField()
    played_at = serializers.DateTimeField()
    mu = serializers.FloatField()
    sigma = serializers.FloatField()
    conservative = serializers.FloatField()


class RatingHistorySerializer(serializers.Serializer):
    player = LadderPlayerSerializer()
    ladder = LadderRefSerializer()
    history = HistoryPointSerializer(many=True)


class TallySerializer(serializers.Serializer):
    bid = serializers.IntegerField()
    made = serializers.IntegerField()
    set = serializers.IntegerField()


class PointsSerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    total = serializers.IntegerField()
    average = serializers.FloatField(allow_null=True)


class GameTallySerializer(serializers.Serializer):
    played = serializers.IntegerField()
    won = serializers.IntegerField()


class PartnerSerializer(serializers.Serializer):
    partner = serializers.CharField(help_text="A username, or `bot`.")
    name = serializers.CharField()
    hands = serializers.IntegerField()
    contracts = TallySerializer()
    by_player = TallySerializer()
    by_partner = TallySerializer()


class FiveHundredStatsSerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    thrown_in = serializers.IntegerField()
    games = GameTallySerializer()
    contracts = serializers.DictField(
        child=TallySerializer(), help_text="By call: 6S … 10NT, misere, open_misere, blind_misere."
    )
    all_contracts = TallySerializer()
    misere = TallySerializer()
    sans_kitty = TallySerializer()
    slams = serializers.IntegerField()
    as_contractor = PointsSerializer()
    as_partner = PointsSerializer()
    as_defender = PointsSerializer()
    partners = PartnerSerializer(many=True)


class PitchStatsSerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    thrown_in = serializers.IntegerField()
    games = GameTallySerializer()
    bids = serializers.DictField(child=TallySerializer(), help_text="By level, 1 to 4.")
    all_bids = TallySerializer()
    points = serializers.DictField(
        child=serializers.IntegerField(), help_text="high, low, jack, game"
    )
    score = PointsSerializer(help_text="What each hand added to the player's total.")


class PlayerStatsSerializer(serializers.Serializer):
    player = LadderPlayerSerializer()
    game = serializers.ChoiceField(choices=Game.choices)
    club = LadderClubSerializer(allow_null=True)
    games_recorded = serializers.IntegerField(help_text="Online games the figures come from.")
    five_hundred = FiveHundredStatsSerializer(required=False, allow_null=True)
    pitch = PitchStatsSerializer(required=False, allow_null=True)


class RebuildInputSerializer(serializers.Serializer):
    club = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=110,
        # Club addresses may be in any script ("ਅੰਮ੍ਰਿਤਸਰ-ਤਾਸ਼-ਕਲੱਬ"), marks included, which
        # DRF's SlugField (ASCII only) refuses: the clubs' own rule instead.
        validators=[validate_name_slug],
        help_text="A club's slug, in any script; empty for every ladder (staff).",
    )
    game = serializers.ChoiceField(choices=[("", _("Both")), *Game.choices], required=False)


@extend_schema_field(
    {"type": "string", "enum": list(RebuildJob.Status.values), "description": "The job's state."}
)
class RebuildStatusField(serializers.CharField):
    pass


@extend_schema_field(
    {
        "type": "string",
        "enum": list(RebuildJob.Scope.values),
        "description": "all: every ladder; site: the site-wide ones; club: one club's.",
    }
)
class RebuildScopeField(serializers.CharField):
    pass


class RebuildJobSerializer(serializers.ModelSerializer):
    club = serializers.SerializerMethodField()
    status = RebuildStatusField(read_only=True)
    scope = RebuildScopeField(read_only=True)
    percent = serializers.IntegerField(read_only=True)
    description = serializers.CharField(source="describe", read_only=True)
    reason = serializers.CharField(source="shown_reason", read_only=True)

    class Meta:
        model = RebuildJob
        fields = [
            "id",
            "scope",
            "club",
            "game",
            "description",
            "reason",
            "status",
            "total",
            "done",
            "percent",
            "error",
            "created_at",
            "started_at",
            "finished_at",
        ]
        read_only_fields = fields

    @extend_schema_field(LadderClubSerializer(allow_null=True))
    def get_club(self, job):
        if job.club_id is None:
            return None
        return {"id": job.club_id, "slug": job.club.slug, "name": job.club.name}


class LadderSettingsSerializer(serializers.Serializer):
    rate_bot_games = serializers.BooleanField()
    min_games = serializers.IntegerField(min_value=0, max_value=1000)
    active_days = serializers.IntegerField(
        min_value=1, max_value=3650, allow_null=True, required=False
    )
