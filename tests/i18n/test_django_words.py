"""Django's own words that our users read (form errors, yes and no, weekday names), pinned in our
catalogues where Django's are wrong or missing: Django's Urdu writes the two-eyed ھ, which only
marks an aspirate (تھا, کھیل), for the plain ہ ("ھے", "نھیں", Saturday as "ھفتہ"), and Django's
Punjabi leaves "Select a valid choice" and the limits in English."""

import re
from datetime import date

import pytest
from django import forms
from django.utils import dateformat, translation
from django.utils.translation import gettext

# The Django messages pinned for Urdu (core/django_messages.py).
PINNED = [
    "This field is required.",
    "This field cannot be blank.",
    "This field cannot be null.",
    "Select a valid choice. That choice is not one of the available choices.",
    "Select a valid choice. %(value)s is not one of the available choices.",
    "Ensure this value is %(limit_value)s (it is %(show_value)s).",
    "Ensure this value is less than or equal to %(limit_value)s.",
    "Ensure this value is greater than or equal to %(limit_value)s.",
    "%(model_name)s with this %(field_label)s already exists.",
    "Yes",
    "yes,no,maybe",
    "Saturday",
    "Sat",
]
# ھ is right only after a consonant it makes aspirate.
MISPLACED_DO_CHASHMI = re.compile(r"(?<![بپتٹجچدڈرڑکگ])ھ")


@pytest.mark.parametrize("msgid", PINNED)
def test_urdu_writes_the_plain_heh_in_djangos_words(msgid):
    with translation.override("ur"):
        text = gettext(msgid)
    assert text != msgid
    assert not MISPLACED_DO_CHASHMI.search(text), text


@pytest.mark.parametrize("code", ["mr", "ms", "pa", "ur"])
@pytest.mark.parametrize("msgid", PINNED)
def test_djangos_words_are_in_every_language(code, msgid):
    with translation.override(code):
        assert gettext(msgid) != msgid


class _Form(forms.Form):
    name = forms.CharField()
    seats = forms.IntegerField(max_value=8)
    game = forms.ChoiceField(choices=[("pitch", "Pitch")])


@pytest.mark.parametrize(
    ("code", "required", "too_many", "choice"),
    [
        ("ur", "یہ خانہ درکار ہے۔", "یہ قدر 8 یا اس سے کم ہونی چاہیے۔", "درست انتخاب منتخب کریں۔"),
        ("pa", "ਇਹ ਖੇਤਰ ਲਾਜ਼ਮੀ ਹੈ।", "ਇਹ ਮੁੱਲ 8 ਜਾਂ ਉਸ ਤੋਂ ਘੱਟ ਹੋਣਾ ਚਾਹੀਦਾ ਹੈ।", "ਸਹੀ ਚੋਣ ਕਰੋ।"),
    ],
)
def test_a_forms_errors_read_in_the_language(code, required, too_many, choice):
    with translation.override(code):
        form = _Form({"name": "", "seats": "9", "game": "chess"})
        assert not form.is_valid()
        assert form.errors["name"] == [required]
        assert form.errors["seats"] == [too_many]
        assert form.errors["game"][0].startswith(choice)


def test_saturday_in_urdu():
    with translation.override("ur"):
        assert dateformat.format(date(2026, 12, 5), "l") == "ہفتہ"
        assert dateformat.format(date(2026, 12, 5), "D") == "ہفتہ"


@pytest.mark.parametrize("code", ["mr", "ms", "pa", "ur"])
def test_a_name_too_long_for_its_field_is_refused_in_the_readers_language(code):
    """Django's length limits (Marathi, Punjabi and Urdu have none of their own)."""

    class Named(forms.Form):
        name = forms.CharField(max_length=5)
        code = forms.CharField(min_length=3)

    with translation.override(code):
        form = Named({"name": "x" * 154, "code": "ab"})
        assert not form.is_valid()
        too_long, too_short = form.errors["name"][0], form.errors["code"][0]
    for error in (too_long, too_short):
        assert "Ensure" not in error and "character" not in error, error
        assert not MISPLACED_DO_CHASHMI.search(error), error
    assert "154" in too_long and "5" in too_long
    assert "2" in too_short and "3" in too_short
