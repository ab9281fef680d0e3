"""Robot duplicate services against the database: entering, results recorded as each board
ends, the leaderboard, closing, the daily event."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Board, Table
from tournaments.robot_models import RobotBoardResult, RobotEntry, RobotEvent
from tournaments.services import robot
from tournaments.services.errors import Conflict, InvalidInput, NotAllowed

from .conftest import play_boards

pytestmark = pytest.mark.django_db
played = pytest.mark.django_db(transaction=True)


def test_enter_opens_a_private_table_with_bots_playing_the_boards(event, member):
    entry = robot.robot_event_enter(member, event)
    table = Table.objects.get(pk=entry.table_id)
    assert table.is_playing and table.boards_hidden
    seats = list(table.seats.order_by("number"))
    assert seats[0].user_id == member.pk
    assert all(s.bot_level == "club" for s in seats[1:])
    ids = list(
        Board.objects.filter(board_set=event.board_set)
        .order_by("number")
        .values_list("pk", flat=True)
    )
    assert table.table_boards == ids
    # Entering again gives the same entry.
    assert robot.robot_event_enter(member, event) == entry
    assert RobotEntry.objects.count() == 1


@played
def test_results_are_recorded_board_by_board(event, member, director):
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 3)
    results = list(RobotBoardResult.objects.filter(entry=entry))
    assert [r.number for r in results] == [1, 2, 3]
    for r in results:
        assert r.score == r.seat_scores[0] - r.seat_scores[1]
    assert robot.robot_played_boards(entry) == {1, 2, 3}
    # Recording again changes nothing.
    assert robot.robot_result_record(entry.table_id, 1) == results[0]
    assert RobotBoardResult.objects.filter(entry=entry).count() == 3
    assert entry.finished_at is None


@played
def test_a_whole_entry_finishes(event, member):
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 8)
    entry.refresh_from_db()
    assert entry.finished_at is not None
    assert RobotBoardResult.objects.filter(entry=entry).count() == 8
    assert Table.objects.get(pk=entry.table_id).is_finished
    from accounts.models import Notice

    notice = Notice.objects.get(user=member, key="tournaments.robot_finished")
    assert notice.url == event.get_absolute_url()


def test_leaderboard_matchpoints_each_board(event, member, director, outsider):
    e1 = robot.robot_event_enter(member, event)
    e2 = robot.robot_event_enter(director, event)
    boards = {b.number: b for b in event.board_set.boards.all()}
    RobotBoardResult.objects.create(entry=e1, board=boards[1], number=1, score=40)
    RobotBoardResult.objects.create(entry=e2, board=boards[1], number=1, score=-20)
    RobotBoardResult.objects.create(entry=e2, board=boards[2], number=2, score=10)
    scores = robot.robot_leaderboard(event)
    first = scores.standings[0]
    assert first.entrant == e1.pk and first.percentage == 100
    # Board 2 was played once: it scores exactly average (Neuberg).
    e2_line = scores.standing_of(e2.pk)
    assert e2_line.boards == 2 and e2_line.percentage == 25
    only_1 = robot.robot_leaderboard(event, boards={1})
    assert only_1.standing_of(e2.pk).percentage == 0


def test_who_may_create_and_enter(club, director, member, outsider):
    now = timezone.now()
    kwargs = dict(
        club=club, name="X", game="five_hundred", opens_at=now, closes_at=now + timedelta(days=1)
    )
    with pytest.raises(NotAllowed):
        robot.robot_event_create(member, **kwargs)
    with pytest.raises(InvalidInput):
        robot.robot_event_create(director, **{**kwargs, "boards": 7})
    with pytest.raises(InvalidInput):
        robot.robot_event_create(director, **{**kwargs, "boards": 25})
    with pytest.raises(InvalidInput):
        robot.robot_event_create(director, **{**kwargs, "closes_at": now - timedelta(hours=1)})
    event = robot.robot_event_create(director, **kwargs)
    with pytest.raises(NotAllowed):
        robot.robot_event_enter(outsider, event)
    assert RobotEntry.objects.count() == 0


@played
def test_pitch_partnerships_event(club, director, member):
    now = timezone.now()
    event = robot.robot_event_create(
        director,
        club=club,
        name="Pitch",
        game="pitch",
        options={"partnerships": True},
        boards=8,
        opens_at=now,
        closes_at=now + timedelta(days=1),
    )
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 2)
    results = list(RobotBoardResult.objects.filter(entry=entry))
    assert len(results) >= 2
    for r in results:
        assert r.score == r.seat_scores[0] - r.seat_scores[1]


def test_enter_outside_the_window(event, member):
    RobotEvent.objects.filter(pk=event.pk).update(opens_at=timezone.now() + timedelta(hours=1))
    with pytest.raises(Conflict):
        robot.robot_event_enter(member, event.pk)
    RobotEvent.objects.filter(pk=event.pk).update(
        opens_at=timezone.now() - timedelta(days=2), closes_at=timezone.now() - timedelta(days=1)
    )
    with pytest.raises(Conflict):
        robot.robot_event_enter(member, event.pk)


@played
def test_close_reveals_boards_once_and_ignores_late_hands(event, member):
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 1)
    assert not robot.robot_event_close(event.pk)  # not yet
    RobotEvent.objects.filter(pk=event.pk).update(
        opens_at=timezone.now() - timedelta(days=2), closes_at=timezone.now() - timedelta(seconds=1)
    )
    assert robot.robot_events_due() == [event.pk]
    assert robot.robot_event_close(event.pk)
    assert not robot.robot_event_close(event.pk)
    event.refresh_from_db()
    assert event.closed_at is not None
    assert not Board.objects.filter(board_set=event.board_set, revealed_at__isnull=True).exists()
    assert not Table.objects.get(pk=entry.table_id).boards_hidden
    # A board finished after the close is not counted.
    play_boards(member, entry, 2)
    assert RobotBoardResult.objects.filter(entry=entry).count() == 1


@played
def test_lost_result_tasks_are_redone(event, member):
    entry = robot.robot_event_enter(member, event)
    play_boards(member, entry, 2)
    RobotBoardResult.objects.filter(entry=entry).delete()
    assert robot.robot_results_sync(event.pk) == 2
    assert robot.robot_results_sync(event.pk) == 0


def test_daily_event_is_made_once():
    from tournaments import tasks

    first = tasks.robot_daily_event()
    again = tasks.robot_daily_event()
    assert first == again
    event = RobotEvent.objects.get(pk=first)
    assert event.club is None and event.boards == robot.DAILY_BOARDS
    assert RobotEvent.objects.count() == 2  # today's and tomorrow's
    # It closes at the last second of its own day (pages say "11:59 PM", not "12:00 AM" on the
    # next day, which reads as that day's start).
    local = timezone.localtime(event.closes_at)  # the site's zone, the daily events'
    assert local.date() == event.daily_on and (local.hour, local.minute) == (23, 59)


def test_a_daily_event_table_is_named_in_the_entrants_language(member):
    """The table a player gets for the daily event is named as the event's page names it, in
    their language (it took the stored English name, "Daily robot duplicate, 2026-12-06")."""
    from django.utils import translation

    event = robot.robot_daily_event()
    with translation.override("ur"):
        entry = robot.robot_event_enter(member, event)
        title = event.title
    assert entry.table.name == title
    assert "Daily robot duplicate" not in title and event.daily_on.isoformat() not in title


def test_close_task_takes_ids_and_finds_due_events(event):
    from tournaments import tasks

    assert tasks.robot_close_events([event.pk]) == 0  # still open
    RobotEvent.objects.filter(pk=event.pk).update(
        opens_at=timezone.now() - timedelta(days=2), closes_at=timezone.now() - timedelta(seconds=1)
    )
    assert tasks.robot_close_events() == 1
    assert tasks.robot_close_events([event.pk]) == 0
    assert RobotEvent.objects.get(pk=event.pk).closed_at is not None
