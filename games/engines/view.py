"""The one view schema both games' engines give: what a seat (or a spectator) may see of a hand.

`hand.view_for(seat)` and `hand.public_view()` return a `HandView`; `game_view(...)` (used by
`Game.view_for` and by the site for a table) adds the game-level keys of a `GameView`. Every key
below means the same thing in Five Hundred and in Pitch; keys one game alone has are listed at the
end as that game's extras. Everything is JSON-ready: seats are ints `0 … players-1`, cards are
card codes (`"10H"`, `"JS"`, `"JK"`), suits are letters `S C D H`, calls are record calls
(`"7H"`, `"8NT"`, `"misere"`, `"pass"`, Pitch `"1"`–`"4"`). Nothing here is words for people.

Shared keys
-----------
    game          "five_hundred" or "pitch"
    players       the number of seats
    seat          whose view this is; None for the public (spectator) view
    dealer        the dealer's seat
    phase         where the hand is, a `Phase` code: "auction", "discard", "call_partner",
                  "play", "complete", "thrown_in"
    step          what `seat` is asked to do now (see Steps below)
    to_act        the seat whose turn it is; None once the hand is over
    hand          `seat`'s own cards in display order; None in the public view and while
                  `hand_hidden`
    hand_hidden   True while `seat` has not looked at its cards and may still bid blind misère
                  (Five Hundred; always False in Pitch)
    hand_sizes    how many cards each seat holds now, one figure a seat
    legal         `seat`'s legal actions as hand-record action objects (shared/hand-records.md),
                  empty unless `seat` is to act. Five Hundred lists a bid once (any bid may add
                  `"sans_kitty": true`); its discard is one entry {"seat", "discard": 3, "from"}.
    auction       every call so far, in order, as hand-record action objects: {"seat", "call"}
                  (Five Hundred adds "sans_kitty"), Pitch also {"seat", "pitch": card}
    passed        the seats that have passed in this auction
    high_bid      the highest call so far, {"seat", "call"} (Five Hundred adds "sans_kitty"); None
                  before anyone bids. A Pitch pitch is the call "4".
    contract      None until the auction is won; then {"seat", "call", "trump", "made"}: the
                  contractor (Pitch: the pitcher), the winning call, the trump suit letter (None
                  in no-trumps and misère, and in Pitch until the first card is led) and whether
                  it was made (None until the hand is complete)
    trump         the trump suit letter, or None (no trumps, misère, no contract yet, or Pitch
                  before the first lead)
    trick         the trick being played, or None outside the play: {"leader", "led", "cards"}:
                  the seat that leads it (the seat to lead, while no card is down), the suit
                  letter led (None while no card is down) and the cards so far, in order, each
                  {"seat", "card"} (a Five Hundred Joker led naming a suit adds "suit")
    last_trick    the last complete trick, {"leader", "led", "cards", "winner"}, or None
    history       every complete trick in order, each shaped like `last_trick`
    tricks_won    the tricks each seat has won so far, one count a seat
    tricks_played how many tricks are complete
    sides         the seats that score together: [[0, 2], [1, 3]], or one list a seat. Fixed for
                  the game (five-player Five Hundred's partnership of a hand is `called_partner`)
    scores        what the hand adds to each seat's total (zeros until it is complete; a seat's
                  partners show the same figure)
    target        the total that wins the game (the table's `target` option)

Game-level keys (`GameView`, from `game_view`)
----------------------------------------------
    totals        each seat's running total, every finished hand counted
    hand_number   1 for the first hand of the game, and so on
    winners       the winning seats once the game is over, else None
    hand_limit    the fixed number of hands the game is played for, or None (played to target)

Steps
-----
`step` says what `seat` is asked to do now, so no consumer has to guess it from `legal`:

    "bid"           call in the auction: pass, a bid, a misère call; Pitch also pitch a card
    "discard"       Five Hundred: the contractor took the kitty and discards three cards
    "call_partner"  Five Hundred, five players: the contractor calls the partner's card
    "play"          play a card to the trick. Five Hundred: a free Joker led names its suit
                    (entries with "suit"), and the contractor of a no-trumps or misère hand may
                    also nominate the Joker's suit before the first lead (`nominate` entries)
    "wait"          another seat is to act (always, in the public view, while the hand is on)
    "none"          the hand is over (complete, or thrown in)

`legal` agrees with `step`: it is empty for "wait" and "none", and otherwise holds only the
actions of that step (`STEP_ACTIONS`).

Five Hundred's extras
---------------------
    final_raise     True while the high bidder is making the final raise
    joker_suit      the suit letter nominated for the Joker in no-trumps or misère, or None
    joker_lead      the table's rule for leading the free Joker ("unled_suit", "last_trick")
    sitting_out     the seat sitting out a misère hand (the contractor's partner), or None
    called_partner  five players: {"card", "seat"}: the called card, and its holder once shown
                    (at once to the holder, and to a contractor who holds or discarded it)
    exposed         open misère after the first trick: {"seat", "cards"}, else None
    suits_led       the suit letters led so far this hand (for the Joker's lead)
    kitty           the contractor's own view during the discard: the three kitty cards
    discards        the contractor's own view after the discard: the three cards discarded
    contract        adds "sans_kitty"; `auction` and `high_bid` entries carry "sans_kitty"

Pitch's extras
--------------
    options         the table options that differ from the defaults
    pitched         during the auction, the pitched card {"seat", "card"}, else None
    won             the cards each seat has taken in tricks (public: every card is played face up)
    game_points     each seat's game points so far
    captured        what the taken tricks show: {"highest_trump", "lowest_trump", "jack"}, each
                    {"seat", "card"} or None
    points          the seat that won High, Low, Jack and Game (all None until complete)
    contract        adds "bid" (the number bid, 1-4)
"""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from .base import PHASE_CODES, Phase

