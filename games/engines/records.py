"""Hand and game records (shared/hand-records.md): reading, checking, writing and replaying.

This module knows the format; each game's engine module knows its rules. An engine module
(`five_hundred`, `pitch`) offers:

    GAME                       "five_hundred" or "pitch"
    PLAYER_COUNTS              the seat counts it plays
    Options.from_dict(d, players=n)
                               strict: ValueError naming an unknown key or value
    Options().to_dict()        only the options that differ from the defaults
    Hand.from_deal(players, options, dealer, deal)
                               `deal` is the record's deal keys (hands, kitty, dead); raises
                               ValueError when the cards are not a legal deal for that game
    Hand.new(players, options, dealer, rng)
                               a fresh deal shuffled by `rng` (a random.Random)
    Hand.GAME                  the same as GAME (so a hand knows its engine)
    hand.players, hand.dealer
    hand.to_act                the seat to act, or None once the hand is over
    hand.legal_actions()       the legal Actions of the seat to act (a sequence)
    hand.apply(action)         raises IllegalAction (state unchanged)
    hand.view_for(seat)        what that seat may see, JSON-ready
    hand.summary()             the replay object for a hand record (status, contract, …)
    hand.deal_record()         {"dealer": …, "hands": […], "kitty": […]} (and "dead")
    hand.actions               the actions applied so far, in order
    hand.is_over, hand.thrown_in, hand.phase (base.Phase), hand.contract (base.Contract)
    apply_hand(totals, hand, options) -> (new_totals, winners or None)
    next_dealer(hand)          the dealer of the hand after this one
    sides(players, options)    the seats that score together
    Game                       the whole game loop (game.Game)

`registry.engine_for(game)` finds the module; `export.py` writes records (`hand_record`,
`game_record`, re-exported here).

Everything the format does not describe is an error, including a key repeated in one JSON
object (a leading UTF-8 byte-order mark is skipped: `parse_text`). Errors carry a message id and
neutral params that the site words in the reader's language (games/refusals.py), a refusal code
(base.REFUSAL_CODES: the illegal action's own code, `hand_over` / `game_over` for an action or
hand too many, `wrong_dealer`, and `malformed` for everything else), the index of the first bad
action (None for a fault outside `actions`) and, for game records, the hand. An illegal action's
reason is its refusal prefixed with its seat: worded by the site when it passes `render`
("seat 1: You must follow hearts: you hold Q♥"), else in the neutral form
("seat 1: must_follow suit=H held=QH").

A game record may carry `hand_limit` (a game of a fixed number of hands): the target then ends
nothing, and once that many hands have been played out (thrown-in hands don't count) the seats
with the highest total win (the shared game loop's rule: `game.add_hand`).
"""

from __future__ import annotations

import json
from typing import Any

from . import deals
from .base import Action, IllegalAction, RecordError
from .cards import Malformed
from .export import GAME_FORMAT, HAND_FORMAT, game_record, hand_record
from .game import add_hand
from .registry import engine_for

__all__ = [
    "GAME_FORMAT",
    "HAND_FORMAT",
    "game_record",
    "hand_record",
    "load_game",
    "load_hand",
    "parse_text",
    "replay",
    "replay_text",
]

_DEAL_KEYS = {"dealer", "hands", "kitty", "dead", "actions", "seed", "commitment"}
_HEADER_KEYS = {"format", "game", "players", "options"}


def _header(record: dict[str, Any]):
    engine = engine_for(record.get("game"))
    players = record.get("players")
    if not isinstance(players, int) or isinstance(players, bool):
        raise _fault("malformed.players", "players must be a whole number")
    if players not in engine.PLAYER_COUNTS:
        counts = ", ".join(str(n) for n in engine.PLAYER_COUNTS)
        raise _fault(
            "malformed.player_count",
            f"{engine.GAME} is played by {counts} players, not {players}",
            game=engine.GAME,
            counts=list(engine.PLAYER_COUNTS),
            players=players,
        )
    raw_options = record.get("options", {})
    if not isinstance(raw_options, dict):
        raise _fault("malformed.options", "options must be an object")
    try:
        options = engine.Options.from_dict(raw_options, players=players)
    except Malformed as exc:
        raise _fault(exc.message_id, str(exc), **exc.params) from None
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    return engine, players, options


# Where a key may be unknown: the message id's variant, and the words of the neutral reason.
_WHERE = {
    "hand_record": "a hand record",
    "game_record": "a game record",
    "game_hand": "a hand of a game record",
}


def _check_keys(obj: dict[str, Any], allowed: set[str], where: str) -> None:
    unknown = sorted(set(obj) - allowed)
    if unknown:
        raise _fault(
            f"malformed.unknown_key_in_{where}",
            f"unknown key {unknown[0]!r} in {_WHERE[where]}",
            key=unknown[0],
        )


