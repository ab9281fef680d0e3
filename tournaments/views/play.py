"""Playing a tournament: its page (with "Your table"), rounds and their table lists (swaps,
publishing, closing, pairing the next round), and results at physical tables (a player enters,
an opponent confirms or disputes, a director enters or corrects with a reason).

Each results form names whence it was sent (`from`: the tournament page, the round page or the
table page); with htmx the answer is that page's fragment, without it a redirect back there.
The pages poll tiny version views (one query each) and fetch their fragment only on a change.
"""

from __future__ import annotations

from dataclasses import asdict

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_GET, require_POST

from core.decorators import login_required_htmx
from core.numbers import whole_number

from .. import policies, selectors, services
from ..duplicate_selectors import board_links
from ..formats import round_count
from ..forms import ResultForm
from ..models import Entrant, Round, TableResult, TableSeat, Tournament
from ..scores import score_line
from .common import (
    access_of,
    finish_action,
    forbidden,
    get_round,
    get_table,
    get_tournament,
    in_club_zone,
    run_action,
    tournament_url,
)

Status = TableResult.Status


# Polling ---------------------------------------------------------------------------------------


def _poll_answer(current: str | None, seen: str, event: str) -> HttpResponse:
    """204 when nothing changed; else an empty 200 whose HX-Trigger makes the page refresh."""
    if current is None:
        raise Http404(_("There is no such tournament."))
    if seen == current:
        response = HttpResponse(status=204)
    else:
        response = HttpResponse(status=200)
        response["HX-Trigger"] = event
    response["Cache-Control"] = "no-store"
    return response


@require_GET
def tournament_poll(request, pk):
    return _poll_answer(
        selectors.tournament_signature(pk), request.GET.get("v", ""), "tournament-changed"
    )


@require_GET
def round_poll(request, pk, number):
    return _poll_answer(
        selectors.round_signature(pk, number), request.GET.get("v", ""), "round-changed"
    )


# The result box: one table's result, for whoever is looking --------------------------------------


def result_box(request, tournament, table, access, *, where, posted=None, **flash) -> dict:
    """What a person may see and do about one table's result (see result_box.html); what they
    may do is `policies.result_rights`, the rules the results services enforce."""
    info = selectors.table_info(table)
    user = request.user
    my_side = None
    if user.is_authenticated:
        my_side = next((s["side"] for s in info["seats"] if s["user_id"] == user.pk), None)
    result = info["result"]
    rights = policies.result_rights(
        tournament,
        table.round,
        online=table.online,
        my_side=my_side,
        director=access.is_director,
        result=result,
        finished=info["finished"],
    )
    box = {
        "table": table,
        "info": info,
        "round": table.round,
        "my_side": my_side,
        "where": where,
        "result": result,
        "pending": result is not None and result["status"] == Status.PENDING,
        "confirmed": info["finished"],
        "is_director": access.is_director,
        "bracket": tournament.is_elimination,
        "posted": posted or {},
        "sides": [
            {**side, "mine": side["index"] == my_side, "posted": (posted or {}).get(side["index"])}
            for side in info["sides"]
        ],
        "flash_ok": flash.get("ok"),
        "flash_error": flash.get("error"),
        **asdict(rights),
    }
    # "Dispute" asks first (dispute_ask): the page it came from, for "No, keep it".
    box["ask_dispute"] = bool(flash.get("ask_dispute")) and box["player_can_confirm"]
    box["page_url"] = (
        tournament_url(tournament)
        if where == "mine"
        else tournament_url(tournament, "table", table.pk)
    )
    if access.is_director:
        box["audits"] = list(
            selectors.result_audit_log(tournament).filter(table=table).select_related("actor")
        )
        dispute = (
            None if result is not None else selectors.disputed_tables([table.pk]).get(table.pk)
        )
        box["disputed"] = _dispute_note(dispute) if dispute else None
    return box


