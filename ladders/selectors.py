"""Read-side helpers for the ladder pages and the API.

ladder_board(game, club=None, now=None) -> Board      a ladder's rows, rules and explanation
club_ladders_list() -> list of (club, games)           clubs that have a ladder
player_ratings(user) -> list[RatingLine]               every ladder the player is on
rating_history(user, ladder) -> list[HistoryPoint]     oldest first, for the chart
recent_games(user, limit) -> list[GamePlayer]
stats_mark(user, game, club=None) -> dict              what changes with the stored statistics
player_stats(user, game, club=None) -> (stats, games)  summed from stored game statistics
stats_coverage(user, game, ...) -> StatsCoverage      which games those statistics count
partner_users(stats) -> dict                           partner ids -> members (one query)
partner_names(stats) -> dict                           partner ids -> names for "bids by partner"
night_history(club, limit) -> list[NightResult]        who won each past club night
player_tournaments(user, limit) -> list[TournamentLine]
player_clubs(user) -> list[Membership]
player_lists_stamp(user) -> str                       changes with the player's clubs and tournaments
names_generation() -> int                              changes with any member's name
recent_rebuilds(club) -> list[RebuildJob]              a ladder's latest rebuilds (None: site)
rules_for(club) -> LadderRules                        how a club's ladders run (None: the site's)
"""

from __future__ import annotations

import hashlib
import itertools
import uuid
from abc import abstractmethod
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.core.cache import cache
from django.db.models import Case, Count, F, IntegerField, Max, Min, Q, Value, When, Window
from django.db.models.functions import Rank
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from accounts.models import User
from clubs.models import Club, ClubNight
from core.choices import Game

from . import stats_data
from .models import (
    ClubLadderSettings,
    GamePlayer,
    Ladder,
    PlayerGameStats,
    PlayerRating,
    RatedGame,
    RatingChange,
    RebuildJob,
    word_labels,
)
from .ratings import (
    ACTIVE_DAYS,
    MIN_GAMES,
    HistoryPoint,
    LeaderboardRow,
    Rating,
    is_draw,
    leaderboard,
)

GAMES = list(Game.values)
SITE_WIDE = gettext_lazy("Site-wide")  # where a site-wide ladder is, beside clubs' names


# The ladder rules ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class LadderRules:
    """How one ladder is run: who shows on it and whether games with bots count."""

    rate_with_bots: bool = False
    min_games: int = MIN_GAMES
    active_days: int | None = ACTIVE_DAYS


SITE_RULES = LadderRules()


def rules_for(club: Club | int | None) -> LadderRules:
    """The rules of a club's ladders (the defaults without settings), or the site's."""
    if club is None:
        return SITE_RULES
    club_id = club.pk if isinstance(club, Club) else club
    row = ClubLadderSettings.objects.filter(club_id=club_id).first()
    if row is None:
        return LadderRules()
    return LadderRules(row.rate_bot_games, row.min_games, row.active_days)


def ladder_explanation(
    min_games: int = MIN_GAMES,
    active_days: int | None = ACTIVE_DAYS,
    rate_with_bots: bool = False,
) -> str:
    """How the ladder is computed, in plain words, in the active language, for the ladder pages
    and the API."""
    how = _(
        'Every finished game moves the ladder. Each player has a skill estimate (μ, "mu") and '
        'an uncertainty (σ, "sigma"). A new player starts at μ 25 with a wide uncertainty. '
        "After each game the result is read as a finishing order of the sides: partners share "
        "one place, players at a free-for-all table each take their own, and the game's winners "
        "come first. Beating sides that were expected to beat you moves your μ up a lot; losing "
        "to sides you were expected to beat moves it down a lot; expected results move it "
        "little. Every game you play also makes the system surer of you, so σ shrinks. "
        "The ladder ranks players by μ − 3σ, a cautious score the system is almost sure you "
        "have earned, so it rises as you play more games and win them."
    )
    if active_days is not None:
        who = ngettext(
            "Only players with at least %(games)s rated game and who have played within the "
            "last %(days)s days appear on the ladder.",
            "Only players with at least %(games)s rated games and who have played within the "
            "last %(days)s days appear on the ladder.",
            min_games,
        ) % {"games": min_games, "days": active_days}
    else:
        who = ngettext(
            "Only players with at least %(games)s rated game however long ago they last played "
            "appear on the ladder.",
            "Only players with at least %(games)s rated games however long ago they last played "
            "appear on the ladder.",
            min_games,
        ) % {"games": min_games}
    bots = (
        _(
            "Games with a bot at the table count for the human players; the bot counts as a "
            "steady, average player and has no rating of its own."
        )
        if rate_with_bots
        else _("Games with a bot at the table do not count.")
    )
    replay = _(
        "The ratings are recomputed from the full list of games in the order they were played "
        "(the OpenSkill Plackett-Luce model), so a corrected result corrects everything after it."
    )
    return " ".join((how, who, bots, replay))


