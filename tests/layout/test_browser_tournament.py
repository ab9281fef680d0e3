"""Tournament pages on a phone (390×844), in real Chromium: long names on the seating cards
wrap between words, and every tab of the tournament's menu is on the screen.

Each test keeps its screenshots under var/test-artifacts/layout/<test>/ (printed).
"""

import pytest

from clubs.models import Membership
from tournaments import services

from .conftest import BROKEN_WORDS, four_pair_knockout, read_in, sign_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LONG_NAMES = [
    "Bartholomew Featherstonehaugh",
    "Maximiliana Wolfeschlegelstein",
    "Christopher Montgomery",
    "Anastasia Konstantinopoulou",
    "Gwendolyn Throckmorton",
    "Fitzwilliam Abernathy",
    "Persephone Vanderbilt",
    "Wilhelmina Oppenheimer",
]


def knockout(director, club, make_user):
    """A single-elimination of four partnerships of long-named players, round 1 published."""
    people = [make_user(f"k{n}", display_name=name) for n, name in enumerate(LONG_NAMES)]
    Membership.objects.bulk_create(Membership(club=club, user=u) for u in people)
    tournament, _ = four_pair_knockout(director, club, people, "Long Names Knockout")
    services.standings_recalculate(tournament.pk)
    tournament.refresh_from_db()
    return tournament


def test_long_names_on_the_seating_cards_break_only_between_words(
    live_server, phone, director, club, make_user, artifacts
):
    tournament = knockout(director, club, make_user)
    sign_in(phone, live_server, director)
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/")
    names = phone.locator(".seating-table .seat-name")
    assert names.count() == 8
    artifacts(phone, "round-seating")
    for n in range(names.count()):
        assert names.nth(n).evaluate(BROKEN_WORDS) == [], names.nth(n).inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


def test_every_tournament_tab_is_on_the_screen(
    live_server, phone, director, club, make_user, artifacts
):
    tournament = knockout(director, club, make_user)
    sign_in(phone, live_server, director)
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/standings/")
    tabs = phone.locator("nav.tabs a")
    # Overview, Entrants, Bracket, Standings, Results and the director's Audit log.
    assert tabs.count() == 6
    artifacts(phone, "tabs", full_page=False)
    width = phone.viewport_size["width"]
    for n in range(tabs.count()):
        box = tabs.nth(n).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (
            f"the {tabs.nth(n).inner_text()} tab is off the screen: {box}"
        )
    nav = phone.locator("nav.tabs")
    assert nav.evaluate("el => el.scrollWidth <= el.clientWidth")


def knockout_with_a_result(director, club, make_user):
    """The long-names knockout with its first table's result entered (-120 to 500)."""
    tournament = knockout(director, club, make_user)
    table = tournament.round_set.get(number=1).tables.order_by("number").first()
    services.result_enter(director, table, scores=[-120, 500])
    services.standings_recalculate(tournament.pk)
    return tournament


# Where a text's characters sit on the screen, left to right: [(character, x), ...].
GLYPH_X = """el => {
  const text = [...el.childNodes].find(n => n.nodeType === 3 && n.textContent.trim());
  const range = document.createRange();
  return [...text.textContent].map((ch, i) => {
    range.setStart(text, i);
    range.setEnd(text, i + 1);
    return [ch, range.getBoundingClientRect().x];
  }).filter(([ch]) => ch.trim());
}"""


def test_a_negative_score_keeps_its_minus_sign_in_front_in_urdu(
    live_server, phone, director, club, make_user, artifacts
):
    """Right to left, "-120" would show as "120-" unless the number is set apart left to
    right: the minus sign stays on the number's left, as every reader writes it."""
    tournament = knockout_with_a_result(director, club, make_user)
    read_in(phone, live_server, director, "ur")
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    assert phone.locator("html").get_attribute("dir") == "rtl"
    score = phone.locator(".side-score", has_text="120").first
    artifacts(phone, "negative-score")
    glyphs = score.evaluate(GLYPH_X)
    assert [ch for ch, _ in glyphs] == list("-120")
    xs = [x for _, x in glyphs]
    assert xs == sorted(xs), f"the score reads {glyphs} on the screen, not -120"


@pytest.mark.parametrize("code", ["ms", "ur"])
def test_the_results_sheet_fits_a_phone_in_malay_and_urdu(
    live_server, phone, director, club, make_user, artifacts, code
):
    """The standings under the results sheet scroll inside their own box: the page itself never
    scrolls sideways, whatever the length of the language's column headings."""
    tournament = knockout_with_a_result(director, club, make_user)
    read_in(phone, live_server, director, code)
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/results/")
    assert phone.locator("html").get_attribute("lang") == code
    assert phone.locator(".sheet-table").count() >= 2  # a round's tables and the standings
    artifacts(phone, f"results-{code}")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
