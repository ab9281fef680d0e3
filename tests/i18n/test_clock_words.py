"""The club times' "g:i A" in each language: Malay clocks write PG and PTG (Django's own Malay
has PAGI and MALAM, "morning" and "night", so five in the afternoon read "5:00 MALAM")."""

from datetime import datetime

import pytest
from django.utils import dateformat, translation


@pytest.mark.parametrize(
    ("code", "morning", "afternoon"),
    [
        ("en", "9:30 AM", "5:57 PM"),
        ("ms", "9:30 PG", "5:57 PTG"),
        ("ur", "9:30 صبح", "5:57 شام"),
        ("pa", "9:30 ਸਵੇਰ", "5:57 ਸ਼ਾਮ"),
        ("mr", "9:30 मपू", "5:57 मउ"),
    ],
)
def test_morning_and_afternoon_in_each_language(code, morning, afternoon):
    with translation.override(code):
        assert dateformat.format(datetime(2026, 12, 5, 9, 30), "g:i A") == morning
        assert dateformat.format(datetime(2026, 12, 5, 17, 57), "g:i A") == afternoon
