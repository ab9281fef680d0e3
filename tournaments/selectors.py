"""Reads for tournament pages, the API and the services: nothing here changes anything.

Lists and access
    tournaments_of_club(club)                  a club's tournaments, newest first, counted
    with_entrant_count(tournaments)            annotate each with its entrants not withdrawn
    tournament_access(user, tournament)        TournamentAccess (from `tournaments.policies`)
    entrant_list(tournament)                   entrants in seed order, members prefetched
    entrant_of(user, tournament)               the user's entrant, or None
    entrant_ids_of(user)                       tournament id -> the user's entrant id, for lists
    round_list(tournament)                     rounds with tables, seats, results prefetched
    current_round(tournament)                  the latest published (or closed) round, or None

Seating and tables
    round_seating(round)                       RoundSeating: the table list (who sits where) + byes
    table_info(table)                          one table as a dict (seats, sides, result)
    online_problem(table)                      why an online table can't open (guests), or None
    my_table(user, tournament)                 MyTable: the user's table this round (or bye), None
    round_unfinished_tables(round)             tables without a confirmed result (derived)
    round_is_complete(round)                   True when every table has a confirmed result
    results_awaiting(user, tournament)         pending results the user may confirm

Standings and brackets
    standings(tournament)                      the stored snapshot: list of dicts, best first
                                               (a duplicate event's: computed now, as its page)
    standings_version(tournament_id)           the snapshot's version (one small query)
    tournament_signature(pk)                   what the tournament page shows during play, as
                                               one short string (one query, for polling)
    round_signature(tournament_id, number)     the round's status and results, the same way
    live_standings(tournament)                 computed now from confirmed results (not stored)
    standings_csv_rows(tournament, user=None)  header + one row per line, for a CSV download
                                               (a duplicate event's: its standings page's columns)
    disputed_tables(table_ids)                 tables whose entry was disputed, and no result since
    bracket(tournament)                        the stored bracket snapshot (brackets only)
    bracket_state(tournament)                  formats.BracketState computed now (brackets only)

Printing and history
    table_cards(round)                         data for printable table cards
    results_sheet(tournament)                  every round's tables with their results
    result_audit_log(tournament)               directors' entries and corrections, newest first

For the services (plain data for `tournaments.formats`)
    format_results(tournament)                 confirmed results and byes as formats.Result
    entrant_ids(tournament)                    every entrant id in seed order
    scoring_of(tournament), tiebreaks_of(tournament)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from fractions import Fraction
from typing import Any

from django.db.models import Count, Max, OuterRef, Prefetch, Q, QuerySet, Subquery
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext, pgettext

from .formats import (
    Bracket,
    BracketState,
    Result,
    Scoring,
    Side,
    Tiebreak,
    bracket_standings,
    compute_standings,
    double_elimination,
    resolve_bracket,
    scoring_for,
    single_elimination,
)
from .formats.standings import DRAW, LOSS, WIN
from .models import (
    BoardResult,
    Bye,
    Entrant,
    EntrantMember,
    ResultAudit,
    Round,
    Standing,
    TableResult,
    TableSeat,
    Tournament,
    TournamentTable,
)
from .policies import TournamentAccess, entrant_of, tournament_access  # noqa: F401 (re-exported)

#: The tiebreaks a new tournament gets unless the director lists others.
DEFAULT_TIEBREAKS: dict[str, list[str]] = {
    Tournament.Format.ROUND_ROBIN: [
        Tiebreak.HEAD_TO_HEAD,
        Tiebreak.POINTS_DIFFERENCE,
        Tiebreak.HANDS_WON,
    ],
    Tournament.Format.SWISS: [
        Tiebreak.BUCHHOLZ,
        Tiebreak.SONNEBORN_BERGER,
        Tiebreak.POINTS_DIFFERENCE,
    ],
    Tournament.Format.SINGLE_ELIMINATION: [Tiebreak.POINTS_DIFFERENCE],
    Tournament.Format.DOUBLE_ELIMINATION: [Tiebreak.POINTS_DIFFERENCE],
    Tournament.Format.PROGRESSIVE: [Tiebreak.WINS, Tiebreak.HANDS_WON],
    Tournament.Format.DUPLICATE: [],
}


def _signed_in(user) -> bool:
    return user is not None and getattr(user, "is_authenticated", False)


def plain(value: Any) -> Any:
    """A number as JSON can hold it: Fractions as an int when whole, else rounded to 3 places."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else round(float(value), 3)
    return value


