"""The pages of seated play: the lobby, opening a table, the live table, replays and records.

Views parse the request, call a service (`games.services`) or a selector (`games.selectors`) and
render. What a seat may see comes only from `selectors.table_view_for`, which never holds another
seat's cards or the kitty; this module turns that view into display data (cards with their
symbols, names and colours, seats placed around the table, the bidding box) and nothing more.

Every button is an ordinary form: with htmx the table's actions post to the same URLs and get the
new table fragment back (`games/table.html#live`); without JavaScript they redirect back to the
table page. While someone else is to act, the page polls a tiny version URL (one query) and
refreshes the fragment when the table has changed.
"""

from __future__ import annotations

import secrets
from typing import Any
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.choices import Game
from core.decorators import login_required_htmx
from core.forms import apply_service_error

from . import selectors, services
from .bots import BOT_LEVELS
from .demo import demo_table
from .engines import records
from .errors import GameError, HandNotFinished, InvalidInput
from .forms import RecordUploadForm, TableForm
from .models import BotLevel, HouseRuleSet, Table
from .options import option_summary
from .policies import table_access
from .refusals import refusal_message

# Cards, suits and calls for people ----------------------------------------------------------------

SUITS = {
    "S": {"letter": "S", "symbol": "♠", "name": "spades", "colour": "black"},
    "C": {"letter": "C", "symbol": "♣", "name": "clubs", "colour": "black"},
    "D": {"letter": "D", "symbol": "♦", "name": "diamonds", "colour": "red"},
    "H": {"letter": "H", "symbol": "♥", "name": "hearts", "colour": "red"},
}
SUIT_ORDER = "SCDH"
RANK_WORDS = {
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "11": "eleven",
    "12": "twelve",
    "13": "thirteen",
    "J": "jack",
    "Q": "queen",
    "K": "king",
    "A": "ace",
}
TRICK_WORDS = {6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}
STRAINS = ("S", "C", "D", "H", "NT")
MISERE_CALLS = {
    "misere": ("Misère", "misère: lose every trick, playing alone (250)"),
    "open_misere": (
        "Open misère",
        "open misère: misère with your hand shown after trick one (500)",
    ),
    "blind_misere": ("Blind misère", "blind misère: misère without looking at your cards (500)"),
}
COMPASS = ("North", "East", "South", "West")

# Where each seat sits around the felt, counted clockwise from the viewer (always at the bottom).
POSITIONS = {
    2: ("b", "t"),
    3: ("b", "l", "r"),
    4: ("b", "l", "t", "r"),
    5: ("b", "l", "tl", "tr", "r"),
    6: ("b", "l", "tl", "t", "tr", "r"),
    7: ("b", "bl", "l", "tl", "tr", "r", "br"),
}


def card_info(code: str) -> dict[str, Any]:
    """A card (hand-record text) for display: rank, symbol, colour and its name in words."""
    if code == "JK":
        return {
            "code": "JK",
            "rank": "★",
            "symbol": "Joker",
            "suit": "joker",
            "colour": "joker",
            "name": "the Joker",
        }
    rank, suit = code[:-1], SUITS[code[-1]]
    return {
        "code": code,
        "rank": rank,
        "symbol": suit["symbol"],
        "suit": suit["letter"],
        "colour": suit["colour"],
        "name": f"{RANK_WORDS[rank]} of {suit['name']}",
    }


def call_info(game: str, call: str, sans_kitty: bool = False) -> dict[str, Any]:
    """A call for display. Bids show their number and strain symbol apart ("7 ♥"), never in a
    card's form, and carry their words for screen readers ("seven hearts")."""
    out: dict[str, Any] = {"value": call, "sans_kitty": sans_kitty, "is_bid": False}
    if call == "pass":
        out.update(text="Pass", words="pass", kind="pass")
    elif call in MISERE_CALLS:
        out.update(text=MISERE_CALLS[call][0], words=MISERE_CALLS[call][1], kind="misere")
    elif game == Game.PITCH:
        out.update(text=call, words=f"bid {call}", kind="bid", is_bid=True, tricks=call)
    else:
        strain = "NT" if call.endswith("NT") else call[-1]
        tricks = call[: -len(strain)]
        suit = SUITS.get(strain)
        out.update(
            kind="bid",
            is_bid=True,
            tricks=tricks,
            strain=strain,
            symbol=suit["symbol"] if suit else "NT",
            colour=suit["colour"] if suit else "nt",
            text=f"{tricks} {suit['symbol'] if suit else 'NT'}",
            words=f"{TRICK_WORDS.get(int(tricks), tricks)} {suit['name'] if suit else 'no-trumps'}",
        )
    if sans_kitty:
        out["words"] += " sans kitty"
    return out


def seat_place(number: int, players: int) -> str:
    return COMPASS[number] if players == 4 else f"Seat {number}"


def seat_label(seat: dict[str, Any], players: int) -> str:
    """What a seat is called on the page: the person's name, or "East bot"."""
    place = seat_place(seat["number"], players)
    if seat["is_bot"]:
        return f"{place} bot"
    if seat["empty"]:
        return f"{place} (empty)"
    return seat["name"]


def _labels(info: dict[str, Any]) -> list[str]:
    return [seat_label(s, info["players"]) for s in info["seats"]]


