"""Standings (live), brackets (live), the CSV download, printable table cards and results sheet,
and the directors' audit log."""

from __future__ import annotations

import hashlib
from collections import defaultdict

from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext
from django.views.decorators.http import require_GET

from accounts.names import name_slug
from core import live
from core.downloads import csv_response

from .. import duplicate_selectors as dup
from .. import policies, selectors, services
from ..formats import Tiebreak
from ..help import tiebreak_help
from .common import access_of, forbidden, get_round, get_tournament, in_club_zone
from .play import _poll_answer

BRACKET_TITLES = {
    "main": "",
    "winners": gettext_lazy("Winners' bracket"),
    "losers": gettext_lazy("Losers' bracket"),
    "final": gettext_lazy("Grand final"),
}


def _tiebreak_legend(tournament) -> list[dict[str, str]]:
    return [
        {
            "label": selectors.TIEBREAK_LABELS[Tiebreak(key)],
            "help": tiebreak_help(key),
        }
        for key in selectors.tiebreaks_of(tournament)
    ]


def _lines_key(tournament, lines: list[dict], access) -> str:
    """What the rendered rows of the standings depend on, as the key of their cached fragment:
    every figure and name in them, the format (drawn games shown), the reader's own entrant
    (marked) and the language."""
    mine = access.entrant.pk if access.entrant else None
    content = (translation.get_language(), tournament.is_elimination, mine, lines)
    return hashlib.sha256(repr(content).encode()).hexdigest()


def _standings_context(request, tournament) -> dict:
    lines = selectors.standings(tournament)
    legend = _tiebreak_legend(tournament)
    access = access_of(request, tournament)
    return {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "lines": lines,
        "lines_key": _lines_key(tournament, lines, access),
        "legend": legend,
        "progressive": tournament.is_progressive,
        "version": tournament.standings_version,
        "tab": "standings",
    }


@require_GET
@in_club_zone
def standings(request, pk):
    tournament = get_tournament(pk, request)
    if tournament.is_duplicate:
        return redirect(reverse("tournaments:duplicate_standings", args=[tournament.pk]))
    context = _standings_context(request, tournament)
    if request.htmx and request.GET.get("fragment") == "table":
        return render(request, "tournaments/standings.html#standings-table", context)
    return render(request, "tournaments/standings.html", context)


@require_GET
async def standings_events(request, pk):
    """The standings' (and bracket's) live stream: server-sent events carrying only the
    snapshot's version; the standings and bracket pages refetch their fragment on each."""
    return await live.sse_response(
        request,
        f"tournament:{pk}:standings",
        lambda: selectors.standings_version(pk),
        missing=_("There is no such tournament."),
    )


@require_GET
def standings_version(request, pk):
    """Has the standings snapshot changed since version `v`? One query, no session."""
    version = selectors.standings_version(pk)
    return _poll_answer(
        None if version is None else str(version), request.GET.get("v", ""), "standings-changed"
    )


@require_GET
@in_club_zone
def standings_csv(request, pk):
    tournament = get_tournament(pk, request)
    # The name in its own script, vowel signs and all (Django's slugify drops combining marks),
    # and "standings" in the reader's language.
    word = name_slug(pgettext("a file name", "standings")) or "standings"
    filename = f"{name_slug(tournament.name) or 'tournament'}-{word}.csv"
    return csv_response(selectors.standings_csv_rows(tournament, request.user), filename)


# Brackets ----------------------------------------------------------------------------------------


def bracket_columns(data: dict | None) -> list[dict]:
    """The bracket drawn as sections (winners, losers, final; or the one bracket), each a list
    of columns (one per round) of matches top to bottom. Between two columns the connector is
    "pairs" when two matches feed each one of the next column, else "straight"."""
    if not data:
        return []
    by_bracket: dict[str, dict[int, list]] = defaultdict(lambda: defaultdict(list))
    for match in data["matches"]:
        by_bracket[match["bracket"]][match["round"]].append(match)
    champion = (data.get("champion") or {}).get("id")
    sections = []
    for name in ("main", "winners", "losers", "final"):
        rounds = by_bracket.get(name)
        if not rounds:
            continue
        numbers = sorted(rounds)
        columns = []
        for i, number in enumerate(numbers):
            matches = sorted(rounds[number], key=lambda m: m["slot"])
            next_count = len(rounds[numbers[i + 1]]) if i + 1 < len(numbers) else None
            link = None
            if next_count is not None:
                link = "pairs" if next_count * 2 == len(matches) else "straight"
            columns.append(
                {
                    "title": _round_title(name, number, len(numbers), matches),
                    "matches": [_match_view(m, champion) for m in matches],
                    "link": link,
                    "has_prev": i > 0,
                }
            )
        sections.append({"name": name, "title": BRACKET_TITLES[name], "columns": columns})
    return sections