# Lists and access --------------------------------------------------------------------------------


def with_entrant_count(tournaments: QuerySet[Tournament]) -> QuerySet[Tournament]:
    """The tournaments, each with `entrant_count`: its entrants not withdrawn (same query)."""
    return tournaments.annotate(
        entrant_count=Count("entrants", filter=Q(entrants__withdrawn=False))
    )


def tournaments_of_club(club) -> QuerySet[Tournament]:
    """A club's tournaments, newest first, each with `entrant_count`."""
    return with_entrant_count(
        Tournament.objects.filter(club=club)
        .select_related("club", "night", "house_rules", "champion")
        .order_by("-created_at", "-id")
    )


def tournaments_index(user, limit: int = 30) -> dict[str, list[Tournament]]:
    """The site-wide list at /tournaments/: the reader's own tournaments not finished (`mine`),
    and every club's under way and the latest finished (`limit` of each), newest first, each
    with `entrant_count`."""
    tournaments = with_entrant_count(
        Tournament.objects.select_related("club", "night", "champion").order_by(
            "-created_at", "-id"
        )
    )
    mine = [t.pk for t in current_tournaments_of(user, limit=10)]
    return {
        "mine": list(tournaments.filter(pk__in=mine)) if mine else [],
        "running": list(tournaments.filter(status=Tournament.Status.RUNNING)[:limit]),
        "finished": list(
            tournaments.filter(status=Tournament.Status.FINISHED).order_by("-finished_at", "-id")[
                :limit
            ]
        ),
    }


def current_tournaments_of(user, limit: int = 5) -> QuerySet[Tournament]:
    """The newest `limit` tournaments the user is entered in that have not finished."""
    if not _signed_in(user):
        return Tournament.objects.none()
    return (
        Tournament.objects.filter(entrants__members__user=user)
        .exclude(status=Tournament.Status.FINISHED)
        .select_related("club")
        .distinct()
        .order_by("-created_at")[:limit]
    )


def entrant_list(tournament: Tournament) -> QuerySet[Entrant]:
    return (
        Entrant.objects.filter(tournament=tournament)
        .prefetch_related(
            Prefetch("members", queryset=EntrantMember.objects.select_related("user"))
        )
        .order_by("seed", "id")
    )


def entrant_ids_of(user) -> dict[int, int]:
    """Every tournament the user is entered in: tournament id -> their entrant's id."""
    if not _signed_in(user):
        return {}
    return dict(EntrantMember.objects.filter(user=user).values_list("tournament_id", "entrant_id"))


def _tables_prefetch() -> Prefetch:
    return Prefetch(
        "tables",
        queryset=TournamentTable.objects.select_related("result", "game_table")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=TableSeat.objects.select_related("entrant", "member__user").order_by(
                    "number"
                ),
            )
        )
        .order_by("number"),
    )


def round_list(tournament: Tournament) -> QuerySet[Round]:
    return (
        Round.objects.filter(tournament=tournament)
        .prefetch_related(
            _tables_prefetch(), Prefetch("byes", queryset=Bye.objects.select_related("entrant"))
        )
        .order_by("number")
    )


def current_round(tournament: Tournament) -> Round | None:
    """The round being played: the latest published round, else the latest closed one."""
    rounds = Round.objects.filter(tournament=tournament).exclude(status=Round.Status.DRAFT)
    return rounds.order_by("-number").first()


# Seating and tables ------------------------------------------------------------------------------


def _result_of(table: TournamentTable) -> TableResult | None:
    try:
        return table.result
    except TableResult.DoesNotExist:
        return None


def _seats(table: TournamentTable) -> list[TableSeat]:
    prefetched = getattr(table, "_prefetched_objects_cache", {})
    if "seats" in prefetched:
        return sorted(prefetched["seats"], key=lambda s: s.number)
    return list(table.seats.select_related("entrant", "member__user").order_by("number"))


def side_entrants(table: TournamentTable, seats: list[TableSeat] | None = None) -> list[list]:
    """For each side of the table, its entrants (Entrant objects, no bots, in seat order)."""
    seats = seats if seats is not None else _seats(table)
    by_number = {s.number: s for s in seats}
    out = []
    for side in table.sides:
        entrants = []
        for number in side:
            seat = by_number.get(number)
            if seat is not None and seat.entrant is not None and seat.entrant not in entrants:
                entrants.append(seat.entrant)
        out.append(entrants)
    return out


