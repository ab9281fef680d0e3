"""SVG charts (ladders.charts): well-formed XML, accessible, and showing the data given."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta

import pytest

from ladders.charts import bar_chart, date_label, nice_ticks, rating_chart
from ladders.ratings import GameResult, HistoryPoint, rebuild
from ladders.stats import Tally

NS = {"svg": "http://www.w3.org/2000/svg"}
T0 = datetime(2025, 3, 3, 20, 0, tzinfo=UTC)


@pytest.fixture(autouse=True)
def _read_in_utc():
    """The chart dates a game on the reader's clock: these examples read it in UTC."""
    from django.utils import timezone

    with timezone.override("UTC"):
        yield


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return root


def point_list(root: ET.Element, cls: str) -> list[tuple[float, float]]:
    (line,) = [
        e for e in root.iter("{http://www.w3.org/2000/svg}polyline") if e.get("class") == cls
    ]
    return [tuple(float(v) for v in pair.split(",")) for pair in line.get("points").split()]


def texts(root: ET.Element) -> list[str]:
    return ["".join(e.itertext()) for e in root.iter("{http://www.w3.org/2000/svg}text")]


def check_frame(root: ET.Element, title: str) -> None:
    """Scales to its container, labelled for screen readers, nothing external."""
    assert root.get("width") == "100%"
    assert root.get("height") is None
    assert len(root.get("viewBox").split()) == 4
    assert root.get("role") == "img"
    title_el = root.find("svg:title", NS)
    desc_el = root.find("svg:desc", NS)
    assert title_el.text == title
    assert desc_el.text
    assert root.get("aria-labelledby") == f"{title_el.get('id')} {desc_el.get('id')}"
    for element in root.iter():
        assert not element.tag.endswith(("script", "style", "image", "foreignObject"))
        for name, value in element.attrib.items():
            assert "href" not in name
            assert "url(" not in value and "http" not in value.replace(
                "http://www.w3.org/2000/svg", ""
            )


def history(values: list[tuple[int, float, float]]) -> list[HistoryPoint]:
    """(days after T0, mu, sigma) -> history points."""
    return [
        HistoryPoint(f"g{i}", T0 + timedelta(days=d), mu, sigma, mu - 3 * sigma)
        for i, (d, mu, sigma) in enumerate(values)
    ]


def test_rating_chart_plots_mu_and_the_ladder_score_by_date():
    points = history([(0, 26.0, 8.0), (10, 28.0, 7.0), (20, 27.0, 6.0), (40, 31.0, 5.0)])
    svg = rating_chart(points, title="Ann's rating")
    root = parse(svg)
    check_frame(root, "Ann's rating")
    mu = point_list(root, "series-mu")
    score = point_list(root, "series-score")
    assert len(mu) == len(score) == 4
    # x follows the dates: evenly scaled, 10 days is a quarter of the 40-day span.
    xs = [x for x, _ in mu]
    assert xs == sorted(xs)
    assert (xs[1] - xs[0]) == pytest.approx((xs[3] - xs[0]) / 4, abs=0.2)
    assert [x for x, _ in score] == xs
    # y is flipped: a higher value is nearer the top; μ is above μ − 3σ.
    assert mu[3][1] < mu[1][1] < mu[2][1] < mu[0][1]
    assert all(m[1] < s[1] for m, s in zip(mu, score, strict=True))
    labels = texts(root)
    assert "3 Mar" in labels and "12 Apr" in labels and "2025" in labels
    assert "μ (skill)" in labels and "μ − 3σ (ladder score)" in labels
    assert "−10" in labels or "0" in labels  # the score starts at 2, so the axis reaches 0
    desc = root.find("svg:desc", NS).text
    assert "4 rated games from 3 Mar 2025 to 12 Apr 2025" in desc
    assert "26.0 to 31.0" in desc and "2.0 to 16.0" in desc
    tips = [e.text for e in root.iter("{http://www.w3.org/2000/svg}title")][1:]
    assert "12 Apr 2025: μ 31.0, σ 5.00, ladder score 16.0" in tips


def test_rating_chart_from_a_rebuilt_history_and_across_years():
    games = [
        GameResult(
            i,
            datetime(2024, 11, 1, tzinfo=UTC) + timedelta(days=9 * i),
            [["ann"], ["bob"], ["cy"]],
            scores=[3 + i % 2, 2, 1],
        )
        for i in range(12)
    ]
    _ratings, hist = rebuild(games)
    root = parse(rating_chart(hist["ann"], chart_id="ann-chart"))
    assert root.get("id") == "ann-chart"
    assert root.find("svg:title", NS).get("id") == "ann-chart-title"
    assert len(point_list(root, "series-mu")) == 12
    labels = texts(root)
    assert "1 Nov 2024" in labels and "8 Feb 2025" in labels  # years shown when they change


def test_rating_chart_escapes_text_and_handles_few_points():
    root = parse(rating_chart(history([(0, 25.0, 8.3)]), title='<Ann & "Bob">'))
    assert root.find("svg:title", NS).text == '<Ann & "Bob">'
    ((x, _y),) = point_list(root, "series-mu")
    assert 0 < x < float(root.get("viewBox").split()[2])
    empty = parse(rating_chart([], title="Nobody"))
    check_frame(empty, "Nobody")
    assert "No rated games yet" in texts(empty)
    assert not list(empty.iter("{http://www.w3.org/2000/svg}polyline"))


