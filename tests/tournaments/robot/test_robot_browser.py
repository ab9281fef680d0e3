"""In real Chromium: a club member enters an 8-board Five Hundred robot duplicate from the club's
page, plays every board at their own table by clicking (bots as partner and opponents), then
reads the leaderboard and the travellers — with rivals' results on the boards (one rival played
through the services, one seeded).

Bots move with no pause and Celery runs eagerly in tests, so the bots' moves (and the results
recorded as each board ends) happen inside the request that hands them the turn; that request's
answer shows the table as the member's own action left it, and the bots' moves reach the page
through its event stream (or poll) just after. The test gives up only when the table stops
moving for two minutes (a busy CI machine is slow, not stuck), and then says where the table
stood.
With KB_SCREENSHOTS=1 it saves /tmp/kb-robot-*.png.
"""

import os
import re
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Table
from tournaments.robot_models import RobotBoardResult, RobotEvent
from tournaments.services import robot

from .conftest import play_boards

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "correct-horse-9"
SHOTS = os.environ.get("KB_SCREENSHOTS") == "1"


def _shot(page, name):
    if SHOTS:
        page.screenshot(path=f"/tmp/kb-robot-{name}.png", full_page=True)


def _version(page) -> str:
    return page.locator("#table-live").get_attribute("data-version")


def _click_and_wait(page, locator):
    before = _version(page)
    locator.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table-live');"
        " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
        arg=before,
        timeout=90_000,
    )


# The table must move at least this often (seconds), and the game end within OVERALL.
PATIENCE = 120
OVERALL = 600


def _where(table_id: int, page) -> str:
    table = Table.objects.get(pk=table_id)
    text = " ".join(page.locator("#table-live").inner_text().split())[:600]
    return (
        f"table {table_id}: status {table.status}, {table.action_number} actions, "
        f"seat {table.to_act} to act, bot to act: {table.bot_to_act}; the page shows: {text}"
    )


def _play_all_boards(page, table_id: int) -> int:
    """Click legal actions (pass in the auction, the first playable card) until the table's
    game is over. Returns the number of clicks."""
    from games.tasks import nudge_stalled_bots

    live = page.locator("#table-live")
    clicks = 0
    start = moved = nudged = time.monotonic()
    last = None
    while True:
        table = Table.objects.get(pk=table_id)
        if table.status == Table.Status.FINISHED:
            return clicks
        now = time.monotonic()
        if table.action_number != last:
            last, moved = table.action_number, now
        elif now - moved > PATIENCE or now - start > OVERALL:
            raise AssertionError(f"the game did not end: {_where(table_id, page)}")
        elif now - moved > 10 and now - nudged > 10 and table.bot_to_act:
            nudged = now
            nudge_stalled_bots()  # what Celery beat does every few seconds in production
        look = live.get_by_role("button", name="Look at your cards")
        if look.count():
            _click_and_wait(page, look)
            clicks += 1
            continue
        if live.locator(".your-step.is-mine").count() == 0:
            page.wait_for_timeout(100)
            continue
        if live.locator(".bidding-box").count():
            button = live.get_by_role("button", name="Pass", exact=True)
            if button.is_disabled():
                button = live.locator(".bidding-box .bid-button:not([disabled])").first
            _click_and_wait(page, button)
            clicks += 1
            continue
        if live.locator("[data-discard-form]").count():
            boxes = live.locator("[data-discard-form] input[name=discard]")
            for n in range(3):
                boxes.nth(n).check()
            _click_and_wait(page, live.get_by_role("button", name="Discard these three"))
            clicks += 1
            continue
        plain = live.locator(".play-form button.card-button:not([disabled])[aria-label^='Play ']")
        if plain.count():
            _click_and_wait(page, plain.first)
            clicks += 1
            continue
        joker = live.locator("#joker-lead button[name=suit]")
        if joker.count():
            _click_and_wait(page, joker.first)
            clicks += 1
            continue
        choices = live.locator(".choice-box button, .partner-form button")
        if choices.count():
            _click_and_wait(page, choices.first)
            clicks += 1
            continue
        page.wait_for_timeout(100)


def test_member_plays_a_robot_duplicate_and_reads_travellers(
    live_server, page, settings, club, director, member, make_user
):
    from playwright.sync_api import expect

    settings.KOOKABURRA_BOT_DELAY = 0
    now = timezone.now()
    event = robot.robot_event_create(
        director,
        club=club,
        name="Wattle weekly robots",
        game="five_hundred",
        boards=8,
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(days=7),
    )
    # Rivals: the director plays two boards through the services; Rhea's eight are seeded.
    rival = robot.robot_event_enter(director, event)
    play_boards(director, rival, 2)
    rhea = make_user("rhea")
    club.memberships.create(user=rhea)
    seeded = robot.robot_event_enter(rhea, event)
    for board in event.board_set.boards.all():
        RobotBoardResult.objects.create(
            entry=seeded, board=board, number=board.number, score=(board.number % 3 - 1) * 60
        )

    page.goto(live_server.url + "/accounts/login/")
    page.get_by_label("Username").fill(member.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto(live_server.url + club.get_absolute_url())
    page.get_by_role("link", name="Robot duplicate").first.click()
    page.get_by_role("link", name="Wattle weekly robots").click()
    expect(page.get_by_role("heading", name="Wattle weekly robots")).to_be_visible()
    # Before playing: no traveller links, and the leaderboard scores nothing for this reader.
    expect(page.get_by_role("link", name="Board 1 traveller")).to_have_count(0)
    _shot(page, "event-before")
    page.get_by_role("button", name="Enter and play").click()
    expect(page.locator("#table-live .felt")).to_be_visible()
    entry = event.entries.get(user=member)
    clicks = _play_all_boards(page, entry.table_id)
    assert clicks > 8 * 5
    _shot(page, "table-done")

    assert RobotBoardResult.objects.filter(entry=entry).count() == 8
    page.goto(live_server.url + event.get_absolute_url())
    expect(page.get_by_text("You have played every board")).to_be_visible()
    board = page.locator("#leaderboard")
    for name in ("Milo", "Dora", "Rhea"):
        expect(board.get_by_role("row", name=name)).to_be_visible()
    expect(board.locator("tr.is-mine td.num").last).to_have_text(re.compile(r"\d+\.\d\d"))
    _shot(page, "event-after")

    page.get_by_role("link", name="Board 1 traveller").click()
    expect(page.get_by_role("heading", name="Board 1 traveller")).to_be_visible()
    results = page.locator("table.traveller tbody tr")
    expect(results).to_have_count(3)  # Milo, Dora and Rhea played board 1
    expect(page.locator(".hand-diagram .card")).to_have_count(43)  # 4 × 10 and the kitty
    _shot(page, "traveller-1")
    page.get_by_role("link", name="Next board").click()
    expect(page.get_by_role("heading", name="Board 2 traveller")).to_be_visible()
    page.get_by_role("link", name="Next board").click()
    expect(page.get_by_role("heading", name="Board 3 traveller")).to_be_visible()
    expect(page.locator("table.traveller tbody tr")).to_have_count(2)  # Dora stopped at 2

    # The director, who played only two boards, still can't open board 3.
    assert not RobotEvent.objects.get(pk=event.pk).closed_at
