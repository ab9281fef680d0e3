"""In real Chromium on a phone-sized screen: a director checks a player in; the check-in shows
as a status, and "Undo check-in" is a separate, labelled action that asks first."""

import pytest

from clubs.models import Registration
from tests.conftest import PASSWORD

PHONE = {"width": 360, "height": 780}
Status = Registration.Status


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_director_checks_in_on_a_phone_and_undo_is_separate(live_server, browser, people, night):
    from playwright.sync_api import expect

    seat = Registration.objects.create(night=night, user=people.member, status=Status.REGISTERED)
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server.url + "/accounts/login/")
        page.get_by_label("Username").fill(people.director.username)
        page.get_by_label("Password").fill(PASSWORD)
        page.get_by_role("button", name="Log in").click()
        page.goto(live_server.url + f"/clubs/{night.club.slug}/nights/{night.pk}/check-in/")

        page.evaluate("window.stillHere = true")
        check_in = page.get_by_role("button", name="Check in Mia")
        check_in.tap()
        row = page.locator(".checkin-row", has_text="Mia")
        expect(row.locator(".checkin-status")).to_have_text("✓ Checked in")
        expect(page.get_by_role("button", name="Check in Mia")).to_have_count(0)
        assert page.evaluate("window.stillHere") is True  # the board was swapped in place

        # Undoing is its own, labelled button, and it asks first: a stray tap on it that is
        # not confirmed changes nothing.
        dialogs, answer = [], {"accept": False}

        def on_dialog(dialog):
            dialogs.append(dialog.message)
            dialog.accept() if answer["accept"] else dialog.dismiss()

        page.on("dialog", on_dialog)
        undo = row.get_by_role("button", name="Undo check-in for Mia")
        expect(undo).to_have_text("Undo check-in")
        undo.tap()
        page.wait_for_timeout(300)
        assert dialogs == ["Undo Mia's check-in?"]
        seat.refresh_from_db()
        assert seat.status == Status.CHECKED_IN
        expect(row.locator(".checkin-status")).to_have_text("✓ Checked in")

        answer["accept"] = True
        undo.tap()
        expect(page.locator("#checkin-board")).to_contain_text(
            "Check-in undone: Mia is registered."
        )
        expect(page.get_by_role("button", name="Check in Mia")).to_be_visible()
        assert len(dialogs) == 2
        seat.refresh_from_db()
        assert seat.status == Status.REGISTERED
    finally:
        context.close()