def side_names(table: TournamentTable, seats: list[TableSeat] | None = None) -> list[str]:
    """Each side as people read it: the entrant for a partnership, else the players (and bots)."""
    seats = seats if seats is not None else _seats(table)
    by_number = {s.number: s for s in seats}
    names = []
    for side in table.sides:
        entrants = {by_number[n].entrant_id for n in side if n in by_number}
        if len(entrants) == 1 and None not in entrants and len(side) > 1:
            names.append(str(by_number[side[0]].entrant))
        else:
            names.append(" & ".join(by_number[n].name for n in side if n in by_number))
    return names


def seated_guests(seats) -> list[str]:
    """The people seated at a table who can't play on the site: guests without an account."""
    return [s.name for s in seats if s.entrant_id and (s.member is None or not s.member.user_id)]


def online_problem(table: TournamentTable, seats=None) -> str | None:
    """Why this table can't be played on the site, or None. The one rule behind the seating
    page's warning, the API's `online_problem` and the refusal when the site table opens."""
    if not table.online:
        return None
    guests = seated_guests(seats if seats is not None else _seats(table))
    if not guests:
        return None
    return ngettext(
        "Table %(number)s is played online, but %(names)s has no account and can't play on "
        "the site. Make it a physical table, or swap the guest to a physical table.",
        "Table %(number)s is played online, but %(names)s have no account and can't play on "
        "the site. Make it a physical table, or swap the guests to a physical table.",
        len(guests),
    ) % {"number": table.number, "names": ", ".join(guests)}


def bots_offline(table: TournamentTable, seats=None) -> str | None:
    """What to tell the director of a physical table that has bots in it (an odd number of
    pairs, a withdrawal), or None: bots play only on the site."""
    if table.online:
        return None
    if not any(s.is_bot for s in (seats if seats is not None else _seats(table))):
        return None
    return _(
        "Bots sit at table %(number)s, and bots play only on the site: play it online, or have "
        "substitutes sit in for them and enter the results here."
    ) % {"number": table.number}


def table_info(table: TournamentTable) -> dict[str, Any]:
    """A tournament table as pages and the API show it: seats, sides, result (no secrets)."""
    seats = _seats(table)
    result = _result_of(table)
    names = side_names(table, seats)
    side_of = {n: i for i, side in enumerate(table.sides) for n in side}
    return {
        "id": table.pk,
        "number": table.number,
        "round": table.round.number,
        "round_id": table.round_id,
        "bracket_match": table.bracket_match or None,
        "online": table.online,
        "game_table_id": table.game_table_id,
        "game_status": table.game_table.status if table.game_table_id else None,
        "online_problem": online_problem(table, seats),
        "bots_offline": bots_offline(table, seats),
        "seats": [
            {
                "id": s.pk,
                "number": s.number,
                "side": side_of.get(s.number),
                "name": s.name,
                "is_bot": s.is_bot,
                "entrant_id": s.entrant_id,
                "entrant_name": str(s.entrant) if s.entrant_id else None,
                "user_id": s.member.user_id if s.member_id else None,
            }
            for s in seats
        ],
        "sides": [
            {
                "index": i,
                "seats": list(side),
                "name": names[i],
                "score": result.scores[i] if result else None,
                "hands_won": result.hands_won[i] if result and result.hands_won else None,
                "won": (i in result.winners) if result else None,
            }
            for i, side in enumerate(table.sides)
        ],
        "result": (
            {
                **result.as_dict(),
                "draw": not result.winners,
                "entered_side": result.entered_side,
                "entered_by": result.entered_by.shown_name if result.entered_by_id else None,
                "confirmed_by": result.confirmed_by.shown_name if result.confirmed_by_id else None,
                "entered_at": result.entered_at,
                "confirmed_at": result.confirmed_at,
            }
            if result
            else None
        ),
        "finished": _boards_done(table) if table.boards else bool(result and result.is_confirmed),
    }


def _boards_done(table: TournamentTable) -> bool:
    """A duplicate table is finished once every board it plays has a confirmed result."""
    done = BoardResult.objects.filter(table=table, status=BoardResult.Status.CONFIRMED).count()
    return done >= len(table.boards)


