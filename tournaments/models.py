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
- A duplicate event (`Format.DUPLICATE`) deals a `games.BoardSet` when it starts; each round's
  tables carry their board numbers (`TournamentTable.boards`) and every board played at a table
  is one `BoardResult` (recorded from the site table, or entered and confirmed at the club).
- `Standing` rows are the standings as last recalculated (`tournaments.tasks`), with
  `Tournament.standings_version` bumped whenever they change, for cheap polling.

The rules of who may change what live in `tournaments.services`; reads in `tournaments.selectors`.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from core.choices import Game
from games.engines import engine_for
from games.models import BotLevel


def new_tournament_seed() -> int:
    """The seed of a tournament's progressive movement (so a seating can be regenerated)."""
    return secrets.randbits(48)


class Tournament(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("Round robin")
        SWISS = "swiss", _("Swiss")
        SINGLE_ELIMINATION = "single_elimination", _("Single elimination")
        DOUBLE_ELIMINATION = "double_elimination", _("Double elimination")
        PROGRESSIVE = "progressive", _("Progressive")
        DUPLICATE = "duplicate", _("Duplicate")

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        RUNNING = "running", _("Running")
        FINISHED = "finished", _("Finished")

    class Scoring(models.TextChoices):
        MATCHPOINTS = "matchpoints", _("Matchpoints")
        TOTAL_POINTS = "total_points", _("Total points")

    class Movement(models.TextChoices):
        AUTO = "auto", _("Automatic")
        MITCHELL = "mitchell", _("Mitchell")
        HOWELL = "howell", _("Howell")

    class Play(models.TextChoices):
        TARGET = "target", _("To the game's target")
        HANDS = "hands", _("A fixed number of hands")

    ELIMINATION = (Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION)

    club = models.ForeignKey(
        "clubs.Club", on_delete=models.CASCADE, related_name="tournaments", verbose_name=_("club")
    )
    night = models.ForeignKey(
        "clubs.ClubNight",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        help_text=_("The club night whose checked-in players are the entrants."),
        verbose_name=_("night"),
    )
    name = models.CharField(max_length=100, verbose_name=_("name"))
    game = models.CharField(max_length=20, choices=Game.choices, verbose_name=_("game"))
    format = models.CharField(max_length=20, choices=Format.choices, verbose_name=_("format"))
    house_rules = models.ForeignKey(
        "games.HouseRuleSet",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("house rules"),
    )
    options = models.JSONField(
        default=dict,
        blank=True,
        help_text=_("Table options in record form (the house rules' options with these on top)."),
        verbose_name=_("options"),
    )
    play = models.CharField(
        max_length=10, choices=Play.choices, default=Play.TARGET, verbose_name=_("play")
    )
    hand_limit = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Hands per round when a round is a fixed number of hands."),
        verbose_name=_("hand limit"),
    )
    rounds = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Rounds to play (Swiss and progressive; round robin and brackets decide it)."),
        verbose_name=_("rounds"),
    )
    cycles = models.PositiveSmallIntegerField(
        default=1,
        help_text=_("Round robin: how many times everyone meets everyone."),
        verbose_name=_("cycles"),
    )
    bracket_reset = models.BooleanField(
        default=True,
        help_text=_("Double elimination: a second grand final if the first is lost."),
        verbose_name=_("bracket reset"),
    )
    tiebreaks = models.JSONField(
        default=list,
        blank=True,
        help_text=_("The director's tiebreaks, in order."),
        verbose_name=_("tiebreaks"),
    )
    online = models.BooleanField(
        default=False,
        help_text=_("Play every table on the site (tables can also be set one by one)."),
        verbose_name=_("online"),
    )
    bot_level = models.CharField(
        max_length=10,
        choices=BotLevel.choices,
        default=BotLevel.CLUB,
        help_text=_("The level of the bots that fill empty seats at tables played on the site."),
        verbose_name=_("bot level"),
    )
    seed = models.BigIntegerField(
        default=new_tournament_seed, editable=False, verbose_name=_("seed")
    )
    scoring = models.CharField(
        max_length=15,
        choices=Scoring.choices,
        default=Scoring.MATCHPOINTS,
        help_text=_("Duplicate: how each board's results are compared."),
        verbose_name=_("scoring"),
    )
    boards_per_round = models.PositiveSmallIntegerField(default=3, verbose_name=_("boards a round"))
    movement = models.CharField(
        max_length=10,
        choices=Movement.choices,
        default=Movement.AUTO,
        help_text=_("Duplicate: how pairs and boards move between the tables."),
        verbose_name=_("movement"),
    )
    board_set = models.ForeignKey(
        "games.BoardSet",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        help_text=_("Duplicate: the boards dealt when the event started."),
        verbose_name=_("board set"),
    )
    draw = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Entrant ids in seed order when it started (round robin schedule, bracket)."),
        verbose_name=_("draw"),
    )
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.DRAFT, verbose_name=_("status")
    )
    standings_version = models.PositiveIntegerField(default=0, verbose_name=_("standings version"))
    boards_version = models.PositiveIntegerField(
        default=0,
        verbose_name=_("boards version"),
    )
    standings_updated_at = models.DateTimeField(
        null=True, blank=True, verbose_name=_("standings updated at")
    )
    bracket_snapshot = models.JSONField(null=True, blank=True, verbose_name=_("bracket snapshot"))
    champion = models.ForeignKey(
        "Entrant",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("champion"),
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    started_at = models.DateTimeField(null=True, blank=True, verbose_name=_("started at"))
    finished_at = models.DateTimeField(null=True, blank=True, verbose_name=_("finished at"))

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
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
    def is_duplicate(self) -> bool:
        return self.format == self.Format.DUPLICATE

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
        if self.is_duplicate:
            # A duplicate round is a number of boards, whatever `play` says.
            return ngettext(
                "%(count)s board a round", "%(count)s boards a round", self.boards_per_round
            ) % {"count": self.boards_per_round}
        if self.play == self.Play.HANDS:
            return ngettext(
                "%(count)s hand a round", "%(count)s hands a round", self.hand_limit
            ) % {"count": self.hand_limit}
        # The table option, else the rules' own target (500, Pitch's 7): a number, not "the
        # game's target", which a player would have to look up.
        target = (self.options or {}).get("target") or engine_for(self.game).Options().target
        return gettext("To %(target)s points") % {"target": target}


class Entrant(models.Model):
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entrants", verbose_name=_("tournament")
    )
    name = models.CharField(max_length=120, verbose_name=_("name"))
    seed = models.PositiveIntegerField(
        help_text=_("1 for the top seed; the entry order."), verbose_name=_("seed")
    )
    withdrawn = models.BooleanField(default=False, verbose_name=_("withdrawn"))
    withdrawn_at = models.DateTimeField(null=True, blank=True, verbose_name=_("withdrawn at"))
    late = models.BooleanField(
        default=False, help_text=_("Entered after the tournament started."), verbose_name=_("late")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))

    class Meta:
        verbose_name = _("entrant")
        verbose_name_plural = _("entrants")
        ordering = ["tournament", "seed", "id"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="unique_entrant_seed"),
        ]

    def __str__(self):
        return self.name


