"""Duplicate events through the services: the movement seats the tables and carries the boards,
site tables deal the boards and record each one, physical tables enter and confirm, the scoring
is the pure functions', seeds are revealed once a board is played everywhere."""

import pytest

from games import services as game_services
from games.models import Board, Seat, TableHand
from tournaments import selectors, services
from tournaments.formats.duplicate import BoardResult as Plain
from tournaments.formats.duplicate import score_matchpoints
from tournaments.formats.movements import mitchell
from tournaments.models import BoardResult, Round, Standing, TableResult, Tournament
from tournaments.services import duplicate

pytestmark = pytest.mark.django_db


@pytest.fixture
def make_duplicate(make_tournament):
    def make(pairs=5, **fields):
        fields.setdefault("movement", "mitchell")
        fields.setdefault("boards_per_round", 1)
        return make_tournament(pairs, format="duplicate", start=True, **fields)

    return make


def leave_all(game_table, capture):
    people = [s.user for s in game_table.seats.filter(user__isnull=False)]
    with capture(execute=True):
        for person in people:
            game_services.table_leave(person, game_table)
    game_table.refresh_from_db()


def test_start_deals_the_boards_and_seats_round_one_from_the_movement(make_duplicate):
    tournament = make_duplicate(5)
    movement = mitchell(5, 1)
    assert tournament.is_running and tournament.rounds == movement.rounds == 3
    board_set = tournament.board_set
    assert board_set.boards.count() == movement.boards == 3
    assert all(b.commitment and not b.is_revealed for b in board_set.boards.all())
    round1 = tournament.round_set.get()
    assert round1.is_draft
    pairs = duplicate.pair_entrants(tournament)
    for sitting, table in zip(movement.round(1), round1.tables.order_by("number"), strict=True):
        assert table.boards == list(sitting.boards)
        seats = {s.number: s.entrant_id for s in table.seats.all()}
        assert seats[0] == seats[2] == pairs[sitting.ns_pair]
        assert seats[1] == seats[3] == pairs[sitting.ew_pair]
    assert pairs[movement.bot_pair] is None
    assert round1.tables.filter(seats__entrant__isnull=True).distinct().count() == 1


def test_settings_are_checked(make_tournament, club, director):
    with pytest.raises(services.InvalidInput):
        services.tournament_create(
            director, club, name="x", game="five_hundred", format="duplicate", scoring="best"
        )
    with pytest.raises(services.InvalidInput):
        services.tournament_create(
            director, club, name="x", game="five_hundred", format="duplicate", boards_per_round=0
        )
    tournament = make_tournament(4, format="duplicate", movement="mitchell")
    with pytest.raises(services.Conflict, match="Mitchell needs at least five pairs"):
        services.tournament_start(director, tournament)
    tournament.refresh_from_db()
    assert tournament.is_draft and tournament.board_set is None


def test_online_tables_deal_the_boards_and_record_each_board(
    make_duplicate, director, django_capture_on_commit_callbacks
):
    tournament = make_duplicate(5, online=True, boards_per_round=2)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    game_table = table.game_table
    assert game_table.boards_hidden
    ids = duplicate.board_ids(tournament, table.boards)
    assert game_table.table_boards == ids
    leave_all(game_table, django_capture_on_commit_callbacks)
    assert game_table.is_finished
    results = list(BoardResult.objects.filter(table=table).order_by("number"))
    assert [r.number for r in results] == table.boards
    for result in results:
        hand = TableHand.objects.get(table=game_table, board__number=result.number)
        assert result.scores == hand.scores[:2]
        assert result.is_confirmed and result.source == "online"
        assert result.ns_entrant_id == table.seats.get(number=0).entrant_id
    assert not TableResult.objects.filter(table=table).exists()
    # Recording again changes nothing.
    assert duplicate.duplicate_record_online(game_table.pk) == []
    assert BoardResult.objects.filter(table=table).count() == 2