@dataclass
class RoundSeating:
    round: Round
    tables: list[dict[str, Any]] = field(default_factory=list)
    byes: list[Entrant] = field(default_factory=list)

    @property
    def unfinished(self) -> list[dict[str, Any]]:
        return [t for t in self.tables if not t["finished"]]


def round_seating(round_: Round) -> RoundSeating:
    """The table list of a round: who sits where (seat by seat), the sides, each result."""
    tables = (
        TournamentTable.objects.filter(round=round_)
        .select_related("round", "result__entered_by", "result__confirmed_by", "game_table")
        .prefetch_related(
            Prefetch(
                "seats",
                queryset=TableSeat.objects.select_related("entrant", "member__user"),
            )
        )
        .order_by("number")
    )
    byes = [b.entrant for b in Bye.objects.filter(round=round_).select_related("entrant")]
    return RoundSeating(round_, [table_info(t) for t in tables], byes)


@dataclass(frozen=True)
class MyTable:
    """Where a player sits this round. `table` is None for a bye."""

    round: Round
    entrant: Entrant
    table: TournamentTable | None
    seat: TableSeat | None
    side: int | None
    info: dict[str, Any] | None

    @property
    def bye(self) -> bool:
        return self.table is None


def my_table(user, tournament: Tournament) -> MyTable | None:
    """The user's table in the current round (published or closed, never a draft), the seat and
    side; a MyTable with `table=None` for a bye; None when the user has no place this round."""
    entrant = entrant_of(user, tournament)
    round_ = current_round(tournament)
    if entrant is None or round_ is None:
        return None
    seat = (
        TableSeat.objects.filter(table__round=round_, member__user=user)
        .select_related("table__round")
        .first()
    )
    if seat is None:
        if Bye.objects.filter(round=round_, entrant=entrant).exists():
            return MyTable(round_, entrant, None, None, None, None)
        return None
    table = seat.table
    side = next((i for i, s in enumerate(table.sides) if seat.number in s), None)
    return MyTable(round_, entrant, table, seat, side, table_info(table))


def round_unfinished_tables(round_: Round) -> QuerySet[TournamentTable]:
    """The round's tables that have no confirmed result yet: derived from the results (in a
    duplicate event: a confirmed result on every board the table plays)."""
    duplicate = Tournament.objects.filter(
        pk=round_.tournament_id, format=Tournament.Format.DUPLICATE
    ).exists()
    if duplicate:
        tables = TournamentTable.objects.filter(round=round_).annotate(
            done=Count("board_results", filter=Q(board_results__status="confirmed"))
        )
        open_ids = [t.pk for t in tables if t.done < len(t.boards or [])]
        return TournamentTable.objects.filter(pk__in=open_ids).order_by("number")
    return (
        TournamentTable.objects.filter(round=round_)
        .exclude(result__status=TableResult.Status.CONFIRMED)
        .order_by("number")
    )


def round_is_complete(round_: Round) -> bool:
    return not round_unfinished_tables(round_).exists()


def results_awaiting(user, tournament: Tournament) -> list[TableResult]:
    """Pending results at the user's tables entered by another side: theirs to confirm."""
    if not _signed_in(user):
        return []
    out = []
    pending = TableResult.objects.filter(
        tournament=tournament, status=TableResult.Status.PENDING, table__seats__member__user=user
    ).select_related("table__round")
    for result in pending.distinct():
        seat = TableSeat.objects.filter(table=result.table, member__user=user).first()
        side = next((i for i, s in enumerate(result.table.sides) if seat.number in s), None)
        if side is not None and side != result.entered_side:
            out.append(result)
    return out


# Plain data for the formats ----------------------------------------------------------------------


def entrant_ids(tournament: Tournament) -> list[int]:
    return list(
        Entrant.objects.filter(tournament=tournament)
        .order_by("seed", "id")
        .values_list("id", flat=True)
    )


def scoring_of(tournament: Tournament) -> Scoring:
    return scoring_for(tournament.format)


def tiebreaks_of(tournament: Tournament) -> list[str]:
    return list(tournament.tiebreaks or [])


def result_for_formats(table: TournamentTable, result: TableResult) -> Result:
    """A confirmed table result as a `formats.Result` (bots are on no side's member list)."""
    entrants = side_entrants(table)
    hands = result.hands_won or [0] * len(table.sides)
    sides = tuple(
        Side(
            tuple(e.pk for e in entrants[i]),
            int(result.scores[i]),
            (WIN if i in result.winners else LOSS) if result.winners else DRAW,
            int(hands[i]),
        )
        for i in range(len(table.sides))
    )
    return Result(table.pk, table.round.number, sides)


