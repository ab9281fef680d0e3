"""Forms for the table pages. They parse and present; `games.services` decides and saves.

The create-table form offers both games at once: each game's player count and table options are
prefixed by the game (`five_hundred-misere`, `pitch-target`), and only the chosen game's fields
count. The options, their sentences and their defaults come from `games.options`, so the form
never drifts from the rules.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import Membership
from core.choices import Game
from core.names import validate_shown_name

from . import selectors, state
from .engines import engine_for, records
from .engines.base import RecordError
from .models import BotLevel, HouseRuleSet, Table
from .options import (
    OptionField,
    OptionsError,
    bot_level_description,
    form_value,
    option_fields,
    options_from_form,
)
from .refusals import record_error_text

ACCESS_HELP = {
    Table.Access.ANYONE: gettext_lazy(
        "anyone signed in can take a seat; the table is listed in the lobby."
    ),
    Table.Access.CLUB: gettext_lazy("only members of the club you choose can take a seat."),
    Table.Access.INVITE: gettext_lazy(
        "unlisted; only people you send the invite link to can sit down."
    ),
}


def bot_level_choices() -> list[tuple[str, str]]:
    """No bots, then each level with its description."""
    out = [("", _("No bots: every seat needs a person"))]
    for level in BotLevel:
        description = bot_level_description(level.value)
        out.append(
            (
                level.value,
                _("%(level)s: %(description)s") % {"level": level.label, "description": description}
                if description
                else level.label,
            )
        )
    return out


def option_field_name(game: str, key: str) -> str:
    return f"{game}-{key}"


def players_field_name(game: str) -> str:
    return f"{game}-players"


class TableForm(forms.Form):
    """Open a table: game, players, the rules' table options, who may join, bots, a name."""

    game = forms.ChoiceField(
        choices=Game.choices, initial=Game.FIVE_HUNDRED, widget=forms.RadioSelect
    )
    name = forms.CharField(
        max_length=100,
        required=False,
        validators=[validate_shown_name],
        help_text=gettext_lazy(
            "Blank gives “<your name>'s Five Hundred table” or “<your name>'s Auction Pitch table”."
        ),
    )
    access = forms.ChoiceField(
        label=gettext_lazy("Who may join"),
        choices=[
            (value, format_lazy("{}: {}", label, ACCESS_HELP[value]))
            for value, label in Table.Access.choices
        ],
        initial=Table.Access.ANYONE,
        widget=forms.RadioSelect,
    )
    club = forms.TypedChoiceField(
        required=False,
        coerce=int,
        empty_value=None,
        help_text=gettext_lazy(
            "For “club members”: whose members may sit. The table is also shown as the club's."
        ),
    )
    bot_level = forms.ChoiceField(
        label=gettext_lazy("Bots for empty seats"),
        choices=bot_level_choices,
        initial=BotLevel.CLUB,
        required=False,
        widget=forms.RadioSelect,
        help_text=gettext_lazy(
            "With bots, “Open and start with bots” begins the game at once, and a player who "
            "leaves mid-game is replaced by a bot."
        ),
    )
    hand_limit = forms.IntegerField(
        label=gettext_lazy("Number of hands"),
        required=False,
        min_value=1,
        max_value=1000,
        help_text=gettext_lazy(
            "Play exactly this many hands (the best total wins) instead of playing to the target."
        ),
    )
    house_rules = forms.TypedChoiceField(required=False, coerce=int, empty_value=None)
    rules_name = forms.CharField(
        label=gettext_lazy("Name for these options"),
        max_length=80,
        required=False,
        validators=[validate_shown_name],
        help_text=gettext_lazy(
            "Save the options above as a named set of house rules to use again."
        ),
    )
    rules_club = forms.TypedChoiceField(
        label=gettext_lazy("Offer them to a club"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=gettext_lazy("Clubs you direct can offer house rules to all their members."),
    )

    def __init__(self, *args, user, **kwargs):
        super().__init__(*args, **kwargs)
        self.user = user
        memberships = list(
            Membership.objects.filter(user=user).select_related("club").order_by("club__name")
        )
        self.clubs = {m.club_id: m.club for m in memberships}
        self.directed = {m.club_id: m.club for m in memberships if m.is_director}
        self.fields["club"].choices = [("", "—")] + [
            (pk, club.name) for pk, club in self.clubs.items()
        ]
        self.fields["rules_club"].choices = [("", _("Just for me"))] + [
            (pk, club.name) for pk, club in self.directed.items()
        ]
        self.rule_sets = {r.pk: r for r in house_rule_sets(user)}
        self.fields["house_rules"].choices = [("", "—")] + [
            (pk, str(r)) for pk, r in self.rule_sets.items()
        ]
        self.fields["house_rules"].widget = forms.HiddenInput()
        # Shown with the form's own errors (the field is hidden): the rules were deleted, or
        # aren't offered to this person any more, since the form was filled in.
        self.fields["house_rules"].error_messages["invalid_choice"] = _(
            "Those house rules are no longer offered to you: choose the options again."
        )
        self.option_fields: dict[str, list[OptionField]] = {}
        for game in Game.values:
            counts = engine_for(game).PLAYER_COUNTS
            self.fields[players_field_name(game)] = forms.TypedChoiceField(
                label=gettext_lazy("Players"),
                choices=[(n, str(n)) for n in counts],
                coerce=int,
                initial=4,
                required=False,
            )
            self.option_fields[game] = option_fields(game)
            for option in self.option_fields[game]:
                help_text = option.help
                if option.players:
                    only = ", ".join(str(n) for n in option.players)
                    help_text = _("%(help)s (%(counts)s players only.)") % {
                        "help": help_text,
                        "counts": only,
                    }
                self.fields[option_field_name(game, option.key)] = forms.ChoiceField(
                    label=option.label,
                    choices=[(c.form_value, c.label) for c in option.choices],
                    initial=option.default_form_value,
                    help_text=help_text,
                    required=False,
                    widget=forms.RadioSelect,
                )

    # Presentation ------------------------------------------------------------------------------

    def game_sections(self) -> list[dict[str, Any]]:
        """Each game's fieldset: its label, players field and option fields."""
        out = []
        for game, label in Game.choices:
            out.append(
                {
                    "game": game,
                    "label": label,
                    "players": self[players_field_name(game)],
                    "options": [
                        self[option_field_name(game, o.key)] for o in self.option_fields[game]
                    ],
                }
            )
        return out

    def prefill_from(self, rules: HouseRuleSet) -> None:
        """Start the (unbound) form from a saved set of house rules."""
        self.initial["game"] = rules.game
        self.initial["house_rules"] = rules.pk
        for option in self.option_fields[rules.game]:
            if option.key in rules.options:
                self.initial[option_field_name(rules.game, option.key)] = form_value(
                    rules.options[option.key]
                )

    # Validation --------------------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        game = data.get("game")
        if not game:
            return data
        players_key = players_field_name(game)
        players = data.get(players_key)
        if players is None:
            players = 4
        data["players"] = players
        values = {o.key: data.get(option_field_name(game, o.key)) for o in self.option_fields[game]}
        try:
            data["options"] = options_from_form(game, players, values)
        except OptionsError as exc:
            for key, message in exc.errors.items():
                if key == "players":
                    self.add_error(players_key, message)
                elif key in values:
                    self.add_error(option_field_name(game, key), message)
                else:
                    self.add_error(None, message)
        if data.get("access") == Table.Access.CLUB and not data.get("club"):
            self.add_error("club", _("Choose the club whose members may join."))
        if data.get("club") is not None and data["club"] not in self.clubs:
            self.add_error("club", _("Choose one of your clubs."))
        rules = data.get("house_rules")
        data["house_rules"] = self.rule_sets.get(rules) if rules is not None else None
        return data

    def options_dict(self) -> dict[str, Any]:
        """Every option of the chosen game (record form), for `table_create`."""
        return state.options_dict(self.cleaned_data["options"])

    def create_kwargs(self) -> dict[str, Any]:
        data = self.cleaned_data
        options = self.options_dict()
        rules = data["house_rules"]
        if rules is not None and (rules.game != data["game"] or not _same_options(rules, options)):
            rules = None  # the options were changed after choosing the set
        return {
            "game": data["game"],
            "players": data["players"],
            "options": options,
            "name": data.get("name") or "",
            "access": data["access"],
            "club": self.clubs.get(data["club"]) if data.get("club") is not None else None,
            "bot_level": data.get("bot_level") or "",
            "hand_limit": data.get("hand_limit"),
            "house_rules": rules,
        }

    def rules_kwargs(self) -> dict[str, Any]:
        """What `house_rules_create` needs to save the chosen options (after is_valid)."""
        data = self.cleaned_data
        club_id = data.get("rules_club")
        return {
            "name": data.get("rules_name") or "",
            "game": data["game"],
            "options": self.cleaned_data["options"].to_dict(),
            "club": self.directed.get(club_id) if club_id is not None else None,
        }


def _same_options(rules: HouseRuleSet, options: dict[str, Any]) -> bool:
    engine = engine_for(rules.game)
    try:
        saved = state.options_dict(engine.Options.from_dict(dict(rules.options), players=None))
    except (TypeError, ValueError):
        return False
    return all(saved.get(key) == options.get(key) for key in saved)


def house_rule_sets(user):
    """The house rules `user` may use (their own and their clubs')."""
    return list(selectors.house_rule_sets_for(user).order_by("game", "name", "id"))


class RecordUploadForm(forms.Form):
    """A hand record (or game record) to replay: a file, or JSON pasted in."""

    MAX_BYTES = 1_000_000

    file = forms.FileField(
        label=gettext_lazy("Record file"),
        required=False,
        help_text=gettext_lazy(
            "A .json hand record (kookaburra-hand/1) or game record (kookaburra-game/1)."
        ),
    )
    text = forms.CharField(
        label=gettext_lazy("Or paste the record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "mono"}),
    )

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        text = (data.get("text") or "").strip()
        if upload is not None:
            if upload.size > self.MAX_BYTES:
                raise forms.ValidationError(_("That file is too big for a record (1 MB at most)."))
            raw = upload.read()
            try:
                text = raw.decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("That file isn't UTF-8 text.")) from None
        elif len(text.encode()) > self.MAX_BYTES:
            raise forms.ValidationError(_("That record is too long (1 MB at most)."))
        if not text.strip():
            raise forms.ValidationError(_("Choose a record file, or paste a record."))
        try:  # strict, and safe from any JSON (deep nesting, endless digits)
            data["record"] = records.parse_text(text)
        except RecordError as exc:
            raise forms.ValidationError(
                _("This can't be read as a record: %(reason)s") % {"reason": record_error_text(exc)}
            ) from None
        data["record_text"] = text
        return data


class DealVerifyForm(forms.Form):
    """A record to audit (DEALS.md): its deal, with the seed and commitment inside it or here."""

    record = forms.CharField(
        label=gettext_lazy("Hand or game record"),
        widget=forms.Textarea(attrs={"rows": 10, "spellcheck": "false", "class": "mono"}),
        max_length=1_000_000,
    )
    seed = forms.CharField(label=gettext_lazy("Seed (hex)"), required=False, max_length=200)
    commitment = forms.CharField(
        label=gettext_lazy("Commitment (hex)"), required=False, max_length=200
    )

    def clean_record(self):
        try:  # as the upload page and the API read a record: strict, and safe from any JSON
            return records.parse_text(self.cleaned_data["record"])
        except RecordError as exc:
            raise forms.ValidationError(
                _("This can't be read as a record: %(reason)s") % {"reason": record_error_text(exc)}
            ) from None


class BoardSetForm(forms.Form):
    """Deal a set of boards."""

    name = forms.CharField(
        label=gettext_lazy("Name"), required=False, max_length=100, validators=[validate_shown_name]
    )
    game = forms.ChoiceField(label=gettext_lazy("Game"), choices=Game.choices)
    players = forms.IntegerField(label=gettext_lazy("Players"), min_value=2, max_value=7)
    count = forms.IntegerField(label=gettext_lazy("Boards"), min_value=1, max_value=64)
