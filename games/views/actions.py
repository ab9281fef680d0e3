"""The table's actions: sit, leave, start with bots, look, act. Each parses the form, calls the
service, and answers with the fresh table fragment (htmx) or a redirect back to the table page;
a refusal answers with the table and its reason, with the error's status."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.decorators import login_required_htmx
from core.numbers import whole_number

from .. import selectors, services
from ..errors import GameError, InvalidInput
from ..policies import table_access
from ..presenters import Echo, seat_place
from .common import access_to, get_table, table_url, token_of
from .table import render_table


def _after_action(request, pk: int, *, ok: str | None = None):
    """The answer to a successful action: the new fragment (htmx) or back to the table page."""
    if request.htmx:
        return render_table(request, pk, fragment=True, echo=Echo(notice=ok))
    if ok:
        messages.success(request, ok)
    return redirect(table_url(get_table(request, pk), token_of(request)))


def _action_failed(request, pk: int, error: GameError, **echo):
    """A refused action: the fresh table with the reason, answered with the error's status."""
    return render_table(
        request, pk, status=error.status_code, echo=Echo(error=error.message, **echo)
    )


@login_required_htmx
@require_POST
def table_sit(request, pk: int):
    table = get_table(request, pk)
    try:
        seat = services.table_sit(
            request.user, table, request.POST.get("seat", ""), token=token_of(request)
        )
    except GameError as error:
        return _action_failed(request, pk, error)
    table.refresh_from_db()
    place = seat_place(seat.number, table.players)
    if table.is_playing:
        ok = gettext("You sat down at %(place)s. Every seat is filled: the game has started.")
    else:
        ok = gettext("You sat down at %(place)s.")
    return _after_action(request, pk, ok=ok % {"place": place})


@login_required_htmx
@require_POST
def table_leave(request, pk: int):
    table = get_table(request, pk)
    was_playing = table.is_playing
    try:
        services.table_leave(request.user, table)
    except GameError as error:
        return _action_failed(request, pk, error)
    if was_playing:
        messages.success(request, gettext("You left the table: a bot plays your seat now."))
    else:
        messages.success(request, gettext("You left your seat."))
    if request.htmx:
        return HttpResponseClientRedirect(reverse("games:lobby"))
    return redirect("games:lobby")


def _table_action(request, pk: int, service, ok: str | None = None):
    """Call `service(user, table)`; answer with the table (and `ok`), or the refusal."""
    table = get_table(request, pk)
    try:
        service(request.user, table)
    except GameError as error:
        return _action_failed(request, pk, error)
    return _after_action(request, pk, ok=ok)


@login_required_htmx
@require_POST
def table_start(request, pk: int):
    ok = gettext("The bots have sat down: the game is on.")
    return _table_action(request, pk, services.table_fill_with_bots, ok)


@login_required_htmx
@require_POST
def table_look(request, pk: int):
    return _table_action(request, pk, services.table_look)


ACTION_FIELDS = ("call", "pitch", "play", "discard", "call_partner", "nominate")


def action_from_post(post) -> dict[str, Any]:
    """The hand-record action a table form posted (the seat is the poster's). InvalidInput when
    the form doesn't hold exactly one action."""
    kinds = [k for k in ACTION_FIELDS if post.get(k)]
    if len(kinds) != 1:
        raise InvalidInput(gettext("Choose one thing to do: a call, a card, or a discard."))
    kind = kinds[0]
    if kind == "discard":
        chosen = [c for c in post.getlist("discard") if c]
        if len(chosen) != 3:
            raise InvalidInput(
                gettext("Choose exactly three cards to discard: you chose %(count)d.")
                % {"count": len(chosen)},
                field="discard",
            )
        return {"discard": chosen}
    value = post.get(kind, "").strip()
    record: dict[str, Any] = {kind: value}
    if kind == "call" and post.get("sans_kitty") and value.lower() != "pass":
        record["sans_kitty"] = True
    if kind == "play" and post.get("suit"):
        record["suit"] = post["suit"].strip()
    return record


def _expected_number(post) -> int:
    number = whole_number(post.get("expected") or "")
    if number is None:
        raise InvalidInput(
            gettext("The form lacks the action number it answers: reload the table.")
        )
    return number


def _needs_joker_suit(request, table, record: dict[str, Any]) -> bool:
    """A Joker lead that must name a suit was posted without one: ask for the suit."""
    if record.get("play", "").upper() != "JK" or record.get("suit"):
        return False
    view = selectors.table_view_for(request.user, table)["hand"] or {}
    plays = [e for e in view.get("legal") or [] if e.get("play") == "JK"]
    return bool(plays) and all("suit" in e for e in plays)


@login_required_htmx
@require_POST
def table_act(request, pk: int):
    """Play the posted action. The service checks the seat, the action number and the rules
    under the table's lock; its answer is rendered from the state the action left (no second
    read). A refusal first checks the table may be seen at all (a 404 otherwise, as for every
    table page), then answers with the table and the reason."""
    try:
        expected = _expected_number(request.POST)
        record = action_from_post(request.POST)
    except InvalidInput as error:
        chosen = tuple(request.POST.getlist("discard"))
        return _action_failed(request, pk, error, discard_chosen=chosen)
    try:
        result = services.table_act(request.user, pk, expected, record)
    except GameError as error:
        access = access_to(request, pk)
        if getattr(error, "message_id", "") == "joker_suit.missing" and _needs_joker_suit(
            request, access.table, record
        ):
            return render_table(request, pk, echo=Echo(joker_prompt=True), access=access)
        return _action_failed(request, pk, error)
    if request.htmx:
        access = table_access(request.user, result.table, result.state.seats, token_of(request))
        return render_table(request, pk, fragment=True, echo=Echo(), access=access)
    return redirect(table_url(result.table, token_of(request)))
