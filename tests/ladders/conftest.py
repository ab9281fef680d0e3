"""The ladders' texts (chart captions, statistics words, refusals) are in the active language;
these tests read them in English, whatever language an earlier test's request left active."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def _in_english():
    with translation.override("en"):
        yield