def game_or_default(value: str | None) -> str:
    return value if value in GAMES else Game.FIVE_HUNDRED


class BoardRows(Sequence):
    """A leaderboard's rows as (LeaderboardRow, User) pairs. Lazy: the rows themselves are
    fetched (from the cache) only when some are asked for, and the members (their names) only
    for the rows asked for (a page of them: one query), so that a long ladder's page costs no
    more than a short one's, and a page whose rows are already rendered reads none. Rows whose
    member has gone since the leaderboard was cached are left out."""

    def __init__(self, count: int, load):
        self._count = count
        self._load = load  # () -> (rows, wins)
        self._loaded: tuple[list[LeaderboardRow], dict[int, int]] | None = None
        self._users: dict[int, User] = {}

    def _data(self) -> tuple[list[LeaderboardRow], dict[int, int]]:
        if self._loaded is None:
            self._loaded = self._load()
        return self._loaded

    @property
    def rows(self) -> list[LeaderboardRow]:
        """The leaderboard's rows, without their members."""
        return self._data()[0]

    @property
    def wins(self) -> dict[int, int]:
        return self._data()[1]

    def _pairs(self, rows: list[LeaderboardRow]) -> list[tuple[LeaderboardRow, User]]:
        missing = {r.player for r in rows} - self._users.keys()
        if missing:
            # Only what the rows show (a name and the address of a player's page).
            self._users.update(User.objects.only("username", "display_name").in_bulk(missing))
        return [(r, self._users[r.player]) for r in rows if r.player in self._users]

    def __len__(self) -> int:
        return self._count

    def __getitem__(self, index):
        if isinstance(index, slice):
            return _BoardSlice(self, index)
        pairs = self._pairs([self.rows[index]])
        if not pairs:
            raise IndexError(index)
        return pairs[0]

    def __iter__(self):
        return iter(self._pairs(self.rows))

    def __eq__(self, other) -> bool:
        return list(self) == list(other)

    def __repr__(self) -> str:
        return f"<BoardRows of {self._count}>"


class _LazySequence(Sequence):
    """A sequence whose items are loaded (by `_load`) the first time one is looked at; its
    length is known without loading them. Equal to any sequence of the same items."""

    _items: list | None = None

    @abstractmethod
    def _load(self) -> list:
        """The items, read once."""

    def _read(self) -> list:
        if self._items is None:
            self._items = self._load()
        return self._items

    def __getitem__(self, index):
        return self._read()[index]

    def __iter__(self):
        return iter(self._read())

    def __eq__(self, other) -> bool:
        return list(self) == list(other)


class _BoardSlice(_LazySequence):
    """Some of a board's rows (a page of them), read when first looked at."""

    def __init__(self, board_rows: BoardRows, part: slice):
        self._board_rows = board_rows
        self._part = part

    @property
    def rows(self) -> list[LeaderboardRow]:
        """These rows, without their members."""
        return self._board_rows.rows[self._part]

    def _load(self) -> list[tuple[LeaderboardRow, User]]:
        return self._board_rows._pairs(self.rows)

    def __len__(self) -> int:
        return len(range(*self._part.indices(len(self._board_rows))))


@dataclass
class Board:
    game: str
    club: Club | None
    ladder: Ladder | None
    rules: LadderRules
    rows: Sequence[tuple[LeaderboardRow, User]]  # a BoardRows, or a list of pairs
    explanation: str
    rated_players: int  # everyone with a rating, shown or not
    bot_note: str = ""  # site-wide: clubs that rate games with bots reach this ladder too
    # What the rows are, as they were computed: a new digest with any change to them.
    digest: str = ""

    @property
    def game_label(self) -> str:
        return Game(self.game).label

    @property
    def wins(self) -> dict[int, int]:
        """Games won, by shown player's id."""
        return getattr(self.rows, "wins", {})


BOARD_CACHE_SECONDS = 24 * 60 * 60

NAMES_GENERATION = "ladders:names-generation"


def names_changed() -> None:
    """A member's name changed, or a member went: forget every rendered list of names keyed by
    `names_generation` (the ladders' rows)."""
    cache.add(NAMES_GENERATION, 0, None)
    try:
        cache.incr(NAMES_GENERATION)
    except ValueError:  # evicted in between
        cache.set(NAMES_GENERATION, 1, None)


def names_generation() -> int:
    """A number that changes whenever a member's shown name or username changes (`names_changed`,
    connected in `ladders.receivers`), for the keys of rendered rows of names."""
    return cache.get(NAMES_GENERATION, 0)


@dataclass(frozen=True)
class _Leaderboard:
    """A ladder's leaderboard as computed at some moment (its rows are cached apart, under
    `rows_key`, and read only when some are shown), and the span of time it holds for: the rows
    change with time alone only when a shown player's last game falls out of the active window
    (after `until`), and a player hidden for an old last game was shown before `after`."""

    rows_key: str
    digest: str  # of the rows and their wins
    count: int  # rows shown
    rated: int  # everyone with a rating, shown or not
    after: datetime | None
    until: datetime | None

    def holds_at(self, now: datetime) -> bool:
        return (self.after is None or now > self.after) and (
            self.until is None or now <= self.until
        )


