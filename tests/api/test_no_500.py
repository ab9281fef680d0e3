"""No input gets a 500 from the API (or the record-upload page): each case here once did."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = '{"format": "kookaburra-hand/1", "game": "pitch", "dealer": ' + "9" * 4400 + "}"
DEEP_VALID = '{"format": "kookaburra-hand/1", "options": ' + "[" * 500 + "]" * 500 + "}"


@pytest.fixture
def api(member, club):
    client = APIClient()
    client.force_authenticate(member)
    return client


def assert_error(response, status, code=None):
    assert response.status_code == status, response.content[:300]
    body = response.json()
    assert isinstance(body["detail"], str) and body["detail"]
    assert isinstance(body["code"], str) and body["code"]
    if code:
        assert body["code"] == code
    return body


@pytest.mark.parametrize("text", [DEEP, HUGE_INT, DEEP_VALID], ids=["deep", "huge-int", "nested"])
def test_replay_api_refuses_records_it_cannot_read(api, text):
    response = api.post("/api/records/replay/", text, content_type="application/json")
    body = assert_error(response, 400)
    assert body["error"]["reason"]  # the replay's own error object stays


@pytest.mark.parametrize("text", [DEEP, HUGE_INT, DEEP_VALID], ids=["deep", "huge-int", "nested"])
def test_upload_page_answers_a_form_error(client, text):
    response = client.post(reverse("games:record_upload"), {"text": text})
    assert response.status_code == 400
    assert "This can&#x27;t be read as a record" in response.content.decode()
    assert response.context["form"].non_field_errors()


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("post", "/api/join-requests/abc/approve/"),
        ("post", "/api/join-requests/abc/decline/"),
        ("post", "/api/registrations/abc/check-in/"),
        ("post", "/api/registrations/abc/no-show/"),
        ("post", "/api/registrations/abc/undo/"),
        ("get", "/api/registrations/abc/"),
        ("delete", "/api/memberships/abc/"),
        ("post", "/api/memberships/abc/role/"),
        ("get", "/api/memberships/abc/"),
        ("get", "/api/nights/abc/"),
        ("post", "/api/nights/abc/register/"),
        ("get", "/api/tournaments/abc/"),
        ("get", "/api/tournaments/abc/standings-version/"),
        ("post", "/api/tournament-entrants/abc/withdraw/"),
        ("post", "/api/tournament-rounds/abc/publish/"),
        ("get", "/api/tournament-tables/abc/"),
        ("get", "/api/tables/abc/"),
        ("post", "/api/tables/abc/act/"),
        ("get", "/api/ladders/rebuilds/abc/"),
        ("get", "/api/no-such-thing/"),
    ],
)
def test_a_non_numeric_id_is_a_json_404(api, method, path):
    assert_error(getattr(api, method)(path), 404, "not_found")


@pytest.mark.parametrize(
    "path",
    [
        "/api/tables/1/act/",
        "/api/tables/1/look/",
        "/api/tables/1/leave/",
        "/api/tables/1/start-with-bots/",
        "/api/records/replay/",
        "/api/join-requests/1/approve/",
        "/api/tournaments/1/start/",
    ],
)
def test_options_on_actions_without_a_serializer(api, path):
    response = api.options(path)
    assert response.status_code == 200, response.content[:300]
    assert response.json()["name"]


@pytest.mark.parametrize(
    "path",
    [
        "/api/nights/?club=a%00b",
        "/api/tournaments/?club=a%00b",
        "/api/clubs/?search=a%00b",
        "/api/tables/?game=a%00b",
        "/api/players/a%00b/ratings/",
        "/api/players/a%00b/stats/",
        "/api/ladders/clubs/a%00b/five_hundred/",
        "/api/clubs/a%00b/",
        "/api/nights/?a%00b=1",
    ],
)
def test_a_nul_byte_in_the_query_or_path_is_a_400(api, path):
    assert_error(api.get(path), 400, "nul_character")


def test_a_nul_byte_on_a_page_is_a_400(client, club):
    assert client.get("/clubs/?q=a%00b").status_code == 400
    assert client.get("/clubs/a%00b/").status_code == 400


@pytest.mark.parametrize(
    "query",
    [
        "limit=9223372036854775808",
        "limit=99999999999999999999999",
        "offset=9223372036854775808",
        "limit=9223372036854775807&offset=9223372036854775807",
    ],
)
@pytest.mark.parametrize("path", ["/api/clubs/", "/api/nights/", "/api/tournaments/"])
def test_a_huge_limit_or_offset_is_answered(api, path, query):
    response = api.get(f"{path}?{query}")
    assert response.status_code == 200, response.content[:300]
    assert len(response.json()["results"]) <= 200


@pytest.mark.parametrize("path", ["/api/clubs/", "/api/nights/", "/api/tournaments/"])
def test_a_negative_limit_or_offset_is_a_400(api, path):
    assert_error(api.get(f"{path}?limit=-1&offset=-5"), 400)


def test_a_record_too_big_is_a_400(api):
    big = '{"format": "kookaburra-hand/1", "pad": "' + "x" * 1_100_000 + '"}'
    response = api.post("/api/records/replay/", big, content_type="application/json")
    assert_error(response, 400)
    huge = "x" * 3_000_000  # past Django's request body limit
    response = api.post("/api/records/replay/", huge, content_type="application/json")
    assert_error(response, 400, "too_large")


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/house-rules/", {"name": "x", "game": "pitch", "options": {"a\x00": "b"}}),
        ("/api/house-rules/", {"name": "x", "game": "pitch", "options": {"target": "1\x00"}}),
        ("/api/tables/", {"game": "pitch", "players": 4, "options": {"x": "\x00"}}),
        ("/api/clubs/", {"name": "a\x00b"}),
        ("/api/clubs/wattle/join/", {"message": "hi\x00"}),
    ],
)
def test_a_nul_byte_in_a_json_body_is_a_400(api, path, body):
    response = api.post(path, body, format="json")
    assert response.status_code in (400, 409), response.content[:300]
    assert response.json()["code"]


def _plain_api_addresses() -> list[str]:
    """Every API address with no parameter in its path (lists, mostly)."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found = []

    def walk(patterns, prefix):
        for pattern in patterns:
            route = str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + route)
            elif isinstance(pattern, URLPattern) and "<" not in prefix + route:
                path = "/" + (prefix + route).lstrip("^").rstrip("$")
                if path.startswith("/api/") and "(" not in path and "\\" not in path:
                    found.append(path)

    walk(get_resolver().url_patterns, "")
    return sorted(set(found))


