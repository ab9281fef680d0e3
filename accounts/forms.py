from django import forms
from django.contrib.auth.forms import PasswordResetForm, UserCreationForm
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.choices import Game

from .languages import in_language_of, language_choices
from .limits import password_reset_allowed
from .models import User
from .names import name_key
from .zones import canonical_zone, is_zone, site_zone_name, zone_city, zone_menu


class GamesField(forms.MultipleChoiceField):
    widget = forms.CheckboxSelectMultiple

    def __init__(self, **kwargs):
        kwargs.setdefault("choices", Game.choices)
        kwargs.setdefault("required", False)
        kwargs.setdefault("label", gettext_lazy("Games you play"))
        super().__init__(**kwargs)


class SignupForm(UserCreationForm):
    display_name = forms.CharField(
        label=gettext_lazy("Display name"),
        max_length=60,
        required=False,
        help_text=gettext_lazy("The name other players see, e.g. “Marg T.”. Blank: your username."),
    )
    email = forms.EmailField(
        label=gettext_lazy("Email"),
        help_text=gettext_lazy(
            "For password resets and news such as a seat coming free. Never shown to others."
        ),
    )
    games = GamesField()
    # The zone this device is set to, filled in by static/js/time-zone.js: a new member's pages
    # then show their own clock from the start (the site's zone without JavaScript, or for a
    # zone we don't know). They can change it on their profile.
    time_zone = forms.CharField(
        required=False,
        max_length=64,
        widget=forms.HiddenInput(attrs={"data-browser-zone": ""}),
    )

    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "display_name", "email")

    def clean_username(self):
        """Django's check (no other account has this username, whatever its case), then ours:
        none whose username reads the same (accounts.names.name_key: compatibility forms,
        accents on Latin letters, invisible characters)."""
        username = super().clean_username()
        key = name_key(username)
        if key and User.objects.filter(username_key=key).exists():
            raise forms.ValidationError(
                _(
                    "That username reads the same as one already taken. Choose a username "
                    "that tells you apart."
                ),
                code="unique",
            )
        return username

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _("An account already uses this email. Log in, or reset your password.")
            )
        return email

    def clean_time_zone(self) -> str:
        zone = (self.cleaned_data.get("time_zone") or "").strip()
        return canonical_zone(zone) if is_zone(zone) else ""

    def save(self, commit=True):
        user = super().save(commit=False)
        user.games = [g for g in Game.values if g in self.cleaned_data.get("games", [])]
        user.time_zone = self.cleaned_data.get("time_zone", "")
        if commit:
            user.save()
        return user


class ProfileForm(forms.ModelForm):
    games = GamesField()
    language = forms.ChoiceField(
        label=gettext_lazy("Language"),
        choices=lambda: [("", gettext_lazy("As my browser asks")), *language_choices()],
        required=False,
        help_text=gettext_lazy("The site, your emails and your notices come in this language."),
    )

    class Meta:
        model = User
        fields = ("display_name", "email", "games", "time_zone", "language")
        labels = {"display_name": gettext_lazy("Display name"), "email": gettext_lazy("Email")}
        help_texts = {
            "display_name": gettext_lazy("The name other players see. Blank: your username."),
            "email": gettext_lazy("For password resets and news such as a seat coming free."),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["time_zone"]
        site = _("The site's zone (%(zone)s)") % {"zone": zone_city(site_zone_name())}
        # The zones named in the reader's language, the IANA name after each (accounts.zones).
        field.widget = forms.Select(choices=[("", site), *zone_menu(self.instance.time_zone or "")])

    def clean_email(self):
        email = self.cleaned_data["email"].strip()
        if email and User.objects.filter(email__iexact=email).exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(_("Another account already uses this email."))
        return email

    def clean_display_name(self):
        """Refuse a name that another member of one of your clubs goes by (compared as
        accounts.names does): pages, standings and notices show display names, so one member
        could pass for another."""
        display_name = " ".join(self.cleaned_data.get("display_name", "").split())
        shown = display_name or self.instance.username
        other = self.instance.namesake(shown)
        if other is not None:
            if display_name:
                message = _(
                    "A member of %(club)s already goes by “%(name)s”. Choose a name that tells "
                    "you apart."
                ) % {"club": other.club.name, "name": other.user.shown_name}
            else:
                message = _(
                    "Without a display name you'd be shown as “%(name)s”, which a member of "
                    "%(club)s already goes by. Choose a display name."
                ) % {"club": other.club.name, "name": shown}
            raise forms.ValidationError(message)
        return display_name

    def clean_games(self):
        chosen = self.cleaned_data.get("games") or []
        return [g for g in Game.values if g in chosen]


class LimitedPasswordResetForm(PasswordResetForm):
    """Django's reset form, sending at most a few emails an hour to one address.

    Over the limit it finds no one to email: the page that follows is the same as ever, so it
    tells nobody whether an account uses the address.
    """

    def get_users(self, email):
        if not password_reset_allowed(email):
            return iter(())
        return super().get_users(email)

    def send_mail(self, subject_template_name, email_template_name, context, *args, **kwargs):
        """The email goes out in the language its recipient reads the site in."""
        with in_language_of(context["user"]):
            super().send_mail(subject_template_name, email_template_name, context, *args, **kwargs)
