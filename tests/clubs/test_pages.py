"""The club pages, as plain form posts and as htmx requests (which get the partial only)."""

from datetime import timedelta

import pytest
from django.contrib.messages import get_messages
from django.core import mail
from django.urls import reverse
from django.utils import timezone

from clubs.models import Club, ClubNight, JoinRequest, Membership, Registration

Status = Registration.Status
HTMX = {"HX-Request": "true"}


def night_url(name, night, *extra):
    return reverse(f"clubs:{name}", args=[night.club.slug, night.pk, *extra])


def flashed(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def is_partial(response):
    body = response.content.decode()
    return "<html" not in body and "<body" not in body


# Clubs -------------------------------------------------------------------------------------------


def test_club_list_search_and_empty_states(client, club):
    Club.objects.create(name="Bellbird Pitch", slug="bellbird", venue="Bellbird Pub")
    page = client.get(reverse("clubs:list")).content.decode()
    assert "Wattle Card Club" in page and "Bellbird Pitch" in page
    page = client.get(reverse("clubs:list"), {"q": "bell"}).content.decode()
    assert "Bellbird Pitch" in page and "Wattle Card Club" not in page
    page = client.get(reverse("clubs:list"), {"q": "zzz"}).content.decode()
    assert "No clubs match" in page


def test_create_club_page(client, people):
    url = reverse("clubs:create")
    assert client.get(url).status_code == 302  # log in first
    client.force_login(people.outsider)
    assert client.get(url).status_code == 200
    response = client.post(url, {"name": "", "is_open": "1"})
    assert response.status_code == 200 and "This field is required" in response.content.decode()
    response = client.post(
        url, {"name": "Magpie Club", "venue": "Hall", "games": ["pitch"], "is_open": "0"}
    )
    club = Club.objects.get(name="Magpie Club")
    assert response.url == club.get_absolute_url()
    assert club.games == ["pitch"] and club.is_open is False
    assert Membership.objects.get(club=club).role == "owner"


def test_edit_club_page(client, people, club):
    client.force_login(people.director)
    url = reverse("clubs:edit", args=[club.slug])
    assert 'value="Wattle Card Club"' in client.get(url).content.decode()
    response = client.post(
        url, {"name": "Wattle Club", "about": "New", "venue": "Hall 2", "is_open": "1"}
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.venue, club.games) == ("Wattle Club", "Hall 2", [])


def test_club_page_for_visitors_members_and_directors(client, people, club, night):
    page = client.get(club.get_absolute_url()).content.decode()
    assert night.name in page and "Log in to join" in page and "Director tools" not in page
    client.force_login(people.outsider)
    assert "Join club" in client.get(club.get_absolute_url()).content.decode()
    client.force_login(people.member)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Leave club" in page and "Director tools" not in page
    client.force_login(people.director)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Director tools" in page and "Schedule a night" in page


def test_club_page_hides_cancelled_nights_from_members(client, people, club, night):
    night.status = ClubNight.Status.CANCELLED
    night.save()
    client.force_login(people.member)
    assert "No nights scheduled yet" in client.get(club.get_absolute_url()).content.decode()


def test_join_open_club_then_back_to_the_night(client, people, club, night):
    client.force_login(people.outsider)
    response = client.post(
        reverse("clubs:join", args=[club.slug]), {"next": night.get_absolute_url()}
    )
    assert response.url == night.get_absolute_url()
    assert "Welcome to Wattle Card Club" in flashed(response)[-1]
    assert Membership.objects.filter(club=club, user=people.outsider).exists()
    response = client.post(
        reverse("clubs:join", args=[club.slug]), {"next": "https://evil.example/"}
    )
    assert response.url == club.get_absolute_url()
    assert "already a member" in flashed(response)[-1]


def test_ask_to_join_a_closed_club_and_a_director_approves(client, people, club):
    club.is_open = False
    club.save()
    client.force_login(people.outsider)
    page = client.get(club.get_absolute_url()).content.decode()
    assert "Ask to join" in page
    assert "A note for the directors" in page and page.count("(optional)") == 1
    client.post(reverse("clubs:join", args=[club.slug]), {"message": "Keen player"})
    assert "Withdraw request" in client.get(club.get_absolute_url()).content.decode()
    request = JoinRequest.objects.get()
    client.force_login(people.director)
    page = client.get(reverse("clubs:members", args=[club.slug])).content.decode()
    assert "Keen player" in page and "Approve" in page
    client.post(reverse("clubs:request_decide", args=[club.slug, request.pk, "approve"]))
    assert Membership.objects.filter(club=club, user=people.outsider).exists()
    assert (
        client.post(
            reverse("clubs:request_decide", args=[club.slug, request.pk, "maybe"])
        ).status_code
        == 404
    )


def test_leave_needs_confirmation_and_last_owner_is_told_no(client, people, club):
    client.force_login(people.member)
    url = reverse("clubs:leave", args=[club.slug])
    page = client.get(url).content.decode()
    assert "Leave Wattle Card Club?" in page and 'method="post"' in page
    assert Membership.objects.filter(user=people.member).exists()
    client.post(url)
    assert not Membership.objects.filter(user=people.member).exists()
    client.force_login(people.owner)
    response = client.post(url)
    assert "only owner" in flashed(response)[-1]
    assert Membership.objects.filter(user=people.owner).exists()


def test_members_page_roles_and_removal(client, people, club):
    mia = Membership.objects.get(user=people.member)
    client.force_login(people.owner)
    client.post(reverse("clubs:member_role", args=[club.slug, mia.pk]), {"role": "director"})
    mia.refresh_from_db()
    assert mia.role == "director"
    remove = reverse("clubs:member_remove", args=[club.slug, mia.pk])
    assert "Remove Mia from Wattle Card Club?" in client.get(remove).content.decode()
    client.post(remove)
    assert not Membership.objects.filter(pk=mia.pk).exists()


# Nights ------------------------------------------------------------------------------------------


def night_form(**changes):
    day = (timezone.localtime() + timedelta(days=6)).date()
    data = {
        "title": "",
        "date": day.isoformat(),
        "start_time": "19:30",
        "duration_minutes": "180",
        "game": "five_hundred",
        "venue": "",
        "capacity": "12",
        "members_only": "1",
        "registration_opens_at": "",
        "registration_closes_at": "",
        "notes": "Supper provided",
    }
    data.update(changes)
    return data


def test_schedule_a_night_page(client, people, club):
    client.force_login(people.director)
    url = reverse("clubs:night_create", args=[club.slug])
    assert "Schedule a night" in client.get(url).content.decode()
    response = client.post(url, night_form())
    night = ClubNight.objects.get()
    assert response.url == night.get_absolute_url()
    local = timezone.localtime(night.starts_at)
    assert (local.hour, local.minute) == (19, 30)
    assert night.venue == "Wattle Hall" and night.capacity == 12 and night.members_only


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"date": "2001-01-01"}, "A night must start in the future."),
        ({"capacity": "0"}, "greater than or equal to 1"),
        (
            {"registration_closes_at": "2099-01-01T10:00"},
            "Registration must close by the time the night starts.",
        ),
    ],
)
def test_schedule_a_night_with_bad_values_shows_form_errors(client, people, club, changes, message):
    client.force_login(people.director)
    response = client.post(reverse("clubs:night_create", args=[club.slug]), night_form(**changes))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not ClubNight.objects.exists()


