"""The club times' "g:i A" in each language: Malay clocks write PG and PTG (Django's own Malay
has PAGI and MALAM, "morning" and "night", so five in the afternoon read "5:00 MALAM"); Punjabi
and Urdu say before and after noon (not "morning" and "evening", which a 10 pm night is not);
Marathi writes म.पू. and म.उ. with their points ("मउ" reads as a word)."""

from datetime import datetime

import pytest
from django.utils import dateformat, translation


@pytest.mark.parametrize(
    ("code", "morning", "afternoon", "night"),
    [
        ("en", "9:30 AM", "5:57 PM", "10:00 PM"),
        ("ms", "9:30 PG", "5:57 PTG", "10:00 PTG"),
        ("ur", "9:30 قبل دوپہر", "5:57 بعد دوپہر", "10:00 بعد دوپہر"),
        ("pa", "9:30 ਪੂ.ਦੁ.", "5:57 ਬਾ.ਦੁ.", "10:00 ਬਾ.ਦੁ."),
        ("mr", "9:30 म.पू.", "5:57 म.उ.", "10:00 म.उ."),
    ],
)
def test_morning_and_afternoon_in_each_language(code, morning, afternoon, night):
    with translation.override(code):
        assert dateformat.format(datetime(2026, 12, 5, 9, 30), "g:i A") == morning
        assert dateformat.format(datetime(2026, 12, 5, 17, 57), "g:i A") == afternoon
        assert dateformat.format(datetime(2026, 12, 5, 22, 0), "g:i A") == night


@pytest.mark.parametrize(
    ("code", "sunday"),
    [("en", "Sun"), ("ms", "Ahd"), ("mr", "रवि"), ("pa", "ਐਤ"), ("ur", "اتوار")],
)
def test_sunday_is_shortened_as_the_readers_calendars_do(code, sunday):
    """Django's Malay wrote "Aha" for Ahad; Malaysian calendars write "Ahd"."""
    with translation.override(code):
        assert dateformat.format(datetime(2026, 12, 6, 20, 0), "D") == sunday
