"""In real Chromium (issue 13): a player signs up as ਗੁਰਪ੍ਰੀਤ, starts a club named in Urdu (its
time zone suggested by the browser's own zone), and follows the club's link to its page."""

import pytest

from accounts.models import User
from clubs.models import Club


def _sign_up(page, live_server, username, email, display_name=""):
    """Fill in and send the sign-up form, and see the welcome."""
    from playwright.sync_api import expect

    page.goto(live_server.url + "/accounts/signup/")
    page.get_by_label("Username").fill(username)
    if display_name:
        page.get_by_label("Display name").fill(display_name)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill("a-long-pass-phrase")
    page.get_by_label("Password confirmation").fill("a-long-pass-phrase")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text(f"Welcome to Kookaburra, {display_name or username}!")).to_be_visible()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_gurpreet_signs_up_and_starts_an_urdu_club(live_server, browser):
    from playwright.sync_api import expect

    # The browser lives in Lahore: the new-club form suggests its zone.
    context = browser.new_context(
        viewport={"width": 1200, "height": 900}, timezone_id="Asia/Karachi"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        _sign_up(page, live_server, "ਗੁਰਪ੍ਰੀਤ", "gurpreet@example.com", "ਗੁਰਪ੍ਰੀਤ ਕੌਰ")
        assert User.objects.filter(username="ਗੁਰਪ੍ਰੀਤ").exists()

        page.goto(live_server.url + "/clubs/new/")
        expect(page.get_by_label("Time zone")).to_have_value("Asia/Karachi")
        page.get_by_label("Name").fill("لاہور کارڈ کلب")
        page.get_by_role("button", name="Create club").click()
        expect(page.get_by_role("heading", name="لاہور کارڈ کلب")).to_be_visible()

        club = Club.objects.get(name="لاہور کارڈ کلب")
        assert club.slug == "لاہور-کارڈ-کلب"
        assert club.time_zone == "Asia/Karachi"

        # Follow the club's link from the club list.
        page.goto(live_server.url + "/clubs/")
        page.get_by_role("link", name="لاہور کارڈ کلب").first.click()
        expect(page.get_by_role("heading", name="لاہور کارڈ کلب")).to_be_visible()
        assert page.url.endswith(
            "/clubs/%D9%84%D8%A7%DB%81%D9%88%D8%B1-%DA%A9%D8%A7%D8%B1%DA%88-%DA%A9%D9%84%D8%A8/"
        )
    finally:
        context.close()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_browser_that_calls_indias_zone_calcutta_gets_kolkata(live_server, browser):
    """Chromium names India's zone "Asia/Calcutta", an old name our lists leave out: the new
    member's own zone and the new club's are the list's "Asia/Kolkata", so no time in Pune is
    labelled with a zone."""
    from playwright.sync_api import expect

    context = browser.new_context(
        viewport={"width": 1200, "height": 900}, timezone_id="Asia/Calcutta"
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        assert page.evaluate("Intl.DateTimeFormat().resolvedOptions().timeZone") in (
            "Asia/Calcutta",
            "Asia/Kolkata",
        )
        _sign_up(page, live_server, "rohan", "rohan@example.com")
        assert User.objects.get(username="rohan").time_zone == "Asia/Kolkata"

        page.goto(live_server.url + "/clubs/new/")
        expect(page.get_by_label("Time zone")).to_have_value("Asia/Kolkata")
        page.get_by_label("Name").fill("Kothrud Cards")
        page.get_by_role("button", name="Create club").click()
        expect(page.get_by_role("heading", name="Kothrud Cards")).to_be_visible()
        assert Club.objects.get(name="Kothrud Cards").time_zone == "Asia/Kolkata"
    finally:
        context.close()
