"""The tiebreak order on the tournament form: each select is wide enough for its words in every
language ("वापरत नाही", not "वापरत ना…"), on a laptop and on a phone."""

import pytest

from tests.layout.conftest import read_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MEASURE = """(select) => {
  const probe = document.createElement('span');
  probe.style.setProperty('font', getComputedStyle(select).font);
  probe.style.setProperty('white-space', 'nowrap');
  probe.style.setProperty('position', 'absolute');
  const longest = Math.max(...[...select.options].map((o) => {
    probe.textContent = o.textContent; document.body.appendChild(probe);
    const w = probe.getBoundingClientRect().width; probe.remove(); return w; }));
  return [longest, select.getBoundingClientRect().width];
}"""


@pytest.mark.parametrize("code", ["mr", "ur", "ms"])
@pytest.mark.parametrize("width", [390, 1280])
def test_tiebreak_selects_show_their_whole_choice(live_server, browser, club, code, width):
    director = club.memberships.get(role="owner").user
    context = browser.new_context(viewport={"width": width, "height": 800})
    page = context.new_page()
    read_in(page, live_server, director, code)
    page.goto(f"{live_server.url}/tournaments/club/{club.slug}/new/")
    selects = page.locator(".tiebreak-table select")
    assert selects.count() >= 3
    for i in range(selects.count()):
        longest, shown = selects.nth(i).evaluate(MEASURE)
        assert shown >= longest + 16, (i, longest, shown)  # the text, and room for the arrow
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