BID, DISCARD, CALL_PARTNER, PLAY, WAIT, NONE = (
    "bid",
    "discard",
    "call_partner",
    "play",
    "wait",
    "none",
)
STEPS = (BID, DISCARD, CALL_PARTNER, PLAY, WAIT, NONE)
Step = Literal["bid", "discard", "call_partner", "play", "wait", "none"]

# The action objects (by their key in shared/hand-records.md) each step's `legal` may hold.
STEP_ACTIONS: dict[str, frozenset[str]] = {
    BID: frozenset({"call", "pitch"}),
    DISCARD: frozenset({"discard"}),
    CALL_PARTNER: frozenset({"call_partner"}),
    PLAY: frozenset({"play", "nominate"}),
    WAIT: frozenset(),
    NONE: frozenset(),
}

# The step of the seat to act in each phase.
PHASE_STEPS: dict[Phase, str] = {
    Phase.AUCTION: BID,
    Phase.DISCARD: DISCARD,
    Phase.CALL_PARTNER: CALL_PARTNER,
    Phase.PLAY: PLAY,
    Phase.COMPLETE: NONE,
    Phase.THROWN_IN: NONE,
}
_PHASE_STEP_LIST = [PHASE_STEPS[p] for p in Phase]


def between_tricks(view: dict[str, Any]) -> bool:
    """Whether a trick has just been won and the next is not yet led (in the play, no card of
    the trick is down and `last_trick` holds the one just won)."""
    return (
        view.get("phase") == "play"
        and not (view.get("trick") or {}).get("cards")
        and view.get("last_trick") is not None
    )


def step_for(phase: int, to_act: int | None, seat: int | None) -> str:
    """The step of `seat` (None: the public view) when `to_act` is to act in `phase`."""
    if to_act is None:
        return NONE
    if seat is None or seat != to_act:
        return WAIT
    return _PHASE_STEP_LIST[phase]


class PlayedCard(TypedDict):
    seat: int
    card: str
    suit: NotRequired[str]  # Five Hundred: the suit a led free Joker names


class Trick(TypedDict):
    leader: int
    led: str | None
    cards: list[PlayedCard]


class DoneTrick(Trick):
    winner: int


class Bid(TypedDict):
    seat: int
    call: str
    sans_kitty: NotRequired[bool]  # Five Hundred


class Contract(TypedDict):
    seat: int
    call: str
    trump: str | None
    made: bool | None
    sans_kitty: NotRequired[bool]  # Five Hundred
    bid: NotRequired[int]  # Pitch


class HandView(TypedDict):
    """One seat's (or the public) view of a hand: see the module docstring for each key."""

    game: str
    players: int
    seat: int | None
    dealer: int
    phase: str
    step: Step
    to_act: int | None
    hand: list[str] | None
    hand_hidden: bool
    hand_sizes: list[int]
    legal: list[dict[str, Any]]
    auction: list[dict[str, Any]]
    passed: list[int]
    high_bid: Bid | None
    contract: Contract | None
    trump: str | None
    trick: Trick | None
    last_trick: DoneTrick | None
    history: list[DoneTrick]
    tricks_won: list[int]
    tricks_played: int
    sides: list[list[int]]
    scores: list[int]
    target: int


