"""Hand records from elsewhere: upload (or paste) one, and replay it."""

from __future__ import annotations

import secrets
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from core.choices import Game
from core.numbers import whole_number

from ..engines import records
from ..forms import RecordUploadForm
from ..presenters import replay_page
from ..refusals import refusal_message
from .replay import render_replay, step_param

SESSION_RECORDS = "games_uploaded_records"
KEEP_RECORDS = 5


def _fault_text(error: dict[str, Any], record: Any) -> dict[str, Any]:
    """A replay error for people: where (hand and action index) and why."""
    index = error.get("index")
    hand = error.get("hand")
    where = []
    if hand is not None:
        where.append(
            gettext("hand index %(index)d (hand %(number)d)") % {"index": hand, "number": hand + 1}
        )
    if index is not None:
        where.append(
            gettext("action index %(index)d (action %(number)d)")
            % {"index": index, "number": index + 1}
        )
    return {
        "index": index,
        "hand": hand,
        "where": ", ".join(where),
        "reason": error.get("reason", ""),
        "action": _faulty_action(record, hand, index),
    }


def _faulty_action(record: Any, hand: int | None, index: int | None) -> Any:
    if index is None or not isinstance(record, dict):
        return None
    holder = record
    if hand is not None and isinstance(record.get("hands"), list):
        holder = record["hands"][hand] if hand < len(record["hands"]) else {}
    actions = holder.get("actions") if isinstance(holder, dict) else None
    if isinstance(actions, list) and index < len(actions):
        return actions[index]
    return None


@require_http_methods(["GET", "POST"])
def record_upload(request):
    """Replay a hand record (or game record) uploaded as a file or pasted in."""
    fault = None
    status = 200
    try:
        form = RecordUploadForm(request.POST, request.FILES) if request.method == "POST" else None
    except RequestDataTooBig:  # pasted text past Django's limit on a request's form data
        form = None
        fault = {"reason": gettext("That record is too long (1 MB at most).")}
        status = 400
    if form is not None and form.is_valid():
        parsed = form.cleaned_data["record"]
        result = records.replay(parsed, render=refusal_message)
        if "error" not in result:
            return redirect("games:uploaded_replay", key=_remember_record(request, parsed, form))
        fault = _fault_text(result["error"], parsed)
        status = 400
    elif form is not None:
        status = 400
    uploaded = [
        (key, _listed(entry))
        for key, entry in reversed(list(request.session.get(SESSION_RECORDS, {}).items()))
    ]
    return render(
        request,
        "games/record_upload.html",
        {"form": form or RecordUploadForm(), "fault": fault, "uploaded": uploaded},
        status=status,
    )


def _listed(entry: dict[str, Any]) -> dict[str, Any]:
    """An upload as the list shows it: the game by its name in the active language."""
    game = entry.get("game")
    return {**entry, "game": Game(game).label if game in Game.values else game}


def _remember_record(request, record: dict[str, Any], form: RecordUploadForm) -> str:
    stored = dict(request.session.get(SESSION_RECORDS, {}))
    while len(stored) >= KEEP_RECORDS:
        stored.pop(next(iter(stored)))
    key = secrets.token_urlsafe(6)
    upload = form.cleaned_data.get("file")
    hands = len(record["hands"]) if record.get("format") == records.GAME_FORMAT else 1
    stored[key] = {
        "record": record,
        "name": upload.name if upload is not None else gettext("Pasted record"),
        "game": record["game"],  # its name is read in the reader's language (_listed)
        "hands": hands,
        "at": timezone.now().isoformat(timespec="minutes"),
    }
    request.session[SESSION_RECORDS] = stored
    return key


def _chosen_hand(request, record: dict[str, Any]) -> tuple[dict[str, Any], int, list[dict]]:
    """(the hand record to replay, its index, the game's hands with their totals)."""
    if record.get("format") != records.GAME_FORMAT:
        return record, 0, []
    raw = request.GET.get("hand", "0")
    index = min(whole_number(raw) or 0, len(record["hands"]) - 1)
    _hands, totals, _winners = records.load_game(record)
    hands = [
        {"index": i, "totals": totals[i] if i < len(totals) else None}
        for i in range(len(record["hands"]))
    ]
    hand = {
        "format": records.HAND_FORMAT,
        "game": record["game"],
        "players": record["players"],
        "options": record.get("options") or {},
        **record["hands"][index],
    }
    return hand, index, hands


@require_GET
def uploaded_replay(request, key: str):
    entry = request.session.get(SESSION_RECORDS, {}).get(key)
    if entry is None:
        raise Http404(gettext("That uploaded record has expired: upload it again."))
    hand, index, hands = _chosen_hand(request, entry["record"])
    context = replay_page(hand, step_param(request), None)
    context.update(
        uploaded=entry,
        hand_index=index,
        game_hands=hands,
        base_url=reverse("games:uploaded_replay", args=[key]),
        hand_query=f"hand={index}&" if hands else "",
    )
    return render_replay(request, context)
