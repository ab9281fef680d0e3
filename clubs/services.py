"""Everything that changes clubs, memberships, nights and registrations.

Each service runs in one transaction, locks the row that guards its rule (the club for roles, the
night for seats), checks who is asking, and raises a `ClubError` with a message for people when
the request can't be done — in which case nothing has changed. Pages turn the error into a form
error or message; the API into HTTP 400, 403 or 409 with the message as the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Max
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.languages import language_codes
from accounts.names import name_key
from accounts.notices import moment_param, notice_send
from accounts.zones import canonical_zone, is_zone, same_zone, site_zone_name, user_zone_name
from core import live
from core.choices import Game
from core.dates import out_of_reach
from core.enqueue import enqueue_on_commit
from core.errors import ServiceError
from core.names import shown_name_problem

from .models import Club, ClubNight, JoinRequest, Membership, Registration, name_taken_message
from .permissions import club_access, is_sole_owner
from .times import club_time_text

Role = Membership.Role
Status = Registration.Status


# Errors ------------------------------------------------------------------------------------------


class ClubError(ServiceError):
    """A request about a club that can't be done (see core.errors)."""


class InvalidInput(ClubError):
    """The values given don't make sense (HTTP 400)."""


class NotAllowed(ClubError):
    """This person may not do this (HTTP 403)."""

    status_code = 403
    code = "not_allowed"


class Conflict(ClubError):
    """The request clashes with the current state of things (HTTP 409)."""

    status_code = 409
    code = "conflict"


class AlreadyMember(Conflict):
    code = "already_member"


class RequestPending(Conflict):
    code = "request_pending"


class LastOwner(Conflict):
    code = "last_owner"


class AlreadyRegistered(Conflict):
    code = "already_registered"


class RegistrationNotOpen(Conflict):
    code = "registration_not_open"


class RegistrationClosed(Conflict):
    code = "registration_closed"


class NightStarted(Conflict):
    code = "night_started"


class NightCancelled(Conflict):
    code = "night_cancelled"


class MembersOnly(NotAllowed):
    code = "members_only"


class CapacityTooSmall(Conflict):
    code = "capacity_too_small"


class DisplayNameTaken(Conflict):
    """A member of the club already goes by the joiner's name (HTTP 409)."""

    code = "display_name_taken"


class NameTaken(InvalidInput):
    """Another club already has this name, or one that reads the same (HTTP 400)."""

    code = "name_taken"


# Helpers -----------------------------------------------------------------------------------------


def _when(moment: datetime, club: Club, reader=None) -> str:
    """A time of the club's, as `reader` should read it (see clubs.times)."""
    return club_time_text(moment, club, "l j F, g:i A", reader)


def _require_signed_in(actor) -> None:
    if actor is None or not actor.is_authenticated:
        raise NotAllowed(_("Please log in first."))


def _require_director(actor, club: Club) -> None:
    _require_signed_in(actor)
    if not club_access(actor, club).is_director:
        raise NotAllowed(_("Only the directors of %(club)s can do that.") % {"club": club.name})


def _require_owner(actor, club: Club) -> None:
    _require_signed_in(actor)
    if not club_access(actor, club).is_owner:
        raise NotAllowed(_("Only the owners of %(club)s can do that.") % {"club": club.name})


def _lock_club(club: Club) -> Club:
    return Club.objects.select_for_update().get(pk=club.pk)


def _lock_night(night: ClubNight) -> ClubNight:
    locked = ClubNight.objects.select_for_update().get(pk=night.pk)
    # The club is read, not changed: fetch it separately so the lock stays on the night row.
    locked.club = Club.objects.get(pk=locked.club_id)
    return locked


def _registrations_changed(night: ClubNight) -> None:
    """Bump the locked night's `registrations_version`; once the transaction commits, the night
    page and the check-in board watching its live stream hear the new number (only that: each
    then fetches its own fragment). Announced once per transaction, at the last bump."""
    night.registrations_version += 1
    ClubNight.objects.filter(pk=night.pk).update(registrations_version=night.registrations_version)
    if not getattr(night, "_live_announce", False):
        night._live_announce = True

        def version() -> int:
            night._live_announce = False
            return night.registrations_version

        live.publish_on_commit(f"night:{night.pk}", version)


