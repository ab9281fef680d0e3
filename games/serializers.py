"""Serializers of the tables API: input checks, and the shapes /api/schema/ documents.

Outputs are built by `games.selectors` (plain dicts, never another seat's cards); the output
serializers here describe them for the schema and pass them through.
"""

import json

from django.utils.translation import gettext as _
from rest_framework import serializers

from core.api import ID_MAX, ErrorSerializer
from core.choices import Game
from core.names import validate_shown_name

from .bots import BOT_LEVELS
from .models import BotLevel, HouseRuleSet, Table


def bot_levels_help() -> str:
    """Each bot level with what it plays like and how strong it measured."""
    return " ".join(f"{level.value}: {BOT_LEVELS.get(level.value, '')}" for level in BotLevel)


class SeatSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    name = serializers.CharField()
    empty = serializers.BooleanField()
    is_bot = serializers.BooleanField()
    bot_level = serializers.CharField(allow_null=True)
    user_id = serializers.IntegerField(allow_null=True)
    is_you = serializers.BooleanField()


class ClubRefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()


class TableSerializer(serializers.Serializer):
    """A table as everyone may see it: no cards."""

    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.ChoiceField(choices=Game.choices)
    game_label = serializers.CharField()
    players = serializers.IntegerField(min_value=2, max_value=7)
    options = serializers.DictField(help_text="Every table option of the rules.")
    target = serializers.IntegerField(allow_null=True)
    hand_limit = serializers.IntegerField(allow_null=True)
    access = serializers.ChoiceField(choices=Table.Access.choices)
    club = ClubRefSerializer(allow_null=True)
    bot_level = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=Table.Status.choices)
    action_number = serializers.IntegerField(help_text="Actions played so far.")
    version = serializers.IntegerField(help_text="Bumped on every change.")
    hand_number = serializers.IntegerField()
    to_act = serializers.IntegerField(allow_null=True)
    totals = serializers.ListField(child=serializers.IntegerField())
    winners = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    sides = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    seats = SeatSerializer(many=True)
    free_seats = serializers.ListField(child=serializers.IntegerField())
    your_seat = serializers.IntegerField(allow_null=True)
    is_demo = serializers.BooleanField()
    board_count = serializers.IntegerField(
        help_text="How many prepared boards the table plays, one a hand (a duplicate's table); "
        "0 for fresh deals."
    )
    created_by = serializers.CharField(allow_null=True)
    may_start_with_bots = serializers.BooleanField(
        help_text="Whether you may fill the empty seats with bots and start now "
        "(POST start-with-bots/)."
    )
    invite_token = serializers.CharField(
        required=False, help_text="Only for whoever opened an invite-only table."
    )


class HandSummarySerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    thrown_in = serializers.BooleanField()
    scores = serializers.ListField(child=serializers.IntegerField())
    totals = serializers.ListField(child=serializers.IntegerField())
    result = serializers.DictField(help_text="The hand's replay summary and its last trick.")


class DealSerializer(serializers.Serializer):
    commitment = serializers.CharField(
        allow_null=True,
        help_text="The hash of the hand's secret seed (games/engines/DEALS.md), published when "
        "it is dealt; the seed is in the game record once the game is over.",
    )
    board = serializers.IntegerField(allow_null=True, help_text="The board number, if any.")
    hand = serializers.IntegerField(help_text="The number of the hand this deal is for.")


class TableStateSerializer(serializers.Serializer):
    table = TableSerializer()
    hand = serializers.DictField(
        allow_null=True,
        help_text="The rules engine's view for your seat (with `legal` on your turn), or the "
        "public view (no cards) if you are not seated; null before the first deal. Both games "
        "share one schema (games/engines/view.py): `step` says what you are asked to do now "
        "(bid, discard, call_partner, play, wait, none), `trick` is the trick being played, "
        "`tricks_won` counts each seat's tricks, `totals` and `hand_number` place the hand in "
        "its game.",
    )
    last_hand = HandSummarySerializer(allow_null=True)
    deal = DealSerializer(allow_null=True)


class LegalSerializer(serializers.Serializer):
    action_number = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    to_act = serializers.IntegerField(allow_null=True)
    step = serializers.CharField(
        allow_null=True,
        help_text="What your seat is asked to do now: bid, discard, call_partner, play, wait or "
        "none (the hand is over); null before the first deal.",
    )
    legal = serializers.ListField(child=serializers.DictField())


class VersionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    action_number = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.CharField()


class VersionQuerySerializer(serializers.Serializer):
    """The version endpoint's long poll: wait until the version passes `after`."""

    after = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text="Wait until the version is greater than this (the version you have).",
    )
    wait = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=30,
        default=25,
        help_text="With `after`: at most this many seconds to wait.",
    )


class ReplayErrorSerializer(ErrorSerializer):
    error = serializers.DictField(
        required=False,
        help_text='Where the record is at fault: {"index": …, "reason": …} (and "hand").',
    )


class TableCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    players = serializers.IntegerField(min_value=2, max_value=7)
    options = serializers.DictField(
        required=False,
        default=dict,
        help_text="Table options in hand-record form; missing ones take the defaults.",
    )
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=100,
        validators=[validate_shown_name],
    )
    access = serializers.ChoiceField(choices=Table.Access.choices, default=Table.Access.ANYONE)
    club = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=ID_MAX
    )
    bot_level = serializers.ChoiceField(
        choices=[("", "No bots"), *BotLevel.choices],
        required=False,
        default="",
        help_text=bot_levels_help(),
    )
    hand_limit = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=1000
    )
    house_rules = serializers.IntegerField(
        required=False, allow_null=True, default=None, min_value=1, max_value=ID_MAX
    )
    boards = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=ID_MAX),
        required=False,
        allow_null=True,
        default=None,
        max_length=64,
        help_text="Board ids of one board set, in order: hand n deals board n, with the set's "
        "options, and the game ends after the last board.",
    )
    seat = serializers.IntegerField(
        required=False,
        allow_null=True,
        default=0,
        min_value=0,
        max_value=6,
        help_text="Where you sit; null for nowhere.",
    )


class SitSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=6)
    token = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=40,
        help_text="An invite-only table's token.",
    )


class ActSerializer(serializers.Serializer):
    expected_action = serializers.IntegerField(
        min_value=0, max_value=ID_MAX, help_text="The table's action_number you are answering."
    )
    action = serializers.DictField(
        help_text='A hand-record action object, e.g. {"play": "QH"} or {"call": "7H"}; '
        "its seat (0 to 6) may be left out."
    )

    def validate_action(self, action: dict) -> dict:
        """The shape of an action, before the rules see it: a seat that is a seat number, and no
        value longer than any card, bid or call (the rules' refusals quote what was given)."""
        if "seat" in action:
            seat = action["seat"]
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= MAX_SEAT:
                raise serializers.ValidationError(
                    _("The seat is a number from 0 to %(high)s.") % {"high": MAX_SEAT}
                )
        if any(len(text) > MAX_ACTION_TEXT for text in _texts(action)):
            raise serializers.ValidationError(
                _("A card, bid or call is at most %(count)s characters.")
                % {"count": MAX_ACTION_TEXT}
            )
        if _json_size(action, MAX_ACTION_SIZE) > MAX_ACTION_SIZE:
            raise serializers.ValidationError(
                _("An action is at most %(count)s characters long.") % {"count": MAX_ACTION_SIZE}
            )
        return action


# The highest seat number (seven players), the longest text in an action (a card is 2 or 3
# characters, a call like "10NT" or "misere_open" a few more) and the longest action written out.
MAX_SEAT = 6
MAX_ACTION_TEXT = 40
MAX_ACTION_SIZE = 2000


def _texts(value):
    """Every string in a JSON value: its keys and its values, nested ones too. A walk with a
    list, not recursion: a hostile action may nest a thousand levels deep."""
    stack = [value]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for key, item in value.items():
                yield str(key)
                stack.append(item)
        elif isinstance(value, list):
            stack.extend(value)


def _json_size(value, limit: int) -> int:
    """How long `value` is written out as JSON (as json.dumps writes it), counted without
    recursion and given up on once past `limit`."""
    size = 0
    stack = [value]
    while stack and size <= limit:
        value = stack.pop()
        if isinstance(value, dict):
            # Braces, and ": " and ", " between the entries.
            size += 2 + 4 * len(value) - (2 if value else 0)
            for key, item in value.items():
                size += len(json.dumps(str(key), ensure_ascii=False))
                stack.append(item)
        elif isinstance(value, list):
            size += 2 + 2 * len(value) - (2 if value else 0)
            stack.extend(value)
        else:
            size += len(json.dumps(value, ensure_ascii=False))
    return size


class ActResultSerializer(serializers.Serializer):
    action_number = serializers.IntegerField()
    hand_number = serializers.IntegerField()
    hand_finished = serializers.BooleanField()
    game_finished = serializers.BooleanField()
    state = TableStateSerializer()


class LookResultSerializer(serializers.Serializer):
    changed = serializers.BooleanField()
    state = TableStateSerializer()


class OptionChoiceSerializer(serializers.Serializer):
    value = serializers.JSONField()
    label = serializers.CharField()


class OptionFieldSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    help = serializers.CharField()
    choices = OptionChoiceSerializer(many=True)
    default = serializers.JSONField()
    players = serializers.ListField(child=serializers.IntegerField(), allow_null=True)


class GameOptionsSerializer(serializers.Serializer):
    game = serializers.CharField()
    label = serializers.CharField()
    player_counts = serializers.ListField(child=serializers.IntegerField())
    options = OptionFieldSerializer(many=True)


class HouseRuleSetSerializer(serializers.ModelSerializer):
    club = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    club_id = serializers.IntegerField(required=False, allow_null=True, write_only=True)

    class Meta:
        model = HouseRuleSet
        fields = ["id", "name", "game", "options", "club", "club_id", "created_at"]
        read_only_fields = ["id", "created_at"]
        extra_kwargs = {"name": {"validators": [validate_shown_name]}}


class BoardSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    commitment = serializers.CharField(
        help_text="SHA-256 commitment to the board's secret seed (games/engines/DEALS.md)."
    )
    revealed_at = serializers.DateTimeField(allow_null=True)
    seed = serializers.CharField(
        required=False, help_text="The seed (hex): only once revealed, or to the set's owner."
    )
    deal = serializers.DictField(
        required=False,
        help_text="The dealt cards (hands, kitty, dead): only once revealed, or to the owner.",
    )


class BoardSetSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.CharField()
    players = serializers.IntegerField()
    options = serializers.DictField()
    created_at = serializers.DateTimeField()
    is_owner = serializers.BooleanField()
    boards = BoardSerializer(many=True)


class BoardSetCreateSerializer(serializers.Serializer):
    game = serializers.ChoiceField(choices=Game.choices)
    players = serializers.IntegerField(min_value=2, max_value=7)
    count = serializers.IntegerField(min_value=1, max_value=64)
    options = serializers.DictField(required=False, default=dict)
    name = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=100,
        validators=[validate_shown_name],
    )


class BoardRevealSerializer(serializers.Serializer):
    numbers = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=64),
        required=False,
        allow_null=True,
        default=None,
        help_text="The boards to reveal; all of them when left out.",
    )
