"""An API client that asks in one of our languages reads DRF's own messages in it too (DRF has no
Marathi, Malay, Punjabi or Urdu: core/drf_messages.py puts them in our catalogues)."""

import pytest
from rest_framework.test import APIClient


@pytest.fixture
def api(member):
    client = APIClient()
    client.force_authenticate(member)
    return client


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "limit", "wrong_type"),
    [
        ("ur", "یقینی بنائیں کہ یہ قدر 7 سے زیادہ نہ ہو۔", "ایک درست پورا عدد درکار ہے۔"),
        ("mr", "हे मूल्य 7 पेक्षा जास्त नसावे.", "वैध पूर्णांक आवश्यक आहे."),
        ("ms", "kurang daripada atau sama dengan 7", "Integer yang sah diperlukan."),
        ("pa", "7 ਤੋਂ ਵੱਧ ਨਾ ਹੋਵੇ", "ਇੱਕ ਵੈਧ ਪੂਰਨ ਅੰਕ ਲੋੜੀਂਦਾ ਹੈ।"),
    ],
)
def test_drfs_own_field_messages_follow_accept_language(api, language, limit, wrong_type):
    too_many = api.post(
        "/api/tables/",
        {"game": "five_hundred", "players": 9},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert too_many.status_code == 400
    assert limit in too_many.json()["fields"]["players"][0]
    assert limit in too_many.json()["detail"]
    not_a_number = api.post(
        "/api/tables/",
        {"game": "five_hundred", "players": "four"},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert not_a_number.json()["fields"]["players"] == [wrong_type]


@pytest.mark.django_db
def test_english_is_drfs_own(api):
    response = api.post(
        "/api/tables/",
        {"game": "five_hundred", "players": 9},
        format="json",
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.json()["fields"]["players"] == ["Ensure this value is less than or equal to 7."]


@pytest.mark.django_db
def test_our_own_serializer_messages_follow_accept_language_too(api):
    """A serializer's own refusal is translated like the rest ("Give one of user_id, …")."""
    from django.utils import translation

    from tournaments.serializers import MemberInputSerializer

    with translation.override("ur"):
        form = MemberInputSerializer(data={})
        assert not form.is_valid()
        assert form.errors["non_field_errors"] == [
            "user_id، username یا guest_name میں سے ایک دیں۔"
        ]
