"""Bots move as Celery tasks (eager in tests): after the commit, idempotent, and nudged."""

import random
from datetime import timedelta

import pytest
from django.conf import settings
from django.utils import timezone

from games import selectors, services, tasks
from games.models import Table, TableAction

from .helpers import act_randomly, pick_well


def bot_table(user, game="five_hundred", players=4, seed=3, level="easy"):
    return services.table_create(user, game=game, players=players, bot_level=level, seed=seed)


def first_bot_turn_seed(user, game="five_hundred"):
    """A seed whose first dealer makes a bot act first (the person sits in seat 0)."""
    for seed in range(50):
        if random.Random(seed).randrange(4) != 3:  # seat 0 opens only when seat 3 deals
            return seed
    raise AssertionError


def test_bots_play_up_to_the_persons_turn(four, django_capture_on_commit_callbacks):
    table = bot_table(four[0], seed=first_bot_turn_seed(four[0]))
    with django_capture_on_commit_callbacks(execute=True):
        services.table_fill_with_bots(four[0], table)
    table.refresh_from_db()
    assert table.to_act == 0 and not table.bot_to_act and table.action_number >= 1
    moves = TableAction.objects.filter(table=table)
    assert all(m.by_bot and m.actor is None for m in moves)


@pytest.mark.parametrize("game", ["five_hundred", "pitch"])
def test_a_hand_with_three_bots_runs_to_the_persons_turn_each_time(
    four, game, django_capture_on_commit_callbacks
):
    table = bot_table(four[0], game=game, level="club")
    rng = random.Random(4)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_fill_with_bots(four[0], table)
    for _ in range(40):
        table.refresh_from_db()
        if table.hand_number > 1:
            break
        assert table.is_playing and table.to_act == 0 and not table.bot_to_act
        with django_capture_on_commit_callbacks(execute=True):
            act_randomly(four[0], table, rng, pick_well)
    assert table.hand_number == 2
    people = TableAction.objects.filter(table=table, by_bot=False)
    assert set(people.values_list("seat", flat=True)) == {0}
    assert TableAction.objects.filter(table=table, by_bot=True).exists()


def test_bot_move_is_idempotent(four):
    table = bot_table(four[0], seed=first_bot_turn_seed(four[0]))
    services.table_fill_with_bots(four[0], table)  # callbacks not run: the bot waits
    table.refresh_from_db()
    assert table.bot_to_act and table.action_number == 0
    assert tasks.bot_move(table.pk, 5) is False  # not the number it is for
    assert TableAction.objects.count() == 0
    assert tasks.bot_move(table.pk, 0) is True
    assert tasks.bot_move(table.pk, 0) is False  # the same task again
    assert TableAction.objects.filter(table=table).count() == 1
    assert tasks.bot_move(999999, 0) is False


def test_bot_move_does_nothing_on_a_persons_turn(four):
    table = services.table_create(four[0], game="pitch", players=4, seed=1)
    for n in (1, 2, 3):
        services.table_sit(four[n], table, n)
    table.refresh_from_db()
    assert tasks.bot_move(table.pk, 0) is False
    assert TableAction.objects.count() == 0


def test_the_move_is_enqueued_after_the_commit_with_the_pause(
    four, settings, monkeypatch, django_capture_on_commit_callbacks
):
    settings.KOOKABURRA_BOT_DELAY = 0.8
    calls = []
    monkeypatch.setattr(tasks.bot_move, "apply_async", lambda **kw: calls.append(kw))
    table = bot_table(four[0], seed=first_bot_turn_seed(four[0]))
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.table_fill_with_bots(four[0], table)
    assert calls == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert calls == [{"args": (table.pk, 0), "countdown": 0.8}]


def test_nudge_re_enqueues_tables_stalled_on_a_bot(four, django_capture_on_commit_callbacks):
    table = bot_table(four[0], seed=first_bot_turn_seed(four[0]))
    services.table_fill_with_bots(four[0], table)  # the task is "lost": callbacks never run
    assert tasks.nudge_stalled_bots() == 0  # not stalled yet
    Table.objects.filter(pk=table.pk).update(turn_started_at=timezone.now() - timedelta(seconds=30))
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.nudge_stalled_bots() == 1
    table.refresh_from_db()
    assert table.to_act == 0 and not table.bot_to_act
    assert tasks.nudge_stalled_bots() == 0


def test_the_nudge_runs_every_five_seconds():
    entry = settings.CELERY_BEAT_SCHEDULE["games-nudge-stalled-bots"]
    assert entry == {"task": "games.tasks.nudge_stalled_bots", "schedule": 5.0}
    assert tasks.nudge_stalled_bots.name == "games.tasks.nudge_stalled_bots"


@pytest.mark.django_db(transaction=True)
def test_bot_chains_run_on_real_commits(make_user):
    person = make_user("solo")
    table = bot_table(person, game="pitch", level="club", seed=first_bot_turn_seed(person))
    services.table_fill_with_bots(person, table)
    table.refresh_from_db()
    assert table.to_act == 0 and TableAction.objects.filter(table=table).count() >= 1
    rng = random.Random(1)
    while table.hand_number == 1:
        act_randomly(person, table, rng, pick_well)
        table.refresh_from_db()
        assert table.to_act == 0 or table.hand_number > 1
    assert selectors.finished_hands(table)[0]["number"] == 1


def test_a_bot_waits_longer_when_a_trick_has_just_been_won(
    four, settings, monkeypatch, django_capture_on_commit_callbacks
):
    """So that the people at the table see the trick just won (it stays on the felt until the
    next lead), the bot that leads to the next trick waits the trick pause as well."""
    from games import state

    settings.KOOKABURRA_BOT_DELAY = 0.8
    settings.KOOKABURRA_TRICK_PAUSE = 1.2
    table = bot_table(four[0], seed=first_bot_turn_seed(four[0]))
    services.table_fill_with_bots(four[0], table)
    calls = []
    monkeypatch.setattr(tasks.bot_move, "apply_async", lambda **kw: calls.append(kw))
    seen = set()
    for _ in range(400):
        table.refresh_from_db()
        if table.is_finished or len(seen) == 2:
            break
        hand = state.current_hand(table)
        calls.clear()
        with django_capture_on_commit_callbacks(execute=True):
            if table.bot_to_act:
                tasks.bot_move(table.pk, table.action_number)
            else:
                action = hand.legal_actions()[0]
                services.table_act(four[0], table, table.action_number, action.to_record())
        after = state.current_hand(Table.objects.get(pk=table.pk))
        view = after.public_view()
        between = (
            view["phase"] == "play"
            and not (view.get("trick") or {}).get("cards")
            and view.get("last_trick") is not None
        )
        for call in calls:
            assert call["countdown"] == (2.0 if between else 0.8), (between, call)
            seen.add(between)
    assert seen == {True, False}
