"""The query-count header the load benchmark reads."""

import pytest
from django.conf import settings
from django.test import override_settings


@pytest.mark.django_db
def test_query_count_header_counts_the_requests_queries(client):
    middleware = ["core.middleware.QueryCountMiddleware", *settings.MIDDLEWARE]
    with override_settings(MIDDLEWARE=middleware):
        response = client.get("/healthz")
    assert response["X-DB-Queries"] == "1"


def test_the_middleware_is_off_unless_asked_for():
    assert "core.middleware.QueryCountMiddleware" not in settings.MIDDLEWARE
