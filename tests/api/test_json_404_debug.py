"""Under /api/, an address no route matches answers the JSON 404 even with DEBUG on (as under
`make run`), where Django's handler404 would show its HTML debug page instead."""

import pytest


@pytest.mark.parametrize(
    "path",
    [
        "/api/join-requests/abc/approve/",
        "/api/tables/abc/",
        "/api/nonexistent/",
        "/api/tables/1234567890123456789012/",
    ],
)
def test_unknown_api_addresses_answer_json_with_debug_on(client, settings, path):
    settings.DEBUG = True
    response = client.post(path) if path.endswith("approve/") else client.get(path)
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["code"] == "not_found"