def _leaderboard_key(ladder_id: int, version: int, rules: LadderRules) -> str:
    return f"ladders:leaderboard:{ladder_id}:{version}:{rules.min_games}:{rules.active_days}"


def _compute_leaderboard(ladder: Ladder, rules: LadderRules, now: datetime, key: str):
    rated = list(
        PlayerRating.objects.filter(ladder=ladder)
        .order_by()
        .values_list("user_id", "mu", "sigma", "games_played", "wins", "last_played_at")
    )
    eligible = [r for r in rated if r[3] >= rules.min_games]
    rows = leaderboard(
        {uid: Rating(mu, sigma) for uid, mu, sigma, *_ in eligible},
        {uid: played for uid, _, _, played, *_ in eligible},
        {uid: last for uid, *_, last in eligible},
        now,
        min_games=rules.min_games,
        active_days=rules.active_days,
    )
    after = until = None
    if rules.active_days is not None:
        window = timedelta(days=rules.active_days)
        shown = {row.player for row in rows}
        until = min((row.last_played + window for row in rows), default=None)
        after = max((r[5] + window for r in eligible if r[0] not in shown), default=None)
    won = {uid: n for uid, *_, n, _ in eligible}
    wins = {row.player: won[row.player] for row in rows}
    rows_key = f"{key}:rows:{uuid.uuid4().hex}"
    digest = hashlib.sha256(repr((rows, sorted(wins.items()))).encode()).hexdigest()
    summary = _Leaderboard(rows_key, digest, len(rows), len(rated), after, until)
    return summary, (rows, wins)


def _ladder_leaderboard(
    ladder: Ladder, rules: LadderRules, now: datetime
) -> tuple[_Leaderboard, BoardRows]:
    """A ladder's leaderboard at `now`: cached per ladder version (which every change to its
    ratings bumps) and rules, for as long as time alone leaves it as it is. Plain numbers, no
    names: the members themselves are read fresh for the rows shown."""
    key = _leaderboard_key(ladder.pk, ladder.version, rules)
    summary = cache.get(key)
    if summary is None or not summary.holds_at(now):
        summary, data = _compute_leaderboard(ladder, rules, now, key)
        cache.set_many({key: summary, summary.rows_key: data}, BOARD_CACHE_SECONDS)
        rows = BoardRows(summary.count, lambda: data)
    else:

        def load():
            data = cache.get(summary.rows_key)
            if data is None:  # evicted apart from its summary: the same rows again
                data = _compute_leaderboard(ladder, rules, now, key)[1]
                cache.set(summary.rows_key, data, BOARD_CACHE_SECONDS)
            return data

        rows = BoardRows(summary.count, load)
    return summary, rows


def _rules_from_row(ladder: Ladder) -> LadderRules:
    """The rules read beside a club's ladder (`_with_rules`): the defaults without settings."""
    if ladder.settings_id is None:
        return LadderRules()
    return LadderRules(ladder.settings_bots, ladder.settings_min_games, ladder.settings_days)


def _with_rules(ladders):
    """Ladders with their club's settings read in the same query (see `_rules_from_row`)."""
    return ladders.annotate(
        settings_id=F("club__ladder_settings__id"),
        settings_bots=F("club__ladder_settings__rate_bot_games"),
        settings_min_games=F("club__ladder_settings__min_games"),
        settings_days=F("club__ladder_settings__active_days"),
    )


def ladder_board(game: str, club: Club | None = None, now: datetime | None = None) -> Board:
    """A ladder as the pages show it: players with enough recent games, best μ − 3σ first."""
    now = now or timezone.now()
    bot_note = ""
    if club is None:
        rules = SITE_RULES
        ladder = Ladder.objects.filter(game=game, club=None).order_by().first()
        if ClubLadderSettings.objects.filter(rate_bot_games=True).exists():
            bot_note = _(
                "Some clubs rate their games with a bot at the table (for the people in "
                "them); those games count here too. Bots themselves are never rated."
            )
    else:
        # The ladder and its club's rules in one query (the rules alone without a ladder).
        ladder = _with_rules(Ladder.objects.filter(game=game, club=club)).order_by().first()
        rules = rules_for(club) if ladder is None else _rules_from_row(ladder)
    explanation = ladder_explanation(rules.min_games, rules.active_days, rules.rate_with_bots)
    if ladder is None:
        return Board(game, club, None, rules, [], explanation, 0, bot_note)
    summary, rows = _ladder_leaderboard(ladder, rules, now)
    return Board(
        game, club, ladder, rules, rows, explanation, summary.rated, bot_note, summary.digest
    )


