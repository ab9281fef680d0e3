"""A tournament's pages, and a club's ladder, are rendered in the club's time zone; a player
page in the reader's own."""

import pytest
from django.http import HttpResponse
from django.test import RequestFactory
from django.utils import timezone

from ladders import views as ladder_views
from tournaments.views.common import in_club_zone

pytestmark = pytest.mark.django_db


def _zone_seen(**kwargs):
    seen = {}

    def inner(request, **kw):
        seen["zone"] = timezone.get_current_timezone_name()
        return HttpResponse("ok")

    in_club_zone(inner)(RequestFactory().get("/"), **kwargs)
    return seen["zone"]


def test_a_tournament_page_is_in_its_clubs_zone(club, swiss):
    club.time_zone = "Asia/Kolkata"
    club.save(update_fields=["time_zone"])
    assert _zone_seen(pk=swiss.pk) == "Asia/Kolkata"
    assert _zone_seen(slug=club.slug) == "Asia/Kolkata"
    club.time_zone = "Australia/Perth"
    club.save(update_fields=["time_zone"])
    assert _zone_seen(pk=swiss.pk) == "Australia/Perth"


def test_an_unknown_tournament_falls_back_to_the_sites_zone(settings):
    assert _zone_seen(pk=999_999) == settings.TIME_ZONE


# The polls answer "changed or not" in one query and show no time: they skip the zone lookup.
POLLS = {"tournament_poll", "round_poll", "standings_version"}


def test_the_tournament_and_ladder_pages_wear_the_zone_decorators():
    from tournaments.views import play, setup, standings

    for module in (play, setup, standings):
        for name in dir(module):
            view = getattr(module, name)
            code = getattr(view, "__code__", None)
            if callable(view) and getattr(view, "__module__", "") == module.__name__ and code:
                args = code.co_varnames[: code.co_argcount]
                if name in POLLS:
                    assert not getattr(view, "in_zone", False), name
                elif args[:1] == ("request",) and ("pk" in args or "slug" in args):
                    assert getattr(view, "in_zone", False), f"{module.__name__}.{name}"
    assert ladder_views.club_ladder.in_zone and ladder_views.player.in_zone
