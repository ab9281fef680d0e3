"""The live table page: a seat's view (plus the table's public facts) turned into what the page
shows — seats around the felt, your hand and the controls of your step, the auction, the
contract, the trick, the scores and the turn line.

    page = table_page(data, finished_hands, offer=Offer(...))

`data` is `selectors.table_view_for(user, table)`: `table` (the public facts), `hand` (the seat's
view, or the public view) and `last_hand`. Nothing here reads the database or a request; what the
viewer may do comes in as an `Offer` (built from `games.policies`).

The step (`page["step"]`) names the partial the template includes: the engine's `step` for the
seat (games/engines/view.py: `bid`, `discard`, `call_partner`, `play`, `wait`; a hand that is
over is `wait` here), except `look` while a Five Hundred seat's cards are still face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext, ngettext

from core.choices import Game

from ..engines.view import between_tricks
from . import text
from .bidding import auction, bidding_box, last_calls, pitch_box
from .cards import (
    SUIT_ORDER,
    call_info,
    card_info,
    maybe_suit,
    rel_position,
    seat_labels,
    seat_place,
    suit_info,
    trick_cards,
)
from .scores import hand_result, score_sheet, side_rows

STEPS = ("wait", "look", "bid", "discard", "call_partner", "play")


@dataclass(frozen=True)
class Offer:
    """What the viewer may do at the table now (answers of `games.policies.TableAccess`): the
    page shows a control exactly when the service would accept it."""

    sit: bool = False
    start: bool = False
    start_hint: str = ""
    leave: bool = False
    look: bool = False


@dataclass(frozen=True)
class Echo:
    """What the last request leaves on the page: its error or notice, the Joker-lead question,
    the discard choice to keep ticked after a refusal."""

    error: str | None = None
    notice: str | None = None
    joker_prompt: bool = False
    discard_chosen: tuple[str, ...] = ()


def seat_step(view: dict[str, Any] | None, me: int | None) -> str | None:
    """What the viewing seat is asked to do now, as the engine says (None for a spectator or
    before the deal; a hand that is over asks nothing: `wait`)."""
    if view is None or me is None:
        return None
    return "wait" if view["step"] == "none" else view["step"]


def _counts(view: dict[str, Any] | None) -> tuple[list[int], list[int]]:
    """(tricks won, cards held) by seat."""
    if view is None:
        return [], []
    return view["tricks_won"], view["hand_sizes"]


def _contractor(view: dict[str, Any] | None) -> int | None:
    contract = (view or {}).get("contract")
    return contract["seat"] if contract else None


def seats(info: dict[str, Any], view: dict[str, Any] | None, labels: list[str]) -> list[dict]:
    """The seats around the felt, the viewer's at the bottom."""
    from games.models import BotLevel  # a choices enum: labels only, no query

    game, players, me = info["game"], info["players"], info["your_seat"]
    anchor = me if me is not None else 0
    tricks, held = _counts(view)
    calls = last_calls(game, _auction_entries(view))
    exposed = (view or {}).get("exposed") or None
    partner = (view or {}).get("called_partner") or None
    contractor = _contractor(view)
    out = []
    for seat in info["seats"]:
        n = seat["number"]
        seat_tricks = tricks[n] if tricks else 0
        seat_held = held[n] if held else 0
        out.append(
            {
                "number": n,
                "label": labels[n],
                "place": seat_place(n, players),
                "name": seat["name"],
                "is_you": seat["is_you"],
                "is_bot": seat["is_bot"],
                "level": BotLevel(seat["bot_level"]).label if seat["bot_level"] else "",
                "empty": seat["empty"],
                "pos": rel_position(n, anchor, players),
                "is_dealer": view is not None and view.get("dealer") == n,
                "is_turn": info["status"] == "playing" and info["to_act"] == n,
                "tricks": seat_tricks,
                "tricks_text": ngettext("%(counter)s trick", "%(counter)s tricks", seat_tricks)
                % {"counter": seat_tricks},
                "held": seat_held,
                "held_text": ngettext("%(counter)s card", "%(counter)s cards", seat_held)
                % {"counter": seat_held},
                "backs": 0 if seat["is_you"] else min(seat_held, 13),
                "call": calls.get(n),
                "passed": view is not None and n in (view.get("passed") or []),
                "sits_out": view is not None and view.get("sitting_out") == n,
                "exposed": [card_info(c) for c in exposed["cards"]]
                if exposed and exposed["seat"] == n and n != me
                else [],
                "is_contractor": contractor == n,
                "contractor_word": text.contractor_word(game),
                "is_partner": bool(partner and partner.get("seat") == n and n != contractor),
            }
        )
    return out


