"""The pages of a duplicate event: the movement and the boards (with their commitments), a
table's boards (a physical table enters each board's contract and the other pair confirms),
each board's traveller (only for those who have played it), the standings and a pair's score
card. Every action is a plain form post (htmx swaps the table's board list in place)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from core import live
from core.dates import listed
from core.decorators import login_required_htmx
from games.engines import five_hundred

from .. import duplicate_selectors as dup
from .. import policies, selectors, services
from ..models import Entrant
from ..services import board_result_dispute
from .common import (
    finish_action,
    forbidden,
    get_table,
    get_tournament,
    in_club_zone,
    tournament_url,
)
from .play import _poll_answer


def _duplicate(pk):
    tournament = get_tournament(pk)
    if not tournament.is_duplicate:
        raise Http404(_("This is not a duplicate event."))
    return tournament


def _base(request, tournament, **extra):
    seen = dup.board_access(request.user, tournament)
    return {
        "tournament": tournament,
        "club": tournament.club,
        "access": seen.access,
        "seen": seen,
        "tab": "duplicate",
        "boards_version": tournament.boards_version,
        "solo": services.duplicate_is_solo(tournament),
        **extra,
    }


async def duplicate_events(request, pk):
    """A duplicate event's live stream: server-sent events carrying only the boards version;
    the standings and traveller pages refetch their fragment on each (each viewer gets only
    what they may see)."""
    return await live.sse_response(
        request,
        services.duplicate_boards_channel(pk),
        lambda: selectors.boards_version(pk),
        missing=_("There is no such tournament."),
    )


@require_GET
def duplicate_version(request, pk):
    """The fallback poll: has the boards version changed since `v`? One query, no session."""
    version = selectors.boards_version(pk)
    return _poll_answer(
        None if version is None else str(version), request.GET.get("v", ""), "boards-changed"
    )


@require_GET
@in_club_zone
def duplicate_overview(request, pk):
    tournament = _duplicate(pk)
    context = _base(request, tournament)
    context["overview"] = dup.duplicate_overview(tournament, context["seen"])
    context["links"] = dup.board_links(tournament)
    return render(request, "tournaments/duplicate/overview.html", context)


@require_GET
@in_club_zone
def duplicate_standings(request, pk):
    tournament = _duplicate(pk)
    context = _base(request, tournament, tab="standings")
    context["standings"] = dup.duplicate_standings(tournament, context["seen"])
    if request.htmx and request.GET.get("fragment") == "table":
        return render(request, "tournaments/duplicate/standings.html#standings-table", context)
    return render(request, "tournaments/duplicate/standings.html", context)


@require_GET
@in_club_zone
def duplicate_scorecard(request, pk, entrant_id):
    tournament = _duplicate(pk)
    entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
    context = _base(request, tournament, entrant=entrant, tab="standings")
    context["rows"] = dup.scorecard(tournament, entrant.pk, context["seen"])
    return render(request, "tournaments/duplicate/scorecard.html", context)


@require_GET
@in_club_zone
def duplicate_board(request, pk, number):
    tournament = _duplicate(pk)
    context = _base(request, tournament, number=number)
    if tournament.board_set_id is None or number not in dup.movement_of(tournament).board_numbers:
        raise Http404(_("There is no such board."))
    if not context["seen"].may_see(number):
        return forbidden(
            request,
            _("You'll see board %(board)s's results once you have played it.") % {"board": number},
            tournament,
        )
    context["rows"] = dup.traveller(tournament, number)
    context["seat_numbers"] = range(len(context["rows"][0]["seats"])) if context["rows"] else []
    if request.htmx and request.GET.get("fragment") == "rows":
        return render(request, "tournaments/duplicate/traveller.html#traveller-rows", context)
    return render(request, "tournaments/duplicate/traveller.html", context)


def _table_context(request, tournament, table_id):
    table = get_table(tournament, table_id)
    context = _base(request, tournament, table=table)
    if not policies.may_see_round(context["access"], table.round):
        raise Http404(_("That round hasn't been published yet."))
    context["boards"] = dup.table_boards(table, request.user, context["seen"])
    if tournament.game == "pitch":
        context["pitch_bids"] = dup.pitch_bids(tournament)
        for board in context["boards"]:
            board["point_fields"] = dup.point_fields(board["result"])
    else:
        context["calls"] = dup.call_choices(tournament)
    context["seats"] = list(table.seats.select_related("member__user", "entrant"))
    context["seat_choices"], context["point_choices"] = dup.board_form_choices(
        context["seats"], context["solo"]
    )
    context["my_side"] = dup.side_of(request.user, table)
    context["bots_offline"] = selectors.bots_offline(table, context["seats"])
    return context


@require_GET
@in_club_zone
def duplicate_table(request, pk, table_id):
    tournament = _duplicate(pk)
    context = _table_context(request, tournament, table_id)
    if request.htmx and request.GET.get("fragment") == "boards":
        return render(request, "tournaments/duplicate/table.html#boards", context)
    return render(request, "tournaments/duplicate/table.html", context)


def _answer(request, tournament, table_id, *, ok=None, error=None):
    url = tournament_url(tournament, "duplicate_table", table_id)
    if request.htmx and (error is None or getattr(error, "status_code", 400) != 403):
        context = _table_context(request, tournament, table_id)
        context["flash_ok"] = ok
        context["flash_error"] = error.message if error is not None else None
        return render(request, "tournaments/duplicate/table.html#boards", context)
    return finish_action(request, url, ok=ok, error=error)


def _required_missing(tournament, post) -> list[str]:
    """The fields of a board form left on their empty first choice (the form starts empty, so
    one tap never sends a guess), by their labels on the form."""
    missing = []
    contract = post.get("contract", "")
    if tournament.game == "pitch":
        if not contract:
            missing.append(_("Bid"))
        if post.get("declarer", "") == "":
            missing.append(_("Pitcher"))
        for name, label in dup.pitch_points():
            if post.get(f"point_{name}", "") == "":
                missing.append(str(label))
        return missing
    if not contract:
        missing.append(_("Contract"))
    elif contract != five_hundred.PASS_CALL:
        if post.get("declarer", "") == "":
            missing.append(_("Declarer"))
        if str(post.get("tricks", "")).strip() == "":
            missing.append(_("Tricks taken by the declaring side"))
    return missing


def _point_value(value):
    """A Pitch point's select: "none" is nobody (the empty first choice is no choice)."""
    return None if value == "none" else value


