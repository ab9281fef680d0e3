"""Club pages. Each view parses the request, calls a service and renders; the services decide.

Buttons that change things are ordinary forms that also carry `hx-post`: with htmx the view
returns the partial of the page that changed, without it the view redirects with a message.
"""

import hashlib

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Case, Count, OuterRef, Q, Subquery, Value, When
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.encoding import uri_to_iri
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts.languages import in_language_of
from accounts.models import User
from accounts.zones import in_reader_zone, user_zone_name
from core import live
from core.decorators import login_required_htmx
from core.forms import apply_service_error

from . import services
from .feeds import club_calendar, member_calendar
from .forms import ClubForm, JoinForm, NightForm, RoleForm, WalkInForm
from .models import Club, ClubNight, JoinRequest, Membership, Registration
from .permissions import club_access, may_leave
from .selectors import club_or_404, night_registrations_version, upcoming_registrations
from .times import in_club_zone

Status = Registration.Status


def _forbidden(request, message: str, club: Club | None = None):
    return render(request, "clubs/forbidden.html", {"message": message, "club": club}, status=403)


def _safe_next(request, default: str) -> str:
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


# Clubs -------------------------------------------------------------------------------------------


@require_GET
def club_list(request):
    query = request.GET.get("q", "").strip()
    clubs = Club.objects.annotate(member_count=Count("memberships", distinct=True))
    if query:
        clubs = clubs.filter(Q(name__icontains=query) | Q(venue__icontains=query))
    page = Paginator(clubs.order_by("name"), 24).get_page(request.GET.get("page"))
    upcoming = {}
    for night in (
        ClubNight.objects.scheduled()
        .upcoming()
        .filter(club__in=[club.pk for club in page.object_list])
        .order_by("starts_at")
    ):
        upcoming.setdefault(night.club_id, night)
    for club in page.object_list:
        club.next_night = upcoming.get(club.pk)
    my_club_ids = set()
    if request.user.is_authenticated:
        my_club_ids = set(request.user.memberships.values_list("club_id", flat=True))
    return render(
        request,
        "clubs/club_list.html",
        {"page": page, "clubs": page.object_list, "query": query, "my_club_ids": my_club_ids},
    )


@login_required
def club_create(request):
    form = ClubForm(request.POST or None, creating=True)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_create(request.user, **form.cleaned_data)
        except services.ClubError as error:
            apply_service_error(form, error)
        else:
            messages.success(
                request, _("%(club)s is ready. You're its owner.") % {"club": club.name}
            )
            return redirect(club)
    return render(request, "clubs/club_form.html", {"form": form, "creating": True})


def _nights_key(request, nights: list[ClubNight]) -> str:
    """What a rendered list of nights depends on, as the key of its cached fragment: every field
    of the nights and their counts, the reader's registration for each (its status: `mine`), their
    club's address and zone, the language, the time zone and the reader's own zone (named beside
    a club time when it differs)."""
    reader = request.user if request.user.is_authenticated else None
    content = (
        translation.get_language(),
        timezone.get_current_timezone_name(),
        user_zone_name(reader),
        [
            (
                night.club.slug,
                night.club.time_zone,
                sorted(
                    (k, v)
                    for k, v in night.__dict__.items()
                    if not k.startswith("_") and k != "mine"
                ),
                getattr(getattr(night, "mine", None), "status", None),
            )
            for night in nights
        ],
    )
    return hashlib.sha256(repr(content).encode()).hexdigest()