class EntrantMember(models.Model):
    """A person in an entrant: a site user, or a guest known by name (club-night walk-ins)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="+", verbose_name=_("tournament")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="members", verbose_name=_("entrant")
    )
    position = models.PositiveSmallIntegerField(default=0, verbose_name=_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournament_entries",
        verbose_name=_("user"),
    )
    guest_name = models.CharField(max_length=100, blank=True, verbose_name=_("guest name"))

    class Meta:
        verbose_name = _("entrant's player")
        verbose_name_plural = _("entrants' players")
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
        DRAFT = "draft", _("Seating (not published)")
        PUBLISHED = "published", _("Published")
        CLOSED = "closed", _("Closed")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    status = models.CharField(
        max_length=10, choices=Status.choices, default=Status.DRAFT, verbose_name=_("status")
    )
    created_at = models.DateTimeField(auto_now_add=True, verbose_name=_("created at"))
    published_at = models.DateTimeField(null=True, blank=True, verbose_name=_("published at"))
    closed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("closed at"))

    class Meta:
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
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

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="byes", verbose_name=_("round")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="byes", verbose_name=_("entrant")
    )

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        ordering = ["round", "entrant__seed"]
        constraints = [
            models.UniqueConstraint(fields=["round", "entrant"], name="unique_bye"),
        ]

    def __str__(self):
        return f"{self.entrant} has a bye in {self.round}"


class TournamentTable(models.Model):
    """One table (one match) of a round: its seats, and the site table when played online."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="tables", verbose_name=_("tournament")
    )
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="tables", verbose_name=_("round")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    bracket_match = models.CharField(
        max_length=10,
        blank=True,
        help_text=_("The bracket match id (R1-1, W2-1, L1-1, GF1…)."),
        verbose_name=_("bracket match"),
    )
    sides = models.JSONField(
        help_text=_("The seat numbers of each side: [[0, 2], [1, 3]] for partnerships."),
        verbose_name=_("sides"),
    )
    online = models.BooleanField(
        default=False, help_text=_("Played on the site."), verbose_name=_("online")
    )
    boards = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Duplicate: the numbers of the boards played at this table this round."),
        verbose_name=_("boards"),
    )
    game_table = models.OneToOneField(
        "games.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournament_table",
        verbose_name=_("game table"),
    )

    class Meta:
        verbose_name = _("tournament table")
        verbose_name_plural = _("tournament tables")
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

    table = models.ForeignKey(
        TournamentTable, on_delete=models.CASCADE, related_name="seats", verbose_name=_("table")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("number"))
    entrant = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("entrant"),
    )
    member = models.ForeignKey(
        EntrantMember,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seats",
        verbose_name=_("member"),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
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
        return gettext("Bot") if self.entrant_id is None else str(self.entrant)


class TableResult(models.Model):
    """The result of a table: one row a table at most (a database constraint), counted in the
    standings only once confirmed.

    `scores[i]`, `hands_won[i]` are side i's (the table's `sides`); `winners` lists the winning
    sides (empty for a draw). A player's entry waits for an opponent to confirm; a director's
    entry, a correction and a result from a site table are confirmed at once.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an opponent to confirm")
        CONFIRMED = "confirmed", _("Confirmed")

    class Source(models.TextChoices):
        PLAYER = "player", _("Entered by a player")
        DIRECTOR = "director", _("Entered by a director")
        ONLINE = "online", _("Recorded from the site table")
        FORFEIT = "forfeit", _("Forfeit (withdrawal)")

    table = models.OneToOneField(
        TournamentTable, on_delete=models.CASCADE, related_name="result", verbose_name=_("table")
    )
    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="results", verbose_name=_("tournament")
    )
    status = models.CharField(max_length=10, choices=Status.choices, verbose_name=_("status"))
    source = models.CharField(max_length=10, choices=Source.choices, verbose_name=_("source"))
    scores = models.JSONField(verbose_name=_("scores"))
    hands_won = models.JSONField(default=list, verbose_name=_("hands won"))
    winners = models.JSONField(default=list, verbose_name=_("winners"))
    entered_side = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("The side of the player who entered it."),
        verbose_name=_("entered side"),
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(auto_now_add=True, verbose_name=_("entered at"))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("confirmed at"))

    class Meta:
        verbose_name = _("table result")
        verbose_name_plural = _("table results")
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


class BoardResult(models.Model):
    """One table's result on one board of a duplicate event: North–South (seats 0 and 2) against
    East–West (1 and 3). A bot pair has no entrant. Recorded from the site table's hand, or
    entered at a physical table (contract, declarer, tricks) and confirmed by the other pair or
    a director. `scores` are the points each direction scored, [NS, EW], from the engine.
    At solo (Pitch individual) tables each seat is a direction: `seat_entrants` and `scores`
    have one item a seat, and `ns_entrant`/`ew_entrant` are unused."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for an opponent to confirm")
        CONFIRMED = "confirmed", _("Confirmed")

    class Source(models.TextChoices):
        ONLINE = "online", _("Recorded from the site table")
        PHYSICAL = "physical", _("Entered at the table")
        ASSIGNED = "assigned", _("Assigned by the director")

    tournament = models.ForeignKey(
        Tournament,
        on_delete=models.CASCADE,
        related_name="board_results",
        verbose_name=_("tournament"),
    )
    board = models.ForeignKey(
        "games.Board", on_delete=models.PROTECT, related_name="+", verbose_name=_("board")
    )
    number = models.PositiveSmallIntegerField(verbose_name=_("board number"))
    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="board_results", verbose_name=_("round")
    )
    table = models.ForeignKey(
        TournamentTable,
        on_delete=models.CASCADE,
        related_name="board_results",
        verbose_name=_("table"),
    )
    ns_entrant = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("North–South"),
    )
    ew_entrant = models.ForeignKey(
        Entrant,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("East–West"),
    )
    seat_entrants = models.JSONField(
        default=list,
        blank=True,
        help_text=_("Solo tables: the entrant in each seat (null for a bot)."),
        verbose_name=_("players by seat"),
    )
    contract = models.CharField(max_length=20, blank=True, verbose_name=_("contract"))
    declarer = models.PositiveSmallIntegerField(null=True, blank=True, verbose_name=_("declarer"))
    tricks = models.PositiveSmallIntegerField(
        null=True,
        blank=True,
        help_text=_("Tricks the declaring side took."),
        verbose_name=_("tricks"),
    )
    scores = models.JSONField(verbose_name=_("scores"))
    detail = models.JSONField(default=dict, blank=True, verbose_name=_("detail"))
    source = models.CharField(max_length=10, choices=Source.choices, verbose_name=_("source"))
    status = models.CharField(max_length=10, choices=Status.choices, verbose_name=_("status"))
    entered_side = models.PositiveSmallIntegerField(null=True, blank=True)
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("entered by"),
    )
    entered_at = models.DateTimeField(auto_now_add=True, verbose_name=_("entered at"))
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("confirmed by"),
    )
    confirmed_at = models.DateTimeField(null=True, blank=True, verbose_name=_("confirmed at"))

    class Meta:
        verbose_name = _("board result")
        verbose_name_plural = _("board results")
        ordering = ["number", "round__number", "table__number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "board"], name="one_result_per_table_board"),
        ]
        indexes = [models.Index(fields=["tournament", "number"])]

    def __str__(self):
        return f"{self.table} board {self.number}: {self.scores}"

    @property
    def is_confirmed(self) -> bool:
        return self.status == self.Status.CONFIRMED


