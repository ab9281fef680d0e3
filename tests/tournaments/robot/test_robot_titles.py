"""The daily robot duplicate's title in the reader's language."""

from datetime import date

import pytest
from django.utils import translation

from tournaments.robot_models import RobotEvent


@pytest.mark.parametrize(
    ("code", "day"),
    [
        ("en", "5 December 2026"),
        ("ur", "5 دسمبر 2026"),
    ],
)
def test_a_daily_event_is_titled_with_its_day_first_in_every_language(code, day):
    """Urdu's DATE_FORMAT is Django's "N j, Y" (month first); the title writes the day first,
    as every other page does."""
    with translation.override(code):
        assert day in RobotEvent(daily_on=date(2026, 12, 5)).title