def club_ladders_list() -> list[tuple[Club, list[str]]]:
    """Clubs with at least one rated game, and the games they have ladders for."""
    by_club: dict[int, list[str]] = defaultdict(list)
    for club_id, game in (
        Ladder.objects.filter(club__isnull=False, games_rated__gt=0)
        .order_by("game")
        .values_list("club_id", "game")
    ):
        by_club[club_id].append(game)
    clubs = Club.objects.filter(pk__in=by_club).order_by("name")
    return [(club, by_club[club.pk]) for club in clubs]


@dataclass
class RatingLine:
    ladder: Ladder
    rating: PlayerRating
    position: int | None  # on the ladder as shown; None when not shown (too few or old games)

    @property
    def game_label(self) -> str:
        return Game(self.ladder.game).label

    @property
    def where(self) -> str:
        return self.ladder.club.name if self.ladder.club_id else str(SITE_WIDE)


def ratings_of(user):
    """The user's ratings on the site-wide ladders, by game."""
    return (
        PlayerRating.objects.filter(user=user, ladder__club=None)
        .select_related("ladder")
        .order_by("ladder__game")
    )


def player_ratings(user, now: datetime | None = None) -> list[RatingLine]:
    """Every ladder the player has a rating on: site-wide first, then clubs by name.

    One query for the ratings, their ladders, clubs and rules. The places on the ladders come
    from a cache keyed by those ladders' versions and rules, for as long as time alone leaves
    them as they are; else from one more query (every ladder's players above at once)."""
    now = now or timezone.now()
    ratings = list(
        PlayerRating.objects.filter(user=user)
        .select_related("ladder", "ladder__club")
        # Each ladder's rules, in the same query (see `_rules_from_row`).
        .annotate(
            settings_id=F("ladder__club__ladder_settings__id"),
            settings_bots=F("ladder__club__ladder_settings__rate_bot_games"),
            settings_min_games=F("ladder__club__ladder_settings__min_games"),
            settings_days=F("ladder__club__ladder_settings__active_days"),
        )
    )
    ratings.sort(
        key=lambda r: (
            r.ladder.club_id is not None,
            r.ladder.club.name if r.ladder.club_id else "",
            r.ladder.game,
        )
    )
    rules_of = {
        r.ladder_id: SITE_RULES if r.ladder.club_id is None else _rules_from_row(r) for r in ratings
    }
    shown = []
    for rating in ratings:
        rules = rules_of[rating.ladder_id]
        if rating.games_played >= rules.min_games and (
            rules.active_days is None
            or rating.last_played_at >= now - timedelta(days=rules.active_days)
        ):
            shown.append(rating)
    above = _players_above(user, shown, rules_of, now) if shown else {}
    shown_ids = {r.pk for r in shown}
    return [
        RatingLine(
            rating.ladder,
            rating,
            above.get(rating.ladder_id, 0) + 1 if rating.pk in shown_ids else None,
        )
        for rating in ratings
    ]


def _players_above(user, shown: list[PlayerRating], rules_of, now: datetime) -> dict[int, int]:
    """How many players are above each of `shown` (the player's ratings on the ladders they
    appear on), by ladder.

    Cached under every ladder's version and rules and the ratings themselves, and kept while
    nobody counted above can have dropped out of a ladder's active window (from the moment it was
    counted until the oldest last game among them leaves it): a count changes otherwise only
    with a ladder's version."""
    key = "ladders:above:{}:{}".format(
        user.pk,
        hashlib.sha256(
            repr(
                [
                    (r.ladder_id, r.ladder.version, rules_of[r.ladder_id], r.conservative)
                    for r in shown
                ]
            ).encode()
        ).hexdigest(),
    )
    cached = cache.get(key)
    if (
        cached is not None
        and cached["at"] <= now
        and (cached["until"] is None or now <= cached["until"])
    ):
        return cached["above"]
    # One query, grouped by ladder: the players above, and the oldest last game among them.
    better = Q()
    for rating in shown:
        rules = rules_of[rating.ladder_id]
        one = Q(
            ladder_id=rating.ladder_id,
            conservative__gt=rating.conservative,
            games_played__gte=rules.min_games,
        )
        if rules.active_days is not None:
            one &= Q(last_played_at__gte=now - timedelta(days=rules.active_days))
        better |= one
    above, until = {}, None
    for ladder_id, n, oldest in (
        PlayerRating.objects.filter(better)
        .order_by()
        .values("ladder_id")
        .annotate(n=Count("pk"), oldest=Min("last_played_at"))
        .values_list("ladder_id", "n", "oldest")
    ):
        above[ladder_id] = n
        days = rules_of[ladder_id].active_days
        if days is not None:
            leaves = oldest + timedelta(days=days)
            until = leaves if until is None else min(until, leaves)
    cache.set(key, {"above": above, "at": now, "until": until}, BOARD_CACHE_SECONDS)
    return above


