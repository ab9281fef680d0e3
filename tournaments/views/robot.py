"""Robot duplicate pages: the events list, a club's events (and its directors' form), an event
with its live leaderboard, entering, and the traveller of each board.

A club's event is shown in the club's zone; the site's events in the reader's.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from accounts.zones import in_reader_zone, in_zone_of, user_zone_name
from clubs.models import Club
from clubs.permissions import club_access
from clubs.times import in_club_zone
from core.decorators import login_required_htmx
from core.errors import ServiceError
from core.forms import apply_service_error

from .. import policies, robot
from ..robot_forms import RobotEventForm
from ..robot_models import RobotEvent
from ..services.robot import robot_event_create, robot_event_enter
from .common import forbidden


def _event_zone_name(request, pk=None, **_kwargs) -> str | None:
    zone = RobotEvent.objects.filter(pk=pk).values_list("club__time_zone", flat=True).first()
    if zone:
        return zone
    return user_zone_name(request.user if request.user.is_authenticated else None)


in_event_zone = in_zone_of(_event_zone_name)


def _event(pk) -> RobotEvent:
    return get_object_or_404(RobotEvent.objects.select_related("club", "board_set"), pk=pk)


def _may_follow(user, event: RobotEvent) -> bool:
    """A club's event is for its members (and its page for them); the site's for everyone."""
    return event.club_id is None or policies.robot_may_enter(user, event)


@require_GET
@in_reader_zone
def robot_events(request):
    groups = robot.events_for(request.user)
    return render(request, "tournaments/robot/list.html", {"groups": groups, "club": None})


@require_GET
@in_club_zone
def robot_club(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access = club_access(request.user, club)
    if not access.is_member:
        return forbidden(request, _("Only the club's members can enter its events."))
    groups = robot.events_for(request.user, club)
    return render(
        request,
        "tournaments/robot/list.html",
        {
            "groups": groups,
            "club": club,
            "may_create": policies.robot_may_create(request.user, club),
        },
    )


@login_required_htmx
@in_club_zone
def robot_create(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not policies.robot_may_create(request.user, club):
        return forbidden(request, _("Only the club's directors can run a robot duplicate."))
    form = RobotEventForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            event = robot_event_create(request.user, club=club, **form.service_values())
        except ServiceError as error:
            apply_service_error(form, error)
        else:
            return redirect(event.get_absolute_url())
    return render(request, "tournaments/robot/form.html", {"form": form, "club": club})


def _event_context(request, event: RobotEvent) -> dict:
    entry = robot.entry_of(request.user, event)
    return {
        "event": event,
        "club": event.club,
        "entry": entry,
        "state": robot.event_state(event),
        "may_enter": entry is None and robot.may_enter(request.user, event),
        "board": robot.leaderboard(event, entry),
        "boards": robot.boards(event, entry),
    }


@require_GET
@in_event_zone
def robot_event(request, pk):
    event = _event(pk)
    if not _may_follow(request.user, event):
        return forbidden(request, _("Only the club's members can enter its events."))
    context = _event_context(request, event)
    if request.htmx and request.GET.get("fragment") == "leaderboard":
        return render(request, "tournaments/robot/event.html#leaderboard", context)
    return render(request, "tournaments/robot/event.html", context)


@require_POST
@login_required_htmx
def robot_enter(request, pk):
    event = _event(pk)
    try:
        entry = robot_event_enter(request.user, event)
    except ServiceError as error:
        if error.status_code == 403:
            return forbidden(request, error.message)
        messages.error(request, error.message)
        return redirect(event.get_absolute_url())
    return redirect(entry.table.get_absolute_url())


@require_GET
@in_event_zone
def robot_traveller(request, pk, number):
    event = _event(pk)
    if not _may_follow(request.user, event):
        return forbidden(request, _("Only the club's members can enter its events."))
    entry = robot.entry_of(request.user, event)
    try:
        sheet = robot.traveller(event, number, entry)
    except robot.NoSuchBoard:
        return render(
            request,
            "tournaments/forbidden.html",
            {"message": _("There is no such board.")},
            status=404,
        )
    except robot.BoardHidden:
        return render(
            request,
            "tournaments/robot/hidden.html",
            {"event": event, "number": number, "entry": entry},
            status=403,
        )
    return render(
        request,
        "tournaments/robot/traveller.html",
        {"event": event, "club": event.club, "sheet": sheet, "entry": entry},
    )
