"""Time zones named in the reader's language (accounts.zones, CLDR's names through Babel): the
zone menus' labels and order, the places and cities named beside times, one list per language."""

import re
from datetime import UTC, datetime
from unittest import mock

import pytest
from django.utils import translation

from accounts import zones
from accounts.zones import (
    common_zones,
    zone_choices,
    zone_city,
    zone_label,
    zone_menu,
    zone_place,
)

LANGUAGES = ["en-au", "mr", "ms", "pa", "ur"]
LRI, PDI = "\u2066", "\u2069"  # Unicode's left-to-right isolate around an IANA name in Urdu

DEVANAGARI = re.compile(r"[\u0900-\u097f]")
GURMUKHI = re.compile(r"[\u0a00-\u0a7f]")
ARABIC_SCRIPT = re.compile(r"[\u0600-\u06ff]")


def labels(language: str, current: str = "") -> dict[str, str]:
    with translation.override(language):
        return dict(zone_choices(current))


@pytest.mark.parametrize(
    ("language", "kolkata", "kuala_lumpur"),
    [
        ("en-au", "India (Kolkata) — Asia/Kolkata", "Malaysia (Kuala Lumpur) — Asia/Kuala_Lumpur"),
        ("mr", "भारत (कोलकाता) — Asia/Kolkata", "मलेशिया (क्वालालंपूर) — Asia/Kuala_Lumpur"),
        ("ms", "India (Kolkata) — Asia/Kolkata", "Malaysia (Kuala Lumpur) — Asia/Kuala_Lumpur"),
        ("pa", "ਭਾਰਤ (ਕੋਲਕਾਤਾ) — Asia/Kolkata", "ਮਲੇਸ਼ੀਆ (ਕੁਆਲਾਲੰਪੁਰ) — Asia/Kuala_Lumpur"),
        (
            "ur",
            f"بھارت (کولکاتا) — {LRI}Asia/Kolkata{PDI}",
            f"ملائشیا (کوالا لمپور) — {LRI}Asia/Kuala_Lumpur{PDI}",
        ),
    ],
)
def test_each_zone_is_labelled_with_its_place_in_the_readers_language_and_its_iana_name(
    language, kolkata, kuala_lumpur
):
    named = labels(language)
    assert named["Asia/Kolkata"] == kolkata
    assert named["Asia/Kuala_Lumpur"] == kuala_lumpur


def test_the_labels_are_written_in_the_readers_script():
    """Every label's place is in the reader's script (the IANA name after it aside)."""
    scripts = {"mr": DEVANAGARI, "pa": GURMUKHI, "ur": ARABIC_SCRIPT}
    for language, script in scripts.items():
        for value, label in labels(language).items():
            place = label.rsplit(" — ", 1)[0]
            assert script.search(place), (language, value, label)
            assert not re.search(r"[A-Za-z]", place), (language, value, label)
            assert label.endswith(value) or label.endswith(f"{value}{PDI}")


def test_every_language_offers_the_same_zones_once_each_by_their_iana_names():
    english = list(labels("en-au"))
    assert len(english) == len(set(english)) > 300
    assert "Asia/Kolkata" in english and "Asia/Calcutta" not in english
    for language in LANGUAGES[1:]:
        assert sorted(labels(language)) == sorted(english), language


def test_the_zone_already_chosen_is_offered_under_its_own_name_in_its_place():
    with translation.override("mr"):
        choices = zone_choices("Asia/Calcutta")
    values = [value for value, _label in choices]
    assert values.count("Asia/Calcutta") == 1 and "Asia/Kolkata" in values
    label = dict(choices)["Asia/Calcutta"]
    assert label == "भारत (कोलकाता) — Asia/Calcutta"
    # Sorted in beside Kolkata, its other name.
    assert abs(values.index("Asia/Calcutta") - values.index("Asia/Kolkata")) == 1


def test_the_zones_are_in_the_readers_alphabetical_order_by_country_then_city():
    english = list(labels("en-au").values())
    # Accents don't count ("Åland" between "Afghanistan" and "Albania"); countries then cities.
    assert english[:3] == [
        "Afghanistan (Kabul) — Asia/Kabul",
        "Åland Islands (Mariehamn) — Europe/Mariehamn",
        "Albania (Tirana) — Europe/Tirane",
    ]
    perth = english.index("Australia (Perth) — Australia/Perth")
    assert english[perth + 1] == "Australia (Sydney) — Australia/Sydney"
    assert english.index("India (Kolkata) — Asia/Kolkata") < english.index(
        "Indonesia (Jakarta) — Asia/Jakarta"
    )
    # Urdu's alphabet, not the code points: پ (Pakistan) comes before ت (Türkiye), whose letter
    # Unicode numbers lower.
    urdu = labels("ur")
    assert list(urdu).index("Asia/Karachi") < list(urdu).index("Europe/Istanbul")
    assert urdu["Europe/Istanbul"].startswith("ترکیہ")
    # Marathi by the Devanagari alphabet: भारत (bh) before मलेशिया (m).
    marathi = list(labels("mr"))
    assert marathi.index("Asia/Kolkata") < marathi.index("Asia/Kuala_Lumpur")