def format_results(tournament: Tournament) -> list[Result]:
    """Every confirmed result and every bye of the tournament, as `formats.Result`s."""
    tables = (
        TournamentTable.objects.filter(
            tournament=tournament, result__status=TableResult.Status.CONFIRMED
        )
        .select_related("round", "result")
        .prefetch_related(Prefetch("seats", queryset=TableSeat.objects.select_related("entrant")))
        .order_by("round__number", "number")
    )
    results = [result_for_formats(t, t.result) for t in tables]
    for bye in Bye.objects.filter(round__tournament=tournament).select_related("round"):
        results.append(Result.for_bye(f"bye-{bye.pk}", bye.round.number, bye.entrant_id))
    return results


# Standings and brackets --------------------------------------------------------------------------


def live_standings(tournament: Tournament):
    """The standings computed now from the confirmed results (formats.Standing list). A bracket
    ranks by its placings (`formats.bracket_placings`): page, CSV and API all read these."""
    state = bracket_state(tournament)
    if state is not None:
        return bracket_standings(
            state,
            format_results(tournament),
            tiebreaks=tiebreaks_of(tournament),
            scoring=scoring_of(tournament),
        )
    return compute_standings(
        entrant_ids(tournament),
        format_results(tournament),
        tiebreaks=tiebreaks_of(tournament),
        scoring=scoring_of(tournament),
    )


def standings(tournament: Tournament) -> list[dict[str, Any]]:
    """The standings as last recalculated, best first: one dict a line with `rank`, `entrant`
    (id, name, seed, withdrawn), `points`, `played`, `wins`, `draws`, `losses`, `byes`,
    `game_points`, `hands_won` and `tiebreaks` (label and value, in the director's order)."""
    # The tiebreaks' names in the reader's language, once for every line.
    labels = {str(key): str(label) for key, label in TIEBREAK_LABELS.items()}
    if tournament.is_duplicate:
        rows = _duplicate_rows_now(tournament)
    else:
        # Plain values, not model instances: only what a line shows, with its entrant's name.
        rows = (
            Standing.objects.filter(tournament=tournament)
            .order_by("position")
            .values(
                *Standing.LINE_FIELDS,
                "points",
                "entrant_id",
                "entrant__name",
                "entrant__seed",
                "entrant__withdrawn",
            )
        )
    return [_standing_line(row, labels) for row in rows]


def _duplicate_rows_now(tournament: Tournament) -> list[dict[str, Any]]:
    """A duplicate event's standings rows computed now, as the worker stores them
    (`services.duplicate.duplicate_standings_rows`: what everyone may see) and as its standings
    page computes them: the stored snapshot catches up only when the worker has recalculated
    it. With each entrant's name, seed and withdrawal, as `standings` reads stored rows."""
    from .services.duplicate import duplicate_standings_rows  # the services import this module

    entrants = Entrant.objects.filter(tournament=tournament).in_bulk()
    out = []
    for row in duplicate_standings_rows(tournament):
        entrant = entrants.get(row["entrant_id"])
        if entrant is None:  # the bot pair is never ranked
            continue
        out.append(
            {
                **row,
                "points": row["data"]["points"],
                "entrant__name": entrant.name,
                "entrant__seed": entrant.seed,
                "entrant__withdrawn": entrant.withdrawn,
            }
        )
    return out


def _standing_line(row: dict[str, Any], labels: dict[str, str]) -> dict[str, Any]:
    """One standings line from a stored (or duplicate, computed) row."""
    data = row["data"] or {}
    return {
        "position": row["position"],
        "rank": row["rank"],
        "entrant": {
            "id": row["entrant_id"],
            "name": row["entrant__name"],
            "seed": row["entrant__seed"],
            "withdrawn": row["entrant__withdrawn"],
        },
        "points": data.get("points", plain(row["points"])),
        "played": row["played"],
        "wins": row["wins"],
        "draws": row["draws"],
        "losses": row["losses"],
        "byes": row["byes"],
        "game_points": row["game_points"],
        "hands_won": row["hands_won"],
        "points_difference": data.get("points_difference"),
        "buchholz": data.get("buchholz"),
        "sonneborn_berger": data.get("sonneborn_berger"),
        "tiebreaks": [
            {**t, "label": labels[t["key"]]} if t.get("key") in labels else t
            for t in data.get("tiebreaks", [])
        ],
    }


