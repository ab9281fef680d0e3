"""Reading a record from text on the site (the upload page, the deal check, the API replay):
JSON nested too deep for Python's parser is a clear form error or 400, never a 500."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

DEEP = "[" * 100_000 + "]" * 100_000
TOO_DEEP = "nested more than 32 levels deep"


def test_the_deal_check_refuses_json_nested_too_deep_as_a_form_error():
    """Anyone may post to the deal check with the page's CSRF token: a record nested 100,000
    deep stopped the JSON parser with a RecursionError (a 500); it is a form error now, with the
    upload page's and the API's words."""
    client = Client(enforce_csrf_checks=True)
    page = client.get(reverse("deal_verify"))
    token = page.cookies["csrftoken"].value
    response = client.post(reverse("deal_verify"), {"record": DEEP, "csrfmiddlewaretoken": token})
    assert response.status_code == 200
    errors = response.context["form"].errors["record"]
    assert errors == [f"This can't be read as a record: not a record: {TOO_DEEP}"]
    assert TOO_DEEP in response.content.decode()


def test_every_page_that_reads_a_record_says_the_same_of_json_nested_too_deep(make_user):
    upload = Client().post(reverse("games:record_upload"), {"text": DEEP})
    assert upload.status_code == 400 and TOO_DEEP in upload.content.decode()
    api = APIClient()
    api.force_authenticate(make_user("reader"))
    answer = api.post("/api/records/replay/", DEEP, content_type="application/json")
    assert answer.status_code == 400 and TOO_DEEP in answer.json()["error"]["reason"]
    check = Client().post(reverse("deal_verify"), {"record": DEEP})
    assert check.status_code == 200 and TOO_DEEP in check.content.decode()
