"""Tournaments: entrants, rounds, tables, results and the standings snapshot.

- `Tournament` belongs to a club (and usually a club night); it has a game, options (or a house
  rule set), a format, how a round is played (a fixed number of hands or to the game's target),
  the director's ordered tiebreaks, and a status: draft → running → finished.
- `Entrant` is whoever takes a place in the standings: a fixed partnership (a Five Hundred pair,
  a Pitch team of two) or an individual (progressive, Pitch each for themselves). Its members
  (`EntrantMember`) are site users or walk-in guests known only by name.
- `Round` is one round of play; its `TournamentTable`s list who sits where (`TableSeat`, a bot
  where the seat has no entrant) and, for tables played on the site, the `games.Table`.
  A round with no table for an entrant gives that entrant a `Bye`.
- `TableResult` is the one result of a table (the database allows no second row); it counts
  only once confirmed. Every director entry or correction leaves a `ResultAudit` row.
- `Standing` rows are the standings as last recalculated (`tournaments.tasks`), with
  `Tournament.standings_version` bumped whenever they change, for cheap polling.

The rules of who may change what live in `tournaments.services`; reads in `tournaments.selectors`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q

from core.choices import Game
from games.models import BotLevel


def new_tournament_seed() -> int:
    """The seed of a tournament's progressive movement (so a seating can be regenerated)."""
    return secrets.randbits(48)


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "Round robin"
        SWISS = "swiss", "Swiss"
        SINGLE_ELIMINATION = "single_elimination", "Single elimination"
        DOUBLE_ELIMINATION = "double_elimination", "Double elimination"
        PROGRESSIVE = "progressive", "Progressive"

    class Status(models.TextChoices):
        DRAFT = "draft", "Draft"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"

    class Play(models.TextChoices):
        TARGET = "target", "To the game's target"
        HANDS = "hands", "A fixed number of hands"

    ELIMINATION = (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)

    club = models.ForeignKey("clubs.Club", on_delete=models.CASCADE, related_name="tournaments")
    night = models.ForeignKey(
        "clubs.ClubNight",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        help_text="The club night whose checked-in players are the entrants.",
    )
    name = models.CharField(max_length=100)
    game = models.CharField(max_length=20, choices=Game.choices)
    format = models.CharField(max_length=20, choices=Format.choices)
    house_rules = models.ForeignKey(
        "games.HouseRuleSet",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text="Table options in record form (the house rules' options with these on top).",
    )
    play = models.CharField(max_length=10, choices=Play.choices, default=Play.TARGET)
    hand_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Hands per round when a round is a fixed number of hands."
    )
    rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text="Rounds to play (Swiss and progressive; round robin and brackets decide it).",
    )
    cycles = models.PositiveSmallIntegerField(
        default=1, help_text="Round robin: how many times everyone meets everyone."
    )
    bracket_reset = models.BooleanField(
        default=True, help_text="Double elimination: a second grand final if the first is lost."
    )
    tiebreaks = models.JSONField(
        default=list, blank=True, help_text="The director's tiebreaks, in order."
    )
    online = models.BooleanField(
        default=False, help_text="Play every table on the site (tables can also be set one by one)."
    )
    bot_level = models.CharField(
        max_length=10,
        choices=BotLevel.choices,
        default=BotLevel.CLUB,
        help_text="The level of the bots that fill empty seats at tables played on the site.",
    )
    seed = models.BigIntegerField(default=new_tournament_seed, editable=False)
    draw = models.JSONField(
        default=list,
        blank=True,
        help_text="Entrant ids in seed order when it started (round robin schedule, bracket).",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    standings_version = models.PositiveIntegerField(default=0)
    standings_updated_at = models.DateTimeField(null=True, blank=True)
    bracket_snapshot = models.JSONField(null=True, blank=True)
    champion = models.ForeignKey(
        "Entrant", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(play="target") | Q(hand_limit__gte=1), name="tournament_hands_given"
            ),
            models.CheckConstraint(condition=Q(cycles__gte=1), name="tournament_cycles_positive"),
        ]

    def __str__(self):
        return self.name

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.RUNNING

    @property
    def is_finished(self) -> bool:
        return self.status == self.Status.FINISHED

    @property
    def is_elimination(self) -> bool:
        return self.format in self.ELIMINATION

    @property
    def is_progressive(self) -> bool:
        return self.format == self.Format.PROGRESSIVE

    @property
    def partnerships(self) -> bool:
        """Whether tables seat partnerships (Five Hundred always; Pitch with the option)."""
        return self.game == Game.FIVE_HUNDRED or bool((self.options or {}).get("partnerships"))

    @property
    def team_size(self) -> int:
        """Members per entrant: 2 for fixed partnerships, 1 for individuals (progressive)."""
        return 1 if self.is_progressive or not self.partnerships else 2

    @property
    def play_label(self) -> str:
        if self.play == self.Play.HANDS:
            return f"{self.hand_limit} hand{'s' if self.hand_limit != 1 else ''} a round"
        target = (self.options or {}).get("target")
        return f"To {target} points" if target else "To the game's target"


class Entrant(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=120)
    seed = models.PositiveIntegerField(help_text="1 for the top seed; the entry order.")
    withdrawn = models.BooleanField(default=False)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    late = models.BooleanField(default=False, help_text="Entered after the tournament started.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="unique_entrant_seed"),
        ]

    def __str__(self):
        return self.name


