"""Long names without spaces (a table named in one long Gurmukhi word, a player's name run
together) wrap inside the phone's width: on the table page, the lobby, the notices and the
player's ladder page nothing is wider than the phone."""

from pathlib import Path

import pytest

from games import services
from tests.layout.conftest import drive, read_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
ARTIFACTS = Path("var/test-artifacts/layout")
LONG = "ਹਰਪ੍ਰੀਤਦਾਮੇਜ਼🃏" + "ਲੰਮਾ" * 20


def test_long_names_wrap_on_a_phone(live_server, browser, make_user):
    user = make_user("harpreet", display_name="ਹਰਪ੍ਰੀਤਸਿੰਘਸੰਧੂ" * 4)
    table = services.table_create(
        user,
        game="pitch",
        players=4,
        seat=0,
        seed=7,
        bot_level="easy",
        name=LONG[:100],
        hand_limit=1,
    )
    services.table_fill_with_bots(user, table)
    table.refresh_from_db()
    drive(table, lambda hand: table.is_finished, limit=400)
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    read_in(page, live_server, user, "pa")
    for address in (
        f"/tables/{table.pk}/",
        "/tables/",
        "/accounts/notices/",
        f"/ladders/players/{user.username}/",
        f"/accounts/people/{user.username}/",
    ):
        page.goto(f"{live_server.url}{address}")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], (address, width)
        if address == f"/tables/{table.pk}/":
            page.screenshot(path=str(ARTIFACTS / "table-long-names-pa.png"), full_page=True)
    context.close()


def test_a_long_entrant_name_wraps_on_the_entrants_page(live_server, browser, make_user, club):
    """A partnership or guest named in one long run (or with markup in it) stays inside the
    page on a laptop and on a phone."""
    from tournaments import services as tournament_services

    director = club.memberships.get(role="owner").user
    tournament = tournament_services.tournament_create(
        director, club, name="Wattle Swiss", game="five_hundred", format="swiss"
    )
    tournament_services.entrant_add(
        director, tournament, members=["अनिकेतजोशीप्राजक्ता" * 5, "<script>alert(1)</script>Ω" * 3]
    )
    tournament_services.entrant_add(director, tournament, members=["Ann", "Bob"])
    for viewport in (PHONE, {"width": 1280, "height": 800}):
        context = browser.new_context(viewport=viewport, device_scale_factor=1)
        page = context.new_page()
        read_in(page, live_server, director, "mr")
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/entrants/")
        assert page.get_by_text("Ann").count()
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= viewport["width"], (viewport, width)
        context.close()


BOX_FITS = """() => [...document.querySelectorAll('.match-name')].map((name) => {
  const box = name.closest('.match').getBoundingClientRect();
  const r = name.getBoundingClientRect();
  return [name.textContent, name.scrollWidth <= name.clientWidth + 1
    && r.left >= box.left - 1 && r.right <= box.right + 1];
})"""


@pytest.mark.parametrize("code", ["ur", "ms"])
def test_a_long_pair_name_is_shown_whole_in_the_bracket(live_server, browser, club, code):
    """Bracket boxes wrap a long pair name instead of cutting it (in Urdu, a Latin name was cut
    at its start)."""
    from tournaments import services as tournament_services

    director = club.memberships.get(role="owner").user
    tournament = tournament_services.tournament_create(
        director, club, name="Wattle Knockout", game="five_hundred", format="single_elimination"
    )
    long_pair = ["Christopher Montgomery-Fitzwilliam", "Bartholomew Alexander"]
    tournament_services.entrant_add(director, tournament, members=long_pair)
    for pair in (["Ann", "Bob"], ["Cas", "Dee"], ["جمیل احمد خان", "Eve"]):
        tournament_services.entrant_add(director, tournament, members=pair)
    tournament_services.tournament_start(director, tournament)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    read_in(page, live_server, director, code)
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/bracket/")
    names = dict(page.evaluate(BOX_FITS))
    whole = next(n for n in names if n.startswith("Christopher"))
    assert "Bartholomew Alexander" in whole
    assert all(names.values()), names
    context.close()


def test_a_pairs_entrants_page_fits_a_phone_in_setup(live_server, phone, club):
    """The director's partnership table in setup (seeds, two names, Malay buttons) scrolls inside
    its panel on a phone; it pushed the whole page 70 px past the screen's edge."""
    from tournaments import services as tournament_services

    director = club.memberships.get(role="owner").user
    tournament = tournament_services.tournament_create(
        director,
        club,
        name="Kejohanan Pitch",
        game="pitch",
        format="swiss",
        options={"partnerships": True},
    )
    for pair in (
        ["Ahmad Faiz bin Abdullah", "Farah Nadia binti Ismail"],
        ["Raju Pillai", "Tan Mei Ling"],
        ["Encik Lim Boon Keat", "Puan Siti Aminah"],
    ):
        tournament_services.entrant_add(director, tournament, members=pair)
    read_in(phone, live_server, director, "ms")
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/entrants/")
    assert phone.get_by_text("Tan Mei Ling").count()
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], width