def _fault(message_id: str, reason: str, **params: Any) -> RecordError:
    """A record's fault, with its message id and neutral params so the site can word it in the
    reader's language (games/refusals.py), and its plain English `reason`."""
    return RecordError(
        reason, code=message_id.partition(".")[0], message_id=message_id, params=params
    )


def _play_hand(engine, players, options, hand_obj: dict[str, Any]):
    """Deal the hand the record describes and apply its actions; RecordError on the first fault."""
    if not isinstance(hand_obj, dict):
        raise _fault("malformed.hand_object", "a hand must be an object")
    dealer = hand_obj.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < players:
        raise _fault(
            "malformed.dealer", f"dealer must be a seat from 0 to {players - 1}", last=players - 1
        )
    deal = {key: hand_obj[key] for key in ("hands", "kitty", "dead") if key in hand_obj}
    try:
        hand = engine.Hand.from_deal(players, options, dealer, deal)
    except Malformed as exc:
        raise _fault(exc.message_id, str(exc), **exc.params) from None
    except ValueError as exc:
        raise RecordError(str(exc)) from None
    _check_seed(engine, players, options, dealer, hand_obj, deal)
    actions = hand_obj.get("actions", [])
    if not isinstance(actions, list):
        raise _fault("malformed.actions_list", "actions must be a list")
    for index, obj in enumerate(actions):
        try:
            action = Action.from_record(obj)
        except Malformed as exc:
            raise RecordError(
                str(exc), index=index, message_id=exc.message_id, params=exc.params
            ) from None
        except ValueError as exc:
            raise RecordError(str(exc), index=index) from None
        if hand.is_over:
            fault = _fault("hand_over.record", "the hand is already over")
            fault.index = index
            raise fault
        try:
            hand.apply(action)
        except IllegalAction as exc:
            raise RecordError.refusal(
                exc.message_id, exc.params, index=index, seat=action.seat
            ) from None
    return hand


def _check_seed(engine, players, options, dealer, hand_obj: dict[str, Any], deal) -> None:
    """The optional `seed` and `commitment` of an auditable deal (DEALS.md): a revealed seed
    must deal exactly the record's cards and match the commitment."""
    commitment = hand_obj.get("commitment")
    if "commitment" in hand_obj and not (isinstance(commitment, str) and len(commitment) == 64):
        raise _fault("malformed.commitment", "commitment must be 64 hex digits")
    if "seed" not in hand_obj:
        return
    problems = deals.verify(
        engine.GAME, players, options, dealer, hand_obj["seed"], commitment, deal
    )
    if problems:
        raise _fault(
            "malformed.audit",
            "the deal fails its audit: " + "; ".join(problems),
            problems=[p.as_param() for p in problems],
        )


def load_hand(record: dict[str, Any]):
    """A hand record -> the engine's hand state after all its actions."""
    if not isinstance(record, dict):
        raise _fault("malformed.record_object", "a record must be a JSON object")
    if record.get("format") != HAND_FORMAT:
        raise _fault("malformed.format", f"format must be {HAND_FORMAT!r}", format=HAND_FORMAT)
    _check_keys(record, _HEADER_KEYS | _DEAL_KEYS, "hand_record")
    engine, players, options = _header(record)
    return _play_hand(engine, players, options, record)


def load_game(record: dict[str, Any]):
    """A game record -> (hands, totals after each hand, winners or None)."""
    if not isinstance(record, dict):
        raise _fault("malformed.record_object", "a record must be a JSON object")
    if record.get("format") != GAME_FORMAT:
        raise _fault("malformed.format", f"format must be {GAME_FORMAT!r}", format=GAME_FORMAT)
    _check_keys(record, _HEADER_KEYS | {"hands", "hand_limit"}, "game_record")
    engine, players, options = _header(record)
    hand_limit = record.get("hand_limit")
    if "hand_limit" in record and (
        not isinstance(hand_limit, int) or isinstance(hand_limit, bool) or hand_limit < 1
    ):
        raise _fault(
            "malformed.hand_limit", "hand_limit must be a whole number of hands, at least 1"
        )
    hand_objs = record.get("hands")
    if not isinstance(hand_objs, list) or not hand_objs:
        raise _fault("malformed.game_hands", "a game record needs a list of hands")
    totals = [0] * players
    rows: list[list[int]] = []
    hands = []
    winners = None
    played = 0
    for number, hand_obj in enumerate(hand_objs):
        try:
            if winners is not None:
                if hand_limit is not None:
                    raise _fault(
                        "game_over.hand_limit",
                        f"the game was over at its hand limit ({hand_limit}), before this hand",
                        count=hand_limit,
                    )
                raise _fault("game_over.won", "the game was already won before this hand")
            if isinstance(hand_obj, dict):
                _check_keys(hand_obj, _DEAL_KEYS, "game_hand")
                if hands and hand_obj.get("dealer") != engine.next_dealer(hands[-1]):
                    dealer = engine.next_dealer(hands[-1])
                    # The deal passes to the left, except that Pitch's redeal_same keeps it
                    # after a hand thrown in: the refusal says which rule applies.
                    same = dealer == hands[-1].dealer
                    raise RecordError.refusal(
                        "wrong_dealer.same" if same else "wrong_dealer", {"dealer": dealer}
                    )
            hand = _play_hand(engine, players, options, hand_obj)
            if not hand.is_over and number < len(hand_objs) - 1:
                raise _fault(
                    "malformed.unfinished", "only the last hand of a game may be unfinished"
                )
        except RecordError as exc:
            exc.hand = number
            raise
        hands.append(hand)
        if hand.is_over:
            totals, winners, played = add_hand(
                engine, totals, hand, options, hand_limit=hand_limit, hands_played=played
            )
        rows.append(list(totals))
    return hands, rows, winners