def disputed_tables(table_ids) -> dict[int, ResultAudit]:
    """Of these tables, those whose entry was disputed and that have had no result since: the
    table id → the audit entry of the dispute (its actor disputed `old.scores`)."""
    latest: dict[int, ResultAudit] = {}
    audits = (
        ResultAudit.objects.filter(table_id__in=list(table_ids), table__result__isnull=True)
        .select_related("actor")
        .order_by("table_id", "-at", "-id")
    )
    for audit in audits:
        latest.setdefault(audit.table_id, audit)
    return {table_id: audit for table_id, audit in latest.items() if audit.is_dispute}


def boards_version(tournament_id: int) -> int | None:
    """A duplicate event's boards version: it goes up whenever a board result is entered,
    confirmed or assigned. One small query; None for an unknown tournament."""
    return (
        Tournament.objects.filter(pk=tournament_id).values_list("boards_version", flat=True).first()
    )


def standings_version(tournament_id: int) -> int | None:
    """The standings snapshot's version: it goes up whenever the stored standings (or the
    bracket) change. One small query, for polling; None for an unknown tournament."""
    return (
        Tournament.objects.filter(pk=tournament_id)
        .values_list("standings_version", flat=True)
        .first()
    )


def _signature(row: tuple | None) -> str | None:
    """A `.values_list()` row as one short string: the status's initial, then each value (a
    time as milliseconds, a missing count or time as 0). None for no row."""
    if row is None:
        return None
    status, *rest = row
    parts = [
        str(int(v.timestamp() * 1000)) if isinstance(v, datetime) else str(v or 0) for v in rest
    ]
    return ".".join([status[0], *parts])


def _scalar(queryset, expression):
    return Subquery(
        queryset.order_by().values("tournament").annotate(value=expression).values("value")[:1]
    )


def tournament_signature(pk: int) -> str | None:
    """Everything the tournament page shows that changes during play, as one short string:
    the standings version, the published rounds and the results (a duplicate event's board
    results too). One query."""
    rounds = Round.objects.filter(tournament=OuterRef("pk")).exclude(status=Round.Status.DRAFT)
    results = TableResult.objects.filter(tournament=OuterRef("pk"))
    row = (
        Tournament.objects.filter(pk=pk)
        .annotate(
            rounds_shown=_scalar(rounds, Count("id")),
            published=_scalar(rounds, Max("published_at")),
            closed=_scalar(rounds, Max("closed_at")),
            results_in=_scalar(results, Count("id")),
            entered=_scalar(results, Max("entered_at")),
            confirmed=_scalar(results, Max("confirmed_at")),
        )
        .values_list(
            "status",
            "standings_version",
            "rounds_shown",
            "published",
            "closed",
            "results_in",
            "entered",
            "confirmed",
            # A duplicate event's board results (its standings box is computed from them).
            "boards_version",
        )
        .first()
    )
    return _signature(row)


def round_signature(tournament_id: int, number: int) -> str | None:
    """The round's status and its results, as one short string. One query."""
    row = (
        Round.objects.filter(tournament_id=tournament_id, number=number)
        .annotate(
            results_in=Count("tables__result"),
            confirmed=Count(
                "tables__result", filter=Q(tables__result__status=TableResult.Status.CONFIRMED)
            ),
            entered_at=Max("tables__result__entered_at"),
            confirmed_at=Max("tables__result__confirmed_at"),
        )
        .values_list("status", "results_in", "confirmed", "entered_at", "confirmed_at")
        .first()
    )
    return _signature(row)


TIEBREAK_LABELS = {
    Tiebreak.POINTS_DIFFERENCE: gettext_lazy("Points difference"),
    Tiebreak.BUCHHOLZ: gettext_lazy("Buchholz"),
    Tiebreak.SONNEBORN_BERGER: gettext_lazy("Sonneborn–Berger"),
    Tiebreak.HEAD_TO_HEAD: gettext_lazy("Head-to-head"),
    Tiebreak.HANDS_WON: gettext_lazy("Hands won"),
    Tiebreak.GAME_POINTS: gettext_lazy("Game points"),
    Tiebreak.WINS: gettext_lazy("Wins"),
}


