"""Forms for the club pages. They parse and present; `clubs.services` decides and saves."""

from datetime import datetime, timedelta

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.languages import language_choices
from kookaburra.choices import Game

from .models import ClubNight, Membership


class DateTimeLocalInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class ClubForm(forms.Form):
    name = forms.CharField(max_length=100)
    about = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text="When and where you play, who is welcome, anything a newcomer should know.",
    )
    venue = forms.CharField(
        label="Home venue",
        max_length=200,
        required=False,
        help_text="Where club nights usually are, e.g. “Scout Hall, 12 Gum St, Ballarat”.",
    )
    games = forms.MultipleChoiceField(
        label="Games played",
        choices=Game.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    is_open = forms.TypedChoiceField(
        label="Joining",
        choices=[
            ("1", "Open: anyone signed in can join at once"),
            ("0", "Closed: people ask to join and a director approves"),
        ],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        choices=lambda: [("", gettext_lazy("The visitor's browser decides")), *language_choices()],
        required=False,
        help_text=gettext_lazy(
            "The language the club's pages speak to visitors who haven't chosen one. Members "
            "always read the site in their own language."
        ),
    )

    @classmethod
    def for_club(cls, club, data=None):
        initial = {
            "language": club.language,
            "name": club.name,
            "about": club.about,
            "venue": club.venue,
            "games": club.games,
            "is_open": "1" if club.is_open else "0",
        }
        return cls(data=data, initial=initial)


DURATIONS = [
    (minutes, f"{minutes / 60:g} hours") for minutes in (120, 150, 180, 210, 240, 300, 360)
]


class NightForm(forms.Form):
    title = forms.CharField(
        max_length=100,
        required=False,
        help_text="Blank gives “Five Hundred night” or “Auction Pitch night”.",
    )
    date = forms.DateField(widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"))
    start_time = forms.TimeField(
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"), initial="19:00"
    )
    duration_minutes = forms.TypedChoiceField(
        label="Length", choices=DURATIONS, coerce=int, initial=180
    )
    game = forms.ChoiceField(choices=Game.choices, widget=forms.RadioSelect)
    venue = forms.CharField(max_length=200, required=False, help_text="Blank: the club's venue.")
    capacity = forms.IntegerField(
        min_value=1,
        max_value=1000,
        initial=16,
        help_text="Seats available. Five Hundred tables seat 4; Pitch tables 4 or 6.",
    )
    members_only = forms.TypedChoiceField(
        label="Who can register",
        choices=[("1", "Club members only"), ("0", "Open to guests (anyone signed in)")],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    registration_opens_at = forms.DateTimeField(
        label="Registration opens",
        required=False,
        widget=DateTimeLocalInput(),
        help_text="Blank: open now.",
    )
    registration_closes_at = forms.DateTimeField(
        label="Registration closes",
        required=False,
        widget=DateTimeLocalInput(),
        help_text="Blank: when the night starts.",
    )
    notes = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text="Table fees, supper, parking — whatever players should know.",
    )

    # Services name the combined start `starts_at`; on this form it is the date field.
    SERVICE_FIELDS = {"starts_at": "date"}

    def __init__(self, *args, club=None, **kwargs):
        super().__init__(*args, **kwargs)
        if club is not None and not self.is_bound:
            self.fields["venue"].widget.attrs["placeholder"] = club.venue
            if club.games and "game" not in self.initial:
                self.initial["game"] = club.games[0]
        self.initial.setdefault("game", Game.FIVE_HUNDRED)

    @classmethod
    def for_night(cls, night: ClubNight, data=None):
        local = timezone.localtime(night.starts_at)
        initial = {
            "title": night.title,
            "date": local.date(),
            "start_time": local.time().replace(second=0, microsecond=0),
            "duration_minutes": night.duration_minutes,
            "game": night.game,
            "venue": night.venue,
            "capacity": night.capacity,
            "members_only": "1" if night.members_only else "0",
            "registration_opens_at": timezone.localtime(night.registration_opens_at),
            "registration_closes_at": timezone.localtime(night.registration_closes_at),
            "notes": night.notes,
        }
        return cls(data=data, initial=initial)

    def clean(self):
        cleaned = super().clean()
        day, start = cleaned.get("date"), cleaned.get("start_time")
        if day and start:
            cleaned["starts_at"] = timezone.make_aware(datetime.combine(day, start))
        return cleaned

    def service_values(self) -> dict:
        data = self.cleaned_data
        return {
            "title": data["title"],
            "starts_at": data["starts_at"],
            "duration_minutes": data["duration_minutes"],
            "game": data["game"],
            "venue": data["venue"],
            "capacity": data["capacity"],
            "members_only": data["members_only"],
            "registration_opens_at": data["registration_opens_at"],
            "registration_closes_at": data["registration_closes_at"],
            "notes": data["notes"],
        }

    @staticmethod
    def suggested_date():
        """Next week, same weekday: a sensible default for a new night."""
        return (timezone.localtime() + timedelta(days=7)).date()


class JoinForm(forms.Form):
    message = forms.CharField(
        label="A note for the directors (optional)",
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "e.g. I play Five Hundred most weeks"}),
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Membership.Role.choices)


class WalkInForm(forms.Form):
    # One of the two is needed, so neither is marked "(optional)".
    hide_optional = True

    username = forms.CharField(
        label="Username of a site member",
        max_length=150,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    guest_name = forms.CharField(
        label="…or a guest's name (no account)",
        max_length=100,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("username", "").strip() and not cleaned.get("guest_name", "").strip():
            raise forms.ValidationError("Give a username or a guest's name.")
        return cleaned
