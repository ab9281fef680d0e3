"""Words that mean two things in English and not in our other languages: "Clubs" is a card suit
on the rules pages and card clubs in the menus, so each use says which (a Marathi director once
saw the suit's name, किलवर, in a breadcrumb back to the club list)."""

import re
from pathlib import Path

from django.utils import translation

ROOT = Path(__file__).resolve().parents[2]


def test_every_clubs_link_in_a_template_says_it_means_card_clubs():
    bare = []
    for path in ROOT.glob("**/templates/**/*.html"):
        if ".venv" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"""<a [^>]*clubs:list[^>]*>\{% translate "Clubs" %\}""", text):
            bare.append(f"{path.relative_to(ROOT)}: {match.group(0)[:60]}")
    assert not bare, bare


def test_a_bot_seat_at_a_tournament_table_is_named_in_the_readers_language():
    from tournaments.models import TableSeat

    seat = TableSeat()
    with translation.override("mr"):
        assert seat.name == "बॉट"
    with translation.override("ur"):
        assert seat.name == "بوٹ"
    with translation.override("en-au"):
        assert seat.name == "Bot"