def _public_duplicate_standings(tournament: Tournament, user=None) -> dict[str, Any]:
    """A duplicate event's standings as its standings page shows them to `user` (to everyone
    when None): computed now from the confirmed results; while it runs, a player sees only
    the boards every table has played, a director every confirmed result."""
    from django.contrib.auth.models import AnonymousUser

    from . import duplicate_selectors as dup

    reader = user if user is not None else AnonymousUser()
    return dup.duplicate_standings(tournament, dup.board_access(reader, tournament))


def duplicate_standings_csv_rows(tournament: Tournament, user=None) -> list[list[Any]]:
    """A duplicate event's standings as CSV rows: the figures and columns of its standings page
    as `user` sees it (rank, pair, field, boards played, matchpoints, top and percentage, or
    total points)."""
    table = _public_duplicate_standings(tournament, user)
    lines = table["lines"]
    matchpoints = table["method"] == "matchpoints"
    with_field = any(line["field"] for line in lines)
    header = [_("Rank"), _("Entrant"), _("Players")]
    if with_field:
        header.append(_("Field"))
    header.append(_("Boards played"))
    if matchpoints:
        header += [
            _("Matchpoints"),
            pgettext("the most matchpoints a pair could score", "Top"),
            _("Percentage"),
        ]
    else:
        header.append(_("Total points"))
    header.append(_("Withdrawn"))
    entrants = {e.pk: e for e in entrant_list(tournament)}
    rows: list[list[Any]] = [header]
    for line in lines:
        entrant = entrants.get(line["entrant_id"])
        if entrant is None:  # the bot pair is never ranked
            continue
        row: list[Any] = [
            f"{line['rank']}=" if line["tied"] else line["rank"],
            line["name"],
            " & ".join(m.name for m in entrant.members.all()),
        ]
        if with_field:
            row.append(line["field"] or "")
        row.append(line["boards"])
        if matchpoints:
            row += [
                line["total"],
                line["top"],
                "" if line["percentage"] is None else line["percentage"],
            ]
        else:
            row.append(line["total"])
        row.append(_("yes") if entrant.withdrawn else "")
        rows.append(row)
    return rows


def standings_csv_rows(tournament: Tournament, user=None) -> list[list[Any]]:
    """The stored standings as rows for a CSV file: a header row, then one row a line (a
    duplicate event's: `duplicate_standings_csv_rows`, as its page shows them to `user`)."""
    if tournament.is_duplicate:
        return duplicate_standings_csv_rows(tournament, user)
    tiebreaks = tiebreaks_of(tournament)
    header = [
        _("Rank"),
        _("Entrant"),
        _("Players"),
        _("Seed"),
        _("Points"),
        _("Played"),
        _("Won"),
        _("Drawn"),
        _("Lost"),
        _("Byes"),
        _("Game points"),
        _("Hands won"),
        *[
            _("Tiebreak %(number)d: %(name)s")
            % {"number": n, "name": TIEBREAK_LABELS.get(Tiebreak(t), t)}
            for n, t in enumerate(tiebreaks, 1)
        ],
        _("Withdrawn"),
    ]
    players = {e.pk: " & ".join(m.name for m in e.members.all()) for e in entrant_list(tournament)}
    rows: list[list[Any]] = [header]
    for line in standings(tournament):
        values = [t["value"] for t in line["tiebreaks"]]
        rows.append(
            [
                line["rank"],
                line["entrant"]["name"],
                players.get(line["entrant"]["id"], ""),
                line["entrant"]["seed"],
                line["points"],
                # As the page counts them: a bye is a game played and won.
                line["played"] + line["byes"],
                line["wins"],
                line["draws"],
                line["losses"],
                line["byes"],
                line["game_points"],
                line["hands_won"],
                *["" if v is None else v for v in values],
                _("yes") if line["entrant"]["withdrawn"] else "",
            ]
        )
    return rows


def bracket_of(tournament: Tournament) -> Bracket | None:
    """The tournament's bracket (fixed when it started), or None for other formats."""
    if not tournament.is_elimination or not tournament.draw:
        return None
    if tournament.format == Tournament.Format.SINGLE_ELIMINATION:
        return single_elimination(tournament.draw)
    return double_elimination(tournament.draw, reset=tournament.bracket_reset)


