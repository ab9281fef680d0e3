"""Tournament formats as plain functions over plain data — no Django, no database.

The tournament pages call these with ids and results read from the database and store what they
return. Every function is deterministic: the same input (and, for progressive, the same seeded
`random.Random`) always gives the same output, and standings and brackets are recomputed from
scratch from all results.

- `round_robin` — everyone meets everyone (circle method, a bye when the count is odd).
- `swiss` — rounds paired by standing, no avoidable rematch, at most one bye each.
- `elimination` — single and double elimination brackets, resolved from match winners.
- `progressive` — club-night movements for individuals with rotating partners and bot seats.
- `movements` — duplicate movements: Mitchell, Howell and individual (Pitch solo), bots for odd
  fields.
- `duplicate` — duplicate scoring: matchpoints (Neuberg-factored) or total points difference.
- `standings` — points and the director's ordered tiebreaks (brackets place by
  `elimination.bracket_placings` first).
"""

from .duplicate import (
    MATCHPOINTS,
    TOTAL_POINTS,
    BoardResult,
    DuplicateScores,
    DuplicateStanding,
    ScoredResult,
    matchpoints,
    neuberg,
    score_duplicate,
    score_matchpoints,
    score_total_points,
)
from .elimination import (
    Bracket,
    BracketMatch,
    BracketState,
    LoserOf,
    MatchState,
    Placing,
    Seed,
    WinnerOf,
    bracket_placings,
    bracket_standings,
    double_elimination,
    played_matches,
    resolve_bracket,
    seeding_order,
    single_elimination,
)
from .movements import (
    EW,
    HOWELL,
    MITCHELL,
    NS,
    IndividualMovement,
    IndividualSitting,
    Movement,
    PairRound,
    Sitting,
    howell,
    individual,
    mitchell,
    movement_for,
)
from .progressive import (
    Meetings,
    ProgressiveRound,
    Table,
    meeting_counts,
    progressive_result,
    progressive_round,
    progressive_schedule,
    table_sizes,
)
from .round_robin import round_count, round_robin
from .standings import (
    FORMAT_SCORING,
    Result,
    Scoring,
    Side,
    Standing,
    Tiebreak,
    compute_standings,
    scoring_for,
)
from .swiss import swiss_history, swiss_pairing, swiss_round
from .types import BOT, FIVE_HUNDRED, PITCH, EntrantId, FormatError, Round

__all__ = [
    "BOT",
    "EW",
    "FIVE_HUNDRED",
    "FORMAT_SCORING",
    "HOWELL",
    "MATCHPOINTS",
    "MITCHELL",
    "NS",
    "PITCH",
    "TOTAL_POINTS",
    "BoardResult",
    "Bracket",
    "BracketMatch",
    "BracketState",
    "DuplicateScores",
    "DuplicateStanding",
    "EntrantId",
    "FormatError",
    "IndividualMovement",
    "IndividualSitting",
    "LoserOf",
    "MatchState",
    "Meetings",
    "Movement",
    "PairRound",
    "Placing",
    "ProgressiveRound",
    "Result",
    "Round",
    "ScoredResult",
    "Scoring",
    "Seed",
    "Side",
    "Sitting",
    "Standing",
    "Table",
    "Tiebreak",
    "WinnerOf",
    "bracket_placings",
    "bracket_standings",
    "compute_standings",
    "double_elimination",
    "howell",
    "individual",
    "matchpoints",
    "meeting_counts",
    "mitchell",
    "movement_for",
    "neuberg",
    "played_matches",
    "progressive_result",
    "progressive_round",
    "progressive_schedule",
    "resolve_bracket",
    "round_count",
    "round_robin",
    "score_duplicate",
    "score_matchpoints",
    "score_total_points",
    "scoring_for",
    "seeding_order",
    "single_elimination",
    "swiss_history",
    "swiss_pairing",
    "swiss_round",
    "table_sizes",
]
