"""In real Chromium: when a bot moves, the table's polite live region (#turn-announcer) says what
it did ("East bot played the ten of spades.", "East bot won the trick."), then whose turn it is,
in the reader's language, naming the seat as the page does. Read from the page after the move
reached it through the table's stream, in English and in Urdu (where a sentence the catalogue
doesn't translate yet falls back to English, the seat and the card must still be the page's).

The bots wait for the test (their moves are not queued): the test makes each bot's move itself,
while the page is open, as a worker would.
"""

import pytest
from django.utils import translation

from games import services
from games.models import TableAction
from games.presenters import card_info
from tests.layout.conftest import drive, read_in, sign_in

from .helpers import SETTLED

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def bots_wait(monkeypatch):
    """Bots move only when the test says (no task is queued for them)."""
    monkeypatch.setattr(services, "_enqueue_bot", lambda *args, **kwargs: None)


def bots_in_play(make_user):
    """Solo (seat 0) and three bots at Pitch, the auction over and a bot to play."""
    user = make_user("solo", display_name="Solo")
    table = services.table_create(user, game="pitch", players=4, seat=0, seed=7, bot_level="easy")
    services.table_fill_with_bots(user, table)
    drive(table, lambda hand: hand.public_view()["phase"] == "play" and hand.to_act != 0)
    table.refresh_from_db()
    return table, user


def bot_moves(page, table) -> dict:
    """The bot to act moves; once the page shows it: the move's record and what was read."""
    table.refresh_from_db()
    assert table.bot_to_act
    before = page.locator("#table-live").get_attribute("data-version")
    assert services.table_bot_move(table.pk, table.action_number)
    page.wait_for_function(SETTLED, arg=before, timeout=15_000)
    move = TableAction.objects.filter(table=table).order_by("-number").first()
    return {
        "record": move.record,
        "said": page.locator("#turn-announcer").inner_text().strip(),
        "turn": page.locator("#turn-line > span").inner_text().strip(),
        "label": page.locator(".seat .seat-label").nth(move.seat).inner_text().strip(),
    }


def test_a_bots_card_is_read_out_then_whose_turn_it_is(live_server, page, make_user, bots_wait):
    table, user = bots_in_play(make_user)
    sign_in(page, live_server, user)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.locator("#table-live .felt").wait_for()
    # On arrival: whose turn it is, as before.
    assert page.locator("#turn-announcer").inner_text().strip().startswith("Waiting for ")
    heard = []
    for _ in range(8):
        table.refresh_from_db()
        if not table.bot_to_act:
            break
        heard.append(bot_moves(page, table))
    first = heard[0]
    assert first["label"].endswith(" bot")
    card = card_info(first["record"]["play"])["name"]
    assert first["said"] in (
        f"{first['label']} played the {card}. {first['turn']}",
        f"{first['label']} led the {card}. {first['turn']}",
    )
    # A bot's card that ended a trick is followed by who won it.
    said = " ".join(h["said"] for h in heard)
    assert " won the trick." in said, said


def test_read_out_in_urdu(live_server, page, make_user, bots_wait):
    table, user = bots_in_play(make_user)
    read_in(page, live_server, user, "ur")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.locator("#table-live .felt").wait_for()
    assert page.locator("html").get_attribute("lang") == "ur"
    heard = bot_moves(page, table)
    with translation.override("ur"):
        card = card_info(heard["record"]["play"])["name"]
    with translation.override("en"):
        english = card_info(heard["record"]["play"])["name"]
    said = heard["said"]
    # The seat as the page names it, the card in Urdu words, then the (Urdu) turn line.
    assert heard["label"] and heard["label"] in said, said
    assert card in said and english not in said, said
    assert said.endswith(heard["turn"]) and not heard["turn"].startswith("Waiting"), said