def _posted_scores(request) -> dict:
    """What was typed into a refused score form, to show it again as typed: each side's score
    and hands won (by side index), and the form's `mode` and `reason`."""
    out: dict = {}
    for key, value in request.POST.items():
        field, _sep, index = key.partition("_")  # score_0, hands_1
        side = whole_number(index)
        if field in ("score", "hands") and side is not None:
            out.setdefault(side, {})[field] = value
    if out:
        out["mode"] = request.POST.get("mode", "player")
        out["reason"] = request.POST.get("reason", "")[:300]
    return out


# The tournament page -----------------------------------------------------------------------------


def _planned_rounds(tournament) -> int | None:
    if tournament.format == Tournament.Format.ROUND_ROBIN and tournament.draw:
        return round_count(len(tournament.draw), cycles=tournament.cycles)
    return tournament.rounds


def _detail_context(request, tournament, access, *, box_flash=None, posted=None) -> dict:
    user = request.user
    mine = selectors.my_table(user, tournament) if access.is_entrant else None
    box = None
    if mine is not None and mine.table is not None:
        mine.table.round.tournament = tournament
        box = result_box(
            request,
            tournament,
            mine.table,
            access,
            where="mine",
            posted=posted,
            **(box_flash or {}),
        )
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    current = selectors.current_round(tournament)
    seating = selectors.round_seating(current) if current else None
    # A bracket's rounds overlap: matches of earlier rounds may still be playing.
    earlier_playing = []
    if tournament.is_elimination and current is not None:
        for round_ in rounds:
            if round_.number < current.number and round_.is_published:
                earlier_playing += selectors.round_seating(round_).unfinished
    awaiting = [
        r
        for r in selectors.results_awaiting(user, tournament)
        if box is None or r.table_id != box["table"].pk
    ]
    last = rounds[-1] if rounds else None
    lines = selectors.standings(tournament)
    return {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "mine": mine,
        "box": box,
        "awaiting": awaiting,
        "rounds": rounds,
        "current": current,
        "seating": seating,
        "earlier_playing": earlier_playing,
        "draft_round": last if last is not None and last.is_draft else None,
        "last_round": last,
        "planned": _planned_rounds(tournament),
        "standings": lines,
        # Who finished first (more than one on a tie), for a finished tournament's banner.
        "leaders": [line for line in lines if line["rank"] == 1],
        "tiebreak_labels": [t["label"] for t in (lines[0]["tiebreaks"] if lines else [])],
        "bracket": selectors.bracket(tournament) if tournament.is_elimination else None,
        "entrant_count": tournament.entrants.filter(withdrawn=False).count(),
        "signature": selectors.tournament_signature(tournament.pk),
        "tab": "overview",
        "duplicate_links": board_links(tournament) if tournament.is_duplicate else {},
    }


@require_GET
@in_club_zone
def tournament_detail(request, pk):
    tournament = get_tournament(pk, request)
    access = access_of(request, tournament)
    context = _detail_context(request, tournament, access)
    if request.htmx and request.GET.get("fragment") == "live":
        return render(request, "tournaments/tournament_detail.html#live", context)
    return render(request, "tournaments/tournament_detail.html", context)


@login_required_htmx
@require_POST
@in_club_zone
def pair_next_round(request, pk):
    tournament = get_tournament(pk, request)
    try:
        round_ = services.tournament_pair_round(request.user, tournament)
    except services.TournamentError as error:
        last = Round.objects.filter(tournament=tournament).order_by("-number").first()
        url = (
            tournament_url(tournament, "round", last.number) if last else tournament_url(tournament)
        )
        return finish_action(request, url, error=error)
    return finish_action(
        request,
        tournament_url(tournament, "round", round_.number),
        ok=(
            _(
                "Round %(round)s is paired. Check the tables, swap anyone you need to, "
                "then publish it."
            )
            % {"round": round_.number}
        ),
    )


