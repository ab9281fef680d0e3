"""axe-core (through axe-playwright-python) on the site's main pages, built from the demo data:
no serious or critical accessibility violation, on a phone (390×844) and on a wide screen.

Screenshots of every page checked are kept under var/test-artifacts/layout/<test>/ (printed).
"""

import pytest
from django.core.management import call_command
from django.urls import reverse

from accounts.models import User
from clubs.models import Club, Membership
from games import services as game_services
from games.models import Table
from tournaments import services as tournament_services
from tournaments.models import Tournament

from .conftest import PHONE, drive, four_pair_knockout, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SEVERE = {"serious", "critical"}


def _bracket(owner, club):
    """A single-elimination of four demo partnerships, round 1 played at one table."""
    members = list(
        User.objects.filter(
            memberships__club=club, memberships__role=Membership.Role.MEMBER
        ).order_by("username")[:8]
    )
    tournament, round_ = four_pair_knockout(owner, club, members, "Demo Knockout")
    first = round_.tables.order_by("number").first()
    tournament_services.result_enter(owner, first, scores=[500, 230])
    tournament_services.standings_recalculate(tournament.pk)
    return tournament


def _pages():
    """(name, username or None, path) of every page checked, from the demo data."""
    call_command("load_demo", stdout=open("/dev/null", "w"))  # noqa: SIM115
    owner = User.objects.get(username="demo")
    club = Club.objects.get(memberships__user=owner)
    night = club.nights.filter(game="five_hundred").order_by("starts_at").first()
    table = Table.objects.get(is_demo=True, created_by=owner)
    game_services.table_look(owner, table)
    # The demo table in play: the owner is to play a card.
    drive(table, lambda hand: hand.public_view()["phase"] == "play" and hand.to_act == 0)
    # A second table, where Alice has looked at her cards and is to bid (the bidding box).
    alice = User.objects.get(username="alice")
    bidding = game_services.table_create(
        alice, game="five_hundred", players=4, bot_level="easy", seat=0, seed=3
    )
    game_services.table_fill_with_bots(alice, bidding)
    game_services.table_look(alice, bidding)
    drive(bidding, lambda hand: hand.public_view()["phase"] == "auction" and hand.to_act == 0)
    swiss = Tournament.objects.get(club=club, format=Tournament.Format.SWISS)
    knockout = _bracket(owner, club)
    return [
        ("home-visitor", None, "/"),
        ("home-member", "alice", "/"),
        ("club", "alice", club.get_absolute_url()),
        ("night", "alice", night.get_absolute_url()),
        ("check-in", "demo", reverse("clubs:checkin", args=[club.slug, night.pk])),
        ("table", "demo", table.get_absolute_url()),
        ("table-bidding", "alice", bidding.get_absolute_url()),
        ("tournament", "demo", reverse("tournaments:detail", args=[swiss.pk])),
        ("standings", "alice", reverse("tournaments:standings", args=[swiss.pk])),
        ("bracket", "alice", reverse("tournaments:bracket", args=[knockout.pk])),
        ("ladder", "alice", reverse("ladders:club", args=[club.slug])),
        ("player", "alice", reverse("ladders:player", args=["alice"])),
        ("profile", "alice", reverse("accounts:profile", args=["alice"])),
    ]


def _severe(results) -> list[str]:
    out = []
    for violation in results.response["violations"]:
        if violation["impact"] in SEVERE:
            targets = [" ".join(map(str, node["target"])) for node in violation["nodes"][:5]]
            out.append(
                f"{violation['id']} ({violation['impact']}): {violation['help']} — {targets}"
            )
    return out


def test_no_serious_or_critical_axe_violations_on_the_main_pages(live_server, browser, artifacts):
    from axe_playwright_python.sync_playwright import Axe

    axe = Axe()
    pages = _pages()
    found = {}
    for viewport in (PHONE, {"width": 1200, "height": 900}):
        contexts = {}
        try:
            for name, username, path in pages:
                if username not in contexts:
                    context = browser.new_context(viewport=viewport)
                    contexts[username] = context.new_page()
                    contexts[username].set_default_timeout(10_000)
                    if username:
                        sign_in(
                            contexts[username], live_server, User.objects.get(username=username)
                        )
                page = contexts[username]
                page.goto(live_server.url + path)
                page.wait_for_load_state("load")
                artifacts(page, f"{name}-{viewport['width']}")
                severe = _severe(axe.run(page))
                if severe:
                    found[f"{name} at {viewport['width']} px ({path})"] = severe
        finally:
            for page in contexts.values():
                page.context.close()
    report = "\n".join(f"{where}:\n  " + "\n  ".join(items) for where, items in found.items())
    assert not found, "axe found serious or critical violations:\n" + report
