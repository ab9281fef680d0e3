"""Board sets (duplicate boards) and deal audits:

board_set_new        deal a set of boards (signed in)
board_set_detail     the boards: commitments always; cards and seeds once revealed (or to
                     the owner), the owner's reveal button
board_set_sheets     printable hand diagrams for pre-dealing at physical tables (owner only)
board_set_records    the revealed boards' hand records, one JSON file each, in a zip
deal_verify          check a seed against a commitment and a deal (anyone)
"""

from __future__ import annotations

import io
import json
import zipfile
from pathlib import Path

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from core.numbers import whole_number

from ..boards import board_set_create, board_set_reveal
from ..engines import deals
from ..engines.cards import parse_card, sort_for_display
from ..errors import GameError
from ..forms import BoardSetForm, DealVerifyForm
from ..models import Board, BoardSet, TableHand
from ..policies import board_set_access
from ..presenters.boards import board_record, board_set_dict
from ..presenters.cards import card_info
from ..refusals import problem_text
from ..selectors import may_view


def _board_set(pk: int) -> BoardSet:
    board_set = BoardSet.objects.select_related("created_by").filter(pk=pk).first()
    if board_set is None:
        raise Http404(gettext("There is no such board set."))
    return board_set


@login_required
@require_http_methods(["GET", "POST"])
def board_set_new(request):
    form = BoardSetForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            board_set = board_set_create(created_by=request.user, **form.cleaned_data)
        except GameError as exc:
            field = getattr(exc, "field", None)
            form.add_error(field if field in form.fields else None, exc.message)
        else:
            return redirect("games:board_set", board_set.pk)
    return render(request, "games/board_set_new.html", {"form": form})


def card_faces(codes: list[str]) -> list[dict]:
    """Cards for a hand diagram, grouped by suit, highest first."""
    return [card_info(str(c)) for c in sort_for_display(parse_card(code) for code in codes)]


def _diagram(board_set: BoardSet, board: dict) -> dict | None:
    deal = board.get("deal")
    if deal is None:
        return None
    return {
        "hands": [
            {"seat": seat + 1, "cards": card_faces(cards), "dealer": seat == board["dealer"]}
            for seat, cards in enumerate(deal["hands"])
        ],
        "kitty": card_faces(deal["kitty"]) if "kitty" in deal else None,
        "dead": card_faces(deal["dead"]) if "dead" in deal else None,
    }


def _boards_page(request, pk: int, template: str):
    board_set = _board_set(pk)
    data = board_set_dict(board_set, request.user)
    for board in data["boards"]:
        board["diagram"] = _diagram(board_set, board)
    return render(
        request,
        template,
        {
            "board_set": board_set,
            "data": data,
            "access": board_set_access(request.user, board_set),
            "any_revealed": any(b["revealed_at"] for b in data["boards"]),
        },
    )


def board_set_detail(request, pk: int):
    return _boards_page(request, pk, "games/board_set.html")


def board_set_sheets(request, pk: int):
    board_set = _board_set(pk)
    if not board_set_access(request.user, board_set).may_print:
        raise Http404(gettext("There is no such board set."))
    return _boards_page(request, pk, "games/board_sheets.html")


@require_POST
def board_set_reveal_view(request, pk: int):
    board_set = _board_set(pk)
    if board_set_access(request.user, board_set).reveal_refusal() is not None:
        raise Http404(gettext("There is no such board set."))
    board_set_reveal(board_set.pk)
    return redirect("games:board_set", board_set.pk)


def board_set_records(request, pk: int):
    """The revealed boards' hand records (kookaburra-hand/1 with seed and commitment), one
    file a board, in a zip."""
    board_set = _board_set(pk)
    revealed = board_set.boards.filter(revealed_at__isnull=False).order_by("number")
    if not revealed.exists():
        raise Http404(gettext("No board of this set has been revealed yet."))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for board in revealed:
            record = board_record(board_set, board)
            archive.writestr(f"board-{board.number:02d}.json", json.dumps(record, indent=1))
    response = HttpResponse(buffer.getvalue(), content_type="application/zip")
    response["Content-Disposition"] = f'attachment; filename="boards-{board_set.pk}.zip"'
    return response


def _id(text: str) -> int:
    """A whole number from an address, or ValueError (too big for an id, "²", -1…)."""
    number = whole_number(text)
    if number is None:
        raise ValueError(text)
    return number


def _prefill(request) -> dict | None:
    """A revealed board (?board_set=&board=) or a finished table's hand (?table=&hand=) the
    asker may see, as the form's initial record."""
    from ..selectors import deal_audit_keys, hand_record_for

    try:
        if "board_set" in request.GET:
            board = Board.objects.select_related("board_set").get(
                board_set_id=_id(request.GET["board_set"]),
                number=_id(request.GET.get("board", "")),
                revealed_at__isnull=False,
            )
            return board_record(board.board_set, board)
        if "table" in request.GET:
            hand = TableHand.objects.select_related("table", "board").get(
                table_id=_id(request.GET["table"]), number=_id(request.GET.get("hand", ""))
            )
            table = hand.table
            if not may_view(request.user, table) or not deal_audit_keys(table, hand).get("seed"):
                return None
            return hand_record_for(table, hand.number)
    except (ValueError, Board.DoesNotExist, TableHand.DoesNotExist, GameError):
        return None
    return None


def deal_algorithm(request):
    """The published deal algorithm (games/engines/DEALS.md) as plain text, so anyone can
    recompute a deal from its seed without this site's code."""
    text = (Path(deals.__file__).with_name("DEALS.md")).read_text(encoding="utf-8")
    return HttpResponse(text, content_type="text/markdown; charset=utf-8")


@require_http_methods(["GET", "POST"])
def deal_verify(request):
    result = None
    if request.method == "POST":
        form = DealVerifyForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            problems = deals.verify_record(
                data["record"], data["seed"] or None, data["commitment"] or None
            )
            result = {"ok": not problems, "problems": [problem_text(p) for p in problems]}
    else:
        record = _prefill(request)
        initial = {"record": json.dumps(record, indent=1)} if record else {}
        form = DealVerifyForm(initial=initial)
    return render(request, "games/deal_verify.html", {"form": form, "result": result})
