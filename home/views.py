"""The home page: a welcome for visitors, a dashboard once signed in.

The `home` app sits above every app, so the dashboard may read from all of them, but only
through their selectors: each app decides what "my tables", "my nights" and so on mean.
"""

from django.shortcuts import render

from accounts.zones import in_reader_zone
from clubs.selectors import memberships_of, upcoming_registrations
from games.selectors import current_tables_of
from ladders.selectors import ratings_of
from tournaments.selectors import current_tournaments_of


@in_reader_zone
def home(request):
    if not request.user.is_authenticated:
        return render(request, "home/home.html")
    return render(request, "home/home.html", dashboard(request.user))


def dashboard(user) -> dict:
    """What a signed-in member wants first: games waiting on them, their nights, their clubs,
    the tournaments they are in and their ratings."""
    return {
        "tables": current_tables_of(user, limit=8),
        "nights": upcoming_registrations(user)[:5],
        "memberships": memberships_of(user),
        "tournaments": current_tournaments_of(user, limit=5),
        "ratings": ratings_of(user),
    }
