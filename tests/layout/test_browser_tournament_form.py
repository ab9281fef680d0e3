"""The new-tournament form shows what the chosen format uses, and no more: the rounds for a
Swiss, the cycles for a round robin, the second grand final for a double elimination, the
duplicate settings for a duplicate; the hands a round only when a round is a number of hands;
the bots only for online tables; each game's table options only for that game. A part that
holds an error stays in view."""

import pytest

from tests.layout.conftest import read_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PARTS = {
    "rounds": "#id_rounds",
    "cycles": "#id_cycles",
    "reset": "#id_bracket_reset",
    "duplicate": ".duplicate-settings",
    "play": "input[name=play]",
    "hands": "#id_hand_limit",
    "bots": "#id_bot_level",
}


def shown(page) -> set[str]:
    return {name for name, css in PARTS.items() if page.locator(css).first.is_visible()}


def test_the_form_shows_what_the_chosen_format_uses(live_server, browser, club):
    director = club.memberships.get(role="owner").user
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    read_in(page, live_server, director, "pa")
    page.goto(f"{live_server.url}/tournaments/club/{club.slug}/new/")
    assert shown(page) == {"rounds", "play"}  # a Swiss, the default
    expected = {
        "round_robin": {"cycles", "play"},
        "single_elimination": {"play"},
        "double_elimination": {"reset", "play"},
        "progressive": {"rounds", "play"},
        "duplicate": {"rounds", "duplicate"},
        "swiss": {"rounds", "play"},
    }
    for format, parts in expected.items():
        page.locator(f"input[name=format][value={format}]").check()
        assert shown(page) == parts, format
    page.locator("input[name=play][value=hands]").check()
    page.locator("input[name=online][value='1']").check()
    assert shown(page) == {"rounds", "play", "hands", "bots"}
    # Each game's table options show only for that game.
    assert page.locator("details.options-box[data-game=five_hundred]").is_visible()
    assert not page.locator("details.options-box[data-game=pitch]").is_visible()
    page.locator("input[name=game][value=pitch]").check()
    assert page.locator("details.options-box[data-game=pitch]").is_visible()
    assert not page.locator("details.options-box[data-game=five_hundred]").is_visible()
    # A refused form keeps a part with an error in view, even when the choice doesn't use it.
    page.locator("input[name=format][value=swiss]").check()
    page.fill("#id_name", "ਸ਼ੁੱਕਰਵਾਰ")
    page.fill("#id_rounds", "0")
    page.locator("input[name=format][value=round_robin]").check()
    assert not page.locator("#id_rounds").is_visible()
    page.locator("form.tournament-form button[type=submit]").click()
    page.wait_for_load_state()
    assert page.locator("input[name=format][value=round_robin]").is_checked()
    assert page.locator("#id_rounds").is_visible()
    assert page.locator("#id_rounds_error").is_visible()
    context.close()
