"""Table options described for people: what the create-table form shows, and its validation.

For each game, every option of the engine's `Options` has a key, a label, one sentence that
explains it to players, its choices (value and label) and its default. The defaults are read from
the engine, and `tests/games/test_options.py` checks that every choice is one the engine accepts,
so the descriptions cannot drift from the rules.

    option_fields(game, players=None)      the options to offer (some need a player count)
    options_from_form(game, players, data) the engine's Options, or OptionsError naming fields
    form_value(value) / parse_value(field, raw)  an option value as form text, and back
    option_summary(game, options)          a table's options in words, for its page
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from kookaburra.choices import Game

from .engines import engine_for, five_hundred, pitch


@dataclass(frozen=True)
class OptionChoice:
    value: Any
    label: str

    @property
    def form_value(self) -> str:
        return form_value(self.value)


@dataclass(frozen=True)
class OptionField:
    key: str
    label: str
    help: str
    choices: tuple[OptionChoice, ...]
    default: Any
    players: tuple[int, ...] | None = None  # offered only for these player counts

    @property
    def default_form_value(self) -> str:
        return form_value(self.default)

    def choice_label(self, value: Any) -> str:
        for choice in self.choices:
            if _same(choice.value, value):
                return choice.label
        return form_value(value)

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "label": self.label,
            "help": self.help,
            "choices": [{"value": c.value, "label": c.label} for c in self.choices],
            "default": self.default,
            "players": list(self.players) if self.players else None,
        }


class OptionsError(ValueError):
    """Options that the rules do not allow. `errors` maps an option key (or "" for the whole
    set) to a message for people."""

    def __init__(self, errors: dict[str, str]):
        self.errors = errors
        super().__init__("; ".join(errors.values()))


def form_value(value: Any) -> str:
    """The text a form uses for an option value (true/false/null, numbers, words)."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return str(value)


def _same(a: Any, b: Any) -> bool:
    return type(a) is type(b) and a == b


def _c(value: Any, label: str) -> OptionChoice:
    return OptionChoice(value, label)


_FIVE_HUNDRED = (
    (
        "misere",
        "Misère bids",
        "Whether misère, open misère and blind misère may be bid at all.",
        (_c(True, "Allowed"), _c(False, "Not allowed")),
        None,
    ),
    (
        "misere_needs_seven",
        "Misère needs a seven bid",
        "Whether misère may be bid only after someone has bid seven or more.",
        (_c(True, "Only after a bid of seven"), _c(False, "At any time")),
        None,
    ),
    (
        "misere_rank",
        "Where misère ranks",
        "Where plain misère sits in the order of bids.",
        (
            _c("after_7nt", "Between 7 no-trumps and 8 spades"),
            _c("after_8s", "Between 8 spades and 8 clubs"),
        ),
        None,
    ),
    (
        "joker_lead",
        "Leading the Joker",
        "When the Joker may be led in no-trumps and misère, and which suit it then names.",
        (
            _c("unled_suit", "Any time, naming a suit not yet led"),
            _c("last_trick", "Only in the last trick"),
        ),
        None,
    ),
    (
        "final_raise",
        "Final raise",
        "Whether the high bidder may raise once more after everyone else has passed.",
        (_c(True, "Allowed"), _c(False, "Not allowed")),
        None,
    ),
    (
        "trick_points_cap",
        "Defenders' trick points near the target",
        "Whether tricks won against the contractor can take a side above 490 or 480.",
        (_c(None, "No limit"), _c(490, "Never above 490"), _c(480, "Never above 480")),
        None,
    ),
    (
        "bidding",
        "Bidding",
        "Whether the auction goes on until all but one have passed, or one round only.",
        (_c("until_passed", "Until all but one have passed"), _c("one_round", "One round only")),
        None,
    ),
    (
        "target",
        "Game to",
        "The total a side needs to reach by making a contract to win the game.",
        (_c(500, "500"),),
        None,
    ),
)

