"""Drawing rounds and brackets for a locked, running tournament: building a round by the format
(seats, byes, bots), opening site tables, closing finished rounds and advancing a bracket.

These run inside the services' transactions after the caller has locked the tournament and
checked who is asking; they check nothing about the actor themselves. `setup` (starting and
finishing), `rounds` (the directors' round actions) and `results` (a result that advances a
bracket) all build on this module, and it imports none of them: the dependency is one way.
"""

from __future__ import annotations

import random

from django.conf import settings
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.notices import notices_send, notices_send_each
from games import services as game_services
from games.errors import GameError
from games.models import Table as GameTable

from .. import selectors
from ..formats import (
    BOT,
    FormatError,
    ProgressiveRound,
    played_matches,
    progressive_round,
    progressive_schedule,
    round_count,
    round_robin,
    swiss_round,
)
from ..formats import Table as FormatTable
from ..formats.elimination import COMPLETE, NOT_NEEDED, READY, Bracket
from ..models import (
    Bye,
    Entrant,
    EntrantMember,
    Round,
    TableResult,
    TableSeat,
    Tournament,
    TournamentTable,
)
from .common import enqueue_standings, table_actor, tournament_link
from .duplicate import board_ids, duplicate_build_round
from .errors import Conflict, InvalidInput, RoundUnfinished

Format = Tournament.Format
PARTNER_SIDES = [[0, 2], [1, 3]]


# Building rounds ---------------------------------------------------------------------------------


def entrant_members(entrant_ids) -> dict[int, list[EntrantMember]]:
    by_entrant: dict[int, list[EntrantMember]] = {}
    for member in EntrantMember.objects.filter(entrant_id__in=list(entrant_ids)).order_by(
        "position"
    ):
        by_entrant.setdefault(member.entrant_id, []).append(member)
    return by_entrant


def _new_table(tournament, round_, number, sides, *, bracket_match="") -> TournamentTable:
    return TournamentTable.objects.create(
        tournament=tournament,
        round=round_,
        number=number,
        sides=sides,
        online=tournament.online,
        bracket_match=bracket_match,
    )


def _head_to_head_table(tournament, round_, number, first, second, members, bracket_match=""):
    """A match of two partnerships: the first in seats 0 and 2, the second in 1 and 3."""
    table = _new_table(tournament, round_, number, PARTNER_SIDES, bracket_match=bracket_match)
    seats = []
    for entrant_id, numbers in ((first, (0, 2)), (second, (1, 3))):
        people = members.get(entrant_id, [])
        for position, seat_number in enumerate(numbers):
            member = people[position] if position < len(people) else None
            seats.append(
                TableSeat(table=table, number=seat_number, entrant_id=entrant_id, member=member)
            )
    TableSeat.objects.bulk_create(seats)
    return table


def _withdrawn(tournament) -> set[int]:
    return set(
        Entrant.objects.filter(tournament=tournament, withdrawn=True).values_list("id", flat=True)
    )


def _active(tournament) -> list[int]:
    return list(
        Entrant.objects.filter(tournament=tournament, withdrawn=False)
        .order_by("seed", "id")
        .values_list("id", flat=True)
    )


def _progressive_history(tournament, before: int) -> list[ProgressiveRound]:
    history = []
    rounds = selectors.round_list(tournament).filter(number__lt=before)
    for round_ in rounds:
        tables = []
        for table in round_.tables.all():
            seats = sorted(table.seats.all(), key=lambda s: s.number)
            tables.append(
                FormatTable(
                    table.number,
                    tuple(s.entrant_id if s.entrant_id else BOT for s in seats),
                    tuple(tuple(side) for side in table.sides),
                )
            )
        history.append(ProgressiveRound(round_.number, tuple(tables)))
    return history


def _progressive_plan(tournament: Tournament, active: list[int], number: int):
    """The progressive movement's round `number`. While the field is the one that started and
    the number of rounds is set, the round comes from the whole night's schedule (worked out
    once from the tournament's seed: nobody partners anyone twice before partnering everyone);
    after a late entry or a withdrawal, each round is seated from the rounds before it."""
    if tournament.rounds and active == list(tournament.draw) and number <= tournament.rounds:
        schedule = progressive_schedule(
            active,
            tournament.rounds,
            game=tournament.game,
            rng=random.Random(f"kookaburra:{tournament.seed}:schedule"),
            partnerships=tournament.partnerships,
        )
        return schedule[number - 1]
    return progressive_round(
        active,
        _progressive_history(tournament, number),
        game=tournament.game,
        rng=random.Random(f"kookaburra:{tournament.seed}:{number}"),
        partnerships=tournament.partnerships,
        number=number,
    )