def rating_history(user, ladder: Ladder) -> list[HistoryPoint]:
    """The player's rating after each rated game on a ladder, oldest first."""
    return [
        HistoryPoint(c.rated_game_id, c.played_at, c.mu, c.sigma, c.mu - 3 * c.sigma)
        for c in RatingChange.objects.filter(ladder=ladder, user=user)
        .only("rated_game_id", "played_at", "mu", "sigma")
        .order_by("played_at", "rated_game_id")
    ]


def history_changes(user, ladder: Ladder, limit: int = 10) -> list[RatingChange]:
    """The latest rating changes, newest first, with their games."""
    changes = list(
        RatingChange.objects.filter(ladder=ladder, user=user)
        .select_related("rated_game")
        .order_by("-played_at", "-rated_game_id")[:limit]
    )
    word_labels([change.rated_game for change in changes])
    return changes


def recent_games(user, limit: int = 15, game: str | None = None) -> list[GamePlayer]:
    qs = (
        GamePlayer.objects.filter(user=user)
        .select_related("rated_game", "rated_game__club")
        # What a line of the player page shows (not the games' teams and scores; the ranks tell
        # a draw).
        .only(
            "place",
            "played_at",
            "rated_game",
            "rated_game__game",
            "rated_game__source",
            "rated_game__source_id",
            "rated_game__label",
            "rated_game__url",
            "rated_game__table_id",
            "rated_game__played_at",
            "rated_game__ranks",
            "rated_game__rated",
            "rated_game__has_bots",
            "rated_game__is_demo",
            "rated_game__club",
            "rated_game__club__name",
            "rated_game__club__slug",
        )
    )
    if game:
        qs = qs.filter(rated_game__game=game)
    entries = list(qs.order_by("-played_at", "-id")[:limit])
    word_labels([entry.rated_game for entry in entries])
    return entries


def stats_mark(user, game: str, club: Club | None = None) -> dict[str, Any]:
    """What would change with any of the player's stored game statistics of `game` (or a
    club's): how many there are (`n`), the newest row (`top`), the latest time one was
    (re)computed (`last`); and how many of those games had a bot at the table (`with_bots`).
    One small aggregate, for `player_stats` and `stats_coverage` both."""
    qs = PlayerGameStats.objects.filter(user=user, game=game)
    if club is not None:
        qs = qs.filter(club=club)
    return qs.aggregate(
        n=Count("pk"),
        top=Max("pk"),
        last=Max("computed_at"),
        with_bots=Count("pk", filter=Q(rated_game__has_bots=True)),
    )


def player_stats(user, game: str, club: Club | None = None, *, mark: dict | None = None):
    """The player's statistics over every recorded online game of `game` (or a club's).

    The sum is cached under `stats_mark` (read here unless given), which changes with any row:
    so a page reads one small aggregate, not every game's figures."""
    mark = mark or stats_mark(user, game, club)
    if not mark["n"]:
        return stats_data.load(stats_data.empty(game)), 0
    key = "ladders:stats:{}:{}:{}:{}:{}:{}".format(
        user.pk, game, club.pk if club else "", mark["n"], mark["top"], mark["last"].isoformat()
    )
    data = cache.get(key)
    if data is None:
        qs = PlayerGameStats.objects.filter(user=user, game=game)
        if club is not None:
            qs = qs.filter(club=club)
        data = stats_data.total(game, qs.values_list("data", flat=True))
        cache.set(key, data, BOARD_CACHE_SECONDS)
    return stats_data.load(data), mark["n"]


@dataclass
class StatsCoverage:
    """Which of a player's games their statistics of one game count, for the page to say so.

    Statistics come from the hands of finished games played on the site, games with bots
    included (those aren't rated). A game still being played counts once it finishes; a
    tournament result entered by hand has no hands to count (it is rated all the same)."""

    games: int  # finished games on the site, counted
    with_bots: int  # of those, games with a bot at the table (not rated)
    bot_games: list[RatedGame]  # the latest of them, newest first
    entered_by_hand: int  # results entered for tables played at the club: rated, not counted
    unfinished: list[Any] = field(default_factory=list)  # tables still being played

    @property
    def without_bots(self) -> int:
        return self.games - self.with_bots


def stats_coverage(
    user,
    game: str,
    *,
    bot_games: int = 10,
    with_unfinished: bool = False,
    mark: dict | None = None,
) -> StatsCoverage:
    """What `player_stats(user, game)` counts and leaves out. `with_unfinished` lists the
    player's tables of `game` still being played (only for the player's own eyes: a table may
    be invitation-only). `mark`: the `stats_mark(user, game)` already read, if it was."""
    mark = mark or stats_mark(user, game)
    unfinished = []
    if with_unfinished:
        from games.selectors import tables_of

        unfinished = list(tables_of(user).filter(game=game)[:5])
    latest_with_bots = []
    if mark["with_bots"]:
        latest_with_bots = list(
            RatedGame.objects.filter(stats__user=user, game=game, has_bots=True)
            .select_related("club")
            .order_by("-played_at", "-id")[:bot_games]
        )
        word_labels(latest_with_bots)
    return StatsCoverage(
        games=mark["n"],
        with_bots=mark["with_bots"],
        bot_games=latest_with_bots,
        entered_by_hand=GamePlayer.objects.filter(
            user=user, rated_game__game=game, rated_game__source=RatedGame.Source.TOURNAMENT
        ).count(),
        unfinished=unfinished,
    )


