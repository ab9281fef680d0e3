"""The tournament pages: what a club director and the players see of a tournament.

Views parse the request, call a service (`tournaments.services`) or a selector
(`tournaments.selectors`) and render; the services decide who may do what.
"""

from .play import (
    my_table_redirect,
    pair_next_round,
    result_confirm,
    result_dispute,
    result_enter,
    round_action,
    round_detail,
    round_poll,
    round_swap,
    table_detail,
    table_online,
    tournament_detail,
    tournament_poll,
)
from .setup import (
    club_tournaments,
    entrant_action,
    entrant_add,
    entrants,
    entrants_from_night,
    partnerships,
    tournament_create,
    tournament_delete,
    tournament_edit,
    tournament_finish,
    tournament_start,
)
from .standings import (
    audit_log,
    bracket,
    results_sheet,
    standings,
    standings_csv,
    standings_events,
    standings_version,
    table_cards,
)

__all__ = [
    "audit_log",
    "bracket",
    "club_tournaments",
    "entrant_action",
    "entrant_add",
    "entrants",
    "entrants_from_night",
    "my_table_redirect",
    "pair_next_round",
    "partnerships",
    "result_confirm",
    "result_dispute",
    "result_enter",
    "results_sheet",
    "round_action",
    "round_detail",
    "round_poll",
    "round_swap",
    "standings",
    "standings_csv",
    "standings_events",
    "standings_version",
    "table_cards",
    "table_detail",
    "table_online",
    "tournament_create",
    "tournament_delete",
    "tournament_detail",
    "tournament_edit",
    "tournament_finish",
    "tournament_poll",
    "tournament_start",
]
