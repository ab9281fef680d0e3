"""Refusals in words: the engines' `IllegalAction(code, params)` as a sentence people read.

The rules engines refuse an action with a stable `code` ("must_follow"), a message id (the code,
or "code.variant" when one code covers several sentences) and language-neutral `params` (card
codes, suit letters, record calls, action kinds, steps, seats and numbers); see
games/engines/base.py. This module holds the sentences, translatable, and fills them in the
active language:

    refusal_message("must_follow", {"suit": "H", "held": ["QH"]})
        -> "You must follow hearts: you hold Q♥"
    refusal_text(exc)                an IllegalAction (or anything with message_id and params)
    malformed_text(exc)              why input isn't an action (cards.Malformed), worded
    problem_text(problem)            a deal audit's problem (games.engines.deals.Problem), worded
    record_error_text(exc)           a RecordError's reason, worded when it is a refusal

Every caller that shows a refusal to people (games.errors.IllegalMove, the pages, the API, the
replay command and pages) words it here; the API keeps `code` and puts the sentence in `detail`.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.dates import listed, semicolon

from .engines.cards import parse_card
from .engines.five_hundred_notation import call_text as five_hundred_call_text
from .engines.notation import card_text

# message id -> sentence; {names} are filled from the refusal's params, worded below.
MESSAGES: dict[str, Any] = {
    # malformed: not an action this game knows, or a shape the rules never take
    "malformed": _("That is not an action"),
    "malformed.no_kind": _("There is no {kind} in {game}"),
    "malformed.sans_kitty": _("Pitch has no kitty: a bid cannot be sans kitty"),
    "malformed.pass_sans_kitty": _("A pass cannot be sans kitty"),
    "malformed.one_card": _("A Pitch action names at most one card"),
    "malformed.pitch_call": _("A bid in Pitch is 1, 2, 3 or 4 (or pass), not {call!r}"),
    "malformed.five_hundred_call": _("{call!r} is not a Five Hundred call"),
    "malformed.pitch_play_suit": _("A play in Pitch names only its card"),
    "malformed.pitch_no_card": _("Pitch a card from your hand"),
    "malformed.not_card": _("{card!r} is not a card"),
    # the shape of an action, a card or a suit (games.engines.cards.Malformed), after
    # "That isn't an action: …"
    "malformed.not_object": _("an action must be an object"),
    "malformed.seat": _("an action needs a whole-number seat"),
    "malformed.one_kind": _("an action must have exactly one of: {kinds}"),
    "malformed.unknown_key": _("unknown key {key!r} in a {kind_key} action"),
    "malformed.call_text": _("a call must be a string"),
    "malformed.sans_kitty_bool": _("sans_kitty must be true or false"),
    "malformed.discard_list": _("a discard must be a list of cards"),
    "malformed.card_type": _("a card must be a string, not {value!r}"),
    "malformed.not_suit": _("{suit_text!r} is not a suit (S, C, D or H)"),
    "malformed.suit_not_joker": _("You name a suit only when you lead the free Joker"),
    "malformed.nominate_suit": _("Nominate a suit: S, C, D or H"),
    # a hand or game record's own shape (games/engines/records.py), after "action N:" or alone
    "malformed.players": _("players must be a whole number"),
    "malformed.player_count": _("{game} is played by {counts} players, not {players}"),
    "malformed.options": _("options must be an object"),
    "malformed.unknown_key_in_hand_record": _("unknown key {key!r} in a hand record"),
    "malformed.unknown_key_in_game_record": _("unknown key {key!r} in a game record"),
    "malformed.unknown_key_in_game_hand": _("unknown key {key!r} in a hand of a game record"),
    "malformed.hand_object": _("a hand must be an object"),
    "malformed.dealer": _("dealer must be a seat from 0 to {last}"),
    "malformed.actions_list": _("actions must be a list"),
    "malformed.commitment": _("commitment must be 64 hex digits"),
    "malformed.record_object": _("a record must be a JSON object"),
    "malformed.format": _("format must be {format!r}"),
    "malformed.format_either": _("format must be {format!r} or {other!r}"),
    "malformed.hand_limit": _("hand_limit must be a whole number of hands, at least 1"),
    "malformed.game_hands": _("a game record needs a list of hands"),
    "malformed.unfinished": _("only the last hand of a game may be unfinished"),
    "malformed.unknown_game": _("unknown game {name!r}: expected {one} or {other}"),
    # a record's text (records.parse_text): {line} and {column} count from 1
    "malformed.json": _("not valid JSON (line {line}, column {column})"),
    "malformed.json_value": _(
        "not valid JSON: a value was expected at line {line}, column {column}"
    ),
    "malformed.json_key": _(
        "not valid JSON: a key in double quotes was expected at line {line}, column {column}"
    ),
    "malformed.json_colon": _(
        "not valid JSON: a colon (:) was expected after a key at line {line}, column {column}"
    ),
    "malformed.json_comma": _(
        "not valid JSON: a comma or a closing bracket was expected at line {line}, column {column}"
    ),
    "malformed.json_trailing_comma": _(
        "not valid JSON: a comma before a closing bracket at line {line}, column {column}"
    ),
    "malformed.json_string": _(
        "not valid JSON: the text in quotes that starts at line {line}, column {column} is "
        "never closed"
    ),
    "malformed.json_control": _(
        "not valid JSON: a tab, line break or other control character inside quotes at line "
        "{line}, column {column}"
    ),
    "malformed.json_escape": _(
        "not valid JSON: an escape (a backslash and what follows it) that JSON does not have "
        "at line {line}, column {column}"
    ),
    "malformed.json_extra": _(
        "not valid JSON: something follows the end of the record at line {line}, column {column}"
    ),
    "malformed.duplicate_key": _("duplicate key {key!r} in an object"),
    "malformed.too_deep": _("not a record: nested more than {depth} levels deep"),
    "malformed.number_too_long": _("not a record: a number in it is too long"),
    # a deal's audit against its seed and commitment (games/engines/deals.py, DEALS.md)
    "malformed.audit": _("the deal fails its audit: {problems}"),
    "malformed.audit_in_hand": _("hand {number}: {problem}"),
    "malformed.audit_seed_hex": _("the seed must be hex digits"),
    "malformed.audit_seed_empty": _("the seed is empty"),
    "malformed.audit_commitment": _("the seed does not match the commitment"),
    "malformed.audit_dealer": _("the record names dealer {named!r}, not {dealer}"),
    "malformed.audit_seed_no_deal": _("the seed gives no deal: {problem}"),
    "malformed.audit_unreadable": _("the record does not describe a deal that can be checked"),
    "malformed.audit_no_deal": _("the record holds no deal"),
    "malformed.audit_no_hands": _("the record has no hands"),
    "malformed.audit_no_kitty": _("the record has no kitty"),
    "malformed.audit_no_dead": _("the record has no dead hand (dead)"),
    "malformed.audit_extra_kitty": _("the game deals no kitty"),
    "malformed.audit_extra_dead": _("the game deals no dead hand (dead)"),
    "malformed.audit_hand_count": _("the record's hands are not {count} hands"),
    "malformed.audit_seat": _("seat {seat} was dealt {dealt}; the seed deals {deals}"),
    "malformed.audit_kitty": _("the kitty is {dealt}; the seed deals {deals}"),
    "malformed.audit_dead": _("the dead hand is {dealt}; the seed deals {deals}"),
    "malformed.audit_game": _("the record names no game we play"),
    "malformed.audit_seed_outside": _(
        "give the seed and commitment inside each hand of a game record"
    ),
    "malformed.audit_no_seed": _("the record has no seed to check"),
    "malformed.audit_no_commitment": _("the record has no commitment to check the seed against"),
    # a game's options (the engines' Options.from_dict)
    "malformed.option_bool": _("option {option} must be true or false"),
    "malformed.option_cap": _("option trick_points_cap must be null, 490 or 480"),
    "malformed.option_target": _(
        "option target must be a whole number of points from 100 to 10000"
    ),
    "malformed.unknown_option": _("unknown {game} option {key!r}"),
    "malformed.option_choice": _("option {option} must be one of {choices}, not {value}"),
    "malformed.partnerships": _("partnerships need exactly 4 players, not {players}"),
    # a record's deal (the engines' Hand.from_deal)
    "malformed.deal_object": _("the deal must be an object"),
    "malformed.deal_key": _("unknown key {key!r} in a Five Hundred deal"),
    "malformed.pitch_deal_key": _("a Pitch deal has no {key!r}: only hands"),
    "malformed.deal_hands": _("a Five Hundred hand record needs hands"),
    "malformed.deal_kitty": _("a Five Hundred hand record needs the kitty"),
    "malformed.deal_dead": _("two-player Five Hundred needs the dead hand (dead)"),
    "malformed.deal_no_dead": _("only two-player Five Hundred has a dead hand"),
    "malformed.deal_hand_list": _("hands must be a list of {players} hands, one a seat"),
    "malformed.deal_cards": _("{where} must be a list of cards"),
    "malformed.deal_size": _("{where} must hold {size} cards, not {count}"),
    "malformed.deal_seat_size": _("seat {seat} must be dealt exactly {size} cards"),
    "malformed.deal_card": _("{where}: {card!r} is not a card"),
    "malformed.dealt_twice": _("{card} is dealt twice"),
    "malformed.not_in_pack": _("{card} is not in the {players}-player pack ({size} cards)"),
    "malformed.not_in_pitch_pack": _("{card} is not in the 52-card pack Pitch uses"),
    "malformed.deal_lacks": _("the deal lacks {card}"),
    "hand_over.record": _("the hand is already over"),
    "game_over.hand_limit": _("the game was over at its hand limit ({count}), before this hand"),
    "game_over.won": _("the game was already won before this hand"),
    "no_such_seat": _("There is no seat {seat} at a {players}-player table"),
    "not_your_turn": _("It is not your turn: seat {turn} is to {doing}"),
    "not_your_turn.sits_out": _("Seat {seat} sits out this misère hand"),
    "hand_over": _("The hand is over"),
    "game_over": _("The game is over"),
    # not_allowed_now: a real action of the game, but not at this point of the hand
    "not_allowed_now": _("You cannot {kind} now: you must {needed}"),
    "not_allowed_now.auction": _("The auction is not over yet: pass, bid or pitch a card"),
    "not_allowed_now.auction_over": _("The auction is over: you must {needed}"),
    "not_allowed_now.nominate": _(
        "Only the contractor may nominate the Joker's suit, in no-trumps or misère, "
        "before the first lead: now you must {needed}"
    ),
    "not_allowed_now.nominate_trumps": _(
        "The Joker's suit is nominated only in no-trumps or misère"
    ),
    "not_allowed_now.nominate_contractor": _("Only the contractor may nominate the Joker's suit"),
    "not_allowed_now.nominated": _("You have already nominated the Joker's suit"),
    "not_allowed_now.nominate_late": _("The Joker's suit must be nominated before the first lead"),
    "not_allowed_now.joker_last": _("The Joker may be led only in the last trick"),
    "not_allowed_now.joker_all_led": _(
        "All four suits have been led: the Joker may not be led until the last trick"
    ),
    "card_not_held": _("You do not hold {card}"),
    "card_not_held.none": _("You do not hold that card"),
    "card_not_held.joker": _("You do not hold the Joker"),
    "must_follow": _("You must follow {suit}: you hold {held}"),
    "must_follow.trumps": _("You must follow trumps ({suit}): you hold {held}"),
    "must_follow.or_trump": _("You must follow {suit} or play a trump: you hold {held}"),
    "must_follow.misere_joker": _("You have no {suit}, so in misère you must play the Joker"),
    "bid_too_low": _("Your bid must be higher than {high}"),
    "bid_too_low.no_steal": _(
        "Your bid must be higher than {high}: the dealer may not steal at this table"
    ),
    "bid_too_low.min_bid": _("The lowest bid at this table is {lowest}"),
    "bid_too_low.stuck": _("The dealer must bid at least {lowest} when nobody else has bid"),
    "bid_too_low.call": _("Your call must be higher than {high}: {call} is not"),
    "must_bid": _("The dealer must bid at least {lowest} when nobody else has bid"),
    "must_pass": _("A 4 has been called: you can only pass"),
    "misere_not_allowed": _("Misère may be bid only after someone has bid seven or more"),
    "misere_not_allowed.off": _("This table plays without misère"),
    "misere_not_allowed.blind_first": _("Blind misère may be bid only as your first call"),
    "misere_not_allowed.looked": _(
        "You have looked at your cards, so blind misère is no longer open to you"
    ),
    "bad_discard": _("You must discard exactly three cards, not {count}"),
    "bad_discard.twice": _("You cannot discard {card} twice"),
    "bad_card": _("{card} is not in the pack"),
    "bad_card.joker": _("You may call any card but the Joker"),
    "joker_suit": _("The Joker must name a suit not yet led this hand: {suits}"),
    "joker_suit.missing": _("Name a suit for the Joker when you lead it"),
    "wrong_dealer": _("the dealer must be seat {dealer}, to the left of the previous dealer"),
    "wrong_dealer.same": _(
        "the dealer must be seat {dealer}: the same dealer deals again after a hand thrown in"
    ),
}

SUIT_WORDS = {"S": _("spades"), "C": _("clubs"), "D": _("diamonds"), "H": _("hearts")}
GAME_WORDS = {"five_hundred": _("Five Hundred"), "pitch": _("Pitch")}
# What the seat to act must do, by its step (games/engines/view.py), after "you must …" / "is to …"
NEEDED_WORDS = {
    "bid": _("call (bid or pass)"),
    "discard": _("discard three cards"),
    "call_partner": _("call a partner's card"),
    "play": _("play a card"),
}
DOING_WORDS = {
    "bid": _("call"),
    "discard": _("discard"),
    "call_partner": _("call a partner's card"),
    "play": _("play"),
}
# An action kind, after "You cannot …" / "There is no …"
KIND_WORDS = {
    "call": _("call"),
    "pitch": _("pitch"),
    "discard": _("discard"),
    "call_partner": _("call partner"),
    "nominate": _("nominate"),
    "play": _("play"),
}
KIND_NOUNS = dict(KIND_WORDS, pitch=_("pitching"))
MISERE_WORDS = {
    "misere": _("misère"),
    "open_misere": _("open misère"),
    "blind_misere": _("blind misère"),
    "pass": _("pass"),
}


def card_words(code: Any) -> str:
    """A card code as players read it (`Q♥`, `the Joker` → "Joker"); anything else as given."""
    if code == "JK":
        return gettext("Joker")
    if isinstance(code, str) and len(code) >= 2 and code[-1] in SUIT_WORDS:
        return card_text(code)
    return str(code)


def call_words(call: str) -> str:
    """A Five Hundred record call in words: `7♥`, `8 no-trumps`, `open misère`, `pass`."""
    if call in MISERE_WORDS:
        return str(MISERE_WORDS[call])
    if call.endswith("NT"):
        return gettext("%(tricks)s no-trumps") % {"tricks": call[:-2]}
    return five_hundred_call_text(call)


def _listed(words: list[str]) -> str:
    return listed(words)


def _cards_words(cards: Any) -> str:
    """Cards as a record gives them (any case, `T` for 10), each in players' words; anything
    that is no card as it was written."""
    if not isinstance(cards, list):
        return repr(cards)
    out = []
    for code in cards:
        try:
            out.append(card_words(str(parse_card(code))))
        except ValueError:
            out.append(repr(code))
    return _listed(out)


def _nested(problem: Any) -> str:
    """A message inside another (a deal audit's problem), worded as its own."""
    if isinstance(problem, dict) and "message_id" in problem:
        return refusal_message(problem["message_id"], problem.get("params"))
    return str(problem)


def _word(table: dict[str, Any], value: Any) -> str:
    return str(table[value]) if value in table else str(value)


def _worded(message_id: str, params: dict[str, Any]) -> dict[str, Any]:
    """The params, each as words in the active language."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key == "suit":
            out[key] = _word(SUIT_WORDS, value)
        elif key == "suits":
            out[key] = _listed([_word(SUIT_WORDS, s) for s in value])
        elif key == "held":
            out[key] = _listed([card_words(c) for c in value])
        elif key == "card" and not message_id.startswith("malformed"):
            out[key] = card_words(value)
        elif key in ("high", "call") and message_id == "bid_too_low.call":
            out[key] = call_words(value)
        elif key == "game":
            out[key] = _word(GAME_WORDS, value)
        elif key == "needed":
            out[key] = _word(NEEDED_WORDS, value)
        elif key == "doing":
            out[key] = _word(DOING_WORDS, value)
        elif key in ("dealt", "deals"):
            out[key] = _cards_words(value)
        elif key == "problem":
            out[key] = _nested(value)
        elif key == "problems":
            out[key] = f"{semicolon()} ".join(_nested(p) for p in value)
        elif key in ("counts", "kinds", "choices"):
            out[key] = _listed([str(v) for v in value])
        elif key == "kind":
            table = KIND_NOUNS if message_id == "malformed.no_kind" else KIND_WORDS
            out[key] = _word(table, value)
        else:
            out[key] = value
    return out


def refusal_message(message_id: str, params: dict[str, Any] | None = None) -> str:
    """The sentence for a refusal's message id and params, in the active language."""
    template = MESSAGES.get(message_id) or MESSAGES.get(message_id.partition(".")[0])
    if template is None:
        return message_id
    return str(template).format(**_worded(message_id, params or {}))


def refusal_text(exc) -> str:
    """An IllegalAction (or IllegalMove) as a sentence in the active language."""
    return refusal_message(exc.message_id, exc.params)


def malformed_text(exc) -> str:
    """Why input isn't an action (a games.engines.cards.Malformed), in the active language; any
    other ValueError as it reads."""
    message_id = getattr(exc, "message_id", None)
    if message_id is None:
        return str(exc)
    return refusal_message(message_id, exc.params)


def problem_text(problem) -> str:
    """A deal audit's problem (games.engines.deals.Problem) in the active language; anything
    else as it reads."""
    return malformed_text(problem)


def record_error_text(exc) -> str:
    """A RecordError's reason: worded here when it is a refusal, else the record's fault."""
    return exc.describe(refusal_message)
