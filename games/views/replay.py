"""A table's finished hands: the replay page (every card face up) and the records to download."""

from __future__ import annotations

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from core.numbers import whole_number

from .. import selectors
from ..errors import HandNotFinished
from ..presenters import replay_page, seat_labels
from .common import access_to, get_table, json_download, token_of


def step_param(request) -> int:
    raw = request.GET.get("step", "0")
    return whole_number(raw) or 0


def render_replay(request, context: dict):
    name = "games/replay.html#replay" if request.htmx else "games/replay.html"
    return render(request, name, context)


@require_GET
def hand_replay(request, pk: int, number: int):
    table = get_table(request, pk)
    try:
        record = selectors.hand_record_for(table, number)
    except HandNotFinished as error:
        return render(
            request,
            "games/not_ready.html",
            {"table": table, "message": error.message, "token": token_of(request)},
            status=error.status_code,
        )
    if record is None:
        raise Http404(gettext("There is no such hand."))
    labels = seat_labels(selectors.table_info(table, request.user))
    context = replay_page(record, step_param(request), labels)
    context.update(
        table=table,
        hand_number=number,
        token=token_of(request),
        base_url=reverse("games:hand_replay", args=[table.pk, number]),
        download_url=reverse("games:hand_record", args=[table.pk, number]),
        hands_played=len(selectors.finished_hands(table)),
    )
    return render_replay(request, context)


def _records_table(request, pk: int):
    access = access_to(request, pk)
    if not access.may_download_records:
        raise Http404(gettext("There is no such table."))
    return access.table


@require_GET
def hand_record(request, pk: int, number: int):
    table = _records_table(request, pk)
    try:
        record = selectors.hand_record_for(table, number)
    except HandNotFinished as error:
        return HttpResponse(
            error.message, status=error.status_code, content_type="text/plain; charset=utf-8"
        )
    if record is None:
        raise Http404(gettext("There is no such hand."))
    return json_download(record, f"kookaburra-table-{table.pk}-hand-{number}.json")


@require_GET
def game_record(request, pk: int):
    table = _records_table(request, pk)
    record = selectors.game_record_for(table)
    if record is None:
        raise Http404(gettext("No hand has been finished at this table yet."))
    return json_download(record, f"kookaburra-table-{table.pk}-game.json")
