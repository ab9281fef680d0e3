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

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from core.choices import Game

from .engines import engine_for, five_hundred, pitch
from .refusals import malformed_text


@dataclass(frozen=True)
class OptionChoice:
    value: Any
    words: Any  # the label, marked for translation (lazy): read `label` in the active language

    @property
    def label(self) -> str:
        return str(self.words)

    @property
    def form_value(self) -> str:
        return form_value(self.value)


@dataclass(frozen=True)
class OptionField:
    key: str
    label_words: Any  # lazy translations, read through `label` and `help`
    help_words: Any
    choices: tuple[OptionChoice, ...]
    default: Any
    players: tuple[int, ...] | None = None  # offered only for these player counts

    @property
    def label(self) -> str:
        return str(self.label_words)

    @property
    def help(self) -> str:
        return str(self.help_words)

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
        _("Misère bids"),
        _("Whether misère, open misère and blind misère may be bid at all."),
        (_c(True, _("Allowed")), _c(False, _("Not allowed"))),
        None,
    ),
    (
        "misere_needs_seven",
        _("Misère needs a seven bid"),
        _("Whether misère may be bid only after someone has bid seven or more."),
        (_c(True, _("Only after a bid of seven")), _c(False, _("At any time"))),
        None,
    ),
    (
        "misere_rank",
        _("Where misère ranks"),
        _("Where plain misère sits in the order of bids."),
        (
            _c("after_7nt", _("Between 7 no-trumps and 8 spades")),
            _c("after_8s", _("Between 8 spades and 8 clubs")),
        ),
        None,
    ),
    (
        "joker_lead",
        _("Leading the Joker"),
        _("When the Joker may be led in no-trumps and misère, and which suit it then names."),
        (
            _c("unled_suit", _("Any time, naming a suit not yet led")),
            _c("last_trick", _("Only in the last trick")),
        ),
        None,
    ),
    (
        "final_raise",
        _("Final raise"),
        _("Whether the high bidder may raise once more after everyone else has passed."),
        (_c(True, _("Allowed")), _c(False, _("Not allowed"))),
        None,
    ),
    (
        "trick_points_cap",
        _("Defenders' trick points near the target"),
        _("Whether tricks won against the contractor can take a side above 490 or 480."),
        (_c(None, _("No limit")), _c(490, _("Never above 490")), _c(480, _("Never above 480"))),
        None,
    ),
    (
        "bidding",
        _("Bidding"),
        _("Whether the auction goes on until all but one have passed, or one round only."),
        (
            _c("until_passed", _("Until all but one have passed")),
            _c("one_round", _("One round only")),
        ),
        None,
    ),
    (
        "target",
        _("Game to"),
        _("The total a side needs to reach by making a contract to win the game."),
        (_c(500, "500"),),
        None,
    ),
)

_PITCH = (
    (
        "target",
        _("Game to"),
        _("The score a pitcher must reach on a bid they make to win the game."),
        (_c(7, "7"), _c(11, "11"), _c(15, "15"), _c(21, "21")),
        None,
    ),
    (
        "partnerships",
        _("Partnerships"),
        _(
            "Whether four players play as two partnerships, partners opposite, pooling what they win."
        ),
        (_c(False, _("Each for themselves")), _c(True, _("Two partnerships"))),
        (4,),
    ),
    (
        "low",
        _("Low goes to"),
        _("Who scores the point for the lowest trump in play."),
        (_c("winner", _("Whoever wins it in a trick")), _c("holder", _("Whoever was dealt it"))),
        None,
    ),
    (
        "all_pass",
        _("When nobody bids"),
        _("What happens when everyone before the dealer passes."),
        (
            _c("stick_dealer", _("The dealer must bid at least 2")),
            _c("redeal_same", _("Throw in; the same dealer deals again")),
            _c("redeal_next", _("Throw in; the next dealer deals")),
        ),
        None,
    ),
    (
        "dealer_steal",
        _("Dealer's steal"),
        _("Whether the dealer may take the bid by bidding the current high bid."),
        (
            _c("up_to_3", _("Bids of 1 to 3")),
            _c("including_4", _("Any bid (a 4 by pitching a card)")),
            _c("never", _("Never")),
        ),
        None,
    ),
    (
        "min_bid",
        _("Lowest bid"),
        _("The smallest bid anyone may make."),
        (_c(1, "1"), _c(2, "2")),
        None,
    ),
    (
        "win",
        _("Who can win"),
        _("Who goes out when a hand takes players to the target."),
        (
            _c("pitcher_only", _("Only a pitcher who makes the bid")),
            _c("pitcher_first_hljg", _("The pitcher first, then others by High, Low, Jack, Game")),
            _c("highest_over_target", _("The single highest total at or above the target")),
        ),
        None,
    ),
    (
        "smudge",
        _("Smudge"),
        _("Whether making a bid of 4 wins the game at once."),
        (_c(False, _("No")), _c(True, _("A made bid of 4 wins the game"))),
        None,
    ),
)