def _join_names(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def _side_rows(info: dict[str, Any], labels: list[str], me: int | None) -> list[dict[str, Any]]:
    totals = info["totals"] or [0] * info["players"]
    out = []
    for index, side in enumerate(info["sides"]):
        out.append(
            {
                "index": index,
                "seats": side,
                "label": " & ".join(labels[s] for s in side),
                "total": totals[side[0]] if totals else 0,
                "is_mine": me in side,
            }
        )
    return out


# Access helpers ----------------------------------------------------------------------------------


def _token(request) -> str:
    return (request.POST.get("token") or request.GET.get("token") or "").strip()


def _get_table(request, pk: int) -> Table:
    """The table, if this person may see it (others get a 404: invite-only tables stay hidden)."""
    table = Table.objects.select_related("club", "created_by").filter(pk=pk).first()
    if table is None or not selectors.may_view(request.user, table, _token(request)):
        raise Http404("There is no such table.")
    return table


def _table_url(table: Table, token: str = "") -> str:
    url = reverse("games:table", args=[table.pk])
    return f"{url}?{urlencode({'token': token})}" if token else url


# The lobby ---------------------------------------------------------------------------------------


def _options_in_words(game: str, options: dict[str, Any]) -> list[str]:
    """The options that differ from the rules' defaults, in words."""
    return [
        f"{row['label']}: {row['value_label']}"
        for row in option_summary(game, options or {})
        if not row["is_default"]
    ]


def _lobby_row(table: Table, user) -> dict[str, Any]:
    info = selectors.table_info(table, user)
    labels = _labels(info)
    return {
        "table": table,
        "info": info,
        "options": _options_in_words(table.game, table.options),
        "seats": [
            {
                "number": s["number"],
                "place": seat_place(s["number"], info["players"]),
                "label": labels[s["number"]],
                "empty": s["empty"],
                "is_you": s["is_you"],
            }
            for s in info["seats"]
        ],
        "free": len(info["free_seats"]),
        "your_turn": (
            table.is_playing and info["your_seat"] is not None and table.to_act == info["your_seat"]
        ),
    }


@require_GET
def lobby(request):
    open_tables = [_lobby_row(t, request.user) for t in selectors.tables_open_to(request.user)[:50]]
    mine = [_lobby_row(t, request.user) for t in selectors.tables_of(request.user)[:50]]
    mine_ids = {row["table"].pk for row in mine}
    return render(
        request,
        "games/lobby.html",
        {
            "open_tables": [row for row in open_tables if row["table"].pk not in mine_ids],
            "my_tables": mine,
            "bot_levels": BOT_LEVELS,
        },
    )


@login_required
@require_POST
def demo(request):
    """Start (or go back to) a demo game: Five Hundred with three bots."""
    level = request.POST.get("level") or BotLevel.EASY
    if level not in BotLevel.values:
        level = BotLevel.EASY
    table = demo_table(request.user, level=level)
    return redirect(table.get_absolute_url())


# Opening a table ---------------------------------------------------------------------------------


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request):
    if request.method == "POST":
        form = TableForm(request.POST, user=request.user)
        if "save_rules" in request.POST:
            return _save_house_rules(request, form)
        if form.is_valid():
            try:
                table = services.table_create(request.user, **form.create_kwargs())
            except GameError as error:
                apply_service_error(form, error, _create_field_map(form))
            else:
                if "start_now" in request.POST:
                    try:
                        services.table_fill_with_bots(request.user, table)
                    except GameError as error:
                        messages.error(request, error.message)
                    else:
                        messages.success(request, "The bots have sat down: the game is on.")
                else:
                    messages.success(
                        request, "Your table is open. The game starts when every seat is filled."
                    )
                return redirect(table.get_absolute_url())
    else:
        form = TableForm(user=request.user)
        if request.GET.get("game") in Game.values:
            form.initial["game"] = request.GET["game"]
        rules_id = request.GET.get("rules", "")
        if rules_id.isdigit() and int(rules_id) in form.rule_sets:
            rules = form.rule_sets[int(rules_id)]
            form.prefill_from(rules)
            messages.info(request, f"The options of “{rules.name}” are filled in below.")
    return _render_table_form(request, form)


def _create_field_map(form: TableForm) -> dict[str, str]:
    game = form.cleaned_data.get("game") or ""
    out = {"players": f"{game}-players"}
    for option in form.option_fields.get(game, []):
        out[option.key] = f"{game}-{option.key}"
    return out


def _render_table_form(request, form: TableForm, status: int = 200):
    own_rules = [r for r in form.rule_sets.values() if r.created_by_id == request.user.pk]
    return render(
        request,
        "games/table_form.html",
        {
            "form": form,
            "rule_sets": list(form.rule_sets.values()),
            "own_rules": own_rules,
            "bot_levels": BOT_LEVELS,
        },
        status=status,
    )


def _save_house_rules(request, form: TableForm):
    """Save the form's options as a named set; the form comes back with the same choices."""
    form.is_valid()
    data = getattr(form, "cleaned_data", {})
    option_errors = [
        key
        for key in form.errors
        if key in ("game", "rules_name", "rules_club", "__all__")
        or key.endswith("-players")
        or any(key == f"{g}-{o.key}" for g, opts in form.option_fields.items() for o in opts)
    ]
    if "options" not in data or option_errors:
        return _render_table_form(request, form)
    try:
        rules = services.house_rules_create(request.user, **form.rules_kwargs())
    except GameError as error:
        form.add_error("rules_name" if error.field in (None, "name") else None, error.message)
        return _render_table_form(request, form)
    where = f" for the members of {rules.club.name}" if rules.club_id else ""
    messages.success(request, f"Saved the house rules “{rules.name}”{where}.")
    initial = {key: value for key, value in request.POST.items() if key != "csrfmiddlewaretoken"}
    initial.update(house_rules=rules.pk, rules_name="")
    return _render_table_form(request, TableForm(user=request.user, initial=initial))


@login_required
@require_POST
def house_rules_delete(request, pk: int):
    rules = HouseRuleSet.objects.filter(pk=pk).select_related("club").first()
    if rules is None:
        raise Http404("There are no such house rules.")
    try:
        services.house_rules_delete(request.user, rules)
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:new")
    messages.success(request, f"Deleted the house rules “{rules.name}”.")
    return redirect("games:new")


# The table page ----------------------------------------------------------------------------------


def _rel_position(seat: int, anchor: int, players: int) -> str:
    return POSITIONS[players][(seat - anchor) % players]


