"""A new member keeps the language they were reading the site in: on their account and, as a
login does, in the language cookie, so the pages after sign-up speak it whatever the browser
asks for; a visitor reading a club in its language signs up in it."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

from accounts.models import User
from clubs import services as club_services

COOKIE = settings.LANGUAGE_COOKIE_NAME


def html_lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def sign_up(client, username, next_url="", **headers):
    data = {
        "username": username,
        "email": f"{username}@example.com",
        "password1": "a-long-pass-phrase",
        "password2": "a-long-pass-phrase",
    }
    if next_url:
        data["next"] = next_url
    return client.post(reverse("accounts:signup"), data, **headers)


@pytest.mark.django_db
def test_a_new_member_keeps_the_language_their_browser_was_reading_in(client):
    response = sign_up(client, "sunita", HTTP_ACCEPT_LANGUAGE="mr,en;q=0.5")
    assert response.status_code == 302
    assert User.objects.get(username="sunita").language == "mr"
    # The cookie, as a login into an account with a language sets it.
    assert response.cookies[COOKIE].value == "mr"
    assert response.cookies[COOKIE]["max-age"] == settings.LANGUAGE_COOKIE_AGE
    # So the next page speaks Marathi even where the browser asks for English.
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert html_lang(page) == "mr"


@pytest.mark.django_db
def test_a_language_chosen_from_the_menu_before_signing_up_is_kept(client):
    client.post(reverse("set_language"), {"language": "ur", "next": "/"})
    response = sign_up(client, "zainab", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert User.objects.get(username="zainab").language == "ur"
    assert client.cookies[COOKIE].value == "ur"
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()) == "ur"


@pytest.mark.django_db
def test_a_visitor_reading_a_club_in_its_language_signs_up_and_stays_in_it(client, make_user):
    owner = make_user("olive")
    club = club_services.club_create(owner, name="Lahore Cards", language="ur")
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    assert html_lang(client.get(club.get_absolute_url(), **english).content.decode()) == "ur"
    # "Sign up" from the club's page leads back to it: the sign-up page speaks as it did.
    url = reverse("accounts:signup") + "?next=" + club.get_absolute_url()
    assert html_lang(client.get(url, **english).content.decode()) == "ur"
    response = sign_up(client, "hamza", next_url=club.get_absolute_url(), **english)
    assert response.status_code == 302 and response.url == club.get_absolute_url()
    assert User.objects.get(username="hamza").language == "ur"
    assert response.cookies[COOKIE].value == "ur"
    # Every page now, not only the club's.
    assert html_lang(client.get("/", **english).content.decode()) == "ur"
    # The sign-up page leading elsewhere speaks as the browser asks.
    other = client.__class__()
    page = other.get(reverse("accounts:signup") + "?next=/clubs/", **english).content.decode()
    assert html_lang(page) == "en-au"


@pytest.mark.django_db
def test_a_visitor_whose_browser_speaks_another_of_our_languages_keeps_it(client, make_user):
    """A Marathi browser signing up from a Malay club's page keeps Marathi: the club's language
    was the club's, not theirs (it saved Malay for every such member)."""
    owner = make_user("aminah")
    club = club_services.club_create(owner, name="Kelab Bunga Raya", language="ms")
    marathi = {"HTTP_ACCEPT_LANGUAGE": "mr-IN,mr;q=0.9,en;q=0.8"}
    assert html_lang(client.get(club.get_absolute_url(), **marathi).content.decode()) == "ms"
    response = sign_up(client, "sunil", next_url=club.get_absolute_url(), **marathi)
    assert response.status_code == 302
    assert User.objects.get(username="sunil").language == "mr"
    assert response.cookies[COOKIE].value == "mr"
    assert html_lang(client.get(club.get_absolute_url(), **marathi).content.decode()) == "mr"
