"""Issue 13, "Done when", in real Chromium (Debian's, through Playwright):

(a) a member switches to Urdu from the header's language menu: the page is lang="ur" dir="rtl" in
    Noto Nastaliq Urdu, and they play a whole Pitch hand against three bots in Urdu;
(b) a member switches to Marathi and registers for a club night (the answer is in Marathi);
(c) the table page on a phone (390×844) in Urdu and in Punjabi, with the script's own font
    loaded (document.fonts.check()); the screenshots are kept in test-results/i18n/<test>/.

The controls are found by what they send (form actions, name/value of buttons), never by their
English labels. Bots move at once inside the request that gives them the turn (Celery runs eagerly
in tests, KOOKABURRA_BOT_DELAY = 0). A language the site doesn't have yet
(tests/i18n/site_languages.py) skips its test.
"""

from __future__ import annotations

import re
from datetime import timedelta
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone

from tests.i18n.site_languages import skip_unless_configured

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(settings.BASE_DIR) / "test-results" / "i18n"
PHONE = {"width": 390, "height": 844}
FONTS = {  # the family each script's stylesheet declares, and a word to check it with
    "mr": ("Noto Sans Devanagari", "मराठी"),
    "pa": ("Noto Sans Gurmukhi", "ਪੰਜਾਬੀ"),
    "ur": ("Noto Nastaliq Urdu", "اردو"),
}
SCRIPT = {  # letters of each language's script
    "mr": re.compile(r"[\u0900-\u097F]"),
    "pa": re.compile(r"[\u0A00-\u0A7F]"),
    "ur": re.compile(r"[\u0600-\u06FF]"),
}
# Every control a player at the table may use, by what it sends.
CALLS = "#table-live button[name=call]:not([disabled])"
PASS = "#table-live button[name=call][value=pass]:not([disabled])"
BIDS = "#table-live button[name=call]:not([value=pass]):not([disabled])"
CARDS = "#table-live button[name=play]:not([disabled]):not(:has([data-card=JK]))"
OTHER_CHOICES = (
    "#table-live button[name=pitch], #table-live button[name=suit], "
    "#table-live button[name=nominate], #table-live button[name=call_partner], "
    "#table-live button[name=play]:not([disabled])"
)


def folder_for(request) -> Path:
    folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def sign_in(context, live_server, user) -> None:
    """Give the browser context a signed-in session (no login form)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
    )


def switch_language(page, code: str) -> None:
    """Choose `code` in the header's language menu and send it (Django's set_language)."""
    menu = page.locator("header form[action$='/i18n/setlang/']")
    menu.locator("select[name=language]").select_option(code)
    with page.expect_navigation():
        menu.locator("button[type=submit], input[type=submit]").first.click()


def font_ready(page, code: str) -> bool:
    """The script's family is one of the page's own font faces, has loaded, and
    document.fonts.check() says the language's text renders in it (check() alone is also true
    for a family nobody declared)."""
    family, sample = FONTS[code]
    return page.evaluate(
        """async ([family, sample]) => {
             await document.fonts.load(`16px "${family}"`, sample);
             await document.fonts.ready;
             const ours = [...document.fonts].some(
               face => face.family.replaceAll('"', "") === family && face.status === "loaded");
             return ours && document.fonts.check(`16px "${family}"`, sample);
           }""",
        [family, sample],
    )


def expect_language(page, code: str, direction: str) -> None:
    from playwright.sync_api import expect

    html = page.locator("html")
    expect(html).to_have_attribute("lang", code)
    expect(html).to_have_attribute("dir", direction)


def click_and_wait(page, locator) -> None:
    """Click a table control and wait until htmx has swapped in the table's next version."""
    before = page.locator("#table-live").get_attribute("data-version")
    locator.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table-live');"
        " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
        arg=before,
    )


def play_the_hand(page) -> int:
    """Act for the signed-in player until the hand's result shows: bid the lowest bid once, then
    pass (or bid, when passing is not allowed), play the first legal card. Returns the number of
    moves made."""
    live = page.locator("#table-live")
    moves, bid = 0, False
    for _ in range(300):
        if live.locator("#hand-result-title").count():
            return moves
        if page.locator(CALLS).count():
            if not bid and page.locator(BIDS).count():
                target = page.locator(BIDS).first
            elif page.locator(PASS).count():
                target = page.locator(PASS)
            else:
                target = page.locator(BIDS).first
            bid = True
        elif page.locator(CARDS).count():
            target = page.locator(CARDS).first
        elif page.locator(OTHER_CHOICES).count():
            target = page.locator(OTHER_CHOICES).first
        else:  # someone else is to act: the table's poll brings their move
            page.wait_for_timeout(150)
            continue
        click_and_wait(page, target)
        moves += 1
    raise AssertionError("no hand result after 300 steps")


def seated_with_bots(user, game: str, *, seed: int):
    from games import services

    table = services.table_create(
        user, game=game, players=4, bot_level="club", seat=0, seed=seed, name="Language Table"
    )
    services.table_fill_with_bots(user, table)
    table.refresh_from_db()
    assert table.is_playing
    return table