@require_GET
@in_club_zone
def club_detail(request, slug):
    club = club_or_404(request, slug)
    access = club_access(request.user, club)
    nights = club.nights.with_counts()
    upcoming = nights.upcoming()
    if not access.is_director:
        upcoming = upcoming.scheduled()
    past = list(club.nights.past().scheduled()[:5])  # (without seats: no counts)
    my_registrations = {}
    if request.user.is_authenticated:
        my_registrations = {
            r.night_id: r
            for r in Registration.objects.active().filter(user=request.user, night__club=club)
        }
    upcoming = list(upcoming[:20])
    for night in upcoming:
        night.mine = my_registrations.get(night.pk)
    # The directors (their names), each with the club's number of members beside it: one
    # query (a club without directors counts its members apart).
    members = (
        Membership.objects.filter(club=OuterRef("club"))
        .order_by()
        .values("club")
        .annotate(n=Count("pk"))
        .values("n")
    )
    directors = list(
        club.memberships.filter(role__in=[Membership.Role.OWNER, Membership.Role.DIRECTOR])
        .select_related("user")
        .only("club", "user__username", "user__display_name")
        .annotate(members=Subquery(members))
    )
    member_count = directors[0].members if directors else club.memberships.count()
    context = {
        "club": club,
        "access": access,
        "may_leave": may_leave(access, club),
        "upcoming": upcoming,
        "past": past,
        "upcoming_key": _nights_key(request, upcoming),
        "past_key": _nights_key(request, past),
        "directors": directors,
        "member_count": member_count,
        "join_form": JoinForm(),
        "pending_count": club.join_requests.filter(status=JoinRequest.Status.PENDING).count()
        if access.is_director
        else 0,
        # Shown as people read it (an address in Devanagari, not %E0%A4…); calendar apps take
        # it as it is.
        "feed_url": uri_to_iri(
            request.build_absolute_uri(reverse("clubs:club_feed", args=[club.slug]))
        ),
    }
    return render(request, "clubs/club_detail.html", context)