def test_edit_night_capacity_below_registered_is_a_form_error(client, people, make_night):
    night = make_night(capacity=4)
    for user in (people.owner, people.director, people.member):
        Registration.objects.create(night=night, user=user, status=Status.REGISTERED)
    client.force_login(people.director)
    url = night_url("night_edit", night)
    data = night_form(capacity="2")
    local = timezone.localtime(night.starts_at)
    data.update(date=local.date().isoformat(), start_time=local.strftime("%H:%M"))
    response = client.post(url, data)
    assert response.status_code == 200
    assert "capacity can&#x27;t be less than 3" in response.content.decode()
    night.refresh_from_db()
    assert night.capacity == 4 and night.notes == ""
    data["capacity"] = "3"
    assert client.post(url, data).status_code == 302
    night.refresh_from_db()
    assert night.capacity == 3 and night.notes == "Supper provided"


def test_cancel_night_asks_first_then_tells_everyone(
    client, people, night, django_capture_on_commit_callbacks
):
    Registration.objects.create(night=night, user=people.member, status=Status.REGISTERED)
    client.force_login(people.director)
    url = night_url("night_cancel", night)
    page = client.get(url).content.decode()
    assert "1 person is registered" in page and "Keep the night" in page
    night.refresh_from_db()
    assert not night.is_cancelled
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url)
    night.refresh_from_db()
    assert night.is_cancelled
    assert len(mail.outbox) == 1
    assert "This night was cancelled" in client.get(night.get_absolute_url()).content.decode()


def test_register_with_a_plain_post_redirects_with_a_message(client, people, night):
    client.force_login(people.member)
    response = client.post(night_url("night_register", night))
    assert response.status_code == 302 and response.url == night.get_absolute_url()
    assert "You're registered" in flashed(response)[-1]
    page = client.get(night.get_absolute_url()).content.decode()
    assert "Cancel my registration" in page
    response = client.post(night_url("night_register", night))
    assert "already registered" in flashed(response)[-1]
    assert night.registrations.count() == 1