def _trick_cards(cards: list[dict[str, Any]], anchor: int, players: int, labels: list[str]):
    out = []
    for entry in cards or []:
        card = card_info(entry["card"])
        out.append(
            {
                "card": card,
                "seat": entry["seat"],
                "label": labels[entry["seat"]],
                "pos": _rel_position(entry["seat"], anchor, players),
                "named_suit": SUITS[entry["suit"]] if entry.get("suit") else None,
            }
        )
    return out


def _auction(
    game: str, entries: list[dict[str, Any]], labels: list[str], dealer: int
) -> dict[str, Any] | None:
    """The auction so far as a bidding table: one column per seat from the dealer's left, one
    row per round, each call in its seat's column."""
    if not entries:
        return None
    players = len(labels)
    order = [(dealer + 1 + i) % players for i in range(players)]
    rows: list[list[dict[str, Any] | None]] = []
    last_column = players
    for entry in entries:
        if "pitch" in entry:
            call = {"text": "4, pitching", "words": "bid four by pitching", "kind": "pitch"}
            call["card"] = card_info(entry["pitch"])
        else:
            call = call_info(game, entry["call"], entry.get("sans_kitty", False))
        column = order.index(entry["seat"])
        if column <= last_column:
            rows.append([None] * players)
        rows[-1][column] = call
        last_column = column
    return {"columns": [{"seat": s, "label": labels[s]} for s in order], "rows": rows}


def _forced_passes(
    game: str, view: dict[str, Any] | None, info: dict[str, Any], labels: list[str]
) -> str:
    """Pitch: the passes the site played for people after a called 4, as one line."""
    if game != Game.PITCH or not view:
        return ""
    bids = view.get("auction") or []
    called = next((i for i, b in enumerate(bids) if b.get("call") == "4"), None)
    if called is None:
        return ""
    steal = (info["options"] or {}).get("dealer_steal") == "including_4"
    names = [
        labels[b["seat"]]
        for b in bids[called + 1 :]
        if b.get("call") == "pass"
        and not info["seats"][b["seat"]]["is_bot"]
        and not (steal and b["seat"] == view["dealer"])
    ]
    if not names:
        return ""
    return gettext("%(names)s passed automatically: a 4 was called.") % {
        "names": _join_names(names)
    }


def _start_hint(user, table: Table, info: dict[str, Any]) -> str:
    """Why the "start with bots" button is missing, for whoever could otherwise use it."""
    if info["may_start_with_bots"] or not table.is_waiting or not table.bot_level:
        return ""
    if not user.is_authenticated or (info["your_seat"] is None and table.created_by_id != user.pk):
        return ""
    refusal = table_access(user, table).start_with_bots_refusal()
    return refusal.message if refusal else ""


def _bidding_box(game: str, legal: list[dict[str, Any]], options: dict[str, Any]) -> dict:
    """Five Hundred's bidding box: every bid by level (illegal ones disabled), the misère calls
    that exist at this table, and pass."""
    legal_calls = {entry["call"] for entry in legal if "call" in entry}
    levels = []
    for tricks in range(6, 11):
        row = []
        for strain in STRAINS:
            call = f"{tricks}{strain}"
            info = call_info(game, call)
            info["legal"] = call in legal_calls
            row.append(info)
        levels.append({"tricks": tricks, "calls": row})
    misere = []
    if (options or {}).get("misere", True):
        for call in ("misere", "open_misere", "blind_misere"):
            if call == "blind_misere" and call not in legal_calls:
                continue
            info = call_info(game, call)
            info["legal"] = call in legal_calls
            misere.append(info)
    return {
        "levels": levels,
        "misere": misere,
        "pass_legal": "pass" in legal_calls,
        "sans_kitty_possible": bool(legal_calls - {"pass"}),
        "blind_legal": "blind_misere" in legal_calls,
    }


def _pitch_box(legal: list[dict[str, Any]]) -> dict:
    legal_calls = {entry["call"] for entry in legal if "call" in entry}
    calls = []
    for call in ("1", "2", "3", "4"):
        info = call_info(Game.PITCH, call)
        info["legal"] = call in legal_calls
        calls.append(info)
    pitches = [card_info(entry["pitch"]) for entry in legal if "pitch" in entry]
    return {"calls": calls, "pass_legal": "pass" in legal_calls, "pitches": pitches}


def _describe_turn(game: str, view: dict[str, Any] | None) -> str:
    """What the seat to act is doing, as a verb phrase."""
    if view is None:
        return "act"
    phase = view.get("phase")
    if phase == "auction":
        return "bid"
    if phase == "discard":
        return "take the kitty and discard"
    if phase == "call_partner":
        return "call a partner"
    trick = (view.get("trick") or {}).get("cards") or []
    return "play" if trick else "lead"


