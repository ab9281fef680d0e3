"""Setting a tournament up: the club's list, creating and editing, entrants and partnerships,
starting, finishing and deleting."""

from __future__ import annotations

import random

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_POST

from accounts.models import User
from clubs.models import Club, Membership
from clubs.permissions import club_access
from core.decorators import login_required_htmx
from core.forms import apply_service_error
from core.numbers import whole_number

from .. import policies, selectors, services
from ..forms import EntrantAddForm, TournamentForm, format_guide
from ..models import Entrant, EntrantMember
from .common import (
    access_of,
    finish_action,
    forbidden,
    get_tournament,
    in_club_zone,
    run_action,
    tournament_url,
)

# Every club's tournaments ------------------------------------------------------------------------


@require_GET
def tournament_index(request):
    """The site's tournaments: the reader's own first, then every club's under way and the
    latest finished, and the way to each club's list and the robot events."""
    return render(
        request,
        "tournaments/tournament_index.html",
        selectors.tournaments_index(request.user),
    )


# The club's tournaments --------------------------------------------------------------------------


@require_GET
@in_club_zone
def club_tournaments(request, slug):
    club = get_object_or_404(Club, slug=slug)
    access = club_access(request.user, club)
    tournaments = list(selectors.tournaments_of_club(club))
    return render(
        request,
        "tournaments/club_tournaments.html",
        {
            "club": club,
            "access": access,
            "running": [t for t in tournaments if t.is_running],
            "drafts": [t for t in tournaments if t.is_draft],
            "finished": [t for t in tournaments if t.is_finished],
        },
    )


def _form_page(request, form, club, tournament=None):
    """The tournament form, re-rendered with 200 and its errors after a refused post (as every
    other form of the site)."""
    return render(
        request,
        "tournaments/tournament_form.html",
        {"form": form, "club": club, "tournament": tournament, "formats": format_guide()},
    )


@login_required_htmx
@in_club_zone
def tournament_create(request, slug):
    club = get_object_or_404(Club, slug=slug)
    if not policies.may_create(request.user, club):
        return forbidden(
            request, _("Only the directors of %(club)s run tournaments.") % {"club": club.name}
        )
    initial = {}
    night_id = whole_number(request.GET.get("night", ""))
    if night_id is not None:
        initial["night"] = night_id
    form = TournamentForm(
        request.POST or None, club=club, user=request.user, initial=initial or None
    )
    if request.method == "POST" and form.is_valid():
        try:
            tournament = services.tournament_create(request.user, club, **form.service_values())
        except services.TournamentError as error:
            apply_service_error(form, error, {"options": None})
        else:
            count = tournament.entrants.count()
            messages.success(
                request,
                ngettext(
                    "%(tournament)s is set up with %(count)s entrant. "
                    "Check the entrants, then start it.",
                    "%(tournament)s is set up with %(count)s entrants. "
                    "Check the entrants, then start it.",
                    count,
                )
                % {"tournament": tournament.name, "count": count},
            )
            return redirect(tournament_url(tournament, "entrants"))
    return _form_page(request, form, club)


@login_required_htmx
@in_club_zone
def tournament_edit(request, pk):
    tournament = get_tournament(pk, request)
    if not policies.may_manage(access_of(request, tournament)):
        return forbidden(request, _("Only the club's directors change a tournament."), tournament)
    if tournament.is_finished:
        messages.info(
            request,
            _("%(tournament)s is finished: its settings can't change.")
            % {"tournament": tournament.name},
        )
        return redirect(tournament_url(tournament))
    form = TournamentForm(
        request.POST or None, club=tournament.club, user=request.user, tournament=tournament
    )
    if request.method == "POST" and form.is_valid():
        try:
            services.tournament_update(request.user, tournament, **form.changes())
        except services.TournamentError as error:
            apply_service_error(form, error, {"options": None})
        else:
            messages.success(request, _("Settings saved."))
            return redirect(tournament_url(tournament))
    return _form_page(request, form, tournament.club, tournament)