def test_long_histories_drop_the_dots_but_keep_every_point():
    points = history([(d, 25 + d % 5, 8 - d / 100) for d in range(200)])
    root = parse(rating_chart(points))
    assert len(point_list(root, "series-mu")) == 200
    assert not list(root.iter("{http://www.w3.org/2000/svg}circle"))


def test_bar_chart_of_contracts_made_by_level():
    rows = [("6", Tally(4, 3)), ("7", Tally(6, 3)), ("8", Tally(1, 1)), ("Misère", Tally(2, 0))]
    root = parse(bar_chart(rows, title="Contracts by level"))
    check_frame(root, "Contracts by level")
    bars = {g.get("data-label"): g for g in root.iter("{http://www.w3.org/2000/svg}g")}
    assert list(bars) == ["6", "7", "8", "Misère"]

    def widths(label):
        rects = {
            r.get("class"): float(r.get("width"))
            for r in bars[label].iter("{http://www.w3.org/2000/svg}rect")
        }
        return rects["value"], rects["total"]

    made6, bid6 = widths("6")
    made7, bid7 = widths("7")
    assert bid7 > bid6 > made6 == made7 > 0  # the longest bar is the most bid (6 at level 7)
    assert made6 / bid7 == pytest.approx(3 / 6, abs=0.01)
    assert widths("Misère")[0] == 0
    labels = texts(root)
    assert "3 of 6" in labels and "0 of 2" in labels and "Misère" in labels
    desc = root.find("svg:desc", NS).text
    assert "7: 3 made of 6 bid" in desc


def test_bar_chart_with_plain_numbers_escapes_labels():
    root = parse(
        bar_chart(
            [("High <&>", 5), ("Low", 0), ("Jack", 2.5)], title="Points & more", chart_id="pts"
        )
    )
    assert root.find("svg:title", NS).text == "Points & more"
    assert "High <&>" in texts(root)
    assert "2.5" in texts(root)
    assert parse(bar_chart([], title="Nothing")).find("svg:desc", NS).text == "No data yet."
    with pytest.raises(ValueError):
        bar_chart([("x", -1)], title="bad")
    with pytest.raises(ValueError):
        bar_chart([("x", "many")], title="bad")


def test_helpers():
    assert date_label(datetime(2025, 12, 5)) == "5 Dec 2025"
    assert date_label(datetime(2025, 1, 9), with_year=False) == "9 Jan"
    ticks = nice_ticks(-4, 23)
    assert ticks[0] <= -4 and ticks[-1] >= 23
    steps = {round(b - a, 9) for a, b in zip(ticks, ticks[1:], strict=False)}
    assert len(steps) == 1
    assert nice_ticks(3, 3)[0] < 3 < nice_ticks(3, 3)[-1]


def test_bar_chart_sets_its_labels_apart_in_a_right_to_left_language():
    """Inside the left-to-right chart, Urdu's "6 میں سے 3" would gather both numbers on one side;
    each label is its own run (FSI … PDI), in Urdu only."""
    from django.utils import translation

    rows = [("7", Tally(6, 3))]
    with translation.override("ur"):
        urdu = texts(parse(bar_chart(rows, title="t")))
    with translation.override("en"):
        english = texts(parse(bar_chart(rows, title="t")))
    assert "3 of 6" in english and not any("\u2068" in t for t in english)
    figures = [t for t in urdu if "میں سے" in t]
    assert figures and all(t.startswith("\u2068") and t.endswith("\u2069") for t in figures)
    assert "\u20687\u2069" in urdu


def test_rating_chart_sets_its_dates_and_legend_apart_in_a_right_to_left_language():
    """The rating chart's time axis runs left to right, but each date label ("5 مارچ") and the
    legend's names read right to left in Urdu, each its own run."""
    from django.utils import translation

    points = history([(d, 25 + d % 3, 8 - d / 10) for d in range(0, 60, 10)])
    with translation.override("ur"):
        urdu = texts(parse(rating_chart(points)))
    with translation.override("en"):
        english = texts(parse(rating_chart(points)))
    assert not any("\u2068" in t for t in english)
    isolated = [t for t in urdu if t.startswith("\u2068") and t.endswith("\u2069")]
    assert any("μ" in t for t in isolated)
    assert any(any(ch.isdigit() for ch in t) and "μ" not in t for t in isolated), urdu


def test_the_rating_charts_dates_are_on_the_readers_clock():
    """A game at 11:30 pm UTC on 4 December was played on 5 December in Perth: the chart says
    so, as the page's list of games does (it said 4 Dec)."""
    from django.utils import timezone

    late = datetime(2026, 12, 4, 23, 30, tzinfo=UTC)
    points = [
        HistoryPoint("a", late - timedelta(days=3), 25.0, 8.0, 1.0),
        HistoryPoint("b", late, 26.0, 7.0, 5.0),
    ]
    with timezone.override("Australia/Perth"):
        svg = rating_chart(points)
        assert date_label(late) == "5 Dec 2026"
    assert "to 5 Dec 2026" in svg and "4 Dec 2026" not in svg
    with timezone.override("UTC"):
        assert "to 4 Dec 2026" in rating_chart(points)
