"""The foundation: settings, the home page, static files, health and the API schema."""

import pytest
from django.conf import settings
from django.urls import reverse


def test_htmx_is_served_from_our_static_files():
    path = settings.BASE_DIR / "static" / "vendor" / "htmx" / "htmx.min.js"
    assert path.exists()
    base = (settings.BASE_DIR / "templates" / "base.html").read_text()
    assert "vendor/htmx/htmx.min.js" in base
    assert "unpkg" not in base and "cdn" not in base.lower()


@pytest.mark.django_db
def test_home_page_renders_for_anonymous_visitor(client):
    response = client.get(reverse("home"))
    assert response.status_code == 200
    assert b"Kookaburra" in response.content
    assert b"Log in" in response.content


@pytest.mark.django_db
def test_healthz_checks_the_database(client):
    assert client.get(reverse("healthz")).json() == {"ok": True}


@pytest.mark.django_db
def test_openapi_schema_and_docs(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    assert b"openapi" in schema.content
    assert client.get("/api/docs/").status_code == 200