def build_round(tournament: Tournament, number: int) -> Round:
    """Pair round `number` by the tournament's format and store its tables and byes."""
    if tournament.is_duplicate:
        return duplicate_build_round(tournament, number)
    active = _active(tournament)
    if len(active) < 2:
        raise Conflict(_("At least two entrants must still be playing to pair a round."))
    withdrawn = _withdrawn(tournament)
    try:
        if tournament.format == Format.SWISS:
            plan = swiss_round(
                selectors.entrant_ids(tournament),
                selectors.format_results(tournament),
                tiebreaks=selectors.tiebreaks_of(tournament),
                scoring=selectors.scoring_of(tournament),
                withdrawn=withdrawn,
                number=number,
            )
            pairings, byes = list(plan.pairings), [plan.bye] if plan.bye is not None else []
        elif tournament.format == Format.ROUND_ROBIN:
            plan = round_robin(tournament.draw, cycles=tournament.cycles)[number - 1]
            pairings, byes = [], []
            for first, second in plan.pairings:
                if first in withdrawn and second in withdrawn:
                    continue
                if first in withdrawn or second in withdrawn:
                    byes.append(second if first in withdrawn else first)
                else:
                    pairings.append((first, second))
            if plan.bye is not None and plan.bye not in withdrawn:
                byes.append(plan.bye)
        else:
            plan = _progressive_plan(tournament, active, number)
    except FormatError as exc:
        raise InvalidInput(str(exc)) from None

    round_ = Round.objects.create(tournament=tournament, number=number)
    if tournament.format == Format.PROGRESSIVE:
        members = entrant_members(active)
        for format_table in plan.tables:
            table = _new_table(
                tournament, round_, format_table.number, [list(s) for s in format_table.sides]
            )
            TableSeat.objects.bulk_create(
                TableSeat(
                    table=table,
                    number=seat_number,
                    entrant_id=entrant_id,
                    member=members[entrant_id][0] if entrant_id is not BOT else None,
                )
                for seat_number, entrant_id in enumerate(format_table.seats)
            )
        return round_
    members = entrant_members([e for pair in pairings for e in pair])
    for table_number, (first, second) in enumerate(pairings, start=1):
        _head_to_head_table(tournament, round_, table_number, first, second, members)
    Bye.objects.bulk_create(Bye(round=round_, entrant_id=e) for e in byes)
    return round_


def _rounds_planned(tournament: Tournament) -> int | None:
    if tournament.format == Format.ROUND_ROBIN:
        return round_count(len(tournament.draw), cycles=tournament.cycles)
    return tournament.rounds


def pair_next_round(tournament: Tournament) -> Round:
    """Pair the next round of a running, locked tournament (see `tournament_pair_round`)."""
    if tournament.is_elimination:
        raise Conflict(_("A bracket pairs itself: each match is drawn when the one before ends."))
    last = Round.objects.filter(tournament=tournament).order_by("-number").first()
    if last is not None:
        if last.is_draft:
            raise Conflict(
                _("Round %(number)s is seated but not published yet.") % {"number": last.number}
            )
        if last.is_published and not close_round_if_complete(tournament, last):
            raise RoundUnfinished(unfinished_message(last))
    number = (last.number if last else 0) + 1
    planned = _rounds_planned(tournament)
    if planned is not None and number > planned:
        raise Conflict(_("All %(count)s rounds have been paired.") % {"count": planned})
    return build_round(tournament, number)


# Publishing and closing --------------------------------------------------------------------------


