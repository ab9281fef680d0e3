"""A date written with a comma ("Sat 5 Dec, 7:00 PM") uses the reader's own comma: Urdu's "،",
on pages (the `date` filter, the club time tags) and in notices; other languages keep ",";
an escaped comma and the named formats are left as they are."""

from datetime import UTC, datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
from django.template import Context, Template
from django.utils import translation

from accounts.notices import _param_text
from clubs.times import club_time_text
from core.dates import date_text, local_format

MOMENT = datetime(2026, 12, 5, 9, 0, tzinfo=UTC)  # 8:00 PM in Sydney


@pytest.mark.parametrize(("code", "comma"), [("ur", "،"), ("en", ","), ("pa", ","), ("ms", ",")])
def test_a_formats_commas_are_the_readers_own(code, comma):
    club = SimpleNamespace(time_zone="Australia/Sydney", zoneinfo=ZoneInfo("Australia/Sydney"))
    with translation.override(code):
        page = Template('{{ m|date:"D j M, g:i A" }}').render(Context({"m": MOMENT}))
        assert page.count(comma) == 1 and (comma == "," or "," not in page), page
        text = club_time_text(MOMENT, club, "D j M, g:i A", reader=None)
        assert text.count(comma) == 1 and (comma == "," or "," not in text), text
        assert date_text(MOMENT, r"j\, Y").count(",") == 1  # escaped: written as it is
        assert local_format("DATETIME_FORMAT") == "DATETIME_FORMAT"


def test_a_notices_time_uses_the_readers_comma():
    value = {"moment": MOMENT.isoformat(), "zone": "Australia/Sydney", "format": "D j M, g:i A"}
    with translation.override("ur"):
        text = _param_text(value)
    assert "،" in text and "," not in text
    with translation.override("en"):
        assert _param_text(value) == "Sat 5 Dec, 8:00 PM"
