"""Cards, suits, calls and seats for people: symbols, colours and names in words.

Plain functions over hand-record text ("QH", "7S", "6NT", "pass"); no Django models, no
requests. Every word a person reads is marked for translation here, once.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from django.utils.translation import get_language, gettext, pgettext

from core.choices import Game

SUIT_ORDER = "SCDH"
STRAINS = ("S", "C", "D", "H", "NT")
COMPASS = ("N", "E", "S", "W")

# Where each seat sits around the felt, counted clockwise from the viewer (always at the bottom).
POSITIONS = {
    2: ("b", "t"),
    3: ("b", "l", "r"),
    4: ("b", "l", "t", "r"),
    5: ("b", "l", "tl", "tr", "r"),
    6: ("b", "l", "tl", "t", "tr", "r"),
    7: ("b", "bl", "l", "tl", "tr", "r", "br"),
}

_SYMBOLS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
_COLOURS = {"S": "black", "C": "black", "D": "red", "H": "red"}


def suit_info(letter: str) -> dict[str, str]:
    """A suit for display: its letter, symbol, colour and plural name ("spades")."""
    return dict(_suit_info(get_language(), letter))


@lru_cache(maxsize=256)
def _suit_info(language: str | None, letter: str) -> dict[str, str]:
    """`suit_info` in the active language `language` (the words are looked up once a process:
    a table page shows dozens of cards)."""
    names = {
        "S": pgettext("suit", "spades"),
        "C": pgettext("suit", "clubs"),
        "D": pgettext("suit", "diamonds"),
        "H": pgettext("suit", "hearts"),
    }
    singular = {
        "S": pgettext("suit", "spade"),
        "C": pgettext("suit", "club"),
        "D": pgettext("suit", "diamond"),
        "H": pgettext("suit", "heart"),
    }
    return {
        "letter": letter,
        "symbol": _SYMBOLS[letter],
        "name": names[letter],
        "one": singular[letter],
        "colour": _COLOURS[letter],
    }


def maybe_suit(letter: str | None) -> dict[str, str] | None:
    return suit_info(letter) if letter in _SYMBOLS else None


def _rank_word(rank: str) -> str:
    words = {
        "2": pgettext("rank", "two"),
        "3": pgettext("rank", "three"),
        "4": pgettext("rank", "four"),
        "5": pgettext("rank", "five"),
        "6": pgettext("rank", "six"),
        "7": pgettext("rank", "seven"),
        "8": pgettext("rank", "eight"),
        "9": pgettext("rank", "nine"),
        "10": pgettext("rank", "ten"),
        "11": pgettext("rank", "eleven"),
        "12": pgettext("rank", "twelve"),
        "13": pgettext("rank", "thirteen"),
        "J": pgettext("rank", "jack"),
        "Q": pgettext("rank", "queen"),
        "K": pgettext("rank", "king"),
        "A": pgettext("rank", "ace"),
    }
    return words[rank]


def card_info(code: str) -> dict[str, Any]:
    """A card (hand-record text) for display: rank, symbol, colour and its name in words."""
    return dict(_card_info(get_language(), code))


@lru_cache(maxsize=2048)
def _card_info(language: str | None, code: str) -> dict[str, Any]:
    """`card_info` in the active language `language` (the caller gets a copy to change)."""
    if code == "JK":
        return {
            "code": "JK",
            "rank": "★",
            "symbol": gettext("Joker"),
            "suit": "joker",
            "colour": "joker",
            "name": gettext("the Joker"),
        }
    rank, suit = code[:-1], _suit_info(language, code[-1])
    return {
        "code": code,
        "rank": rank,
        "symbol": suit["symbol"],
        "suit": suit["letter"],
        "colour": suit["colour"],
        "name": gettext("%(rank)s of %(suit)s") % {"rank": _rank_word(rank), "suit": suit["name"]},
    }


def _misere(call: str) -> tuple[str, str]:
    return {
        "misere": (
            gettext("Misère"),
            gettext("misère: lose every trick, playing alone (250)"),
        ),
        "open_misere": (
            gettext("Open misère"),
            gettext("open misère: misère with your hand shown after trick one (500)"),
        ),
        "blind_misere": (
            gettext("Blind misère"),
            gettext("blind misère: misère without looking at your cards (500)"),
        ),
    }[call]


MISERE_CALLS = ("misere", "open_misere", "blind_misere")


def _tricks_word(tricks: str) -> str:
    """A bid's number of tricks in words (six to ten: numbers, which some languages say
    otherwise than the cards of that rank)."""
    words = {
        "6": pgettext("number of tricks", "six"),
        "7": pgettext("number of tricks", "seven"),
        "8": pgettext("number of tricks", "eight"),
        "9": pgettext("number of tricks", "nine"),
        "10": pgettext("number of tricks", "ten"),
    }
    return words.get(tricks, tricks)


def call_info(game: str, call: str, sans_kitty: bool = False) -> dict[str, Any]:
    """A call for display. Bids show their number and strain symbol apart ("7 ♥"), never in a
    card's form, and carry their words for screen readers ("seven hearts")."""
    return dict(_call_info(get_language(), str(game), call, bool(sans_kitty)))


