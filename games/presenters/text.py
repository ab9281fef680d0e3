"""Game text: every sentence the table, replay and score sheet say about the game, written
once and marked for translation ("North bids 7 ♠", "Your turn: discard three cards.")."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext, pgettext

from core.choices import Game

from .cards import call_info, card_info, join_names, seat_place, suit_info


def describe_action(game: str, action: dict[str, Any], labels: list[str]) -> dict[str, Any]:
    """One logged action in words, with the cards it shows (replays show every card)."""
    seat = action["seat"]
    who = labels[seat] if 0 <= seat < len(labels) else seat_place(seat, len(labels))
    cards: list[dict[str, Any]] = []
    if "call" in action:
        call = call_info(game, action["call"], action.get("sans_kitty", False))
        if call["kind"] == "pass":
            text = gettext("%(who)s passes") % {"who": who}
        elif call.get("sans_kitty"):
            text = gettext("%(who)s bids %(call)s sans kitty") % {"who": who, "call": call["text"]}
        else:
            text = gettext("%(who)s bids %(call)s") % {"who": who, "call": call["text"]}
    elif "pitch" in action:
        cards = [card_info(action["pitch"])]
        text = gettext("%(who)s bids 4 by pitching") % {"who": who}
    elif "discard" in action:
        cards = [card_info(c) for c in action["discard"]]
        text = gettext("%(who)s discards") % {"who": who}
    elif "call_partner" in action:
        cards = [card_info(action["call_partner"])]
        text = gettext("%(who)s calls for the partner holding") % {"who": who}
    elif "nominate" in action:
        text = gettext("%(who)s names the Joker's suit: %(suit)s") % {
            "who": who,
            "suit": suit_info(action["nominate"])["name"],
        }
    else:
        cards = [card_info(action["play"])]
        if action.get("suit"):
            text = gettext("%(who)s leads, naming %(suit)s,") % {
                "who": who,
                "suit": suit_info(action["suit"])["name"],
            }
        else:
            text = gettext("%(who)s plays") % {"who": who}
    return {"text": text, "cards": cards}


def turn_verb(view: dict[str, Any] | None) -> str:
    """What the seat to act is doing, as a verb phrase ("bid", "call a partner")."""
    if view is None:
        return pgettext("turn", "act")
    phase = view.get("phase")
    if phase == "auction":
        return pgettext("turn", "bid")
    if phase == "discard":
        return pgettext("turn", "take the kitty and discard")
    if phase == "call_partner":
        return pgettext("turn", "call a partner")
    if (view.get("trick") or {}).get("cards"):
        return pgettext("turn", "play")
    return pgettext("turn", "lead")


def your_turn(game: str, step: str | None, trick_started: bool) -> str:
    """The turn line when it is the viewer's turn, by the step they are asked to take."""
    if step == "bid":
        if game == Game.PITCH:
            return gettext("Your turn: make a bid.")
        return gettext("Your turn: make a call.")
    if step == "discard":
        return gettext("Your turn: discard three cards.")
    if step == "call_partner":
        return gettext("Your turn: call your partner's card.")
    if step == "play":
        return (
            gettext("Your turn: play a card.")
            if trick_started
            else gettext("Your turn: lead a card.")
        )
    return gettext("Your turn.")


def waiting_for_players(free: int) -> str:
    return ngettext(
        "Waiting for players: %(count)d free seat.",
        "Waiting for players: %(count)d free seats.",
        free,
    ) % {"count": free}


def boards_played() -> str:
    """A duplicate's table once its boards are played: its totals decide nothing, since each
    board is scored against everyone who played it."""
    return gettext("All the boards are played.")


def game_over(winners: list[str]) -> str:
    if not winners:
        return gettext("The game is over.")
    return gettext("The game is over: %(winners)s won.") % {"winners": join_names(winners)}


def waiting_for(label: str, view: dict[str, Any] | None) -> str:
    return gettext("Waiting for %(who)s to %(verb)s.") % {"who": label, "verb": turn_verb(view)}


def forced_passes(names: list[str]) -> str:
    """Pitch: the passes the site played for people after a called 4."""
    if not names:
        return ""
    return gettext("%(names)s passed automatically: a 4 was called.") % {"names": join_names(names)}


THROWN_IN = "thrown_in"


def thrown_in_headline() -> str:
    return gettext("Everyone passed: the cards were thrown in and nobody scored.")


def pitch_headline(who: str, bid: Any, made: bool, score: int) -> str:
    words = {"who": who, "bid": bid, "score": score}
    if made:
        return gettext("%(who)s bid %(bid)s and made the bid (%(score)+d).") % words
    return gettext("%(who)s bid %(bid)s and was set back (%(score)+d).") % words


def five_hundred_headline(who: str, call: str, made: bool, score: int) -> str:
    words = {"who": who, "call": call, "score": score}
    if made:
        return gettext("%(who)s made %(call)s (%(score)+d).") % words
    return gettext("%(who)s went down in %(call)s (%(score)+d).") % words