# A round -----------------------------------------------------------------------------------------


def _dispute_note(audit) -> dict:
    """What a director is shown of a table's disputed entry (see selectors.disputed_tables)."""
    old = audit.old or {}
    return {
        "by": audit.actor.shown_name if audit.actor_id else None,
        "entered_by": old.get("entered_by"),
        "scores": old.get("scores") or [],
    }


def _mark_disputed(tables: list[dict]) -> None:
    """Mark each table (a `table_info` dict) whose entry was disputed and that has had no
    result since: `disputed` is who disputed which score (None when not disputed)."""
    found = selectors.disputed_tables(t["id"] for t in tables if t["result"] is None)
    for t in tables:
        audit = found.get(t["id"])
        t["disputed"] = _dispute_note(audit) if audit else None


def _round_context(request, tournament, round_, access, **extra) -> dict:
    seating = selectors.round_seating(round_)
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    is_last = rounds and rounds[-1].pk == round_.pk
    planned = _planned_rounds(tournament)
    step = policies.round_next_step(
        access,
        tournament,
        round_,
        unfinished=bool(seating.unfinished),
        is_last=bool(is_last),
        planned=planned,
    )
    if access.is_director and not tournament.is_duplicate:
        _mark_disputed(seating.tables)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "round": round_,
        "seating": seating,
        "tables": seating.tables,
        "byes": seating.byes,
        "unfinished": seating.unfinished,
        "rounds": rounds,
        "planned": planned,
        "can_pair_next": step == "pair",
        "can_finish": step == "finish",
        "can_change_seating": policies.may_change_seating(access, round_),
        "signature": selectors.round_signature(tournament.pk, round_.number),
        "posted": {},
        "tab": "rounds",
    }
    context.update(extra)
    return context


@require_GET
@in_club_zone
def round_detail(request, pk, number):
    tournament = get_tournament(pk, request)
    round_ = get_round(tournament, number)
    access = access_of(request, tournament)
    if not policies.may_see_round(access, round_):
        return forbidden(
            request,
            _("Round %(number)s hasn't been published yet: its tables come soon.")
            % {"number": number},
            tournament,
        )
    context = _round_context(request, tournament, round_, access)
    if request.htmx and request.GET.get("fragment") == "tables":
        return render(request, "tournaments/round_detail.html#round-tables", context)
    return render(request, "tournaments/round_detail.html", context)


ROUND_ACTIONS = {
    "publish": (
        services.round_publish,
        gettext_noop("Round %(number)s is published: players can see their tables."),
    ),
    "close": (services.round_close, gettext_noop("Round %(number)s is closed.")),
    "repair": (services.round_repair, gettext_noop("Round %(number)s is paired again.")),
    "discard": (services.round_discard, gettext_noop("Round %(number)s was discarded.")),
    "averages": (
        services.round_assign_averages,
        gettext_noop("Round %(number)s is closed: boards not played score an average."),
    ),
}


@login_required_htmx
@require_POST
@in_club_zone
def round_action(request, pk, number, action):
    tournament = get_tournament(pk, request)
    round_ = get_round(tournament, number)
    if action not in ROUND_ACTIONS:
        raise Http404(_("Unknown action."))
    service, template = ROUND_ACTIONS[action]
    return run_action(
        request,
        tournament_url(tournament, "round", number),
        lambda: service(request.user, round_),
        ok=_(template) % {"number": number},
        done_url=tournament_url(tournament) if action == "discard" else None,
    )


def _round_response(request, tournament, round_, access, *, ok=None, error=None, **extra):
    if request.htmx:
        round_.refresh_from_db()
        context = _round_context(
            request, tournament, round_, access, flash_ok=ok, flash_error=error, **extra
        )
        return render(request, "tournaments/round_detail.html#round-tables", context)
    return finish_action(
        request, tournament_url(tournament, "round", round_.number), ok=ok, error=error
    )


