"""Forms for the tournament pages. They parse and present; `tournaments.services` decides.

The setup form offers both games at once (each game's table options prefixed by the game, as on
the create-table page) and only the chosen game's options count. Formats and tiebreaks carry the
words directors read: a line each here, and the longer text from the templates named in
`tournaments.help`.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.db.models import Q
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.models import ClubNight
from core.choices import Game
from core.names import validate_shown_name
from games.forms import option_field_name
from games.models import BotLevel, HouseRuleSet
from games.options import (
    BOT_LEVEL_DESCRIPTIONS,
    OptionField,
    OptionsError,
    form_value,
    option_fields,
    parse_value,
)

from . import selectors
from .formats import Tiebreak
from .help import FORMAT_HELP_TEMPLATES, tiebreak_help
from .models import Tournament
from .services.errors import InvalidInput
from .services.results import MAX_HANDS, MAX_SCORE, check_hands_won, range_message

Format = Tournament.Format

#: One line per format for the radio buttons; the page shows the long text under "More".
FORMAT_SUMMARY = {
    Format.SWISS: gettext_lazy(
        "Everyone plays every round; each round pairs entrants on the same points. "
        "Good for a big field and a fixed number of rounds."
    ),
    Format.ROUND_ROBIN: gettext_lazy(
        "Everyone meets everyone once. Best for small fields; the whole "
        "schedule is known at the start."
    ),
    Format.SINGLE_ELIMINATION: gettext_lazy("A knockout bracket: lose once and you are out."),
    Format.DOUBLE_ELIMINATION: gettext_lazy(
        "A bracket where you are out after your second loss (winners' "
        "and losers' brackets, then a grand final)."
    ),
    Format.PROGRESSIVE: gettext_lazy(
        "Club-night movement for individuals: new partners each round, "
        "everyone keeps their own running total."
    ),
    Format.DUPLICATE: gettext_lazy(
        "Partnerships play the same deals (boards) at every table; each result is compared "
        "with the others on the same board."
    ),
}


def format_guide() -> list[dict[str, Any]]:
    """Each format with its one-line summary and its long explanation (for the setup page)."""
    return [
        {
            "value": value,
            "label": label,
            "summary": FORMAT_SUMMARY[value],
            "help_template": FORMAT_HELP_TEMPLATES[value],
        }
        for value, label in Format.choices
    ]


def tiebreak_rows(current: list[str] | None = None) -> list[dict[str, str]]:
    return [
        {
            "key": t.value,
            "label": selectors.TIEBREAK_LABELS[t],
            "help": tiebreak_help(t),
            "position": (current.index(t.value) + 1) if current and t.value in current else "",
        }
        for t in Tiebreak
    ]


_ORDINALS = [
    gettext_lazy("1st"),
    gettext_lazy("2nd"),
    gettext_lazy("3rd"),
    gettext_lazy("4th"),
    gettext_lazy("5th"),
    gettext_lazy("6th"),
    gettext_lazy("7th"),
    gettext_lazy("8th"),
    gettext_lazy("9th"),
    gettext_lazy("10th"),
]
TIEBREAK_POSITIONS = [("", gettext_lazy("Not used"))] + [
    (str(n), _ORDINALS[n - 1]) for n in range(1, len(Tiebreak) + 1)
]

#: Options the tournament decides itself (Pitch head-to-head is always in partnerships).
HIDDEN_OPTIONS = {"partnerships"}


class TournamentForm(forms.Form):
    """Create a tournament (or change one's settings before it starts)."""

    name = forms.CharField(
        label=gettext_lazy("Name"), max_length=100, validators=[validate_shown_name]
    )
    night = forms.TypedChoiceField(
        label=gettext_lazy("Club night"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=gettext_lazy("The night's checked-in players become the entrants."),
    )
    entrants_from_night = forms.BooleanField(
        label=gettext_lazy("Enter the night's checked-in players now"),
        required=False,
        initial=True,
        help_text=gettext_lazy(
            "In check-in order, two to a partnership (you can change the partnerships "
            "before starting). Late arrivals can be added later."
        ),
    )
    game = forms.ChoiceField(
        label=gettext_lazy("Game"),
        choices=Game.choices,
        initial=Game.FIVE_HUNDRED,
        widget=forms.RadioSelect,
    )
    format = forms.ChoiceField(
        label=gettext_lazy("Format"),
        choices=[(v, label) for v, label in Format.choices],
        initial=Format.SWISS,
        widget=forms.RadioSelect,
    )
    rounds = forms.IntegerField(
        label=gettext_lazy("Rounds"),
        required=False,
        min_value=1,
        max_value=50,
        help_text=gettext_lazy(
            "Swiss and progressive: how many rounds to play (blank: decide as you go). "
            "Round robin and brackets work it out themselves."
        ),
    )
    cycles = forms.TypedChoiceField(
        label=gettext_lazy("Round robin cycles"),
        choices=[
            (1, gettext_lazy("Once: everyone meets everyone once")),
            (2, gettext_lazy("Twice (home and away)")),
        ],
        coerce=int,
        initial=1,
        required=False,
    )
    bracket_reset = forms.BooleanField(
        label=gettext_lazy(
            "Double elimination: play a second grand final if the first is lost by the "
            "unbeaten entrant"
        ),
        required=False,
        initial=True,
    )
    scoring = forms.ChoiceField(
        label=gettext_lazy("Scoring"),
        choices=Tournament.Scoring.choices,
        initial=Tournament.Scoring.MATCHPOINTS,
        required=False,
    )
    movement = forms.ChoiceField(
        label=gettext_lazy("Movement"),
        choices=Tournament.Movement.choices,
        initial=Tournament.Movement.AUTO,
        required=False,
        help_text=gettext_lazy("Automatic: a Howell up to ten pairs, a Mitchell above."),
    )
    boards_per_round = forms.IntegerField(
        label=gettext_lazy("Boards a round"), required=False, min_value=1, max_value=8, initial=3
    )
    solo = forms.BooleanField(
        label=gettext_lazy("Pitch each for themselves"),
        required=False,
        help_text=gettext_lazy(
            "Three to seven at a table; each seat is compared with the same seat at the other "
            "tables."
        ),
    )
    play = forms.ChoiceField(
        label=gettext_lazy("How a round is played"),
        choices=[
            (
                Tournament.Play.TARGET,
                gettext_lazy("One game to the game's target (500, or Pitch's target)"),
            ),
            (
                Tournament.Play.HANDS,
                gettext_lazy("A fixed number of hands (the higher total wins)"),
            ),
        ],
        initial=Tournament.Play.TARGET,
        widget=forms.RadioSelect,
    )
    hand_limit = forms.IntegerField(
        label=gettext_lazy("Hands a round"), required=False, min_value=1, max_value=100
    )
    online = forms.TypedChoiceField(
        label=gettext_lazy("Where the tables are"),
        choices=[
            (
                "0",
                gettext_lazy("Physical tables at the venue: players enter and confirm the scores"),
            ),
            ("1", gettext_lazy("Online: every table is played on the site and scores itself")),
        ],
        coerce=lambda value: value == "1",
        initial="0",
        widget=forms.RadioSelect,
    )
    bot_level = forms.ChoiceField(
        label=gettext_lazy("Bots for empty seats at online tables"),
        choices=[
            (
                level.value,
                format_lazy("{}: {}", level.label, BOT_LEVEL_DESCRIPTIONS[level.value])
                if BOT_LEVEL_DESCRIPTIONS.get(level.value)
                else level.label,
            )
            for level in BotLevel
        ],
        initial=BotLevel.CLUB,
    )
    house_rules = forms.TypedChoiceField(
        label=gettext_lazy("House rules"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=gettext_lazy(
            "A saved set of table options (the club's or yours). The options below are "
            "applied on top."
        ),
    )
    tiebreak_mode = forms.ChoiceField(
        label=gettext_lazy("Which tiebreaks"),
        choices=[
            ("default", gettext_lazy("The usual tiebreaks for the format")),
            ("custom", gettext_lazy("My own choice and order (below)")),
        ],
        initial="default",
        widget=forms.RadioSelect,
    )

    DRAFT_ONLY = (
        "night",
        "game",
        "format",
        "cycles",
        "bracket_reset",
        "play",
        "hand_limit",
        "house_rules",
        "scoring",
        "movement",
        "boards_per_round",
        "solo",
    )

    def __init__(self, *args, club, user, tournament: Tournament | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.user = user
        self.tournament = tournament
        soon = timezone.now() - timedelta(days=2)
        nights = ClubNight.objects.filter(club=club, status=ClubNight.Status.SCHEDULED)
        if tournament is None or tournament.night_id is None:
            nights = nights.filter(starts_at__gte=soon)
        else:
            nights = nights.filter(Q(starts_at__gte=soon) | Q(pk=tournament.night_id))
        self.nights = {n.pk: n for n in nights.order_by("starts_at")[:30]}
        # A tournament set up from a Pitch night plays Pitch, unless the director says otherwise.
        from_night = self.nights.get(self.initial.get("night"))
        if from_night is not None and tournament is None:
            self.initial.setdefault("game", from_night.game)
        self.fields["night"].choices = [("", _("No night: add entrants by hand"))] + [
            (
                pk,
                f"{n.name} — {date_format(timezone.localtime(n.starts_at, club.zoneinfo), 'D j M Y')}",
            )
            for pk, n in self.nights.items()
        ]
        self.rule_sets = {
            r.pk: r
            for r in HouseRuleSet.objects.filter(Q(club=club) | Q(created_by=user)).order_by(
                "game", "name"
            )
        }
        self.fields["house_rules"].choices = [("", _("None: the rules as written"))] + [
            (pk, str(r)) for pk, r in self.rule_sets.items()
        ]
        self.option_fields: dict[str, list[OptionField]] = {}
        for game in Game.values:
            self.option_fields[game] = [
                o for o in option_fields(game) if o.key not in HIDDEN_OPTIONS
            ]
            for option in self.option_fields[game]:
                self.fields[option_field_name(game, option.key)] = forms.ChoiceField(
                    label=option.label,
                    choices=[(c.form_value, c.label) for c in option.choices],
                    initial=option.default_form_value,
                    help_text=option.help,
                    required=False,
                )
        for t in Tiebreak:
            self.fields[f"tb_{t.value}"] = forms.ChoiceField(
                label=selectors.TIEBREAK_LABELS[t],
                choices=TIEBREAK_POSITIONS,
                required=False,
                help_text=tiebreak_help(t),
            )
        if tournament is not None:
            self._prefill(tournament)
            del self.fields["entrants_from_night"]
            if not tournament.is_draft:
                for name in self.DRAFT_ONLY:
                    self.fields[name].disabled = True
                for game in Game.values:
                    for option in self.option_fields[game]:
                        self.fields[option_field_name(game, option.key)].disabled = True

    def _prefill(self, t: Tournament) -> None:
        self.initial.update(
            {
                "name": t.name,
                "night": t.night_id,
                "game": t.game,
                "format": t.format,
                "rounds": t.rounds,
                "scoring": t.scoring,
                "movement": t.movement,
                "boards_per_round": t.boards_per_round,
                "solo": t.is_duplicate and not t.partnerships,
                "cycles": t.cycles,
                "bracket_reset": t.bracket_reset,
                "play": t.play,
                "hand_limit": t.hand_limit,
                "online": "1" if t.online else "0",
                "bot_level": t.bot_level,
                "house_rules": t.house_rules_id,
                "tiebreak_mode": "custom",
            }
        )
        for option in self.option_fields[t.game]:
            if option.key in (t.options or {}):
                self.initial[option_field_name(t.game, option.key)] = form_value(
                    t.options[option.key]
                )
        for position, key in enumerate(t.tiebreaks or [], start=1):
            self.initial[f"tb_{key}"] = str(position)

    # Presentation ------------------------------------------------------------------------------

    def game_sections(self) -> list[dict[str, Any]]:
        return [
            {
                "game": game,
                "label": label,
                "options": [self[option_field_name(game, o.key)] for o in self.option_fields[game]],
            }
            for game, label in Game.choices
        ]

    def tiebreak_fields(self) -> list[Any]:
        return [self[f"tb_{t.value}"] for t in Tiebreak]

    def default_tiebreaks(self) -> list[dict[str, Any]]:
        return [
            {
                "format": label,
                "tiebreaks": [
                    selectors.TIEBREAK_LABELS[Tiebreak(t)]
                    for t in selectors.DEFAULT_TIEBREAKS[value]
                ],
            }
            for value, label in Format.choices
        ]

    # Validation --------------------------------------------------------------------------------

    def clean(self):
        data = super().clean()
        game = data.get("game")
        if game:
            options = {}
            for option in self.option_fields[game]:
                raw = data.get(option_field_name(game, option.key))
                if raw in (None, ""):
                    continue
                try:
                    value = parse_value(option, raw)
                except OptionsError as exc:
                    self.add_error(option_field_name(game, option.key), str(exc))
                    continue
                if value != option.default:
                    options[option.key] = value
            data["options"] = options
        if data.get("play") == Tournament.Play.HANDS and not data.get("hand_limit"):
            self.add_error("hand_limit", _("Say how many hands a round is."))
        if data.get("play") == Tournament.Play.TARGET:
            data["hand_limit"] = None
        rules = data.get("house_rules")
        if rules is not None:
            data["house_rules"] = self.rule_sets.get(rules)
            if data["house_rules"] is None:
                self.add_error("house_rules", _("Choose one of the house rules listed."))
        night = data.get("night")
        if night is not None:
            data["night"] = self.nights.get(night)
            if data["night"] is None:
                self.add_error("night", _("Choose one of the club's nights listed."))
        data["tiebreaks"] = self._clean_tiebreaks(data)
        return data

    def _clean_tiebreaks(self, data) -> list[str] | None:
        if data.get("tiebreak_mode") != "custom":
            return None
        chosen = []
        for t in Tiebreak:
            position = data.get(f"tb_{t.value}")
            if position:
                chosen.append((int(position), t.value))
        positions = [p for p, _ in chosen]
        if len(set(positions)) != len(positions):
            self.add_error(None, _("Give each tiebreak you use a different place in the order."))
        return [key for _, key in sorted(chosen)]

    def service_values(self) -> dict[str, Any]:
        """Keyword arguments for `tournament_create` (after is_valid)."""
        d = self.cleaned_data
        options = dict(d.get("options") or {})
        if d["game"] == Game.PITCH and d["format"] == Tournament.Format.DUPLICATE:
            options["partnerships"] = not d.get("solo")
        return {
            "name": d["name"],
            "game": d["game"],
            "format": d["format"],
            "night": d.get("night"),
            "house_rules": d.get("house_rules"),
            "options": options,
            "play": d["play"],
            "hand_limit": d.get("hand_limit"),
            "rounds": d.get("rounds"),
            "cycles": d.get("cycles") or 1,
            "bracket_reset": bool(d.get("bracket_reset")),
            "tiebreaks": d.get("tiebreaks"),
            "online": d["online"],
            "bot_level": d["bot_level"],
            "entrants_from_night": bool(d.get("entrants_from_night")),
            "scoring": d.get("scoring") or Tournament.Scoring.MATCHPOINTS,
            "movement": d.get("movement") or Tournament.Movement.AUTO,
            "boards_per_round": d.get("boards_per_round") or 3,
        }

    def changes(self) -> dict[str, Any]:
        """Keyword arguments for `tournament_update`: what may change at this stage."""
        values = self.service_values()
        values.pop("entrants_from_night")
        values.pop("game")
        values.pop("format")
        if values["tiebreaks"] is None:
            values["tiebreaks"] = list(selectors.DEFAULT_TIEBREAKS[self.tournament.format])
        if not self.tournament.is_draft:
            keep = {"name", "rounds", "tiebreaks", "online", "bot_level"}
            values = {k: v for k, v in values.items() if k in keep}
        return values


class EntrantAddForm(forms.Form):
    """Add an entrant (a late entry once a Swiss or progressive event runs): each player is
    someone from the list (checked in at the night, or a club member) or a guest's name."""

    name = forms.CharField(
        label=gettext_lazy("Partnership name"),
        max_length=120,
        required=False,
        help_text=gettext_lazy("Blank: the players' names."),
    )

    def __init__(self, *args, people: list[tuple[str, str]], size: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.size = size
        for i in range(1, size + 1):
            label = _("Player") if size == 1 else (_("First player") if i == 1 else _("Partner"))
            self.fields[f"player_{i}"] = forms.ChoiceField(
                label=label, choices=[("", _("— choose —"))] + people, required=False
            )
            self.fields[f"guest_{i}"] = forms.CharField(
                label=gettext_lazy("or a guest's name"), max_length=100, required=False
            )

    def slots(self):
        return [(self[f"player_{i}"], self[f"guest_{i}"]) for i in range(1, self.size + 1)]

    def clean(self):
        data = super().clean()
        picks = []
        for i in range(1, self.size + 1):
            person = data.get(f"player_{i}") or ""
            guest = (data.get(f"guest_{i}") or "").strip()
            if person and guest:
                self.add_error(
                    f"guest_{i}", _("Choose someone from the list or type a guest, not both.")
                )
            elif person:
                picks.append(person)
            elif guest:
                picks.append("g" + guest)
        if not picks:
            raise forms.ValidationError(_("Choose a player (or type a guest's name)."))
        data["picks"] = picks
        return data


class ResultForm(forms.Form):
    """A table's result: a score a side, optionally hands won a side and (brackets) the winner.
    Directors also give a reason, kept in the audit log. `hands_played` (a round of a fixed
    number of hands) caps the hands won, by the service's own rule."""

    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=300, required=False)

    def __init__(
        self,
        *args,
        sides: int,
        bracket: bool = False,
        director=False,
        hands_played: int | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.side_count = sides
        self.hands_played = hands_played
        top = MAX_HANDS if hands_played is None else hands_played
        for i in range(sides):
            self.fields[f"score_{i}"] = forms.IntegerField(
                error_messages={
                    "invalid": _("Enter each side's score as a whole number."),
                    "required": _("Enter every side's score."),
                }
            )
            self.fields[f"hands_{i}"] = forms.IntegerField(
                required=False,
                error_messages={"invalid": _("Hands won are whole numbers from 0.")},
                widget=forms.NumberInput(attrs={"min": 0, "max": top}),
            )
        if bracket:
            self.fields["winner"] = forms.TypedChoiceField(
                choices=[("", "—")] + [(i, str(i)) for i in range(sides)],
                coerce=int,
                empty_value=None,
                required=False,
            )
        if director:
            self.fields["reason"].required = True

    def _in_range(self, field: str, what: str, low: int, high: int):
        value = self.cleaned_data.get(field)
        if value is not None and not low <= value <= high:
            raise forms.ValidationError(range_message(what, value, low, high))
        return value

    def clean(self):
        data = super().clean()
        for i in range(self.side_count):
            for field, what, low, high in (
                (f"score_{i}", "scores", -MAX_SCORE, MAX_SCORE),
                (f"hands_{i}", "hands_won", 0, MAX_HANDS),
            ):
                try:
                    self._in_range(field, what, low, high)
                except forms.ValidationError as error:
                    self.add_error(field, error)
        hands = [data.get(f"hands_{i}") or 0 for i in range(self.side_count)]
        if not any(f.startswith("hands_") for f in self.errors):
            try:
                check_hands_won(hands, self.hands_played)
            except InvalidInput as error:
                raise forms.ValidationError(error.message) from None
        return data

    def values(self) -> dict[str, Any]:
        d = self.cleaned_data
        hands = [d.get(f"hands_{i}") for i in range(self.side_count)]
        winner = d.get("winner")
        return {
            "scores": [d[f"score_{i}"] for i in range(self.side_count)],
            "hands_won": None if all(h is None for h in hands) else [h or 0 for h in hands],
            "winners": None if winner is None else [winner],
        }

    def first_error(self) -> str:
        """The first thing wrong, saying what is wrong (a range, a total, a missing reason)."""
        for field, errors in self.errors.items():
            if field == "reason":
                return _("Give a reason: it is kept in the audit log.")
            return errors[0]
        return _("Check the result.")