def _auction_entries(view: dict[str, Any] | None) -> list[dict[str, Any]]:
    return view["auction"] if view else []


def your_hand(view: dict[str, Any] | None, me: int | None, echo: Echo) -> list[dict[str, Any]]:
    """The viewer's cards, each marked: may it be played, led as the Joker naming a suit, did it
    come from the kitty, is it ticked for the discard."""
    if view is None or me is None:
        return []
    plays = legal_plays(view.get("legal") or [])
    kitty = set(view.get("kitty") or [])
    chosen = set(echo.discard_chosen)
    out = []
    for code in view.get("hand") or []:
        card = card_info(code)
        suits = plays.get(code, [])
        card["legal"] = None in suits
        card["joker_lead"] = code == "JK" and bool(suits) and None not in suits
        card["from_kitty"] = code in kitty
        card["chosen"] = code in chosen
        card["play_label"] = gettext("Play %(card)s") % {"card": card["name"]}
        out.append(card)
    return out


def legal_plays(legal: list[dict[str, Any]]) -> dict[str, list[str | None]]:
    """The cards that may be played, each with the suits it may be led as (None: plainly)."""
    out: dict[str, list[str | None]] = {}
    for entry in legal:
        if "play" in entry:
            out.setdefault(entry["play"], []).append(entry.get("suit"))
    return out