def _hand_result(
    game: str, last: dict[str, Any], info: dict[str, Any], labels: list[str]
) -> dict[str, Any]:
    """A finished hand's summary in words (from the stored public result; no cards)."""
    result = last.get("result") or {}
    scores = last.get("scores") or [0] * info["players"]
    totals = last.get("totals") or info["totals"]
    sides = [
        {
            "label": " & ".join(labels[s] for s in side),
            "score": scores[side[0]],
            "total": totals[side[0]] if totals else 0,
            "tricks": sum((result.get("tricks") or [0] * info["players"])[s] for s in side),
        }
        for side in info["sides"]
    ]
    out: dict[str, Any] = {
        "number": last["number"],
        "dealer": labels[last["dealer"]],
        "thrown_in": last.get("thrown_in"),
        "sides": sides,
        "contract": None,
        "points": [],
    }
    contract = result.get("contract")
    if last.get("thrown_in") or not contract:
        out["headline"] = "Everyone passed: the cards were thrown in and nobody scored."
        return out
    seat = contract["seat"]
    if game == Game.PITCH:
        made = contract.get("made")
        bid = contract.get("bid")
        trump = SUITS.get(contract.get("trump") or "")
        out["contract"] = {
            "seat": labels[seat],
            "text": f"{bid}",
            "trump": trump,
            "made": made,
        }
        verb = "made the bid" if made else "was set back"
        out["headline"] = f"{labels[seat]} bid {bid} and {verb} ({scores[seat]:+d})."
        points = result.get("points") or {}
        for key, name in (("high", "High"), ("low", "Low"), ("jack", "Jack"), ("game", "Game")):
            winner = points.get(key)
            out["points"].append(
                {
                    "name": name,
                    "winner": labels[winner] if winner is not None else None,
                    "why": "not dealt"
                    if key == "jack"
                    else "a tie for most game points"
                    if key == "game"
                    else "",
                }
            )
        return out
    made = scores[seat] > 0
    call = call_info(game, contract["call"], contract.get("sans_kitty", False))
    out["contract"] = {"seat": labels[seat], "call": call, "made": made}
    verb = "made" if made else "went down in"
    out["headline"] = f"{labels[seat]} {verb} {call['text']} ({scores[seat]:+d})."
    return out


def _score_sheet(table: Table, info: dict[str, Any], labels: list[str]) -> list[dict[str, Any]]:
    rows = []
    for hand in selectors.finished_hands(table):
        result = hand.get("result") or {}
        contract = result.get("contract")
        scores = hand.get("scores") or [0] * info["players"]
        totals = hand.get("totals") or [0] * info["players"]
        if hand.get("thrown_in") or not contract:
            what = "Thrown in"
            made = None
        elif table.game == Game.PITCH:
            what = f"{labels[contract['seat']]}: {contract['bid']}"
            trump = SUITS.get(contract.get("trump") or "")
            if trump:
                what += f" {trump['symbol']}"
            made = contract.get("made")
        else:
            call = call_info(table.game, contract["call"], contract.get("sans_kitty", False))
            what = f"{labels[contract['seat']]}: {call['text']}"
            made = scores[contract["seat"]] > 0
        rows.append(
            {
                "number": hand["number"],
                "what": what,
                "made": made,
                "cells": [
                    {"score": scores[side[0]], "total": totals[side[0]]} for side in info["sides"]
                ],
            }
        )
    return rows


