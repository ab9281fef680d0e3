"""The profile's time-zone menu speaks the reader's language: places named by CLDR in their
script, the IANA name after each (kept left to right inside Urdu), our clubs' zones first."""

import re

import pytest
from django.conf import settings
from django.urls import reverse

LRI, PDI = "\u2066", "\u2069"


def zone_select(page: str) -> str:
    return re.search(r'<select name="time_zone".*?</select>', page, re.S).group(0)


def groups(select: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """Each <optgroup>'s label and its (value, text) options."""
    return [
        (label, re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', body))
        for label, body in re.findall(r'<optgroup label="([^"]*)">(.*?)</optgroup>', select, re.S)
    ]


@pytest.mark.django_db
def test_an_urdu_reader_reads_the_profiles_zone_menu_in_urdu(client, make_user):
    zara = make_user("zara", time_zone="Asia/Karachi")
    client.force_login(zara)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    page = client.get(reverse("accounts:profile_edit")).content.decode()
    assert '<html lang="ur" dir="rtl">' in page
    select = zone_select(page)
    # The blank choice names the site's zone by its city, in Urdu.
    assert '<option value="">سائٹ کا زون (سڈنی)</option>' in select
    (common_label, common), (every_label, every) = groups(select)
    assert (common_label, every_label) == ("عام ٹائم زون", "تمام ٹائم زون")
    # Pakistan's zone first for an Urdu reader; the IANA name isolated left to right.
    assert common[0] == ("Asia/Karachi", f"پاکستان (کراچی) — {LRI}Asia/Karachi{PDI}")
    assert ("Asia/Kolkata", f"بھارت (کولکاتا) — {LRI}Asia/Kolkata{PDI}") in every
    assert len(every) > 300 and "Asia/Calcutta" not in dict(every)
    # The member's zone is the one selected (once, though it is in both groups).
    assert select.count("selected") == 1
    assert f'<option value="Asia/Karachi" selected>پاکستان (کراچی) — {LRI}' in select
    # No English place left: every option is named in Urdu (the IANA name apart).
    for _value, text in every:
        place = text.split(" — ")[0]
        assert not re.search("[A-Za-z]", place), text


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "kolkata"),
    [
        ("mr", "भारत (कोलकाता) — Asia/Kolkata"),
        ("pa", "ਭਾਰਤ (ਕੋਲਕਾਤਾ) — Asia/Kolkata"),
        ("ms", "India (Kolkata) — Asia/Kolkata"),
        ("en-au", "India (Kolkata) — Asia/Kolkata"),
    ],
)
def test_the_profiles_zone_menu_in_each_language(client, make_user, language, kolkata):
    client.force_login(make_user("kiran"))
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    select = zone_select(client.get(reverse("accounts:profile_edit")).content.decode())
    (_common_label, common), (_every_label, every) = groups(select)
    assert ("Asia/Kolkata", kolkata) in common and ("Asia/Kolkata", kolkata) in every


@pytest.mark.django_db
def test_a_zone_chosen_from_the_localized_menu_is_saved_by_its_iana_name(client, make_user):
    zara = make_user("zara")
    client.force_login(zara)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    response = client.post(
        reverse("accounts:profile_edit"),
        {"display_name": "Zara", "email": "zara@example.com", "time_zone": "Asia/Karachi"},
    )
    assert response.status_code == 302
    zara.refresh_from_db()
    assert zara.time_zone == "Asia/Karachi"
