"""In real Chromium: the lockout page after too many wrong passwords, and revoking an API token
from the account page (htmx, in place)."""

import os

import pytest

from tests.conftest import PASSWORD

SHOTS = os.environ.get("KOOKABURRA_SCREENSHOTS")  # a folder: save screenshots there


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_lockout_page_then_revoke_tokens_in_place(live_server, page, make_user):
    from knox.models import AuthToken
    from playwright.sync_api import expect

    zoe = make_user("zoe")
    first, _ = AuthToken.objects.create(user=zoe)
    AuthToken.objects.create(user=zoe)

    page.goto(live_server.url + "/accounts/login/")
    for _ in range(5):
        page.get_by_label("Username").fill("zoe")
        page.get_by_label("Password").fill("wrong-password")
        page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("heading", name="Too many failed log-ins")).to_be_visible()
    expect(page.get_by_role("alert")).to_contain_text("try again in 15 minutes")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/locked_out.png", full_page=True)

    # Once the lockout is over (an admin lifts it here), Zoe logs in and looks at her tokens.
    from axes.models import AccessAttempt

    AccessAttempt.objects.all().delete()
    page.goto(live_server.url + "/accounts/login/?next=/accounts/profile/")
    page.get_by_label("Username").fill("zoe")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    panel = page.locator("#tokens")
    expect(panel.locator(".token-row")).to_have_count(2)
    expect(panel).to_contain_text("Not used yet")
    if SHOTS:
        panel.screenshot(path=f"{SHOTS}/tokens.png")
    page.evaluate("window.stillHere = true")
    panel.get_by_role("button", name=f"Revoke token {first.token_key}").click()
    expect(page.locator("#tokens")).to_contain_text(f"API token {first.token_key}… revoked.")
    expect(page.locator("#tokens .token-row")).to_have_count(1)
    assert page.evaluate("window.stillHere") is True
    page.locator("#tokens").get_by_role("button", name="Revoke them all").click()
    expect(page.locator("#tokens")).to_contain_text("No API tokens.")
    assert not AuthToken.objects.filter(user=zoe).exists()
