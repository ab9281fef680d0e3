"""Club ladders: OpenSkill ratings (the Plackett-Luce model) over finished games.

Plain functions over plain data, no database. A game's result is a ranking of its teams:

    result = GameResult("g17", played_at, teams=[["ann", "bob"], ["cy", "di"]], scores=[510, 220])
    new = update(ratings, result)           # {"ann": Rating(...), ...} for the players of that game
    ratings, history = rebuild(results)     # every game again, in played order, from scratch
    games_played, last_played = activity(history)
    rows = leaderboard(ratings, games_played, last_played, now)

Teams
-----
A team is the list of player ids that share one result: a Five Hundred or partnership Pitch side
(2 v 2, or six-player Five Hundred's three pairs), or one player alone at a free-for-all table
(3-7 Pitch players, three-player Five Hundred). Teams may differ in size. Five-player Five
Hundred is rated at the level of the game, where every player keeps their own total: each
player is a team of one, and the contractor and called partner who go out together share first
place (`result_from_game_record` builds exactly that).

A result gives either each team's final `scores` (higher is better) or its `ranks` (lower is
better; 1, 2, 2, 4 or 0, 1, 1, 3 - only the order matters). Equal figures are a tie.

Wins and draws
--------------
The teams in first place win (`winners`), together when they share it with a team below them.
When every team shares first place (a 300-300 table) nobody wins: the game is a draw
(`is_draw`), rated as a tie and counted as a draw, not a win, for everyone in it.

Bots
----
A seat taken by a bot holds `BOT` (None) instead of a player id. By default a game with any bot
in it is not rated at all (`rate_with_bots=False`). A club may choose to rate such games for the
humans: each bot then takes part as a steady, average player (`BOT_RATING`: μ 25, σ 2) whose
rating never changes, so a human partnered with a bot is judged against the team the bot makes
with them. Bots themselves are never rated and never appear in the ratings.

The conservative score
----------------------
The ladder ranks players by μ − 3σ: the skill the system is about 99.7% sure a player has at
least. A new player starts at μ 25, σ 25/3, so at 0; playing games shrinks σ and moves μ.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, NamedTuple

from openskill.models import PlackettLuce

PlayerId = Hashable

BOT = None
"""The marker for a seat played by a bot."""

MU = 25.0
SIGMA = MU / 3
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)
"""The model every function uses unless given another (OpenSkill's defaults: β 25/6, τ 25/300)."""

MIN_GAMES = 5
ACTIVE_DAYS = 90


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's skill estimate: mean μ and uncertainty σ."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def conservative(self) -> float:
        return conservative(self)


DEFAULT_RATING = Rating(MU, SIGMA)
BOT_RATING = Rating(MU, 2.0)
"""A bot counts as an average player whose strength is well known (only with rate_with_bots)."""


def conservative(rating: Rating) -> float:
    """The ladder score: μ − 3σ."""
    return rating.mu - 3.0 * rating.sigma


def is_bot(player: Any) -> bool:
    return player is BOT


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game as a ranking of teams.

    `teams` holds each team's player ids (`BOT` for a bot's seat); exactly one of `scores`
    (each team's final score, higher is better) or `ranks` (lower is better) is given, one
    figure per team. Lists are accepted and stored as tuples.
    """

    game_id: Hashable
    played_at: datetime
    teams: tuple[tuple[PlayerId | None, ...], ...]
    scores: tuple[float, ...] | None = None
    ranks: tuple[float, ...] | None = None

    def __post_init__(self) -> None:
        try:
            teams = tuple(tuple(team) for team in self.teams)
        except TypeError:
            raise ValueError("teams must be a list of lists of player ids") from None
        if len(teams) < 2:
            raise ValueError("a game needs at least two teams")
        if any(not team for team in teams):
            raise ValueError("every team needs at least one player")
        seen: set[PlayerId] = set()
        for team in teams:
            for player in team:
                if is_bot(player):
                    continue
                if player in seen:
                    raise ValueError(f"player {player!r} appears twice in game {self.game_id!r}")
                seen.add(player)
        object.__setattr__(self, "teams", teams)
        if (self.scores is None) == (self.ranks is None):
            raise ValueError("give either each team's score or each team's rank")
        name = "scores" if self.scores is not None else "ranks"
        figures = tuple(self.scores if self.scores is not None else self.ranks)
        if len(figures) != len(teams):
            raise ValueError(f"{name} needs one figure for each of the {len(teams)} teams")
        for value in figures:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise ValueError(f"{name} must be numbers, not {value!r}")
            if not math.isfinite(value):
                raise ValueError(f"{name} must be finite numbers")
        object.__setattr__(self, name, figures)
        if not isinstance(self.played_at, datetime):
            raise ValueError("played_at must be a datetime")

    @property
    def players(self) -> list[PlayerId]:
        """The human players, team by team."""
        return [p for team in self.teams for p in team if not is_bot(p)]

    @property
    def has_bots(self) -> bool:
        return any(is_bot(p) for team in self.teams for p in team)

    def places(self) -> list[int]:
        """Each team's place from 0 (first): the number of teams that did strictly better."""
        if self.scores is not None:
            keys = [-s for s in self.scores]
        else:
            keys = list(self.ranks)
        return [sum(1 for other in keys if other < mine) for mine in keys]

    def is_draw(self) -> bool:
        """Whether nobody won: every team shares first place."""
        return is_draw(self.places())

    def winners(self) -> list[PlayerId]:
        """The human players of the team(s) in first place; nobody in a draw."""
        places = self.places()
        if is_draw(places):
            return []
        firsts = [team for team, place in zip(self.teams, places, strict=True) if place == 0]
        return [p for team in firsts for p in team if not is_bot(p)]


def is_draw(figures: Sequence[float]) -> bool:
    """Whether a game whose teams scored, or placed, `figures` is a draw: every team level, so
    all share first place and nobody wins. Teams level in first place above another team are
    not a draw: they win together (five-player Five Hundred's contractor and called partner)."""
    return len(figures) > 1 and len(set(figures)) == 1


class HistoryPoint(NamedTuple):
    """A player's rating right after one game."""

    game_id: Hashable
    played_at: datetime
    mu: float
    sigma: float
    conservative: float


@dataclass(frozen=True, slots=True)
class LeaderboardRow:
    position: int  # 1 for the top; players with the same score share a position
    player: PlayerId
    mu: float
    sigma: float
    conservative: float
    games_played: int
    last_played: datetime


def is_rated(result: GameResult, rate_with_bots: bool = False) -> bool:
    """Whether the game counts for the ladder: it has a human, and no bot unless the club allows."""
    if not result.players:
        return False
    return rate_with_bots or not result.has_bots


def update(
    ratings: Mapping[PlayerId, Rating],
    result: GameResult,
    *,
    rate_with_bots: bool = False,
    model: PlackettLuce = MODEL,
    bot_rating: Rating = BOT_RATING,
) -> dict[PlayerId, Rating]:
    """The new ratings of the human players of one game ({} when the game is not rated).

    Players missing from `ratings` start at `DEFAULT_RATING`. `ratings` is not changed.
    """
    if not is_rated(result, rate_with_bots):
        return {}
    teams = []
    for team in result.teams:
        members = []
        for player in team:
            rating = bot_rating if is_bot(player) else ratings.get(player, DEFAULT_RATING)
            members.append(model.rating(mu=rating.mu, sigma=rating.sigma))
        teams.append(members)
    rated = model.rate(teams, ranks=result.places())
    out: dict[PlayerId, Rating] = {}
    for team, new_team in zip(result.teams, rated, strict=True):
        for player, new in zip(team, new_team, strict=True):
            if not is_bot(player):
                out[player] = Rating(float(new.mu), float(new.sigma))
    return out


def played_order(results: Iterable[GameResult]) -> list[GameResult]:
    """The results in the order they were played (ties in time broken by game id).

    Raises ValueError when two results share a game id.
    """
    results = list(results)
    ids: set[Hashable] = set()
    for result in results:
        if result.game_id in ids:
            raise ValueError(f"game {result.game_id!r} appears twice")
        ids.add(result.game_id)
    return sorted(results, key=lambda r: (r.played_at, _id_key(r.game_id)))


def _id_key(game_id: Hashable) -> tuple[int, Any]:
    if isinstance(game_id, int) and not isinstance(game_id, bool):
        return (0, game_id)
    return (1, str(game_id))


def rebuild(
    results: Iterable[GameResult],
    *,
    rate_with_bots: bool = False,
    model: PlackettLuce = MODEL,
    bot_rating: Rating = BOT_RATING,
) -> tuple[dict[PlayerId, Rating], dict[PlayerId, list[HistoryPoint]]]:
    """Every game again from scratch, in played order: (ratings, history).

    `history[player]` lists the player's rating after each rated game they played, oldest first.
    The input may be in any order.
    """
    ratings: dict[PlayerId, Rating] = {}
    history: dict[PlayerId, list[HistoryPoint]] = {}
    for result in played_order(results):
        new = update(
            ratings, result, rate_with_bots=rate_with_bots, model=model, bot_rating=bot_rating
        )
        for player, rating in new.items():
            ratings[player] = rating
            history.setdefault(player, []).append(
                HistoryPoint(
                    result.game_id,
                    result.played_at,
                    rating.mu,
                    rating.sigma,
                    conservative(rating),
                )
            )
    return ratings, history


def activity(
    history: Mapping[PlayerId, Sequence[HistoryPoint]],
) -> tuple[dict[PlayerId, int], dict[PlayerId, datetime]]:
    """(rated games played, time of the last rated game) for each player of a history."""
    games = {player: len(points) for player, points in history.items() if points}
    last = {
        player: max(p.played_at for p in points) for player, points in history.items() if points
    }
    return games, last


def _id_order(player: PlayerId) -> tuple:
    """Player ids in order: numbers as numbers (9 before 11; as text "11" came first), then
    anything else as text."""
    if isinstance(player, int) and not isinstance(player, bool):
        return (0, player, "")
    return (1, 0, str(player))


def leaderboard(
    ratings: Mapping[PlayerId, Rating],
    games_played: Mapping[PlayerId, int],
    last_played: Mapping[PlayerId, datetime],
    now: datetime,
    min_games: int = MIN_GAMES,
    active_days: int | None = ACTIVE_DAYS,
) -> list[LeaderboardRow]:
    """The ladder: players with at least `min_games` rated games whose last game is no more than
    `active_days` before `now` (None: no limit), best μ − 3σ first.

    Equal scores share a position; the order among them is more games first, then higher μ,
    then the player id.
    """
    if min_games < 0:
        raise ValueError("min_games cannot be negative")
    if active_days is not None and active_days < 0:
        raise ValueError("active_days cannot be negative")
    cutoff = None if active_days is None else now - timedelta(days=active_days)
    rows = []
    for player, rating in ratings.items():
        played = games_played.get(player, 0)
        last = last_played.get(player)
        if played < min_games or last is None:
            continue
        if cutoff is not None and last < cutoff:
            continue
        rows.append((player, rating, played, last))
    rows.sort(key=lambda r: (-conservative(r[1]), -r[2], -r[1].mu, _id_order(r[0])))
    out: list[LeaderboardRow] = []
    for index, (player, rating, played, last) in enumerate(rows):
        score = conservative(rating)
        if out and out[-1].conservative == score:
            position = out[-1].position
        else:
            position = index + 1
        out.append(LeaderboardRow(position, player, rating.mu, rating.sigma, score, played, last))
    return out


def result_from_game_record(
    game_id: Hashable,
    played_at: datetime,
    record: Mapping[str, Any],
    seat_players: Sequence[PlayerId | None],
) -> GameResult:
    """The result of a finished game record (shared/hand-records.md).

    `seat_players[i]` is the player id at seat i (`BOT` for a bot). Teams are the game's sides:
    partners by seat for four- and six-player Five Hundred and partnership Pitch, one player per
    team otherwise (five-player Five Hundred included: each keeps their own total). The winners
    share first place and the other teams follow by final total, equal totals tying.

    Raises ValueError for a record that does not replay or a game nobody has won yet.
    """
    from games.engines import five_hundred, records
    from games.engines.base import RecordError

    try:
        hands, rows, winners = records.load_game(dict(record))
    except RecordError as exc:
        raise ValueError(f"the game record does not replay: {exc.reason}") from None
    players = hands[0].players
    if len(seat_players) != players:
        raise ValueError(f"seat_players needs one entry for each of the {players} seats")
    if winners is None:
        raise ValueError("the game is not finished: nobody has won yet")
    if record["game"] == five_hundred.GAME:
        sides = five_hundred.sides(players)
    else:
        last = hands[-1]
        sides = tuple(dict.fromkeys(last.side(seat) for seat in range(players)))
    totals = rows[-1]
    won = set(winners)
    # Winners come first whatever their total; the rest follow by total (higher is better).
    keys = [(0 if any(s in won for s in side) else 1, -totals[side[0]]) for side in sides]
    order = sorted(set(keys))
    return GameResult(
        game_id,
        played_at,
        teams=[[seat_players[s] for s in side] for side in sides],
        ranks=[order.index(k) for k in keys],
    )
