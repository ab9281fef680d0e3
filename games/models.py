"""Tables, seats and the log of a game.

A game is stored as its deals plus an append-only log of numbered actions:

- `Table` holds the game's settings and a few running figures kept for cheap reads (the number of
  actions so far, a version bumped on every change, whose turn it is, the totals).
- `Seat` is one chair: a person, a bot (its level) or empty. Every seat row exists from the start.
- `TableHand` is one deal: the dealer, the seed it was shuffled with, and the dealt cards in
  hand-record form, plus when each seat looked at its cards (Five Hundred's blind misère).
- `TableAction` is one numbered action (a hand-record action object) in the table's log.

The rules engines rebuild the current state from the log (`games.state`); the log is the truth.
The rules of who may change what live in `games.services`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import NoReverseMatch, reverse
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from core.choices import Game


def new_invite_token() -> str:
    """The secret part of a table's invite link."""
    return secrets.token_urlsafe(16)


def new_seed() -> int:
    """A table's random seed: the first dealer and every deal come from it."""
    return secrets.randbits(62)


class BotLevel(models.TextChoices):
    """The bots' levels (games.bots.BOT_LEVELS describes each)."""

    EASY = "easy", _("Easy")
    CLUB = "club", _("Club player")
    EXPERT = "expert", _("Expert")


class HouseRuleSet(models.Model):
    """A named set of table options, saved by a member and perhaps offered by a club."""

    name = models.CharField(max_length=80)
    game = models.CharField(max_length=20, choices=Game.choices)
    options = models.JSONField(
        default=dict, blank=True, help_text=_("The options that differ from the rules' defaults.")
    )
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="house_rule_sets",
        help_text=_("A club that offers these rules to its members."),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="house_rule_sets",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "name", "id"]
        verbose_name = _("house rule set")

    def __str__(self):
        return f"{self.name} ({self.get_game_display()})"


class Table(models.Model):
    class Status(models.TextChoices):
        WAITING = "waiting", _("Waiting for players")
        PLAYING = "playing", _("Playing")
        FINISHED = "finished", _("Finished")

    class Access(models.TextChoices):
        ANYONE = "anyone", _("Anyone")
        CLUB = "club", _("Club members")
        INVITE = "invite", _("Invite link only")

    name = models.CharField(max_length=100, blank=True)
    named_after = models.CharField(
        max_length=150,
        blank=True,
        help_text=_(
            "Who opened a table left unnamed: it is called after them in each reader's language."
        ),
    )
    game = models.CharField(max_length=20, choices=Game.choices)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, help_text=_("Every table option, defaults included."))
    house_rules = models.ForeignKey(
        HouseRuleSet, on_delete=models.SET_NULL, null=True, blank=True, related_name="tables"
    )
    access = models.CharField(max_length=10, choices=Access.choices, default=Access.ANYONE)
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.SET_NULL, null=True, blank=True, related_name="tables"
    )
    invite_token = models.CharField(max_length=40, unique=True, default=new_invite_token)
    bot_level = models.CharField(
        max_length=10,
        choices=BotLevel.choices,
        blank=True,
        help_text=_("The level of the bots that may take empty seats; blank for no bots."),
    )
    hand_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("Play this many hands instead of playing to the target.")
    )
    seed = models.BigIntegerField(default=new_seed, editable=False)
    seeded = models.BooleanField(
        default=False,
        editable=False,
        help_text=_(
            "The deals follow from the table's seed (tests, benches) instead of fresh seeds."
        ),
    )
    table_boards = models.JSONField(
        default=list,
        blank=True,
        help_text=_("The ids of the boards this table plays, in order (empty: random deals)."),
    )
    boards_hidden = models.BooleanField(
        default=False,
        help_text=_(
            "Only the players (and whoever opened it) may see it until its boards are revealed."
        ),
    )
    is_demo = models.BooleanField(default=False)

    status = models.CharField(max_length=10, choices=Status.choices, default=Status.WAITING)
    action_number = models.PositiveIntegerField(default=0, help_text=_("Actions played so far."))
    version = models.PositiveIntegerField(default=0, help_text=_("Bumped on every change."))
    hand_number = models.PositiveSmallIntegerField(default=0, help_text=_("The hand being played."))
    to_act = models.PositiveSmallIntegerField(null=True, blank=True)
    bot_to_act = models.BooleanField(default=False)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    totals = models.JSONField(default=list, blank=True)
    winners = models.JSONField(null=True, blank=True)

    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tables_created",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["status", "access"]),
            models.Index(
                fields=["turn_started_at"],
                condition=Q(status="playing", bot_to_act=True),
                name="table_waiting_on_bot",
            ),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(players__gte=2) & Q(players__lte=7), name="table_players_2_to_7"
            ),
        ]

    def __str__(self):
        """The table's own name, or its default in the active language: "Ann's Five Hundred
        table" when it was opened unnamed ("Quick game: Ann and three bots" for a quick game),
        else "Five Hundred table 12"."""
        if self.name:
            return self.name
        if self.is_demo and self.named_after:
            return gettext("Quick game: %(name)s and three bots") % {"name": self.named_after}
        if self.named_after:
            return gettext("%(name)s's %(game)s table") % {
                "name": self.named_after,
                "game": self.get_game_display(),
            }
        return gettext("%(game)s table %(number)s") % {
            "game": self.get_game_display(),
            "number": self.pk,
        }

    def get_absolute_url(self):
        try:
            return reverse("games:table", args=[self.pk])
        except NoReverseMatch:
            return f"/tables/{self.pk}/"

    @property
    def is_waiting(self) -> bool:
        return self.status == self.Status.WAITING

    @property
    def is_playing(self) -> bool:
        return self.status == self.Status.PLAYING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED


