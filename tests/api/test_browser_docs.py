"""In real Chromium, with every request off this site blocked: the API docs still render, with
no broken image (ReDoc's credit loads its logo from its CDN, which the page doesn't show)."""

import pytest


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("path", "ready"), [("/api/docs/", ".opblock"), ("/api/redoc/", "h1")])
def test_the_api_docs_render_offline(live_server, page, path, ready):
    from playwright.sync_api import expect

    outside = []

    def only_this_site(route):
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            outside.append(route.request.url)
            route.abort()

    page.route("**/*", only_this_site)
    page.goto(live_server.url + path, timeout=60_000)
    assert outside == []
    expect(page.locator(ready).first).to_be_visible(timeout=60_000)
    page.wait_for_load_state("networkidle")
    broken = page.evaluate(
        "[...document.images].filter(i => i.checkVisibility() && !(i.complete && i.naturalWidth))"
        ".map(i => i.src)"
    )
    assert broken == []
    assert outside == []