def test_register_with_htmx_returns_only_the_partial(client, people, night):
    client.force_login(people.member)
    response = client.post(night_url("night_register", night), headers=HTMX)
    assert response.status_code == 200 and is_partial(response)
    body = response.content.decode()
    assert body.lstrip().startswith('<section id="registration"')
    assert "You&#x27;re registered for" in body and "Cancel my registration" in body
    again = client.post(night_url("night_register", night), headers=HTMX).content.decode()
    assert "already registered" in again and 'class="message error"' in again
    response = client.post(night_url("night_unregister", night), headers=HTMX)
    assert is_partial(response) and "Your registration is cancelled." in response.content.decode()
    assert night.registrations.get().status == Status.CANCELLED


def test_the_full_night_page_offers_the_waitlist(client, people, make_night):
    night = make_night(capacity=1)
    Registration.objects.create(night=night, user=people.owner, status=Status.REGISTERED)
    client.force_login(people.member)
    assert "Join the waitlist" in client.get(night.get_absolute_url()).content.decode()
    body = client.post(night_url("night_register", night), headers=HTMX).content.decode()
    assert "number 1 on the waitlist" in body and "Leave the waitlist" in body
    body = client.post(night_url("night_unregister", night), headers=HTMX).content.decode()
    assert "You&#x27;ve left the waitlist." in body


def test_registration_refusals_show_the_reason(client, people, make_night):
    night = make_night()
    client.force_login(people.outsider)
    page = client.get(night.get_absolute_url()).content.decode()
    assert "for members of Wattle Card Club" in page and "Join Wattle Card Club" in page
    body = client.post(night_url("night_register", night), headers=HTMX).content.decode()
    assert "members of Wattle Card Club only" in body
    closed = make_night(
        registration_opens_at=timezone.now() - timedelta(days=2),
        registration_closes_at=timezone.now() - timedelta(minutes=1),
    )
    client.force_login(people.member)
    assert "Registration closed" in client.get(closed.get_absolute_url()).content.decode()
    response = client.post(night_url("night_register", closed))
    assert flashed(response)[-1].startswith("Registration closed")
    assert not Registration.objects.exists()


def test_anonymous_visitors_are_asked_to_log_in(client, night):
    page = client.get(night.get_absolute_url()).content.decode()
    assert "Log in to register" in page
    response = client.post(night_url("night_register", night))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    assert not Registration.objects.exists()


# On the night ------------------------------------------------------------------------------------


def test_check_in_list_plain_and_htmx(client, people, night, make_user):
    registration = Registration.objects.create(
        night=night, user=people.member, status=Status.REGISTERED
    )
    client.force_login(people.director)
    page = client.get(night_url("checkin", night)).content.decode()
    assert "Mia" in page and "Check in Mia" in page and "Add a walk-in" in page
    # htmx: the board partial only.
    response = client.post(
        night_url("registration_action", night, registration.pk, "check-in"), headers=HTMX
    )
    assert is_partial(response)
    body = response.content.decode()
    assert body.lstrip().startswith('<div id="checkin-board"')
    assert "Mia is checked in." in body and "1 checked in" in body
    registration.refresh_from_db()
    assert registration.status == Status.CHECKED_IN
    # Plain post: back to the list with a message.
    response = client.post(
        night_url("registration_action", night, registration.pk, "undo-check-in")
    )
    assert response.url == night_url("checkin", night)
    assert "Check-in undone: Mia is registered." in flashed(response)[-1]
    response = client.post(night_url("registration_action", night, registration.pk, "no-show"))
    registration.refresh_from_db()
    assert registration.status == Status.NO_SHOW
    assert (
        client.post(night_url("registration_action", night, registration.pk, "dance")).status_code
        == 404
    )


def test_walk_ins_from_the_check_in_page(client, people, night, make_user):
    make_user("walter", display_name="Walter")
    client.force_login(people.director)
    body = client.post(
        night_url("walk_in", night), {"username": "walter"}, headers=HTMX
    ).content.decode()
    assert "Walter is checked in." in body
    body = client.post(
        night_url("walk_in", night), {"guest_name": "Gwen"}, headers=HTMX
    ).content.decode()
    assert "Gwen is checked in." in body and "Guest" in body
    body = client.post(
        night_url("walk_in", night), {"username": "nobody"}, headers=HTMX
    ).content.decode()
    # Refused: the reason sits in the walk-in form (on a phone the top of the page is off
    # screen), once, and what was typed stays typed.
    form = body[body.index('id="walk-in"') :]
    assert "No one has the username" in form and body.count("No one has the username") == 1
    assert 'value="nobody"' in form
    response = client.post(night_url("walk_in", night), {"guest_name": "  "})
    assert response.status_code == 200 and not flashed(response)
    page = response.content.decode()
    assert page.count("Give a username or a guest") == 1
    assert "Give a username or a guest" in page[page.index('id="walk-in"') :]
    assert 'action="/clubs/' in page and '#walk-in"' in page  # the page opens at the form
    assert [r.player_name for r in night.checked_in()] == ["Walter", "Gwen"]


