"""In real Chromium: a new player signs up, opens a table with three bots and plays a whole hand
by clicking, in Five Hundred and in Auction Pitch; another player's move reaches a second
browser without a reload. Screenshots go to /tmp (table-*.png) for looking at the design.

Bots move with no pause (KOOKABURRA_BOT_DELAY = 0) and Celery runs eagerly in tests, so the bots'
moves are made inside the request that hands them the turn.
"""

import random
import re
import time

import pytest

from games import services
from games.models import Table
from tests.games.helpers import act_randomly

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp"


def _sign_up(page, base_url, username):
    from playwright.sync_api import expect

    page.goto(base_url + "/")
    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Display name").fill(username.title())
    page.get_by_label("Email").fill(f"{username}@example.com")
    page.get_by_label("Password", exact=True).fill("a-long-pass-phrase")
    page.get_by_label("Password confirmation").fill("a-long-pass-phrase")
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_role("link", name=username.title())).to_be_visible()


def _log_in(page, base_url, username, password="correct-horse-9"):
    page.goto(base_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()


def _version(page) -> str:
    return page.locator("#table-live").get_attribute("data-version")


def _click_and_wait(page, locator):
    """Click a table control and wait until htmx has swapped in the table's next version."""
    before = _version(page)
    locator.click()
    page.wait_for_function(
        "v => { const t = document.querySelector('#table-live');"
        " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
        arg=before,
        timeout=90_000,  # the bots' moves come first: slow on a busy CI machine
    )


def _play_one_hand(page, shot_prefix: str, *, first_bid: str) -> dict:
    """Act for the signed-in player by clicking enabled controls until a hand summary shows.
    The first call is the lowest or the highest legal bid (`first_bid`), then we pass.
    Returns which steps were seen."""
    live = page.locator("#table-live")
    seen: set[str] = set()
    first_call = True
    # Until the hand is over, or five minutes pass (bots' moves take longer on a busy machine).
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        if live.locator("#hand-result-title").count():
            break
        if (
            live.locator(".your-step.is-mine").count() == 0
            and not live.get_by_role("button", name="Look at your cards").count()
        ):
            # Someone else is to act (a bot, between our moves): the stream tells the page when
            # the table changes, and the page fetches its new state.
            page.wait_for_timeout(100)
            continue
        look = live.get_by_role("button", name="Look at your cards")
        if look.count():
            seen.add("look")
            page.screenshot(path=f"{SHOTS}/{shot_prefix}-0-face-down.png", full_page=True)
            _click_and_wait(page, look)
            continue
        if live.locator(".bidding-box").count():
            seen.add("bid")
            if "bid-shot" not in seen:
                seen.add("bid-shot")
                page.screenshot(path=f"{SHOTS}/{shot_prefix}-1-bidding.png", full_page=True)
            bids = live.locator(".bidding-box .bid-row .bid-button:not([disabled]):not(.misere)")
            if first_call and bids.count():
                button = bids.last if first_bid == "highest" else bids.first
            else:
                button = live.get_by_role("button", name="Pass", exact=True)
                if button.is_disabled():
                    button = bids.first
            first_call = False
            _click_and_wait(page, button)
            continue
        if live.locator("[data-discard-form]").count():
            seen.add("discard")
            boxes = live.locator("[data-discard-form] input[name=discard]")
            # One card too few first: the page explains, and nothing changes.
            boxes.nth(0).check()
            boxes.nth(1).check()
            page.screenshot(path=f"{SHOTS}/{shot_prefix}-2-discard.png", full_page=True)
            # The "kitty" tag on a card from the kitty stays on one line (it wrapped, "KI/TT/Y",
            # over the card's pip).
            lines = live.locator(".kitty-tag").evaluate_all(
                "(tags) => tags.map((t) => t.getBoundingClientRect().height"
                " / parseFloat(getComputedStyle(t).lineHeight || getComputedStyle(t).fontSize))"
            )
            assert lines and max(lines) < 1.5, lines
            live.get_by_role("button", name="Discard these three").click()
            page.get_by_text("Choose exactly three cards to discard: you chose 2.").wait_for()
            boxes = live.locator("[data-discard-form] input[name=discard]")
            for n in range(3):
                boxes.nth(n).check()
            _click_and_wait(page, live.get_by_role("button", name="Discard these three"))
            continue
        cards = live.locator(".play-form button.card-button:not([disabled])")
        if cards.count():
            seen.add("play")
            if "play-shot" not in seen and live.locator(".trick-card").count():
                seen.add("play-shot")
                page.screenshot(path=f"{SHOTS}/{shot_prefix}-3-play.png", full_page=True)
            plain = live.locator(
                ".play-form button.card-button:not([disabled])[aria-label^='Play ']"
            )
            if "hover" not in seen and plain.count():
                # A pointer resting near a card's lower edge lifts the card's face, not the
                # button: the button stays put (a lifted button dropped back under the pointer
                # and flickered, and could not be clicked).
                seen.add("hover")
                box = plain.first.bounding_box()
                page.mouse.move(box["x"] + 4, box["y"] + box["height"] - 2)
                page.wait_for_timeout(300)
                assert plain.first.bounding_box() == box
            if plain.count():
                _click_and_wait(page, plain.first)
            else:  # only the free Joker: lead it naming a suit
                _click_and_wait(page, live.locator("#joker-lead button[name=suit]").first)
            continue
        choices = live.locator(".choice-box button, .partner-form button")
        if choices.count():
            _click_and_wait(page, choices.first)
            continue
        page.wait_for_timeout(100)
    else:
        raise AssertionError("no hand summary after five minutes")
    page.screenshot(path=f"{SHOTS}/{shot_prefix}-4-summary.png", full_page=True)
    return {"seen": seen}


def test_five_hundred_new_player_plays_a_hand_against_three_bots(live_server, page, settings):
    from playwright.sync_api import expect

    settings.KOOKABURRA_BOT_DELAY = 0
    _sign_up(page, live_server.url, "newplayer")

    page.get_by_role("link", name="Play", exact=True).click()
    expect(page.get_by_role("heading", name="Play", exact=True)).to_be_visible()
    page.get_by_role("link", name="Open a table").first.click()
    page.get_by_label("Five Hundred", exact=True).check()
    page.get_by_label("Table name").fill("Browser 500")
    page.locator("input[name=bot_level][value=club]").check()
    page.screenshot(path=f"{SHOTS}/table-create.png", full_page=True)
    page.get_by_role("button", name="Open the table").click()
    expect(page.get_by_role("heading", name="Browser 500")).to_be_visible()
    # A fixed shuffle (the same deal every run).
    Table.objects.filter(name="Browser 500").update(seed=1, seeded=True)
    expect(page.get_by_text("Waiting for players: 3 free seats.").first).to_be_visible()
    page.get_by_role("button", name="Fill the empty seats with bots and start").click()
    expect(page.locator("#table-live .felt")).to_be_visible()
    page.evaluate("window.stillHere = true")

    # A long name, as club members have ("Aminah binti Yusof"): the score sheet's contract
    # column holds it.
    from accounts.models import User

    User.objects.filter(username="newplayer").update(display_name="Aminah binti Yusof Rahman")
    result = _play_one_hand(page, "table-500", first_bid="lowest")
    assert {"look", "bid", "discard", "play"} <= result["seen"]
    summary = page.locator(".hand-result")
    expect(summary).to_contain_text(re.compile(r"Hand 1: .* (made|went down in) \S"))
    # The whole hand was played without leaving the page.
    assert page.evaluate("window.stillHere") is True

    table = Table.objects.get(name="Browser 500")
    assert table.hands.filter(number=1, finished=True).exists()
    # The score sheet has the hand; the next hand has been dealt.
    expect(page.locator(".score-sheet tbody tr")).to_have_count(1)

    # On a phone (360 px) the table, the next hand's bidding and the score sheet fit the width.
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=f"{SHOTS}/table-500-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Both sides' scores are in view: the contract wraps rather than push them past the edge.
    outside = page.evaluate(
        """() => {
          const wrap = document.querySelector('.score-sheet-panel .table-wrap');
          const edge = wrap.getBoundingClientRect().right;
          return [...wrap.querySelectorAll('td.num, th.num')]
            .filter((cell) => cell.getBoundingClientRect().right > edge + 1).length;
        }"""
    )
    assert outside == 0
    page.set_viewport_size({"width": 1200, "height": 900})

    # The replay steps through the hand with Prev/Next, every hand face up.
    page.locator(".hand-result").get_by_role("link", name="Replay hand 1").click()
    expect(page.get_by_role("heading", name="Hand 1: replay")).to_be_visible()
    expect(page.locator(".replay-now")).to_contain_text("The deal")
    page.get_by_role("link", name="Next ›").click()
    expect(page.locator(".step-count")).to_contain_text("Step 1 of")
    page.get_by_role("link", name="To the end of the hand").click()
    expect(page.locator(".replay .hand-result")).to_be_visible()
    page.screenshot(path=f"{SHOTS}/table-500-5-replay.png", full_page=True)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the hand record").click()
    assert download.value.suggested_filename == f"kookaburra-table-{table.pk}-hand-1.json"


def test_pitch_new_player_plays_a_hand_against_three_bots(live_server, page, settings):
    from playwright.sync_api import expect

    settings.KOOKABURRA_BOT_DELAY = 0
    _sign_up(page, live_server.url, "pitcher")
    page.goto(live_server.url + "/tables/new/")
    page.get_by_label("Auction Pitch", exact=True).check()
    # Only the chosen game's options show.
    expect(page.locator("fieldset.game-five_hundred")).to_be_hidden()
    page.locator("select[name=pitch-players]").select_option("4")
    page.locator("input[name=pitch-target][value='11']").check()
    page.get_by_label("Table name").fill("Browser Pitch")
    page.get_by_role("button", name="Open and start with bots").click()
    expect(page.get_by_role("heading", name="Browser Pitch")).to_be_visible()
    expect(page.locator("#table-live .felt")).to_be_visible()

    result = _play_one_hand(page, "table-pitch", first_bid="highest")
    assert "play" in result["seen"]
    summary = page.locator(".hand-result")
    expect(summary).to_contain_text(re.compile(r"(made the bid|was set back)"))
    for point in ("High", "Low", "Jack", "Game"):
        expect(summary).to_contain_text(point)

    # On a phone the table still fits: no sideways scrolling.
    page.set_viewport_size({"width": 360, "height": 780})
    page.screenshot(path=f"{SHOTS}/table-pitch-phone.png", full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_another_players_move_appears_without_a_reload(live_server, browser, make_user, settings):
    """Two people at one Pitch table (and two bots): what one does shows on the other's page
    through the version poll, with no reload."""
    from playwright.sync_api import expect

    settings.KOOKABURRA_BOT_DELAY = 0
    ann, bob = make_user("ann"), make_user("bob")
    table = services.table_create(ann, game="pitch", players=4, bot_level="easy", seat=0, seed=5)
    services.table_sit(bob, table, 2)
    services.table_fill_with_bots(ann, table)
    pages = {}
    for user in (ann, bob):
        context = browser.new_context(viewport={"width": 1100, "height": 900})
        pages[user.username] = context.new_page()
        pages[user.username].set_default_timeout(10_000)
        _log_in(pages[user.username], live_server.url, user.username)
        pages[user.username].goto(live_server.url + f"/tables/{table.pk}/")
        pages[user.username].evaluate("window.stillHere = true")
    try:
        for _ in range(12):  # until a person (not a bot) is to act
            table.refresh_from_db()
            if table.to_act in (0, 2):
                break
        mover, watcher = ("ann", "bob") if table.to_act == 0 else ("bob", "ann")
        watched = pages[watcher].locator("#table-live")
        before = watched.get_attribute("data-version")
        calls_before = pages[watcher].locator(".auction-table td:not(:empty)").count()
        live = pages[mover].locator("#table-live")
        button = live.get_by_role("button", name="Pass", exact=True)
        if button.is_disabled():
            button = live.locator(".bidding-box .bid-button:not([disabled])").first
        button.click()
        # Within about a second (a 700 ms poll, then the fragment), without a reload.
        expect(watched).not_to_have_attribute("data-version", before, timeout=2500)
        assert pages[watcher].evaluate("window.stillHere") is True
        # The mover's call (and the bots' after it) is in the watcher's bidding table.
        assert pages[watcher].locator(".auction-table td:not(:empty)").count() > calls_before
    finally:
        for p in pages.values():
            p.context.close()


def test_an_older_fragment_never_replaces_a_newer_one(live_server, page, make_user, settings):
    """An answer that left the server before a newer fragment arrived (your action's answer,
    overtaken by the fetch another player's move caused) is not swapped in: the page would show a
    past state and, with no further event, stay on it."""
    settings.KOOKABURRA_BOT_DELAY = 0
    ann = make_user("ann")
    table = services.table_create(ann, game="pitch", players=4, bot_level="easy", seat=0, seed=5)
    services.table_fill_with_bots(ann, table)
    _log_in(page, live_server.url, "ann")
    page.goto(live_server.url + f"/tables/{table.pk}/")
    live_url = f"/tables/{table.pk}/live/"
    current = page.locator("#table-live").get_attribute("data-version")
    fetch = (
        "url => htmx.ajax('GET', url, {target: '#table-live', swap: 'outerHTML'})"
        ".then(() => document.querySelector('#table-live').dataset.version)"
    )
    # The page already shows a later version than the server's answer: the answer is dropped.
    page.evaluate("document.querySelector('#table-live').dataset.version = '999999'")
    assert page.evaluate(fetch, live_url) == "999999"
    # An answer as new as the page, or newer, is swapped in as usual.
    page.evaluate("document.querySelector('#table-live').dataset.version = '0'")
    assert page.evaluate(fetch, live_url) == current


def test_a_change_heard_while_the_fragment_is_fetching_is_not_lost(
    live_server, page, four, make_user
):
    """A version event that reaches the page while its fragment is still being fetched (htmx
    queues that fetch on the element, then drops it when the answer replaces the element) is
    caught up: the page fetches again and shows the newest version."""
    table = services.table_create(four[0], game="pitch", players=4, seed=3)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    make_user("ann")  # a watcher
    page.add_init_script(
        "document.addEventListener('htmx:sseOpen', () => { window.streamOpen = true; });"
    )
    _log_in(page, live_server.url, "ann")
    page.goto(live_server.url + f"/tables/{table.pk}/")
    page.wait_for_function("() => window.streamOpen === true")
    rng = random.Random(1)

    held = []

    def hold_the_first_answer(route):
        if not held:
            held.append((route, route.fetch()))  # the answer as the server gave it, kept back
        else:
            route.continue_()

    page.route(re.compile(rf"/tables/{table.pk}/live/"), hold_the_first_answer)
    table.refresh_from_db()
    act_randomly(four[table.to_act], table, rng)  # the first change: the page fetches...
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the page did not fetch its fragment after the first change"
    table.refresh_from_db()
    act_randomly(four[table.to_act], table, rng)  # ...and the second is heard meanwhile
    page.wait_for_timeout(2000)  # the test server's stream is asked again every 0.7 s
    route, answer = held[0]
    route.fulfill(response=answer)
    table.refresh_from_db()
    page.wait_for_function(
        "v => document.querySelector('#table-live').dataset.version === v",
        arg=str(table.version),
        timeout=5_000,
    )
