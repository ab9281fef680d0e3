import secrets

from django.contrib.auth.models import AbstractUser
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from core.choices import Game

from .names import (
    NameKeyField,
    ScriptUsernameValidator,
    name_key,
    validate_display_name,
    with_key_field,
)
from .zones import validate_zone


def new_calendar_token() -> str:
    """A secret for the member's calendar feed URL (calendar apps fetch it without a session)."""
    return secrets.token_urlsafe(24)


class User(AbstractUser):
    """A member of the site. `display_name` is what other players see."""

    username = models.CharField(
        _("username"),
        max_length=150,
        unique=True,
        help_text=_(
            "150 characters or fewer: letters and vowel signs in any script, digits and "
            ". @ + - _ only."
        ),
        validators=[ScriptUsernameValidator()],
        error_messages={"unique": _("A user with that username already exists.")},
    )
    username_key = NameKeyField(
        source="username",
        db_index=True,
        help_text="The username as compared (accounts.names.name_key): sign-up refuses one that "
        "reads the same as a username already taken.",
    )
    display_name = models.CharField(
        _("display name"), max_length=60, blank=True, validators=[validate_display_name]
    )
    shown_name_key = NameKeyField(
        source=["display_name", "username"],
        db_index=True,
        verbose_name=_("shown name key"),
        help_text=_(
            "The shown name as compared (accounts.names.name_key): two members of one club never "
            "share it."
        ),
    )
    games = models.JSONField(
        _("games"),
        default=list,
        blank=True,
        help_text=_("The games this player plays (their codes)."),
    )
    calendar_token = models.CharField(
        _("calendar token"),
        max_length=64,
        unique=True,
        default=new_calendar_token,
        editable=False,
        help_text=_("Secret part of this member's calendar feed URL."),
    )
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        blank=True,
        validators=[validate_zone],
        help_text=_(
            "The zone your dashboard, My nights and notices are shown in. Blank: the site's."
        ),
    )
    language = models.CharField(
        _("language"),
        max_length=10,
        blank=True,
        help_text=_(
            "The language the site speaks to this member, and their emails and notices come in "
            "(one of settings.LANGUAGES). Blank: the browser's."
        ),
    )

    class Meta(AbstractUser.Meta):
        verbose_name = _("member")
        verbose_name_plural = _("members")

    def __str__(self):
        return self.display_name or self.username

    @property
    def shown_name(self) -> str:
        return self.display_name or self.username

    def namesake(self, name: str, club_ids=None):
        """The membership of another member, in one of `club_ids` (default: the clubs this
        user is in), whose shown name counts as the same as `name` (accounts.names.name_key):
        with both in one club, one could pass for the other. None when there is none.

        Clubs are reached through the user's relations, so this app imports nothing from clubs.
        """
        key = name_key(name)
        if not key:
            return None
        memberships = self.memberships.model.objects
        if club_ids is None:
            club_ids = self.memberships.values("club_id")
        return (
            memberships.filter(club_id__in=club_ids, user__shown_name_key=key)
            .exclude(user_id=self.pk)
            .select_related("club", "user")
            .order_by("club__name")
            .first()
        )

    @property
    def game_labels(self) -> list[str]:
        """The labels of the games this player plays, in the site's order."""
        return [label for value, label in Game.choices if value in (self.games or [])]

    def save(self, *args, update_fields=None, **kwargs):
        update_fields = with_key_field(
            update_fields, ["display_name", "username"], "shown_name_key"
        )
        update_fields = with_key_field(update_fields, ["username"], "username_key")
        # set_password() leaves the new password in _password until the save: whatever changed it
        # (the password change and reset forms, the admin, `changepassword`), every API token of
        # the account stops working with the old password.
        password_changed = self._password is not None and self.pk is not None
        with transaction.atomic():
            super().save(*args, update_fields=update_fields, **kwargs)
            if password_changed:
                from .tokens import tokens_revoke_all

                tokens_revoke_all(self)

    def reset_calendar_token(self) -> None:
        self.calendar_token = new_calendar_token()
        self.save(update_fields=["calendar_token"])


class NoticeQuerySet(models.QuerySet):
    def unread(self):
        return self.filter(read_at__isnull=True)

    def mark_read(self) -> int:
        return self.unread().update(read_at=timezone.now())


class Notice(models.Model):
    """An in-site notice for one user (promoted from a waitlist, a request approved, …).

    New notices are stored as a message `key` and its `params` (accounts.notices) and rendered in
    the reader's language when read (`message`); `text` keeps the English wording, for the admin
    and for notices written before keys existed (their key is blank and `text` is all there is).
    """

    user = models.ForeignKey(
        User, on_delete=models.CASCADE, related_name="notices", verbose_name=_("member")
    )
    key = models.CharField(
        _("message key"),
        max_length=80,
        blank=True,
        help_text=_("Which message this is (accounts.notices); blank for older notices."),
    )
    params = models.JSONField(
        _("message parameters"),
        default=dict,
        blank=True,
        help_text=_("The values the message's placeholders take."),
    )
    text = models.CharField(_("text (English)"), max_length=300)
    url = models.CharField(_("link"), max_length=300, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)

    objects = NoticeQuerySet.as_manager()

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["user", "read_at"])]
        verbose_name = _("notice")
        verbose_name_plural = _("notices")

    def __str__(self):
        return f"{self.user}: {self.text}"

    @property
    def message(self) -> str:
        """The notice in the active language (the reader's)."""
        from .notices import notice_message

        return notice_message(self.key, self.params, self.text)

    @property
    def is_read(self) -> bool:
        return self.read_at is not None
