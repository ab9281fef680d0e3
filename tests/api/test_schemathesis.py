"""Schemathesis over the whole OpenAPI schema (/api/schema/), in-process against the WSGI app and
the test database: no answer may be a 5xx, and every answer must be one the schema documents
(its status code, content type, headers and body).

It runs as a member of one club and as the director of another, over a few seeded examples per
operation, so `make test` stays quick; `make fuzz-api` runs it with many more examples
(KOOKABURRA_FUZZ_EXAMPLES).
"""

from __future__ import annotations

import os
from datetime import timedelta

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.utils import timezone
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.errors import Unsatisfiable
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from clubs.models import Club, ClubNight, JoinRequest, Membership, Registration
from core.choices import Game

EXAMPLES = int(os.environ.get("KOOKABURRA_FUZZ_EXAMPLES", "3"))
# Valid input (positive), and with KOOKABURRA_FUZZ_NEGATIVE=1 input the schema says is invalid too.
MODES = [schemathesis.GenerationMode.POSITIVE] + (
    [schemathesis.GenerationMode.NEGATIVE] if os.environ.get("KOOKABURRA_FUZZ_NEGATIVE") else []
)
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
CSRF = "k" * 32  # the CSRF cookie and header a browser would send with its session


@pytest.fixture
def world(make_user, club, director, member, outsider):
    """A club with a member and a night (with a registration), a tournament under way, a table
    with bots, house rules, and another club, directed by `outsider`, that `member` asked to
    join. Returns the personas and the ids to put in paths."""
    from games import services as games
    from games.models import HouseRuleSet
    from tournaments import services as tournaments

    other = Club.objects.create(
        name="Banksia Club", slug="banksia", games=[Game.PITCH], created_by=outsider, is_open=False
    )
    Membership.objects.create(club=other, user=outsider, role=Membership.Role.OWNER)
    now = timezone.now()
    night = ClubNight.objects.create(
        club=club,
        starts_at=now + timedelta(days=3),
        capacity=8,
        game=Game.PITCH,
        venue="The hall",
        registration_opens_at=now - timedelta(days=1),
        registration_closes_at=now + timedelta(days=2),
        created_by=director,
    )
    registration = Registration.objects.create(
        night=night, user=member, status=Registration.Status.REGISTERED
    )
    join_request = JoinRequest.objects.create(club=other, user=member)
    table = games.table_create(member, game=Game.PITCH, players=4, bot_level="easy", seed=7)
    games.table_fill_with_bots(member, table.pk)
    rules = games.house_rules_create(member, name="Ours", game=Game.PITCH, options={})
    cup = tournaments.tournament_create(
        director, club, name="Cup", game=Game.FIVE_HUNDRED, format="swiss"
    )
    for i in range(4):
        tournaments.entrant_add(director, cup, members=[make_user(f"p{i}a"), make_user(f"p{i}b")])
    tournaments.tournament_start(director, cup)
    round_ = cup.round_set.get()
    ids = {
        "/api/clubs/": club.slug,
        "/api/memberships/": Membership.objects.get(club=club, user=member).pk,
        "/api/join-requests/": join_request.pk,
        "/api/nights/": night.pk,
        "/api/registrations/": registration.pk,
        "/api/tables/": table.pk,
        "/api/house-rules/": rules.pk,
        "/api/tournaments/": cup.pk,
        "/api/tournament-entrants/": cup.entrants.first().pk,
        "/api/tournament-rounds/": round_.pk,
        "/api/tournament-tables/": round_.tables.first().pk,
    }
    assert HouseRuleSet.objects.filter(pk=rules.pk).exists()
    return {"member": member, "director_elsewhere": outsider, "ids": ids}


def known_path_parameters(operation, ids: dict) -> dict:
    """Real ids (and slug, game, username) for the operation's path, so requests reach real
    rows rather than only 404s; anything not known here is generated."""
    path = operation.path
    known = {"game": "five_hundred", "username": "milo", "slug": "wattle", "number": 1}
    for prefix, value in ids.items():
        if path.startswith(prefix + "{"):
            name = path[len(prefix) + 1 : path.index("}")]
            known[name] = value
    names = {p.name for p in operation.path_parameters}
    return {name: value for name, value in known.items() if name in names}


@pytest.fixture
def keep_the_test_connection():
    """The WSGI handler closes the database connection after each request, as a server should;
    here that would end the test's transaction (Django's test client does the same as this)."""
    signals = (request_started, request_finished)
    for signal in signals:
        signal.disconnect(close_old_connections)
    yield
    for signal in signals:
        signal.connect(close_old_connections)


def session_of(client, user) -> dict:
    client.force_login(user)
    return {"sessionid": client.cookies["sessionid"].value, "csrftoken": CSRF}


def fuzz(operation, cookies, path_parameters, mode):
    """A Hypothesis test of one operation, with a signed-in session's cookies."""

    @given(case=operation.as_strategy(mode, path_parameters=path_parameters))
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    def run(case):
        case.call_and_validate(headers={"X-CSRFToken": CSRF}, cookies=cookies, checks=CHECKS)

    return run


def test_the_api_answers_as_its_schema_says(client, world, keep_the_test_connection):
    from kookaburra.wsgi import application

    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", application)
    failures: list[str] = []
    for who in ("member", "director_elsewhere"):
        cookies = session_of(client, world[who])
        for result in schema.get_all_operations():
            operation = result.ok()
            known = known_path_parameters(operation, world["ids"])
            for mode in MODES:
                # Invalid input may be anywhere, the path included; an operation with nothing to
                # make invalid has no negative case.
                fixed = known if mode == schemathesis.GenerationMode.POSITIVE else {}
                try:
                    fuzz(operation, cookies, fixed, mode)()
                except Unsatisfiable:
                    continue
                except (Exception, BaseExceptionGroup) as exc:  # all failures reported together
                    failures.append(f"{who} {mode.value} {operation.label}: {str(exc)[:1500]}")
    assert not failures, "\n\n".join(failures)
