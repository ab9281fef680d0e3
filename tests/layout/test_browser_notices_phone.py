"""The notices page on a phone, in Malay (whose button words are long): a long unread notice with
a link keeps its "Open" and "Mark read" buttons inside the screen."""

import pytest

from accounts.notices import notice_send
from tests.layout.conftest import read_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_a_long_notice_keeps_its_buttons_on_a_phone(live_server, phone, artifacts, make_user):
    aminah = make_user("aminah", display_name="Aminah binti Abdullah")
    for table in (15, 16):
        notice_send(
            aminah,
            "tournaments.result_disputed",
            {
                "name": "Bob Fraser",
                "scores": "320–180",
                "table": table,
                "tournament": "Kejohanan Swiss Kelab Kad Kuala Lumpur",
                "round": 2,
            },
            f"/tournaments/4/tables/{table}/",
        )
    read_in(phone, live_server, aminah, "ms")
    phone.goto(f"{live_server.url}/accounts/notices/")
    artifacts(phone, "notices-ms")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    buttons = phone.locator(".notice .actions button")
    assert buttons.count() == 4
    for i in range(buttons.count()):
        box = buttons.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
