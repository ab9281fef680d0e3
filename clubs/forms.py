"""Forms for the club pages. They parse and present; `clubs.services` decides and saves."""

from datetime import datetime, timedelta

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from accounts.languages import language_choices
from accounts.zones import site_zone_name, zone_menu, zone_place
from core.choices import Game
from core.names import validate_shown_name

from .models import ClubNight, Membership
from .times import NoSuchTime, club_moment, club_wall_clock


class DateTimeLocalInput(forms.DateTimeInput):
    input_type = "datetime-local"

    def __init__(self, attrs=None):
        super().__init__(attrs, format="%Y-%m-%dT%H:%M")


class WallClockField(forms.DateTimeField):
    """A date and time as the club's clocks show it, kept as typed (no zone): the form reads it
    with `wall_clock_moment`, as it reads a night's start. Django's own field reads it in the
    active zone, and refuses the hour the clocks repeat in words no player should see."""

    widget = DateTimeLocalInput

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, datetime):
            return value
        try:
            result = parse_datetime(value.strip())
        except ValueError:
            raise ValidationError(self.error_messages["invalid"], code="invalid") from None
        # Not ISO: the input formats (strptime gives a naive datetime).
        return result or forms.BaseTemporalField.to_python(self, value)


def wall_clock_moment(form: forms.Form, name: str, moment: datetime | None, club):
    """A WallClockField's value read as the club's clocks (a repeated hour at its first pass);
    a time the clocks skip is the field's error, and None."""
    if moment is None:
        return None
    wall = timezone.make_naive(moment) if timezone.is_aware(moment) else moment
    try:
        return club_moment(wall.date(), wall.time(), club)
    except NoSuchTime as error:
        form.add_error(name, str(error))
        return None


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=100, validators=[validate_shown_name])
    about = forms.CharField(
        label=_("About"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        help_text=_("When and where you play, who is welcome, anything a newcomer should know."),
    )
    venue = forms.CharField(
        label=_("Home venue"),
        max_length=200,
        required=False,
        validators=[validate_shown_name],
        help_text=_("Where club nights usually are, e.g. “Scout Hall, 12 Gum St, Ballarat”."),
    )
    games = forms.MultipleChoiceField(
        label=_("Games played"),
        choices=Game.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )
    is_open = forms.TypedChoiceField(
        label=_("Joining"),
        choices=[
            ("1", _("Open: anyone signed in can join at once")),
            ("0", _("Closed: people ask to join and a director approves")),
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

    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=zone_menu,
        required=False,
        help_text=_(
            "Where the club meets: its nights, registration times and schedules are in this "
            "zone. Only an owner can change it."
        ),
    )

    def __init__(self, *args, creating: bool = False, may_change_zone: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["time_zone"]
        # In the reader's language, the common zones first; each zone by its main name, and the
        # club's own zone whatever its name.
        field.choices = zone_menu(self.initial.get("time_zone") or "")
        if creating:
            # static/js/time-zone.js sets the zone the browser reports (the site's without it).
            self.initial.setdefault("time_zone", site_zone_name())
            field.widget.attrs["data-browser-zone"] = ""
            field.help_text = _(
                "Where the club meets: its nights, registration times and schedules are in "
                "this zone. We suggest the zone your device is set to."
            )
        if not may_change_zone:
            field.disabled = True

    def clean_time_zone(self):
        """Left out (an older form, a script): the club's zone stays, a new club gets the
        site's."""
        return (
            self.cleaned_data.get("time_zone")
            or self.initial.get("time_zone")
            or (site_zone_name())
        )

    @classmethod
    def for_club(cls, club, data=None, *, may_change_zone: bool = True):
        initial = {
            "language": club.language,
            "name": club.name,
            "about": club.about,
            "venue": club.venue,
            "games": club.games,
            "is_open": "1" if club.is_open else "0",
            "time_zone": club.time_zone,
        }
        return cls(data=data, initial=initial, may_change_zone=may_change_zone)


DURATIONS = [
    (120, _("2 hours")),
    (150, _("2.5 hours")),
    (180, _("3 hours")),
    (210, _("3.5 hours")),
    (240, _("4 hours")),
    (300, _("5 hours")),
    (360, _("6 hours")),
]


class NightForm(forms.Form):
    title = forms.CharField(
        label=_("Title"),
        max_length=100,
        required=False,
        validators=[validate_shown_name],
        help_text=_("Blank gives “Five Hundred night” or “Auction Pitch night”."),
    )
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    start_time = forms.TimeField(
        label=_("Start time"),
        widget=forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        initial="19:00",
    )
    duration_minutes = forms.TypedChoiceField(
        label=_("Length"), choices=DURATIONS, coerce=int, initial=180
    )
    game = forms.ChoiceField(label=_("Game"), choices=Game.choices, widget=forms.RadioSelect)
    venue = forms.CharField(
        label=_("Venue"),
        max_length=200,
        required=False,
        help_text=_("Blank: the club's venue."),
        validators=[validate_shown_name],
    )
    capacity = forms.IntegerField(
        label=_("Capacity"),
        min_value=1,
        max_value=1000,
        initial=16,
        help_text=_("Seats available. Five Hundred tables seat 4; Pitch tables 4 or 6."),
    )
    members_only = forms.TypedChoiceField(
        label=_("Who can register"),
        choices=[
            ("1", _("Club members only")),
            ("0", _("Open to guests (anyone signed in)")),
        ],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    registration_opens_at = WallClockField(
        label=_("Registration opens"),
        required=False,
        help_text=_("Blank: open now."),
    )
    registration_closes_at = WallClockField(
        label=_("Registration closes"),
        required=False,
        help_text=_("Blank: when the night starts."),
    )
    notes = forms.CharField(
        label=_("Notes"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=_("Table fees, supper, parking — whatever players should know."),
    )

    # Services name the combined start `starts_at`; on this form it is the date field.
    SERVICE_FIELDS = {"starts_at": "date"}

    def __init__(self, *args, club, **kwargs):
        """Every date and time on the form is the club's wall-clock time (`club.time_zone`)."""
        super().__init__(*args, **kwargs)
        self.club = club
        if not self.is_bound:
            self.fields["venue"].widget.attrs["placeholder"] = club.venue
            if club.games and "game" not in self.initial:
                self.initial["game"] = club.games[0]
        self.initial.setdefault("game", Game.FIVE_HUNDRED)
        in_zone = _("In the club's time zone, %(zone)s.") % {"zone": zone_place(club.time_zone)}
        self.fields["start_time"].help_text = in_zone
        for name in ("registration_opens_at", "registration_closes_at"):
            self.fields[name].help_text = f"{self.fields[name].help_text} {in_zone}"

    @classmethod
    def for_night(cls, night: ClubNight, data=None):
        club = night.club
        local = club_wall_clock(night.starts_at, club)
        initial = {
            "title": night.title,
            "date": local.date(),
            "start_time": local.time().replace(second=0, microsecond=0),
            "duration_minutes": night.duration_minutes,
            "game": night.game,
            "venue": night.venue,
            "capacity": night.capacity,
            "members_only": "1" if night.members_only else "0",
            "registration_opens_at": club_wall_clock(night.registration_opens_at, club),
            "registration_closes_at": club_wall_clock(night.registration_closes_at, club),
            "notes": night.notes,
        }
        return cls(data=data, initial=initial, club=club)

    def clean(self):
        cleaned = super().clean()
        day, start = cleaned.get("date"), cleaned.get("start_time")
        if day and start:
            try:
                cleaned["starts_at"] = club_moment(day, start, self.club)
            except NoSuchTime as error:
                self.add_error("start_time", str(error))
        for name in ("registration_opens_at", "registration_closes_at"):
            if name in cleaned:
                cleaned[name] = wall_clock_moment(self, name, cleaned[name], self.club)
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
    def suggested_date(club):
        """Next week, same weekday (at the club): a sensible default for a new night."""
        return (timezone.localtime(timezone.now(), club.zoneinfo) + timedelta(days=7)).date()


class JoinForm(forms.Form):
    message = forms.CharField(
        label=_("A note for the directors"),
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"placeholder": _("e.g. I play Five Hundred most weeks")}),
    )


class RoleForm(forms.Form):
    role = forms.ChoiceField(label=_("Role"), choices=Membership.Role.choices)


class WalkInForm(forms.Form):
    # One of the two is needed, so neither is marked "(optional)".
    hide_optional = True

    username = forms.CharField(
        label=_("Username of a site member"),
        max_length=150,
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )
    guest_name = forms.CharField(
        label=_("…or a guest's name (no account)"),
        max_length=100,
        required=False,
        validators=[validate_shown_name],
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("username", "").strip() and not cleaned.get("guest_name", "").strip():
            raise forms.ValidationError(_("Give a username or a guest's name."))
        return cleaned