class ResultAudit(models.Model):
    """A director's entry or correction of a result: who, when, the result before and after, and
    the reason given."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="audits", verbose_name=_("tournament")
    )
    table = models.ForeignKey(
        TournamentTable, on_delete=models.CASCADE, related_name="audits", verbose_name=_("table")
    )
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("actor"),
    )
    at = models.DateTimeField(auto_now_add=True, verbose_name=_("at"))
    old = models.JSONField(null=True, blank=True, verbose_name=_("old"))
    new = models.JSONField(verbose_name=_("new"))
    reason = models.CharField(max_length=300, blank=True, verbose_name=_("reason"))

    # The status `new` holds for an entry disputed at the table (services.results writes it).
    DISPUTED = "disputed"
    # The reason kept when a director enters a result without giving one (stored in English,
    # shown in the reader's language).
    ENTERED = "Entered by a director."

    class Meta:
        verbose_name = _("result audit entry")
        verbose_name_plural = _("result audit log")
        ordering = ["-at", "-id"]

    def __str__(self):
        return f"{self.table} changed by {self.actor}: {self.reason}"

    @property
    def is_dispute(self) -> bool:
        return (self.new or {}).get("status") == self.DISPUTED

    @property
    def shown_reason(self) -> str:
        """The reason in the reader's language: a dispute's, or a director's entry without a
        reason, is the site's own sentence (stored in English); a director's is as they typed it."""
        if self.is_dispute:
            return gettext("Disputed at the table: the entry was cleared.")
        if self.reason == self.ENTERED:
            return gettext("Entered by a director.")
        return self.reason


class Standing(models.Model):
    """One line of the standings as last recalculated (see `tournaments.tasks`)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="standings", verbose_name=_("tournament")
    )
    entrant = models.ForeignKey(
        Entrant, on_delete=models.CASCADE, related_name="+", verbose_name=_("entrant")
    )
    position = models.PositiveIntegerField(
        help_text=_("1 for the top line (order shown)."), verbose_name=_("position")
    )
    rank = models.PositiveIntegerField(
        help_text=_("Shared by entrants level on every tiebreak."), verbose_name=_("rank")
    )
    points = models.DecimalField(max_digits=12, decimal_places=2, verbose_name=_("points"))
    played = models.PositiveIntegerField(default=0, verbose_name=_("played"))
    wins = models.PositiveIntegerField(default=0, verbose_name=_("wins"))
    draws = models.PositiveIntegerField(default=0, verbose_name=_("draws"))
    losses = models.PositiveIntegerField(default=0, verbose_name=_("losses"))
    byes = models.PositiveIntegerField(default=0, verbose_name=_("byes"))
    game_points = models.IntegerField(default=0, verbose_name=_("game points"))
    hands_won = models.IntegerField(default=0, verbose_name=_("hands won"))
    data = models.JSONField(
        default=dict,
        help_text=_("Every figure: tiebreak values, Buchholz, Sonneborn–Berger…"),
        verbose_name=_("data"),
    )

    # A line's own figures (everything but its tournament, entrant and points), as read by the
    # standings page and compared by the recalculation.
    LINE_FIELDS = (
        "position",
        "rank",
        "played",
        "wins",
        "draws",
        "losses",
        "byes",
        "game_points",
        "hands_won",
        "data",
    )

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        ordering = ["tournament", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "position"], name="unique_standing_position"
            ),
            models.UniqueConstraint(fields=["tournament", "entrant"], name="unique_standing"),
        ]

    def __str__(self):
        return f"{self.rank}. {self.entrant} ({self.points})"


# Robot duplicate (tournaments.robot) keeps its models in their own module.
from .robot_models import RobotBoardResult, RobotEntry, RobotEvent  # noqa: E402, F401
