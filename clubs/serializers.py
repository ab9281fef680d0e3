"""API serializers. Read serializers describe things; input serializers only parse: the services
decide whether a change is allowed."""

from django.utils import timezone
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.models import User
from core.choices import Game
from core.names import validate_shown_name

from .models import Club, ClubNight, JoinRequest, Membership, Registration
from .permissions import club_access
from .times import NoSuchTime, club_moment


class InClubZone:
    """A serializer mixin: times are written in the zone of the club they belong to (a night at a
    Pune club reads +05:30, whatever the site's zone); the instants are the same. Objects
    without a club keep the site's zone."""

    def club_of(self, obj):
        return getattr(obj, "club", None)

    def to_representation(self, obj):
        club = self.club_of(obj)
        if club is None:
            return super().to_representation(obj)
        with timezone.override(club.zoneinfo):
            return super().to_representation(obj)


class PersonSerializer(serializers.ModelSerializer):
    name = serializers.CharField(source="shown_name", read_only=True)

    class Meta:
        model = User
        fields = ["id", "username", "name"]
        read_only_fields = fields


class ClubSerializer(serializers.ModelSerializer):
    slug = serializers.CharField(
        read_only=True,
        help_text="The club's address in any script (letters with their marks, digits, dashes).",
    )
    member_count = serializers.IntegerField(read_only=True)
    my_role = serializers.SerializerMethodField(
        help_text="Your role in the club (owner, director, member), or null."
    )
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = Club
        fields = [
            "id",
            "slug",
            "name",
            "about",
            "venue",
            "games",
            "is_open",
            "time_zone",
            "language",
            "member_count",
            "my_role",
            "url",
            "created_at",
        ]
        read_only_fields = fields

    @extend_schema_field(serializers.ChoiceField(choices=Membership.Role.choices, allow_null=True))
    def get_my_role(self, club) -> str | None:
        request = self.context.get("request")
        if request is None or not request.user.is_authenticated:
            return None
        return club_access(request.user, club).role


class ClubInputSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=100, validators=[validate_shown_name])
    about = serializers.CharField(required=False, allow_blank=True, default="", max_length=5000)
    venue = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        default="",
        validators=[validate_shown_name],
    )
    games = serializers.ListField(
        child=serializers.ChoiceField(choices=Game.choices), required=False, default=list
    )
    is_open = serializers.BooleanField(
        required=False,
        default=True,
        help_text="Open clubs let anyone join at once; closed ones take requests.",
    )
    time_zone = serializers.CharField(
        max_length=64,
        required=False,
        help_text="The IANA zone the club meets in, e.g. Asia/Kolkata (default: the site's). "
        "Its nights' times are read in it. Only an owner can change it.",
    )
    language = serializers.CharField(
        max_length=16,
        required=False,
        allow_blank=True,
        help_text="The language the club's pages speak to visitors who haven't chosen one: "
        "en, mr, ms, pa or ur (blank: the visitor's browser decides).",
    )


class MembershipSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    user = PersonSerializer(read_only=True)

    class Meta:
        model = Membership
        fields = ["id", "club", "user", "role", "joined_at"]
        read_only_fields = fields


class JoinRequestSerializer(serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    user = PersonSerializer(read_only=True)

    class Meta:
        model = JoinRequest
        fields = ["id", "club", "user", "message", "status", "created_at", "decided_at"]
        read_only_fields = fields


class JoinInputSerializer(serializers.Serializer):
    message = serializers.CharField(
        max_length=300,
        required=False,
        allow_blank=True,
        default="",
        help_text="A note for the directors of a closed club.",
    )


class JoinResultSerializer(serializers.Serializer):
    joined = serializers.BooleanField(help_text="True: you're a member now (open club).")
    membership = MembershipSerializer(allow_null=True)
    request = JoinRequestSerializer(
        allow_null=True, help_text="The request a director will decide (closed club)."
    )


class RoleInputSerializer(serializers.Serializer):
    role = serializers.ChoiceField(choices=Membership.Role.choices)


class MyRegistrationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Registration.Status.choices)
    waitlist_rank = serializers.IntegerField(allow_null=True)


