"""Clubs, their members and their club nights.

The rules (who may do what, capacity, the waitlist) live in `clubs.services`; the models hold the
data, the database constraints that keep it consistent, and read-only helpers for pages.
"""

from datetime import timedelta

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Case, Count, IntegerField, OuterRef, Q, Subquery, When
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from accounts.names import NameKeyField, NameSlugField, name_key, name_slug, with_key_field
from accounts.zones import site_zone_name, validate_zone, zone
from core.choices import Game


def name_taken_message(existing: str) -> str:
    """What to say when a name counts as the same as the club called `existing`."""
    return _(
        "There is already a club called “%(name)s”, and names that differ only in capitals, "
        "accents or spacing count as the same. Choose another name."
    ) % {"name": existing}


class Club(models.Model):
    name = models.CharField(gettext_lazy("name"), max_length=100)
    name_key = NameKeyField(
        verbose_name=gettext_lazy("name key"),
        source="name",
        help_text=gettext_lazy(
            "The name as compared (accounts.names.name_key): no two clubs share it."
        ),
    )
    slug = NameSlugField(verbose_name=gettext_lazy("slug"), max_length=110, unique=True)
    time_zone = models.CharField(
        gettext_lazy("time zone"),
        max_length=64,
        default=site_zone_name,
        validators=[validate_zone],
        help_text=gettext_lazy(
            "The IANA zone the club meets in, e.g. Asia/Kolkata: its nights, registration times "
            "and schedules are in this zone."
        ),
    )
    about = models.TextField(gettext_lazy("about"), blank=True)
    venue = models.CharField(gettext_lazy("home venue"), max_length=200, blank=True)
    games = models.JSONField(
        gettext_lazy("games"),
        default=list,
        blank=True,
        help_text=gettext_lazy("Games the club plays: five_hundred, pitch."),
    )
    is_open = models.BooleanField(
        gettext_lazy("open club"),
        default=True,
        help_text=gettext_lazy(
            "Open clubs let anyone join at once; closed clubs take requests that a "
            "director approves."
        ),
    )
    language = models.CharField(
        gettext_lazy("language"),
        max_length=10,
        blank=True,
        help_text=gettext_lazy(
            "The language the club's public pages speak to visitors who haven't chosen "
            "one (one of settings.LANGUAGES); blank: the visitor's browser decides."
        ),
    )
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    members = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        through="Membership",
        related_name="clubs",
        verbose_name=gettext_lazy("members"),
    )

    class Meta:
        verbose_name = gettext_lazy("club")
        verbose_name_plural = pgettext_lazy("card clubs", "clubs")
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["name_key"], name="unique_club_name"),
        ]

    def __str__(self):
        return self.name

    def save(self, *args, update_fields=None, **kwargs):
        update_fields = with_key_field(update_fields, ["name"], "name_key")
        super().save(*args, update_fields=update_fields, **kwargs)

    def get_absolute_url(self):
        return reverse("clubs:detail", args=[self.slug])

    @property
    def zoneinfo(self):
        """The club's zone as a tzinfo (the site's zone if the stored name is unknown)."""
        return zone(self.time_zone)

    def clean(self):
        """For the admin's forms: the same refusal as the services give (clubs.services)."""
        super().clean()
        other = Club.named_like(self.name, exclude_pk=self.pk)
        if other is not None:
            raise ValidationError({"name": name_taken_message(other.name)})

    @staticmethod
    def named_like(name: str, *, exclude_pk=None) -> "Club | None":
        """Another club whose name counts as the same as `name` (see accounts.names)."""
        key = name_key(name)
        if not key:
            return None
        return Club.objects.filter(name_key=key).exclude(pk=exclude_pk).first()

    @property
    def game_labels(self) -> list[str]:
        return [label for value, label in Game.choices if value in (self.games or [])]

    # Paths under /clubs/ that are pages, not clubs.
    RESERVED_SLUGS = frozenset({"new", "my-nights", "calendar"})

    @classmethod
    def unique_slug(cls, name: str) -> str:
        base = name_slug(name)[:100].strip("-") or "club"
        slug, n = base, 2
        while slug in cls.RESERVED_SLUGS or cls.objects.filter(slug=slug).exists():
            slug = f"{base}-{n}"
            n += 1
        return slug


