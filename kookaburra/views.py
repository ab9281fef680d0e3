"""Site-wide pages: the home page (a dashboard once signed in) and the health check.

The project package sits above every app, so the dashboard may read from all of them.
"""

from django.db import connection
from django.http import JsonResponse
from django.shortcuts import render

from accounts.zones import in_reader_zone
from clubs.selectors import upcoming_registrations
from games.models import Table
from games.selectors import tables_of
from ladders.models import PlayerRating
from tournaments.models import Tournament


@in_reader_zone
def home(request):
    if not request.user.is_authenticated:
        return render(request, "home.html")
    return render(request, "home.html", dashboard(request.user))


def dashboard(user) -> dict:
    """What a signed-in member wants first: games waiting on them, their nights, their clubs,
    the tournaments they are in and their ratings."""
    tables = list(tables_of(user)[:8])
    for table in tables:
        seat = next((s.number for s in table.seats.all() if s.user_id == user.pk), None)
        table.my_turn = table.status == Table.Status.PLAYING and table.to_act == seat
    tables.sort(key=lambda t: not t.my_turn)
    nights = upcoming_registrations(user)[:5]
    tournaments = (
        Tournament.objects.filter(entrants__members__user=user)
        .exclude(status=Tournament.Status.FINISHED)
        .select_related("club")
        .distinct()
        .order_by("-created_at")[:5]
    )
    return {
        "tables": tables,
        "nights": nights,
        "memberships": user.memberships.select_related("club").order_by("club__name"),
        "tournaments": tournaments,
        "ratings": PlayerRating.objects.filter(user=user, ladder__club=None)
        .select_related("ladder")
        .order_by("ladder__game"),
    }


def healthz(request):
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})