def pitch_point_names() -> list[tuple[str, str]]:
    """Pitch's four points, in scoring order: (key, name)."""
    return [
        ("high", pgettext("pitch point", "High")),
        ("low", pgettext("pitch point", "Low")),
        ("jack", pgettext("pitch point", "Jack")),
        ("game", pgettext("pitch point", "Game")),
    ]


def pitch_point_missing(key: str) -> str:
    """Why nobody took a Pitch point."""
    if key == "jack":
        return gettext("not dealt")
    if key == "game":
        return gettext("a tie for most game points")
    return ""


def captured_names() -> list[tuple[str, str]]:
    """Pitch: the point cards taken so far, by what they are."""
    return [
        ("highest_trump", gettext("Highest trump")),
        ("lowest_trump", gettext("Lowest trump")),
        ("jack", pgettext("pitch point", "Jack")),
    ]


def contract_words(game: str, contract: dict[str, Any], labels: list[str]) -> str:
    """A finished hand's contract in a line: "7 ♥ by North", "3 by East, trumps spades"."""
    who = labels[contract["seat"]]
    if game == Game.FIVE_HUNDRED:
        call = call_info(game, contract["call"], contract.get("sans_kitty", False))
        return gettext("%(call)s by %(who)s") % {"call": call["text"], "who": who}
    if contract.get("trump"):
        return gettext("%(bid)s by %(who)s, trumps %(suit)s") % {
            "bid": contract["bid"],
            "who": who,
            "suit": suit_info(contract["trump"])["name"],
        }
    return gettext("%(bid)s by %(who)s") % {"bid": contract["bid"], "who": who}


def replay_result(game: str, summary: dict[str, Any], labels: list[str]) -> str:
    """A replayed hand's outcome in a sentence."""
    contract = summary.get("contract")
    if summary["status"] == THROWN_IN or not contract:
        return gettext("Everyone passed: the hand was thrown in.")
    who = labels[contract["seat"]]
    if game == Game.PITCH:
        if contract.get("made"):
            return gettext("%(who)s bid %(bid)s and made it.") % {
                "who": who,
                "bid": contract["bid"],
            }
        return gettext("%(who)s bid %(bid)s and was set back.") % {
            "who": who,
            "bid": contract["bid"],
        }
    words = contract_words(game, contract, labels)
    if summary["scores"][contract["seat"]] > 0:
        return gettext("%(contract)s: made.") % {"contract": words}
    return gettext("%(contract)s: failed.") % {"contract": words}


def failed_word(game: str) -> str:
    """The score sheet's word for a contract that failed."""
    return pgettext("pitch", "set") if game == Game.PITCH else pgettext("five hundred", "down")


def contractor_word(game: str) -> str:
    """The tag on the seat that holds the contract."""
    return gettext("pitcher") if game == Game.PITCH else gettext("contract")


def current_trick() -> str:
    return gettext("Current trick")


def trick_won_by(who: str) -> str:
    return gettext("Trick won by %(who)s") % {"who": who}


def pitch_bid_help(must_bid: bool, high: dict[str, Any] | None, dealer_may_take: bool) -> str:
    """What Pitch's bidding box asks of the seat to bid."""
    if must_bid:
        first = gettext("You're the dealer and nobody has bid: you must bid.")
    elif high and dealer_may_take:
        first = gettext(
            "Bid more than %(bid)s (%(who)s), or take the bid at %(bid)s (you're the dealer), "
            "or pass."
        ) % {"bid": high["bid"], "who": high["label"]}
    elif high:
        first = gettext("Bid more than %(bid)s (%(who)s), or pass.") % {
            "bid": high["bid"],
            "who": high["label"],
        }
    else:
        first = gettext("Bid 1 to 4, or pass.")
    return " ".join((first, gettext("The pitcher's first card sets trumps.")))


def five_hundred_bid_help(high: dict[str, Any] | None, final_raise: bool) -> str:
    """What Five Hundred's bidding box asks of the seat to call."""
    if high:
        first = gettext("Bid higher than %(call)s (%(who)s), or pass.") % {
            "call": high["call"]["text"],
            "who": high["label"],
        }
    else:
        first = gettext("Open the bidding, or pass. Bids rank by tricks, then ♠ ♣ ♦ ♥ NT.")
    if not final_raise:
        return first
    more = gettext(
        "Everyone else has passed: you may raise once more, or pass to take the contract as it "
        "stands."
    )
    return f"{first} {more}"


def play_help(game: str, trick_started: bool, trump_set: bool) -> str:
    """What the seat to play is asked: follow suit, or lead."""
    if trick_started:
        if game == Game.PITCH:
            return gettext(
                "Follow the suit led if you can. You may also trump. Cards you may not play "
                "are greyed out."
            )
        return gettext("Follow the suit led if you can. Cards you may not play are greyed out.")
    if game == Game.PITCH and not trump_set:
        return gettext("Lead any card: its suit becomes trumps.")
    return gettext("Lead any card.")


def game_over_title(winners: list[str]) -> str:
    """The finished game's panel title."""
    if not winners:
        return gettext("Game over")
    return gettext("Game over: %(winners)s won") % {"winners": join_names(winners)}


def pitch_contract_line(who: str, bid: Any) -> str:
    return gettext("%(who)s bid %(bid)s") % {"who": who, "bid": bid}