class Seat(models.Model):
    """One chair at a table: a person, a bot of some level, or empty."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="table_seats",
    )
    bot_level = models.CharField(max_length=10, choices=BotLevel.choices, blank=True)
    taken_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_seat_number"),
            models.UniqueConstraint(
                fields=["table", "user"],
                condition=Q(user__isnull=False),
                name="one_seat_per_user",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=True) | Q(bot_level=""), name="seat_person_or_bot"
            ),
        ]

    def __str__(self):
        return f"{self.table} seat {self.number}: {self.name}"

    @property
    def is_bot(self) -> bool:
        return bool(self.bot_level)

    @property
    def is_empty(self) -> bool:
        return self.user_id is None and not self.bot_level

    @property
    def name(self) -> str:
        if self.user_id is not None:
            return self.user.shown_name
        if self.bot_level:
            return gettext("Bot (%(level)s)") % {"level": BotLevel(self.bot_level).label}
        return pgettext("a seat no one has taken", "Empty")


class TableHand(models.Model):
    """One deal at a table: enough to replay and audit it with the table's log."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(help_text=_("1 for the first hand of the game."))
    dealer = models.PositiveSmallIntegerField()
    seed = models.CharField(
        max_length=64,
        help_text=_("The seed the pack was shuffled with (secret until the game is over)."),
    )
    deal_algorithm = models.CharField(
        max_length=20,
        default="sha256-fy-1",
        help_text=_("How the seed gives the deal (games/engines/DEALS.md); legacy: not auditable."),
    )
    commitment = models.CharField(
        max_length=64,
        blank=True,
        help_text=_("The public hash of the seed, shown from the deal on."),
    )
    board = models.ForeignKey(
        "Board", on_delete=models.PROTECT, null=True, blank=True, related_name="table_hands"
    )
    deal = models.JSONField(
        help_text=_("The dealt cards in hand-record form (hands, kitty, dead).")
    )
    looks = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Seat -> the table's action count when that seat was shown its cards."),
    )
    first_action = models.PositiveIntegerField(
        help_text=_("The table's action count when this hand was dealt.")
    )
    finished = models.BooleanField(default=False)
    thrown_in = models.BooleanField(default=False)
    scores = models.JSONField(
        null=True, blank=True, help_text=_("What the hand added to each seat.")
    )
    totals = models.JSONField(
        null=True, blank=True, help_text=_("Each seat's total after the hand.")
    )
    result = models.JSONField(
        null=True, blank=True, help_text=_("The finished hand's replay summary and last trick.")
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_hand_number"),
        ]

    def __str__(self):
        return f"{self.table} hand {self.number}"


class TableAction(models.Model):
    """One entry of a table's append-only log: a hand-record action object with its number."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="actions")
    number = models.PositiveIntegerField(help_text=_("1 for the first action of the game."))
    hand = models.ForeignKey(TableHand, on_delete=models.CASCADE, related_name="actions")
    seat = models.PositiveSmallIntegerField()
    record = models.JSONField()
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    by_bot = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_action_number"),
        ]

    def __str__(self):
        return f"{self.table} action {self.number}"


class BoardSet(models.Model):
    """Boards for duplicate play: deals dealt once and played at any number of tables."""

    name = models.CharField(max_length=100, blank=True)
    game = models.CharField(max_length=20, choices=Game.choices)
    players = models.PositiveSmallIntegerField()
    options = models.JSONField(default=dict, help_text=_("Every table option, defaults included."))
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="board_sets",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name = _("board set")

    def __str__(self):
        return self.name or gettext("Boards %(number)s") % {"number": self.pk}


class Board(models.Model):
    """One deal of a board set: every hand, the kitty and the dealer, from a secret seed."""

    board_set = models.ForeignKey(BoardSet, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(help_text=_("1 for the first board."))
    dealer = models.PositiveSmallIntegerField()
    seed = models.CharField(max_length=64, help_text=_("Secret until the board is revealed."))
    commitment = models.CharField(max_length=64, help_text=_("The public hash of the seed."))
    deal = models.JSONField(
        help_text=_("The dealt cards in hand-record form (hands, kitty, dead).")
    )
    revealed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["board_set", "number"]
        constraints = [
            models.UniqueConstraint(fields=["board_set", "number"], name="unique_board_number"),
        ]

    def __str__(self):
        return f"{self.board_set} board {self.number}"

    @property
    def is_revealed(self) -> bool:
        return self.revealed_at is not None