def _swap_picks(round_, tournament, picks):
    """The two ticked people: ("seat", TableSeat) or ("bye", Entrant | None) each. Raises
    InvalidInput when the ticks don't name two people of this round."""
    if len(picks) != 2 or len(set(picks)) != 2:
        raise services.InvalidInput(_("Tick exactly two people (or a bye) to swap."))
    out = []
    for pick in picks:
        kind, _sep, raw = pick.partition("-")
        if whole_number(raw) is None or kind not in ("seat", "bye"):
            raise services.InvalidInput(_("Tick two people."))
        if kind == "seat":
            seat = (
                TableSeat.objects.filter(pk=int(raw), table__round=round_)
                .select_related("entrant", "member__user")
                .first()
            )
            if seat is None:
                raise services.InvalidInput(_("That seat isn't in this round."))
            out.append(("seat", seat))
        else:
            out.append(("bye", Entrant.objects.filter(pk=int(raw), tournament=tournament).first()))
    return out


def _swap(actor, tournament, round_, picks) -> tuple[str, str]:
    """Swap what `_swap_picks` found (the policy says whether seats or whole partnerships
    move); returns the two names for the message."""
    if all(kind == "seat" for kind, _thing in picks):
        (_k1, first), (_k2, second) = picks
        if policies.swap_moves_seats(tournament, first, second):
            services.round_swap_seats(actor, round_, first, second)
            return first.name, second.name
        services.round_swap_entrants(actor, round_, first.entrant, second.entrant)
        return first.entrant.name, second.entrant.name
    entrants = [thing.entrant if kind == "seat" else thing for kind, thing in picks]
    if None in entrants:
        raise services.InvalidInput(_("Tick two people of this tournament."))
    services.round_swap_entrants(actor, round_, *entrants)
    return entrants[0].name, entrants[1].name


def _swapped_message(first: str, second: str) -> str:
    """ "Ann and Bob were swapped.", one sentence in the reader's language, each name set apart
    in a <bdi> (a name in one script inside a sentence in another keeps its own order)."""
    message = _("%(first)s and %(second)s were swapped.")
    return mark_safe(  # noqa: S308 - the message is escaped, the names escaped by format_html
        conditional_escape(message)
        % {
            "first": format_html("<bdi>{}</bdi>", first),
            "second": format_html("<bdi>{}</bdi>", second),
        }
    )


@login_required_htmx
@require_POST
@in_club_zone
def round_swap(request, pk, number):
    """Swap the two people (or partnerships) the director ticked: two partners trade seats;
    players of different partnerships move their whole partnerships (seats or byes)."""
    tournament = get_tournament(pk, request)
    round_ = get_round(tournament, number)
    access = access_of(request, tournament)
    if not policies.may_manage(access):
        if request.htmx:
            return _round_response(
                request, tournament, round_, access, error=policies.SEATING_REFUSAL
            )
        return forbidden(request, policies.SEATING_REFUSAL, tournament)
    try:
        picks = _swap_picks(round_, tournament, request.POST.getlist("pick"))
        first, second = _swap(request.user, tournament, round_, picks)
    except services.TournamentError as error:
        return _round_response(request, tournament, round_, access, error=error.message)
    return _round_response(request, tournament, round_, access, ok=_swapped_message(first, second))


@login_required_htmx
@require_POST
@in_club_zone
def table_online(request, pk, table_id):
    tournament = get_tournament(pk, request)
    table = get_table(tournament, table_id)
    online = request.POST.get("online") == "1"
    return run_action(
        request,
        tournament_url(tournament, "round", table.round.number),
        lambda: services.table_set_online(request.user, table, online),
        ok=(
            _("Table %(table)s is played on the site.")
            if online
            else _("Table %(table)s is played at a physical table.")
        )
        % {"table": table.number},
    )


# A table and its result --------------------------------------------------------------------------