@pytest.mark.parametrize(
    ("language", "first"),
    [
        ("en-au", ["Australia/Perth", "Australia/Sydney"]),
        ("mr", ["Asia/Kolkata"]),
        ("pa", ["Asia/Kolkata"]),
        ("ms", ["Asia/Kuala_Lumpur"]),
        ("ur", ["Asia/Karachi"]),
    ],
)
def test_the_menu_offers_our_clubs_zones_first_the_readers_country_leading(language, first):
    with translation.override(language):
        (common_label, common), (every_label, every) = zone_menu()
        assert common_zones() == [value for value, _label in common]
    assert [value for value, _label in common][: len(first)] == first
    assert {value for value, _label in common} == {
        "Asia/Kolkata",
        "Asia/Kuala_Lumpur",
        "Asia/Karachi",
        "Australia/Perth",
        "Australia/Sydney",
    }
    assert every == list(labels(language).items())
    assert dict(every)["Asia/Karachi"] == dict(common)["Asia/Karachi"]


def test_the_menus_groups_are_named_in_the_readers_language():
    with translation.override("ur"):
        (common_label, _common), (every_label, _every) = zone_menu()
    assert ARABIC_SCRIPT.search(str(common_label)) and ARABIC_SCRIPT.search(str(every_label))
    with translation.override("en-au"):
        names = [str(label) for label, _choices in zone_menu()]
    assert names == ["Common time zones", "All time zones"]


def test_each_languages_list_is_built_once():
    with translation.override("pa"):
        zone_choices()
    with (
        translation.override("pa"),
        mock.patch.object(zones, "get_timezone_location", side_effect=AssertionError),
    ):
        assert zone_choices() == zone_choices()
        assert zone_place("Asia/Kolkata") == "ਭਾਰਤ (ਕੋਲਕਾਤਾ)"


def test_places_and_cities_in_each_language():
    assert zone_place("Asia/Kolkata", "en-au") == "India (Kolkata)"
    assert zone_place("Asia/Calcutta", "mr") == "भारत (कोलकाता)"
    assert zone_place("Australia/Perth", "ur") == "آسٹریلیا (پرتھ)"
    # A city that is its country, or named in it, is named once.
    assert zone_place("Asia/Singapore", "ms") == "Singapura"
    assert zone_place("Asia/Hong_Kong", "en-au") == "Hong Kong"
    assert zone_place("UTC", "en-au") == "Coordinated Universal Time"
    assert zone_city("Asia/Kuala_Lumpur", "ur") == "کوالا لمپور"
    assert zone_city("Asia/Kolkata", "pa") == "ਕੋਲਕਾਤਾ"
    assert zone_city("UTC", "mr") == "UTC"
    # Not a zone: as it is.
    assert zone_place("Mars/Olympus") == "Mars/Olympus"


@pytest.mark.parametrize(
    ("name", "language", "place"),
    [
        # CLDR puts Troll in the world ("World (Troll Station)"); it is in Antarctica.
        ("Antarctica/Troll", "en-au", "Antarctica (Troll Station)"),
        ("Antarctica/Troll", "ur", "انٹارکٹیکا (ٹرول)"),
        # A country's own parenthesis goes, so the city's is the only one.
        ("Asia/Yangon", "en-au", "Myanmar (Yangon)"),
        ("Indian/Cocos", "ms", "Kepulauan Cocos"),
        # A city that is its country is named once, even where CLDR spells the two apart.
        ("America/Curacao", "ms", "Curacao"),
        ("Indian/Reunion", "ms", "Reunion"),
        ("America/Curacao", "en-au", "Curaçao"),
        ("Pacific/Wallis", "ms", "Wallis dan Futuna"),
        ("Indian/Comoro", "ms", "Comoros"),
    ],
)
def test_places_read_as_places_whatever_cldrs_quirks(name, language, place):
    assert zone_place(name, language) == place
    label = labels(language)[name]
    assert label.count("(") <= 1, label


def test_beside_a_time_a_zone_is_its_abbreviation_else_its_city_in_the_readers_language():
    december = datetime(2026, 12, 10, 8, 0, tzinfo=UTC)
    for language in LANGUAGES:
        with translation.override(language):
            # An abbreviation that can't be misread is written as it is, in every language.
            assert zone_label("Australia/Sydney", december) == "AEDT"
            assert zone_label("Asia/Karachi", december) == "PKT"
    expected = {
        "en-au": "Kolkata",
        "mr": "कोलकाता",
        "ms": "Kolkata",
        "pa": "ਕੋਲਕਾਤਾ",
        "ur": "کولکاتا",
    }
    for language, city in expected.items():
        with translation.override(language):
            # "IST" is India, Ireland and Israel: the city instead, by the zone's main name.
            assert zone_label("Asia/Calcutta", december) == city
            assert zone_label("Asia/Kuala_Lumpur") == zone_city("Asia/Kuala_Lumpur")