def _enter(table, who, number, contract="7H", declarer=0, tricks=8):
    return services.board_result_enter(
        who, table, number, contract=contract, declarer=declarer, tricks=tricks
    )


def test_physical_entry_waits_for_the_other_pair(make_duplicate, director):
    tournament = make_duplicate(5)
    round1 = tournament.round_set.get()
    table = round1.tables.get(number=1)
    ns_player = table.seats.get(number=0).member.user
    ew_player = table.seats.get(number=1).member.user
    number = table.boards[0]
    with pytest.raises(services.WrongStatus):
        _enter(table, ns_player, number)
    services.round_publish(director, round1)
    result = _enter(table, ns_player, number)
    assert result.status == "pending" and result.scores == [200, 20]
    assert (result.contract, result.declarer, result.tricks) == ("7H", 0, 8)
    with pytest.raises(services.NotAllowed):
        services.board_result_confirm(ns_player, table, number)
    with pytest.raises(services.ResultExists):
        _enter(table, ew_player, number, tricks=6)
    confirmed = services.board_result_confirm(ew_player, table, number)
    assert confirmed.is_confirmed and confirmed.confirmed_by == ew_player
    with pytest.raises(services.ResultExists):
        _enter(table, ns_player, number, tricks=9)
    with pytest.raises(services.InvalidInput):  # a director's change says why
        _enter(table, director, number, tricks=6)
    assert BoardResult.objects.get(table=table, number=number).tricks == 8
    corrected = services.board_result_enter(
        director, table, number, contract="7H", declarer=0, tricks=6, reason="Recounted"
    )
    assert corrected.is_confirmed and corrected.scores == [-200, 40]


@pytest.mark.parametrize(
    ("contract", "declarer", "tricks", "board"),
    [
        ("7Z", 0, 7, None),
        ("7H", 9, 7, None),
        ("7H", 0, 12, None),
        ("7H", "x", 1, None),
        ("7H", 0, 7, 99),
        ("7H", 0, 7, "two"),
        ("misere", 0, 4, None),  # a misère ends when the contractor wins a trick
        ("open_misere", 1, 2, None),
    ],
)
def test_bad_entries_change_nothing(make_duplicate, director, contract, declarer, tricks, board):
    tournament = make_duplicate(5)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    with pytest.raises(services.InvalidInput):
        services.board_result_enter(
            director,
            table,
            board or table.boards[0],
            contract=contract,
            declarer=declarer,
            tricks=tricks,
        )
    assert not BoardResult.objects.exists()