def _night_notice_params(night: ClubNight, reader) -> dict:
    """A night as a notice names it; its time is written out when the notice is read."""
    return {
        "club": night.club.name,
        "night": night.name,
        "when": moment_param(
            night.starts_at,
            night.club.time_zone,
            "l j F, g:i A",
            name_zone=not same_zone(night.club.time_zone, user_zone_name(reader)),
        ),
    }


def _clean_games(games) -> list[str]:
    games = list(dict.fromkeys(games or []))
    unknown = [g for g in games if g not in Game.values]
    if unknown:
        raise InvalidInput(
            _("Unknown game: %(games)s.") % {"games": ", ".join(map(str, unknown))}, field="games"
        )
    return [g for g in Game.values if g in games]


# Clubs and memberships ---------------------------------------------------------------------------


def _clean_club_fields(name: str, about: str, venue: str, games, *, club_pk=None) -> dict:
    name = " ".join((name or "").split())
    if not name_key(name):
        raise InvalidInput(_("Give the club a name."), field="name")
    if len(name) > 100:
        raise InvalidInput(_("Keep the name to 100 characters."), field="name")
    other = Club.named_like(name, exclude_pk=club_pk)
    if other is not None:
        raise NameTaken(name_taken_message(other.name), field="name")
    return {
        "name": name,
        "about": (about or "").strip(),
        "venue": (venue or "").strip(),
        "games": _clean_games(games),
    }


def _clean_time_zone(time_zone: str | None) -> str:
    time_zone = (time_zone or "").strip()
    if not is_zone(time_zone):
        raise InvalidInput(
            _("“%(zone)s” isn't a time zone we know. Choose one from the list, e.g. Asia/Kolkata.")
            % {"zone": time_zone},
            field="time_zone",
        )
    # An alias is kept as the zone's main name ("Asia/Calcutta" as "Asia/Kolkata"), as sign-up
    # keeps a person's, so the club's zone is one entry of the zone menus.
    return canonical_zone(time_zone)


def _clean_language(code: str) -> str:
    code = (code or "").strip()
    if code and code not in language_codes():
        raise InvalidInput(_("Kookaburra doesn't speak that language yet."), field="language")
    return code


@transaction.atomic
def club_create(
    actor,
    *,
    name: str,
    about: str = "",
    venue: str = "",
    games=(),
    is_open: bool = True,
    time_zone: str | None = None,
    language: str = "",
) -> Club:
    """Anyone signed in can create a club; they become its owner. The club's nights are in
    `time_zone` (an IANA name; the site's zone when none is given)."""
    _require_signed_in(actor)
    fields = _clean_club_fields(name, about, venue, games)
    fields["time_zone"] = _clean_time_zone(time_zone or site_zone_name())
    language = _clean_language(language)
    club = _save_club_name(
        lambda: Club.objects.create(
            slug=Club.unique_slug(fields["name"]),
            is_open=is_open,
            language=language,
            created_by=actor,
            **fields,
        ),
        fields["name"],
    )
    Membership.objects.create(club=club, user=actor, role=Role.OWNER)
    return club