def _table_context(
    request,
    table: Table,
    *,
    token: str = "",
    error: str | None = None,
    notice: str | None = None,
    joker_prompt: bool = False,
    discard_chosen: list[str] | None = None,
) -> dict[str, Any]:
    data = selectors.table_view_for(request.user, table)
    info, view, last = data["table"], data["hand"], data["last_hand"]
    game, players = table.game, info["players"]
    me = info["your_seat"]
    anchor = me if me is not None else 0
    labels = _labels(info)
    legal = (view or {}).get("legal") or []
    options = info["options"]

    # Seats around the table.
    seats = []
    auction_by_seat: dict[int, dict[str, Any]] = {}
    if view is not None and game == Game.FIVE_HUNDRED:
        for entry in view.get("auction") or []:
            auction_by_seat[entry["seat"]] = call_info(game, entry["call"], entry["sans_kitty"])
    elif view is not None:
        for entry in view.get("auction") or []:
            if "call" in entry:
                auction_by_seat[entry["seat"]] = call_info(game, entry["call"])
            else:
                auction_by_seat[entry["seat"]] = {"text": "4 (pitched)", "words": "pitched"}
    exposed = (view or {}).get("exposed") or None
    partner = (view or {}).get("called_partner") or None
    contractor = None
    if view is not None and view["contract"]:
        contractor = view["contract"]["seat"]
    tricks = []
    held = []
    if view is not None:
        tricks = view["tricks_won"]
        held = view["hand_sizes"]
    for seat in info["seats"]:
        n = seat["number"]
        seats.append(
            {
                "number": n,
                "label": labels[n],
                "place": seat_place(n, players),
                "name": seat["name"],
                "is_you": seat["is_you"],
                "is_bot": seat["is_bot"],
                "level": BotLevel(seat["bot_level"]).label if seat["bot_level"] else "",
                "empty": seat["empty"],
                "pos": _rel_position(n, anchor, players),
                "is_dealer": view is not None and view.get("dealer") == n,
                "is_turn": table.is_playing and table.to_act == n,
                "tricks": tricks[n] if tricks else 0,
                "held": held[n] if held else 0,
                "backs": range(min(held[n], 13)) if held and not seat["is_you"] else range(0),
                "call": auction_by_seat.get(n),
                "passed": view is not None and n in (view.get("passed") or []),
                "sits_out": view is not None and view.get("sitting_out") == n,
                "exposed": [card_info(c) for c in exposed["cards"]]
                if exposed and exposed["seat"] == n and n != me
                else [],
                "is_contractor": contractor == n,
                "is_partner": bool(partner and partner.get("seat") == n and n != contractor),
            }
        )

    # Your hand, and what you may do with it.
    step = None
    hand_cards: list[dict[str, Any]] = []
    kitty = set((view or {}).get("kitty") or [])
    legal_plays: dict[str, list[str | None]] = {}
    for entry in legal:
        if "play" in entry:
            legal_plays.setdefault(entry["play"], []).append(entry.get("suit"))
    if view is not None and me is not None:
        if view["step"] not in ("wait", "none"):
            # The engine says what the seat is asked to do (the templates call it "partner").
            step = "partner" if view["step"] == "call_partner" else view["step"]
        chosen = set(discard_chosen or [])
        for code in view.get("hand") or []:
            card = card_info(code)
            suits = legal_plays.get(code, [])
            card["legal"] = None in suits
            card["joker_lead"] = code == "JK" and bool(suits) and None not in suits
            card["from_kitty"] = code in kitty
            card["chosen"] = code in chosen
            hand_cards.append(card)
    joker_suits = [SUITS[s] for s in legal_plays.get("JK", []) if s is not None]
    nominate = [SUITS[e["nominate"]] for e in legal if "nominate" in e]
    partner_choices = []
    if step == "partner":
        by_suit: dict[str, list[dict[str, Any]]] = {}
        for entry in legal:
            code = entry["call_partner"]
            by_suit.setdefault(code[-1], []).append(card_info(code))
        partner_choices = [
            {"suit": SUITS[s], "cards": by_suit[s][::-1]}  # high cards first
            for s in SUIT_ORDER[::-1]
            if s in by_suit
        ]

    # The auction, the contract and the trick.
    auction = None
    if view is not None:
        auction = _auction(game, view["auction"], labels, view["dealer"])
    contract = None
    high = None
    if view is not None and game == Game.FIVE_HUNDRED:
        if view.get("contract"):
            c = view["contract"]
            contract = {
                "seat": c["seat"],
                "label": labels[c["seat"]],
                "call": call_info(game, c["call"], c["sans_kitty"]),
                "trump": SUITS.get(view.get("trump") or ""),
                "no_trumps": c["call"].endswith("NT"),
                "joker_suit": SUITS.get(view.get("joker_suit") or ""),
                "partner_card": card_info(partner["card"]) if partner else None,
                "partner": labels[partner["seat"]]
                if partner and partner["seat"] is not None
                else None,
            }
        elif view.get("high_bid"):
            h = view["high_bid"]
            high = {"label": labels[h["seat"]], "call": call_info(game, h["call"], h["sans_kitty"])}
    elif view is not None:
        if view["contract"] is not None:
            c = view["contract"]
            contract = {
                "seat": c["seat"],
                "label": labels[c["seat"]],
                "bid": c["bid"],
                "trump": SUITS.get(view.get("trump") or ""),
            }
        elif view.get("high_bid"):
            h = view["high_bid"]
            high = {"label": labels[h["seat"]], "bid": int(h["call"])}
    trick = []
    last_trick = None
    pitched = None
    if view is not None:
        trick = _trick_cards((view.get("trick") or {}).get("cards"), anchor, players, labels)
        lt = view.get("last_trick")
        if lt:
            last_trick = {
                "cards": _trick_cards(lt["cards"], anchor, players, labels),
                "winner": labels[lt["winner"]],
            }
        if view.get("pitched"):
            p = view["pitched"]
            pitched = {"label": labels[p["seat"]], "card": card_info(p["card"])}
    captured = []
    if view is not None and game == Game.PITCH and view.get("captured"):
        cap = view["captured"]
        for key, name in (
            ("highest_trump", "Highest trump"),
            ("lowest_trump", "Lowest trump"),
            ("jack", "Jack"),
        ):
            if cap.get(key):
                captured.append(
                    {
                        "name": name,
                        "card": card_info(cap[key]["card"]),
                        "who": labels[cap[key]["seat"]],
                    }
                )

    sides = _side_rows(info, labels, me)
    for side in sides:
        side["tricks"] = sum(tricks[s] for s in side["seats"]) if tricks else 0
        if view is not None and game == Game.PITCH:
            side["game_points"] = sum(
                (view.get("game_points") or [0] * players)[s] for s in side["seats"]
            )

    # Whose turn, in words (also announced through the aria-live region).
    to_act = table.to_act if table.is_playing else None
    my_turn = to_act is not None and to_act == me
    if table.is_waiting:
        free = len(info["free_seats"])
        status_text = f"Waiting for players: {free} free seat{'s' if free != 1 else ''}."
    elif table.is_finished:
        winners = [labels[s] for s in (table.winners or [])]
        status_text = (
            f"The game is over: {_join_names(winners)} won." if winners else "The game is over."
        )
    elif my_turn:
        status_text = {
            "bid": "Your turn: make a bid." if game == Game.PITCH else "Your turn: make a call.",
            "discard": "Your turn: discard three cards.",
            "partner": "Your turn: call your partner's card.",
            "play": "Your turn: lead a card." if not trick else "Your turn: play a card.",
        }.get(step or "", "Your turn.")
    elif to_act is not None:
        status_text = f"Waiting for {labels[to_act]} to {_describe_turn(game, view)}."
    else:
        status_text = ""

    phase = (view or {}).get("phase")
    show_last_hand = last is not None and (table.is_finished or phase == "auction")
    hand_result = _hand_result(game, last, info, labels) if last and show_last_hand else None
    finished_count = last["number"] if last else 0

    return {
        "table": table,
        "info": info,
        "game": game,
        "token": token,
        "me": me,
        "my_seat": seats[me] if me is not None else None,
        "is_spectator": me is None,
        "seats": seats,
        "view": view,
        "phase": phase,
        "step": step,
        "my_turn": my_turn,
        "hand_hidden": bool((view or {}).get("hand_hidden")) and me is not None,
        "hand_cards": hand_cards,
        "hand_count": (held[me] if held and me is not None else 0),
        "my_backs": range(held[me] if held and me is not None else 0),
        "legal_any_play": any(c.get("legal") or c.get("joker_lead") for c in hand_cards),
        "bidding": _bidding_box(game, legal, options)
        if step == "bid" and game == Game.FIVE_HUNDRED
        else None,
        "pitch_box": _pitch_box(legal) if step == "bid" and game == Game.PITCH else None,
        "joker_suits": joker_suits,
        "joker_prompt": joker_prompt and bool(joker_suits),
        "nominate": nominate,
        "partner_choices": partner_choices,
        "auction": auction,
        "high": high,
        "contract": contract,
        "trick": trick,
        "last_trick": last_trick,
        "pitched": pitched,
        "captured": captured,
        "sides": sides,
        "status_text": status_text,
        "error": error,
        "notice": notice,
        "hand_result": hand_result,
        "score_sheet": _score_sheet(table, info, labels) if finished_count else [],
        "options_words": _options_in_words(game, options),
        "waiting_on_others": table.is_waiting or (table.is_playing and not my_turn),
        "may_sit": request.user.is_authenticated
        and selectors.join_refusal(request.user, table, token) is None,
        "may_start": info["may_start_with_bots"],
        "start_hint": _start_hint(request.user, table, info),
        "forced_passes": _forced_passes(game, view, info, labels),
        "bot_level_label": BotLevel(table.bot_level).label if table.bot_level else "",
        "bot_level_description": BOT_LEVELS.get(table.bot_level, ""),
        "invite_url": request.build_absolute_uri(_table_url(table, info["invite_token"]))
        if info.get("invite_token")
        else "",
        "winners": [labels[s] for s in (table.winners or [])],
        "hands_played": finished_count,
    }


