"""The site menu on a phone (390×844), in real Chromium: a real button, reached and worked from
the keyboard, that says whether the menu is open; without JavaScript the menu is simply open.

Each test keeps its screenshots under var/test-artifacts/layout/<test>/ (printed).
"""

import pytest

from .conftest import PHONE, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def focused(page) -> str:
    return page.evaluate(
        "() => { const el = document.activeElement;"
        " return el ? (el.getAttribute('aria-label') || el.textContent).trim() : ''; }"
    )


def test_the_phone_menu_opens_and_closes_from_the_keyboard(
    live_server, phone, make_user, artifacts
):
    from playwright.sync_api import expect

    sign_in(phone, live_server, make_user("ann"))
    phone.goto(live_server.url + "/")
    menu = phone.get_by_role("button", name="Menu")
    clubs = phone.locator("#nav-menu").get_by_role("link", name="Clubs")
    expect(menu).to_be_visible()
    expect(menu).to_have_attribute("aria-expanded", "false")
    assert menu.get_attribute("aria-controls") == "nav-menu"
    expect(clubs).to_be_hidden()
    artifacts(phone, "1-closed", full_page=False)

    # Tab: the skip link, the brand, then the menu button.
    for _ in range(3):
        phone.keyboard.press("Tab")
    assert focused(phone) == "☰ Menu"
    phone.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(clubs).to_be_visible()
    artifacts(phone, "2-open", full_page=False)
    # The next Tab goes into the menu, to its first link.
    phone.keyboard.press("Tab")
    assert focused(phone) == "Play"
    # Escape closes it and brings the focus back to the button; Space opens it again.
    phone.keyboard.press("Escape")
    expect(menu).to_have_attribute("aria-expanded", "false")
    expect(clubs).to_be_hidden()
    assert focused(phone) == "☰ Menu"
    phone.keyboard.press("Space")
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(phone.locator("#nav-menu").get_by_role("button", name="Log out")).to_be_visible()
    # The accessibility tree has a button (not a hidden checkbox) that is expanded.
    snapshot = phone.locator(".nav").aria_snapshot()
    assert '- button "Menu" [expanded]' in snapshot


def test_without_javascript_the_phone_menu_is_open(live_server, browser, artifacts):
    from playwright.sync_api import expect

    context = browser.new_context(viewport=PHONE, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + "/")
        artifacts(page, "no-js", full_page=False)
        expect(page.get_by_role("button", name="Menu")).to_be_hidden()
        for name in ("Play", "Clubs", "Ladders", "Log in", "Sign up"):
            expect(page.locator("#nav-menu").get_by_role("link", name=name)).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    finally:
        context.close()


def test_on_a_wide_screen_the_menu_is_always_there(live_server, page):
    from playwright.sync_api import expect

    page.goto(live_server.url + "/")
    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.locator("#nav-menu").get_by_role("link", name="Clubs")).to_be_visible()


@pytest.mark.parametrize("width", [1366, 1280, 1200, 1024, 800])
def test_the_wide_menu_never_breaks_a_link_across_lines(
    live_server, browser, make_user, artifacts, width
):
    """At 1280 px "My nights" used to wrap onto two lines beside a long name and the language
    menu; each entry now stays whole (the bar wraps between entries if it must). From 1200 px,
    a laptop's, the bar has room for every entry on one row ("My nights" went to a second)."""
    from accounts.models import Notice

    user = make_user("liam", display_name="Liam Carter")
    Notice.objects.create(user=user, text="A seat came free")
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    try:
        sign_in(page, live_server, user)
        page.goto(live_server.url + "/clubs/my-nights/")
        lines = page.evaluate(
            """() => [...document.querySelectorAll('.nav-menu a, .nav-menu .link-button')]
                .filter(el => el.offsetParent)
                .map(el => [el.textContent.trim(), el.getClientRects().length,
                            Math.round(el.getBoundingClientRect().height),
                            Math.round(el.getBoundingClientRect().top)])"""
        )
        assert {name for name, *_ in lines} >= {"My nights", "Log out"}
        for name, rects, height, _top in lines:
            assert rects == 1 and height < 32, (name, rects, height)
        tops = [top for *_, top in lines]
        if width >= 1200:
            assert max(tops) - min(tops) <= 6, tops
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        artifacts(page, f"header-{width}", full_page=False)
    finally:
        context.close()


def test_unread_notices_show_beside_the_folded_phone_menu(live_server, phone, make_user, artifacts):
    """On a phone the Notices link is folded away with the menu, so the unread count sits beside
    the menu button, as a link to the notices; on a wide screen the Notices link carries it."""
    from playwright.sync_api import expect

    from accounts.models import Notice

    ann = make_user("ann")
    for text in ("A seat came free", "Your night starts soon"):
        Notice.objects.create(user=ann, text=text)
    sign_in(phone, live_server, ann)
    phone.goto(live_server.url + "/")
    alert = phone.get_by_role("link", name="2 unread notices")
    expect(alert).to_be_visible()
    menu = phone.get_by_role("button", name="Menu")
    # Beside the button, on the same row of the bar.
    a, m = alert.bounding_box(), menu.bounding_box()
    assert abs((a["y"] + a["height"] / 2) - (m["y"] + m["height"] / 2)) < 4
    assert a["x"] + a["width"] <= m["x"]
    artifacts(phone, "1-unread", full_page=False)
    menu.click()
    expect(alert).to_be_hidden()  # the menu's own Notices link shows the count now
    expect(phone.locator("#nav-menu .notices-link .badge")).to_be_visible()
    menu.click()
    alert.click()
    expect(phone).to_have_url(live_server.url + "/accounts/notices/")
    # A wide screen has the Notices link in the bar: no second count.
    phone.set_viewport_size({"width": 1280, "height": 800})
    phone.goto(live_server.url + "/")
    expect(phone.locator(".nav-alert")).to_be_hidden()


FITS = """(select) => {
  const probe = document.createElement('span');
  probe.style.setProperty('font', getComputedStyle(select).font);
  probe.style.setProperty('white-space', 'nowrap');
  probe.style.setProperty('position', 'absolute');
  probe.textContent = select.options[select.selectedIndex].textContent;
  document.body.appendChild(probe);
  const text = probe.getBoundingClientRect().width;
  probe.remove();
  return [text, select.getBoundingClientRect().width];
}"""


@pytest.mark.parametrize("viewport", [PHONE, {"width": 1366, "height": 800}])
@pytest.mark.parametrize("code", ["ms", "pa", "mr"])
def test_the_language_menu_shows_the_whole_name(live_server, browser, make_user, code, viewport):
    """On a phone (and a laptop) "Bahasa Melayu" read "Bahasa Mela▾"."""
    from .conftest import read_in

    user = make_user("aminah", display_name="Aminah")
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    try:
        read_in(page, live_server, user, code)
        page.goto(live_server.url + "/clubs/")
        text, shown = page.locator("#language-select").evaluate(FITS)
        assert shown >= text + 16, (text, shown)  # the name, and room for the arrow
    finally:
        context.close()
