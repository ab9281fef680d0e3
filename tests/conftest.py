"""Fixtures shared by the whole suite.

Browser tests drive Debian's chromium through Playwright (never `playwright install`); they are
marked `browser` and skipped when chromium is missing, except in CI where that is a failure.
"""

import os
import shutil

import pytest


@pytest.fixture(scope="session")
def chromium_path():
    path = shutil.which("chromium")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is not installed (make browser installs it)")
        pytest.skip("chromium is not installed")
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    # Playwright's sync API runs an event loop in this thread; the test's own ORM calls are safe.
    # Only for the browser tests: the variable is removed again afterwards.
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium_path,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            yield browser
        finally:
            browser.close()
            if previous is None:
                os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
            else:
                os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
