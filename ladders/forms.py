"""Forms for the ladder pages. They parse; `ladders.services` decides and saves."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core.choices import Game


class LadderSettingsForm(forms.Form):
    rate_bot_games = forms.BooleanField(
        label=_("Rate games with a bot at the table"),
        required=False,
        help_text=_(
            "The people in such games are rated; the bot counts as a steady, average player "
            "and is never rated. Changing this rebuilds the club's ladders."
        ),
    )
    min_games = forms.IntegerField(
        label=_("Games to appear on the ladder"),
        min_value=0,
        max_value=1000,
        help_text=_("Rated games a player needs before they are shown."),
    )
    active_days = forms.IntegerField(
        label=_("Active within (days)"),
        min_value=1,
        max_value=3650,
        required=False,
        help_text=_("Show only players whose last rated game was this recent. Blank: no limit."),
    )

    @classmethod
    def for_rules(cls, rules, data=None):
        initial = {
            "rate_bot_games": rules.rate_with_bots,
            "min_games": rules.min_games,
            "active_days": rules.active_days,
        }
        return cls(data, initial=initial)


class RebuildForm(forms.Form):
    game = forms.ChoiceField(
        label=_("Game"),
        choices=[("", _("Both games")), *Game.choices],
        required=False,
    )
