"""In real Chromium on a phone, in Marathi: a duplicate Pitch board's result form is in the
site's font at a size phones don't zoom into, every field's name sits apart from the boxes
around it, and nothing runs off the screen (the selects were browser defaults at 13 px, with
each name jammed against the box before it)."""

import pytest
from django.test import Client

from tournaments import services


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_board_form_fits_a_phone_in_marathi(live_server, browser, make_tournament, director):
    tournament = make_tournament(
        5, format="duplicate", game="pitch", start=True, movement="mitchell", boards_per_round=1
    )
    services.round_publish(director, tournament.round_set.get())
    table = tournament.round_set.get().tables.get(number=1)
    client = Client()
    client.force_login(director)
    context = browser.new_context(viewport={"width": 390, "height": 844})
    context.add_cookies(
        [
            {
                "name": "sessionid",
                "value": client.cookies["sessionid"].value,
                "url": live_server.url,
            },
            {"name": "kookaburra_language", "value": "mr", "url": live_server.url},
        ]
    )
    page = context.new_page()
    try:
        page.goto(f"{live_server.url}/tournaments/{tournament.pk}/duplicate/tables/{table.pk}/")
        page.wait_for_selector(".board-form select")
        facts = page.evaluate(
            """() => {
              const body = getComputedStyle(document.body);
              const fields = [...document.querySelectorAll('.board-form select, .board-form input:not([type=hidden])')];
              const labels = [...document.querySelectorAll('.board-form label')].map(l => {
                const r = l.getBoundingClientRect();
                return [r.left, r.top, r.right, r.bottom];
              });
              return {
                bodyFont: body.fontFamily,
                fonts: fields.map(f => getComputedStyle(f).fontFamily),
                sizes: fields.map(f => parseFloat(getComputedStyle(f).fontSize)),
                labels,
                wide: document.documentElement.scrollWidth,
              };
            }"""
        )
        assert len(facts["sizes"]) == 6  # bid, pitcher, high, low, jack, game
        assert all(size >= 16 for size in facts["sizes"]), facts["sizes"]
        assert all(font == facts["bodyFont"] for font in facts["fonts"]), facts["fonts"]
        assert facts["wide"] <= 390
        boxes = facts["labels"]
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
                assert apart, (a, b)
        page.screenshot(path="var/test-artifacts/layout/board-form-mr-phone.png", full_page=True)
    finally:
        context.close()