class NightSerializer(InClubZone, serializers.ModelSerializer):
    club = serializers.SlugRelatedField(slug_field="slug", read_only=True)
    club_name = serializers.CharField(source="club.name", read_only=True)
    time_zone = serializers.CharField(
        source="club.time_zone",
        read_only=True,
        help_text="The club's IANA zone; the night's times are written in it.",
    )
    name = serializers.CharField(read_only=True)
    ends_at = serializers.DateTimeField(read_only=True)
    seats_taken = serializers.SerializerMethodField()
    waiting = serializers.SerializerMethodField()
    registration = serializers.SerializerMethodField(
        help_text="Registration is open, not_open (yet), closed, started or cancelled."
    )
    mine = serializers.SerializerMethodField(help_text="Your registration, or null.")
    url = serializers.CharField(source="get_absolute_url", read_only=True)

    class Meta:
        model = ClubNight
        fields = [
            "id",
            "club",
            "club_name",
            "title",
            "name",
            "time_zone",
            "starts_at",
            "ends_at",
            "duration_minutes",
            "venue",
            "game",
            "capacity",
            "seats_taken",
            "waiting",
            "members_only",
            "registration_opens_at",
            "registration_closes_at",
            "registration",
            "notes",
            "status",
            "mine",
            "url",
        ]
        read_only_fields = fields

    def get_seats_taken(self, night) -> int:
        value = getattr(night, "seats_taken", None)
        return night.seats_taken_count() if value is None else value

    def get_waiting(self, night) -> int:
        value = getattr(night, "waiting_count", None)
        return night.waitlist().count() if value is None else value

    @extend_schema_field(
        serializers.ChoiceField(choices=["open", "not_open", "closed", "started", "cancelled"])
    )
    def get_registration(self, night) -> str:
        return night.registration_state()

    def _mine_by_night(self) -> dict:
        if "_mine" not in self.context:
            request = self.context.get("request")
            mine = {}
            if request is not None and request.user.is_authenticated:
                mine = {
                    r.night_id: r
                    for r in Registration.objects.active()
                    .filter(user=request.user)
                    .with_waitlist_rank()
                }
            self.context["_mine"] = mine
        return self.context["_mine"]

    @extend_schema_field(MyRegistrationSerializer(allow_null=True))
    def get_mine(self, night):
        registration = self._mine_by_night().get(night.pk)
        if registration is None:
            return None
        return {
            "id": registration.pk,
            "status": registration.status,
            "waitlist_rank": registration.waitlist_rank(),
        }


class ClubDateTimeField(serializers.DateTimeField):
    """A time: one given without an offset is the club's wall-clock time (the club is the
    serializer's context `club`), read as the forms read it (`clubs.times.club_moment`): a time
    the clocks skip that day is refused, and one they show twice is taken at its first pass."""

    def enforce_timezone(self, value):
        club = self.context.get("club")
        if club is None or timezone.is_aware(value):
            return super().enforce_timezone(value)
        try:
            moment = club_moment(value.date(), value.time(), club)
        except NoSuchTime as error:
            raise serializers.ValidationError(str(error), code="invalid") from None
        except OverflowError:
            self.fail("overflow")
        return timezone.localtime(moment, club.zoneinfo)


class NightInputSerializer(serializers.Serializer):
    club = serializers.CharField(
        max_length=110,
        help_text="The club's slug, in any script (when scheduling). Times given without an "
        "offset are read in the club's time zone.",
        required=False,
    )
    title = serializers.CharField(
        max_length=100, required=False, allow_blank=True, validators=[validate_shown_name]
    )
    starts_at = ClubDateTimeField()
    duration_minutes = serializers.IntegerField(required=False, min_value=30, max_value=1440)
    venue = serializers.CharField(
        max_length=200,
        required=False,
        allow_blank=True,
        help_text="Blank: the club's venue.",
        validators=[validate_shown_name],
    )
    game = serializers.ChoiceField(choices=Game.choices, required=False)
    capacity = serializers.IntegerField(min_value=1, max_value=1000)
    members_only = serializers.BooleanField(required=False)
    registration_opens_at = ClubDateTimeField(
        required=False, allow_null=True, help_text="Default: now."
    )
    registration_closes_at = ClubDateTimeField(
        required=False, allow_null=True, help_text="Default: when the night starts."
    )
    notes = serializers.CharField(required=False, allow_blank=True, max_length=5000)


class RegistrationSerializer(serializers.ModelSerializer):
    user = PersonSerializer(read_only=True, allow_null=True)
    player_name = serializers.CharField(read_only=True)
    waitlist_rank = serializers.SerializerMethodField()

    class Meta:
        model = Registration
        fields = [
            "id",
            "night",
            "user",
            "guest_name",
            "player_name",
            "status",
            "waitlist_rank",
            "walk_in",
            "created_at",
            "checked_in_at",
        ]
        read_only_fields = fields

    def get_waitlist_rank(self, registration) -> int | None:
        return registration.waitlist_rank()


class WalkInInputSerializer(serializers.Serializer):
    username = serializers.CharField(required=False, allow_blank=True, default="", max_length=150)
    guest_name = serializers.CharField(
        max_length=100,
        required=False,
        allow_blank=True,
        default="",
        validators=[validate_shown_name],
    )
