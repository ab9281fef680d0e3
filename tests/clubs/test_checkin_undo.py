"""Undoing a check-in is its own, labelled action: the checked-in state is shown as a status, a
separate "Undo check-in" control takes it back (htmx and plain posts), and repeating a request
never flips the state back again."""

import pytest
from rest_framework.test import APIClient

from clubs import services
from clubs.models import Registration
from tests.clubs.test_pages import HTMX, flashed, is_partial, night_url

pytestmark = pytest.mark.django_db
Status = Registration.Status


@pytest.fixture
def seat(night, people):
    return Registration.objects.create(night=night, user=people.member, status=Status.REGISTERED)


def test_undo_check_in_and_undo_no_show_are_separate_services(seat, people):
    services.registration_check_in(people.director, seat)
    with pytest.raises(services.Conflict):
        services.registration_undo_no_show(people.director, seat)
    services.registration_undo_check_in(people.director, seat)
    seat.refresh_from_db()
    assert seat.status == Status.REGISTERED and seat.checked_in_at is None
    # A second "undo" (a doubled tap) changes nothing: it is refused, not toggled.
    with pytest.raises(services.Conflict):
        services.registration_undo_check_in(people.director, seat)
    services.registration_mark_no_show(people.director, seat)
    with pytest.raises(services.Conflict):
        services.registration_undo_check_in(people.director, seat)
    services.registration_undo_no_show(people.director, seat)
    assert Registration.objects.get(pk=seat.pk).status == Status.REGISTERED
    with pytest.raises(services.NotAllowed):
        services.registration_undo_check_in(people.member, seat)


def test_the_board_shows_checked_in_as_a_status_with_a_separate_undo(client, seat, people, night):
    services.registration_check_in(people.director, seat)
    client.force_login(people.director)
    page = client.get(night_url("checkin", night)).content.decode()
    row = page[page.index('class="checkin-row is-checked_in"') :]
    row = row[: row.index("</li>")]
    # The status is not inside any button, and the only button says what it does.
    assert "✓ Checked in" in row
    buttons = row.split("<button")[1:]
    assert len(buttons) == 1
    assert "Undo check-in" in buttons[0] and "Checked in" not in buttons[0].replace(
        "Undo check-in", ""
    )
    undo_url = night_url("registration_action", night, seat.pk, "undo-check-in")
    assert f'action="{undo_url}"' in row and f'hx-post="{undo_url}"' in row
    assert "hx-confirm=" in row


def test_undo_check_in_by_htmx_and_plain_post(client, seat, people, night):
    client.force_login(people.director)
    check_in = night_url("registration_action", night, seat.pk, "check-in")
    undo = night_url("registration_action", night, seat.pk, "undo-check-in")
    client.post(check_in, headers=HTMX)
    response = client.post(undo, headers=HTMX)
    assert is_partial(response)
    body = response.content.decode()
    assert "Check-in undone: Mia is registered." in body and "0 checked in" in body
    seat.refresh_from_db()
    assert seat.status == Status.REGISTERED
    # The same tap again is refused and changes nothing.
    body = client.post(undo, headers=HTMX).content.decode()
    assert "isn" in body and "checked in" in body
    assert Registration.objects.get(pk=seat.pk).status == Status.REGISTERED
    # Plain posts: back to the board with a message.
    client.post(check_in)
    response = client.post(undo)
    assert response.status_code == 302 and response.url == night_url("checkin", night)
    assert flashed(response)[-1] == "Check-in undone: Mia is registered."
    client.post(night_url("registration_action", night, seat.pk, "no-show"))
    response = client.post(night_url("registration_action", night, seat.pk, "undo-no-show"))
    assert flashed(response)[-1] == "No-show undone: Mia is registered."
    # The old toggle-style action is gone from the pages.
    assert client.post(night_url("registration_action", night, seat.pk, "undo")).status_code == 404


def test_undo_check_in_through_the_api(seat, people):
    api = APIClient()
    api.force_authenticate(people.director)
    rid = seat.pk
    assert api.post(f"/api/registrations/{rid}/check-in/").status_code == 200
    response = api.post(f"/api/registrations/{rid}/undo-no-show/")
    assert response.status_code == 409 and response.json()["code"] == "conflict"
    response = api.post(f"/api/registrations/{rid}/undo-check-in/")
    assert response.status_code == 200 and response.json()["status"] == "registered"
    again = api.post(f"/api/registrations/{rid}/undo-check-in/")
    assert again.status_code == 409 and set(again.json()) >= {"detail", "code"}
    assert api.post(f"/api/registrations/{rid}/no-show/").json()["status"] == "no_show"
    assert api.post(f"/api/registrations/{rid}/undo-no-show/").json()["status"] == "registered"
