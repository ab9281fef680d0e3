"""Fixtures for the layout and accessibility browser tests: a phone-sized page (390×844), a
folder for the screenshots each test keeps, signing a user in without the login form, and
tables driven to a chosen moment through the services."""

import random
import re
from pathlib import Path

import pytest
from django.conf import settings

from tournaments import services as tournament_services

PHONE = {"width": 390, "height": 844}
# Screenshots are kept as test artifacts here (var/ is ignored by git).
ARTIFACTS = Path(settings.BASE_DIR) / "var" / "test-artifacts" / "layout"


BROKEN_WORDS = """root => {
  // Words (runs of letters between spaces and hyphens) of root's text that are laid out on more than one
  // line, or cut off by an ellipsis or a clipping box.
  const broken = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    for (const m of node.data.matchAll(/[^\\s-]+/g)) {  // a hyphen may end a line
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
      if (lines.size > 1) broken.push(m[0]);
    }
  }
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") {
      broken.push("clipped: " + el.textContent.trim());
    }
  }
  return broken;
}"""


@pytest.fixture
def artifacts(request):
    """shot(page, name): save a full-page screenshot under var/test-artifacts/layout/<test>/."""
    folder = ARTIFACTS / re.sub(r"[^\w.-]+", "_", request.node.name)
    folder.mkdir(parents=True, exist_ok=True)
    print(f"screenshots: {folder}")

    def shot(page, name, *, full_page=True):
        path = folder / f"{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path

    return shot


@pytest.fixture
def phone(browser):
    """A page in a fresh 390×844 browser context (a phone held upright)."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def sign_in(page, live_server, user):
    """Give the page's browser context a signed-in session for `user` (no login form)."""
    from django.test import Client

    client = Client()
    client.force_login(user)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME]
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": cookie.value, "url": live_server.url}]
    )


def read_in(page, live_server, user, code):
    """Sign `user` in and ask for the site in the language `code` (its language cookie)."""
    sign_in(page, live_server, user)
    page.context.add_cookies(
        [{"name": settings.LANGUAGE_COOKIE_NAME, "value": code, "url": live_server.url}]
    )


def drive(table, until, *, seed=0, limit=2000):
    """Play the table's actions for whoever is to act (people and bots alike, as any legal
    action) until `until(hand)` is true for the current engine hand; returns that hand."""
    from games import services, state
    from games.services import BOT

    rng = random.Random(seed)
    for _ in range(limit):
        table.refresh_from_db()
        hand = state.current_hand(table)
        if until(hand):
            return hand
        action = hand.sample_action(rng) if hasattr(hand, "sample_action") else None
        if action is None:
            action = rng.choice(list(hand.legal_actions()))
        seat = table.seats.get(number=action.seat)
        actor = BOT if seat.is_bot else seat.user
        services.table_act(actor, table, table.action_number, action.to_record())
    raise AssertionError("the table never reached the moment asked for")


def four_pair_knockout(director, club, members, name):
    """A single elimination of four partnerships of `members` (eight, in pairs as listed),
    started with round 1 published: (tournament, round 1)."""
    tournament = tournament_services.tournament_create(
        director, club, name=name, game="five_hundred", format="single_elimination"
    )
    for i in range(4):
        tournament_services.entrant_add(director, tournament, members=members[2 * i : 2 * i + 2])
    tournament_services.tournament_start(director, tournament)
    round_ = tournament.round_set.get(number=1)
    if round_.is_draft:
        tournament_services.round_publish(director, round_)
    return tournament, round_
