"""Rounds: the directors' actions on them — pairing the next round by the format, the table
list (swaps before publishing), publishing (site tables for online play) and closing. How a
round or a bracket match is built lives in `drawing`, which this module uses."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from ..models import (
    Bye,
    Entrant,
    Round,
    TableResult,
    TableSeat,
    Tournament,
    TournamentTable,
)
from .common import (
    lock_round,
    lock_table,
    lock_tournament,
    require_director,
    require_running,
)
from .drawing import (
    build_round,
    close_round_if_complete,
    entrant_members,
    open_site_table,
    pair_next_round,
    tell_seated,
    unfinished_message,
)
from .errors import Conflict, InvalidInput, RoundUnfinished, WrongStatus


@transaction.atomic
def tournament_pair_round(actor, tournament: Tournament) -> Round:
    """Directors pair the next round by the format: Swiss by the standings (with the
    tournament's tiebreaks), round robin from its schedule (a withdrawn opponent leaves a
    bye), progressive by the movement (bots fill the empty seats). The previous round must be
    finished (it is closed now). The new round is a draft: check it, swap, then publish."""
    tournament = lock_tournament(tournament)
    require_director(actor, tournament)
    require_running(tournament)
    return pair_next_round(tournament)


@transaction.atomic
def round_repair(actor, round_: Round) -> Round:
    """Directors pair an unpublished round again (after a withdrawal or a late entry, say)."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    require_running(tournament)
    _require_draft(round_)
    number = round_.number
    round_.delete()
    return build_round(tournament, number)


@transaction.atomic
def round_discard(actor, round_: Round) -> None:
    """Directors throw away an unpublished round (it can be paired again later)."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    _require_draft(round_)
    if tournament.is_elimination:
        raise Conflict(_("A bracket's rounds can't be discarded."))
    round_.delete()


def _require_draft(round_: Round) -> None:
    if not round_.is_draft:
        raise WrongStatus(
            _("Round %(round)s has been published: its seating is fixed.")
            % {"round": round_.number}
        )


# The table list: swaps ---------------------------------------------------------------------------


@transaction.atomic
def round_swap_seats(actor, round_: Round, first: TableSeat | int, second: TableSeat | int):
    """Directors swap the people in two seats of an unpublished round (perhaps at different
    tables). In a partnership event two partners may swap seats; to move a partnership to
    another table swap whole entrants (`round_swap_entrants`)."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    _require_draft(round_)
    ids = [s.pk if isinstance(s, TableSeat) else s for s in (first, second)]
    seats = {s.pk: s for s in TableSeat.objects.filter(pk__in=ids, table__round=round_)}
    if len(seats) != 2 or len(set(ids)) != 2:
        raise InvalidInput(_("Choose two different seats of this round."), field="seats")
    a, b = seats[ids[0]], seats[ids[1]]
    if not tournament.is_progressive and a.entrant_id != b.entrant_id:
        raise InvalidInput(
            (
                _(
                    "Partners sit opposite each other: swap two partners' seats, or swap "
                    "whole partnerships."
                )
            ),
            field="seats",
        )
    a.entrant_id, b.entrant_id = b.entrant_id, a.entrant_id
    a.member_id, b.member_id = b.member_id, a.member_id
    TableSeat.objects.bulk_update([a, b], ["entrant", "member"])


@transaction.atomic
def round_swap_entrants(actor, round_: Round, first: Entrant, second: Entrant) -> None:
    """Directors swap two entrants in an unpublished round: each takes the other's seats (or
    bye). In a progressive this swaps two players' seats."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    _require_draft(round_)
    if first.pk == second.pk or {first.tournament_id, second.tournament_id} != {tournament.pk}:
        raise InvalidInput(_("Choose two different entrants of this tournament."), field="entrants")
    members = entrant_members([first.pk, second.pk])
    position = {m.pk: m.position for people in members.values() for m in people}
    seats = list(TableSeat.objects.filter(table__round=round_, entrant__in=[first, second]))
    byes = list(Bye.objects.filter(round=round_, entrant__in=[first, second]))
    if not seats and not byes:
        raise InvalidInput(_("Neither entrant plays this round."), field="entrants")
    other = {first.pk: second.pk, second.pk: first.pk}
    for seat in seats:
        target = other[seat.entrant_id]
        people = members.get(target, [])
        index = position.get(seat.member_id, 0)
        seat.entrant_id = target
        seat.member = people[index] if index < len(people) else None
    TableSeat.objects.bulk_update(seats, ["entrant", "member"])
    for bye in byes:
        bye.entrant_id = other[bye.entrant_id]
    Bye.objects.bulk_update(byes, ["entrant"])


@transaction.atomic
def table_set_online(actor, table: TournamentTable, online: bool) -> TournamentTable:
    """Directors choose whether one table is played on the site or at a physical table. In a
    published round a table can still go online while nothing has been recorded for it (its
    site table is opened at once)."""
    tournament, table = lock_table(table)
    require_director(actor, tournament)
    require_running(tournament)
    online = bool(online)
    if table.online == online:
        return table
    if not table.round.is_draft:
        if table.game_table_id is not None or TableResult.objects.filter(table=table).exists():
            raise Conflict(_("Table %(table)s is already under way.") % {"table": table.number})
        if not online:
            table.online = False
            table.save(update_fields=["online"])
            return table
    table.online = online
    table.save(update_fields=["online"])
    if online and not table.round.is_draft:
        open_site_table(tournament, table, actor)
    return table


@transaction.atomic
def round_publish(actor, round_: Round) -> Round:
    """Directors publish a seated round: players see their tables, and every table played
    online gets its site table with the right people in the right seats."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    require_running(tournament)
    _require_draft(round_)
    for table in round_.tables.order_by("number"):
        if table.online:
            open_site_table(tournament, table, actor)
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    tell_seated(tournament, round_)
    return round_


@transaction.atomic
def round_close(actor, round_: Round) -> Round:
    """Directors close a published round. It can't close while any of its tables has no
    confirmed result (worked out from the results, never from a flag)."""
    tournament, round_ = lock_round(round_)
    require_director(actor, tournament)
    if round_.is_draft:
        raise WrongStatus(_("Round %(round)s hasn't been published.") % {"round": round_.number})
    if round_.is_closed:
        return round_
    if not close_round_if_complete(tournament, round_):
        raise RoundUnfinished(unfinished_message(round_))
    return round_