def partner_users(stats) -> dict[int, User]:
    """The members among the partners of Five Hundred statistics, by id (one query)."""
    ids = [p.partner for p in getattr(stats, "partners", ()) if isinstance(p.partner, int)]
    return {u.pk: u for u in User.objects.filter(pk__in=ids).only("username", "display_name")}


def _names(users: dict[int, User]) -> dict[Any, str]:
    return {stats_data.BOT_PARTNER: _("A bot"), **{pk: u.shown_name for pk, u in users.items()}}


def partner_names(stats) -> dict[Any, str]:
    """Names for the partner ids of Five Hundred statistics ("bot" for bots)."""
    return _names(partner_users(stats))


def partner_rows(stats) -> list[dict[str, Any]]:
    users = partner_users(stats)
    names = _names(users)
    return [
        {
            "record": row,
            "name": names.get(row.partner, _("Someone")),
            "user": users.get(row.partner),
        }
        for row in getattr(stats, "partners", ())
    ]


# Club nights ------------------------------------------------------------------------------------


@dataclass
class NightResult:
    night: ClubNight
    winners: list[dict[str, Any]] = field(default_factory=list)  # {"name", "user" or None}
    how: str = ""  # "tournament" or "games"
    detail: str = ""
    tournaments: list[Any] = field(default_factory=list)


# After a night's start, games finished within its length and this much more count for it.
NIGHT_SLACK = timedelta(hours=2)


def _tournament_winners(night_ids: list[int]) -> dict[int, list[tuple[Any, list[Any]]]]:
    """For each night: its finished tournaments and their winners' members."""
    from tournaments.models import EntrantMember, Standing, Tournament

    out: dict[int, list[tuple[Any, list[Any]]]] = defaultdict(list)
    tournaments = list(
        Tournament.objects.filter(
            night_id__in=night_ids, status=Tournament.Status.FINISHED
        ).order_by("finished_at", "id")
    )
    if not tournaments:
        return out
    winners: dict[int, set[int]] = defaultdict(set)
    for t in tournaments:
        if t.champion_id:
            winners[t.pk].add(t.champion_id)
    for tournament_id, entrant_id in Standing.objects.filter(
        tournament_id__in=[t.pk for t in tournaments if not winners[t.pk]], rank=1
    ).values_list("tournament_id", "entrant_id"):
        winners[tournament_id].add(entrant_id)
    members = defaultdict(list)
    for member in EntrantMember.objects.filter(
        entrant_id__in={e for s in winners.values() for e in s}
    ).select_related("user"):
        members[member.entrant_id].append(member)
    for t in tournaments:
        people = [m for e in sorted(winners[t.pk]) for m in members[e]]
        out[t.night_id].append((t, people))
    return out


def night_history(club: Club, limit: int = 12, now: datetime | None = None) -> list[NightResult]:
    """Who won each of the club's past nights, newest first.

    A night with a finished tournament is won by the tournament's champion (or its top line of
    standings). A night without one is won by whoever won the most of the club's rated games
    that finished during the night (from its start to two hours after its scheduled end);
    equal counts share the night. A drawn game (every side level) is won by nobody. A night
    with neither has no winner.

    A fixed number of queries whatever the club's history: the nights, their tournaments (three
    queries), and for the nights without one their games' players and their games (one query
    each), the drawn games among them (one) and the winners among those players (one).
    """
    now = now or timezone.now()
    nights = list(
        club.nights.filter(status=ClubNight.Status.SCHEDULED, starts_at__lt=now).order_by(
            "-starts_at"
        )[:limit]
    )
    if not nights:
        return []
    by_tournament = _tournament_winners([n.pk for n in nights])
    out = []
    by_games = []
    for night in nights:
        line = NightResult(night)
        if by_tournament.get(night.pk):
            for tournament, people in by_tournament[night.pk]:
                line.tournaments.append(tournament)
                line.winners += [
                    {"name": m.name, "user": m.user if m.user_id else None} for m in people
                ]
            line.how = "tournament"
            line.detail = ", ".join(t.name for t in line.tournaments)
        else:
            by_games.append(line)
        out.append(line)
    _nights_from_games(club, by_games)
    return out


NIGHTS_GENERATION = "ladders:nights-generation"