@login_required_htmx
@in_club_zone
def tournament_delete(request, pk):
    tournament = get_tournament(pk, request)
    if request.method == "POST":
        try:
            services.tournament_delete(request.user, tournament)
        except services.TournamentError as error:
            return finish_action(request, tournament_url(tournament), error=error)
        messages.success(
            request, _("%(tournament)s was deleted.") % {"tournament": tournament.name}
        )
        return redirect("tournaments:club", tournament.club.slug)
    if not policies.may_manage(access_of(request, tournament)):
        return forbidden(request, _("Only the club's directors delete a tournament."), tournament)
    return render(
        request,
        "clubs/confirm.html",
        {
            "club": tournament.club,
            "title": _("Delete %(tournament)s?") % {"tournament": tournament.name},
            "body": _(
                "Its entrants and settings go too. Only a tournament that hasn't started "
                "can be deleted."
            ),
            "confirm_label": _("Delete tournament"),
            "action": tournament_url(tournament, "delete"),
            "cancel_url": tournament_url(tournament),
        },
    )


@login_required_htmx
@require_POST
@in_club_zone
def tournament_start(request, pk):
    tournament = get_tournament(pk, request)
    try:
        services.tournament_start(request.user, tournament)
    except services.TournamentError as error:
        return finish_action(request, tournament_url(tournament, "entrants"), error=error)
    tournament.refresh_from_db()
    if tournament.is_elimination:
        return finish_action(
            request,
            tournament_url(tournament),
            ok=(
                _("%(tournament)s has started: the first matches of the bracket are published.")
                % {"tournament": tournament.name}
            ),
        )
    return finish_action(
        request,
        tournament_url(tournament, "round", 1),
        ok=(_("Round 1 is paired. Check the tables, swap anyone you need to, then publish it.")),
    )


@login_required_htmx
@require_POST
@in_club_zone
def tournament_finish(request, pk):
    tournament = get_tournament(pk, request)
    return run_action(
        request,
        tournament_url(tournament),
        lambda: services.tournament_finish(request.user, tournament),
        ok=_("%(tournament)s is finished. These are the final standings.")
        % {"tournament": tournament.name},
        done_url=tournament_url(tournament, "standings"),
    )


# Entrants ----------------------------------------------------------------------------------------


def _member_key(member) -> str:
    return f"u{member.user_id}" if member.user_id else f"g{member.guest_name}"


def _registration_key(registration) -> str:
    return f"u{registration.user_id}" if registration.user_id else f"g{registration.guest_name}"


def _people_to_add(tournament) -> list[tuple[str, str]]:
    """Whom the add form offers: checked-in players not yet entered, then club members."""
    entered = {
        _member_key(m)
        for m in EntrantMember.objects.filter(tournament=tournament).only("user", "guest_name")
    }
    out, seen = [], set(entered)
    if tournament.night_id:
        for r in tournament.night.checked_in():
            key = _registration_key(r)
            if key not in seen:
                seen.add(key)
                out.append((key, _("%(name)s (checked in)") % {"name": r.player_name}))
    members = (
        Membership.objects.filter(club=tournament.club)
        .select_related("user")
        .order_by("user__display_name", "user__username")
    )
    for m in members:
        key = f"u{m.user_id}"
        if key not in seen:
            seen.add(key)
            out.append((key, m.user.shown_name))
    return out


def _specs(keys: list[str]):
    """Member specs for the services: Users for "u<id>", names for "g<name>"."""
    ids = {key: whole_number(key[1:]) for key in keys if key.startswith("u")}
    users = User.objects.in_bulk([i for i in ids.values() if i is not None])
    out = []
    for key in keys:
        if ids.get(key) in users:
            out.append(users[ids[key]])
        elif key.startswith("g") and key[1:].strip():
            out.append(key[1:])
        else:
            raise services.InvalidInput(_("Choose players from the list."), field="members")
    return out