# The bots' levels described for people: the words of games.bots.BOT_LEVELS (which can't use
# Django), here to be translated; tests/games/test_options.py checks they stay the same.
BOT_LEVEL_DESCRIPTIONS: dict[str, Any] = {
    "easy": _(
        # xgettext:no-python-format
        "Plays any legal card at random: a beginner's practice partner (the club bot beats it "
        "by about 560 points a deal at four-player Five Hundred)."
    ),
    "club": _(
        # xgettext:no-python-format
        "Plays like a sensible club player: bids what its hand is worth, keeps its trumps and "
        "winners, wins tricks cheaply, never overtakes its partner and plays low when it cannot"
        " win. Quick: beats the easy bot by about 560 points a deal at four-player Five "
        "Hundred."
    ),
    "expert": _(
        # xgettext:no-python-format
        "Thinks ahead: deals the hidden cards many ways that fit what it has seen (the "
        "bidding, the cards played, who has run out of a suit) and plays each choice out "
        "before it bids, discards or plays. At four-player Five Hundred an expert pair beats "
        "a club pair by about 25 points a deal (400 duplicate deals, 95% interval 16 to 35) "
        "and makes 87% of its contracts to the club bot's 75%; with three players it gains "
        "about 8 points a seat a deal (800 duplicate deals, 95% interval 6 to 11), and with "
        "six about 9 (150 duplicate deals, 95% interval 4 to 15). At Pitch an expert pair "
        "beats a club pair by about 0.74 points a deal (240 duplicate deals, 95% interval 0.5 "
        "to 1.0); at four-player Pitch without partners it gains about 0.31 points a seat a "
        "deal (1,920 duplicate deals, 95% interval 0.28 to 0.35). Takes a moment to think."
    ),
}


def bot_level_description(level: str | None) -> str:
    """A bot level's description in the reader's language ("" for no level)."""
    return str(BOT_LEVEL_DESCRIPTIONS.get(level or "", ""))


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
        raise OptionsError({"game": gettext("Unknown game %(game)r.") % {"game": game}}) from None


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
    allowed = ", ".join(str(c.label) for c in field.choices)
    raise OptionsError(
        {
            field.key: gettext("%(option)s: choose one of %(allowed)s.")
            % {"option": field.label, "allowed": allowed}
        }
    )


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
        raise OptionsError(
            {
                "players": gettext("%(game)s is played by %(counts)s players.")
                % {"game": Game(game).label, "counts": counts}
            }
        )
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
        raise OptionsError({"": gettext("Options must be an object.")})
    keys = [f.key for f in _fields_for(game)]
    unknown = sorted(set(values) - set(keys))
    if unknown:
        raise OptionsError(
            {
                "": gettext("There is no %(game)s option %(option)r.")
                % {"game": Game(game).label, "option": unknown[0]}
            }
        )
    try:
        return engine.Options.from_dict(dict(values), players=players)
    except (ValueError, TypeError) as exc:
        message = str(exc)
        # The engine names the option it refuses; file the message under it (or the first one
        # its reason names).
        found = [(message.find(key), key) for key in keys if key in message]
        named = getattr(exc, "params", {}).get("option")
        key = named if named in keys else min(found)[1] if found else ""
        text = malformed_text(exc)
        text = text[:1].upper() + text[1:]
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
