"""The table page on a phone in Urdu and Punjabi, in real Chromium: the page around the table
mirrors (right to left), but the felt keeps the seats where the players sit (play goes round
clockwise as dealt) and a hand's cards keep their order and their uncovered corners; nothing
overflows the phone's width. Screenshots go to var/test-artifacts/i18n/<test>/."""

import base64

import pytest

from tests.layout.conftest import drive, read_in
from tests.layout.test_browser_table import people_table

from .test_browser_language import font_ready, shoot

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
CENTRE = "el => { const r = el.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }"


@pytest.mark.parametrize(
    ("code", "direction", "family", "sample"),
    [("ur", "rtl", "Noto Nastaliq Urdu", "اردو"), ("pa", "ltr", "Noto Sans Gurmukhi", "ਪੰਜਾਬੀ")],
)
def test_the_table_on_a_phone_in_urdu_and_punjabi(
    live_server, browser, make_user, request, code, direction, family, sample
):
    table, users = people_table(make_user, "five_hundred", 4)
    drive(table, lambda hand: len((hand.public_view().get("trick") or {}).get("cards") or []) == 3)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    read_in(page, live_server, users[0], code)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    page.locator("#table-live .felt").wait_for()
    assert page.locator("html").get_attribute("dir") == direction
    assert font_ready(page, family, sample)
    # The felt keeps its geometry: the seat on the left is on the left, in every language.
    assert page.locator(".felt").evaluate("el => getComputedStyle(el).direction") == "ltr"
    middle_x, _ = page.locator(".felt").evaluate(CENTRE)
    left_x, _ = page.locator(".felt .seat.pos-l").evaluate(CENTRE)
    right_x, _ = page.locator(".felt .seat.pos-r").evaluate(CENTRE)
    assert left_x < middle_x < right_x
    # A hand's cards run left to right (row by row on a phone), so each card's index corner
    # stays uncovered.
    centres = [card.evaluate(CENTRE) for card in page.locator(".hand-cards .card").all()]
    assert len(centres) >= 2
    assert centres == sorted(centres, key=lambda c: (round(c[1]), c[0]))
    assert page.locator(".card").first.evaluate("el => getComputedStyle(el).direction") == "ltr"
    # ... and the hand sits where the reader starts: at the right of its panel in Urdu, at the
    # left in Punjabi.
    edges = page.locator(".your-step .hand-cards").evaluate(
        """el => {
            const box = el.getBoundingClientRect();
            const cards = [...el.querySelectorAll('.card')].map(c => c.getBoundingClientRect());
            return [box.left, box.right, Math.min(...cards.map(c => c.left)),
                    Math.max(...cards.map(c => c.right))];
        }"""
    )
    box_left, box_right, cards_left, cards_right = edges
    if direction == "rtl":
        assert box_right - cards_right < 4 and cards_left - box_left > 20, edges
    else:
        assert cards_left - box_left < 4 and box_right - cards_right > 20, edges
    # Nothing is wider than the phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shoot(page, request, f"table-{code}")
    context.close()


def test_the_score_sheets_numbers_sit_under_their_headings_in_urdu(live_server, browser, make_user):
    """Right to left, a score sheet's number cells read left to right but line up with their
    column's heading (both at the left of the column), so no score seems to belong to the
    column beside it."""
    table, users = people_table(make_user, "pitch", 4)
    drive(table, lambda hand: table.hands.count() >= 2)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    read_in(page, live_server, users[0], "ur")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    sheet = page.locator("table.score-sheet")
    sheet.wait_for()
    edges = sheet.evaluate(
        """t => {
            const ink = el => {
                const r = document.createRange();
                r.selectNodeContents(el);
                const b = r.getBoundingClientRect();
                return [b.left, b.right];
            };
            const heads = [...t.querySelectorAll('thead th.num')];
            const row = t.querySelector('tbody tr');
            const cells = [...row.querySelectorAll('td.num')];
            return heads.map((h, i) => [ink(h), ink(cells[cells.length - heads.length + i])]);
        }"""
    )
    assert edges
    for (head_left, _), (cell_left, _) in edges:
        assert abs(head_left - cell_left) < 3, edges
    context.close()