def nights_changed() -> None:
    """Forget every cached night history: a night, a tournament, its entrants, a ladder (a game
    rated or a rebuild) or a member's name changed (see `ladders.receivers`)."""
    cache.add(NIGHTS_GENERATION, 0, None)
    try:
        cache.incr(NIGHTS_GENERATION)
    except ValueError:  # evicted in between
        cache.set(NIGHTS_GENERATION, 1, None)


def night_history_cached(club: Club, limit: int = 12) -> list[NightResult]:
    """`night_history`, cached until anything it reads changes (`nights_changed`) or the club's
    next night starts (and joins the history); in the reader's language (the lines' words)."""
    return list(night_history_stamped(club, limit)[0])


class _CachedLines(_LazySequence):
    """Cached lines, read from the cache only when looked at (a page whose rendering of them is
    cached too needs only their number)."""

    def __init__(self, count: int, load):
        self._count = count
        self._loader = load

    def _load(self) -> list:
        return self._loader()

    def __len__(self) -> int:
        return self._count


def night_history_stamped(club: Club, limit: int = 12) -> tuple[Sequence[NightResult], str]:
    """`night_history_cached` and a stamp new with each computation of the lines (a page keys
    what it renders from them by it). The lines are read from the cache only when looked at."""
    now = timezone.now()
    generation = cache.get(NIGHTS_GENERATION, 0)
    key = f"ladders:nights:{club.pk}:{limit}:{generation}:{translation.get_language()}"
    cached = cache.get(key)
    if (
        cached is not None
        and "lines_key" in cached  # (an entry cached before has none)
        and (cached["until"] is None or now < cached["until"])
    ):

        def load() -> list[NightResult]:
            lines = cache.get(cached["lines_key"])
            if lines is None:  # evicted apart from its stamp: nothing has changed since
                lines = night_history(club, limit, now)
                cache.set(cached["lines_key"], lines, BOARD_CACHE_SECONDS)
            return lines

        return _CachedLines(cached["count"], load), cached["stamp"]
    lines = night_history(club, limit, now)
    until = (
        club.nights.filter(status=ClubNight.Status.SCHEDULED, starts_at__gte=now)
        .order_by("starts_at")
        .values_list("starts_at", flat=True)
        .first()
    )
    stamp = uuid.uuid4().hex
    lines_key = f"{key}:lines:{stamp}"
    cache.set_many(
        {
            key: {"until": until, "stamp": stamp, "count": len(lines), "lines_key": lines_key},
            lines_key: lines,
        },
        BOARD_CACHE_SECONDS,
    )
    return lines, stamp


def _night_window(night: ClubNight) -> tuple[datetime, datetime]:
    return night.starts_at, night.ends_at + NIGHT_SLACK


def _overlap(windows: list[tuple[datetime, datetime]]) -> bool:
    ordered = sorted(windows)
    return any(b[0] <= a[1] for a, b in itertools.pairwise(ordered))


def _nights_from_games(club: Club, lines: list[NightResult]) -> None:
    """Fill in the winners of nights without a tournament from the club's rated games.

    The database does the counting: each game is given its night, and for each night only the
    players level on the most wins come back (with the games they played that night), and each
    night's number of games (the drawn games, which nobody won, are picked out first). Nights
    whose times overlap (a game may count for two) are counted from the games' players instead
    (two queries, whatever the history)."""
    if not lines:
        return
    windows = [_night_window(line.night) for line in lines]
    during = Q()
    for start, end in windows:
        during |= Q(played_at__gte=start, played_at__lte=end)
    games = RatedGame.objects.filter(during, club=club, rated=True)

    def night_of(prefix: str) -> Case:
        return Case(
            *(
                When(**{f"{prefix}__gte": start, f"{prefix}__lte": end}, then=Value(i))
                for i, (start, end) in enumerate(windows)
            ),
            output_field=IntegerField(),
        )

    if _overlap(windows):
        tops, counts = _night_tops_overlapping(games, windows)
    else:
        won = Q(place=0)
        drawn = [pk for pk, ranks in games.order_by().values_list("pk", "ranks") if is_draw(ranks)]
        if drawn:
            won &= ~Q(rated_game_id__in=drawn)
        tops = defaultdict(list)
        for night, user_id, wins, played in (
            GamePlayer.objects.filter(rated_game__in=games)
            .order_by()
            .annotate(night=night_of("rated_game__played_at"))
            .values("night", "user_id")
            .annotate(wins=Count("pk", filter=won), played=Count("pk"))
            .annotate(top=Window(Rank(), partition_by=[F("night")], order_by=F("wins").desc()))
            .filter(top=1, wins__gt=0)
            .values_list("night", "user_id", "wins", "played")
        ):
            tops[night].append((user_id, wins, played))
        counts = (
            dict(
                games.annotate(night=night_of("played_at"))
                .order_by()
                .values("night")
                .annotate(n=Count("pk"))
                .values_list("night", "n")
            )
            if tops
            else {}
        )
    if not tops:
        return
    users = User.objects.in_bulk({u for top in tops.values() for u, *_ in top})
    for i, line in enumerate(lines):
        if not tops.get(i):
            continue
        top = sorted(tops[i], key=lambda t: (users[t[0]].shown_name, t[0]))
        best = top[0][1]
        count = counts.get(i, 0)
        line.winners = [{"name": users[u].shown_name, "user": users[u]} for u, *_ in top]
        line.how = "games"
        # Two numbers, each with its own plural: the sentence is built from two translated halves.
        wins_part = ngettext("%(wins)s win", "%(wins)s wins", best) % {"wins": best}
        played = top[0][2]
        if played >= count:  # not "2 wins from 2 of the night's 2 rated games"
            line.detail = ngettext(
                "%(wins_part)s in the night's %(count)s rated game",
                "%(wins_part)s in all %(count)s of the night's rated games",
                count,
            ) % {"wins_part": wins_part, "count": count}
        else:
            line.detail = ngettext(
                "%(wins_part)s from %(played)s of the night's %(count)s rated game",
                "%(wins_part)s from %(played)s of the night's %(count)s rated games",
                count,
            ) % {"wins_part": wins_part, "played": played, "count": count}


