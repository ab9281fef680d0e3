"""In real Chromium: a director runs a three-table duplicate Five Hundred event (a Mitchell of six
pairs, one board a round, three rounds) to the final matchpoint standings. Table 1 is a physical table: a
player enters the board's contract from a phone and an opponent confirms it (in rounds 2 and 3
the director enters it). Tables 2 and 3 are played on the site; their players leave and bots finish
the boards (the site's Celery tasks run eagerly in tests).

The commitments are on the event page before play and the seeds once every table has played
each board.
"""

import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import User
from clubs import services as club_services
from core.choices import Game
from games import services as game_services
from games.models import Board
from tournaments.models import BoardResult, Tournament

PASSWORD = "correct-horse-9"
NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fin", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou"]


def _setup(
    names=NAMES, club_name="Wattle Card Club", venue="Wattle Hall", game=Game.FIVE_HUNDRED,
    title="Duplicate night",
):  # fmt: skip
    """A director, their club and tonight's night, with `names` joined and checked in."""
    director = User.objects.create_user(
        username="dora", password=PASSWORD, display_name="Dora", email="dora@example.com"
    )
    club = club_services.club_create(director, name=club_name, venue=venue, games=[game])
    night = club_services.night_schedule(
        director, club, starts_at=timezone.now() + timedelta(hours=2), capacity=20, title=title,
    )  # fmt: skip
    for name in names:
        user = User.objects.create_user(
            username=name.lower(), password=PASSWORD, display_name=name,
            email=f"{name.lower()}@example.com",
        )  # fmt: skip
        club_services.club_join(user, club)
        club_services.registration_check_in(director, club_services.night_register(user, night))
    return director, club, night


def _logged_in(browser, live_server, user, **context_args):
    """A browser context signed in as `user` (a session made by the test client)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(**context_args)
    context.add_cookies(
        [{"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_server.url}]
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    return page


def _bots_finish_online_tables(round_):
    """The players at the online tables leave: bots take their seats and play the boards."""
    for table in round_.tables.filter(online=True):
        game_table = table.game_table
        for seat in game_table.seats.filter(user__isnull=False):
            game_services.table_leave(seat.user, game_table)
        game_table.refresh_from_db()
        assert game_table.is_finished


def _publish_with_table_one_physical(page, expect, number):
    expect(page.get_by_text(f"Round {number} is paired")).to_be_visible()
    page.locator("#table-1").get_by_role("button", name="Make it a physical table").click()
    expect(page.locator("#table-1").get_by_role("button", name="Play it online")).to_be_visible()
    page.get_by_role("button", name=f"Publish round {number}").click()
    expect(page.get_by_text(f"Round {number} is published")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_director_runs_a_three_table_duplicate_to_final_matchpoints(live_server, browser):
    from playwright.sync_api import expect

    director, club, night = _setup()
    page = _logged_in(browser, live_server, director, viewport={"width": 1200, "height": 900})

    # Create the event: six partnerships from the night, a Mitchell, one board a round, online.
    page.goto(f"{live_server.url}/tournaments/club/{club.slug}/new/")
    page.get_by_label("Name", exact=True).fill("Duplicate pairs")
    page.get_by_label("Club night").select_option(str(night.pk))
    page.get_by_text("Partnerships play the same deals").click()
    page.locator("select[name=movement]").select_option("mitchell")
    page.locator("input[name=boards_per_round]").fill("1")
    page.get_by_text("Online: every table is played on the site").click()
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("Duplicate pairs is set up with 6 entrants")).to_be_visible()
    tournament = Tournament.objects.get(name="Duplicate pairs")
    assert tournament.is_duplicate and tournament.scoring == "matchpoints"

    # Start: the boards are dealt and their commitments published before play.
    page.get_by_role("button", name="Start the tournament").click()
    tournament.refresh_from_db()
    boards = list(Board.objects.filter(board_set=tournament.board_set).order_by("number"))
    assert len(boards) == 3 and tournament.rounds == 3
    _publish_with_table_one_physical(page, expect, 1)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/")
    for board in boards:
        row = page.locator(f"tr[data-board='{board.number}']")
        expect(row.locator(".commitment")).to_have_text(board.commitment)
        expect(row).to_contain_text("Not revealed yet")
    expect(page.locator("body")).not_to_contain_text(boards[0].seed)

    # Round 1: the online tables are played out by bots; at table 1 North enters the board from
    # a phone and East confirms.
    round1 = tournament.round_set.get(number=1)
    _bots_finish_online_tables(round1)
    table1 = round1.tables.get(number=1)
    north = table1.seats.get(number=0).member.user
    east = table1.seats.get(number=1).member.user
    phone = {"viewport": {"width": 360, "height": 740}}
    north_page = _logged_in(browser, live_server, north, **phone)
    north_page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    north_page.get_by_role("link", name=re.compile("Your boards")).click()
    form = north_page.locator("form.board-form")
    form.get_by_label("Contract").select_option("8S")
    form.get_by_label("Declarer").select_option("0")
    form.get_by_label("Tricks taken by the declaring side").fill("7")
    form.get_by_role("button", name="Enter the result").click()
    expect(north_page.get_by_text("The other pair confirms it")).to_be_visible()
    east_page = _logged_in(browser, live_server, east, **phone)
    east_page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/tables/{table1.pk}/")
    expect(east_page.locator(".board-result")).to_contain_text("-240")
    east_page.get_by_role("button", name="Confirm").click()
    expect(east_page.locator(".message.success")).to_contain_text("confirmed")
    north_page.context.close()
    east_page.context.close()
    assert BoardResult.objects.filter(round=round1, status="confirmed").count() == 3

    # Rounds 2 and 3: the director pairs and publishes each, bots finish the online tables and
    # the director enters table 1's board.
    for number in (2, 3):
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
        page.get_by_role("button", name=f"Pair round {number}").click()
        _publish_with_table_one_physical(page, expect, number)
        _bots_finish_online_tables(tournament.round_set.get(number=number))
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/{number}/")
        page.locator("#table-1").get_by_role("link", name="Boards of table 1").click()
        form = page.locator("form.board-form")
        form.get_by_label("Contract").select_option("7NT")
        form.get_by_label("Declarer").select_option("1")
        form.get_by_label("Tricks taken by the declaring side").fill(str(5 + number))
        form.get_by_role("button", name="Enter the result").click()
        expect(page.get_by_text("the result is in")).to_be_visible()

    # Finish: the final matchpoint standings, and every seed revealed.
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    page.get_by_role("button", name="Finish the tournament").click()
    tournament.refresh_from_db()
    assert tournament.is_finished
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/standings/")
    expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
    rows = page.locator("table.standings-table tbody tr")
    expect(rows).to_have_count(6)
    percentages = [float(t) for t in rows.locator("td.points").all_inner_texts()]
    assert sum(percentages) == pytest.approx(300, abs=0.1)  # two fields of three, 50% average
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/")
    for board in boards:
        expect(page.locator(f"tr[data-board='{board.number}'] .seed")).to_have_text(board.seed)
    page.context.close()
