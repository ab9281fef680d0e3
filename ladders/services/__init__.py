"""Everything that changes the ladders: recording finished games, rating them, rebuilding.

A finished game is recorded once as a `RatedGame` (the database refuses a second row for the same
source) and, when it counts, applied to its ladders: the site-wide ladder of its game and the
ladder of its club. Applying locks each ladder row (site-wide first, then the club's), reads the
players' ratings, runs `ladders.ratings.update` and stores the new ratings and one
`RatingChange` per player. A rebuild replays every game of a ladder in played order from
scratch with the same function, so a ladder built game by game equals its rebuild.

    table_game_record(table_id) -> (RatedGame | None, applied)     an online game, once
    table_games_sync() -> int            the sweep: finished online games whose task was lost
    tournament_result_record(tournament_table_id) -> RatedGame | None
                                         a physical tournament table's confirmed result (a
                                         changed result is corrected and its ladders rebuilt)
    game_stats_record(rated_game_id) -> int                      statistics of an online game
    ladder_settings_update(actor, club, **values) -> ClubLadderSettings
    rebuild_request(actor, *, club=None, game="") -> RebuildJob  directors / staff
    rebuild_schedule(scope, *, club_id=None, game="", reason="", reason_params=None) -> RebuildJob
    rebuild_run(job_id, progress_every=500) -> RebuildJob        what the task runs
    rebuild_job_version(job_id) -> int | None                    its progress, for the live page

The package, by what it does: `recording` (games in, once), `applying` (a game onto its
ladders), `rebuilding` (ladders from scratch), `jobs` (asking for rebuilds, who may),
`club_settings`, `game_stats`, `errors`. Reads, the ladder rules (`rules_for`) included, are in
`ladders.selectors`; this package may read through it, never the other way round.

Which games count
-----------------
A game counts when it has at least one person with an account, is not a demo table, and has no
bot at the table, unless its club rates games with bots (`ClubLadderSettings.rate_bot_games`,
off by default; a game without a club never counts with bots). The choice is the club's for
its games on every ladder they reach, the site-wide one included; bots themselves are never
rated. A walk-in guest without an account (tournament tables) plays as a steady average player
(`GUEST_RATING`) who is never stored.

Order
-----
Ratings apply in played order (`played_at`, then id). A game that arrives after games played
later than it (a result entered late) is applied at once and its ladders are rebuilt in the
background, so they end up exactly as if it had come in order.
"""

from ..selectors import SITE_RULES, LadderRules, rules_for
from .applying import GUEST_RATING, counts, ladder_get, result_of
from .club_settings import ladder_settings_update
from .errors import InvalidInput, LadderError, NotAllowed
from .game_stats import game_stats_record
from .jobs import STALE_JOB, may_rebuild, rebuild_request, rebuild_schedule
from .rebuilding import Replay, ladder_rebuild, ladder_replay, rebuild_job_version, rebuild_run
from .recording import (
    SWEEP_SETTLE_SECONDS,
    table_game_data,
    table_game_record,
    table_games_sync,
    tournament_result_data,
    tournament_result_record,
    tournament_results_sync,
)

__all__ = [
    "GUEST_RATING",
    "SITE_RULES",
    "STALE_JOB",
    "SWEEP_SETTLE_SECONDS",
    "InvalidInput",
    "LadderError",
    "LadderRules",
    "NotAllowed",
    "Replay",
    "counts",
    "game_stats_record",
    "ladder_get",
    "ladder_rebuild",
    "ladder_replay",
    "ladder_settings_update",
    "may_rebuild",
    "rebuild_request",
    "rebuild_job_version",
    "rebuild_run",
    "rebuild_schedule",
    "result_of",
    "rules_for",
    "table_game_data",
    "table_game_record",
    "table_games_sync",
    "tournament_result_data",
    "tournament_result_record",
    "tournament_results_sync",
]