class GameView(HandView):
    """A hand's view inside its game (`game_view`)."""

    totals: list[int]
    hand_number: int
    winners: list[int] | None
    hand_limit: int | None


HAND_KEYS = frozenset(HandView.__annotations__)
GAME_KEYS = frozenset(GameView.__annotations__) - HAND_KEYS

FIVE_HUNDRED_EXTRAS = frozenset(
    {
        "final_raise",
        "joker_suit",
        "joker_lead",
        "sitting_out",
        "called_partner",
        "exposed",
        "suits_led",
        "kitty",
        "discards",
    }
)
PITCH_EXTRAS = frozenset({"options", "pitched", "won", "game_points", "captured", "points"})
EXTRAS = {"five_hundred": FIVE_HUNDRED_EXTRAS, "pitch": PITCH_EXTRAS}


def hand_view(
    hand,
    phase: int,
    *,
    hand_sizes: list[int],
    auction: list[dict[str, Any]],
    passed: list[int],
    high_bid: dict[str, Any] | None,
    contract: dict[str, Any] | None,
    trump: str | None,
    trick: dict[str, Any] | None,
    history: list[dict[str, Any]],
    tricks_won: list[int],
    sides: list[list[int]],
) -> dict[str, Any]:
    """The public view (`seat` None) of `hand` (in `phase`, its Phase as an int) with every
    shared key, in the schema's order; the hand gives its game, players, dealer, seat to act,
    scores and target. Engines add their extras, and `view_for` fills in the seat's own keys
    (seat, step, hand, legal, …)."""
    to_act = hand.to_act
    return {
        "game": hand.GAME,
        "players": hand.players,
        "seat": None,
        "dealer": hand.dealer,
        "phase": PHASE_CODES[phase],
        "step": step_for(phase, to_act, None),
        "to_act": to_act,
        "hand": None,
        "hand_hidden": False,
        "hand_sizes": hand_sizes,
        "legal": [],
        "auction": auction,
        "passed": passed,
        "high_bid": high_bid,
        "contract": contract,
        "trump": trump,
        "trick": trick,
        "last_trick": history[-1] if history else None,
        "history": history,
        "tricks_won": tricks_won,
        "tricks_played": len(history),
        "sides": sides,
        "scores": hand.scores(),
        "target": hand.options.target,
    }


def game_view(
    view: dict[str, Any],
    *,
    totals: list[int],
    hand_number: int,
    winners: list[int] | None = None,
    hand_limit: int | None = None,
) -> dict[str, Any]:
    """Add the game-level keys to a hand's view (in place; returns it)."""
    view["totals"] = list(totals)
    view["hand_number"] = hand_number
    view["winners"] = list(winners) if winners is not None else None
    view["hand_limit"] = hand_limit
    return view


class ViewError(ValueError):
    """A view that breaks the schema (what `check_view` found)."""


_PHASE_CODES = frozenset(p.code for p in Phase)
_SUIT_LETTERS = frozenset("SCDH")


def _seat_list(view, key: str, players: int) -> None:
    value = view[key]
    if not isinstance(value, list) or len(value) != players:
        raise ViewError(f"{key} must hold one figure a seat")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ViewError(f"{key} must hold whole numbers")


def _seat(value, players: int, key: str, none_ok: bool = True) -> None:
    if value is None and none_ok:
        return
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < players:
        raise ViewError(f"{key} must be a seat, not {value!r}")


def _check_trick(trick, players: int, key: str, done: bool) -> None:
    if not isinstance(trick, dict):
        raise ViewError(f"{key} must be an object")
    wanted = {"leader", "led", "cards"} | ({"winner"} if done else set())
    if set(trick) != wanted:
        raise ViewError(f"{key} must have exactly the keys {sorted(wanted)}")
    _seat(trick["leader"], players, f"{key}.leader", none_ok=False)
    if trick["led"] is not None and trick["led"] not in _SUIT_LETTERS:
        raise ViewError(f"{key}.led must be a suit letter")
    if done:
        _seat(trick["winner"], players, f"{key}.winner", none_ok=False)
    for entry in trick["cards"]:
        if not set(entry) <= {"seat", "card", "suit"} or not {"seat", "card"} <= set(entry):
            raise ViewError(f"{key}.cards entries are {{seat, card}} (and suit)")
        _seat(entry["seat"], players, f"{key}.cards.seat", none_ok=False)
    if trick["cards"] and trick["cards"][0]["seat"] != trick["leader"]:
        raise ViewError(f"{key}: the leader plays first")


