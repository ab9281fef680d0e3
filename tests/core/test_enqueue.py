"""core.enqueue: follow-up work is sent after the commit, and a broker outage never fails
the change that asked for it; the sweeps that redo lost work are on Celery beat's schedule."""

import logging
import re
from pathlib import Path
from unittest import mock

import pytest
from celery import shared_task
from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

from core.enqueue import enqueue_on_commit
from kookaburra.celery import app

ran: list = []


@shared_task
def remember(*args):
    ran.append(args)


@pytest.fixture(autouse=True)
def _clear():
    ran.clear()


def down():
    return mock.patch.object(
        remember, "apply_async", side_effect=OperationalError("Connection refused")
    )


@pytest.mark.django_db(transaction=True)
def test_the_task_is_sent_after_the_commit_and_at_once_without_a_transaction():
    with transaction.atomic():
        enqueue_on_commit(remember, 1, 2)
        assert ran == []
    assert ran == [(1, 2)]
    enqueue_on_commit(remember, 3)
    assert ran == [(1, 2), (3,)]


@pytest.mark.django_db(transaction=True)
def test_nothing_is_sent_when_the_transaction_is_rolled_back():
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        enqueue_on_commit(remember, 1)
        1 / 0  # noqa: B018
    assert ran == []


@pytest.mark.django_db(transaction=True)
def test_a_broker_outage_is_logged_and_the_callbacks_after_it_still_run(caplog):
    after = []
    with down(), caplog.at_level(logging.ERROR, logger="core.enqueue"):
        with transaction.atomic():
            enqueue_on_commit(remember, 7)
            transaction.on_commit(lambda: after.append("ran"))
        enqueue_on_commit(remember, 8)  # outside a transaction: sent at once, same care
    assert after == ["ran"]
    messages = [r.getMessage() for r in caplog.records if r.name == "core.enqueue"]
    assert len(messages) == 2 and "remember" in messages[0] and "(7,)" in messages[0]


@pytest.mark.django_db(transaction=True)
def test_the_countdown_is_passed_on():
    with mock.patch.object(remember, "apply_async") as send:
        enqueue_on_commit(remember, 5, countdown=0.8)
    send.assert_called_once_with(args=(5,), countdown=0.8)


def test_every_sweep_is_on_beats_schedule_and_is_a_task():
    schedule = {entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()}
    sweeps = {
        "games.tasks.nudge_stalled_bots",
        "ladders.tasks.record_lost_table_games",
        "tournaments.tasks.record_lost_online_results",
    }
    assert sweeps <= schedule
    import games.tasks  # noqa: F401
    import ladders.tasks  # noqa: F401
    import tournaments.tasks  # noqa: F401

    assert schedule <= set(app.tasks)


def test_no_app_enqueues_but_through_the_helper():
    """delay_on_commit and a bare on_commit(...delay) fail the request when the broker is down."""
    root = Path(__file__).resolve().parents[2]
    offenders = [
        str(path.relative_to(root))
        for app_name in (
            "accounts",
            "clubs",
            "core",
            "games",
            "home",
            "kookaburra",
            "ladders",
            "tournaments",
        )
        for path in (root / app_name).rglob("*.py")
        if re.search(r"delay_on_commit|on_commit\([^)]*(delay|apply_async)", path.read_text())
    ]
    assert offenders == []
