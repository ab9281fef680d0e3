"""The robot duplicate API: events, entering, leaderboard, boards (commitments always, seeds
after close) and travellers with the same hiding rule as the pages."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.robot_models import RobotBoardResult, RobotEvent
from tournaments.services import robot

from .conftest import play_boards

pytestmark = pytest.mark.django_db


def _api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_events_list_and_detail_follow_membership(event, member, outsider):
    daily = robot.robot_daily_event()
    ids = {e["id"] for e in _api(member).get("/api/robot-events/").json()["results"]}
    assert {event.pk, daily.pk} <= ids
    ids = {e["id"] for e in _api(outsider).get("/api/robot-events/").json()["results"]}
    assert event.pk not in ids and daily.pk in ids
    assert _api(outsider).get(f"/api/robot-events/{event.pk}/").status_code == 404
    body = _api(member).get(f"/api/robot-events/{event.pk}/").json()
    assert body["boards"] == 8 and body["state"] == "open" and body["club"] == "wattle"


def test_enter_answers_the_entry_and_refuses_properly(event, member, director):
    response = _api(member).post(f"/api/robot-events/{event.pk}/enter/")
    assert response.status_code == 201
    body = response.json()
    assert body["table_url"] == f"/tables/{body['table']}/" or body["table_url"].endswith(
        f"/{body['table']}/"
    )
    assert _api(member).post(f"/api/robot-events/{event.pk}/enter/").json()["id"] == body["id"]
    assert _api().post(f"/api/robot-events/{event.pk}/enter/").status_code in (401, 403)
    RobotEvent.objects.filter(pk=event.pk).update(
        opens_at=timezone.now() - timedelta(days=2), closes_at=timezone.now() - timedelta(days=1)
    )
    refused = _api(director).post(f"/api/robot-events/{event.pk}/enter/")
    assert refused.status_code == 409 and set(refused.json()) >= {"detail", "code"}


def test_boards_show_commitments_and_no_seeds_before_close(event, member):
    body = _api(member).get(f"/api/robot-events/{event.pk}/boards/").json()
    assert len(body) == 8
    assert all(b["commitment"] and b["seed"] is None and not b["visible"] for b in body)
    assert "hands" not in str(body)


def test_traveller_hidden_until_played(event, member, director):
    rival = robot.robot_event_enter(director, event)
    board1 = event.board_set.boards.get(number=1)
    RobotBoardResult.objects.create(entry=rival, board=board1, number=1, score=170)
    robot.robot_event_enter(member, event)
    response = _api(member).get(f"/api/robot-events/{event.pk}/boards/1/")
    assert response.status_code == 403
    body = response.json()
    assert body["code"] == "board_hidden" and set(body) == {"detail", "code"}
    assert _api(member).get(f"/api/robot-events/{event.pk}/boards/99/").status_code == 404
    board = _api(member).get(f"/api/robot-events/{event.pk}/leaderboard/").json()
    assert board["scope"] == [] and all(r["percentage"] is None for r in board["rows"])
    # Nor may anyone else look at the rival's table, its state or the table list.
    for path in (f"/api/tables/{rival.table_id}/", f"/api/tables/{rival.table_id}/state/"):
        assert _api(member).get(path).status_code == 404
    listed = _api(member).get("/api/tables/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert rival.table_id not in {row["id"] for row in rows}
    # A club's event is for its members: to others it does not exist.
    assert _api().get(f"/api/robot-events/{event.pk}/boards/1/").status_code == 404


@pytest.mark.django_db(transaction=True)
def test_traveller_after_playing_and_seeds_after_close(club, director, member):
    now = timezone.now()
    event = robot.robot_event_create(
        director,
        club=club,
        name="Wattle weekly",
        game="five_hundred",
        boards=8,
        opens_at=now - timedelta(hours=1),
        closes_at=now + timedelta(days=1),
    )
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 1)
    body = _api(member).get(f"/api/robot-events/{event.pk}/boards/1/").json()
    board1 = event.board_set.boards.get(number=1)
    assert body["deal"]["hands"] == board1.deal["hands"] and body["seed"] is None
    assert [r["is_me"] for r in body["rows"]] == [True]
    assert _api(director).get(f"/api/robot-events/{event.pk}/boards/1/").status_code == 403
    board = _api(member).get(f"/api/robot-events/{event.pk}/leaderboard/").json()
    assert board["scope"] == [1] and board["rows"][0]["percentage"] == 50.0
    RobotEvent.objects.filter(pk=event.pk).update(
        opens_at=now - timedelta(days=2), closes_at=now - timedelta(seconds=1)
    )
    robot.robot_event_close(event.pk)
    boards = _api(director).get(f"/api/robot-events/{event.pk}/boards/").json()
    assert all(b["seed"] for b in boards)
    assert _api(director).get(f"/api/robot-events/{event.pk}/boards/2/").status_code == 200
