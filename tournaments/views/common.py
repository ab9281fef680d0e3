"""Helpers shared by the tournament pages: loading, who is asking, and answering an action."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect

from accounts.zones import in_zone_of
from clubs.times import club_zone_name

from .. import selectors, services
from ..models import Round, Tournament, TournamentTable


def _read_tournament(pk) -> Tournament | None:
    tournament = (
        Tournament.objects.select_related("club", "night", "house_rules", "champion")
        .filter(pk=pk)
        .order_by()
        .first()
    )
    if tournament is not None and tournament.night is not None:
        if tournament.night.club_id == tournament.club_id:
            tournament.night.club = tournament.club  # (the night's address needs its club's slug)
    return tournament


def _tournament_of_request(request, pk) -> Tournament | None:
    """Tournament `pk` with its club, night, house rules and champion, read once per request
    (the zone decorator and a page's view share the row)."""
    known = getattr(request, "tournaments_by_pk", None)
    if known is None:
        known = request.tournaments_by_pk = {}
    if pk not in known:
        known[pk] = _read_tournament(pk)
    return known[pk]


def _tournament_zone_name(request, pk=None, slug=None, **_kwargs) -> str | None:
    """The zone of the club running tournament `pk`, or of the club `slug` (its tournament list
    and the create form)."""
    if pk is None:
        return club_zone_name(request, slug)
    tournament = _tournament_of_request(request, pk)
    return tournament.club.time_zone if tournament is not None else None


# A tournament's pages are in its club's zone.
in_club_zone = in_zone_of(_tournament_zone_name)


def get_tournament(pk: int, request=None) -> Tournament:
    """Tournament `pk` (its club, night, house rules and champion loaded), or the 404 page. With
    `request` (a page that only reads), the row the zone decorator read for it."""
    tournament = _read_tournament(pk) if request is None else _tournament_of_request(request, pk)
    if tournament is None:
        raise Http404("No such tournament.")
    return tournament


def get_round(tournament: Tournament, number: int) -> Round:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    round_.tournament = tournament
    return round_


def get_table(tournament: Tournament, table_id: int) -> TournamentTable:
    table = get_object_or_404(
        TournamentTable.objects.select_related("round", "game_table"),
        pk=table_id,
        tournament=tournament,
    )
    table.tournament = tournament
    table.round.tournament = tournament
    return table


def forbidden(request, message: str, tournament: Tournament | None = None):
    return render(
        request,
        "tournaments/forbidden.html",
        {"message": message, "tournament": tournament},
        status=403,
    )


def access_of(request, tournament: Tournament) -> selectors.TournamentAccess:
    return selectors.tournament_access(request.user, tournament)


def tournament_url(tournament: Tournament, name: str = "detail", *args) -> str:
    return reverse(f"tournaments:{name}", args=[tournament.pk, *args])


def finish_action(request, url: str, *, ok: str | None = None, error=None):
    """The answer to a plain form post: a message and back to `url`. A refusal for want of
    rights (403) shows the refusal page instead; htmx requests are sent to `url` whole."""
    if error is not None and getattr(error, "status_code", 400) == 403 and not request.htmx:
        return forbidden(request, error.message)
    if ok:
        messages.success(request, ok)
    if error is not None:
        messages.error(request, error.message if hasattr(error, "message") else str(error))
    if request.htmx:
        return HttpResponseClientRedirect(url)
    return redirect(url)


def run_action(request, url: str, call, *, ok: str, done_url: str | None = None):
    """Run `call()` (a service call) and answer as a plain form post: its refusal and back to
    `url`, or `ok` and on to `done_url` (`url` unless given)."""
    try:
        call()
    except services.TournamentError as error:
        return finish_action(request, url, error=error)
    return finish_action(request, done_url or url, ok=ok)
