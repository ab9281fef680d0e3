"""The members page on a phone: an owner reaches every member's role menu and Remove button
without scrolling sideways, and the date each joined is still shown (under the name)."""

import pytest

from clubs.models import Membership
from tests.layout.conftest import read_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("code", ["en", "mr"])
def test_an_owner_reaches_every_members_buttons_on_a_phone(
    live_server, phone, artifacts, club, director, make_user, code
):
    for name in ("Papadopoulos-Vasilakopoulou", "Priyadarshini Deshpande", "Nguyen"):
        user = make_user(name.lower().replace(" ", "")[:20], display_name=name)
        Membership.objects.create(club=club, user=user, role=Membership.Role.MEMBER)
    read_in(phone, live_server, director, code)
    phone.goto(f"{live_server.url}/clubs/{club.slug}/members/")

    table = phone.locator(".members-table")
    wrap = phone.locator(".members-table").locator("xpath=..")
    assert wrap.evaluate("el => el.scrollWidth <= el.clientWidth"), "the table scrolls sideways"
    removes = table.locator("a.button.danger")
    assert removes.count() == 4  # everyone but the owner
    for i in range(removes.count()):
        box = removes.nth(i).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    for select in table.locator("select").all():
        box = select.bounding_box()
        assert box["x"] + box["width"] <= 390, box
    # The Joined column gives way to a line under each name, which a phone shows.
    assert not table.locator("th.joined-col").is_visible()
    assert table.locator(".joined-line").first.is_visible()
    artifacts(phone, f"members-{code}")