@transaction.atomic
def club_update(actor, club: Club, **changes) -> Club:
    """Directors edit the club's name, about, venue, games and whether it is open; only an
    owner moves it to another time zone (every night's wall-clock time would be read anew)."""
    club = _lock_club(club)
    _require_director(actor, club)
    allowed = {"name", "about", "venue", "games", "is_open", "time_zone", "language"}
    unknown = set(changes) - allowed
    if unknown:
        raise InvalidInput(
            _("These can't be changed: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    current = {
        "name": club.name,
        "about": club.about,
        "venue": club.venue,
        "games": club.games,
    }
    current.update(
        {k: v for k, v in changes.items() if k not in ("is_open", "time_zone", "language")}
    )
    for key, value in _clean_club_fields(**current, club_pk=club.pk).items():
        setattr(club, key, value)
    if "time_zone" in changes and not same_zone(changes["time_zone"] or "", club.time_zone):
        if not club_access(actor, club).is_owner:
            raise NotAllowed(
                _("Only the owners of %(club)s can change its time zone.") % {"club": club.name}
            )
        club.time_zone = _clean_time_zone(changes["time_zone"])
    if "is_open" in changes:
        club.is_open = bool(changes["is_open"])
    if "language" in changes:
        club.language = _clean_language(changes["language"])
    _save_club_name(club.save, club.name, exclude_pk=club.pk)
    return club


def _save_club_name(save, name: str, *, exclude_pk=None):
    """Run `save`; when another club took a name that reads the same in the meantime, the
    database's unique name key refuses it and we say so as the check above would have."""
    try:
        with transaction.atomic():
            return save()
    except IntegrityError as error:
        other = Club.named_like(name, exclude_pk=exclude_pk)
        if other is None:
            raise
        raise NameTaken(name_taken_message(other.name), field="name") from error


def _namesake_in(user, club: Club):
    """A member of `club` whose shown name reads the same as `user`'s (see accounts.names)."""
    return user.namesake(user.shown_name, club_ids=[club.pk])


@dataclass(frozen=True)
class JoinResult:
    """What joining did: a membership at once (open club) or a request to approve."""

    membership: Membership | None = None
    request: JoinRequest | None = None

    @property
    def joined(self) -> bool:
        return self.membership is not None


@transaction.atomic
def club_join(actor, club: Club, *, message: str = "") -> JoinResult:
    _require_signed_in(actor)
    club = _lock_club(club)
    access = club_access(actor, club)
    if access.is_member:
        raise AlreadyMember(_("You're already a member of %(club)s.") % {"club": club.name})
    if access.pending_request:
        raise RequestPending(
            _("Your request to join %(club)s is waiting for a director.") % {"club": club.name}
        )
    if _namesake_in(actor, club) is not None:
        # Pages, standings and notices show display names: two members going by one name
        # could pass for one another.
        raise DisplayNameTaken(
            _(
                "A member of %(club)s already goes by “%(name)s”. Change your display name in "
                "your profile, then join."
            )
            % {"club": club.name, "name": actor.shown_name}
        )
    if club.is_open:
        return JoinResult(membership=Membership.objects.create(club=club, user=actor))
    request = JoinRequest.objects.create(club=club, user=actor, message=(message or "")[:300])
    for director in Membership.objects.filter(
        club=club, role__in=[Role.OWNER, Role.DIRECTOR]
    ).select_related("user"):
        notice_send(
            director.user,
            "clubs.join_asked",
            {"person": actor.shown_name, "club": club.name},
            reverse("clubs:members", args=[club.slug]),
        )
    return JoinResult(request=request)


@transaction.atomic
def join_request_withdraw(actor, club: Club) -> JoinRequest:
    _require_signed_in(actor)
    club = _lock_club(club)
    request = JoinRequest.objects.filter(
        club=club, user=actor, status=JoinRequest.Status.PENDING
    ).first()
    if request is None:
        raise Conflict(_("You have no request waiting at %(club)s.") % {"club": club.name})
    request.delete()
    return request


def _decide(actor, join_request: JoinRequest, approve: bool) -> JoinRequest:
    club = _lock_club(join_request.club)
    _require_director(actor, club)
    join_request = JoinRequest.objects.select_for_update().get(pk=join_request.pk)
    if join_request.status != JoinRequest.Status.PENDING:
        raise Conflict(
            _("That request was already %(status)s.")
            % {"status": join_request.get_status_display().lower()},
        )
    if approve and _namesake_in(join_request.user, club) is not None:
        raise DisplayNameTaken(
            _(
                "A member of %(club)s already goes by “%(name)s”: %(username)s needs to change "
                "their display name before they can join."
            )
            % {
                "club": club.name,
                "name": join_request.user.shown_name,
                "username": f"@{join_request.user.username}",
            }
        )
    join_request.status = JoinRequest.Status.APPROVED if approve else JoinRequest.Status.DECLINED
    join_request.decided_at = timezone.now()
    join_request.decided_by = actor
    join_request.save()
    if approve:
        Membership.objects.get_or_create(club=club, user=join_request.user)
    notice_send(
        join_request.user,
        "clubs.join_approved" if approve else "clubs.join_declined",
        {"club": club.name},
        club.get_absolute_url(),
    )
    return join_request


@transaction.atomic
def join_request_approve(actor, join_request: JoinRequest) -> JoinRequest:
    return _decide(actor, join_request, approve=True)


@transaction.atomic
def join_request_decline(actor, join_request: JoinRequest) -> JoinRequest:
    return _decide(actor, join_request, approve=False)


def _drop_members_only_registrations(club: Club, user) -> None:
    """Someone who leaves a club gives up their places at its upcoming members-only nights."""
    nights = ClubNight.objects.filter(
        club=club,
        members_only=True,
        status=ClubNight.Status.SCHEDULED,
        starts_at__gt=timezone.now(),
        registrations__user=user,
        registrations__status__in=[Status.REGISTERED, Status.WAITLISTED],
    ).distinct()
    for night in nights:
        night = _lock_night(night)
        registration = night.registrations.get(user=user)
        if registration.status in (Status.REGISTERED, Status.WAITLISTED):
            _cancel_registration(night, registration)


@transaction.atomic
def club_leave(actor, club: Club) -> None:
    """Members can leave; the last owner can't (they must make someone else owner first)."""
    _require_signed_in(actor)
    club = _lock_club(club)
    membership = Membership.objects.filter(club=club, user=actor).first()
    if membership is None:
        raise Conflict(_("You're not a member of %(club)s.") % {"club": club.name})
    if membership.is_owner and is_sole_owner(actor, club):
        raise LastOwner(
            _("You're the only owner of %(club)s. Make another member an owner before leaving.")
            % {"club": club.name}
        )
    membership.delete()
    _drop_members_only_registrations(club, actor)


@transaction.atomic
def membership_set_role(actor, membership: Membership, role: str) -> Membership:
    """Owners promote members to director (or owner) and demote them again."""
    if role not in Role.values:
        raise InvalidInput(_("Unknown role: %(role)s.") % {"role": role}, field="role")
    club = _lock_club(membership.club)
    _require_owner(actor, club)
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.role == role:
        raise Conflict(
            _("%(name)s is already %(role)s.")
            % {"name": membership.user.shown_name, "role": str(Role(role).label).lower()}
        )
    if membership.is_owner and is_sole_owner(membership.user_id, club):
        raise LastOwner(
            _("%(club)s needs an owner: make someone else an owner first.") % {"club": club.name}
        )
    promoted = list(Role.values).index(role) < list(Role.values).index(membership.role)
    membership.role = role
    membership.save(update_fields=["role"])
    notice_send(
        membership.user,
        f"clubs.made_{role}" if promoted else f"clubs.role_{role}",
        {"person": actor.shown_name, "club": club.name},
        club.get_absolute_url(),
    )
    return membership


@transaction.atomic
def membership_remove(actor, membership: Membership) -> None:
    """Directors remove members; only owners remove directors and other owners."""
    club = _lock_club(membership.club)
    _require_director(actor, club)
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if membership.user_id == actor.pk:
        raise Conflict(_("To leave the club yourself, use Leave club."))
    if membership.is_director and not club_access(actor, club).is_owner:
        raise NotAllowed(_("Only an owner can remove a director or an owner."))
    if membership.is_owner and is_sole_owner(membership.user_id, club):
        raise LastOwner(_("%(club)s needs an owner.") % {"club": club.name})
    user = membership.user
    membership.delete()
    _drop_members_only_registrations(club, user)
    notice_send(user, "clubs.removed", {"club": club.name}, club.get_absolute_url())


# Club nights -------------------------------------------------------------------------------------


@dataclass
class NightFields:
    starts_at: datetime
    venue: str
    game: str
    capacity: int
    registration_opens_at: datetime
    registration_closes_at: datetime
    notes: str
    members_only: bool
    title: str
    duration_minutes: int


def _clean_night_fields(club: Club, fields: NightFields, *, check_future: bool) -> NightFields:
    fields.venue = (fields.venue or "").strip() or club.venue
    fields.title = (fields.title or "").strip()
    fields.notes = (fields.notes or "").strip()
    if fields.starts_at is None:
        raise InvalidInput(_("Give the date and start time."), field="starts_at")
    if check_future and fields.starts_at <= timezone.now():
        raise InvalidInput(_("A night must start in the future."), field="starts_at")
    if not fields.venue:
        raise InvalidInput(_("Where is the night? Give a venue."), field="venue")
    if fields.game not in Game.values:
        raise InvalidInput(_("Choose Five Hundred or Auction Pitch."), field="game")
    if fields.capacity is None or int(fields.capacity) < 1:
        raise InvalidInput(_("Capacity must be at least 1."), field="capacity")
    if int(fields.capacity) > 1000:
        raise InvalidInput(_("Capacity can be at most 1000."), field="capacity")
    fields.capacity = int(fields.capacity)
    if not 30 <= int(fields.duration_minutes) <= 24 * 60:
        raise InvalidInput(
            _("A night lasts between 30 minutes and 24 hours."), field="duration_minutes"
        )
    if fields.registration_closes_at is None:
        fields.registration_closes_at = fields.starts_at
    if fields.registration_opens_at is None:
        fields.registration_opens_at = min(timezone.now(), fields.registration_closes_at)
    if fields.registration_closes_at > fields.starts_at:
        raise InvalidInput(
            _("Registration must close by the time the night starts."),
            field="registration_closes_at",
        )
    if fields.registration_opens_at >= fields.registration_closes_at:
        raise InvalidInput(
            _("Registration must open before it closes."), field="registration_opens_at"
        )
    for name in ("starts_at", "registration_opens_at", "registration_closes_at"):
        moment = getattr(fields, name)
        if moment is not None and (problem := out_of_reach(moment)):
            raise InvalidInput(problem, field=name)
    return fields


@transaction.atomic
def night_schedule(
    actor,
    club: Club,
    *,
    starts_at: datetime,
    capacity: int,
    game: str = Game.FIVE_HUNDRED,
    venue: str = "",
    registration_opens_at: datetime | None = None,
    registration_closes_at: datetime | None = None,
    notes: str = "",
    members_only: bool = True,
    title: str = "",
    duration_minutes: int = 180,
) -> ClubNight:
    """A director schedules a club night. Registration opens now and closes at the start
    unless other times are given."""
    club = _lock_club(club)
    _require_director(actor, club)
    fields = _clean_night_fields(
        club,
        NightFields(
            starts_at=starts_at,
            venue=venue,
            game=game,
            capacity=capacity,
            registration_opens_at=registration_opens_at,
            registration_closes_at=registration_closes_at,
            notes=notes,
            members_only=bool(members_only),
            title=title,
            duration_minutes=duration_minutes,
        ),
        check_future=True,
    )
    return ClubNight.objects.create(club=club, created_by=actor, **fields.__dict__)


@transaction.atomic
def night_update(actor, night: ClubNight, **changes) -> ClubNight:
    """A director edits a night. Capacity can't go below the number already holding a seat;
    raising it gives the new seats to the waitlist in order."""
    night = _lock_night(night)
    _require_director(actor, night.club)
    if night.is_cancelled:
        raise NightCancelled(_("This night has been cancelled; it can't be edited."))
    allowed = set(NightFields.__dataclass_fields__)
    unknown = set(changes) - allowed
    if unknown:
        raise InvalidInput(
            _("These can't be changed: %(fields)s.") % {"fields": ", ".join(sorted(unknown))}
        )
    fields = NightFields(**{name: getattr(night, name) for name in allowed})
    for key, value in changes.items():
        setattr(fields, key, value)
    starts_changed = fields.starts_at != night.starts_at
    fields = _clean_night_fields(night.club, fields, check_future=starts_changed)
    taken = night.seats_taken_count()
    if fields.capacity < taken:
        raise CapacityTooSmall(
            ngettext(
                "%(taken)s person already holds a seat, so capacity can't be less than %(taken)s.",
                "%(taken)s people already hold a seat, so capacity can't be less than %(taken)s.",
                taken,
            )
            % {"taken": taken},
            field="capacity",
        )
    for key, value in fields.__dict__.items():
        setattr(night, key, value)
    night.save()
    _promote_waitlisted(night)
    _registrations_changed(night)  # the capacity is on the night page and the check-in board
    return night


@transaction.atomic
def night_cancel(actor, night: ClubNight) -> ClubNight:
    """A director cancels a night; everyone registered or waiting is told."""
    night = _lock_night(night)
    _require_director(actor, night.club)
    if night.is_cancelled:
        raise NightCancelled(_("This night is already cancelled."))
    night.status = ClubNight.Status.CANCELLED
    night.cancelled_at = timezone.now()
    night.save(update_fields=["status", "cancelled_at"])
    _registrations_changed(night)
    affected = night.registrations.filter(
        status__in=[Status.REGISTERED, Status.WAITLISTED, Status.CHECKED_IN], user__isnull=False
    ).select_related("user")
    for registration in affected:
        notice_send(
            registration.user,
            "clubs.night_cancelled",
            _night_notice_params(night, registration.user),
            night.get_absolute_url(),
        )
    from .tasks import send_night_cancelled_emails

    enqueue_on_commit(send_night_cancelled_emails, night.pk)
    return night


# Registration ------------------------------------------------------------------------------------


def _check_open_for_registration(night: ClubNight, actor=None) -> None:
    state = night.registration_state()
    if state == "cancelled":
        raise NightCancelled(_("This night has been cancelled."))
    if state == "started":
        raise NightStarted(_("This night has already started, so registration is closed."))
    if state == "not_open":
        raise RegistrationNotOpen(
            _("Registration opens %(when)s.")
            % {"when": _when(night.registration_opens_at, night.club, actor)}
        )
    if state == "closed":
        raise RegistrationClosed(
            _("Registration closed %(when)s.")
            % {"when": _when(night.registration_closes_at, night.club, actor)}
        )


def _next_waitlist_position(night: ClubNight) -> int:
    top = night.registrations.aggregate(top=Max("waitlist_position"))["top"]
    return (top or 0) + 1


def _promote_waitlisted(night: ClubNight) -> list[Registration]:
    """Give free seats to the people waiting, first come first served. The night is locked."""
    if night.is_cancelled or night.has_started:
        return []
    free = night.capacity - night.seats_taken_count()
    promoted = []
    for registration in night.waitlist().select_related("user")[: max(free, 0)]:
        registration.status = Status.REGISTERED
        registration.waitlist_position = None
        registration.promoted_at = timezone.now()
        registration.save(
            update_fields=["status", "waitlist_position", "promoted_at", "updated_at"]
        )
        promoted.append(registration)
        _registrations_changed(night)
        if registration.user_id:
            notice_send(
                registration.user,
                "clubs.seat_came_free",
                _night_notice_params(night, registration.user),
                night.get_absolute_url(),
            )
            from .tasks import send_waitlist_promotion_email

            enqueue_on_commit(send_waitlist_promotion_email, registration.pk)
    return promoted


@transaction.atomic
def night_register(actor, night: ClubNight) -> Registration:
    """Take a seat, or a place on the waitlist when the night is full."""
    _require_signed_in(actor)
    night = _lock_night(night)
    existing = night.registrations.filter(user=actor).first()
    if existing and existing.status != Status.CANCELLED:
        if existing.status == Status.WAITLISTED:
            raise AlreadyRegistered(
                _("You're already on the waitlist (number %(rank)s).")
                % {"rank": existing.waitlist_rank()}
            )
        if existing.status == Status.CHECKED_IN:
            raise AlreadyRegistered(_("You're already checked in for this night."))
        raise AlreadyRegistered(_("You're already registered for this night."))
    if night.is_cancelled:
        raise NightCancelled(_("This night has been cancelled."))
    if night.members_only and not club_access(actor, night.club).is_member:
        raise MembersOnly(
            _("This night is for members of %(club)s only. Join the club to register.")
            % {"club": night.club.name}
        )
    _check_open_for_registration(night, actor)
    full = night.seats_taken_count() >= night.capacity
    registration = existing or Registration(night=night, user=actor)
    registration.status = Status.WAITLISTED if full else Status.REGISTERED
    registration.waitlist_position = _next_waitlist_position(night) if full else None
    registration.walk_in = False
    registration.promoted_at = None
    registration.promotion_emailed_at = None
    registration.checked_in_at = None
    registration.checked_in_by = None
    try:
        with transaction.atomic():
            registration.save()
    except IntegrityError as error:
        # The night lock makes this unreachable; if it is bypassed, the database's unique
        # constraints still refuse a second row for one person or a shared waitlist place.
        if (
            Registration.objects.filter(night=night, user=actor)
            .exclude(pk=registration.pk)
            .exists()
        ):
            raise AlreadyRegistered(_("You're already registered for this night.")) from error
        raise Conflict(_("Someone registered at the same moment; please try again.")) from error
    _registrations_changed(night)
    return registration


def _cancel_registration(night: ClubNight, registration: Registration) -> None:
    held_seat = registration.holds_seat
    registration.status = Status.CANCELLED
    registration.waitlist_position = None
    registration.save(update_fields=["status", "waitlist_position", "updated_at"])
    _registrations_changed(night)
    if held_seat:
        _promote_waitlisted(night)


@transaction.atomic
def night_unregister(actor, night: ClubNight) -> Registration:
    """Give up a seat or a waitlist place. A freed seat goes to the first person waiting."""
    _require_signed_in(actor)
    night = _lock_night(night)
    registration = night.registrations.filter(user=actor).first()
    if registration is None or registration.status == Status.CANCELLED:
        raise Conflict(_("You aren't registered for this night."))
    if night.is_cancelled:
        raise NightCancelled(_("This night has been cancelled already."))
    if registration.status in (Status.CHECKED_IN, Status.NO_SHOW):
        raise Conflict(_("You've been checked in for this night; ask a director to change that."))
    if night.has_started:
        raise NightStarted(_("This night has started; ask a director to change your registration."))
    _cancel_registration(night, registration)
    return registration


# On the night ------------------------------------------------------------------------------------


def _lock_registration_for_director(actor, registration: Registration):
    night = _lock_night(registration.night)
    _require_director(actor, night.club)
    if night.is_cancelled:
        raise NightCancelled(_("This night has been cancelled."))
    registration = Registration.objects.select_for_update().get(pk=registration.pk)
    registration.night = night
    return night, registration


@transaction.atomic
def registration_check_in(actor, registration: Registration) -> Registration:
    """A director checks a player in (one tap). Someone on the waitlist who turns up can be
    checked in too: the director decides whether there is room."""
    night, registration = _lock_registration_for_director(actor, registration)
    if registration.status == Status.CHECKED_IN:
        raise Conflict(_("%(name)s is already checked in.") % {"name": registration.player_name})
    if registration.status == Status.CANCELLED:
        raise Conflict(
            _("%(name)s cancelled; add them as a walk-in if they're here.")
            % {"name": registration.player_name}
        )
    registration.status = Status.CHECKED_IN
    registration.waitlist_position = None
    registration.checked_in_at = timezone.now()
    registration.checked_in_by = actor
    registration.save()
    _registrations_changed(night)
    return registration


@transaction.atomic
def registration_mark_no_show(actor, registration: Registration) -> Registration:
    night, registration = _lock_registration_for_director(actor, registration)
    if registration.status not in (Status.REGISTERED, Status.CHECKED_IN):
        raise Conflict(
            _("Only someone holding a seat can be marked as a no-show (%(name)s is %(status)s).")
            % {
                "name": registration.player_name,
                "status": registration.get_status_display().lower(),
            }
        )
    registration.status = Status.NO_SHOW
    registration.checked_in_at = None
    registration.checked_in_by = None
    registration.save()
    _registrations_changed(night)
    return registration


def _back_to_registered(registration: Registration) -> Registration:
    registration.status = Status.CANCELLED if registration.walk_in else Status.REGISTERED
    registration.checked_in_at = None
    registration.checked_in_by = None
    registration.save()
    _registrations_changed(registration.night)
    return registration


@transaction.atomic
def registration_undo_check_in(actor, registration: Registration) -> Registration:
    """Take back a check-in: the player is registered again (a walk-in is taken off the list).

    Its own action, never a second tap on "check in": asking to undo a check-in that isn't
    there (a doubled tap, a stale page) changes nothing and says so."""
    night, registration = _lock_registration_for_director(actor, registration)
    if registration.status != Status.CHECKED_IN:
        raise Conflict(
            _("%(name)s isn't checked in (they're %(status)s).")
            % {
                "name": registration.player_name,
                "status": registration.get_status_display().lower(),
            }
        )
    return _back_to_registered(registration)


@transaction.atomic
def registration_undo_no_show(actor, registration: Registration) -> Registration:
    """Take back a no-show: the player is registered again (a walk-in is taken off the list)."""
    night, registration = _lock_registration_for_director(actor, registration)
    if registration.status != Status.NO_SHOW:
        raise Conflict(
            _("%(name)s isn't marked as a no-show (they're %(status)s).")
            % {
                "name": registration.player_name,
                "status": registration.get_status_display().lower(),
            }
        )
    return _back_to_registered(registration)


@transaction.atomic
def registration_undo(actor, registration: Registration) -> Registration:
    """Undo a check-in or a no-show, whichever it is (the API's older `undo`). Pages use
    `registration_undo_check_in` and `registration_undo_no_show`, which say what they undo."""
    night, registration = _lock_registration_for_director(actor, registration)
    if registration.status not in (Status.CHECKED_IN, Status.NO_SHOW):
        raise Conflict(
            _("%(name)s isn't checked in or marked as a no-show.")
            % {"name": registration.player_name}
        )
    return _back_to_registered(registration)


@transaction.atomic
def night_add_walk_in(
    actor, night: ClubNight, *, username: str = "", guest_name: str = ""
) -> Registration:
    """A director adds someone at the door: a site user by username, or a guest by name.
    They are checked in at once (walk-ins may go past capacity: the director's call)."""
    night = _lock_night(night)
    _require_director(actor, night.club)
    if night.is_cancelled:
        raise NightCancelled(_("This night has been cancelled."))
    username = (username or "").strip().lstrip("@")
    guest_name = " ".join((guest_name or "").split())
    if bool(username) == bool(guest_name):
        raise InvalidInput(_("Give either a username or a guest's name (one of the two)."))
    now = timezone.now()
    if username:
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise InvalidInput(
                _("No one has the username “%(username)s”.") % {"username": username},
                field="username",
            )
        registration = night.registrations.filter(user=user).first()
        if registration and registration.status == Status.CHECKED_IN:
            raise Conflict(_("%(name)s is already checked in.") % {"name": user.shown_name})
        if registration is None:
            registration = Registration(night=night, user=user)
        registration.walk_in = registration.pk is None or registration.status in (
            Status.CANCELLED,
            Status.WAITLISTED,
        )
    else:
        if len(guest_name) > 100:
            raise InvalidInput(_("Keep the guest's name to 100 characters."), field="guest_name")
        # Compared as people read them (accounts.names.name_key): capitals, accents and
        # invisible characters (a zero-width space or joiner) don't make another guest.
        key = name_key(guest_name)
        if not key:
            raise InvalidInput(_("Give the guest's name."), field="guest_name")
        checked_in = night.registrations.filter(user__isnull=True, status=Status.CHECKED_IN)
        names = checked_in.order_by("checked_in_at", "id").values_list("guest_name", flat=True)
        same = next((name for name in names if name_key(name) == key), None)
        if same is not None:
            # The name as it is on the list, not as it was typed this time.
            raise Conflict(_("A guest called %(name)s is already checked in.") % {"name": same})
        # A new name may not hide characters or turn the writing around (core.names), as on
        # the page's form and in the API.
        if problem := shown_name_problem(guest_name):
            raise InvalidInput(problem, field="guest_name")
        registration = Registration(night=night, guest_name=guest_name, walk_in=True)
    registration.status = Status.CHECKED_IN
    registration.waitlist_position = None
    registration.checked_in_at = now
    registration.checked_in_by = actor
    registration.save()
    _registrations_changed(night)
    return registration
