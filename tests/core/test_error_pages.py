"""A wrong address or a failure gets the site's own page, in the reader's language: never Django's
bare English "Not Found" or "Server Error"."""

import pytest
from django.test import Client, override_settings
from django.urls import path

from core.views import not_found


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("code", "heading"),
    [("en", "Page not found"), ("pa", "ਪੰਨਾ ਨਹੀਂ ਮਿਲਿਆ"), ("ur", "صفحہ نہیں ملا")],
)
@pytest.mark.parametrize(
    "address", ["/tables/99999/", "/tables/abc/", "/clubs/no-such-club/", "/no/such/page/"]
)
def test_a_wrong_address_gets_the_sites_page_in_the_readers_language(
    client, code, heading, address
):
    response = client.get(address, headers={"accept-language": code})
    assert response.status_code == 404
    page = response.content.decode()
    assert heading in page
    assert 'class="site-header' in page or "<header" in page
    assert "The requested resource was not found" not in page
    assert 'href="/clubs/"' in page


def _boom(request):
    raise RuntimeError("a failure")


urlpatterns = [path("boom/", _boom)]
handler404 = not_found


@pytest.mark.django_db
@override_settings(ROOT_URLCONF=__name__, DEBUG=False)
def test_a_failure_gets_the_sites_page():
    client = Client(raise_request_exception=False)
    response = client.get("/boom/", headers={"accept-language": "ur"})
    assert response.status_code == 500
    page = response.content.decode()
    assert 'dir="rtl"' in page
    assert "/static/css/site.css" in page or "site." in page
    assert "Server Error (500)" not in page