def partner_choices(legal: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Five Hundred: the cards the contractor may call, by suit, high cards first."""
    by_suit: dict[str, list[dict[str, Any]]] = {}
    for entry in legal:
        if "call_partner" in entry:
            code = entry["call_partner"]
            by_suit.setdefault(code[-1], []).append(card_info(code))
    return [
        {"suit": suit_info(s), "cards": by_suit[s][::-1]} for s in SUIT_ORDER[::-1] if s in by_suit
    ]


def step_controls(info: dict[str, Any], view: dict[str, Any] | None, step: str | None, echo: Echo):
    """What the controls of the viewer's step need: the bidding box, the Joker's suits, …"""
    legal = (view or {}).get("legal") or []
    joker_suits = [suit_info(s) for s in legal_plays(legal).get("JK", []) if s is not None]
    bidding = None
    pitching = None
    if step == "bid" and info["game"] == Game.FIVE_HUNDRED:
        bidding = bidding_box(legal, info["options"])
    elif step == "bid":
        pitching = pitch_box(legal, (view or {}).get("hand"))
    return {
        "bidding": bidding,
        "pitch_box": pitching,
        "joker_suits": joker_suits,
        "joker_prompt": echo.joker_prompt and bool(joker_suits),
        "nominate": [suit_info(e["nominate"]) for e in legal if "nominate" in e],
        "partner_choices": partner_choices(legal) if step == "call_partner" else [],
        "dealer_may_take": bool(view) and view.get("dealer") == info["your_seat"],
        "final_raise": bool((view or {}).get("final_raise")),
    }


def step_help(game, step, controls, high, the_contract, trick_started: bool) -> str:
    """The sentence under the step's title: what the seat is asked to do, and how."""
    if step == "bid" and controls["pitch_box"]:
        must_bid = not controls["pitch_box"]["pass_legal"]
        return text.pitch_bid_help(must_bid, high, controls["dealer_may_take"])
    if step == "bid":
        return text.five_hundred_bid_help(high, controls["final_raise"])
    if step == "play":
        trump_set = bool(the_contract and the_contract.get("trump"))
        return text.play_help(game, trick_started, trump_set)
    return ""


def contract(info: dict[str, Any], view: dict[str, Any] | None, labels: list[str]):
    """(the contract, the highest bid so far): either may be None. A Five Hundred contract has
    a `call`; a Pitch contract its `bid` and the trump suit once the first card sets it."""
    if view is None:
        return None, None
    if info["game"] == Game.FIVE_HUNDRED:
        partner = view.get("called_partner") or None
        if view.get("contract"):
            c = view["contract"]
            return {
                "seat": c["seat"],
                "label": labels[c["seat"]],
                "call": call_info(Game.FIVE_HUNDRED, c["call"], c["sans_kitty"]),
                "trump": maybe_suit(view.get("trump")),
                "no_trumps": c["call"].endswith("NT"),
                "joker_suit": maybe_suit(view.get("joker_suit")),
                "partner_card": card_info(partner["card"]) if partner else None,
                "partner": labels[partner["seat"]]
                if partner and partner["seat"] is not None
                else None,
            }, None
        if view.get("high_bid"):
            h = view["high_bid"]
            call = call_info(Game.FIVE_HUNDRED, h["call"], h["sans_kitty"])
            return None, {"label": labels[h["seat"]], "call": call}
        return None, None
    if view["contract"]:
        c = view["contract"]
        return {
            "seat": c["seat"],
            "label": labels[c["seat"]],
            "bid": c["bid"],
            "line": text.pitch_contract_line(labels[c["seat"]], c["bid"]),
            "trump": maybe_suit(c["trump"]),
        }, None
    if view["high_bid"]:
        h = view["high_bid"]
        return None, {"label": labels[h["seat"]], "bid": int(h["call"])}
    return None, None


def table_cards(info: dict[str, Any], view: dict[str, Any] | None, labels: list[str]) -> dict:
    """The trick being played, the last one, what the felt shows (`felt_trick`: the trick being
    played, or between tricks the one just won, with `trick_won_by`), Pitch's pitched card and
    captured point cards."""
    if view is None:
        return {
            "trick": [],
            "last_trick": None,
            "felt_trick": [],
            "trick_won_by": None,
            "pitched": None,
            "captured": [],
        }
    players, me = info["players"], info["your_seat"]
    anchor = me if me is not None else 0
    last = view.get("last_trick")
    pitched = view.get("pitched")
    captured = []
    for key, name in text.captured_names() if view.get("captured") else []:
        taken = view["captured"].get(key)
        if taken:
            captured.append(
                {"name": name, "card": card_info(taken["card"]), "who": labels[taken["seat"]]}
            )
    trick = trick_cards((view.get("trick") or {}).get("cards"), anchor, players, labels)
    last_trick = (
        {
            "cards": trick_cards(last["cards"], anchor, players, labels),
            "winner": labels[last["winner"]],
        }
        if last
        else None
    )
    # Between tricks the trick just won stays on the felt until the next card is led.
    between = between_tricks(view)
    return {
        "trick": trick,
        "last_trick": last_trick,
        "felt_trick": last_trick["cards"] if between else trick,
        "trick_won_by": last_trick["winner"] if between else None,
        "pitched": {"label": labels[pitched["seat"]], "card": card_info(pitched["card"])}
        if pitched
        else None,
        "captured": captured,
    }


def score_rows(info: dict[str, Any], view: dict[str, Any] | None, labels: list[str]):
    """The sides with their tricks this hand (and Pitch's game points in the cards won)."""
    tricks, _held = _counts(view)
    points = (view or {}).get("game_points")
    rows = side_rows(info, labels, info["your_seat"])
    for side in rows:
        side["tricks"] = sum(tricks[s] for s in side["seats"]) if tricks else 0
        if points is not None:
            side["game_points"] = sum(points[s] for s in side["seats"])
    return rows


def forced_passes(info: dict[str, Any], view: dict[str, Any] | None, labels: list[str]) -> str:
    """Pitch: the passes the site played for people after a called 4, as one line."""
    if info["game"] != Game.PITCH or not view:
        return ""
    bids = view["auction"]
    called = next((i for i, b in enumerate(bids) if b.get("call") == "4"), None)
    if called is None:
        return ""
    steal = (info["options"] or {}).get("dealer_steal") == "including_4"
    return text.forced_passes(
        [
            labels[b["seat"]]
            for b in bids[called + 1 :]
            if b.get("call") == "pass"
            and not info["seats"][b["seat"]]["is_bot"]
            and not (steal and b["seat"] == view["dealer"])
        ]
    )


def status_line(info, view, labels, step: str | None, trick_started: bool) -> str:
    """The turn line (also read out through the page's live region)."""
    status, to_act, me = info["status"], info["to_act"], info["your_seat"]
    if status == "waiting":
        return text.waiting_for_players(len(info["free_seats"]))
    if status == "finished":
        if info.get("board_count"):
            return text.boards_played()
        return text.game_over([labels[s] for s in (info["winners"] or [])])
    if to_act is None:
        return ""
    if to_act == me:
        return text.your_turn(info["game"], step, trick_started)
    return text.waiting_for(labels[to_act], view)


def rules_slug(game: str) -> str:
    """The game's rules page (`{% url 'rules' slug %}`), linked beside the game's name."""
    return "five-hundred" if game == Game.FIVE_HUNDRED else "pitch"


def table_page(
    data: dict[str, Any],
    finished: list[dict[str, Any]],
    offer: Offer = Offer(),
    echo: Echo = Echo(),
) -> dict[str, Any]:
    """Everything the table page shows (`finished`: `selectors.finished_hands`, public)."""
    info, view, last = data["table"], data["hand"], data["last_hand"]
    game, me, status = info["game"], info["your_seat"], info["status"]
    labels = seat_labels(info)
    hidden = bool((view or {}).get("hand_hidden")) and me is not None
    step = seat_step(view, me)
    my_turn = status == "playing" and info["to_act"] is not None and info["to_act"] == me
    cards = table_cards(info, view, labels)
    the_contract, high = contract(info, view, labels)
    phase = (view or {}).get("phase")
    _tricks, held = _counts(view)
    hand_count = held[me] if held and me is not None else 0
    hand_cards = your_hand(view, me, echo)
    show_last = last is not None and (status == "finished" or phase == "auction")
    controls = step_controls(info, view, step, echo)
    return {
        "info": info,
        "game": game,
        "rules_slug": rules_slug(game),
        "me": me,
        "is_spectator": me is None,
        "seats": seats(info, view, labels),
        "view": view,
        "phase": phase,
        "step": ("look" if hidden else step) if step else None,
        "bid_step": step == "bid",
        "my_turn": my_turn,
        "hand_hidden": hidden,
        "hand_cards": hand_cards,
        "hand_count": hand_count,
        "my_backs": range(hand_count),
        "auction": auction(game, _auction_entries(view), labels, view["dealer"]) if view else None,
        "contract": the_contract,
        "high": high,
        **cards,
        **controls,
        "step_help": step_help(game, step, controls, high, the_contract, bool(cards["trick"])),
        "game_points_column": (view or {}).get("game_points") is not None,
        "sides": score_rows(info, view, labels),
        "status_text": status_line(info, view, labels, step, bool(cards["trick"])),
        "error": echo.error,
        "notice": echo.notice,
        "hand_result": hand_result(game, last, info, labels) if show_last else None,
        # Built only when the template renders the sheet, which it caches (score_sheet_key).
        "score_sheet": (lambda: score_sheet(game, finished, info, labels)) if last else None,
        "seat_labels": labels,
        "failed_word": text.failed_word(game),
        "waiting_on_others": status == "waiting" or (status == "playing" and not my_turn),
        "offer": offer,
        "forced_passes": forced_passes(info, view, labels),
        "winners": [labels[s] for s in (info["winners"] or [])],
        "game_over_title": (
            text.boards_played()
            if info.get("board_count")
            else text.game_over_title([labels[s] for s in (info["winners"] or [])])
        ),
        "hands_played": last["number"] if last else 0,
    }