@require_GET
@in_club_zone
def table_detail(request, pk, table_id):
    tournament = get_tournament(pk, request)
    table = get_table(tournament, table_id)
    if tournament.is_duplicate:
        return redirect(tournament_url(tournament, "duplicate_table", table.pk))
    access = access_of(request, tournament)
    if not policies.may_see_round(access, table.round):
        raise Http404(_("That round hasn't been published yet."))
    context = _table_page(request, tournament, table, access)
    if request.htmx and request.GET.get("fragment") == "result":
        return render(request, "tournaments/table_detail.html#result-box", context)
    return render(request, "tournaments/table_detail.html", context)


def _table_page(request, tournament, table, access, **box) -> dict:
    """The table page's context; `box` goes to `result_box` (what was posted, a message)."""
    return {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "table": table,
        "box": result_box(request, tournament, table, access, where="table", **box),
        "tab": "rounds",
    }


def _after_result(request, tournament, table, *, ok=None, error=None, posted=None):
    """Answer a results action on the page it came from (fragment with htmx, else redirect)."""
    where = request.POST.get("from", "table")
    access = access_of(request, tournament)
    table.round.refresh_from_db()
    if request.htmx:
        if where == "round":
            return _round_response(
                request,
                tournament,
                table.round,
                access,
                ok=ok,
                error=error,
                posted={table.pk: posted} if posted else {},
            )
        if where == "mine":
            context = _detail_context(
                request, tournament, access, box_flash={"ok": ok, "error": error}, posted=posted
            )
            return render(request, "tournaments/tournament_detail.html#live", context)
        context = {
            "tournament": tournament,
            "access": access,
            "table": table,
            "box": result_box(
                request,
                tournament,
                table,
                access,
                where="table",
                posted=posted,
                ok=ok,
                error=error,
            ),
        }
        return render(request, "tournaments/table_detail.html#result-box", context)
    refused = error is not None and getattr(error, "status_code", 400) in (400, 409)
    if refused and posted and where == "table":
        # Refused, without htmx: the table page again with the form as it was typed.
        message = getattr(error, "message", error)
        context = _table_page(request, tournament, table, access, posted=posted, error=message)
        return render(request, "tournaments/table_detail.html", context)
    urls = {
        "round": tournament_url(tournament, "round", table.round.number),
        "mine": tournament_url(tournament),
    }
    url = urls.get(where, tournament_url(tournament, "table", table.pk))
    if error is not None and not hasattr(error, "message"):
        error = services.InvalidInput(error)
    return finish_action(request, url, ok=ok, error=error)


def _pending_conflict(table, actor) -> str | None:
    """The message for someone whose entry clashes with the other side's pending entry."""
    result = TableResult.objects.filter(table=table).select_related("entered_by").first()
    if result is None or result.is_confirmed:
        return None
    scores = score_line(result.scores)
    if not result.entered_by_id:
        return _(
            "The other side has already entered %(scores)s. Confirm it if it's right, or "
            "dispute it so it can be entered again."
        ) % {"scores": scores}
    return _(
        "Already entered by %(name)s: %(scores)s. Confirm it if it's right, or dispute it so "
        "it can be entered again."
    ) % {"name": result.entered_by.shown_name, "scores": scores}


