"""In real Chromium: a visitor switches to Urdu from the header's menu and the page turns right to
left in Noto Nastaliq Urdu (served by us: the machine has no such font); Marathi then shows
Devanagari in Noto Sans Devanagari; the choice holds across pages and, after login, on the
account. Screenshots go to var/test-artifacts/i18n/<test>/."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from tests.conftest import PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path(settings.BASE_DIR) / "var" / "test-artifacts" / "i18n"
PHONE = {"width": 390, "height": 844}


def shoot(page, request, name):
    folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(folder / f"{name}.png"), full_page=True)


def font_ready(page, family: str, sample: str) -> bool:
    """Whether the page has a font face `family` of its own that has loaded for `sample`, and
    document.fonts.check() agrees (check() alone also says true for a family nobody declared)."""
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


def choose(page, code: str):
    page.locator("#language-select").select_option(code)
    page.locator(".language-menu button[type=submit]").click()
    page.wait_for_load_state()


def test_a_visitor_switches_to_urdu_then_marathi_and_it_follows_them_to_their_account(
    live_server, browser, make_user, request
):
    from playwright.sync_api import expect

    ann = make_user("ann")
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server.url + "/rules/five-hundred/")
    html = page.locator("html")
    expect(html).to_have_attribute("dir", "ltr")
    # An English page links no language's own sheet, but the three scripts' faces are declared
    # on every page (by unicode-range): the menu's "اردو" and names in any script get real glyphs.
    assert page.locator("link[href*='css/lang/']").count() == 0
    assert font_ready(page, "Noto Nastaliq Urdu", "اردو")
    assert font_ready(page, "Noto Sans Gurmukhi", "ਪੰਜਾਬੀ")
    assert font_ready(page, "Noto Sans Devanagari", "मराठी")

    choose(page, "ur")
    expect(html).to_have_attribute("lang", "ur")
    expect(html).to_have_attribute("dir", "rtl")
    assert page.url.endswith("/rules/five-hundred/")
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "پانچ سو: Kookaburra پر کھیلے جانے والے قواعد"
    )
    assert font_ready(page, "Noto Nastaliq Urdu", "اردو")
    assert page.evaluate("getComputedStyle(document.body).direction") == "rtl"
    # The body's text starts at the right: the heading's right edge is the page's.
    box = page.get_by_role("heading", level=1).bounding_box()
    assert box["x"] + box["width"] > PHONE["width"] - 40
    # Numbers in the score table stay left to right.
    assert page.evaluate("getComputedStyle(document.querySelector('td.num')).unicodeBidi") == (
        "isolate"
    )
    shoot(page, request, "1-urdu-rules")

    # Another page keeps the choice.
    page.goto(live_server.url + "/accounts/login/")
    expect(html).to_have_attribute("dir", "rtl")
    expect(page.get_by_role("heading", level=1)).to_have_text("لاگ اِن")

    choose(page, "mr")
    expect(html).to_have_attribute("lang", "mr")
    expect(html).to_have_attribute("dir", "ltr")
    expect(page.get_by_role("heading", level=1)).to_have_text("लॉग इन")
    assert font_ready(page, "Noto Sans Devanagari", "मराठी")
    shoot(page, request, "2-marathi-login")

    # Logging in keeps Marathi and writes it on the account.
    page.locator("#id_username").fill("ann")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.panel button[type=submit]").click()
    page.wait_for_load_state()
    expect(html).to_have_attribute("lang", "mr")
    page.get_by_role("button", name="मेनू").click()  # the phone's folded menu
    expect(page.get_by_role("button", name="लॉग आउट")).to_be_visible()
    ann.refresh_from_db()
    assert ann.language == "mr"
    shoot(page, request, "3-marathi-home")
    context.close()

    # A new browser, asking for English: the account's Marathi comes back at login.
    other = browser.new_context(viewport=PHONE, locale="en-US")
    page = other.new_page()
    page.goto(live_server.url + "/accounts/login/")
    expect(page.locator("html")).to_have_attribute("lang", "en-au")
    page.locator("#id_username").fill("ann")
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.panel button[type=submit]").click()
    page.wait_for_load_state()
    expect(page.locator("html")).to_have_attribute("lang", "mr")
    other.close()


def test_punjabi_pages_render_gurmukhi_in_its_font(live_server, browser, request):
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, locale="pa-IN")
    page = context.new_page()
    page.goto(live_server.url + "/rules/pitch/")
    expect(page.locator("html")).to_have_attribute("lang", "pa")
    assert font_ready(page, "Noto Sans Gurmukhi", "ਪੰਜਾਬੀ")
    shoot(page, request, "punjabi-pitch-rules")
    context.close()