def _night_tops_overlapping(
    games, windows
) -> tuple[dict[int, list[tuple[int, int, int]]], dict[int, int]]:
    """(user, wins, played) of each night's players level on the most wins, and each night's
    number of games, by night index, counted in Python (a game may count for two overlapping
    nights)."""
    times = list(games.values_list("played_at", flat=True))
    counts = {
        i: sum(1 for at in times if start <= at <= end) for i, (start, end) in enumerate(windows)
    }
    entries = list(
        GamePlayer.objects.filter(rated_game__in=games).values_list(
            "rated_game__played_at", "user_id", "place", "rated_game__ranks"
        )
    )
    tops = {}
    for i, (start, end) in enumerate(windows):
        wins: Counter = Counter()
        played: Counter = Counter()
        for at, user_id, place, ranks in entries:
            if start <= at <= end:
                played[user_id] += 1
                if place == 0 and not is_draw(ranks):
                    wins[user_id] += 1
        if wins:
            best = max(wins.values())
            tops[i] = [(u, n, played[u]) for u, n in wins.items() if n == best]
    return tops, counts


@dataclass
class TournamentLine:
    tournament: Any
    entrant: Any
    rank: int | None
    entrants: int


def player_tournaments(user, limit: int = 10) -> list[TournamentLine]:
    """Tournaments the player entered, newest first, with their place when standings exist
    (one query: the place and the standings' length are counted beside each entry)."""
    from django.db.models import IntegerField, OuterRef, Subquery
    from django.db.models.functions import Coalesce

    from tournaments.models import EntrantMember, Standing

    rank = Standing.objects.filter(entrant_id=OuterRef("entrant_id")).values("rank")[:1]
    size = (
        Standing.objects.filter(tournament_id=OuterRef("entrant__tournament_id"))
        .order_by()
        .values("tournament_id")
        .annotate(n=Count("pk"))
        .values("n")
    )
    members = list(
        EntrantMember.objects.filter(user=user)
        .select_related("entrant", "entrant__tournament", "entrant__tournament__club")
        .annotate(
            place=Subquery(rank, output_field=IntegerField()),
            lines=Coalesce(Subquery(size, output_field=IntegerField()), 0),
        )
        .order_by("-entrant__tournament__created_at")[:limit]
    )
    return [TournamentLine(m.entrant.tournament, m.entrant, m.place, m.lines) for m in members]


PLAYER_LISTS_GENERATION = "ladders:player-lists-generation"


def player_lists_changed() -> None:
    """Forget every cached list of a player's clubs and tournaments: a membership, a club, a
    tournament (its standings come with it: `standings_version`), an entrant or an entrant's
    member changed (see `ladders.receivers`)."""
    cache.add(PLAYER_LISTS_GENERATION, 0, None)
    try:
        cache.incr(PLAYER_LISTS_GENERATION)
    except ValueError:  # evicted in between
        cache.set(PLAYER_LISTS_GENERATION, 1, None)


def player_lists_stamp(user) -> str:
    """What `player_clubs(user)` and `player_tournaments(user)` depend on, as a stamp: the
    player and a generation that every change to what they read bumps (`player_lists_changed`)."""
    return f"{user.pk}:{cache.get(PLAYER_LISTS_GENERATION, 0)}"


def player_clubs(user) -> list[Any]:
    """The player's memberships, with their clubs' names and addresses, by club name."""
    return list(
        user.memberships.select_related("club")
        .only("club", "club__name", "club__slug")
        .order_by("club__name")
    )


def recent_rebuilds(club: Club | None, limit: int = 5) -> list[RebuildJob]:
    """The latest rebuilds of a club's ladders (of the site-wide ones with None), newest first."""
    return list(RebuildJob.objects.filter(club=club).order_by("-created_at")[:limit])