def _entrants_context(request, tournament, access, **extra):
    entrants = list(selectors.entrant_list(tournament))
    size = tournament.team_size
    context = {
        "tournament": tournament,
        "club": tournament.club,
        "access": access,
        "entrants": entrants,
        "active_count": sum(1 for e in entrants if not e.withdrawn),
        "short": [e for e in entrants if not e.withdrawn and len(e.members.all()) < size],
        "size": size,
        "late_entries": tournament.is_running
        and tournament.format in (tournament.Format.SWISS, tournament.Format.PROGRESSIVE),
        "tab": "entrants",
    }
    if access.is_director and (tournament.is_draft or context["late_entries"]):
        context["add_form"] = extra.pop("add_form", None) or EntrantAddForm(
            people=_people_to_add(tournament), size=size
        )
        if tournament.night_id:
            entered = {_member_key(m) for e in entrants for m in e.members.all()}
            context["waiting"] = [
                r for r in tournament.night.checked_in() if _registration_key(r) not in entered
            ]
    context.update(extra)
    return context


@require_GET
@in_club_zone
def entrants(request, pk):
    tournament = get_tournament(pk, request)
    access = access_of(request, tournament)
    return render(
        request, "tournaments/entrants.html", _entrants_context(request, tournament, access)
    )


@login_required_htmx
@require_POST
@in_club_zone
def entrant_add(request, pk):
    tournament = get_tournament(pk, request)
    access = access_of(request, tournament)
    if not policies.may_manage(access):
        return forbidden(request, _("Only the club's directors add entrants."), tournament)
    form = EntrantAddForm(
        request.POST, people=_people_to_add(tournament), size=tournament.team_size
    )
    if form.is_valid():
        try:
            entrant = services.entrant_add(
                request.user,
                tournament,
                members=_specs(form.cleaned_data["picks"]),
                name=form.cleaned_data["name"],
            )
        except services.TournamentError as error:
            apply_service_error(form, error, {"members": None})
        else:
            if entrant.late:
                message = _(
                    "%(entrant)s entered as a late entry: they play from the next round paired."
                )
            else:
                message = _("%(entrant)s entered.")
            messages.success(request, message % {"entrant": entrant.name})
            return redirect(tournament_url(tournament, "entrants"))
    context = _entrants_context(request, tournament, access, add_form=form)
    return render(request, "tournaments/entrants.html", context)


@login_required_htmx
@require_POST
@in_club_zone
def entrants_from_night(request, pk):
    tournament = get_tournament(pk, request)
    url = tournament_url(tournament, "entrants")
    try:
        made = services.entrants_from_night(request.user, tournament)
    except services.TournamentError as error:
        return finish_action(request, url, error=error)
    if not made:
        return finish_action(request, url, ok=_("Everyone checked in is already entered."))
    names = ", ".join(e.name for e in made)
    return finish_action(
        request, url, ok=_("Entered from the night: %(names)s.") % {"names": names}
    )


# Each action's service and what the director is told, in their language.
ENTRANT_ACTIONS = {
    "withdraw": (
        services.entrant_withdraw,
        gettext_lazy("%(name)s has withdrawn and won't be paired again."),
    ),
    "reinstate": (
        services.entrant_reinstate,
        gettext_lazy("%(name)s is back in: paired from the next round."),
    ),
    "remove": (services.entrant_remove, gettext_lazy("%(name)s was removed.")),
}


@login_required_htmx
@require_POST
@in_club_zone
def entrant_action(request, pk, entrant_id, action):
    tournament = get_tournament(pk, request)
    entrant = get_object_or_404(Entrant, pk=entrant_id, tournament=tournament)
    back = request.POST.get("next") == "detail"
    url = tournament_url(tournament) if back else tournament_url(tournament, "entrants")
    if action == "up":
        try:
            seed = services.entrant_move_up(request.user, entrant)
        except services.TournamentError as error:
            return finish_action(request, url, error=error)
        return finish_action(
            request,
            url,
            ok=_("%(entrant)s moved up to seed %(seed)s.")
            % {"entrant": entrant.name, "seed": seed},
        )
    if action not in ENTRANT_ACTIONS:
        return finish_action(request, url, error=services.InvalidInput(_("Unknown action.")))
    service, template = ENTRANT_ACTIONS[action]
    return run_action(
        request, url, lambda: service(request.user, entrant), ok=template % {"name": entrant.name}
    )


# Partnerships ------------------------------------------------------------------------------------


