"""Forms for the ladder pages. They parse; `ladders.services` decides and saves."""

from django import forms

from core.choices import Game


class LadderSettingsForm(forms.Form):
    rate_bot_games = forms.BooleanField(
        label="Rate games with a bot at the table",
        required=False,
        help_text="The people in such games are rated; the bot counts as a steady, average player "
        "and is never rated. Changing this rebuilds the club's ladders.",
    )
    min_games = forms.IntegerField(
        label="Games to appear on the ladder",
        min_value=0,
        max_value=1000,
        help_text="Rated games a player needs before they are shown.",
    )
    active_days = forms.IntegerField(
        label="Active within (days)",
        min_value=1,
        max_value=3650,
        required=False,
        help_text="Show only players whose last rated game was this recent. Blank: no limit.",
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
        label="Game",
        choices=[("", "Both games"), *Game.choices],
        required=False,
    )