class Membership(models.Model):
    class Role(models.TextChoices):
        OWNER = "owner", gettext_lazy("Owner")
        DIRECTOR = "director", gettext_lazy("Director")
        MEMBER = "member", gettext_lazy("Member")

    club = models.ForeignKey(
        Club,
        verbose_name=gettext_lazy("club"),
        on_delete=models.CASCADE,
        related_name="memberships",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="memberships",
        verbose_name=gettext_lazy("user"),
    )
    role = models.CharField(
        gettext_lazy("role"), max_length=10, choices=Role.choices, default=Role.MEMBER
    )
    joined_at = models.DateTimeField(gettext_lazy("joined at"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("membership")
        verbose_name_plural = gettext_lazy("memberships")
        ordering = ["club", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="unique_membership"),
        ]

    def __str__(self):
        return f"{self.user} in {self.club} ({self.get_role_display()})"

    @property
    def is_director(self) -> bool:
        """Owners are directors too: they can do everything a director can."""
        return self.role in (self.Role.OWNER, self.Role.DIRECTOR)

    @property
    def is_owner(self) -> bool:
        return self.role == self.Role.OWNER


class JoinRequest(models.Model):
    """A request to join a closed club; a director approves or declines it."""

    class Status(models.TextChoices):
        PENDING = "pending", gettext_lazy("Pending")
        APPROVED = "approved", gettext_lazy("Approved")
        DECLINED = "declined", gettext_lazy("Declined")

    club = models.ForeignKey(
        Club,
        verbose_name=gettext_lazy("club"),
        on_delete=models.CASCADE,
        related_name="join_requests",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="join_requests",
        verbose_name=gettext_lazy("user"),
    )
    message = models.CharField(gettext_lazy("message"), max_length=300, blank=True)
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    decided_at = models.DateTimeField(gettext_lazy("decided at"), null=True, blank=True)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("decided by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    class Meta:
        verbose_name = gettext_lazy("request to join")
        verbose_name_plural = gettext_lazy("requests to join")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["club", "user"],
                condition=Q(status="pending"),
                name="one_pending_join_request",
            ),
        ]

    def __str__(self):
        return f"{self.user} asks to join {self.club} ({self.get_status_display()})"


class ClubNightQuerySet(models.QuerySet):
    def scheduled(self):
        return self.filter(status=ClubNight.Status.SCHEDULED)

    def upcoming(self):
        """Nights that have not started yet, soonest first (cancelled ones included)."""
        return self.filter(starts_at__gte=timezone.now()).order_by("starts_at")

    def past(self):
        return self.filter(starts_at__lt=timezone.now()).order_by("-starts_at")

    def with_counts(self):
        return self.annotate(
            seats_taken=Count(
                "registrations", filter=Q(registrations__status__in=Registration.SEAT_STATUSES)
            ),
            waiting_count=Count(
                "registrations", filter=Q(registrations__status=Registration.Status.WAITLISTED)
            ),
        )