def test_members_cannot_use_the_check_in_list(client, people, night):
    registration = Registration.objects.create(
        night=night, user=people.member, status=Status.REGISTERED
    )
    client.force_login(people.member)
    assert client.get(night_url("checkin", night)).status_code == 403
    response = client.post(night_url("registration_action", night, registration.pk, "check-in"))
    assert response.status_code == 403
    response = client.post(night_url("walk_in", night), {"guest_name": "Pal"})
    assert response.status_code == 403
    registration.refresh_from_db()
    assert registration.status == Status.REGISTERED
    assert night.registrations.count() == 1


# My nights ---------------------------------------------------------------------------------------


def test_my_nights_lists_upcoming_with_status_and_past(client, people, make_night, make_user):
    upcoming = make_night(title="Next Five Hundred", capacity=1)
    waiting = make_night(title="Full Pitch", capacity=1)
    Registration.objects.create(night=upcoming, user=people.member, status=Status.REGISTERED)
    Registration.objects.create(night=waiting, user=people.owner, status=Status.REGISTERED)
    Registration.objects.create(
        night=waiting, user=people.member, status=Status.WAITLISTED, waitlist_position=1
    )
    past = make_night(
        title="Old Night",
        starts_at=timezone.now() - timedelta(days=3),
        registration_opens_at=timezone.now() - timedelta(days=6),
        registration_closes_at=timezone.now() - timedelta(days=3),
    )
    Registration.objects.create(night=past, user=people.member, status=Status.CHECKED_IN)
    client.force_login(people.member)
    page = client.get(reverse("clubs:my_nights")).content.decode()
    assert "Next Five Hundred" in page and "Registered" in page
    assert "Full Pitch" in page and "Waitlist #1" in page
    assert "Old Night" in page and "Checked in" in page
    assert people.member.calendar_token in page
    assert client.get(reverse("clubs:my_nights")).status_code == 200
    client.logout()
    assert client.get(reverse("clubs:my_nights")).status_code == 302


def test_my_nights_empty_state(client, people):
    client.force_login(people.outsider)
    page = client.get(reverse("clubs:my_nights")).content.decode()
    assert "You're not registered for any nights yet." in page.replace("&#x27;", "'")


def test_cancelling_asks_first_only_when_the_seat_would_go_to_someone_waiting(
    client, people, make_night
):
    night = make_night(capacity=1)
    Registration.objects.create(night=night, user=people.member, status=Status.REGISTERED)
    client.force_login(people.member)
    assert "hx-confirm" not in client.get(night.get_absolute_url()).content.decode()
    Registration.objects.create(
        night=night, user=people.director, status=Status.WAITLISTED, waitlist_position=1
    )
    page = client.get(night.get_absolute_url()).content.decode()
    assert 'hx-confirm="Cancel your registration? Your seat goes straight to the next' in page


def test_signed_out_htmx_clicks_send_the_whole_page_to_log_in(client, night):
    response = client.post(
        night_url("night_register", night),
        headers={**HTMX, "HX-Current-URL": "http://testserver" + night.get_absolute_url()},
    )
    assert response.status_code == 200
    assert response["HX-Redirect"].startswith(reverse("login") + "?next=")
    assert not Registration.objects.exists()


@pytest.mark.django_db
def test_the_only_owner_is_not_offered_leave_but_an_owner_with_a_co_owner_is(client, make_user):
    from clubs import services as club_services
    from clubs.models import Membership

    owner = make_user("olive")
    club = club_services.club_create(owner, name="Leave Test Club")
    client.force_login(owner)
    page = client.get(club.get_absolute_url()).content.decode()
    assert f'href="/clubs/{club.slug}/leave/"' not in page
    assert "only owner" in page
    other = make_user("oscar")
    Membership.objects.create(club=club, user=other, role=Membership.Role.OWNER)
    page = client.get(club.get_absolute_url()).content.decode()
    assert f'href="/clubs/{club.slug}/leave/"' in page