def check_view(view: dict[str, Any], *, game_level: bool = False) -> None:
    """Raise ViewError unless `view` follows the schema (with the game-level keys when
    `game_level`): every shared key present with its kind of value, no key outside the schema
    and the game's extras, and `step` in agreement with `seat`, `to_act`, `phase` and `legal`."""
    game = view.get("game")
    if game not in EXTRAS:
        raise ViewError(f"unknown game {game!r}")
    wanted = HAND_KEYS | (GAME_KEYS if game_level else frozenset())
    missing = wanted - set(view)
    if missing:
        raise ViewError(f"missing keys: {sorted(missing)}")
    unknown = set(view) - wanted - EXTRAS[game]
    if unknown:
        raise ViewError(f"keys outside the schema: {sorted(unknown)}")
    players = view["players"]
    for key in ("hand_sizes", "tricks_won", "scores"):
        _seat_list(view, key, players)
    _seat(view["seat"], players, "seat")
    _seat(view["dealer"], players, "dealer", none_ok=False)
    _seat(view["to_act"], players, "to_act")
    if view["phase"] not in _PHASE_CODES:
        raise ViewError(f"unknown phase {view['phase']!r}")
    over = view["phase"] in ("complete", "thrown_in")
    if over != (view["to_act"] is None):
        raise ViewError("to_act is None exactly when the hand is over")
    step = view["step"]
    if step not in STEPS:
        raise ViewError(f"unknown step {step!r}")
    expected = step_for(Phase.from_code(view["phase"]), view["to_act"], view["seat"])
    if step != expected:
        raise ViewError(f"step {step!r} where {expected!r} was due")
    legal = view["legal"]
    if not isinstance(legal, list):
        raise ViewError("legal must be a list")
    if step in (WAIT, NONE):
        if legal:
            raise ViewError(f"legal must be empty at step {step!r}")
    else:
        if not legal:
            raise ViewError(f"step {step!r} with nothing legal")
        allowed = STEP_ACTIONS[step]
        for entry in legal:
            kinds = set(entry) & {"call", "pitch", "discard", "call_partner", "nominate", "play"}
            if len(kinds) != 1 or not kinds <= allowed or entry.get("seat") != view["seat"]:
                raise ViewError(f"{entry!r} is not an action of step {step!r}")
    hand = view["hand"]
    if view["seat"] is None and hand is not None:
        raise ViewError("the public view holds no cards in hand")
    if view["hand_hidden"] and hand is not None:
        raise ViewError("a hidden hand is None")
    if hand is not None and len(hand) != view["hand_sizes"][view["seat"]]:
        raise ViewError("hand and hand_sizes disagree")
    for key in ("auction", "history", "passed"):
        if not isinstance(view[key], list):
            raise ViewError(f"{key} must be a list")
    for seat in view["passed"]:
        _seat(seat, players, "passed", none_ok=False)
    for key in ("high_bid", "contract"):
        entry = view[key]
        if entry is not None:
            _seat(entry.get("seat"), players, f"{key}.seat", none_ok=False)
            if not isinstance(entry.get("call"), str):
                raise ViewError(f"{key}.call must be a call")
    contract = view["contract"]
    if contract is not None and not {"seat", "call", "trump", "made"} <= set(contract):
        raise ViewError("contract must have seat, call, trump and made")
    if view["trump"] is not None and view["trump"] not in _SUIT_LETTERS:
        raise ViewError("trump must be a suit letter or None")
    trick = view["trick"]
    if (trick is not None) != (view["phase"] == "play"):
        raise ViewError("trick is given exactly during the play")
    if trick is not None:
        _check_trick(trick, players, "trick", done=False)
    if view["last_trick"] is not None:
        _check_trick(view["last_trick"], players, "last_trick", done=True)
    for done in view["history"]:
        _check_trick(done, players, "history", done=True)
    if len(view["history"]) != view["tricks_played"]:
        raise ViewError("history holds every complete trick")
    if view["history"] and view["history"][-1] != view["last_trick"]:
        raise ViewError("last_trick is the last of history")
    if sum(view["tricks_won"]) != view["tricks_played"]:
        raise ViewError("tricks_won counts the complete tricks")
    seen = sorted(s for side in view["sides"] for s in side)
    if seen != list(range(players)):
        raise ViewError("sides hold every seat once")
    if not isinstance(view["target"], int):
        raise ViewError("target must be a number")
    if game_level:
        _seat_list(view, "totals", players)
        if not isinstance(view["hand_number"], int) or view["hand_number"] < 1:
            raise ViewError("hand_number counts from 1")