def bracket_winners(tournament: Tournament) -> dict[str, int]:
    """Bracket match id → winning entrant id, from the confirmed results."""
    winners = {}
    tables = (
        TournamentTable.objects.filter(
            tournament=tournament, result__status=TableResult.Status.CONFIRMED
        )
        .exclude(bracket_match="")
        .select_related("result")
        .prefetch_related(Prefetch("seats", queryset=TableSeat.objects.select_related("entrant")))
    )
    for table in tables:
        entrants = side_entrants(table)
        won = [entrants[i][0].pk for i in table.result.winners if entrants[i]]
        if len(won) == 1:
            winners[table.bracket_match] = won[0]
    return winners


def bracket_state(tournament: Tournament) -> BracketState | None:
    bracket = bracket_of(tournament)
    if bracket is None:
        return None
    return resolve_bracket(bracket, bracket_winners(tournament))


def bracket_depths(bracket: Bracket) -> dict[str, int]:
    """Each match's depth: 1 + the deepest match it draws on (1 for the first round). Matches
    of one depth are played in the same tournament round."""
    depth: dict[str, int] = {}
    remaining = list(bracket.matches)
    while remaining:
        later = []
        for match in remaining:
            sources = [getattr(s, "match", None) for s in match.sources]
            needed = [s for s in sources if s is not None]
            if all(s in depth for s in needed):
                depth[match.id] = 1 + max((depth[s] for s in needed), default=0)
            else:
                later.append(match)
        remaining = later
    return depth


def bracket_data(tournament: Tournament, state: BracketState | None = None) -> dict | None:
    """The bracket as plain data for pages: every match with its entrants, status and winner,
    the site table of the match and the champion."""
    state = state or bracket_state(tournament)
    if state is None:
        return None
    names = {e.pk: e.name for e in Entrant.objects.filter(tournament=tournament)}
    tables = dict(
        TournamentTable.objects.filter(tournament=tournament)
        .exclude(bracket_match="")
        .values_list("bracket_match", "pk")
    )
    depths = bracket_depths(state.bracket)

    def who(entrant_id):
        return None if entrant_id is None else {"id": entrant_id, "name": names.get(entrant_id)}

    return {
        "kind": state.bracket.kind,
        "size": state.bracket.size,
        "champion": who(state.champion),
        "finished": state.finished,
        "eliminated": list(state.eliminated),
        "matches": [
            {
                "id": m.match.id,
                "bracket": m.match.bracket,
                "round": m.match.round,
                "slot": m.match.slot,
                "depth": depths.get(m.match.id),
                "status": m.status,
                "entrants": [who(e) for e in m.entrants],
                "byes": list(m.byes),
                "winner": who(m.winner),
                "table_id": tables.get(m.match.id),
            }
            for m in state.matches.values()
        ],
    }


def bracket(tournament: Tournament) -> dict | None:
    """The bracket as last stored with the standings (see `bracket_data`), or None."""
    return tournament.bracket_snapshot


# Printing and history ----------------------------------------------------------------------------


def table_cards(round_: Round) -> list[dict[str, Any]]:
    """One card a table, to print and put on the table: the tournament, round and table, the
    game and how the round is played, each seat with its player, and a line a side for the
    score (and where to find it online)."""
    tournament = round_.tournament
    seating = round_seating(round_)
    cards = []
    for table in seating.tables:
        cards.append(
            {
                "tournament": tournament.name,
                "club": tournament.club.name,
                "game": tournament.get_game_display(),
                "play": tournament.play_label,
                "round": round_.number,
                "table": table["number"],
                "bracket_match": table["bracket_match"],
                "online": table["online"],
                "game_table_id": table["game_table_id"],
                "seats": [
                    {"number": s["number"], "name": s["name"], "side": s["side"]}
                    for s in table["seats"]
                ],
                "sides": [{"index": s["index"], "name": s["name"]} for s in table["sides"]],
            }
        )
    return cards


def results_sheet(tournament: Tournament) -> list[dict[str, Any]]:
    """Every round with its tables (sides, scores, winners, status) and byes, in order."""
    sheet = []
    for round_ in Round.objects.filter(tournament=tournament).order_by("number"):
        seating = round_seating(round_)
        sheet.append(
            {
                "round": round_.number,
                "status": round_.status,
                "tables": seating.tables,
                "byes": [{"id": e.pk, "name": e.name} for e in seating.byes],
            }
        )
    return sheet


def result_audit_log(tournament: Tournament) -> QuerySet[ResultAudit]:
    return (
        ResultAudit.objects.filter(tournament=tournament)
        .select_related("actor", "table__round")
        .order_by("-at", "-id")
    )
