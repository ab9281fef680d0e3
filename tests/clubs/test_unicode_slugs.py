"""Clubs get readable addresses from names in any script (issue 13): the slug keeps the name's
letters and marks, links percent-encode it, and every page under the slug opens."""

import pytest
from django.urls import reverse

from accounts.names import name_slug
from clubs import services
from clubs.models import Club
from tests.conftest import PASSWORD


@pytest.mark.parametrize(
    ("name", "slug"),
    [
        ("لاہور کارڈ کلب", "لاہور-کارڈ-کلب"),
        ("ਅੰਮ੍ਰਿਤਸਰ ਤਾਸ਼ ਕਲੱਬ", "ਅੰਮ੍ਰਿਤਸਰ-ਤਾਸ਼-ਕਲੱਬ"),  # vowel signs and virama kept
        ("पुणे पत्ते मंडळ", "पुणे-पत्ते-मंडळ"),
        ("Kelab Kad Kuala Lumpur!", "kelab-kad-kuala-lumpur"),
        ("  Five -- Hundred  ", "five-hundred"),
    ],
)
def test_slugs_keep_the_names_letters_and_marks(name, slug):
    assert name_slug(name) == slug


@pytest.mark.django_db
def test_an_urdu_club_gets_an_address_in_urdu_letters(client, people):
    club = services.club_create(people.owner, name="لاہور کارڈ کلب", time_zone="Asia/Karachi")
    assert club.slug == "لاہور-کارڈ-کلب"
    url = club.get_absolute_url()
    assert url.startswith("/clubs/%D9%84%D8%A7")  # percent-encoded in links
    page = client.get(url)
    assert page.status_code == 200
    assert "لاہور کارڈ کلب" in page.content.decode()

    # A second club whose name makes the same slug gets a numbered one, still in Urdu.
    other = services.club_create(people.member, name="لاہور  کارڈ-کلب!")
    assert other.slug == "لاہور-کارڈ-کلب-2"


@pytest.mark.django_db
def test_every_page_under_a_unicode_slug_opens(client, people):
    club = services.club_create(people.owner, name="ਅੰਮ੍ਰਿਤਸਰ ਤਾਸ਼ ਕਲੱਬ")
    client.login(username=people.owner.username, password=PASSWORD)
    for url in (
        club.get_absolute_url(),
        reverse("clubs:edit", args=[club.slug]),
        reverse("clubs:members", args=[club.slug]),
        reverse("clubs:night_create", args=[club.slug]),
        reverse("clubs:club_feed", args=[club.slug]),
        reverse("tournaments:club", args=[club.slug]),
        reverse("ladders:club", args=[club.slug]),
        f"/api/clubs/{club.slug}/",
    ):
        assert client.get(url).status_code == 200, url
    assert client.get("/clubs/no-such-ਕਲੱਬ/").status_code == 404


@pytest.mark.django_db
def test_a_name_without_letters_still_gets_an_address(people):
    club = services.club_create(people.owner, name="♠♥♦♣")
    assert club.slug == "club"
    assert Club.objects.get(slug="club") == club


def test_a_mark_with_no_letter_to_sit_on_is_left_out():
    # NFKC turns the spacing diaeresis into a space and a combining mark.
    assert name_slug("}¨0H4") == "0h4"
    assert name_slug("a ¨b") == "a-b"