def _render_table(
    request, table: Table, *, status: int = 200, fragment: bool | None = None, **extra
):
    context = _table_context(request, table, token=_token(request), **extra)
    if fragment is None:
        fragment = bool(request.htmx)
    name = "games/table.html#live" if fragment else "games/table.html"
    return render(request, name, context, status=status)


@require_GET
def table_detail(request, pk: int):
    table = _get_table(request, pk)
    return _render_table(request, table, fragment=False)


@require_GET
def table_live(request, pk: int):
    """The live part of the table page (what htmx swaps in when the table has changed)."""
    table = _get_table(request, pk)
    return _render_table(request, table, fragment=True)


@require_GET
def table_poll(request, pk: int):
    """Has anything changed since version `v`? 204 if not; otherwise an empty answer with the
    `HX-Trigger: table-changed` header, which makes the page fetch the fresh fragment. A 404, as
    for no table, to whoever may not see it. One query for the table and who may see it (plus
    the session and the user when signed in): the answer holds only counters."""
    row = selectors.table_version(pk, request.user, _token(request))
    if row is None:
        raise Http404("There is no such table.")
    seen = request.GET.get("v", "")
    if seen.isdigit() and int(seen) == row["version"]:
        return HttpResponse(status=204)
    response = HttpResponse(status=200)
    response["HX-Trigger"] = "table-changed"
    response["Cache-Control"] = "no-store"
    return response


def _after_action(request, table_pk: int, *, ok: str | None = None):
    """The answer to a successful action: the new fragment (htmx) or back to the table page."""
    table = _get_table(request, table_pk)
    if request.htmx:
        return _render_table(request, table, fragment=True, notice=ok)
    if ok:
        messages.success(request, ok)
    return redirect(_table_url(table, _token(request)))


def _action_failed(request, table_pk: int, error: GameError, **extra):
    """A refused action: the fresh table with the reason, answered with the error's status."""
    table = _get_table(request, table_pk)
    return _render_table(request, table, status=error.status_code, error=error.message, **extra)


@login_required_htmx
@require_POST
def table_sit(request, pk: int):
    table = _get_table(request, pk)
    try:
        seat = services.table_sit(
            request.user, table, request.POST.get("seat", ""), token=_token(request)
        )
    except GameError as error:
        return _action_failed(request, table.pk, error)
    table.refresh_from_db()
    place = seat_place(seat.number, table.players)
    ok = f"You sat down at {place}."
    if table.is_playing:
        ok += " Every seat is filled: the game has started."
    return _after_action(request, table.pk, ok=ok)


@login_required_htmx
@require_POST
def table_leave(request, pk: int):
    table = _get_table(request, pk)
    was_playing = table.is_playing
    try:
        services.table_leave(request.user, table)
    except GameError as error:
        return _action_failed(request, table.pk, error)
    if was_playing:
        messages.success(request, "You left the table: a bot plays your seat now.")
    else:
        messages.success(request, "You left your seat.")
    if request.htmx:
        return HttpResponseClientRedirect(reverse("games:lobby"))
    return redirect("games:lobby")


@login_required_htmx
@require_POST
def table_start(request, pk: int):
    table = _get_table(request, pk)
    try:
        services.table_fill_with_bots(request.user, table)
    except GameError as error:
        return _action_failed(request, table.pk, error)
    return _after_action(request, table.pk, ok="The bots have sat down: the game is on.")


@login_required_htmx
@require_POST
def table_look(request, pk: int):
    table = _get_table(request, pk)
    try:
        services.table_look(request.user, table)
    except GameError as error:
        return _action_failed(request, table.pk, error)
    return _after_action(request, table.pk)


ACTION_FIELDS = ("call", "pitch", "play", "discard", "call_partner", "nominate")