class ClubNight(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", gettext_lazy("Scheduled")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    club = models.ForeignKey(
        Club, verbose_name=gettext_lazy("club"), on_delete=models.CASCADE, related_name="nights"
    )
    title = models.CharField(
        gettext_lazy("title"),
        max_length=100,
        blank=True,
        help_text=gettext_lazy("Optional, e.g. “Christmas Five Hundred”."),
    )
    starts_at = models.DateTimeField(gettext_lazy("starts at"), db_index=True)
    duration_minutes = models.PositiveSmallIntegerField(
        gettext_lazy("duration minutes"), default=180
    )
    venue = models.CharField(gettext_lazy("venue"), max_length=200)
    game = models.CharField(
        gettext_lazy("game"), max_length=20, choices=Game.choices, default=Game.FIVE_HUNDRED
    )
    capacity = models.PositiveIntegerField(
        gettext_lazy("capacity"),
    )
    registration_opens_at = models.DateTimeField(
        gettext_lazy("registration opens at"),
    )
    registration_closes_at = models.DateTimeField(
        gettext_lazy("registration closes at"),
    )
    notes = models.TextField(gettext_lazy("notes"), blank=True)
    members_only = models.BooleanField(
        gettext_lazy("members only"),
        default=True,
        help_text=gettext_lazy("Members only, or open to guests (anyone signed in)."),
    )
    status = models.CharField(
        gettext_lazy("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("created by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    cancelled_at = models.DateTimeField(gettext_lazy("cancelled at"), null=True, blank=True)
    cancellation_emailed_at = models.DateTimeField(
        gettext_lazy("cancellation emailed at"), null=True, blank=True
    )
    # Goes up whenever the night's registrations (or its capacity or status) change; the night
    # page and the check-in board hear it through the night's live stream (core.live).
    registrations_version = models.PositiveIntegerField(
        gettext_lazy("registrations version"), default=0
    )

    objects = ClubNightQuerySet.as_manager()

    class Meta:
        verbose_name = gettext_lazy("club night")
        verbose_name_plural = gettext_lazy("club nights")
        ordering = ["starts_at", "id"]
        constraints = [
            models.CheckConstraint(condition=Q(capacity__gte=1), name="night_capacity_positive"),
            models.CheckConstraint(
                condition=Q(registration_opens_at__lt=models.F("registration_closes_at")),
                name="night_registration_window_ordered",
            ),
        ]

    def __str__(self):
        local = timezone.localtime(self.starts_at, self.club.zoneinfo)
        return f"{self.club} — {self.name} ({local:%Y-%m-%d %H:%M} {self.club.time_zone})"

    def get_absolute_url(self):
        return reverse("clubs:night_detail", args=[self.club.slug, self.pk])

    @property
    def name(self) -> str:
        return self.title or _("%(game)s night") % {"game": self.get_game_display()}

    @property
    def ends_at(self):
        return self.starts_at + timedelta(minutes=self.duration_minutes)

    @property
    def is_cancelled(self) -> bool:
        return self.status == self.Status.CANCELLED

    @property
    def has_started(self) -> bool:
        return self.starts_at <= timezone.now()

    def registration_state(self, now=None) -> str:
        """One of: cancelled, started, not_open, closed, open."""
        now = now or timezone.now()
        if self.is_cancelled:
            return "cancelled"
        if self.starts_at <= now:
            return "started"
        if now < self.registration_opens_at:
            return "not_open"
        if now >= self.registration_closes_at:
            return "closed"
        return "open"

    # Who is coming. The counts are live queries; pages that list many nights use with_counts().
    def seat_holders(self):
        return self.registrations.filter(status__in=Registration.SEAT_STATUSES)

    def waitlist(self):
        return self.registrations.filter(status=Registration.Status.WAITLISTED).order_by(
            "waitlist_position"
        )

    def checked_in(self):
        """The players checked in on the night, in check-in order: who tournaments will seat.

        Each is a Registration: `user` for a site account, or `guest_name` for a walk-in guest;
        `player_name` gives the name to show either way.
        """
        return (
            self.registrations.filter(status=Registration.Status.CHECKED_IN)
            .select_related("user")
            .order_by("checked_in_at", "id")
        )

    def seats_taken_count(self) -> int:
        return self.seat_holders().count()

    def seats_left(self) -> int:
        return max(self.capacity - self.seats_taken_count(), 0)


class RegistrationQuerySet(models.QuerySet):
    def active(self):
        return self.exclude(status=Registration.Status.CANCELLED)

    def upcoming(self, now=None):
        """Places at nights that are still to come, soonest first: the night is scheduled (not
        cancelled) and hasn't started, and the place is a seat, a place on the waitlist or a
        check-in. Each row has its night and club loaded and its waitlist rank annotated.

        The one meaning of "my upcoming nights" (`clubs.selectors.upcoming_registrations`); a
        lower app asks it through the reverse relation (`user.night_registrations.upcoming()`)
        without importing clubs."""
        now = now or timezone.now()
        return (
            self.filter(
                status__in=(
                    Registration.Status.REGISTERED,
                    Registration.Status.WAITLISTED,
                    Registration.Status.CHECKED_IN,
                ),
                night__status=ClubNight.Status.SCHEDULED,
                night__starts_at__gte=now,
            )
            .select_related("night", "night__club")
            .with_waitlist_rank()
            .order_by("night__starts_at", "night_id")
        )

    def with_waitlist_rank(self):
        """Each row's `waitlist_rank()` in the same query (for lists: no query a row)."""
        waiting = Registration.Status.WAITLISTED
        ahead = (
            Registration.objects.filter(
                night_id=OuterRef("night_id"),
                status=waiting,
                waitlist_position__lt=OuterRef("waitlist_position"),
            )
            .order_by()
            .values("night_id")
            .annotate(count=Count("pk"))
            .values("count")
        )
        return self.annotate(
            annotated_waitlist_rank=Case(
                When(status=waiting, then=Coalesce(Subquery(ahead), 0) + 1),
                default=None,
                output_field=IntegerField(),
            )
        )


class Registration(models.Model):
    """One person's place at a club night: a seat, a place on the waitlist, or a walk-in.

    A person has at most one row per night; cancelling keeps the row (status cancelled) and
    registering again reuses it.
    """

    class Status(models.TextChoices):
        REGISTERED = "registered", gettext_lazy("Registered")
        WAITLISTED = "waitlisted", gettext_lazy("Waitlisted")
        CHECKED_IN = "checked_in", gettext_lazy("Checked in")
        NO_SHOW = "no_show", gettext_lazy("No-show")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    # The statuses that hold one of the night's seats.
    SEAT_STATUSES = (Status.REGISTERED, Status.CHECKED_IN, Status.NO_SHOW)

    night = models.ForeignKey(
        ClubNight,
        verbose_name=gettext_lazy("night"),
        on_delete=models.CASCADE,
        related_name="registrations",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("user"),
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="night_registrations",
    )
    guest_name = models.CharField(
        gettext_lazy("guest name"),
        max_length=100,
        blank=True,
        help_text=gettext_lazy("For a walk-in guest without an account."),
    )
    status = models.CharField(
        gettext_lazy("status"), max_length=12, choices=Status.choices, db_index=True
    )
    waitlist_position = models.PositiveIntegerField(
        gettext_lazy("waitlist position"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Queue number while waitlisted (lower goes first)."),
    )
    walk_in = models.BooleanField(gettext_lazy("walk in"), default=False)
    created_at = models.DateTimeField(gettext_lazy("created at"), auto_now_add=True)
    updated_at = models.DateTimeField(gettext_lazy("updated at"), auto_now=True)
    promoted_at = models.DateTimeField(gettext_lazy("promoted at"), null=True, blank=True)
    promotion_emailed_at = models.DateTimeField(
        gettext_lazy("promotion emailed at"), null=True, blank=True
    )
    checked_in_at = models.DateTimeField(gettext_lazy("checked in at"), null=True, blank=True)
    checked_in_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=gettext_lazy("checked in by"),
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )

    objects = RegistrationQuerySet.as_manager()

    class Meta:
        verbose_name = gettext_lazy("registration")
        verbose_name_plural = gettext_lazy("registrations")
        ordering = ["night", "created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["night", "user"],
                condition=Q(user__isnull=False),
                name="unique_registration_per_user_per_night",
            ),
            models.UniqueConstraint(
                fields=["night", "waitlist_position"],
                condition=Q(status="waitlisted"),
                name="unique_waitlist_position_per_night",
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(guest_name=""),
                name="registration_has_a_player",
            ),
            models.CheckConstraint(
                condition=(Q(status="waitlisted") & Q(waitlist_position__isnull=False))
                | (~Q(status="waitlisted") & Q(waitlist_position__isnull=True)),
                name="waitlist_position_iff_waitlisted",
            ),
        ]

    def __str__(self):
        return f"{self.player_name} at {self.night} ({self.get_status_display()})"

    @property
    def player_name(self) -> str:
        return self.user.shown_name if self.user_id else self.guest_name

    @property
    def holds_seat(self) -> bool:
        return self.status in self.SEAT_STATUSES

    def waitlist_rank(self) -> int | None:
        """1 for the first person waiting, 2 for the next…; None when not waitlisted."""
        if self.status != self.Status.WAITLISTED:
            return None
        annotated = getattr(self, "annotated_waitlist_rank", None)
        if annotated is not None:  # from RegistrationQuerySet.with_waitlist_rank()
            return annotated
        return (
            Registration.objects.filter(
                night_id=self.night_id,
                status=self.Status.WAITLISTED,
                waitlist_position__lt=self.waitlist_position,
            ).count()
            + 1
        )
