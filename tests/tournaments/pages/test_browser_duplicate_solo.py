"""In real Chromium: a director sets up a solo Pitch duplicate (seven players each for themselves,
two physical tables of four, a bot in the empty seat) from the form and watches the standings
page while a player enters board 1 from a phone and another player at the table confirms it: the
director's standings fill in by themselves (the event's live stream), with no reload. Then the
director closes the round with the other table's board missing: it scores an average, assigned
by the director."""

import pytest

from core.choices import Game
from tournaments.models import BoardResult, Tournament

from .test_browser_duplicate import _logged_in
from .test_browser_duplicate import _setup as _club_night

NAMES = ["Ann", "Bob", "Cas", "Dee", "Eve", "Fin", "Gus"]


def _setup():
    return _club_night(
        NAMES, club_name="Banksia Pitch Club", venue="Banksia Hall", game=Game.PITCH,
        title="Solo night",
    )  # fmt: skip


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_solo_pitch_duplicate_with_live_standings(live_server, browser):
    from playwright.sync_api import expect

    director, club, night = _setup()
    page = _logged_in(browser, live_server, director, viewport={"width": 1200, "height": 900})
    page.goto(f"{live_server.url}/tournaments/club/{club.slug}/new/")
    page.get_by_label("Name", exact=True).fill("Solo pitch")
    page.get_by_label("Club night").select_option(str(night.pk))
    page.locator("input[name=game][value=pitch]").check()
    page.get_by_text("Partnerships play the same deals").click()
    page.locator("input[name=boards_per_round]").fill("1")
    page.get_by_label("Pitch each for themselves").check()
    page.get_by_role("button", name="Create tournament").click()
    expect(page.get_by_text("Solo pitch is set up with 7 entrants")).to_be_visible()
    tournament = Tournament.objects.get(name="Solo pitch")
    assert tournament.is_duplicate and not tournament.partnerships
    page.get_by_role("button", name="Start the tournament").click()
    expect(page.get_by_text("Round 1 is paired")).to_be_visible()
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.get_by_text("Round 1 is published")).to_be_visible()
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/")
    expect(page.get_by_text("Each for themselves: 7 players at 2 tables of 4")).to_be_visible()

    # The director watches the standings: nothing is confirmed yet.
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/standings/")
    rows = page.locator("table.standings-table tbody tr")
    expect(rows).to_have_count(0)

    round1 = tournament.round_set.get(number=1)
    table1 = round1.tables.filter(seats__entrant__isnull=False).order_by("number").first()
    people = [s.member.user for s in table1.seats.filter(entrant__isnull=False).order_by("number")]
    phone = {"viewport": {"width": 360, "height": 740}}
    first = _logged_in(browser, live_server, people[0], **phone)
    first.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/tables/{table1.pk}/")
    form = first.locator("form.board-form")
    form.get_by_label("Bid").select_option("2")
    form.get_by_label("Pitcher").select_option("0")
    form.get_by_label("High").select_option("0")
    form.get_by_label("Low").select_option("1")
    form.get_by_label("Jack").select_option("none")
    form.get_by_label("Game").select_option("0")
    form.get_by_role("button", name="Enter the result").click()
    expect(first.locator(".message.success")).to_be_visible()
    second = _logged_in(browser, live_server, people[1], **phone)
    second.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/tables/{table1.pk}/")
    expect(second.locator(".board-result .seat-score").first).to_have_text("2")
    second.get_by_role("button", name="Confirm").click()
    expect(second.locator(".message.success")).to_contain_text("confirmed")
    first.context.close()
    second.context.close()

    # The director's standings filled in by themselves (no reload).
    expect(rows).to_have_count(len(people), timeout=15_000)

    # The other table hasn't played: the director closes the round with an average for it.
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/")
    page.get_by_role("button", name="Close with averages for the missing boards").click()
    expect(page.get_by_text("boards not played score an average")).to_be_visible()
    assert BoardResult.objects.filter(tournament=tournament, source="assigned").count() == 1
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/boards/1/")
    expect(page.get_by_text("Assigned by the director")).to_be_visible()
    page.context.close()
