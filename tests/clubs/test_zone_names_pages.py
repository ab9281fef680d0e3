"""A club's zone named in the reader's language: the club form's menu (CLDR's places in the
reader's script, the IANA name after each), the club page's "times are in …", the night form's
help and the zone named beside a night's time."""

import re
from datetime import timedelta

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from clubs import services
from clubs.models import Club
from core.choices import Game
from tests.clubs.conftest import add_staff
from tests.conftest import PASSWORD

LRI, PDI = "\u2066", "\u2069"


@pytest.fixture
def karachi_club(people):
    club = Club.objects.create(
        name="Karachi Card Club",
        slug="karachi-cards",
        games=[Game.FIVE_HUNDRED],
        time_zone="Asia/Karachi",
        created_by=people.owner,
    )
    add_staff(club, people)
    return club


def read_as(client, user, language):
    client.login(username=user.username, password=PASSWORD)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language


def zone_select(page: str) -> str:
    return re.search(r'<select name="time_zone".*?</select>', page, re.S).group(0)


@pytest.mark.django_db
def test_an_urdu_owner_reads_the_club_forms_zone_menu_in_urdu(client, people, karachi_club):
    read_as(client, people.owner, "ur")
    page = client.get(reverse("clubs:edit", args=[karachi_club.slug])).content.decode()
    assert '<html lang="ur" dir="rtl">' in page
    select = zone_select(page)
    assert '<optgroup label="عام ٹائم زون">' in select
    assert '<optgroup label="تمام ٹائم زون">' in select
    karachi = f"پاکستان (کراچی) — {LRI}Asia/Karachi{PDI}"
    assert f'<option value="Asia/Karachi" selected>{karachi}</option>' in select
    assert f'<option value="Australia/Perth">آسٹریلیا (پرتھ) — {LRI}Australia/Perth{PDI}' in select
    assert "Asia/Kuala Lumpur<" not in select  # the old English-only label


@pytest.mark.django_db
def test_a_new_club_form_offers_the_localized_menu_in_marathi(client, people):
    read_as(client, people.outsider, "mr")
    page = client.get(reverse("clubs:create")).content.decode()
    select = zone_select(page)
    assert "data-browser-zone" in select  # static/js/time-zone.js still finds the options
    assert '<option value="Asia/Kolkata">भारत (कोलकाता) — Asia/Kolkata</option>' in select
    assert (
        '<option value="Asia/Kuala_Lumpur">मलेशिया (क्वालालंपूर) — Asia/Kuala_Lumpur</option>' in select
    )


@pytest.mark.django_db
def test_a_club_created_from_the_localized_menu_keeps_the_iana_name(client, people):
    read_as(client, people.outsider, "ms")
    response = client.post(
        reverse("clubs:create"),
        {"name": "Kelab Kad Ipoh", "is_open": "1", "time_zone": "Asia/Kuala_Lumpur"},
    )
    assert response.status_code == 302
    assert Club.objects.get(name="Kelab Kad Ipoh").time_zone == "Asia/Kuala_Lumpur"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en-au", "Times are in the club's time zone, Pakistan (Karachi)."),
        ("mr", "वेळा क्लबच्या वेळ क्षेत्रानुसार आहेत, पाकिस्तान (कराची)."),
        ("ur", "اوقات کلب کے ٹائم زون، پاکستان (کراچی)، کے مطابق ہیں۔"),
    ],
)
def test_the_club_page_names_its_zone_in_the_readers_language(
    client, people, karachi_club, language, sentence
):
    read_as(client, people.member, language)
    page = client.get(karachi_club.get_absolute_url()).content.decode()
    assert sentence in page
    assert "Asia/Karachi" not in page


@pytest.mark.django_db
def test_the_night_form_says_the_clubs_zone_in_the_readers_language(client, people, karachi_club):
    read_as(client, people.director, "pa")
    page = client.get(reverse("clubs:night_create", args=[karachi_club.slug])).content.decode()
    assert "ਕਲੱਬ ਦੇ ਸਮਾਂ ਖੇਤਰ, ਪਾਕਿਸਤਾਨ (ਕਰਾਚੀ), ਵਿੱਚ।" in page
    assert "Asia/Karachi" not in page


@pytest.mark.django_db
def test_a_nights_time_names_the_clubs_zone_by_its_city_in_the_readers_language(client, people):
    """Beside a time, a zone whose abbreviation could be misread ("+08") is named by its city,
    in the reader's script."""
    club = Club.objects.create(
        name="Kelab Kad KL", slug="kelab-kad-kl", venue="The hall", time_zone="Asia/Kuala_Lumpur"
    )
    add_staff(club, people)
    night = services.night_schedule(
        people.director, club, starts_at=timezone.now() + timedelta(days=5), capacity=8
    )
    people.member.time_zone = "Australia/Sydney"
    people.member.save()
    read_as(client, people.member, "mr")
    page = client.get(night.get_absolute_url()).content.decode()
    assert "(क्वालालंपूर; " in page and "Asia/Kuala_Lumpur" not in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    page = client.get(night.get_absolute_url()).content.decode()
    assert "(کوالا لمپور؛ " in page and "Asia/Kuala_Lumpur" not in page