def _round_title(bracket: str, number: int, count: int, matches) -> str:
    if bracket == "final":
        return _("Grand final") if number == 1 else _("Reset final")
    from_end = count - number
    if bracket == "main":
        if from_end == 0:
            return _("Final")
        if from_end == 1:
            return _("Semi-finals")
        if from_end == 2 and len(matches) == 4:
            return _("Quarter-finals")
        return _("Round %(number)s") % {"number": number}
    if bracket == "winners":
        if from_end == 0:
            return _("Winners' Final")
        if from_end == 1:
            return _("Winners' Semi-finals")
        if from_end == 2 and len(matches) == 4:
            return _("Winners' Quarter-finals")
        return _("Winners' Round %(number)s") % {"number": number}
    if from_end:
        return _("Losers' round %(number)s") % {"number": number}
    return _("Losers' final")


def _match_view(match: dict, champion) -> dict:
    winner = (match.get("winner") or {}).get("id")
    sides = []
    for i, who in enumerate(match["entrants"]):
        bye = match["byes"][i] if i < len(match["byes"]) else False
        sides.append(
            {
                "name": who["name"] if who else (_("Bye") if bye else _("To be decided")),
                "bye": bye,
                "tbd": who is None and not bye,
                "won": who is not None and winner == who["id"] and match["status"] == "complete",
                "through": who is not None and winner == who["id"],
                "champion": who is not None
                and champion == who["id"]
                and match["status"] == "complete",
            }
        )
    return {
        "id": match["id"],
        "status": match["status"],
        "sides": sides,
        "table_id": match.get("table_id"),
    }


@require_GET
@in_club_zone
def bracket(request, pk):
    tournament = get_tournament(pk, request)
    data = selectors.bracket(tournament)
    if data is None and tournament.is_elimination and tournament.draw:
        data = selectors.bracket_data(tournament)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "access": access_of(request, tournament),
        "sections": bracket_columns(data),
        "data": data,
        "version": tournament.standings_version,
        "tab": "bracket",
    }
    if request.htmx and request.GET.get("fragment") == "bracket":
        return render(request, "tournaments/bracket.html#bracket-view", context)
    return render(request, "tournaments/bracket.html", context)


# Printing and history ----------------------------------------------------------------------------


@require_GET
@in_club_zone
def table_cards(request, pk, number):
    tournament = get_tournament(pk, request)
    round_ = get_round(tournament, number)
    access = access_of(request, tournament)
    if not policies.may_see_round(access, round_):
        return forbidden(
            request,
            _("Round %(number)s hasn't been published yet.") % {"number": number},
            tournament,
        )
    cards = selectors.table_cards(round_)
    for card in cards:
        card["seat_rows"] = [
            {**seat, "label": _seat_label(seat["number"], len(card["seats"]))}
            for seat in card["seats"]
        ]
    return render(
        request,
        "tournaments/table_cards.html",
        {"tournament": tournament, "round": round_, "cards": cards, "access": access},
    )


COMPASS = (
    gettext_lazy("North"),
    gettext_lazy("East"),
    gettext_lazy("South"),
    gettext_lazy("West"),
)


def _seat_label(number: int, count: int) -> str:
    if count == 4:
        return _("Seat %(number)s (%(direction)s)") % {
            "number": number + 1,
            "direction": COMPASS[number],
        }
    return _("Seat %(number)s") % {"number": number + 1}


@require_GET
@in_club_zone
def results_sheet(request, pk):
    tournament = get_tournament(pk, request)
    access = access_of(request, tournament)
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "tab": "results",
    }
    if tournament.is_duplicate:
        # A duplicate event is scored board by board: each board's traveller (those the
        # viewer may see) and the matchpoint standings, not tables won and lost.
        seen = dup.board_access(request.user, tournament)
        context["boards"] = dup.travellers(tournament, seen)
        context["standings"] = dup.duplicate_standings(tournament, seen)
        context["solo"] = services.duplicate_is_solo(tournament)
        return render(request, "tournaments/results_sheet.html", context)
    sheet = selectors.results_sheet(tournament)
    if not policies.may_manage(access):
        sheet = [r for r in sheet if r["status"] != "draft"]
    context["sheet"] = sheet
    context["lines"] = selectors.standings(tournament)
    context["legend"] = _tiebreak_legend(tournament)
    return render(request, "tournaments/results_sheet.html", context)


@require_GET
@in_club_zone
def audit_log(request, pk):
    tournament = get_tournament(pk, request)
    access = access_of(request, tournament)
    if not policies.may_manage(access):
        return forbidden(request, _("The audit log is for the club's directors."), tournament)
    return render(
        request,
        "tournaments/audit.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "access": access,
            "entries": selectors.result_audit_log(tournament),
            "tab": "audit",
        },
    )