class EntrantMember(models.Model):
    """A person in an entrant: a site user, or a guest known by name (club-night walk-ins)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="members")
    position = models.PositiveSmallIntegerField(default=0)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournament_entries",
    )
    guest_name = models.CharField(max_length=100, blank=True)

    class Meta:
        ordering = ["entrant", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["entrant", "position"], name="unique_entrant_member_position"
            ),
            models.UniqueConstraint(
                fields=["tournament", "user"],
                condition=Q(user__isnull=False),
                name="one_entry_per_user_per_tournament",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(guest_name=""),
                name="entrant_member_is_someone",
            ),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        return self.user.shown_name if self.user_id else self.guest_name

    @property
    def is_guest(self) -> bool:
        return self.user_id is None


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", "Seating (not published)"
        PUBLISHED = "published", "Published"
        CLOSED = "closed", "Closed"

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="round_set")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
        ]

    def __str__(self):
        return f"{self.tournament} round {self.number}"

    @property
    def is_draft(self) -> bool:
        return self.status == self.Status.DRAFT

    @property
    def is_published(self) -> bool:
        return self.status == self.Status.PUBLISHED

    @property
    def is_closed(self) -> bool:
        return self.status == self.Status.CLOSED


class Bye(models.Model):
    """An entrant who sits a round out and scores the format's bye points."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        ordering = ["round", "entrant__seed"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="unique_bye"),
        ]

    def __str__(self):
        return f"{self.entrant} has a bye in {self.round}"


class TournamentTable(models.Model):
    """One table (one match) of a round: its seats, and the site table when played online."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="tables")
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    bracket_match = models.CharField(
        max_length=10, blank=True, help_text="The bracket match id (R1-1, W2-1, L1-1, GF1…)."
    )
    sides = models.JSONField(
        help_text="The seat numbers of each side: [[0, 2], [1, 3]] for partnerships."
    )
    online = models.BooleanField(default=False, help_text="Played on the site.")
    game_table = models.OneToOneField(
        "games.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournament_table",
    )

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="unique_table_number"),
            models.UniqueConstraint(
                fields=["tournament", "bracket_match"],
                condition=~Q(bracket_match=""),
                name="one_table_per_bracket_match",
            ),
        ]

    def __str__(self):
        return f"{self.round} table {self.number}"


class TableSeat(models.Model):
    """One seat of a tournament table: an entrant's member, or a bot (no entrant)."""

    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, null=True, blank=True, related_name="seats"
    )
    member = models.ForeignKey(
        EntrantMember, on_delete=models.SET_NULL, null=True, blank=True, related_name="seats"
    )

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="unique_tournament_seat"),
        ]

    def __str__(self):
        return f"{self.table} seat {self.number}: {self.name}"

    @property
    def is_bot(self) -> bool:
        return self.entrant_id is None

    @property
    def name(self) -> str:
        if self.member_id is not None:
            return self.member.name
        return "Bot" if self.entrant_id is None else str(self.entrant)


class TableResult(models.Model):
    """The result of a table: one row a table at most (a database constraint), counted in the
    standings only once confirmed.

    `scores[i]`, `hands_won[i]` are side i's (the table's `sides`); `winners` lists the winning
    sides (empty for a draw). A player's entry waits for an opponent to confirm; a director's
    entry, a correction and a result from a site table are confirmed at once.
    """

    class Status(models.TextChoices):
        PENDING = "pending", "Waiting for an opponent to confirm"
        CONFIRMED = "confirmed", "Confirmed"

    class Source(models.TextChoices):
        PLAYER = "player", "Entered by a player"
        DIRECTOR = "director", "Entered by a director"
        ONLINE = "online", "Recorded from the site table"
        FORFEIT = "forfeit", "Forfeit (withdrawal)"

    table = models.OneToOneField(TournamentTable, on_delete=models.CASCADE, related_name="result")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="results")
    status = models.CharField(max_length=10, choices=Status.choices)
    source = models.CharField(max_length=10, choices=Source.choices)
    scores = models.JSONField()
    hands_won = models.JSONField(default=list)
    winners = models.JSONField(default=list)
    entered_side = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The side of the player who entered it."
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table"]
        indexes = [models.Index(fields=["tournament", "status"])]

    def __str__(self):
        return f"{self.table}: {self.scores} ({self.get_status_display()})"

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED

    def as_dict(self) -> dict:
        return {
            "status": self.status,
            "source": self.source,
            "scores": list(self.scores),
            "hands_won": list(self.hands_won),
            "winners": list(self.winners),
        }


class ResultAudit(models.Model):
    """A director's entry or correction of a result: who, when, the result before and after, and
    the reason given."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audits")
    table = models.ForeignKey(TournamentTable, on_delete=models.CASCADE, related_name="audits")
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField()
    reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.table} changed by {self.actor}: {self.reason}"


class Standing(models.Model):
    """One line of the standings as last recalculated (see `tournaments.tasks`)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="standings")
    entrant = models.ForeignKey(Entrant, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField(help_text="1 for the top line (order shown).")
    rank = models.PositiveIntegerField(help_text="Shared by entrants level on every tiebreak.")
    points = models.DecimalField(max_digits=12, decimal_places=2)
    played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    byes = models.PositiveIntegerField(default=0)
    game_points = models.IntegerField(default=0)
    hands_won = models.IntegerField(default=0)
    data = models.JSONField(
        default=dict, help_text="Every figure: tiebreak values, Buchholz, Sonneborn–Berger…"
    )

    class Meta:
        ordering = ["tournament", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "position"], name="unique_standing_position"
            ),
            models.UniqueConstraint(fields=["tournament", "entrant"], name="unique_standing"),
        ]

    def __str__(self):
        return f"{self.rank}. {self.entrant} ({self.points})"
