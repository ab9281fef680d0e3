"""Ladders: every finished game's result, the ratings it moved, and how each ladder is run.

- `RatedGame` is one finished game, recorded once (a database constraint on its source): an
  online table (`games.Table`) or a physical tournament table whose result was confirmed. It
  holds the result as the rating layer reads it (teams of player ids, their places) and whether
  it counts for the ladders under the current rules (`rated`). `GamePlayer` lists its people.
- `Ladder` is one ranking: a game (Five Hundred or Pitch) site-wide or within one club. Its row
  is also the lock that every change to its ratings takes, and its `version` goes up with each
  such change (the pages' cached leaderboards are keyed on it).
- `PlayerRating` is a player's current rating on a ladder; `RatingChange` is the rating a game
  left them with (the history a chart draws).
- `PlayerGameStats` is one player's statistics from one online game's hand records, summed on
  the player page (`ladders.stats_data`).
- `ClubLadderSettings` is a club's choices (the clubs app never imports ladders, so they live
  here, keyed by club); `RebuildJob` is a rebuild from scratch and its progress.

The rules of what changes when live in `ladders.services`; reads in `ladders.selectors`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from core.choices import Game

from .ratings import ACTIVE_DAYS, MIN_GAMES, is_draw


class ClubLadderSettings(models.Model):
    """How a club runs its ladders. A club without a row uses the defaults."""

    club = models.OneToOneField(
        "clubs.Club", on_delete=models.CASCADE, related_name="ladder_settings"
    )
    rate_bot_games = models.BooleanField(
        _("rate games with bots"),
        default=False,
        help_text=_(
            "Count the club's games that had a bot at the table, for the people in them. "
            "Bots are never rated."
        ),
    )
    min_games = models.PositiveSmallIntegerField(
        _("games to appear"),
        default=MIN_GAMES,
        help_text=_("Rated games a player needs before they appear on the club's ladders."),
    )
    active_days = models.PositiveSmallIntegerField(
        _("active within (days)"),
        null=True,
        blank=True,
        default=ACTIVE_DAYS,
        help_text=_(
            "Show only players whose last rated game was within this many days (blank: no limit)."
        ),
    )
    updated_at = models.DateTimeField(auto_now=True)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        verbose_name = _("club ladder settings")
        verbose_name_plural = _("club ladder settings")

    def __str__(self):
        return f"Ladder settings of {self.club}"


class RatedGame(models.Model):
    """One finished game, recorded once whatever happens (the constraint on its source)."""

    class Source(models.TextChoices):
        TABLE = "table", _("Online table")
        TOURNAMENT = "tournament", _("Tournament table (entered result)")

    source = models.CharField(max_length=12, choices=Source.choices)
    source_id = models.PositiveBigIntegerField(
        help_text="The games.Table id, or the tournaments.TournamentTable id."
    )
    game = models.CharField(max_length=20, choices=Game.choices)
    club = models.ForeignKey(
        "clubs.Club",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The club whose ladders it counts for (besides the site-wide one).",
    )
    table = models.ForeignKey(
        "games.Table",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        help_text="The online table, whose game record gives the statistics.",
    )
    tournament_id = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="The tournament it was part of, if any."
    )
    label = models.CharField(max_length=200, help_text="What to call it in lists.")
    url = models.CharField(max_length=300, blank=True)
    played_at = models.DateTimeField(help_text="When it finished; ratings apply in this order.")
    players = models.PositiveSmallIntegerField(help_text="Seats at the table.")
    teams = models.JSONField(
        help_text="The sides: lists of player tokens (a user id, null for a bot, "
        '"guest:<id>" for a guest without an account).'
    )
    seats = models.JSONField(
        default=list, blank=True, help_text="The sides' seat numbers, side by side."
    )
    ranks = models.JSONField(help_text="Each side's place, 0 for first; equal places tie.")
    scores = models.JSONField(default=list, blank=True, help_text="Each side's final score.")
    has_bots = models.BooleanField(default=False)
    is_demo = models.BooleanField(default=False, help_text="A demo table: never rated.")
    rated = models.BooleanField(
        default=False, help_text="Whether it counts for the ladders under the current rules."
    )
    revision = models.PositiveIntegerField(default=1, help_text="Bumped by each correction.")
    source_stamp = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When the source last changed as far as we have read it (a tournament "
        "result's confirmation time).",
    )
    recorded_at = models.DateTimeField(auto_now_add=True)
    corrected_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-played_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["source", "source_id"], name="rated_game_once"),
        ]
        indexes = [
            models.Index(fields=["game", "played_at", "id"], name="rated_game_order"),
            models.Index(fields=["club", "game", "played_at"], name="rated_game_club"),
        ]

    def __str__(self):
        return self.label

    @property
    def is_online(self) -> bool:
        return self.source == self.Source.TABLE

    @cached_property
    def shown_label(self) -> str:
        """What to call it on the pages, in the reader's language. `label` is written once, in
        the language of the moment, when the game is recorded. A named online table's label is
        its own name (a person's text), but a tournament table's label is ours, and so is the
        default name of an online table opened unnamed, so both are worded again here from
        their tables."""
        return word_labels([self])[0]


def word_labels(rated_games) -> list[str]:
    """`shown_label` for many games with one query for all their tournament tables and one for
    their unnamed online tables (a page's list would otherwise ask once a row); each game keeps
    its label cached."""
    from games.models import Table
    from tournaments.models import TournamentTable

    wanted = {g.source_id for g in rated_games if g.source == RatedGame.Source.TOURNAMENT}
    tables = (
        TournamentTable.objects.select_related("round__tournament").in_bulk(wanted)
        if wanted
        else {}
    )
    online = {g.table_id for g in rated_games if g.source == RatedGame.Source.TABLE and g.table_id}
    unnamed = (
        Table.objects.filter(pk__in=online, name="")
        .exclude(named_after="")
        .only("pk", "name", "named_after", "game")
        .in_bulk()
        if online
        else {}
    )
    for rated_game in rated_games:
        table = tables.get(rated_game.source_id) if rated_game.source_id in wanted else None
        if rated_game.source == RatedGame.Source.TABLE and rated_game.table_id in unnamed:
            label = str(unnamed[rated_game.table_id])  # "Ann's Five Hundred table", in words
        elif rated_game.source != RatedGame.Source.TOURNAMENT or table is None:
            label = rated_game.label
        else:
            label = gettext("%(tournament)s, round %(round)s table %(table)s") % {
                "tournament": table.round.tournament.name,
                "round": table.round.number,
                "table": table.number,
            }
        rated_game.__dict__["shown_label"] = label
    return [g.__dict__["shown_label"] for g in rated_games]


class GamePlayer(models.Model):
    """A person (with an account) who played a recorded game."""

    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_games"
    )
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    side = models.PositiveSmallIntegerField(help_text="Index of the player's side in `teams`.")
    place = models.PositiveSmallIntegerField(help_text="0 for first place.")
    score = models.IntegerField(null=True, blank=True)
    played_at = models.DateTimeField(help_text="The game's time, for the player's list.")

    class Meta:
        ordering = ["-played_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["rated_game", "user"], name="one_entry_per_game"),
        ]
        indexes = [models.Index(fields=["user", "played_at"], name="game_player_recent")]

    def __str__(self):
        return f"{self.user} in {self.rated_game}"

    @property
    def drawn(self) -> bool:
        """Whether the game was a draw: every side finished level, so nobody won it."""
        return is_draw(self.rated_game.ranks)

    @property
    def won(self) -> bool:
        return self.place == 0 and not self.drawn


class Ladder(models.Model):
    """One ranking: a game, site-wide (no club) or within a club."""

    game = models.CharField(max_length=20, choices=Game.choices)
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    games_rated = models.PositiveIntegerField(default=0)
    last_played_at = models.DateTimeField(null=True, blank=True)
    last_game_id = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="The RatedGame applied last (ties on time go by id)."
    )
    rebuilt_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(
        default=0,
        help_text="Goes up whenever its ratings change (a game applied, a rebuild); what the "
        "pages cache is keyed on it.",
    )

    class Meta:
        ordering = ["club__name", "game"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "club"], condition=Q(club__isnull=False), name="one_club_ladder"
            ),
            models.UniqueConstraint(
                fields=["game"], condition=Q(club__isnull=True), name="one_site_ladder"
            ),
        ]

    def __str__(self):
        where = self.club.name if self.club_id else "Site-wide"
        return f"{where} {Game(self.game).label} ladder"

    def get_absolute_url(self):
        if self.club_id:
            return reverse("ladders:club", args=[self.club.slug]) + f"?game={self.game}"
        return reverse("ladders:index") + f"?game={self.game}"

    @property
    def is_site(self) -> bool:
        return self.club_id is None


class PlayerRating(models.Model):
    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="ratings")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_ratings"
    )
    mu = models.FloatField()
    sigma = models.FloatField()
    conservative = models.FloatField(help_text="μ − 3σ, the ladder score.")
    games_played = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(
        default=0, help_text="Rated games every side finished level in (not wins)."
    )
    last_played_at = models.DateTimeField()

    class Meta:
        ordering = ["ladder", "-conservative"]
        constraints = [
            models.UniqueConstraint(fields=["ladder", "user"], name="one_rating_per_ladder"),
        ]
        indexes = [models.Index(fields=["ladder", "-conservative"], name="rating_rank")]

    def __str__(self):
        return f"{self.user} on {self.ladder}: {self.conservative:.1f}"


class RatingChange(models.Model):
    """A player's rating on one ladder right after one game."""

    ladder = models.ForeignKey(Ladder, on_delete=models.CASCADE, related_name="changes")
    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    played_at = models.DateTimeField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu = models.FloatField()
    sigma = models.FloatField()

    class Meta:
        ordering = ["ladder", "user", "played_at", "rated_game_id"]
        constraints = [
            models.UniqueConstraint(
                fields=["ladder", "rated_game", "user"], name="one_change_per_game"
            ),
        ]
        indexes = [
            models.Index(fields=["ladder", "user", "played_at"], name="rating_history"),
        ]

    def __str__(self):
        return f"{self.user} after {self.rated_game}: μ {self.mu:.2f} σ {self.sigma:.2f}"

    @property
    def conservative(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def conservative_before(self) -> float:
        return self.mu_before - 3 * self.sigma_before

    @property
    def delta(self) -> float:
        """How far the ladder score moved."""
        return self.conservative - self.conservative_before


class PlayerGameStats(models.Model):
    """One player's statistics from one online game (`ladders.stats_data` form)."""

    rated_game = models.ForeignKey(RatedGame, on_delete=models.CASCADE, related_name="stats")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ladder_stats"
    )
    game = models.CharField(max_length=20, choices=Game.choices)
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    data = models.JSONField()
    computed_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = _("player game stats")
        constraints = [
            models.UniqueConstraint(fields=["rated_game", "user"], name="one_stats_per_game"),
        ]
        indexes = [models.Index(fields=["user", "game"], name="stats_of_player")]

    def __str__(self):
        return f"{self.user}'s statistics from {self.rated_game}"


class RebuildJob(models.Model):
    """A rebuild of ratings from scratch, with its progress for the page that polls it."""

    class Scope(models.TextChoices):
        ALL = "all", _("Every ladder (site-wide and every club)")
        SITE = "site", _("The site-wide ladders")
        CLUB = "club", _("One club's ladders")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to start")
        RUNNING = "running", pgettext_lazy("rebuild", "Running")
        DONE = "done", pgettext_lazy("rebuild", "Done")
        FAILED = "failed", pgettext_lazy("rebuild", "Failed")

    scope = models.CharField(max_length=5, choices=Scope.choices)
    club = models.ForeignKey(
        "clubs.Club", on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    game = models.CharField(
        max_length=20, choices=Game.choices, blank=True, help_text="Blank for both games."
    )
    reason = models.CharField(
        max_length=200, blank=True, help_text="Why it was asked for: a key of REASONS (or text)."
    )
    reason_params = models.JSONField(
        default=dict, blank=True, help_text="The reason's parameters (names), worded when read."
    )
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    total = models.PositiveIntegerField(default=0, help_text="Games to replay, ladder by ladder.")
    done = models.PositiveIntegerField(default=0)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(scope="club", club__isnull=False) | (~Q(scope="club") & Q(club=None)),
                name="rebuild_club_iff_club_scope",
            ),
        ]

    def __str__(self):
        return f"Rebuild {self.pk}: {self.describe()} ({self.get_status_display()})"

    def get_absolute_url(self):
        return reverse("ladders:rebuild_job", args=[self.pk])

    # Why a rebuild was asked for: stored as a key and parameters, worded in the reader's language.
    REASONS = {
        "asked": _("asked for by %(name)s"),
        "bots_changed": _("%(club)s changed whether games with bots count"),
        "arrived_late": _("%(game)s arrived after later games"),
        "corrected": _("%(game)s was corrected"),
        "withdrawn": _("a tournament result was withdrawn"),
    }

    @property
    def shown_reason(self) -> str:
        template = self.REASONS.get(self.reason)
        if template is None:
            return self.reason  # written as text (rows from before the keys)
        return str(template) % (self.reason_params or {})

    def describe(self) -> str:
        game = Game(self.game).label if self.game else gettext("Five Hundred and Pitch")
        if self.scope == self.Scope.CLUB:
            return gettext("%(club)s ladders (%(game)s)") % {"club": self.club.name, "game": game}
        if self.scope == self.Scope.SITE:
            return gettext("Site-wide ladders (%(game)s)") % {"game": game}
        return gettext("Every ladder (%(game)s)") % {"game": game}

    @property
    def percent(self) -> int:
        if self.status == self.Status.DONE:
            return 100
        if not self.total:
            return 0
        return min(99, self.done * 100 // self.total)

    @property
    def is_finished(self) -> bool:
        return self.status in (self.Status.DONE, self.Status.FAILED)
