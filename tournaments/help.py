"""The words directors read about formats and tiebreaks. Each is a small template under
`tournaments/help/` (`formats/<format>.html`, `tiebreaks/<tiebreak>.html`) written with
`{% translate %}`, so it is translated like the rest of the pages; this module only names them.
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.functional import lazy

from .formats import Tiebreak
from .models import Tournament

Format = Tournament.Format

#: The longer "how it works" text of each format, under "More" on the setup page. Both
#: brackets share one text, shown once (under single elimination).
FORMAT_HELP_TEMPLATES: dict[str, str | None] = {
    Format.SWISS: "tournaments/help/formats/swiss.html",
    Format.ROUND_ROBIN: "tournaments/help/formats/round_robin.html",
    Format.SINGLE_ELIMINATION: "tournaments/help/formats/single_elimination.html",
    Format.DOUBLE_ELIMINATION: None,
    Format.PROGRESSIVE: "tournaments/help/formats/progressive.html",
    Format.DUPLICATE: "tournaments/help/formats/duplicate.html",
}


def tiebreak_help_template(tiebreak: Tiebreak | str) -> str:
    return f"tournaments/help/tiebreaks/{Tiebreak(tiebreak).value}.html"


def tiebreak_help(tiebreak: Tiebreak | str) -> str:
    """A tiebreak's one-line explanation, in the active language (plain text)."""
    return render_to_string(tiebreak_help_template(tiebreak)).strip()


#: The same, worked out when shown (for labels built at import time, as in the API's choices).
tiebreak_help_lazy = lazy(tiebreak_help, str)
