"""Everything that changes a tournament. Pages, the API and tasks call these and nothing else.

Each service runs in one transaction, locks the tournament row first (then the round or table
it changes), checks who is asking, and raises a `TournamentError` with a message for people when
the request can't be done — in which case nothing has changed: `InvalidInput` (HTTP 400),
`NotAllowed` (403) or `Conflict` (409, with subclasses for the common cases). Standings are
recalculated by the Celery task `tournaments.tasks.recalculate_standings`, enqueued on commit
by every service that changes a result.

Setting up (directors unless said)
    tournament_create(actor, club, *, name, game, format, night=None, house_rules=None,
                      options=None, play="target", hand_limit=None, rounds=None, cycles=1,
                      bracket_reset=True, tiebreaks=None, online=False, bot_level="club",
                      entrants_from_night=True) -> Tournament
    tournament_update(actor, tournament, **changes) -> Tournament
    tournament_delete(actor, tournament) -> None                       (draft only)
    tournament_start(actor, tournament) -> Tournament                  (pairs round 1)
    tournament_finish(actor, tournament) -> Tournament
    entrant_add(actor, tournament, *, members, name="") -> Entrant      (late entry once running)
    entrants_from_night(actor, tournament) -> list[Entrant]            (checked-in, not entered)
    entrant_update(actor, entrant, *, name=None, members=None) -> Entrant
    entrant_remove(actor, entrant) -> None                             (draft only)
    entrants_reorder(actor, tournament, entrant_ids) -> None           (seeding, draft only)
    entrant_move_up(actor, entrant) -> int                             (one seed up, draft only)
    entrants_set_partnerships(actor, tournament, pairs) -> list[Entrant] (draft only)
    entrant_withdraw(actor, entrant) -> Entrant                        (director or own player)
    entrant_reinstate(actor, entrant) -> Entrant

Rounds and the table list
    tournament_pair_round(actor, tournament) -> Round                  (a draft round)
    round_repair(actor, round) -> Round                                (pair a draft again)
    round_discard(actor, round) -> None
    round_swap_seats(actor, round, first_seat, second_seat) -> None    (TableSeat or id)
    round_swap_entrants(actor, round, first_entrant, second_entrant) -> None
    table_set_online(actor, table, online) -> TournamentTable
    round_publish(actor, round) -> Round                               (opens site tables)
    round_close(actor, round) -> Round                                 (only when all finished)

Results
    result_enter(actor, table, *, scores, hands_won=None, winners=None, reason="") -> TableResult
    result_confirm(actor, table) -> TableResult
    result_reject(actor, table) -> None
    result_correct(actor, table, *, scores, hands_won=None, winners=None, reason) -> TableResult
    result_record_online(game_table_id) -> TableResult | None           (the signal's task)
    online_results_sync() -> int            (the sweep: finished site games left without a result)

Duplicate events (services.duplicate)
    board_result_enter(actor, table, number, *, contract, declarer, tricks) -> BoardResult
    board_result_confirm(actor, table, number) -> BoardResult
    duplicate_record_online(game_table_id) -> list[BoardResult]       (site hands, per board)
    round_assign_averages(actor, round_) -> Round      (close a round with boards missing)

Standings
    standings_recalculate(tournament_id) -> bool                       (what the task runs)
"""

from .drawing import advance_bracket, open_site_table
from .duplicate import (
    board_result_confirm,
    board_result_dispute,
    board_result_enter,
    duplicate_record_online,
    round_assign_averages,
)
from .duplicate import boards_channel as duplicate_boards_channel
from .duplicate import is_solo as duplicate_is_solo
from .errors import (
    AlreadyEntered,
    Conflict,
    InvalidInput,
    NotAllowed,
    ResultExists,
    RoundUnfinished,
    TournamentError,
    WrongStatus,
)
from .results import (
    check_hands_won,
    clean_result,
    hands_played,
    online_results_sync,
    result_confirm,
    result_correct,
    result_enter,
    result_record_online,
    result_reject,
    site_table_result,
)
from .rounds import (
    round_close,
    round_discard,
    round_publish,
    round_repair,
    round_swap_entrants,
    round_swap_seats,
    table_set_online,
    tournament_pair_round,
)
from .setup import (
    entrant_add,
    entrant_move_up,
    entrant_reinstate,
    entrant_remove,
    entrant_update,
    entrant_withdraw,
    entrants_from_night,
    entrants_reorder,
    entrants_set_partnerships,
    tournament_create,
    tournament_delete,
    tournament_finish,
    tournament_start,
    tournament_update,
)
from .standings import standings_recalculate

__all__ = [
    "AlreadyEntered",
    "Conflict",
    "InvalidInput",
    "NotAllowed",
    "ResultExists",
    "RoundUnfinished",
    "TournamentError",
    "WrongStatus",
    "advance_bracket",
    "board_result_confirm",
    "board_result_dispute",
    "board_result_enter",
    "duplicate_boards_channel",
    "duplicate_is_solo",
    "duplicate_record_online",
    "round_assign_averages",
    "check_hands_won",
    "clean_result",
    "hands_played",
    "entrant_add",
    "entrant_move_up",
    "entrant_reinstate",
    "entrant_remove",
    "entrant_update",
    "entrant_withdraw",
    "entrants_from_night",
    "entrants_reorder",
    "entrants_set_partnerships",
    "online_results_sync",
    "open_site_table",
    "result_confirm",
    "result_correct",
    "result_enter",
    "result_record_online",
    "result_reject",
    "round_close",
    "round_discard",
    "round_publish",
    "round_repair",
    "round_swap_entrants",
    "round_swap_seats",
    "site_table_result",
    "standings_recalculate",
    "table_set_online",
    "tournament_create",
    "tournament_delete",
    "tournament_finish",
    "tournament_pair_round",
    "tournament_start",
    "tournament_update",
]