def test_the_browsable_api_opens_every_plain_address(member, club):
    """A person who opens an API address in their browser gets the browsable page (or a 4xx),
    never a 500: DRF's HTML page asks each list view for its queryset."""
    client = APIClient()
    client.force_login(member)
    addresses = _plain_api_addresses()
    assert "/api/tables/" in addresses and len(addresses) > 10
    for path in addresses:
        response = client.get(path, HTTP_ACCEPT="text/html")
        assert response.status_code < 500, path


def test_the_api_address_leads_to_its_documentation(client):
    response = client.get("/api/")
    assert response.status_code == 302
    assert response["Location"] == "/api/docs/"


@pytest.mark.parametrize(
    "path",
    [
        "/api/token/",
        "/api/tables/",
        "/api/clubs/",
        "/api/nights/",
        "/api/tournaments/",
        "/api/house-rules/",
        "/api/records/replay/",
    ],
)
def test_json_nested_past_pythons_limit_is_a_400(api, path):
    """Fifty thousand nested brackets (a 100 KB body) stop Python's JSON parser with a
    RecursionError: that is a 400 saying the JSON is nested too deeply, never a 500, signed in
    or not."""
    deep = "[" * 50_000 + "]" * 50_000
    for client in (api, APIClient()):
        response = client.post(path, deep, content_type="application/json")
        assert response.status_code in (400, 401, 403), (path, response.status_code)
        if response.status_code == 400:
            assert response.json()["code"] in ("parse_error", "invalid_record")


def test_a_body_that_isnt_json_is_refused_in_the_askers_language(api):
    """DRF's own refusal quotes Python's English ("JSON parse error - Expecting property
    name…"): ours is a sentence of the site's, in the asker's language."""
    from django.utils import translation

    for client in (api, APIClient()):
        response = client.post(
            "/api/token/", "{not json", content_type="application/json", HTTP_ACCEPT_LANGUAGE="ur"
        )
        assert response.status_code == 400
        with translation.override("ur"):
            assert response.json()["detail"] == translation.gettext(
                "The request's body isn't valid JSON."
            )
        assert response.json()["code"] == "parse_error"