@login_required_htmx
@require_POST
@in_club_zone
def board_enter(request, pk, table_id, number):
    tournament = _duplicate(pk)
    table = get_table(tournament, table_id)
    missing = _required_missing(tournament, request.POST)
    if missing:
        error = services.InvalidInput(
            _("Board %(board)s: choose %(fields)s before entering the result.")
            % {"board": number, "fields": listed(missing)}
        )
        return _answer(request, tournament, table_id, error=error)
    try:
        result = services.board_result_enter(
            request.user,
            table,
            number,
            contract=request.POST.get("contract", ""),
            declarer=request.POST.get("declarer"),
            tricks=request.POST.get("tricks"),
            points={
                name: _point_value(request.POST.get(f"point_{name}"))
                for name in ("high", "low", "jack", "game")
            },
            reason=request.POST.get("reason", ""),
        )
    except services.TournamentError as error:
        return _answer(request, tournament, table_id, error=error)
    if result.is_confirmed:
        ok = _("Board %(board)s: the result is in.") % {"board": number}
    else:
        ok = _("Board %(board)s: entered. The other pair confirms it.") % {"board": number}
    return _answer(request, tournament, table_id, ok=ok)


@login_required_htmx
@require_POST
@in_club_zone
def board_confirm(request, pk, table_id, number):
    tournament = _duplicate(pk)
    table = get_table(tournament, table_id)
    try:
        services.board_result_confirm(request.user, table, number)
    except services.TournamentError as error:
        return _answer(request, tournament, table_id, error=error)
    return _answer(
        request, tournament, table_id, ok=_("Board %(board)s: confirmed.") % {"board": number}
    )


@login_required_htmx
@require_POST
@in_club_zone
def board_dispute(request, pk, table_id, number):
    """Dispute a board's result waiting for confirmation, so it can be entered again (as an
    ordinary table's result is disputed): "Dispute" first asks whether they are sure
    (`sure=yes` goes ahead), then the entry is cleared and whoever entered it, and the
    directors, are told."""
    tournament = _duplicate(pk)
    table = get_table(tournament, table_id)
    if request.POST.get("sure") != "yes":
        context = _table_context(request, tournament, table_id)
        context["ask_dispute"] = number
        if request.htmx:
            return render(request, "tournaments/duplicate/table.html#boards", context)
        return render(request, "tournaments/duplicate/table.html", context)
    try:
        board_result_dispute(request.user, table, number)
    except services.TournamentError as error:
        return _answer(request, tournament, table_id, error=error)
    return _answer(
        request,
        tournament,
        table_id,
        ok=_(
            "Board %(board)s: the entry was disputed and cleared. Agree on the result and "
            "enter it again, or call a director."
        )
        % {"board": number},
    )
