"""In real Chromium: keyboard focus at the table survives the redraw that every move brings. A
player who has tabbed to a control in the table area ("Read the rules", "Check a deal", the
"Leave the table" box) is still on it after a bot's move, and the next Tab goes on from there,
not from the top of the page ("Skip to content"). When the control is gone (the card just
played), focus stays in the table area, and on the player's next turn it goes to their first
legal card, as before.

The bots wait for the test (their moves are not queued): the test makes each bot's move
itself, while the page is open, as a worker would.
"""

import pytest

from games import services
from tests.layout.conftest import drive, sign_in

from .helpers import SETTLED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || el === document.body) return {tag: 'body', text: '', inTable: false};
  return {
    tag: el.tagName.toLowerCase(),
    text: (el.innerText || el.getAttribute('aria-label') || '').trim(),
    inTable: !!el.closest('#table-live'),
    autofocus: el.hasAttribute('data-autofocus'),
  };
}"""


@pytest.fixture
def bots_wait(monkeypatch):
    """Bots move only when the test says (no task is queued for them)."""
    monkeypatch.setattr(services, "_enqueue_bot", lambda *args, **kwargs: None)


def bots_table(make_user, game, **fields):
    """Solo (seat 0) and three bots, started; the bots have not moved."""
    user = make_user("solo", display_name="Solo")
    table = services.table_create(
        user, game=game, players=4, seat=0, seed=7, bot_level="easy", **fields
    )
    services.table_fill_with_bots(user, table)
    table.refresh_from_db()
    return table, user


def someone_moves(table) -> None:
    """The bot whose turn it is moves (or, on Solo's turn, Solo passes or plays at random)."""
    table.refresh_from_db()
    if table.bot_to_act:
        assert services.table_bot_move(table.pk, table.action_number)
    else:
        drive(table, lambda hand, start=table.action_number: table.action_number > start)


def redrawn_after(page, move) -> None:
    """Make a move and wait until the page has swapped in (and settled) the new table."""
    before = page.locator("#table-live").get_attribute("data-version")
    move()
    page.wait_for_function(SETTLED, arg=before, timeout=15_000)


def open_table(page, live_server, user, table):
    sign_in(page, live_server, user)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.locator("#table-live .felt").wait_for()


@pytest.mark.parametrize(
    ("name", "role"),
    [("Read the rules", "link"), ("Check a deal", "link"), ("Leave the table", None)],
)
def test_focus_stays_on_a_table_control_when_a_bot_moves(
    live_server, page, make_user, bots_wait, name, role
):
    table, user = bots_table(make_user, "five_hundred")
    open_table(page, live_server, user, table)
    live = page.locator("#table-live")
    control = live.get_by_role(role, name=name) if role else live.get_by_text(name, exact=True)
    control.focus()
    assert page.evaluate(FOCUSED)["text"] == name
    for _ in range(3):  # a few moves, each redrawing the table around the control
        redrawn_after(page, lambda: someone_moves(table))
        focused = page.evaluate(FOCUSED)
        assert focused["text"] == name and focused["inTable"], focused
    # The next Tab goes on from the control, not from the top of the page.
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["text"] != "Skip to content"


def test_the_leave_box_stays_open_with_focus_on_its_button(live_server, page, make_user, bots_wait):
    table, user = bots_table(make_user, "five_hundred")
    open_table(page, live_server, user, table)
    page.locator("#table-live").get_by_text("Leave the table", exact=True).focus()
    page.keyboard.press("Enter")  # opens the box
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["text"] == "Leave and let a bot play"
    redrawn_after(page, lambda: someone_moves(table))
    assert page.evaluate(FOCUSED)["text"] == "Leave and let a bot play"
    assert page.locator("#leave-box").evaluate("box => box.open")


def test_after_playing_a_card_focus_stays_in_the_table_and_comes_back_on_your_turn(
    live_server, page, make_user, bots_wait
):
    table, user = bots_table(make_user, "pitch")
    # The auction is over and Solo is to play.
    drive(table, lambda hand: hand.public_view()["phase"] == "play" and hand.to_act == 0)
    open_table(page, live_server, user, table)
    # Solo's turn: focus is on the first card they may play (as it always was).
    focused = page.evaluate(FOCUSED)
    assert focused["autofocus"] and focused["tag"] == "button", focused
    redrawn_after(page, lambda: page.keyboard.press("Enter"))  # plays it: the button is gone
    table.refresh_from_db()
    assert table.to_act != 0
    assert page.evaluate(FOCUSED)["inTable"]
    # Bots play; focus stays in the table area meanwhile, and on Solo's next turn it is on
    # their first legal card again.
    for _ in range(8):
        redrawn_after(page, lambda: someone_moves(table))
        table.refresh_from_db()
        if table.to_act == 0:
            break
        assert page.evaluate(FOCUSED)["inTable"]
    assert table.to_act == 0
    first = page.locator("#table-live .play-form button[data-autofocus]:not([disabled])").first
    assert first.evaluate("el => el === document.activeElement")
    # Played again: the next Tab goes on from the table, not from the top of the page.
    redrawn_after(page, lambda: page.keyboard.press("Enter"))
    assert page.evaluate(FOCUSED)["inTable"]
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED)["text"] != "Skip to content"