@login_required
@in_club_zone
def club_edit(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not club_access(request.user, club).is_director:
        return _forbidden(
            request, _("Only the directors of %(club)s can edit it.") % {"club": club.name}, club
        )
    form = ClubForm.for_club(
        club, request.POST or None, may_change_zone=club_access(request.user, club).is_owner
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(request.user, club, **form.cleaned_data)
        except services.ClubError as error:
            apply_service_error(form, error)
        else:
            messages.success(request, _("Club details saved."))
            return redirect(club)
    return render(request, "clubs/club_form.html", {"form": form, "club": club})


@login_required
@require_POST
def club_join(request, slug):
    club = get_object_or_404(Club, slug=slug)
    form = JoinForm(request.POST)
    message = form.cleaned_data["message"] if form.is_valid() else ""
    try:
        result = services.club_join(request.user, club, message=message)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        if result.joined:
            messages.success(
                request, _("Welcome to %(club)s! You're a member now.") % {"club": club.name}
            )
        else:
            messages.success(
                request,
                _("Request sent. A director of %(club)s will approve it soon.")
                % {"club": club.name},
            )
    return redirect(_safe_next(request, club.get_absolute_url()))


@login_required
def club_leave(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access = club_access(request.user, club)
    if request.method == "POST":
        try:
            services.club_leave(request.user, club)
        except services.ClubError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("You've left %(club)s.") % {"club": club.name})
        return redirect(club)
    if not access.is_member:
        messages.info(request, _("You're not a member of %(club)s.") % {"club": club.name})
        return redirect(club)
    return render(
        request,
        "clubs/confirm.html",
        {
            "club": club,
            "title": _("Leave %(club)s?") % {"club": club.name},
            "body": _(
                "You'll lose your places at the club's upcoming members-only nights. "
                "You can join again later."
            )
            if club.is_open
            else _(
                "You'll lose your places at the club's upcoming members-only nights. "
                "You can join again later (a director will need to approve you)."
            ),
            "confirm_label": _("Leave club"),
            "action": reverse("clubs:leave", args=[club.slug]),
            "cancel_url": club.get_absolute_url(),
        },
    )


@login_required
@require_POST
def join_request_withdraw(request, slug):
    club = get_object_or_404(Club, slug=slug)
    try:
        services.join_request_withdraw(request.user, club)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        messages.success(request, _("Your request has been withdrawn."))
    return redirect(club)


# Members -----------------------------------------------------------------------------------------


@login_required
@require_GET
@in_club_zone
def club_members(request, slug):
    club = club_or_404(request, slug)
    access = club_access(request.user, club)
    if not access.is_member:
        return _forbidden(
            request,
            _("The member list of %(club)s is for its members.") % {"club": club.name},
            club,
        )
    role_order = Case(
        When(role=Membership.Role.OWNER, then=Value(0)),
        When(role=Membership.Role.DIRECTOR, then=Value(1)),
        default=Value(2),
    )
    memberships = club.memberships.select_related("user").order_by(role_order, "user__username")
    requests = []
    if access.is_director:
        requests = club.join_requests.filter(status=JoinRequest.Status.PENDING).select_related(
            "user"
        )
    owner_count = sum(1 for m in memberships if m.is_owner)
    return render(
        request,
        "clubs/members.html",
        {
            "club": club,
            "access": access,
            "memberships": memberships,
            "requests": requests,
            "owner_count": owner_count,
            "roles": Membership.Role.choices,
        },
    )


@login_required
@require_POST
def join_request_decide(request, slug, pk, decision):
    if decision not in ("approve", "decline"):
        raise Http404("Unknown decision.")
    join_request = get_object_or_404(JoinRequest, pk=pk, club__slug=slug)
    service = (
        services.join_request_approve if decision == "approve" else services.join_request_decline
    )
    try:
        service(request.user, join_request)
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        name = join_request.user.shown_name
        messages.success(
            request,
            (
                _("%(name)s is now a member.")
                if decision == "approve"
                else _("Declined %(name)s's request.")
            )
            % {"name": name},
        )
    return redirect("clubs:members", slug)


@login_required
@require_POST
def member_role(request, slug, pk):
    membership = get_object_or_404(Membership, pk=pk, club__slug=slug)
    form = RoleForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Choose owner, director or member."))
        return redirect("clubs:members", slug)
    try:
        services.membership_set_role(request.user, membership, form.cleaned_data["role"])
    except services.ClubError as error:
        messages.error(request, error.message)
    else:
        membership.refresh_from_db()
        messages.success(
            request,
            _("%(name)s is now %(role)s.")
            % {"name": membership.user.shown_name, "role": membership.get_role_display().lower()},
        )
    return redirect("clubs:members", slug)


@login_required
def member_remove(request, slug, pk):
    membership = get_object_or_404(Membership.objects.select_related("user", "club"), pk=pk)
    club = membership.club
    if club.slug != slug:
        return redirect("clubs:members", club.slug)
    if request.method == "POST":
        try:
            services.membership_remove(request.user, membership)
        except services.ClubError as error:
            messages.error(request, error.message)
        else:
            messages.success(
                request,
                _("%(name)s was removed from the club.") % {"name": membership.user.shown_name},
            )
        return redirect("clubs:members", slug)
    if not club_access(request.user, club).is_director:
        return _forbidden(
            request, _("Only the directors of %(club)s remove members.") % {"club": club.name}, club
        )
    return render(
        request,
        "clubs/confirm.html",
        {
            "club": club,
            "title": _("Remove %(name)s from %(club)s?")
            % {"name": membership.user.shown_name, "club": club.name},
            "body": _(
                "They'll lose their places at the club's upcoming members-only nights "
                "and will be told they are no longer a member."
            ),
            "confirm_label": _("Remove member"),
            "action": reverse("clubs:member_remove", args=[slug, membership.pk]),
            "cancel_url": reverse("clubs:members", args=[slug]),
        },
    )


# Nights ------------------------------------------------------------------------------------------


def _get_night(slug, pk) -> ClubNight:
    return get_object_or_404(ClubNight.objects.select_related("club"), pk=pk, club__slug=slug)


@login_required
@in_club_zone
def night_create(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not club_access(request.user, club).is_director:
        return _forbidden(
            request,
            _("Only the directors of %(club)s schedule nights.") % {"club": club.name},
            club,
        )
    if request.method == "POST":
        form = NightForm(request.POST, club=club)
    else:
        form = NightForm(club=club, initial={"date": NightForm.suggested_date(club)})
    if request.method == "POST" and form.is_valid():
        try:
            night = services.night_schedule(request.user, club, **form.service_values())
        except services.ClubError as error:
            apply_service_error(form, error, NightForm.SERVICE_FIELDS)
        else:
            messages.success(
                request,
                _("%(night)s is scheduled. Registration is set up.") % {"night": night.name},
            )
            return redirect(night)
    return render(request, "clubs/night_form.html", {"form": form, "club": club})


def _night_context(request, night: ClubNight, **extra) -> dict:
    access = club_access(request.user, night.club)
    mine = None
    if request.user.is_authenticated:
        mine = (
            night.registrations.filter(user=request.user).exclude(status=Status.CANCELLED).first()
        )
    seat_holders = list(night.seat_holders().select_related("user").order_by("created_at", "id"))
    waitlist = list(night.waitlist().select_related("user"))
    capacity_left = max(night.capacity - len(seat_holders), 0)
    context = {
        "night": night,
        "club": night.club,
        "access": access,
        "mine": mine,
        "my_rank": mine.waitlist_rank() if mine else None,
        "seat_holders": seat_holders,
        "waitlist": waitlist,
        "seats_taken": len(seat_holders),
        "seats_left": capacity_left,
        "is_full": capacity_left == 0,
        "state": night.registration_state(),
        "show_names": access.is_member or mine is not None,
        "login_url": f"{reverse('login')}?next={night.get_absolute_url()}",
    }
    context.update(extra)
    return context


@require_GET
@in_club_zone
def night_detail(request, slug, pk):
    night = _get_night(slug, pk)
    context = _night_context(request, night)
    if request.htmx and request.GET.get("fragment") == "registration":
        # What the page's live stream asks for: the seats, your place and who's coming.
        return render(request, "clubs/night_detail.html#registration-live", context)
    return render(request, "clubs/night_detail.html", context)


async def _night_stream(request, slug, pk, *, directors_only: bool):
    def read() -> int | None:
        return night_registrations_version(slug, pk, request.user, directors_only=directors_only)

    return await live.sse_response(
        request, f"night:{pk}", read, missing=str(_("There is no such night."))
    )


@require_GET
async def night_events(request, slug, pk):
    """The night page's live stream (server-sent events): only the version of the night's
    registrations, each time someone registers, cancels, is promoted or checked in; the page
    then fetches its own registration panel. Open to whoever may see the night page."""
    return await _night_stream(request, slug, pk, directors_only=False)


@require_GET
async def checkin_events(request, slug, pk):
    """The check-in board's live stream: the same numbers as `night_events`, for the club's
    directors only (anyone else gets the 404 of no night, as for a table they may not see)."""
    return await _night_stream(request, slug, pk, directors_only=True)


def _registration_response(request, night, *, ok: str | None = None, error: str | None = None):
    if request.htmx:
        night.refresh_from_db()
        context = _night_context(request, night, flash_ok=ok, flash_error=error)
        return render(request, "clubs/night_detail.html#registration-panel", context)
    if ok:
        messages.success(request, ok)
    if error:
        messages.error(request, error)
    return redirect(night)


@login_required_htmx
@require_POST
@in_club_zone
def night_register(request, slug, pk):
    night = _get_night(slug, pk)
    try:
        registration = services.night_register(request.user, night)
    except services.ClubError as error:
        return _registration_response(request, night, error=error.message)
    if registration.status == Status.WAITLISTED:
        ok = _(
            "The night is full, so you're number %(rank)s on the waitlist. If a seat comes "
            "free you'll get it and we'll tell you."
        ) % {"rank": registration.waitlist_rank()}
    else:
        ok = _("You're registered for %(night)s. See you there!") % {"night": night.name}
    return _registration_response(request, night, ok=ok)


@login_required_htmx
@require_POST
@in_club_zone
def night_unregister(request, slug, pk):
    night = _get_night(slug, pk)
    before = night.registrations.filter(user=request.user).values_list("status", flat=True).first()
    try:
        services.night_unregister(request.user, night)
    except services.ClubError as error:
        return _registration_response(request, night, error=error.message)
    if before == Status.WAITLISTED:
        ok = _("You've left the waitlist.")
    else:
        ok = _("Your registration is cancelled.")
    return _registration_response(request, night, ok=ok)


@login_required
@in_club_zone
def night_edit(request, slug, pk):
    night = _get_night(slug, pk)
    if not club_access(request.user, night.club).is_director:
        return _forbidden(request, _("Only the club's directors edit nights."), night.club)
    if night.is_cancelled:
        messages.error(request, _("This night has been cancelled; it can't be edited."))
        return redirect(night)
    form = NightForm.for_night(night, request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            services.night_update(request.user, night, **form.service_values())
        except services.ClubError as error:
            apply_service_error(form, error, NightForm.SERVICE_FIELDS)
        else:
            messages.success(request, _("Night updated."))
            return redirect(night)
    return render(
        request,
        "clubs/night_form.html",
        {
            "form": form,
            "club": night.club,
            "night": night,
            "seats_taken": night.seats_taken_count(),
        },
    )


@login_required
@in_club_zone
def night_cancel(request, slug, pk):
    night = _get_night(slug, pk)
    if request.method == "POST":
        try:
            services.night_cancel(request.user, night)
        except services.ClubError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, _("The night is cancelled and everyone registered was told."))
        return redirect(night)
    if not club_access(request.user, night.club).is_director:
        return _forbidden(request, _("Only the club's directors cancel nights."), night.club)
    if night.is_cancelled:
        messages.info(request, _("This night is already cancelled."))
        return redirect(night)
    count = night.registrations.filter(
        status__in=[Status.REGISTERED, Status.WAITLISTED, Status.CHECKED_IN]
    ).count()
    return render(
        request,
        "clubs/confirm.html",
        {
            "club": night.club,
            "title": _("Cancel %(night)s?") % {"night": night.name},
            "body": ngettext(
                "%(count)s person is registered or waiting; each will get a notice and an "
                "email. This can't be undone.",
                "%(count)s people are registered or waiting; each will get a notice and an "
                "email. This can't be undone.",
                count,
            )
            % {"count": count},
            "confirm_label": _("Cancel the night"),
            "action": reverse("clubs:night_cancel", args=[slug, pk]),
            "cancel_url": night.get_absolute_url(),
            "cancel_label": _("Keep the night"),
        },
    )


# On the night ------------------------------------------------------------------------------------


def _checkin_context(night: ClubNight, **extra) -> dict:
    registrations = list(
        night.registrations.exclude(status=Status.CANCELLED).select_related("user")
    )
    seated = sorted(
        (r for r in registrations if r.status != Status.WAITLISTED),
        key=lambda r: r.player_name.casefold(),
    )
    waiting = sorted(
        (r for r in registrations if r.status == Status.WAITLISTED),
        key=lambda r: r.waitlist_position,
    )
    counts = {status: 0 for status in Status.values}
    for r in registrations:
        counts[r.status] += 1
    context = {
        "night": night,
        "club": night.club,
        "seated": seated,
        "waiting": waiting,
        "counts": counts,
        "walk_in_form": extra.pop("walk_in_form", None) or WalkInForm(),
    }
    context.update(extra)
    return context


def _checkin_response(request, night, *, ok=None, error=None, walk_in_form=None):
    if request.htmx:
        night.refresh_from_db()  # the version first, then the list: never newer than it says
        context = _checkin_context(night, flash_ok=ok, flash_error=error, walk_in_form=walk_in_form)
        return render(request, "clubs/checkin.html#checkin-board", context)
    if ok:
        messages.success(request, ok)
    if error:
        messages.error(request, error)
    return redirect("clubs:checkin", night.club.slug, night.pk)


@login_required
@require_GET
@in_club_zone
def night_checkin(request, slug, pk):
    night = _get_night(slug, pk)
    if not club_access(request.user, night.club).is_director:
        return _forbidden(request, _("Only the club's directors check people in."), night.club)
    context = _checkin_context(night)
    if request.htmx and request.GET.get("fragment") == "list":
        # What the board's live stream asks for: the lists and counts (not the walk-in form,
        # which may be half typed, nor the message of this director's last action).
        return render(request, "clubs/checkin.html#checkin-list", context)
    return render(request, "clubs/checkin.html", context)


# Each button on the check-in board is its own action: undoing a check-in is never a second
# tap on the same control (a doubled tap on a phone would silently take the check-in back).
REGISTRATION_ACTIONS = {
    "check-in": (services.registration_check_in, _("%(name)s is checked in.")),
    "no-show": (services.registration_mark_no_show, _("%(name)s is marked as a no-show.")),
    "undo-check-in": (
        services.registration_undo_check_in,
        _("Check-in undone: %(name)s is %(status)s."),
    ),
    "undo-no-show": (
        services.registration_undo_no_show,
        _("No-show undone: %(name)s is %(status)s."),
    ),
}


@login_required_htmx
@require_POST
@in_club_zone
def registration_action(request, slug, pk, registration_pk, action):
    if action not in REGISTRATION_ACTIONS:
        raise Http404("Unknown action.")
    night = _get_night(slug, pk)
    registration = get_object_or_404(Registration, pk=registration_pk, night=night)
    service, template = REGISTRATION_ACTIONS[action]
    try:
        registration = service(request.user, registration)
    except services.ClubError as error:
        if error.status_code == 403 and not request.htmx:
            return _forbidden(request, error.message, night.club)
        return _checkin_response(request, night, error=error.message)
    ok = template % {
        "name": registration.player_name,
        "status": registration.get_status_display().lower(),
    }
    return _checkin_response(request, night, ok=ok)


@login_required_htmx
@require_POST
@in_club_zone
def night_walk_in(request, slug, pk):
    night = _get_night(slug, pk)
    form = WalkInForm(request.POST)
    if form.is_valid():
        try:
            registration = services.night_add_walk_in(
                request.user,
                night,
                username=form.cleaned_data["username"],
                guest_name=form.cleaned_data["guest_name"],
            )
        except services.ClubError as error:
            if error.status_code == 403 and not request.htmx:
                return _forbidden(request, error.message, night.club)
            apply_service_error(form, error)
        else:
            return _checkin_response(
                request, night, ok=_("%(name)s is checked in.") % {"name": registration.player_name}
            )
    # Refused: the form again, as typed, with the reason beside it (not at the top of the page,
    # off a phone's screen), on the board for htmx or on the whole page.
    night.refresh_from_db()
    context = _checkin_context(night, walk_in_form=form)
    template = "clubs/checkin.html#checkin-board" if request.htmx else "clubs/checkin.html"
    return render(request, template, context)


# A member's nights and the calendar feeds --------------------------------------------------------


@login_required
@require_GET
@in_reader_zone
def my_nights(request):
    now = timezone.now()
    upcoming = list(upcoming_registrations(request.user, now))
    for registration in upcoming:
        registration.rank = registration.waitlist_rank()
    past = list(
        Registration.objects.active()
        .filter(user=request.user, night__starts_at__lt=now)
        .select_related("night", "night__club")
        .order_by("-night__starts_at", "-night_id")[:50]
    )
    club_ids = request.user.memberships.values_list("club_id", flat=True)
    suggestions = (
        ClubNight.objects.scheduled()
        .upcoming()
        .filter(club_id__in=club_ids)
        .exclude(registrations__in=Registration.objects.active().filter(user=request.user))
        .select_related("club")[:6]
    )
    return render(
        request,
        "clubs/my_nights.html",
        {
            "upcoming": upcoming,
            "past": past,
            "suggestions": suggestions,
            "feed_url": request.build_absolute_uri(
                reverse("clubs:member_feed", args=[request.user.calendar_token])
            ),
        },
    )


def _ics_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/calendar; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    response["Cache-Control"] = "private, max-age=300"
    return response


@require_GET
def club_feed(request, slug):
    club = get_object_or_404(Club, slug=slug)
    return _ics_response(club_calendar(club, request.build_absolute_uri("/")), f"{slug}.ics")


@require_GET
def member_feed(request, token):
    user = get_object_or_404(User, calendar_token=token, is_active=True)
    with in_language_of(user):  # read by a calendar app: in the member's language
        text = member_calendar(user, request.build_absolute_uri("/"))
    return _ics_response(text, "kookaburra-nights.ics")
