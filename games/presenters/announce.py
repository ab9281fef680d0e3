"""What the table page's live region reads out when the table changes: the moves made since the
version the page showed ("West bot bid seven hearts.", "North played the ten of spades.",
"South won the trick."), then whose turn it is.

    moves = [public_move(a) for a in hand.actions]       # the view, from the table's state
    sentences = since_last_view(game, moves, first_action=..., since=..., ...)

Only what everyone at the table may see is ever read out: `public_move` keeps of an engine action
the seat, what kind of move it was, the call and the card played, called or pitched (all laid
face up by the rules), and of a discard only how many cards went (never which). No request, no
query: the view hands in the current hand's moves and its view.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, ngettext

from core.choices import Game

from ..engines.cards import SUIT_LETTERS
from . import text
from .cards import call_info, card_info, suit_info

# At most this many sentences of moves are read out; a longer catch-up says how many moves
# there were and reads the last few (LATEST) of them.
MOST = 4
LATEST = 3


def public_move(action) -> dict[str, Any]:
    """What anyone at the table may know of an engine action (games.engines.base.Action)."""
    move: dict[str, Any] = {"seat": action.seat, "kind": action.kind}
    if action.kind == "call":
        move["call"] = action.call
        move["sans_kitty"] = bool(action.sans_kitty)
    elif action.kind == "discard":
        move["count"] = len(action.cards)  # the cards themselves stay hidden
    elif action.kind == "nominate":
        move["suit"] = SUIT_LETTERS[action.suit]
    elif action.kind in ("play", "pitch", "call_partner"):
        move["card"] = str(action.card)
        if action.suit is not None:
            move["suit"] = SUIT_LETTERS[action.suit]
    return move


def spoken_call(game: str, call: str, sans_kitty: bool = False) -> str:
    """A bid as it is said: "seven hearts", "misère", Pitch's "3"."""
    info = call_info(game, call, sans_kitty)
    if info["kind"] == "misere":
        return info["text"]
    if game == Game.PITCH:
        return call
    return info["words"]


def _card_words(code: str) -> str:
    """A card's name after "the": "ten of spades", "Joker"."""
    info = card_info(code)
    return info["symbol"] if code == "JK" else info["name"]


def move_sentence(game: str, move: dict[str, Any], who: str, lead: bool = False) -> str:
    """One move in a sentence, in the past tense (`lead`: the first card of a trick)."""
    kind = move["kind"]
    if kind == "call":
        if move["call"] == "pass":
            return gettext("%(who)s passed.") % {"who": who}
        call = spoken_call(game, move["call"], move.get("sans_kitty", False))
        return gettext("%(who)s bid %(call)s.") % {"who": who, "call": call}
    if kind == "pitch":
        return gettext("%(who)s bid 4 by pitching the %(card)s.") % {
            "who": who,
            "card": _card_words(move["card"]),
        }
    if kind == "discard":
        count = move.get("count", 3)
        return ngettext(
            "%(who)s took the kitty and discarded %(count)s card.",
            "%(who)s took the kitty and discarded %(count)s cards.",
            count,
        ) % {"who": who, "count": count}
    if kind == "call_partner":
        return gettext("%(who)s called the %(card)s for a partner.") % {
            "who": who,
            "card": _card_words(move["card"]),
        }
    if kind == "nominate":
        return gettext("%(who)s made the Joker a %(suit)s.") % {
            "who": who,
            "suit": suit_info(move["suit"])["one"],
        }
    if move.get("suit"):
        return gettext("%(who)s led the Joker as %(suit)s.") % {
            "who": who,
            "suit": suit_info(move["suit"])["name"],
        }
    words = {"who": who, "card": _card_words(move["card"])}
    if lead:
        return gettext("%(who)s led the %(card)s.") % words
    return gettext("%(who)s played the %(card)s.") % words


def trick_ends(history: list[dict[str, Any]] | None) -> dict[int, int]:
    """The complete tricks as {how many cards had been played when it ended: its winner}."""
    ends, played = {}, 0
    for trick in history or []:
        played += len(trick["cards"])
        ends[played] = trick["winner"]
    return ends


def hand_over(game: str, last: dict[str, Any], labels: list[str]) -> str:
    """A finished hand's result in a sentence, its call in words: "Hand 2: North made seven
    hearts (+200)." (`last`: the finished hand's public summary, state.hand_summary)."""
    result = last.get("result") or {}
    contract = result.get("contract")
    scores = last.get("scores") or [0] * len(labels)
    if last.get("thrown_in") or not contract:
        headline = text.thrown_in_headline()
    else:
        seat = contract["seat"]
        who = labels[seat]
        if game == Game.PITCH:
            headline = text.pitch_headline(
                who, contract.get("bid"), bool(contract.get("made")), scores[seat]
            )
        else:
            call = spoken_call(game, contract["call"], contract.get("sans_kitty", False))
            headline = text.five_hundred_headline(who, call, scores[seat] > 0, scores[seat])
    return gettext("Hand %(number)s: %(headline)s") % {
        "number": last["number"],
        "headline": headline,
    }


def since_last_view(
    game: str,
    moves: list[dict[str, Any]],
    *,
    first_action: int,
    since: int | None,
    action_number: int,
    view: dict[str, Any] | None,
    last: dict[str, Any] | None,
    labels: list[str],
    me: int | None,
) -> list[str]:
    """The sentences that tell what has happened since the page showed the table at `since`
    actions (None: nothing to tell), oldest first, without whose turn it is now.

    `moves`: the current hand's moves in order (public_move), the first one being action number
    `first_action` + 1 of the table; `view` the hand as the reader sees it (its `history` says
    who won each trick); `last` the last finished hand's public summary; `me` the reader's seat
    (their own moves are not read back to them; who won a trick they ended is). A catch-up of
    more than MOST sentences says how many moves there were and reads the last few."""
    if since is None or since >= action_number or view is None:
        return []
    if len(moves) != action_number - first_action:
        return []  # not the hand the counts describe: say nothing rather than something wrong
    out = []
    hand_is_over = view.get("phase") in ("complete", "thrown_in")
    if since < first_action and last is not None and not hand_is_over:
        out.append(hand_over(game, last, labels))  # the hand the page showed is over
    start = max(since - first_action, 0)
    ends = trick_ends(view.get("history"))
    groups: list[list[str]] = []
    played = 0
    trick_start = True
    for index, move in enumerate(moves):
        lays_card = move["kind"] in ("play", "pitch")
        said = []
        if index >= start and move["seat"] != me:
            said.append(move_sentence(game, move, labels[move["seat"]], lead=trick_start))
        if lays_card:
            played += 1
            trick_start = played in ends
            if trick_start and index >= start:
                said.append(gettext("%(who)s won the trick.") % {"who": labels[ends[played]]})
        if index >= start:
            groups.append(said)
    if hand_is_over and last is not None:
        groups.append([hand_over(game, last, labels)])
    sentences = [s for said in groups for s in said]
    if len(sentences) > MOST:
        latest: list[str] = []
        for said in reversed(groups):
            if latest and len(latest) + len(said) > LATEST:
                break
            latest = said + latest
        count = action_number - since
        summary = ngettext("%(count)s move; the latest:", "%(count)s moves; the latest:", count)
        sentences = [summary % {"count": count}, *latest]
    return out + sentences
