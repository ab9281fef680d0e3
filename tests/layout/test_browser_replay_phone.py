"""A hand's replay on a phone: its four step buttons stay on one row in every language."""

from pathlib import Path

import pytest

from games import services
from tests.layout.conftest import drive, read_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ARTIFACTS = Path("var/test-artifacts/layout")
ROW = """() => [...document.querySelectorAll('.replay-nav a.button')]
  .map((b) => Math.round(b.getBoundingClientRect().top))"""


@pytest.mark.parametrize("code", ["ur", "ms", "pa"])
def test_the_replay_buttons_share_one_row_on_a_phone(live_server, phone, make_user, code):
    user = make_user("reader")
    table = services.table_create(
        user, game="pitch", players=4, seat=0, seed=3, bot_level="easy", hand_limit=1
    )
    services.table_fill_with_bots(user, table)
    table.refresh_from_db()
    drive(table, lambda hand: table.is_finished, limit=400)
    read_in(phone, live_server, user, code)
    phone.goto(f"{live_server.url}/tables/{table.pk}/hands/1/?step=3")
    tops = phone.evaluate(ROW)
    texts = phone.evaluate(
        "() => [...document.querySelectorAll('.replay-nav a.button')].map((b) => [b.textContent.trim(), Math.round(b.getBoundingClientRect().width)])"
    )
    assert len(tops) == 4 and len(set(tops)) == 1, (tops, texts)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    phone.locator(".replay-nav").screenshot(path=str(ARTIFACTS / f"replay-nav-{code}.png"))