def open_site_table(tournament: Tournament, table: TournamentTable, actor) -> GameTable:
    """Open the site table for a tournament table: its people in their seats, bots in the bot
    seats, the tournament's options and hand limit; the game starts at once."""
    seats = list(table.seats.select_related("member__user").order_by("number"))
    problem = selectors.online_problem(table, seats)
    if problem:
        raise Conflict(problem)
    if actor is None:
        raise Conflict(_("No director of the club is left to open the site table."))
    round_number = table.round.number
    boards = board_ids(tournament, table.boards) if tournament.is_duplicate else None
    try:
        game_table = game_services.table_create(
            actor,
            game=tournament.game,
            players=len(seats),
            options=dict(tournament.options or {}),
            name=_site_table_name(tournament, round_number, table.number),
            access=GameTable.Access.CLUB,
            club=tournament.club,
            bot_level=tournament.bot_level or "club",
            hand_limit=tournament.hand_limit if tournament.play == Tournament.Play.HANDS else None,
            seat=None,
            boards=boards,
        )
        game_services.table_seat_players(
            actor,
            game_table,
            {seat.number: seat.member.user if seat.entrant_id else None for seat in seats},
        )
    except GameError as exc:
        raise Conflict(
            _("Table %(table)s: %(message)s") % {"table": table.number, "message": exc.message}
        ) from None
    table.game_table = game_table
    table.save(update_fields=["game_table"])
    return game_table


def _site_table_name(tournament: Tournament, round_number: int, table_number: int) -> str:
    """The site table's name, stored once: in the club's language (everyone at the table reads
    the same name)."""
    with translation.override(tournament.club.language or settings.LANGUAGE_CODE):
        name = _("%(tournament)s — round %(round)s, table %(table)s") % {
            "tournament": tournament.name,
            "round": round_number,
            "table": table_number,
        }
    return name[:100]


def unfinished_message(round_: Round) -> str:
    numbers = [str(t.number) for t in selectors.round_unfinished_tables(round_)]
    return ngettext(
        "Round %(number)s can't close: table %(tables)s has no confirmed result yet.",
        "Round %(number)s can't close: tables %(tables)s have no confirmed result yet.",
        len(numbers),
    ) % {"number": round_.number, "tables": ", ".join(numbers)}


def close_round_if_complete(tournament: Tournament, round_: Round) -> bool:
    """Close a published round whose tables all have confirmed results; True if it is closed."""
    if round_.is_closed:
        return True
    if round_.is_draft or not selectors.round_is_complete(round_):
        return False
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    return True


# Brackets ----------------------------------------------------------------------------------------


def bracket_round_numbers(bracket: Bracket) -> dict[str, int]:
    """Bracket match id → tournament round: the depths that hold a played match, numbered
    from 1 (so rounds of only byes leave no gap)."""
    depths = selectors.bracket_depths(bracket)
    playable = played_matches(bracket)
    used = sorted({depths[m] for m in playable})
    number = {depth: i for i, depth in enumerate(used, start=1)}
    return {m: number[depths[m]] for m in playable}


def _forfeit(tournament, table: TournamentTable, winner_side: int) -> None:
    TableResult.objects.update_or_create(
        table=table,
        defaults={
            "tournament": tournament,
            "status": TableResult.Status.CONFIRMED,
            "source": TableResult.Source.FORFEIT,
            "scores": [0, 0],
            "hands_won": [0, 0],
            "winners": [winner_side],
            "entered_side": None,
            "confirmed_at": timezone.now(),
        },
    )