def replay(record: Any, render=None) -> dict[str, Any]:
    """The replay command's line for one parsed record: a summary, or an error object whose
    reason is worded by `render(message_id, params)` when given (games.refusals)."""
    try:
        if not isinstance(record, dict):
            raise _fault("malformed.record_object", "a record must be a JSON object")
        if record.get("format") == GAME_FORMAT:
            _hands, rows, winners = load_game(record)
            return {"totals": rows, "winner": winners}
        if record.get("format") != HAND_FORMAT:
            raise _fault(
                "malformed.format_either",
                f"format must be {HAND_FORMAT!r} or {GAME_FORMAT!r}",
                format=HAND_FORMAT,
                other=GAME_FORMAT,
            )
        return load_hand(record).summary()
    except RecordError as exc:
        return exc.as_json(render)


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _fault("malformed.duplicate_key", f"duplicate key {key!r} in an object", key=key)
        out[key] = value
    return out


# No record nests deeper than a game record's card lists (about 6 levels); anything far deeper is
# refused before it is looked at, so nothing recurses through it.
MAX_DEPTH = 32


def _too_deep(value: Any) -> bool:
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        if isinstance(item, dict):
            stack.extend((child, depth + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, depth + 1) for child in item)
    return False


# What Python's JSON parser found wrong (the start of JSONDecodeError.msg) -> the message id
# of its sentence; anything else is "malformed.json".
_JSON_FAULTS = (
    ("Expecting value", "malformed.json_value"),
    ("Expecting property name", "malformed.json_key"),
    ("Expecting ':'", "malformed.json_colon"),
    ("Expecting ','", "malformed.json_comma"),
    ("Illegal trailing comma", "malformed.json_trailing_comma"),
    ("Unterminated string", "malformed.json_string"),
    ("Invalid control character", "malformed.json_control"),
    ("Invalid \\", "malformed.json_escape"),
    ("Extra data", "malformed.json_extra"),
)
BOM = "\ufeff"


def _json_fault(exc: json.JSONDecodeError) -> RecordError:
    message_id = next((m for start, m in _JSON_FAULTS if exc.msg.startswith(start)), None)
    return _fault(
        message_id or "malformed.json",
        f"not valid JSON: {exc.msg} at line {exc.lineno}",
        line=exc.lineno,
        column=exc.colno,
    )


def _too_deep_fault() -> RecordError:
    return _fault(
        "malformed.too_deep",
        f"not a record: nested more than {MAX_DEPTH} levels deep",
        depth=MAX_DEPTH,
    )


def parse_text(text: str) -> Any:
    """Parse a record's JSON strictly (a repeated key is an error); RecordError on a fault,
    including JSON nested deeper than MAX_DEPTH or a number too long to read. A leading UTF-8
    byte-order mark is skipped (RFC 8259 lets a reader ignore it; editors on Windows write one),
    wherever the text came from: a file, a pasted record or a request's body."""
    if text.startswith(BOM):
        text = text[len(BOM) :]
    try:
        parsed = json.loads(text, object_pairs_hook=_no_duplicate_keys)
    except json.JSONDecodeError as exc:
        raise _json_fault(exc) from None
    except RecordError:
        raise
    except RecursionError:
        raise _too_deep_fault() from None
    except ValueError:  # an integer of more digits than Python converts (4300)
        raise _fault(
            "malformed.number_too_long", "not a record: a number in it is too long"
        ) from None
    if _too_deep(parsed):
        raise _too_deep_fault()
    return parsed


def replay_text(text: str, render=None) -> dict[str, Any]:
    """The replay command's line for one record's text (`render` as for `replay`)."""
    try:
        record = parse_text(text)
    except RecordError as exc:
        return exc.as_json(render)
    return replay(record, render)
