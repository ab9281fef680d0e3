"""In real Chromium, through uvicorn (as production runs): two directors hold the check-in board
open on two phones; one checks a player in and the other's list shows it without a reload,
told by the night's event stream rather than a poll. (The server setup is the live table's:
tests/games/pages/test_browser_live.py.)"""

from __future__ import annotations

import time

import pytest

from clubs.models import Registration
from tests.games.pages.test_browser_live import asgi_server, player_page  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_a_check_in_on_one_phone_shows_on_the_other_through_the_stream(
    asgi_server,  # noqa: F811
    browser,
    people,
    night,
):
    from playwright.sync_api import expect

    _relay, base = asgi_server
    Registration.objects.create(
        night=night, user=people.member, status=Registration.Status.REGISTERED
    )
    board = f"{base}/clubs/{night.club.slug}/nights/{night.pk}/check-in/"
    ctx_a, a, _ = player_page(browser, base, people.director)
    ctx_b, b, b_requests = player_page(browser, base, people.owner)
    try:
        a.goto(board)
        b.goto(board)
        b.evaluate("window.stillHere = true")
        b.locator("#id_guest_name").fill("Half typed")  # must survive the refresh
        b.wait_for_timeout(800)  # the stream opens
        started = time.monotonic()
        a.get_by_role("button", name="Check in Mia").click()
        row = b.locator(".checkin-row", has_text="Mia")
        expect(row.locator(".checkin-status")).to_have_text("✓ Checked in")
        assert time.monotonic() - started < 5
        expect(b.get_by_role("button", name="Undo check-in for Mia")).to_be_visible()
        expect(b.locator(".checkin-summary")).to_contain_text("1 checked in")
        assert b.evaluate("window.stillHere") is True  # no reload
        assert b.locator("#id_guest_name").input_value() == "Half typed"
        paths = [r.url.split("?")[0].removeprefix(base) for r in b_requests]
        events = f"/clubs/{night.club.slug}/nights/{night.pk}/check-in/events/"
        assert paths.count(events) == 1, paths  # one stream, held open
        # One fetch of the list when told, no polling before it.
        assert paths.count(board) <= 2, paths
    finally:
        ctx_a.close()
        ctx_b.close()
