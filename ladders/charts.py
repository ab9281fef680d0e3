"""Server-side SVG charts for the ladder and statistics pages.

Each function returns one `<svg>` element as a string, ready to put in a page:

    rating_chart(history)                    μ and the ladder score (μ − 3σ) over time
    bar_chart(rows, title=...)               horizontal bars, e.g. contracts made of bid by level

The charts scale to the width of their container (a viewBox and width="100%", no fixed pixel
size), carry a `<title>` and `<desc>` in the active language (the SVG itself stays left to
right in right-to-left pages: `direction="ltr"`), for screen readers (role="img", aria-labelledby), use the
page's own fonts and colours for text (font-family inherit, fill currentColor) and no scripts,
styles or external resources. Every piece of text is XML-escaped. Series are told apart by line
style as well as colour.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from datetime import date, datetime
from typing import Any
from xml.sax.saxutils import escape, quoteattr

from django.utils import dateformat, timezone
from django.utils.formats import number_format
from django.utils.translation import get_language_bidi, ngettext
from django.utils.translation import gettext as _

from .stats import Tally

WIDTH = 360
MU_COLOUR = "#1f6feb"
SCORE_COLOUR = "#b35900"
BAR_COLOUR = "#2e7d32"
BAR_BACK = "#c8e6c9"
GRID_COLOUR = "#999999"
FONT = 13
SMALL = 11


def _num(value: float) -> str:
    """A coordinate with at most one decimal place."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _attr(value: Any) -> str:
    return quoteattr(str(value))


def _text(value: Any) -> str:
    return escape(str(value))


def _words(value: Any) -> str:
    """A label of words and numbers, escaped; in a right-to-left language set apart as a run of
    its own (FSI … PDI), so that inside the left-to-right chart "6 میں سے 5" keeps its order
    instead of gathering both numbers on one side, and a date reads day first ("3 مارچ")."""
    text = str(value)
    if get_language_bidi():
        text = f"\u2068{text}\u2069"
    return escape(text)


def date_label(moment: date | datetime, with_year: bool = True) -> str:
    """ "3 Mar 2025" (or "3 Mar"), the month named in the active language; a moment is dated
    on the reader's clock (the active zone), as the page's lists of games are."""
    if isinstance(moment, datetime) and timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return dateformat.format(moment, "j M Y" if with_year else "j M")


def _figure(value: float, places: int) -> str:
    """A number with `places` decimals, as the active language writes it."""
    return number_format(value, places)


def nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round tick values covering low..high (about `count` of them)."""
    if not (math.isfinite(low) and math.isfinite(high)):
        raise ValueError("tick bounds must be finite")
    if high < low:
        low, high = high, low
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    raw = (high - low) / max(count - 1, 1)
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = [round(start, 10)]
    while ticks[-1] < high - 1e-9:
        ticks.append(round(start + step * len(ticks), 10))
    return ticks


def _tick_text(value: float) -> str:
    if abs(value - round(value)) < 1e-9:
        return str(round(value)).replace("-", "−")
    return f"{value:g}".replace("-", "−")


def _open(chart_id: str, title: str, desc: str, height: float) -> list[str]:
    title_id, desc_id = f"{chart_id}-title", f"{chart_id}-desc"
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {_num(height)}" '
        f'width="100%" preserveAspectRatio="xMidYMid meet" role="img" '
        f'id={_attr(chart_id)} class="chart" aria-labelledby={_attr(f"{title_id} {desc_id}")} '
        f'font-family="inherit" font-size="{FONT}" direction="ltr">',
        f"<title id={_attr(title_id)}>{_text(title)}</title>",
        f"<desc id={_attr(desc_id)}>{_text(desc)}</desc>",
    ]


def rating_chart(
    history: Sequence[Any],
    *,
    title: str = "Rating history",
    chart_id: str = "rating-chart",
    height: int = 260,
) -> str:
    """A line chart of μ and the ladder score (μ − 3σ) after each game, dates along the bottom.

    `history` is a player's `ratings.HistoryPoint` list (anything with `played_at`, `mu` and
    `conservative`), oldest first. Each game is a point placed by its date; each point has a
    tooltip. An empty history gives a chart that says there are no rated games yet.
    """
    points = sorted(history, key=lambda p: p.played_at)
    left, right, top, bottom = 44, 12, 34, 44
    plot_w = WIDTH - left - right
    plot_h = height - top - bottom
    if not points:
        parts = _open(chart_id, title, _("No rated games yet."), height)
        empty = _text(_("No rated games yet"))
        parts.append(
            f'<text x="{WIDTH // 2}" y="{height // 2}" text-anchor="middle" '
            f'fill="currentColor">{empty}</text>'
        )
        parts.append("</svg>")
        return "\n".join(parts)

    first, last = points[0], points[-1]
    values = [p.mu for p in points] + [p.conservative for p in points]
    low, high = min(values), max(values)
    if high - low < 2:
        low, high = (low + high) / 2 - 1, (low + high) / 2 + 1
    ticks = nice_ticks(low, high)
    y_low, y_high = ticks[0], ticks[-1]
    t0 = first.played_at.timestamp()
    span = last.played_at.timestamp() - t0

    def x_of(moment: datetime) -> float:
        if span <= 0:
            return left + plot_w / 2
        return left + (moment.timestamp() - t0) / span * plot_w

    def y_of(value: float) -> float:
        return top + (y_high - value) / (y_high - y_low) * plot_h

    desc = ngettext(
        "%(count)s rated game from %(first)s to %(last)s. Skill estimate μ went from "
        "%(mu_first)s to %(mu_last)s; ladder score μ − 3σ went from %(score_first)s to "
        "%(score_last)s.",
        "%(count)s rated games from %(first)s to %(last)s. Skill estimate μ went from "
        "%(mu_first)s to %(mu_last)s; ladder score μ − 3σ went from %(score_first)s to "
        "%(score_last)s.",
        len(points),
    ) % {
        "count": len(points),
        "first": date_label(first.played_at),
        "last": date_label(last.played_at),
        "mu_first": _figure(first.mu, 1),
        "mu_last": _figure(last.mu, 1),
        "score_first": _figure(first.conservative, 1),
        "score_last": _figure(last.conservative, 1),
    }
    parts = _open(chart_id, title, desc, height)

    # Legend across the top: solid μ, dashed ladder score.
    parts.append('<g class="legend" fill="currentColor">')
    parts.append(
        f'<line x1="{left}" y1="14" x2="{left + 22}" y2="14" stroke="{MU_COLOUR}" '
        'stroke-width="2.5"/>'
    )
    mu_name, score_name = _words(_("μ (skill)")), _words(_("μ − 3σ (ladder score)"))
    parts.append(f'<text x="{left + 28}" y="18">{mu_name}</text>')
    parts.append(
        f'<line x1="{left + 120}" y1="14" x2="{left + 142}" y2="14" stroke="{SCORE_COLOUR}" '
        'stroke-width="2.5" stroke-dasharray="6 4"/>'
    )
    parts.append(f'<text x="{left + 148}" y="18">{score_name}</text>')
    parts.append("</g>")

    # Horizontal grid lines and value labels.
    parts.append(f'<g class="y-axis" font-size="{SMALL}" fill="currentColor">')
    for tick in ticks:
        y = _num(y_of(tick))
        parts.append(
            f'<line x1="{left}" y1="{y}" x2="{WIDTH - right}" y2="{y}" stroke="{GRID_COLOUR}" '
            'stroke-opacity="0.35" stroke-width="1"/>'
        )
        parts.append(
            f'<text x="{left - 6}" y="{y}" dy="0.35em" text-anchor="end">'
            f"{_text(_tick_text(tick))}</text>"
        )
    parts.append("</g>")

    # Dates along the bottom: the first and last game, and evenly spaced ones between.
    with_year = first.played_at.year != last.played_at.year or span > 300 * 86400
    if span <= 0:
        date_ticks = [first.played_at]
    else:
        slots = 4 if span > 3 * 86400 else 2
        date_ticks = [
            datetime.fromtimestamp(t0 + span * i / (slots - 1), tz=first.played_at.tzinfo)
            for i in range(slots)
        ]
    parts.append(f'<g class="x-axis" font-size="{SMALL}" fill="currentColor">')
    base = height - bottom
    parts.append(
        f'<line x1="{left}" y1="{base}" x2="{WIDTH - right}" y2="{base}" '
        f'stroke="currentColor" stroke-width="1"/>'
    )
    for i, moment in enumerate(date_ticks):
        x = x_of(moment)
        anchor = "middle"
        if len(date_ticks) > 1 and i == 0:
            anchor = "start"
        elif len(date_ticks) > 1 and i == len(date_ticks) - 1:
            anchor = "end"
        parts.append(
            f'<line x1="{_num(x)}" y1="{base}" x2="{_num(x)}" y2="{base + 4}" '
            'stroke="currentColor"/>'
        )
        parts.append(
            f'<text x="{_num(x)}" y="{base + 17}" text-anchor="{anchor}">'
            f"{_words(date_label(moment, with_year))}</text>"
        )
    if not with_year:
        parts.append(
            f'<text x="{WIDTH - right}" y="{base + 34}" text-anchor="end">'
            f"{_text(first.played_at.year)}</text>"
        )
    parts.append("</g>")

    mu_points = " ".join(f"{_num(x_of(p.played_at))},{_num(y_of(p.mu))}" for p in points)
    score_points = " ".join(
        f"{_num(x_of(p.played_at))},{_num(y_of(p.conservative))}" for p in points
    )
    parts.append(
        f'<polyline class="series-mu" points="{mu_points}" fill="none" stroke="{MU_COLOUR}" '
        'stroke-width="2.5" stroke-linejoin="round" stroke-linecap="round"/>'
    )
    parts.append(
        f'<polyline class="series-score" points="{score_points}" fill="none" '
        f'stroke="{SCORE_COLOUR}" stroke-width="2.5" stroke-dasharray="6 4" '
        'stroke-linejoin="round"/>'
    )
    # Dots with tooltips while they stay readable; a long history is shown by its lines alone.
    if len(points) <= 60:
        parts.append('<g class="dots">')
        for p in points:
            x = _num(x_of(p.played_at))
            tip = _("%(date)s: μ %(mu)s, σ %(sigma)s, ladder score %(score)s") % {
                "date": date_label(p.played_at),
                "mu": _figure(p.mu, 1),
                "sigma": _figure(getattr(p, "sigma", (p.mu - p.conservative) / 3), 2),
                "score": _figure(p.conservative, 1),
            }
            parts.append(
                f'<circle cx="{x}" cy="{_num(y_of(p.mu))}" r="3" fill="{MU_COLOUR}">'
                f"<title>{_text(tip)}</title></circle>"
            )
            y = y_of(p.conservative)
            parts.append(
                f'<rect x="{_num(x_of(p.played_at) - 2.5)}" y="{_num(y - 2.5)}" width="5" '
                f'height="5" fill="{SCORE_COLOUR}"><title>{_text(tip)}</title></rect>'
            )
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def bar_chart(
    rows: Sequence[tuple[str, Any]],
    *,
    title: str,
    chart_id: str = "bar-chart",
    value_name: str = "",
    total_name: str = "",
) -> str:
    """Horizontal bars, one row per (label, value).

    A value is a number, or a `stats.Tally`: then the bar shows how many were made (solid) out of
    how many were bid (the pale bar behind it), labelled "3 of 5". `value_name` and `total_name`
    (translated words, "made" and "bid" by default) name the two in the description. Labels sit on the left so they
    stay readable on a phone.
    """
    parsed: list[tuple[str, float, float | None]] = []
    for label, value in rows:
        if isinstance(value, Tally):
            parsed.append((str(label), float(value.made), float(value.bid)))
        elif isinstance(value, int | float) and not isinstance(value, bool):
            if not math.isfinite(value) or value < 0:
                raise ValueError("bar values must be finite and not negative")
            parsed.append((str(label), float(value), None))
        else:
            raise ValueError(f"a bar value must be a number or a Tally, not {value!r}")
    row_h, gap, top, left, right = 26, 8, 12, 96, 64
    height = top * 2 + max(len(parsed), 1) * (row_h + gap)
    plot_w = WIDTH - left - right
    scale_max = max([v for _, v, _ in parsed] + [t for _, _, t in parsed if t is not None] + [0])

    value_name = value_name or _("made")
    total_name = total_name or _("bid")

    def described(label: str, value: float, total: float | None) -> str:
        if total is None:
            return f"{label}: {_tick_text(value)}"
        return _("%(label)s: %(value)s %(value_name)s of %(total)s %(total_name)s") % {
            "label": label,
            "value": _tick_text(value),
            "value_name": value_name,
            "total": _tick_text(total),
            "total_name": total_name,
        }

    desc = "; ".join(described(*row) for row in parsed) + "." if parsed else _("No data yet.")
    parts = _open(chart_id, title, desc, height)
    if not parsed:
        empty = _text(_("No data yet"))
        parts.append(
            f'<text x="{WIDTH // 2}" y="{_num(height / 2)}" dy="0.35em" text-anchor="middle" '
            f'fill="currentColor">{empty}</text>'
        )
    for index, (label, value, total) in enumerate(parsed):
        y = top + index * (row_h + gap)
        mid = _num(y + row_h / 2)

        def width_of(amount: float) -> float:
            return 0.0 if scale_max <= 0 else amount / scale_max * plot_w

        parts.append(f'<g class="bar" data-label={_attr(label)}>')
        parts.append(
            f'<text x="{left - 8}" y="{mid}" dy="0.35em" text-anchor="end" '
            f'fill="currentColor">{_words(label)}</text>'
        )
        if total is not None:
            parts.append(
                f'<rect class="total" x="{left}" y="{y}" width="{_num(width_of(total))}" '
                f'height="{row_h}" fill="{BAR_BACK}"/>'
            )
        parts.append(
            f'<rect class="value" x="{left}" y="{y}" width="{_num(width_of(value))}" '
            f'height="{row_h}" fill="{BAR_COLOUR}"><title>{_text(described(label, value, total))}'
            "</title></rect>"
        )
        figure = (
            _tick_text(value)
            if total is None
            else _("%(value)s of %(total)s")
            % {"value": _tick_text(value), "total": _tick_text(total)}
        )
        end = left + max(width_of(value), width_of(total or 0))
        parts.append(
            f'<text x="{_num(end + 6)}" y="{mid}" dy="0.35em" font-size="{SMALL}" '
            f'fill="currentColor">{_words(figure)}</text>'
        )
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)