def test_a_member_switches_to_urdu_and_plays_a_whole_pitch_hand_against_bots(
    live_server, browser, make_user, request
):
    from playwright.sync_api import expect

    from games.models import Table

    skip_unless_configured("ur")
    member = make_user("milo", display_name="Milo Banks")
    table = seated_with_bots(member, "pitch", seed=5)
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        sign_in(context, live_server, member)
        page.goto(live_server.url + "/")
        expect_language(page, settings.LANGUAGE_CODE, "ltr")
        switch_language(page, "ur")
        expect_language(page, "ur", "rtl")
        assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
        assert font_ready(page, "ur"), "Noto Nastaliq Urdu did not load"

        page.goto(live_server.url + f"/tables/{table.pk}/")
        expect_language(page, "ur", "rtl")  # the choice holds on the next page
        expect(page.locator("#table-live")).to_be_visible()
        page.screenshot(path=str(folder_for(request) / "1-urdu-table.png"), full_page=True)
        moves = play_the_hand(page)
        assert moves >= 1
        expect_language(page, "ur", "rtl")
        page.screenshot(path=str(folder_for(request) / "2-urdu-hand-over.png"), full_page=True)

        table = Table.objects.get(pk=table.pk)
        assert table.hands.filter(number=1, finished=True).exists()
        result = page.locator("#hand-result-title").inner_text()
        assert SCRIPT["ur"].search(result), f"the hand's result is not in Urdu: {result!r}"
        heading = page.locator("#table-live").inner_text()
        assert SCRIPT["ur"].search(heading), "the table is not in Urdu"
    finally:
        context.close()


def test_a_member_switches_to_marathi_and_registers_for_a_night(
    live_server, browser, director, member, club, request
):
    from playwright.sync_api import expect

    from clubs import services as club_services
    from clubs.models import Registration

    skip_unless_configured("mr")
    night = club_services.night_schedule(
        director,
        club,
        starts_at=timezone.now() + timedelta(days=3),
        capacity=16,
        venue="Wattle Hall",
    )
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        sign_in(context, live_server, member)
        page.goto(live_server.url + night.get_absolute_url())
        expect_language(page, settings.LANGUAGE_CODE, "ltr")
        switch_language(page, "mr")
        expect_language(page, "mr", "ltr")
        assert page.url.endswith(night.get_absolute_url()), "set_language did not come back"
        assert font_ready(page, "mr"), "Noto Sans Devanagari did not load"

        register = page.locator(f"form[action$='{night.get_absolute_url()}register/']")
        register.locator("button[type=submit], input[type=submit]").first.click()
        expect(page.locator("form[action$='/unregister/']")).to_be_visible()
        assert Registration.objects.filter(
            night=night, user=member, status=Registration.Status.REGISTERED
        ).exists()
        expect_language(page, "mr", "ltr")
        page.screenshot(path=str(folder_for(request) / "marathi-registered.png"), full_page=True)
        answer = page.locator("#registration").inner_text()
        assert SCRIPT["mr"].search(answer), f"the registration is not in Marathi: {answer!r}"
    finally:
        context.close()


@pytest.mark.parametrize(("code", "game"), [("ur", "pitch"), ("pa", "five_hundred")])
def test_the_table_page_on_a_phone_in_its_script(
    live_server, browser, make_user, request, code, game
):
    from playwright.sync_api import expect

    from games import services

    skip_unless_configured(code)
    member = make_user("milo", display_name="Milo Banks")
    table = seated_with_bots(member, game, seed=7)
    if game == "five_hundred":
        services.table_look(member, table)  # the cards face up, as a player sees them
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        sign_in(context, live_server, member)
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": live_server.url}]
        )
        page.goto(live_server.url + f"/tables/{table.pk}/")
        expect_language(page, code, "rtl" if code == "ur" else "ltr")
        expect(page.locator("#table-live")).to_be_visible()
        assert font_ready(page, code), f"{FONTS[code][0]} did not load"
        page.screenshot(path=str(folder_for(request) / f"table-{code}-phone.png"), full_page=True)
        # Nothing sticks out sideways on the phone, right to left or not.
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        assert SCRIPT[code].search(page.locator("#table-live").inner_text()), (
            f"the table is not in {code}"
        )
    finally:
        context.close()


# Where an element's letters reach on the page: its first and last baselines (found with an
# empty inline-block at each end, whose bottom sits on the baseline) less and plus how far the
# font's glyphs for its text climb and descend (canvas measureText, in the element's own font).
INK = """el => {
  const style = getComputedStyle(el);
  const pen = document.createElement("canvas").getContext("2d");
  pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  const size = pen.measureText(el.textContent.trim());
  const mark = () => {
    const m = document.createElement("span");
    m.style.cssText = "display:inline-block;width:0;height:0";
    return m;
  };
  const first = mark(), last = mark();
  el.prepend(first);
  el.append(last);
  const ink = {
    top: first.getBoundingClientRect().bottom - size.actualBoundingBoxAscent,
    bottom: last.getBoundingClientRect().bottom + size.actualBoundingBoxDescent,
  };
  first.remove();
  last.remove();
  return ink;
}"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1280, "height": 900}], ids=["phone", "wide"])
def test_the_open_a_table_heading_has_room_in_urdu(live_server, browser, make_user, viewport):
    """Nastaliq climbs and descends far more than Latin type: on the create-table form the
    heading's letters must not run into the line under it, nor that line into the first box's
    title (its legend, which sits on the box's top edge)."""
    skip_unless_configured("ur")
    member = make_user("milo", display_name="Milo Banks")
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        sign_in(context, live_server, member)
        context.add_cookies(
            [{"name": settings.LANGUAGE_COOKIE_NAME, "value": "ur", "url": live_server.url}]
        )
        page.goto(live_server.url + "/tables/new/")
        expect_language(page, "ur", "rtl")
        assert font_ready(page, "ur")
        heading = page.locator("h1").evaluate(INK)
        lead = page.locator(".page-head .lead").evaluate(INK)
        legend = page.locator("form.table-form fieldset.panel legend").first.evaluate(INK)
        assert heading["bottom"] <= lead["top"], (heading, lead)
        assert lead["bottom"] <= legend["top"], (lead, legend)
    finally:
        context.close()