def _pair_pool(tournament) -> list[tuple[str, str]]:
    """Everyone who may be in a partnership: the entered players (in entrant order) and the
    night's checked-in players not entered yet."""
    pool, seen = [], set()
    for entrant in selectors.entrant_list(tournament):
        for m in entrant.members.all():
            key = _member_key(m)
            if key not in seen:
                seen.add(key)
                pool.append((key, m.name))
    if tournament.night_id:
        for r in tournament.night.checked_in():
            key = _registration_key(r)
            if key not in seen:
                seen.add(key)
                pool.append((key, r.player_name))
    return pool


def _current_pairs(tournament, pool) -> list[list[str]]:
    pairs = []
    placed = set()
    for entrant in selectors.entrant_list(tournament):
        keys = [_member_key(m) for m in entrant.members.all()]
        placed.update(keys)
        pairs.append((keys + ["", ""])[:2])
    loose = [key for key, _name in pool if key not in placed]
    for i in range(0, len(loose), 2):
        pairs.append((loose[i : i + 2] + [""])[:2])
    return pairs


def _posted_pairs(request, pool, rows: int) -> list[list[str]]:
    """The pairs the form sends: a random draw of the whole pool, or the rows as chosen."""
    if request.POST.get("draw"):
        keys = [key for key, _name in pool]
        random.SystemRandom().shuffle(keys)
        return [keys[i : i + 2] for i in range(0, len(keys), 2)]
    names = dict(pool)
    pairs = []
    for i in range(rows):
        chosen = [request.POST.get(f"pair_{i}_a", ""), request.POST.get(f"pair_{i}_b", "")]
        chosen = [k for k in chosen if k in names]
        if chosen:
            pairs.append(chosen)
    return pairs


def _set_partnerships(request, tournament, pool, pairs) -> tuple[str | None, str | None]:
    """Save the pairs: (the message to show, None) or (None, why it was refused)."""
    names = dict(pool)
    used = [k for pair in pairs for k in pair]
    doubled = sorted({names[k] for k in used if used.count(k) > 1})
    if doubled:
        return None, ngettext(
            "%(names)s is in two pairs.", "%(names)s are in two pairs.", len(doubled)
        ) % {"names": ", ".join(doubled)}
    try:
        services.entrants_set_partnerships(
            request.user, tournament, [_specs(pair) for pair in pairs]
        )
    except services.TournamentError as exc:
        return None, exc.message
    ok = ngettext("%(count)s partnership set.", "%(count)s partnerships set.", len(pairs)) % {
        "count": len(pairs)
    }
    left = [names[k] for k, _name in pool if k not in used]
    if left:
        ok += " " + _("Not entered: %(names)s.") % {"names": ", ".join(left)}
    return ok, None


@login_required_htmx
@in_club_zone
def partnerships(request, pk):
    """Directors build the partnerships before the start: two players a row, or a random draw."""
    tournament = get_tournament(pk, request)
    if not policies.may_manage(access_of(request, tournament)):
        return forbidden(request, _("Only the club's directors set the partnerships."), tournament)
    if not tournament.is_draft or tournament.team_size != 2:
        messages.info(request, _("Partnerships are set before a partnership tournament starts."))
        return redirect(tournament_url(tournament, "entrants"))
    pool = _pair_pool(tournament)
    rows = max((len(pool) + 1) // 2, 1)
    error = None
    if request.method == "POST":
        current = _posted_pairs(request, pool, rows)
        ok, error = _set_partnerships(request, tournament, pool, current)
        if ok is not None:
            messages.success(request, ok)
            return redirect(tournament_url(tournament, "entrants"))
    else:
        current = _current_pairs(tournament, pool)
    current = [(list(p) + ["", ""])[:2] for p in current]
    current += [["", ""]] * (rows - len(current))
    return render(
        request,
        "tournaments/pairs.html",
        {
            "tournament": tournament,
            "club": tournament.club,
            "pool": pool,
            "rows": [{"index": i, "a": a, "b": b} for i, (a, b) in enumerate(current)],
            "error": error,
            "url": tournament_url(tournament, "pairs"),
            "tab": "entrants",
        },
    )
