"""Fixtures shared by the whole suite.

Browser tests drive Debian's chromium through Playwright (never `playwright install`); they are
marked `browser` and skipped when chromium is missing, except in CI where that is a failure.
"""

import os
import shutil

import pytest
from django.db import connection

# Shared fixtures for the tournament packages: director, member, outsider, club.
pytest_plugins = ["tests.club_fixtures"]

# Every test user's password (tests log in with it).
PASSWORD = "correct-horse-9"


@pytest.fixture(autouse=True, scope="session")
def _compiled_catalogues():
    """The pages speak every language from compiled catalogues (.mo files are not committed):
    compile whichever .po changed, with polib (core.messages)."""
    from core.messages import compile_catalogues

    compile_catalogues()


@pytest.fixture(autouse=True)
def _skip_postgres_only_tests_elsewhere(request):
    """Tests marked `postgres` (row locks under real concurrency) need PostgreSQL."""
    if request.node.get_closest_marker("postgres") and connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (set DATABASE_URL)")


@pytest.fixture(autouse=True)
def _fresh_table_state_cache():
    """Rebuilt table states are cached per process; each test starts with an empty cache."""
    from games import state

    state.forget_all()
    yield
    state.forget_all()


@pytest.fixture(autouse=True)
def _site_language():
    """Every test starts in the site's language, whatever a request of an earlier test in this
    process activated (Django leaves the last request's language active in the thread)."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache():
    """Throttle counts, password-reset limits and cached page pieces start from nothing in
    every test."""
    from django.core.cache import caches

    for name in ("default", "fragments"):
        caches[name].clear()
    yield
    for name in ("default", "fragments"):
        caches[name].clear()


@pytest.fixture
def make_user(db):
    """make_user("ann", **fields): a user with PASSWORD, an email and a display name."""
    from accounts.models import User

    def make(username, **fields):
        fields.setdefault("email", f"{username}@example.com")
        fields.setdefault("display_name", username.title())
        return User.objects.create_user(username=username, password=PASSWORD, **fields)

    return make


@pytest.fixture
def four(make_user):
    """Four players: north, east, south, west (seats 0-3)."""
    return [make_user(name) for name in ("north", "east", "south", "west")]


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


@pytest.fixture(autouse=True)
def _browser_contexts_closed(request):
    """Close every browser context a test left open, pass or fail: a page left open keeps
    polling the live server and can upset the next test in the same worker."""
    browser = request.getfixturevalue("browser") if "browser" in request.fixturenames else None
    yield
    if browser is not None:
        for context in list(browser.contexts):
            context.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1200, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()
