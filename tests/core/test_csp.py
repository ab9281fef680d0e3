"""The Content Security Policy: every page is sent with it, no template holds inline script, and
in real Chromium the main pages (a table in play with htmx swaps, forms that used to carry
inline handlers) work without a single violation."""

import re
from pathlib import Path

import pytest
from django.urls import reverse

from clubs.models import Membership
from core.choices import Game
from games import services as game_services
from tournaments import services as tournament_services
from tournaments.models import Entrant

from ..conftest import PASSWORD

ROOT = Path(__file__).resolve().parents[2]
INLINE = re.compile(
    r"""<[^>]*\son[a-z]+\s*=|\shx-on[:\-=]|<script(?![^>]*\bsrc=)[^>]*>|javascript:""", re.I
)


def policy_of(response) -> dict[str, list[str]]:
    header = response["Content-Security-Policy"]
    return {
        name: values
        for name, *values in (part.split() for part in header.split(";") if part.strip())
    }


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/tables/", "/clubs/", "/accounts/login/", "/api/tables/"])
def test_every_answer_carries_the_policy_with_no_inline_script(client, path):
    policy = policy_of(client.get(path))
    assert policy["script-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"] and policy["object-src"] == ["'none'"]
    assert "'unsafe-inline'" not in policy["style-src"]
    assert not any("unsafe-eval" in v for values in policy.values() for v in values)


def test_no_template_holds_inline_script():
    offenders = [
        f"{path.relative_to(ROOT)}: {match.group(0)[:60]}"
        for path in ROOT.glob("**/templates/**/*.html")
        if ".venv" not in path.parts
        for match in INLINE.finditer(path.read_text())
    ]
    assert offenders == []


def test_htmx_is_told_not_to_inject_styles_or_eval():
    script = (ROOT / "static" / "js" / "site.js").read_text()
    assert "includeIndicatorStyles: false" in script and "allowEval: false" in script


# In the browser ------------------------------------------------------------------------------

WATCH = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
});
window.print = () => { window.__printed = (window.__printed || 0) + 1; };
"""


@pytest.fixture
def watched(page):
    """The page, recording every CSP violation (events and console reports)."""
    console = []
    page.on(
        "console",
        lambda m: (
            console.append(m.text)
            if "Content Security Policy" in m.text or "Refused to" in m.text
            else None
        ),
    )
    page.add_init_script(WATCH)

    def violations():
        events = page.evaluate("window.__csp || []")
        return events + console

    page.violations = violations
    return page


def _log_in(page, base_url, username):
    page.goto(base_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url(lambda url: "/login/" not in url)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_a_table_in_play_swaps_with_htmx_without_a_violation(live_server, watched, make_user):
    page = watched
    player = make_user("ann")
    table = game_services.table_create(player, game="pitch", players=4, bot_level="easy", seed=3)
    game_services.table_fill_with_bots(player, table)
    table.refresh_from_db()
    page.goto(live_server.url + "/")
    assert page.violations() == []
    _log_in(page, live_server.url, "ann")
    page.goto(f"{live_server.url}/tables/{table.pk}/")
    live = page.locator("#table-live")
    version = live.get_attribute("data-version")
    for _ in range(30):  # act by clicking until the table has swapped in a new version
        button = page.locator("#table-live form button:not([disabled])").first
        if button.count() and button.is_visible():
            button.click()
            page.wait_for_function(
                "v => { const t = document.querySelector('#table-live');"
                " return t && t.dataset.version !== v && !t.classList.contains('htmx-request'); }",
                arg=version,
            )
            break
        page.wait_for_timeout(300)
    assert live.get_attribute("data-version") != version  # htmx swapped in the new table
    page.wait_for_timeout(1600)  # a couple of polls
    assert page.violations() == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_former_inline_handlers_work_without_a_violation(
    live_server, watched, director, club, make_user
):
    page = watched
    people = [make_user(f"p{i}") for i in range(4)]
    for person in people:
        Membership.objects.create(club=club, user=person)
    tournament = tournament_services.tournament_create(
        director, club, name="Spring cup", game=Game.PITCH, format="round_robin"
    )
    for pair in (people[:2], people[2:]):
        tournament_services.entrant_add(director, tournament, members=pair)
    tournament_services.tournament_start(director, tournament)
    first = Entrant.objects.filter(tournament=tournament).order_by("seed").first()

    _log_in(page, live_server.url, director.username)
    page.goto(live_server.url + reverse("tournaments:entrants", args=[tournament.pk]))
    withdraw = page.get_by_role("button", name="Withdraw").first
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    withdraw.click()
    page.wait_for_timeout(300)
    assert asked and asked[0].startswith(f"Withdraw {first.name}?")
    first.refresh_from_db()
    assert not first.withdrawn  # dismissed: nothing was sent
    page.once("dialog", lambda d: d.accept())
    withdraw.click()
    page.wait_for_load_state()
    page.wait_for_timeout(300)
    first.refresh_from_db()
    assert first.withdrawn

    page.goto(live_server.url + reverse("tournaments:standings", args=[tournament.pk]))
    page.locator("[data-print]").first.click()
    assert page.evaluate("window.__printed") == 1

    page.goto(live_server.url + reverse("clubs:detail", args=[club.slug]))
    feed = page.locator("[data-select-all]").first
    feed.click()
    selected = page.evaluate(
        "() => { const f = document.querySelector('[data-select-all]');"
        " return [f.selectionStart, f.selectionEnd, f.value.length]; }"
    )
    assert selected[0] == 0 and selected[1] == selected[2] > 0
    assert page.violations() == []


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_the_api_docs_run_under_the_policy(live_server, watched):
    from drf_spectacular.settings import spectacular_settings

    if spectacular_settings.SWAGGER_UI_DIST != "SIDECAR":
        pytest.skip(
            "the API docs load Swagger UI from a CDN until drf-spectacular-sidecar serves it"
        )
    page = watched
    page.goto(live_server.url + "/api/docs/")
    page.locator(".swagger-ui .information-container").wait_for()
    assert page.violations() == []