@lru_cache(maxsize=2048)
def _call_info(language: str | None, game: str, call: str, sans_kitty: bool) -> dict[str, Any]:
    """`call_info` in the active language `language` (the caller gets a copy to change; an
    auction shows the same few calls again and again)."""
    out: dict[str, Any] = {"value": call, "sans_kitty": sans_kitty, "is_bid": False}
    if call == "pass":
        out.update(text=gettext("Pass"), words=gettext("pass"), kind="pass")
    elif call in MISERE_CALLS:
        text, words = _misere(call)
        out.update(text=text, words=words, kind="misere")
    elif game == Game.PITCH:
        words = gettext("bid %(bid)s") % {"bid": call}
        out.update(text=call, words=words, kind="bid", is_bid=True, tricks=call)
    else:
        strain = "NT" if call.endswith("NT") else call[-1]
        tricks = call[: -len(strain)]
        suit = maybe_suit(strain)
        symbol = suit["symbol"] if suit else gettext("NT")
        strain_name = suit["name"] if suit else gettext("no-trumps")
        out.update(
            kind="bid",
            is_bid=True,
            tricks=tricks,
            strain=strain,
            symbol=symbol,
            colour=suit["colour"] if suit else "nt",
            text=f"{tricks} {symbol}",
            words=gettext("%(tricks)s %(strain)s")
            % {"tricks": _tricks_word(tricks), "strain": strain_name},
        )
    if sans_kitty:
        out["words"] = gettext("%(call)s sans kitty") % {"call": out["words"]}
    return out


def seat_place(number: int, players: int) -> str:
    """Where a seat is: a compass point at four, otherwise its number, counted from 1 as people
    count (records and the API count seats from 0)."""
    if players == 4:
        return {
            "N": gettext("North"),
            "E": gettext("East"),
            "S": gettext("South"),
            "W": gettext("West"),
        }[COMPASS[number]]
    return gettext("Seat %(number)s") % {"number": number + 1}


def seat_label(seat: dict[str, Any], players: int) -> str:
    """What a seat is called on the page: the person's name, or "East bot"."""
    place = seat_place(seat["number"], players)
    if seat["is_bot"]:
        return gettext("%(place)s bot") % {"place": place}
    if seat["empty"]:
        return gettext("%(place)s (empty)") % {"place": place}
    return seat["name"]


def seat_labels(info: dict[str, Any]) -> list[str]:
    """Every seat's label, in seat order (`info`: selectors.table_info)."""
    return [seat_label(s, info["players"]) for s in info["seats"]]


def join_names(names: list[str]) -> str:
    """ "A", "A and B", "A, B and C"."""
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(some)s and %(last)s") % {"some": ", ".join(names[:-1]), "last": names[-1]}


def side_label(side: list[int], labels: list[str]) -> str:
    return " & ".join(labels[s] for s in side)


def rel_position(seat: int, anchor: int, players: int) -> str:
    """Where `seat` sits on the felt for a viewer at `anchor`."""
    return POSITIONS[players][(seat - anchor) % players]


def trick_cards(
    cards: list[dict[str, Any]] | None, anchor: int, players: int, labels: list[str]
) -> list[dict[str, Any]]:
    """Cards played to a trick, each placed in front of the seat that played it."""
    return [
        {
            "card": card_info(entry["card"]),
            "seat": entry["seat"],
            "label": labels[entry["seat"]],
            "pos": rel_position(entry["seat"], anchor, players),
            "named_suit": maybe_suit(entry.get("suit")),
        }
        for entry in cards or []
    ]
