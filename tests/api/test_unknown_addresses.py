"""An /api/ address no route matches answers the JSON 404 `{"detail", "code": "not_found"}` for
every method, with CSRF checks on (as a browser's session would meet them), never Django's HTML
CSRF page; an address without its final slash is sent on only when it is a real route and the
request can follow a redirect."""

import pytest
from django.test import Client

UNKNOWN = ["/api/does-not-exist/", "/api/tables/abc/act/", "/api/clubs/x/y/z/"]
METHODS = ["get", "post", "put", "patch", "delete"]


@pytest.fixture(params=[False, True], ids=["debug-off", "debug-on"])
def csrf_client(request, settings, db):
    settings.DEBUG = request.param
    return Client(enforce_csrf_checks=True)


def assert_json_404(response):
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["code"] == "not_found"
    assert body["detail"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("path", UNKNOWN)
def test_unknown_addresses_answer_json_404_for_every_method(csrf_client, method, path):
    assert_json_404(getattr(csrf_client, method)(path, content_type="application/json"))


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("path", ["/api/does-not-exist", "/api/tables/abc/act"])
def test_unknown_addresses_without_the_slash_answer_json_404(csrf_client, method, path):
    assert_json_404(getattr(csrf_client, method)(path, content_type="application/json"))


@pytest.mark.parametrize("method", ["post", "delete"])
def test_writing_to_a_real_route_without_its_slash_is_a_json_404_not_a_redirect(
    csrf_client, method
):
    assert_json_404(getattr(csrf_client, method)("/api/clubs", content_type="application/json"))


def test_reading_a_real_route_without_its_slash_is_sent_to_it(csrf_client):
    response = csrf_client.get("/api/clubs?limit=1")
    assert response.status_code == 301
    assert response["Location"] == "/api/clubs/?limit=1"
    assert csrf_client.get(response["Location"]).status_code == 200


def test_real_routes_still_check_csrf_for_a_session(csrf_client, make_user):
    csrf_client.force_login(make_user("ann"))
    response = csrf_client.post("/api/clubs/", {"name": "Ann's"}, content_type="application/json")
    assert response.status_code == 403
    assert response.json()["code"] == "permission_denied"
