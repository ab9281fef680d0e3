"""A broker outage never fails a move: an online tournament game played to its end while no task
can be enqueued answers every move as usual (the last one included), the game is saved, and
the periodic sweeps record the tournament result and rate the game once the broker is back.

These tests commit for real (transactional_db), so the after-commit callbacks run inside the
request just as they do on the site."""

from unittest import mock

import pytest
from celery.app.task import Task
from django.test import Client
from django.urls import reverse
from kombu.exceptions import OperationalError
from rest_framework.test import APIClient

from core.choices import Game
from games import selectors as game_selectors
from games.models import Table
from games.views import ACTION_FIELDS
from ladders import tasks as ladder_tasks
from ladders.models import RatedGame
from tournaments import services
from tournaments import tasks as tournament_tasks
from tournaments.models import TableResult

pytestmark = pytest.mark.django_db(transaction=True)


def broker_down():
    """Every task send fails as it does when the broker can't be reached."""
    return mock.patch.object(
        Task, "apply_async", side_effect=OperationalError("[Errno 111] Connection refused")
    )


def action_of(entry: dict) -> dict:
    """A legal-action entry as the action to send (the first cards for a discard)."""
    action = {k: v for k, v in entry.items() if k != "seat"}
    if isinstance(action.get("discard"), int):
        action["discard"] = entry["from"][: entry["discard"]]
        action.pop("from")
    return action


def by_api(user, table: Table, action: dict):
    client = APIClient()
    client.force_authenticate(user)
    body = {"expected_action": table.action_number, "action": action}
    return client.post(f"/api/tables/{table.pk}/act/", body, format="json")


def by_page(user, table: Table, action: dict):
    client = Client()
    client.force_login(user)
    form = {"expected": str(table.action_number)}
    for field in ACTION_FIELDS:
        if field in action:
            form[field] = action[field]
    if action.get("suit"):
        form["suit"] = action["suit"]
    if action.get("sans_kitty"):
        form["sans_kitty"] = "on"
    return client.post(reverse("games:act", args=[table.pk]), form, headers={"HX-Request": "true"})


@pytest.fixture
def online_table(make_tournament, director):
    tournament = make_tournament(
        2, game=Game.PITCH, online=True, play="hands", hand_limit=1, start=True
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get()
    assert table.game_table.is_playing
    return table


@pytest.mark.parametrize("send", [by_api, by_page], ids=["api", "page"])
def test_the_last_move_answers_as_usual_and_the_sweeps_do_the_lost_work(online_table, send):
    game_table = online_table.game_table
    people = {s.number: s.user for s in game_table.seats.all()}
    with broker_down() as sent:
        for _ in range(200):
            game_table.refresh_from_db()
            if game_table.is_finished:
                break
            user = people[game_table.to_act]
            legal = game_selectors.table_view_for(user, game_table)["hand"]["legal"]
            response = send(user, game_table, action_of(legal[0]))
            assert response.status_code == 200, response.content[:300]
    assert game_table.is_finished and game_table.winners
    assert sent.called  # the game's follow-up work was asked for, and lost
    assert not TableResult.objects.filter(table=online_table).exists()
    assert not RatedGame.objects.filter(source="table", source_id=game_table.pk).exists()

    # The broker is back; the sweeps leave a just-finished game to its own task for a while.
    assert tournament_tasks.record_lost_online_results() == 0
    assert ladder_tasks.record_lost_table_games() == 0
    Table.objects.filter(pk=game_table.pk).update(finished_at=game_table.finished_at.replace(1999))
    assert tournament_tasks.record_lost_online_results() == 1
    assert ladder_tasks.record_lost_table_games() == 1
    result = TableResult.objects.get(table=online_table)
    assert result.is_confirmed and result.source == "online"
    assert RatedGame.objects.filter(source="table", source_id=game_table.pk).count() == 1
    online_table.tournament.refresh_from_db()
    assert online_table.tournament.standings_version >= 1  # the result reached the standings
    # Idempotent: nothing is left to do.
    assert tournament_tasks.record_lost_online_results() == 0
    assert ladder_tasks.record_lost_table_games() == 0