_PITCH = (
    (
        "target",
        "Game to",
        "The score a pitcher must reach on a bid they make to win the game.",
        (_c(7, "7"), _c(11, "11"), _c(15, "15"), _c(21, "21")),
        None,
    ),
    (
        "partnerships",
        "Partnerships",
        "Whether four players play as two partnerships, partners opposite, pooling what they win.",
        (_c(False, "Each for themselves"), _c(True, "Two partnerships")),
        (4,),
    ),
    (
        "low",
        "Low goes to",
        "Who scores the point for the lowest trump in play.",
        (_c("winner", "Whoever wins it in a trick"), _c("holder", "Whoever was dealt it")),
        None,
    ),
    (
        "all_pass",
        "When nobody bids",
        "What happens when everyone before the dealer passes.",
        (
            _c("stick_dealer", "The dealer must bid at least 2"),
            _c("redeal_same", "Throw in; the same dealer deals again"),
            _c("redeal_next", "Throw in; the next dealer deals"),
        ),
        None,
    ),
    (
        "dealer_steal",
        "Dealer's steal",
        "Whether the dealer may take the bid by bidding the current high bid.",
        (
            _c("up_to_3", "Bids of 1 to 3"),
            _c("including_4", "Any bid (a 4 by pitching a card)"),
            _c("never", "Never"),
        ),
        None,
    ),
    (
        "min_bid",
        "Lowest bid",
        "The smallest bid anyone may make.",
        (_c(1, "1"), _c(2, "2")),
        None,
    ),
    (
        "win",
        "Who can win",
        "Who goes out when a hand takes players to the target.",
        (
            _c("pitcher_only", "Only a pitcher who makes the bid"),
            _c("pitcher_first_hljg", "The pitcher first, then others by High, Low, Jack, Game"),
            _c("highest_over_target", "The single highest total at or above the target"),
        ),
        None,
    ),
    (
        "smudge",
        "Smudge",
        "Whether making a bid of 4 wins the game at once.",
        (_c(False, "No"), _c(True, "A made bid of 4 wins the game")),
        None,
    ),
)


def _build(engine, rows) -> tuple[OptionField, ...]:
    defaults = engine.Options()
    return tuple(
        OptionField(key, label, help_text, choices, getattr(defaults, key), players)
        for key, label, help_text, choices, players in rows
    )


OPTION_FIELDS: dict[str, tuple[OptionField, ...]] = {
    Game.FIVE_HUNDRED: _build(five_hundred, _FIVE_HUNDRED),
    Game.PITCH: _build(pitch, _PITCH),
}


def _fields_for(game: str) -> tuple[OptionField, ...]:
    try:
        return OPTION_FIELDS[game]
    except KeyError:
        raise OptionsError({"game": f"Unknown game {game!r}."}) from None


def option_fields(game: str, players: int | None = None) -> list[OptionField]:
    """The options to offer for `game` (with `players`, only those that apply)."""
    return [
        f for f in _fields_for(game) if players is None or f.players is None or players in f.players
    ]


def parse_value(field: OptionField, raw: Any) -> Any:
    """The option value `raw` (form text or the value itself) stands for; OptionsError if none."""
    for choice in field.choices:
        if _same(choice.value, raw) or (isinstance(raw, str) and raw == choice.form_value):
            return choice.value
    allowed = ", ".join(c.label for c in field.choices)
    raise OptionsError({field.key: f"{field.label}: choose one of {allowed}."})


def options_from_form(game: str, players: int, data) -> Any:
    """The engine's Options for a create-table form's data (a dict or QueryDict).

    Each option's value may be the form text ("true", "490", "null") or the value itself; an
    absent option takes its default, keys that are not options are ignored. The engine checks
    the result (for instance, partnerships need four players). Raises OptionsError.
    """
    fields = _fields_for(game)
    engine = engine_for(game)
    if players not in engine.PLAYER_COUNTS:
        counts = ", ".join(str(n) for n in engine.PLAYER_COUNTS)
        raise OptionsError({"players": f"{Game(game).label} is played by {counts} players."})
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for field in fields:
        if field.key not in data:
            continue
        raw = data.get(field.key)
        if raw is None or raw == "":
            continue
        try:
            values[field.key] = parse_value(field, raw)
        except OptionsError as exc:
            errors.update(exc.errors)
    if errors:
        raise OptionsError(errors)
    return validate_options(game, players, values)


def validate_options(game: str, players: int, values: dict[str, Any]) -> Any:
    """Strictly check an options object (record form) with the engine; OptionsError if not."""
    engine = engine_for(game)
    if not isinstance(values, dict):
        raise OptionsError({"": "Options must be an object."})
    keys = [f.key for f in _fields_for(game)]
    unknown = sorted(set(values) - set(keys))
    if unknown:
        raise OptionsError({"": f"There is no {Game(game).label} option {unknown[0]!r}."})
    try:
        return engine.Options.from_dict(dict(values), players=players)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        # The engine names the option it refuses; file the message under the first one named.
        found = [(message.find(key), key) for key in keys if key in message]
        key = min(found)[1] if found else ""
        text = message[:1].upper() + message[1:]
        raise OptionsError({key: text if text.endswith(".") else text + "."}) from None


def option_summary(game: str, options: dict[str, Any] | Any) -> list[dict[str, Any]]:
    """A table's options in words: key, label, the chosen value's label, and whether it is the
    rules' default (pages show the differences first)."""
    if dataclasses.is_dataclass(options):
        options = {f.name: getattr(options, f.name) for f in dataclasses.fields(options)}
    out = []
    for field in _fields_for(game):
        value = options.get(field.key, field.default)
        out.append(
            {
                "key": field.key,
                "label": field.label,
                "value": value,
                "value_label": field.choice_label(value),
                "is_default": _same(value, field.default),
            }
        )
    return out
