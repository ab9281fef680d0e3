"""In real Chromium: a director runs a two-round Swiss of eight partnerships at physical tables,
from creating it to the final standings, by clicking through the pages.

The club, its members and the night's check-ins are made through the clubs services. With
KB_SCREENSHOTS=1 the test also saves screenshots of each page (desktop and a 360 px phone) in
/tmp/kb-tournament-*.png.
"""

import os
import re
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from clubs import services as club_services
from core.choices import Game
from tournaments.models import Round, Tournament

PASSWORD = "correct-horse-9"
NAMES = [
    "Ann", "Bob", "Cas", "Dee", "Eve", "Fin", "Gus", "Hal",
    "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Oli", "Pat",
]  # fmt: skip
SHOTS = os.environ.get("KB_SCREENSHOTS") == "1"


def _shot(page, name, *, full=True):
    if SHOTS:
        page.screenshot(path=f"/tmp/kb-tournament-{name}.png", full_page=full)


def _club_night_with_sixteen_checked_in():
    director = User.objects.create_user(
        username="dora", password=PASSWORD, display_name="Dora", email="dora@example.com"
    )
    club = club_services.club_create(
        director, name="Wattle Card Club", venue="Wattle Hall", games=[Game.FIVE_HUNDRED]
    )
    players = []
    for name in NAMES:
        user = User.objects.create_user(
            username=name.lower(),
            password=PASSWORD,
            display_name=name,
            email=f"{name.lower()}@example.com",
        )
        club_services.club_join(user, club)
        players.append(user)
    night = club_services.night_schedule(
        director,
        club,
        starts_at=timezone.now() + timedelta(hours=2),
        capacity=20,
        title="Tuesday Five Hundred",
    )
    for user in players:
        registration = club_services.night_register(user, night)
        club_services.registration_check_in(director, registration)
    return director, club, night, players


def _enter_round(page, expect, number, scores_for):
    """Enter every table's result on the round page as the director (inline forms)."""
    for table in range(1, 5):
        card = page.locator(f"#table-{table}")
        inputs = card.locator("form.inline-result input[type=number]")
        labels = [
            inputs.nth(i).evaluate("el => el.parentElement.textContent.trim()") for i in (0, 1)
        ]
        first, second = scores_for(table, labels)
        inputs.nth(0).fill(str(first))
        inputs.nth(1).fill(str(second))
        card.get_by_role("button", name=f"Save table {table}").click()
        expect(page.locator("#round-tables")).to_contain_text(
            f"Table {table}: {first}–{second} recorded."
        )
        expect(page.locator(f"#table-{table}")).to_contain_text("Finished")
    expect(page.locator("#round-tables")).to_contain_text("Every table has a confirmed result")


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_runs_a_two_round_swiss_to_final_standings(live_server, page, browser):
    from playwright.sync_api import expect

    director, club, night, players = _club_night_with_sixteen_checked_in()

    # Log in as the director and find the club's tournaments.
    page.goto(f"{live_server.url}/accounts/login/?next=/clubs/{club.slug}/")
    page.get_by_label("Username").fill("dora")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.get_by_role("link", name="Run a tournament").click()

    # Create the tournament: the night's sixteen checked-in players become eight partnerships.
    expect(page.get_by_role("heading", name="New tournament")).to_be_visible()
    page.get_by_label("Name", exact=True).fill("Spring Swiss")
    page.get_by_label("Club night").select_option(str(night.pk))
    page.get_by_text("Everyone plays every round").click()
    page.get_by_role("spinbutton", name=re.compile("^Rounds")).fill("2")
    _shot(page, "create")
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("Spring Swiss is set up with 8 entrants")).to_be_visible()
    tournament = Tournament.objects.get(name="Spring Swiss")
    assert tournament.entrants.count() == 8
    _shot(page, "entrants")

    # Start: round 1 is paired as a draft; publish it.
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("Round 1 is paired")).to_be_visible()
    expect(page.locator(".seating-table")).to_have_count(4)
    _shot(page, "round1-draft")
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.get_by_text("Round 1 is published")).to_be_visible()
    _shot(page, "round1-published")

    # A second tab shows the standings, which follow the results live (polling).
    watcher = page.context.new_page()
    watcher.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
    watcher.evaluate("window.stillHere = true")
    expect(watcher.locator(".standings-table .points").first).to_have_text("0")

    # Round 1: the first side wins every table, by a different margin each.
    page.evaluate("window.stillHere = true")
    _enter_round(page, expect, 1, lambda table, labels: (500, 100 * table))
    assert page.evaluate("window.stillHere") is True  # results went in without a page load
    _shot(page, "round1-done")
    leader = watcher.locator(".standings-table tbody tr").first
    expect(leader).to_contain_text("Ann & Bob", timeout=15_000)
    expect(leader.locator(".points")).to_have_text("2", timeout=15_000)
    assert watcher.evaluate("window.stillHere") is True  # refreshed in place, not reloaded
    watcher.close()

    # Pair round 2 (round 1 closes), publish it; Ann & Bob, unbeaten, win again.
    page.get_by_role("button", name="Pair round 2").click()
    expect(page.get_by_text("Round 2 is paired")).to_be_visible()
    assert Round.objects.get(tournament=tournament, number=1).is_closed
    page.get_by_role("button", name="Publish round 2").click()
    expect(page.get_by_text("Round 2 is published")).to_be_visible()

    def round_two(table, labels):
        if "Ann & Bob" in labels[1]:
            return 180, 500
        return 500, 180 + 10 * table

    _enter_round(page, expect, 2, round_two)
    _shot(page, "round2-done")

    # Finish and read the final standings: Ann & Bob lead on 4 points.
    page.get_by_role("button", name="Finish the tournament").click()
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    rows = page.locator(".standings-table tbody tr")
    expect(rows).to_have_count(8)
    expect(rows.first).to_contain_text("Ann & Bob")
    expect(rows.first.locator(".points")).to_have_text("4")
    _shot(page, "standings")
    tournament.refresh_from_db()
    assert tournament.is_finished

    if SHOTS:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        _shot(page, "detail-director")
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/2/cards/")
        _shot(page, "cards")
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/results/")
        _shot(page, "results")
        phone = browser.new_context(viewport={"width": 360, "height": 780})
        mobile = phone.new_page()
        mobile.goto(f"{live_server.url}/accounts/login/?next=/tournaments/{tournament.pk}/")
        mobile.get_by_label("Username").fill("ann")
        mobile.get_by_label("Password").fill(PASSWORD)
        mobile.get_by_role("button", name="Log in").click()
        mobile.screenshot(path="/tmp/kb-tournament-phone-detail.png", full_page=True)
        mobile.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
        mobile.screenshot(path="/tmp/kb-tournament-phone-standings.png", full_page=True)
        phone.close()