def test_outsiders_and_online_tables_are_refused(make_duplicate, director, outsider, players):
    tournament = make_duplicate(5, online=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    with pytest.raises(services.NotAllowed):
        _enter(table, outsider, table.boards[0])
    with pytest.raises(services.Conflict, match="played on the site"):
        _enter(table, director, table.boards[0])
    with pytest.raises(services.Conflict):
        services.result_enter(director, table, scores=[1, 2])


def _play_physical(tournament, director, scores_by_table=None):
    """The director enters every board of the current round (table t: 7H by seat 0 making
    5 + t tricks), publishes and closes, and pairs the next round."""
    round_ = tournament.round_set.order_by("-number").first()
    if round_.is_draft:
        services.round_publish(director, round_)
    for table in round_.tables.order_by("number"):
        for number in table.boards:
            _enter(table, director, number, tricks=5 + table.number)
    return round_


def test_a_whole_event_scores_as_the_pure_functions_and_reveals_the_seeds(
    make_duplicate, director, players
):
    tournament = make_duplicate(5)
    for number in range(1, 4):
        round_ = _play_physical(tournament, director)
        if number < 3:
            # Boards are played once a round in a Mitchell: none is complete before the end.
            assert not Board.objects.filter(revealed_at__isnull=False).exists()
            services.tournament_pair_round(director, tournament)
    round_.refresh_from_db()
    assert selectors.round_is_complete(round_)
    assert (
        Board.objects.filter(board_set=tournament.board_set, revealed_at__isnull=False).count() == 3
    )
    services.tournament_finish(director, tournament)
    tournament.refresh_from_db()
    assert tournament.is_finished
    plain = [
        Plain.for_pairs(r.number, r.ns_entrant_id or "bot", r.ew_entrant_id or "bot", *r.scores)
        for r in BoardResult.objects.filter(tournament=tournament)
    ]
    movement = mitchell(5, 1)
    pairs = duplicate.pair_entrants(tournament)
    fields = {(e or "bot"): movement.field(p) for p, e in pairs.items()}
    expected = score_matchpoints(plain, expected=3, bots={"bot"}, fields=fields)
    services.standings_recalculate(tournament.pk)
    stored = {
        s.entrant_id: (s.rank, float(s.points))
        for s in Standing.objects.filter(tournament=tournament)
    }
    assert stored == {
        line.entrant: (line.rank, round(float(line.percentage), 2)) for line in expected.standings
    }
    assert len(stored) == 5


def test_total_points_scoring(make_duplicate, director):
    tournament = make_duplicate(5, scoring="total_points")
    _play_physical(tournament, director)
    services.standings_recalculate(tournament.pk)
    # No board has been played at every table yet: the public standings are empty.
    assert not Standing.objects.filter(tournament=tournament).exists()
    scores = duplicate.duplicate_scores(tournament)
    assert scores.method == "total_points"
    assert sum(line.value for line in scores.results) == 0
    assert len(scores.standings) == 5


def test_round_cannot_close_with_boards_missing(make_duplicate, director):
    tournament = make_duplicate(5)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    _enter(table, director, table.boards[0])
    with pytest.raises(services.RoundUnfinished):
        services.round_close(director, round1)
    with pytest.raises(services.Conflict):
        services.tournament_pair_round(director, tournament)
    assert Round.objects.filter(tournament=tournament).count() == 1


def test_howell_with_shared_boards_reveals_after_every_table(make_tournament, director):
    tournament = make_tournament(
        4, format="duplicate", start=True, movement="howell", boards_per_round=1
    )
    assert tournament.movement == Tournament.Movement.HOWELL
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    tables = list(round1.tables.order_by("number"))
    _enter(tables[0], director, tables[0].boards[0])
    board = Board.objects.get(board_set=tournament.board_set, number=tables[0].boards[0])
    due = len(duplicate.movement_of(tournament).plays_of(board.number))
    if due > 1:
        board.refresh_from_db()
        assert not board.is_revealed
    for table in tables[1:]:
        for number in table.boards:
            _enter(table, director, number)
    board.refresh_from_db()
    assert board.is_revealed
    assert Seat.objects.count() == 0  # physical: no site tables


def test_pitch_physical_entry_scores_bid_and_points(make_tournament, director):
    tournament = make_tournament(
        5, format="duplicate", game="pitch", start=True, movement="mitchell", boards_per_round=1
    )
    assert tournament.options["partnerships"] is True
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    ns_player, ew_player = (
        table.seats.get(number=0).member.user,
        table.seats.get(number=1).member.user,
    )
    number = table.boards[0]
    points = {"high": 0, "low": 1, "jack": None, "game": 1}
    with pytest.raises(services.InvalidInput):
        services.board_result_enter(
            ns_player, table, number, contract="2", declarer=0, points={"high": 0}
        )
    result = services.board_result_enter(
        ns_player, table, number, contract="2", declarer=0, points=points
    )
    assert result.scores == [-2, 2] and result.status == "pending"
    assert result.detail["points"] == points
    confirmed = services.board_result_enter(
        ew_player, table, number, contract="2", declarer=0, points=points
    )
    assert confirmed.is_confirmed and confirmed.confirmed_by == ew_player