# The mean brightness (0-255) of a 3-pixel strip at each side of a PNG: [left, right]. Decoded by
# the browser, on a blank page of its own (no site policy applies there).
STRIPS = """async b64 => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.width;
    canvas.height = img.height;
    const g = canvas.getContext('2d');
    g.drawImage(img, 0, 0);
    const strip = x => {
        const d = g.getImageData(x, 0, 3, img.height).data;
        let sum = 0;
        for (let i = 0; i < d.length; i += 4) sum += d[i] + d[i + 1] + d[i + 2];
        return sum / (d.length / 4) / 3;
    };
    return [strip(1), strip(img.width - 4)];
}"""


def test_a_score_sheet_wider_than_the_phone_shows_which_way_it_scrolls_in_urdu(
    live_server, browser, make_user, request
):
    """On a phone in Urdu the score sheet is wider than its box and scrolls inside it: a shadow
    shows on the edge beyond which more columns lie (the left, as the sheet starts at the right),
    and moves to the other edge once the sheet is scrolled to its end. Each screenshot is
    compared with the same view with the shadows turned off, so the text in the cells does not
    count."""
    # Seven players each for themselves: seven score columns, more than a phone's width holds.
    names = ["ہرپریت کور", "عائشہ بنت احمد", "محمد عمران", "سیدہ فاطمہ", "علی رضا", "زینب", "عمر"]
    table, users = people_table(make_user, "pitch", 7, names=names)
    drive(table, lambda hand: table.hands.count() >= 2)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    request.addfinalizer(context.close)  # closed even when an assertion fails
    page = context.new_page()
    page.set_default_timeout(10_000)
    read_in(page, live_server, users[0], "ur")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    wrap = page.locator(".score-sheet-panel .table-wrap")
    wrap.wait_for()
    assert wrap.evaluate("el => el.scrollWidth - el.clientWidth") > 40
    blank = context.new_page()

    def strips():
        return blank.evaluate(STRIPS, base64.b64encode(wrap.screenshot()).decode())

    def shaded_and_plain():
        shaded = strips()
        wrap.evaluate("el => el.style.setProperty('background', '#fff', 'important')")
        plain = strips()
        wrap.evaluate("el => el.style.removeProperty('background')")
        return shaded, plain

    # At the start (the right, in Urdu): the hidden columns lie to the left.
    (left, right), (plain_left, plain_right) = shaded_and_plain()
    assert plain_left - left > 8, (left, plain_left)
    assert abs(plain_right - right) < 2, (right, plain_right)
    wrap.scroll_into_view_if_needed()
    shoot(page, request, "score-sheet-ur")
    # Scrolled to the end: the shadow is on the right, where the rest of the sheet now lies.
    wrap.evaluate("el => { el.scrollLeft = -el.scrollWidth; }")
    (left, right), (plain_left, plain_right) = shaded_and_plain()
    assert plain_right - right > 8, (right, plain_right)
    assert abs(plain_left - left) < 2, (left, plain_left)


@pytest.mark.parametrize(
    ("code", "family"), [("pa", "Noto Sans Gurmukhi"), ("ur", "Noto Nastaliq Urdu")]
)
def test_the_cards_you_may_play_are_set_in_the_sites_font(
    live_server, browser, make_user, code, family
):
    """The cards a player may play are buttons, and a button's own default font has no Gurmukhi
    or Nastaliq: the Joker's face, a word (ਜੋਕਰ, جوکر), showed as boxes."""
    table, users = people_table(make_user, "five_hundred", 4)
    hand = drive(table, lambda hand: hand.public_view()["phase"] == "play")
    context = browser.new_context(viewport=PHONE, device_scale_factor=1)
    page = context.new_page()
    page.set_default_timeout(10_000)
    read_in(page, live_server, users[hand.to_act], code)
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    face = page.locator(".card-button .card").first
    face.wait_for()
    font = face.evaluate("el => getComputedStyle(el).fontFamily")
    assert font.startswith(f'"{family}"'), font
    context.close()