def action_from_post(post) -> dict[str, Any]:
    """The hand-record action a table form posted (the seat is the poster's). InvalidInput when
    the form doesn't hold exactly one action."""
    kinds = [k for k in ACTION_FIELDS if post.get(k)]
    if len(kinds) != 1:
        raise InvalidInput("Choose one thing to do: a call, a card, or a discard.")
    kind = kinds[0]
    if kind == "discard":
        chosen = [c for c in post.getlist("discard") if c]
        if len(chosen) != 3:
            raise InvalidInput(
                f"Choose exactly three cards to discard: you chose {len(chosen)}.", field="discard"
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
    raw = (post.get("expected") or "").strip()
    if not raw.isdigit():
        raise InvalidInput("The form lacks the action number it answers: reload the table.")
    return int(raw)


def _needs_joker_suit(request, table: Table, record: dict[str, Any]) -> bool:
    """A Joker lead that must name a suit was posted without one: ask for the suit."""
    if record.get("play", "").upper() != "JK" or record.get("suit"):
        return False
    view = selectors.table_view_for(request.user, table)["hand"] or {}
    plays = [e for e in view.get("legal") or [] if e.get("play") == "JK"]
    return bool(plays) and all("suit" in e for e in plays)


@login_required_htmx
@require_POST
def table_act(request, pk: int):
    table = _get_table(request, pk)
    chosen = request.POST.getlist("discard")
    try:
        expected = _expected_number(request.POST)
        record = action_from_post(request.POST)
    except InvalidInput as error:
        return _action_failed(request, table.pk, error, discard_chosen=chosen)
    if expected == table.action_number and _needs_joker_suit(request, table, record):
        return _render_table(request, table, joker_prompt=True)
    try:
        services.table_act(request.user, table.pk, expected, record)
    except GameError as error:
        return _action_failed(request, table.pk, error)
    return _after_action(request, table.pk)


# Replays and records -----------------------------------------------------------------------------


def _describe_action(game: str, action: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """One logged action in words, with the cards it shows (replays show every card)."""
    who = labels[action["seat"]] if 0 <= action["seat"] < len(labels) else f"Seat {action['seat']}"
    cards: list[dict[str, Any]] = []
    if "call" in action:
        call = call_info(game, action["call"], action.get("sans_kitty", False))
        text = f"{who} passes" if call["kind"] == "pass" else f"{who} bids {call['text']}"
        if call.get("sans_kitty"):
            text += " sans kitty"
    elif "pitch" in action:
        cards = [card_info(action["pitch"])]
        text = f"{who} bids 4 by pitching"
    elif "discard" in action:
        cards = [card_info(c) for c in action["discard"]]
        text = f"{who} discards"
    elif "call_partner" in action:
        cards = [card_info(action["call_partner"])]
        text = f"{who} calls for the partner holding"
    elif "nominate" in action:
        text = f"{who} names the Joker's suit: {SUITS[action['nominate']]['name']}"
    else:
        cards = [card_info(action["play"])]
        text = f"{who} plays"
        if action.get("suit"):
            text = f"{who} leads, naming {SUITS[action['suit']]['name']},"
    return {"text": text, "cards": cards}


def _replay_context(record: dict[str, Any], step: int, labels: list[str] | None) -> dict[str, Any]:
    """The hand of `record` (a valid hand record) after its first `step` actions, face up."""
    game, players = record["game"], record["players"]
    labels = labels or [seat_place(n, players) for n in range(players)]
    actions = record.get("actions") or []
    step = max(0, min(step, len(actions)))
    partial = dict(record, actions=actions[:step])
    hand = records.load_hand(partial)
    full = hand.full_view()
    hands_now = full["hands_now"]
    tricks = full["tricks_won"]
    auction_entries = full["auction"]
    seats = []
    contractor = full["contract"]["seat"] if full["contract"] else None
    for n in range(players):
        seats.append(
            {
                "number": n,
                "label": labels[n],
                "place": seat_place(n, players),
                "pos": POSITIONS[players][n % players],
                "cards": [card_info(c) for c in hands_now[n]],
                "tricks": tricks[n],
                "is_dealer": full["dealer"] == n,
                "is_turn": full["to_act"] == n,
                "is_contractor": contractor == n,
                "sits_out": full.get("sitting_out") == n,
            }
        )
    trick_cards = (full.get("trick") or {}).get("cards") or []
    trick_title = "Current trick"
    if not trick_cards and full.get("last_trick"):
        trick_cards = full["last_trick"]["cards"]
        trick_title = f"Trick won by {labels[full['last_trick']['winner']]}"
    trick = _trick_cards(trick_cards, 0, players, labels)
    auction = _auction(game, auction_entries or [], labels, full["dealer"])
    steps = [dict(_describe_action(game, a, labels), number=i + 1) for i, a in enumerate(actions)]
    summary = hand.summary()
    finished = hand.is_over
    sides = [
        {
            "label": " & ".join(labels[s] for s in side),
            "tricks": sum(tricks[s] for s in side),
            "score": summary["scores"][side[0]],
        }
        for side in selectors.sides_of(game, players, record.get("options"))
    ]
    contract = summary.get("contract")
    contract_text = ""
    if contract and game == Game.FIVE_HUNDRED:
        call = call_info(game, contract["call"], contract.get("sans_kitty", False))
        contract_text = f"{call['text']} by {labels[contract['seat']]}"
    elif contract:
        contract_text = f"{contract['bid']} by {labels[contract['seat']]}"
        if contract.get("trump"):
            contract_text += f", trumps {SUITS[contract['trump']]['name']}"
    kitty = []
    discards = []
    if game == Game.FIVE_HUNDRED:
        kitty = [card_info(c) for c in full.get("kitty") or []]
        discards = [card_info(c) for c in full.get("discards") or []]
    result_text = ""
    if finished:
        if summary["status"] == "thrown_in":
            result_text = "Everyone passed: the hand was thrown in."
        elif game == Game.PITCH:
            made = contract.get("made")
            result_text = (
                f"{labels[contract['seat']]} bid {contract['bid']} and "
                f"{'made it' if made else 'was set back'}."
            )
        else:
            made = summary["scores"][contract["seat"]] > 0
            result_text = f"{contract_text}: {'made' if made else 'failed'}."
    points = []
    if finished and game == Game.PITCH and summary.get("points"):
        for key, name in (("high", "High"), ("low", "Low"), ("jack", "Jack"), ("game", "Game")):
            winner = summary["points"].get(key)
            points.append({"name": name, "winner": labels[winner] if winner is not None else None})
    return {
        "record": record,
        "game": game,
        "game_label": Game(game).label,
        "players": players,
        "step": step,
        "total_steps": len(actions),
        "steps": steps,
        "current": steps[step - 1] if step else None,
        "seats": seats,
        "trick": trick,
        "trick_title": trick_title,
        "auction": auction,
        "sides": sides,
        "contract_text": contract_text,
        "kitty": kitty,
        "discards": discards,
        "status": summary["status"],
        "finished": finished,
        "result_text": result_text,
        "points": points,
        "prev_step": step - 1 if step > 0 else None,
        "next_step": step + 1 if step < len(actions) else None,
        "options_words": _options_in_words(game, record.get("options") or {}),
    }


def _step_param(request) -> int:
    raw = request.GET.get("step", "0")
    return int(raw) if raw.isdigit() else 0


def _render_replay(request, context: dict[str, Any]):
    name = "games/replay.html#replay" if request.htmx else "games/replay.html"
    return render(request, name, context)


@require_GET
def hand_replay(request, pk: int, number: int):
    table = _get_table(request, pk)
    try:
        record = selectors.hand_record_for(table, number)
    except HandNotFinished as error:
        return render(
            request,
            "games/not_ready.html",
            {"table": table, "message": error.message, "token": _token(request)},
            status=error.status_code,
        )
    if record is None:
        raise Http404("There is no such hand.")
    labels = _labels(selectors.table_info(table, request.user))
    context = _replay_context(record, _step_param(request), labels)
    context.update(
        table=table,
        hand_number=number,
        token=_token(request),
        base_url=reverse("games:hand_replay", args=[table.pk, number]),
        download_url=reverse("games:hand_record", args=[table.pk, number]),
        hands_played=len(selectors.finished_hands(table)),
    )
    return _render_replay(request, context)


def _json_download(record: dict[str, Any], filename: str) -> JsonResponse:
    response = JsonResponse(record, json_dumps_params={"indent": 1, "ensure_ascii": False})
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def hand_record(request, pk: int, number: int):
    table = _get_table(request, pk)
    try:
        record = selectors.hand_record_for(table, number)
    except HandNotFinished as error:
        return HttpResponse(error.message, status=error.status_code, content_type="text/plain")
    if record is None:
        raise Http404("There is no such hand.")
    return _json_download(record, f"kookaburra-table-{table.pk}-hand-{number}.json")


@require_GET
def game_record(request, pk: int):
    table = _get_table(request, pk)
    record = selectors.game_record_for(table)
    if record is None:
        raise Http404("No hand has been finished at this table yet.")
    return _json_download(record, f"kookaburra-table-{table.pk}-game.json")


SESSION_RECORDS = "games_uploaded_records"
KEEP_RECORDS = 5


def _fault_text(error: dict[str, Any], record: Any) -> dict[str, Any]:
    """A replay error for people: where (hand and action index) and why."""
    index = error.get("index")
    hand = error.get("hand")
    where = []
    if hand is not None:
        where.append(f"hand index {hand} (hand {hand + 1})")
    if index is not None:
        where.append(f"action index {index} (action {index + 1})")
    action = None
    if index is not None and isinstance(record, dict):
        holder = record
        if hand is not None and isinstance(record.get("hands"), list):
            holder = record["hands"][hand] if hand < len(record["hands"]) else {}
        actions = holder.get("actions") if isinstance(holder, dict) else None
        if isinstance(actions, list) and index < len(actions):
            action = actions[index]
    return {
        "index": index,
        "hand": hand,
        "where": ", ".join(where),
        "reason": error.get("reason", ""),
        "action": action,
    }


@require_http_methods(["GET", "POST"])
def record_upload(request):
    """Replay a hand record (or game record) uploaded as a file or pasted in."""
    if request.method == "POST":
        form = RecordUploadForm(request.POST, request.FILES)
    else:
        form = RecordUploadForm()
    fault = None
    status = 200
    if request.method == "POST":
        if form.is_valid():
            parsed = form.cleaned_data["record"]
            result = records.replay(parsed, render=refusal_message)
            if "error" in result:
                fault = _fault_text(result["error"], parsed)
                status = 400
            else:
                key = _remember_record(request, parsed, form)
                return redirect("games:uploaded_replay", key=key)
        else:
            status = 400
    uploaded = list(reversed(list(request.session.get(SESSION_RECORDS, {}).items())))
    return render(
        request,
        "games/record_upload.html",
        {"form": form, "fault": fault, "uploaded": uploaded},
        status=status,
    )


def _remember_record(request, record: dict[str, Any], form: RecordUploadForm) -> str:
    stored = dict(request.session.get(SESSION_RECORDS, {}))
    while len(stored) >= KEEP_RECORDS:
        stored.pop(next(iter(stored)))
    key = secrets.token_urlsafe(6)
    upload = form.cleaned_data.get("file")
    hands = len(record["hands"]) if record.get("format") == records.GAME_FORMAT else 1
    stored[key] = {
        "record": record,
        "name": upload.name if upload is not None else "Pasted record",
        "game": Game(record["game"]).label,
        "hands": hands,
        "at": timezone.now().isoformat(timespec="minutes"),
    }
    request.session[SESSION_RECORDS] = stored
    return key


@require_GET
def uploaded_replay(request, key: str):
    entry = request.session.get(SESSION_RECORDS, {}).get(key)
    if entry is None:
        raise Http404("That uploaded record has expired: upload it again.")
    record = entry["record"]
    hand_index = 0
    game_hands = []
    totals = []
    if record.get("format") == records.GAME_FORMAT:
        raw = request.GET.get("hand", "0")
        hand_index = int(raw) if raw.isdigit() else 0
        hand_index = min(hand_index, len(record["hands"]) - 1)
        _hands, totals, _winners = records.load_game(record)
        game_hands = list(range(len(record["hands"])))
        hand_obj = record["hands"][hand_index]
        hand_record_obj = {
            "format": records.HAND_FORMAT,
            "game": record["game"],
            "players": record["players"],
            "options": record.get("options") or {},
            **hand_obj,
        }
    else:
        hand_record_obj = record
    context = _replay_context(hand_record_obj, _step_param(request), None)
    base = reverse("games:uploaded_replay", args=[key])
    context.update(
        uploaded=entry,
        hand_index=hand_index,
        game_hands=[
            {"index": i, "totals": totals[i] if i < len(totals) else None} for i in game_hands
        ],
        base_url=base,
        hand_query=f"hand={hand_index}&" if game_hands else "",
    )
    return _render_replay(request, context)