def advance_bracket(tournament: Tournament) -> None:
    """Bring a running bracket up to date with its results: open a table (published at once,
    with its site table when online) for every match that is ready, forfeit the matches of
    withdrawn entrants, close finished rounds, and finish the tournament with its champion.

    Raises Conflict if the results no longer fit matches already drawn (a correction that
    would change who played a later match)."""
    bracket = selectors.bracket_of(tournament)
    numbers = bracket_round_numbers(bracket)
    withdrawn = _withdrawn(tournament)
    seeds = {e: i for i, e in enumerate(bracket.seeds)}
    actor = None
    for _pass in range(len(bracket.matches) + 2):
        try:
            state = selectors.bracket_state(tournament)
        except FormatError:
            raise Conflict(
                _(
                    "That would change who played a later match of the bracket, which has been "
                    "drawn already: correct the later results first."
                )
            ) from None
        tables = {
            t.bracket_match: t
            for t in TournamentTable.objects.filter(tournament=tournament)
            .exclude(bracket_match="")
            .select_related("result")
        }
        forfeited = False
        for match_id, match in state.matches.items():
            table = tables.get(match_id)
            if match.status not in (READY, COMPLETE) or match_id not in numbers:
                if table is not None:
                    raise Conflict(
                        _(
                            "That would undo match %(match)s, which has been drawn already: "
                            "correct the later results first."
                        )
                        % {"match": match_id}
                    )
                continue
            first, second = match.entrants
            if table is None:
                if actor is None:
                    actor = table_actor(tournament)
                table = _bracket_table(tournament, numbers[match_id], match_id, first, second)
                if table.online and selectors.online_problem(table):
                    # A bracket match is drawn and published at once, with no seating step to
                    # fix it in: a guest without an account plays it at a physical table.
                    table.online = False
                    table.save(update_fields=["online"])
                if table.online and not ({first, second} & withdrawn):
                    open_site_table(tournament, table, actor)
                if not ({first, second} & withdrawn):
                    # Drawn and published at once: its players learn where they sit now.
                    tell_seated(tournament, table.round, tables=[table])
            else:
                drawn = [e.pk for side in selectors.side_entrants(table) for e in side]
                if drawn != [first, second]:
                    raise Conflict(
                        _(
                            "That would change who plays match %(match)s, which has been drawn "
                            "already: correct the later results first."
                        )
                        % {"match": match_id}
                    )
            if match.status == READY and {first, second} & withdrawn:
                if first in withdrawn and second in withdrawn:
                    winner = 0 if seeds[first] < seeds[second] else 1
                else:
                    winner = 1 if first in withdrawn else 0
                _forfeit(tournament, table, winner)
                forfeited = True
        if not forfeited:
            break
    for round_ in Round.objects.filter(tournament=tournament, status=Round.Status.PUBLISHED):
        in_round = [m for m, n in numbers.items() if n == round_.number]
        if all(state.matches[m].status in (COMPLETE, NOT_NEEDED) for m in in_round):
            close_round_if_complete(tournament, round_)
    if state.champion is not None and not tournament.is_finished:
        tournament.champion_id = state.champion
        tournament.status = Tournament.Status.FINISHED
        tournament.finished_at = timezone.now()
        tournament.save(update_fields=["champion", "status", "finished_at"])
    enqueue_standings(tournament)


def tell_seated(tournament, round_, tables=None) -> None:
    """A notice to everyone with an account where they sit in this round (or at these `tables`
    of it), and, for a whole round, to those with a bye."""
    url = tournament_link(tournament, "my_table")
    seats = TableSeat.objects.filter(table__round=round_, member__user__isnull=False)
    if tables is not None:
        seats = seats.filter(table__in=tables)
    notices_send_each(
        (
            (
                seat.member.user_id,
                "tournaments.seat_online" if seat.table.online else "tournaments.seat_at_club",
                {
                    "tournament": tournament.name,
                    "round": round_.number,
                    "table": seat.table.number,
                    "seat": seat.number + 1,
                },
            )
            for seat in seats.select_related("table", "member")
        ),
        url,
    )
    if tables is not None:
        return
    byes = EntrantMember.objects.filter(
        entrant__byes__round=round_, user__isnull=False
    ).values_list("user_id", flat=True)
    notices_send(
        byes, "tournaments.bye", {"tournament": tournament.name, "round": round_.number}, url
    )


def _bracket_table(tournament, number: int, match_id: str, first: int, second: int):
    round_, made = Round.objects.get_or_create(
        tournament=tournament,
        number=number,
        defaults={"status": Round.Status.PUBLISHED, "published_at": timezone.now()},
    )
    if not made and round_.is_closed:
        round_.status = Round.Status.PUBLISHED
        round_.closed_at = None
        round_.save(update_fields=["status", "closed_at"])
    return _head_to_head_table(
        tournament,
        round_,
        _free_table_number(tournament, round_),
        first,
        second,
        entrant_members([first, second]),
        match_id,
    )


def _free_table_number(tournament, round_) -> int:
    """The lowest table number free for a new bracket match: not used in its round, and not
    used by a match of another round still being played (a bracket's rounds overlap: a round-2
    match between two byes can start while round 1 plays, and the two must not both be sent to
    table 1)."""
    used = set(round_.tables.values_list("number", flat=True)) | set(
        TournamentTable.objects.filter(tournament=tournament)
        .exclude(bracket_match="")
        .exclude(result__status=TableResult.Status.CONFIRMED)
        .values_list("number", flat=True)
    )
    return next(n for n in range(1, len(used) + 2) if n not in used)
