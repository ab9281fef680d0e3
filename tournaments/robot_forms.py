"""The form a club director fills in to run a robot duplicate (times in the club's zone: the
view runs in it)."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from clubs.forms import WallClockField, wall_clock_moment
from core.choices import Game
from games.models import BotLevel

from .robot_models import ROBOT_MAX_BOARDS, ROBOT_MIN_BOARDS

GAME_CHOICES = [
    ("five_hundred", _("Five Hundred")),
    ("pitch_pairs", _("Pitch, in partnerships")),
    ("pitch_solo", _("Pitch, each for themselves")),
]


class RobotEventForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100)
    game = forms.ChoiceField(
        label=_("Game"), choices=GAME_CHOICES, widget=forms.RadioSelect, initial="five_hundred"
    )
    boards = forms.IntegerField(
        label=_("Boards"), min_value=ROBOT_MIN_BOARDS, max_value=ROBOT_MAX_BOARDS, initial=12
    )
    opens_at = WallClockField(label=_("Opens"))
    closes_at = WallClockField(label=_("Closes"))
    bot_level = forms.ChoiceField(
        label=_("Bots"),
        choices=[(BotLevel.CLUB, BotLevel.CLUB.label), (BotLevel.EXPERT, BotLevel.EXPERT.label)],
        initial=BotLevel.CLUB,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        now = timezone.localtime().replace(second=0, microsecond=0, tzinfo=None)
        self.fields["opens_at"].initial = now
        self.fields["closes_at"].initial = now + timedelta(days=7)

    def clean(self):
        cleaned = super().clean()
        for name in ("opens_at", "closes_at"):
            if name in cleaned:
                cleaned[name] = wall_clock_moment(self, name, cleaned[name], self.club)
        return cleaned

    def service_values(self) -> dict:
        data = self.cleaned_data
        game, options = Game.FIVE_HUNDRED, {}
        if data["game"] == "pitch_pairs":
            game, options = Game.PITCH, {"partnerships": True}
        elif data["game"] == "pitch_solo":
            game = Game.PITCH
        return {
            "name": data["name"],
            "game": game,
            "options": options,
            "boards": data["boards"],
            "opens_at": data["opens_at"],
            "closes_at": data["closes_at"],
            "bot_level": data["bot_level"],
        }
