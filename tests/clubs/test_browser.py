"""In real Chromium: a new player signs up, joins the demo club and registers for its night."""

import re

import pytest

from clubs.demo import build_demo
from clubs.models import Membership, Registration


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_new_player_signs_up_joins_the_demo_club_and_registers(live_server, page):
    from playwright.sync_api import expect

    demo = build_demo()
    night = demo.five_hundred_night

    page.goto(live_server.url + "/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("newplayer")
    page.get_by_label("Display name").fill("New Player")
    page.get_by_label("Email").fill("newplayer@example.com")
    page.get_by_label("Five Hundred").check()
    page.get_by_label("Password", exact=True).fill("a-long-pass-phrase")
    page.get_by_label("Password confirmation").fill("a-long-pass-phrase")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_text("Welcome to Kookaburra, New Player!")).to_be_visible()

    page.get_by_role("link", name="Kookaburra Card Club").click()
    page.get_by_role("button", name="Join club").click()
    expect(page.get_by_text("Welcome to Kookaburra Card Club!")).to_be_visible()

    page.get_by_role("link", name=re.compile("Thursday Five Hundred")).click()
    expect(page.get_by_role("heading", name="Thursday Five Hundred")).to_be_visible()
    # Registering swaps the registration panel in place (htmx), without loading a new page.
    # Once the page's deferred scripts have run: a click before htmx is ready is a plain post
    # (which works too, and reloads the page: a CI run clicked that early and failed here).
    page.wait_for_load_state("load")
    page.evaluate("window.stillHere = true")
    page.get_by_role("button", name="Register").click()
    panel = page.locator("#registration")
    expect(panel).to_contain_text("You're registered for Thursday Five Hundred")
    expect(panel.get_by_role("button", name="Cancel my registration")).to_be_visible()
    expect(panel).to_contain_text("7 of 8")
    assert page.evaluate("window.stillHere") is True

    assert Membership.objects.filter(club=demo.club, user__username="newplayer").exists()
    registration = Registration.objects.get(night=night, user__username="newplayer")
    assert registration.status == Registration.Status.REGISTERED