@login_required_htmx
@require_POST
@in_club_zone
def result_enter(request, pk, table_id):
    """Enter a result. `mode`: "player" (a player at the table: waits for an opponent),
    "director" (a director's entry, confirmed at once, with a reason) or "correct" (a director
    sets a confirmed result, with a reason). The audit log keeps every director's change."""
    tournament = get_tournament(pk, request)
    table = get_table(tournament, table_id)
    mode = request.POST.get("mode", "player")
    by_director = mode in ("director", "correct")
    form = ResultForm(
        request.POST,
        sides=len(table.sides),
        bracket=tournament.is_elimination,
        director=by_director,
        hands_played=services.hands_played(tournament),
    )
    posted = _posted_scores(request)
    if not form.is_valid():
        return _after_result(request, tournament, table, error=form.first_error(), posted=posted)
    values = form.values()
    reason = form.cleaned_data.get("reason", "")
    seated = TableSeat.objects.filter(table=table, member__user=request.user).exists()
    kind = policies.result_entry_kind(mode, seated=seated)
    try:
        if kind == "correct":
            result = services.result_correct(request.user, table, reason=reason, **values)
        elif kind == "director":
            result = services.result_enter(request.user, table, reason=reason, **values)
        else:
            result = services.result_enter(request.user, table, **values)
    except services.ResultExists as error:
        message = _pending_conflict(table, request.user) if mode == "player" else None
        return _after_result(
            request, tournament, table, error=message or error.message, posted=posted
        )
    except services.TournamentError as error:
        return _after_result(request, tournament, table, error=error, posted=posted)
    scores = score_line(result.scores)
    if by_director:
        ok = _("Table %(table)s: %(scores)s recorded.") % {"table": table.number, "scores": scores}
    elif result.is_confirmed:
        ok = _("Table %(table)s: %(scores)s confirmed — both sides agree.") % {
            "table": table.number,
            "scores": scores,
        }
    else:
        ok = _("Table %(table)s: %(scores)s sent. An opponent now confirms it.") % {
            "table": table.number,
            "scores": scores,
        }
    return _after_result(request, tournament, table, ok=ok)


@login_required_htmx
@require_POST
@in_club_zone
def result_confirm(request, pk, table_id):
    tournament = get_tournament(pk, request)
    table = get_table(tournament, table_id)
    try:
        result = services.result_confirm(request.user, table)
    except services.TournamentError as error:
        return _after_result(request, tournament, table, error=error)
    return _after_result(
        request,
        tournament,
        table,
        ok=_("Table %(table)s: %(scores)s confirmed. It counts now.")
        % {"table": table.number, "scores": score_line(result.scores)},
    )


@login_required_htmx
@require_POST
@in_club_zone
def result_dispute(request, pk, table_id):
    """Dispute (throw away) a result waiting for confirmation, so it can be entered again.
    An opponent's "Dispute" first asks whether they are sure (`sure=yes` goes ahead): one tap
    must not throw away what the other side entered. A side cancelling its own entry sends
    `sure=yes` at once."""
    tournament = get_tournament(pk, request)
    table = get_table(tournament, table_id)
    if request.POST.get("sure") != "yes":
        return _ask_to_dispute(request, tournament, table)
    try:
        services.result_reject(request.user, table)
    except services.TournamentError as error:
        return _after_result(request, tournament, table, error=error)
    return _after_result(
        request,
        tournament,
        table,
        ok=(
            _(
                "Table %(table)s: the entry was disputed and cleared. Agree on the "
                "score and enter it again, or call a director."
            )
            % {"table": table.number}
        ),
    )


def _ask_to_dispute(request, tournament, table):
    """The result box again, asking "Dispute this score?" (nothing changes yet); without htmx,
    on the table's page."""
    access = access_of(request, tournament)
    if request.htmx and request.POST.get("from") == "mine":
        context = _detail_context(request, tournament, access, box_flash={"ask_dispute": True})
        return render(request, "tournaments/tournament_detail.html#live", context)
    context = _table_page(request, tournament, table, access, ask_dispute=True)
    if request.htmx:
        return render(request, "tournaments/table_detail.html#result-box", context)
    return render(request, "tournaments/table_detail.html", context)


@require_GET
@in_club_zone
def my_table_redirect(request, pk):
    """A short address for a phone: the player's own table this round (or the tournament)."""
    tournament = get_tournament(pk, request)
    mine = selectors.my_table(request.user, tournament)
    if mine is not None and mine.table is not None:
        return redirect(tournament_url(tournament, "table", mine.table.pk))
    return redirect(tournament_url(tournament))
