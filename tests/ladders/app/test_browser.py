"""In real Chromium on a phone-sized screen: the ladder's game tabs swap in place, the player's
rating chart fits the screen, and a director follows a rebuild to the end."""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
from django.utils import timezone

from core.choices import Game
from ladders import tasks
from tests.conftest import PASSWORD

PHONE = {"width": 390, "height": 844}
SHOTS = os.environ.get("LADDER_SHOTS")  # a folder to save screenshots in, when set


def shot(page, name):
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def rated_games(people, club, finished_table):
    ann, bob, cy, di, ed = people[:5]
    now = timezone.now()
    for number in range(7):
        seats = [ann, bob, cy, di] if number % 3 else [ann, ed, cy, bob]
        winners = [0, 2] if number % 4 else [1, 3]
        totals = [500, 200, 500, 200] if winners == [0, 2] else [200, 500, 200, 500]
        table = finished_table(
            seats, totals, winners, club=club, at=now - timedelta(days=14 - 2 * number)
        )
        tasks.record_table_game(table.pk)
    for number in range(5):
        table = finished_table(
            [ann, bob, cy, di, ed],
            [7, 3, 5, -1, 2][number:] + [7, 3, 5, -1, 2][:number],
            [[0, 4, 3, 2, 1][number]],
            club=club,
            game=Game.PITCH,
            at=now - timedelta(days=12 - 2 * number, hours=1),
        )
        tasks.record_table_game(table.pk)
    return people


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_ladders_and_the_player_page_on_a_phone(live_server, browser, rated_games, club):
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server.url + f"/ladders/clubs/{club.slug}/")
        expect(page.get_by_role("heading", name="Five Hundred ladder")).to_be_visible()
        shot(page, "club-ladder")
        page.evaluate("window.stillHere = true")
        page.locator(".ladder-tabs").get_by_role("link", name="Auction Pitch").click()
        expect(page.get_by_role("heading", name="Auction Pitch ladder")).to_be_visible()
        assert page.evaluate("window.stillHere") is True  # swapped in place, not reloaded
        assert page.url.endswith("?game=pitch")
        rows = page.locator(".ladder-table tbody tr")
        expect(rows).to_have_count(5)

        rows.first.get_by_role("link").click()
        chart = page.locator("#rating-chart")
        expect(chart).to_be_visible()
        box = chart.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
        assert box["width"] > PHONE["width"] * 0.6  # wide enough to read
        expect(page.locator("#player-game")).to_contain_text("Auction Pitch rating history")
        shot(page, "player-phone")
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_follows_a_rebuild(live_server, page, rated_games, club):
    from playwright.sync_api import expect

    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(live_server.url + f"/ladders/clubs/{club.slug}/")
    page.get_by_role("button", name="Rebuild now").click()
    # Tasks run at once in tests, so the page shows the job done (or polls until it is).
    expect(page.locator("#job-progress")).to_contain_text("Done", timeout=15_000)
    expect(page.locator("#job-progress")).to_contain_text("12 of 12 games replayed")
    shot(page, "rebuild-done")
