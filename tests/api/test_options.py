"""OPTIONS describes what each method takes: the serializer the view reads its input with, not the
one it answers with."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from clubs.models import ClubNight
from core.choices import Game


@pytest.fixture
def api(member, club):
    client = APIClient()
    client.force_authenticate(member)
    return client


@pytest.fixture
def night(club):
    starts_at = timezone.now() + timedelta(days=3)
    return ClubNight.objects.create(
        club=club,
        starts_at=starts_at,
        game=Game.PITCH,
        capacity=8,
        registration_opens_at=starts_at - timedelta(days=5),
        registration_closes_at=starts_at,
    )


def writable(info: dict) -> set[str]:
    return {name for name, field in info.items() if not field.get("read_only")}


def test_opening_a_table_is_described_by_its_input(api):
    actions = api.options("/api/tables/").json()["actions"]
    fields = actions["POST"]
    # What TableCreateSerializer reads: no answer-only fields such as the seats or the status.
    assert {"game", "players", "options", "name", "access", "club"} <= writable(fields)
    assert "seats" not in fields and "status" not in fields
    assert fields["players"]["min_value"] == 2 and fields["players"]["max_value"] == 7
    assert fields["game"]["required"] is True


def test_scheduling_a_night_offers_its_title_as_input(api):
    fields = api.options("/api/nights/").json()["actions"]["POST"]
    assert {"title", "starts_at", "capacity", "club"} <= writable(fields)
    assert fields["starts_at"]["required"] is True
    assert "registered" not in fields  # a count the answer gives


def test_editing_a_night_is_described_for_patch(api, night):
    fields = api.options(f"/api/nights/{night.pk}/").json()["actions"]["PATCH"]
    assert "title" in writable(fields)


def test_actions_taking_no_input_describe_none(api, night):
    body = api.options(f"/api/nights/{night.pk}/register/").json()
    assert "actions" not in body or "POST" not in body["actions"]


def test_a_visitor_is_not_offered_what_they_may_not_do(client):
    body = APIClient().options("/api/tables/").json()
    assert "POST" not in body.get("actions", {})
