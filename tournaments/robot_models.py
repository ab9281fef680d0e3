"""Robot duplicate: an individual event anyone may enter during a window, each entrant playing
the same boards at their own table with bots as partner and opponents (see tournaments.robot).

- `RobotEvent` is the event: a club's (a weekly one, say) or the site's (`club` empty: the daily
  one, `daily_on` its day). It deals its boards once (`board_set`) and is open from `opens_at`
  to `closes_at`; `closed_at` is set when it has been closed and its boards revealed.
- `RobotEntry` is one person's entry: their own site table playing every board in order
  (`table`, the entrant in seat 0 and bots elsewhere).
- `RobotBoardResult` is an entry's result on one board, recorded when the table's hand ends:
  the entrant's side's net score (what is matchpointed) and what the traveller shows.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.choices import Game
from games.models import BotLevel

ROBOT_MIN_BOARDS = 8
ROBOT_MAX_BOARDS = 24


class RobotEvent(models.Model):
    class Scoring(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("Matchpoints")

    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="robot_events",
    )
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=20, choices=Game.choices)
    players = models.PositiveSmallIntegerField(default=4)
    options = models.JSONField(default=dict)
    board_set = models.OneToOneField(
        "games.BoardSet", on_delete=models.PROTECT, related_name="robot_event"
    )
    boards = models.PositiveSmallIntegerField()
    opens_at = models.DateTimeField()
    closes_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)
    bot_level = models.CharField(max_length=10, choices=BotLevel.choices, default=BotLevel.CLUB)
    scoring = models.CharField(max_length=20, choices=Scoring.choices, default=Scoring.MATCHPOINTS)
    daily_on = models.DateField(null=True, blank=True, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="robot_events_created",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-opens_at", "-id"]
        verbose_name = _("robot duplicate event")
        constraints = [
            models.CheckConstraint(
                condition=Q(boards__gte=ROBOT_MIN_BOARDS) & Q(boards__lte=ROBOT_MAX_BOARDS),
                name="robot_event_boards_8_to_24",
            ),
            models.CheckConstraint(
                condition=Q(closes_at__gt=models.F("opens_at")), name="robot_event_window"
            ),
        ]

    def __str__(self):
        return self.title

    def get_absolute_url(self):
        from django.urls import reverse

        return reverse("tournaments:robot_event", args=[self.pk])

    @property
    def title(self) -> str:
        """The name people read: the site's daily events are named in the reader's language, the
        day written day first ("5 December 2026"), as every other page writes a date."""
        if self.daily_on is None:
            return self.name
        from django.template.defaultfilters import date as date_filter
        from django.utils.translation import gettext

        return gettext("Daily robot duplicate, %(day)s") % {
            "day": date_filter(self.daily_on, "j F Y")
        }

    def is_open(self, now=None) -> bool:
        now = now or timezone.now()
        return self.closed_at is None and self.opens_at <= now < self.closes_at

    def is_closed(self, now=None) -> bool:
        now = now or timezone.now()
        return self.closed_at is not None or now >= self.closes_at


class RobotEntry(models.Model):
    event = models.ForeignKey(RobotEvent, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="robot_entries"
    )
    table = models.OneToOneField(
        "games.Table", on_delete=models.PROTECT, related_name="robot_entry"
    )
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["event", "started_at", "id"]
        verbose_name = _("robot duplicate entry")
        constraints = [
            models.UniqueConstraint(fields=["event", "user"], name="one_robot_entry_per_user"),
        ]

    def __str__(self):
        return f"{self.event}: {self.user}"


class RobotBoardResult(models.Model):
    entry = models.ForeignKey(RobotEntry, on_delete=models.CASCADE, related_name="results")
    board = models.ForeignKey("games.Board", on_delete=models.PROTECT, related_name="+")
    number = models.PositiveSmallIntegerField()  # the board's
    score = models.IntegerField()  # the entrant's side's points less the opponents' (matchpointed)
    seat_scores = models.JSONField(default=list)  # what the board gave each seat
    contract = models.JSONField(null=True, blank=True)
    declarer = models.PositiveSmallIntegerField(null=True, blank=True)
    tricks = models.PositiveSmallIntegerField(null=True, blank=True)  # the declaring side's (500)
    thrown_in = models.BooleanField(default=False)
    recorded_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number", "id"]
        verbose_name = _("robot duplicate result")
        constraints = [
            models.UniqueConstraint(fields=["entry", "board"], name="one_robot_result_per_board"),
        ]

    def __str__(self):
        return f"{self.entry} board {self.number}: {self.score}"
