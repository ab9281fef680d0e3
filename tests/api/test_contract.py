"""One API contract: one error body, paginated lists, 401 for anonymous calls, the docs served from
our static files, and a schema that states the ranges the server enforces."""

import json

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api():
    return APIClient()


def signed_in(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_validation_error_names_its_fields(member, club):
    response = signed_in(member).post("/api/clubs/", {"name": ""}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and body["detail"]
    assert list(body["fields"]) == ["name"] and body["fields"]["name"][0]


def test_a_refusal_and_a_missing_thing_have_a_code(member, outsider, club):
    refused = signed_in(outsider).get(f"/api/clubs/{club.slug}/members/")
    assert refused.status_code == 403
    assert refused.json()["code"] == "permission_denied" and refused.json()["detail"]
    missing = signed_in(member).get("/api/clubs/no-such-club/")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"
    missing = signed_in(member).post("/api/memberships/999999/role/", {"role": "member"})
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


@pytest.mark.parametrize(
    ("path", "field"),
    [
        ("/api/nights/?limit=abc", "limit"),
        ("/api/nights/?limit=0", "limit"),
        ("/api/nights/?limit=1.5", "limit"),
        ("/api/tournaments/?limit=-1", "limit"),
        ("/api/nights/?offset=-3", "offset"),
        ("/api/clubs/?offset=lots", "offset"),
        ("/api/tournaments/?status=bogus", "status"),
        ("/api/nights/?game=chess", "game"),
        ("/api/tables/?game=chess", "game"),
    ],
)
def test_a_bad_page_or_filter_is_a_400_that_says_what_to_give(member, club, path, field):
    """A list asked for with a limit, offset or filter it can't read answers 400 naming the
    parameter (it answered 200 with the defaults, or an empty list)."""
    response = signed_in(member).get(path)
    assert response.status_code == 400, path
    body = response.json()
    assert body["code"] == "invalid" and list(body["fields"]) == [field]
    assert body["detail"]


def test_a_good_page_and_filter_still_work_and_a_large_limit_is_capped(member, club):
    body = signed_in(member).get("/api/tournaments/?status=running&limit=100000&offset=0").json()
    assert body["results"] == [] and body["count"] == 0
    assert signed_in(member).get("/api/nights/?game=pitch&limit=5").status_code == 200


def test_anonymous_calls_get_401_and_how_to_authenticate(api, club):
    response = api.post("/api/clubs/", {"name": "x"}, format="json")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Token")
    assert response.json()["code"] == "not_authenticated"
    assert api.get("/api/memberships/").status_code == 401


def test_a_malformed_json_body_is_a_400_with_a_code(member):
    response = signed_in(member).post("/api/clubs/", "{not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["code"] == "parse_error"


def paged(response):
    assert response.status_code == 200, response.content[:300]
    body = response.json()
    assert set(body) == {"count", "next", "previous", "results"}, body
    return body


def test_lists_documented_as_paginated_are_paginated(make_user, director, member, club):
    from tournaments import services

    tournament = services.tournament_create(
        director, club, name="Cup", game="five_hundred", format="swiss"
    )
    for i in range(4):
        pair = [make_user(f"p{i}a"), make_user(f"p{i}b")]
        services.entrant_add(director, tournament, members=pair)
    services.tournament_start(director, tournament)
    client = signed_in(director)
    for path in ("entrants", "rounds", "audit"):
        body = paged(client.get(f"/api/tournaments/{tournament.pk}/{path}/?limit=1"))
        assert len(body["results"]) <= 1
    assert paged(client.get(f"/api/tournaments/{tournament.pk}/entrants/"))["count"] == 4
    assert paged(client.get(f"/api/tournaments/{tournament.pk}/rounds/"))["count"] == 1


def test_table_hands_are_paginated(four):
    from tests.games.pages.test_replay_pages import finished_table

    table = finished_table(four, seed=4, hands=2)
    body = paged(signed_in(four[0]).get(f"/api/tables/{table.pk}/hands/?limit=1"))
    assert body["count"] == 2 and len(body["results"]) == 1


def test_the_docs_load_from_our_static_files(client):
    for path in ("/api/docs/", "/api/redoc/"):
        page = client.get(path).content.decode()
        assert "cdn.jsdelivr.net" not in page and "@latest" not in page
        assert "https://" not in page  # nothing from another site (fonts included)
        assert "/static/drf_spectacular_sidecar/" in page
    assert client.get("/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js")
    asset = client.get("/static/drf_spectacular_sidecar/redoc/bundles/redoc.standalone.js")
    assert asset.status_code == 200


@pytest.fixture
def schema(client, db):
    return json.loads(client.get("/api/schema/?format=json").content)


def component(schema, name):
    return schema["components"]["schemas"][name]["properties"]


def test_the_schema_has_one_error_body(schema):
    error = component(schema, "Error")
    assert {"detail", "code", "fields"} <= set(error)
    create = schema["paths"]["/api/clubs/"]["post"]["responses"]
    for status in ("400", "401", "403"):
        ref = create[status]["content"]["application/json"]["schema"]["$ref"]
        assert ref == "#/components/schemas/Error"


def test_the_schema_states_the_ranges_the_server_enforces(schema):
    limit = next(
        p for p in schema["paths"]["/api/clubs/"]["get"]["parameters"] if p["name"] == "limit"
    )
    assert limit["schema"]["minimum"] == 1
    night = component(schema, "NightInputRequest")
    assert night["capacity"]["minimum"] == 1 and night["capacity"]["maximum"] == 1000
    table = component(schema, "TableCreateRequest")
    assert table["players"]["minimum"] == 2 and table["players"]["maximum"] == 7
    for name in ("club", "house_rules", "hand_limit", "seat"):
        assert "maximum" in table[name], name
    act = component(schema, "ActRequest")
    assert "maximum" in act["expected_action"]


def test_the_schema_states_the_lengths_the_server_enforces(schema):
    assert component(schema, "ClubInputRequest")["about"]["maxLength"] == 5000
    assert component(schema, "NightInputRequest")["notes"]["maxLength"] == 5000
    assert component(schema, "WalkInInputRequest")["username"]["maxLength"] == 150
    assert component(schema, "SitRequest")["token"]["maxLength"] == 40


def test_too_long_input_is_refused(member, club):
    response = signed_in(member).post(
        "/api/clubs/", {"name": "Long", "about": "x" * 5001}, format="json"
    )
    assert response.status_code == 400 and response.json()["field"] == "about"


def test_every_404_in_the_schema_has_the_error_body(schema):
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if method == "parameters":
                continue
            for status, answer in operation["responses"].items():
                if status.startswith("4"):
                    assert "content" in answer, f"{method} {path} {status}"


def test_every_operation_has_a_summary(schema):
    """The docs list each operation by its summary; without one it showed only its path."""
    missing = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if isinstance(operation, dict) and not operation.get("summary")
    ]
    assert not missing, missing
