"""Solo Pitch duplicate (each for themselves at tables of three to seven): the individual movement
seats the tables (bots in the empty seats, never a sit-out), every table plays the same boards,
a physical table enters each board's bid, pitcher and who took each point and another player at
the table confirms, each seat is compared with the same seat at the other tables, and a player
never reads a board's result before playing it. Also: a withdrawn pair or player is replaced by
bots, and the director may close a round with boards missing (an average for both sides)."""

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games import services as game_services
from games.engines import pitch
from games.models import TableHand
from tests.games.helpers import strings
from tournaments import services
from tournaments.formats.duplicate import BoardResult as Plain
from tournaments.formats.duplicate import score_matchpoints
from tournaments.formats.movements import individual
from tournaments.models import BoardResult, Round, Standing, TableSeat
from tournaments.services import duplicate

pytestmark = pytest.mark.django_db

POINTS = {"high": 0, "low": 1, "jack": 2, "game": 0}


def api(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def page(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def make_solo(make_tournament):
    def make(players=7, **fields):
        fields.setdefault("boards_per_round", 1)
        return make_tournament(
            players,
            format="duplicate",
            game="pitch",
            options={"partnerships": False},
            start=True,
            **fields,
        )

    return make


def user_at(table, seat):
    return table.seats.get(number=seat).member.user


def _enter(table, who, number, bid=2, pitcher=0, points=None):
    return services.board_result_enter(
        who, table, number, contract=str(bid), declarer=pitcher, points=points or POINTS
    )


def test_seat_sizes_leave_fewest_bots():
    assert duplicate.solo_seats(7) == 4  # two tables of four, one bot
    assert duplicate.solo_seats(9) == 3  # three tables of three
    assert duplicate.solo_seats(10) == 5
    assert duplicate.solo_seats(8) == 4
    assert all(3 <= duplicate.solo_seats(n) <= 7 for n in range(4, 60))


def test_engine_scores_a_solo_hand_seat_by_seat():
    assert pitch.solo_contract_scores(None, 4, 2, 0, POINTS) == [2, 1, 1, 0]
    assert pitch.solo_contract_scores(None, 4, 3, 0, POINTS) == [-3, 1, 1, 0]
    assert pitch.solo_contract_scores(None, 5, 1, 4, {**POINTS, "jack": None}) == [2, 1, 0, 0, -1]
    for bad in (
        {"high": None, "low": 1, "jack": 2, "game": 0},
        {"high": 4, "low": 1, "jack": 2, "game": 0},
        {"high": 0},
    ):
        with pytest.raises(ValueError):
            pitch.solo_contract_scores(None, 4, 2, 0, bad)
    with pytest.raises(ValueError):
        pitch.solo_contract_scores(None, 4, 2, 4, POINTS)


def test_start_seats_individuals_with_a_bot_never_a_sit_out(make_solo):
    tournament = make_solo(7)
    assert tournament.is_running and not tournament.partnerships
    movement = individual(7, 4, 1, 4)
    assert duplicate.movement_of(tournament) == movement
    assert tournament.rounds == 4 and tournament.board_set.boards.count() == 4
    assert tournament.board_set.players == 4
    round1 = tournament.round_set.get()
    players = duplicate.pair_entrants(tournament)
    tables = list(round1.tables.order_by("number"))
    assert len(tables) == 2
    for sitting, table in zip(movement.round(1), tables, strict=True):
        assert table.sides == [[0], [1], [2], [3]] and table.boards == [1]
        seats = {s.number: s.entrant_id for s in table.seats.all()}
        assert seats == {i: players[p] for i, p in enumerate(sitting.seats)}
    assert TableSeat.objects.filter(table__round=round1, entrant__isnull=True).count() == 1
    seated = set(
        TableSeat.objects.filter(table__round=round1, entrant__isnull=False).values_list(
            "entrant_id", flat=True
        )
    )
    assert seated == set(tournament.draw)


def test_solo_entry_waits_for_another_player_at_the_table(make_solo, director, outsider):
    tournament = make_solo(7)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    first, second = user_at(table, 0), user_at(table, 1)
    with pytest.raises(services.NotAllowed):
        _enter(table, outsider, 1)
    for bad in (
        {"pitcher": 4},
        {"points": {**POINTS, "high": 5}},
        {"points": {**POINTS, "low": None}},
        {"bid": 9},
    ):
        with pytest.raises(services.InvalidInput):
            _enter(table, first, 1, **bad)
    assert not BoardResult.objects.exists()
    result = _enter(table, first, 1)
    assert result.status == "pending" and result.scores == [2, 1, 1, 0]
    assert result.seat_entrants == [table.seats.get(number=i).entrant_id for i in range(4)]
    with pytest.raises(services.NotAllowed):
        services.board_result_confirm(first, table, 1)
    with pytest.raises(services.ResultExists):
        _enter(table, second, 1, bid=3)
    confirmed = services.board_result_confirm(second, table, 1)
    assert confirmed.is_confirmed and confirmed.confirmed_by == second


def test_a_player_cannot_see_a_board_before_playing_it(make_solo, director):
    tournament = make_solo(7)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table1, table2 = round1.tables.get(number=1), round1.tables.get(number=2)
    _enter(table1, director, 1, points={"high": 3, "low": 3, "jack": 3, "game": 3})
    waiting, played = user_at(table2, 0), user_at(table1, 0)
    url = f"/api/tournaments/{tournament.pk}/duplicate/boards/1/"
    assert api(waiting).get(url).status_code == 403
    assert page(waiting).get(f"/tournaments/{tournament.pk}/duplicate/boards/1/").status_code == 403
    boards = api(waiting).get(f"/api/tournament-tables/{table1.pk}/boards/").json()
    assert boards[0]["result"] is None and boards[0]["has_result"]
    standings = api(waiting).get(f"/api/tournaments/{tournament.pk}/duplicate/standings/").json()
    assert standings["lines"] == []
    seen = api(played).get(url)
    assert seen.status_code == 200
    row = seen.json()[0]
    assert [s["score"] for s in row["seats"]] == [-2, 0, 0, 4]
    assert row["declarer"] == 0
    html = page(played).get(f"/tournaments/{tournament.pk}/duplicate/boards/1/").content.decode()
    assert "Seat 4" in html
    # Once table 2 has played board 1 too, its players see it (and the board is revealed).
    _enter(table2, director, 1, pitcher=1, points={"high": 1, "low": 1, "jack": 1, "game": 1})
    assert api(waiting).get(url).status_code == 200
    standings = api(waiting).get(f"/api/tournaments/{tournament.pk}/duplicate/standings/").json()
    assert len(standings["lines"]) == 7
    table_page = page(played).get(f"/tournaments/{tournament.pk}/duplicate/tables/{table1.pk}/")
    assert 'name="point_high"' not in table_page.content.decode()  # confirmed: nothing to enter
    assert not strings(api(waiting).get(f"/api/tournaments/{tournament.pk}/duplicate/").json()) & {
        b.seed for b in tournament.board_set.boards.filter(revealed_at__isnull=True)
    }


def test_pages_and_api_enter_solo_results(make_solo, director):
    tournament = make_solo(7)
    services.round_publish(director, tournament.round_set.get())
    table = tournament.round_set.get().tables.get(number=1)
    first, second = user_at(table, 0), user_at(table, 2)
    base = f"/tournaments/{tournament.pk}/duplicate/tables/{table.pk}/"
    form = page(first).get(base).content.decode()
    assert "Seat 1" in form and 'name="point_jack"' in form
    answer = page(first).post(
        base + "boards/1/enter/",
        {"contract": "1", "declarer": "2", "point_high": "2", "point_low": "1"}
        | {"point_jack": "none", "point_game": "3"},
    )
    assert answer.status_code == 302
    assert BoardResult.objects.get().scores == [0, 1, 1, 1]
    url = f"/api/tournament-tables/{table.pk}/boards/1/"
    done = api(second).post(url + "confirm/")
    assert done.status_code == 200 and done.json()[0]["result"]["status"] == "confirmed"
    overview = page(director).get(f"/tournaments/{tournament.pk}/duplicate/").content.decode()
    assert "Each for themselves" in overview
    data = api(director).get(f"/api/tournaments/{tournament.pk}/duplicate/").json()
    assert data["kind"] == "individual" and data["seats_per_table"] == 4
    assert len(data["rounds"][0]["sittings"][0]["seats"]) == 4
    bad = api(second).post(
        f"/api/tournament-tables/{table.pk}/boards/1/result/",
        {"contract": "2", "declarer": 0, "points": {"high": 6, "low": 0, "jack": 0, "game": 0}},
        format="json",
    )
    assert bad.status_code in (400, 409)


def _play_round(tournament, director, round_):
    if round_.is_draft:
        services.round_publish(director, round_)
    for table in round_.tables.order_by("number"):
        for number in table.boards:
            seat = (number + table.number) % 4
            _enter(
                table,
                director,
                number,
                bid=2,
                pitcher=seat,
                points={"high": seat, "low": table.number % 4, "jack": None, "game": 3},
            )


def test_a_small_solo_event_to_its_final_standings(make_solo, director):
    tournament = make_solo(7, scoring="matchpoints")
    for number in range(1, 5):
        round_ = tournament.round_set.get(number=number)
        _play_round(tournament, director, round_)
        if number < 4:
            services.tournament_pair_round(director, tournament)
    assert tournament.board_set.boards.filter(revealed_at__isnull=True).count() == 0
    services.tournament_finish(director, tournament)
    tournament.refresh_from_db()
    assert tournament.is_finished
    plain, bots = [], set()
    for r in BoardResult.objects.filter(tournament=tournament).order_by("number", "pk"):
        keys = tuple(
            e if e is not None else f"bot{r.table_id}.{s}" for s, e in enumerate(r.seat_entrants)
        )
        bots |= {k for k in keys if isinstance(k, str)}
        plain.append(Plain(r.number, keys, tuple(r.scores)))
    assert len(plain) == 8 and all(len(p.scores) == 4 for p in plain)
    expected = score_matchpoints(plain, expected=2, bots=bots)
    services.standings_recalculate(tournament.pk)
    stored = {
        s.entrant_id: (s.rank, float(s.points))
        for s in Standing.objects.filter(tournament=tournament)
    }
    assert stored == {
        line.entrant: (line.rank, round(float(line.percentage), 2)) for line in expected.standings
    }
    assert len(stored) == 7
    entrant = tournament.draw[0]
    card = api().get(f"/api/tournaments/{tournament.pk}/duplicate/pairs/{entrant}/").json()
    assert len(card) == 4


def test_online_solo_tables_deal_the_boards_with_bots(
    make_solo, director, django_capture_on_commit_callbacks
):
    tournament = make_solo(7, online=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    for table in round1.tables.all():
        game_table = table.game_table
        assert game_table.players == 4 and game_table.boards_hidden
        assert game_table.table_boards == duplicate.board_ids(tournament, table.boards)
    bot_table = round1.tables.get(seats__entrant__isnull=True)
    assert bot_table.game_table.seats.filter(user__isnull=True).count() == 1
    # Everyone leaves: bots play the board out and it is recorded seat by seat.
    game_table = bot_table.game_table
    people = [s.user for s in game_table.seats.filter(user__isnull=False)]
    with django_capture_on_commit_callbacks(execute=True):
        for person in people:
            game_services.table_leave(person, game_table)
    result = BoardResult.objects.get(table=bot_table)
    hand = TableHand.objects.get(table=game_table, board__number=1)
    assert result.is_confirmed and result.source == "online"
    assert result.scores == hand.scores[:4] and len(result.scores) == 4
    assert result.seat_entrants == [bot_table.seats.get(number=i).entrant_id for i in range(4)]


# Withdrawals ------------------------------------------------------------------------------------


def test_a_withdrawn_pair_is_replaced_by_bots_in_later_rounds(make_tournament, director):
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=1
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    for table in round1.tables.all():
        services.board_result_enter(
            director, table, table.boards[0], contract="7H", declarer=0, tricks=7
        )
    leaving = round1.tables.get(number=2).seats.get(number=0).entrant
    services.tournament_pair_round(director, tournament)
    round2 = tournament.round_set.get(number=2)
    assert round2.is_draft
    services.entrant_withdraw(director, leaving)
    # The draft round already seated is changed, and the later rounds are seated with bots.
    assert not TableSeat.objects.filter(table__round=round2, entrant=leaving).exists()
    services.round_publish(director, round2)
    for table in round2.tables.all():
        services.board_result_enter(
            director, table, table.boards[0], contract="7H", declarer=0, tricks=8
        )
    services.tournament_pair_round(director, tournament)
    round3 = tournament.round_set.get(number=3)
    assert not TableSeat.objects.filter(table__round=round3, entrant=leaving).exists()
    # Every table still plays: bots take the withdrawn pair's seats, nobody sits out.
    assert round3.tables.count() == 3
    assert all(t.seats.count() == 4 for t in round3.tables.all())
    # The bot pair's seats and the withdrawn pair's.
    assert TableSeat.objects.filter(table__round=round3, entrant__isnull=True).count() == 4
    services.round_publish(director, round3)
    for table in round3.tables.all():
        services.board_result_enter(
            director, table, table.boards[0], contract="7H", declarer=0, tricks=6
        )
    scores = duplicate.duplicate_scores(tournament)
    assert leaving.pk in {line.entrant for line in scores.standings}
    assert scores.standing_of(leaving.pk).boards == 1


def test_a_withdrawn_solo_player_is_replaced_by_a_bot(make_solo, director):
    tournament = make_solo(7)
    _play_round(tournament, director, tournament.round_set.get())
    services.tournament_pair_round(director, tournament)
    leaving = tournament.entrants.get(pk=tournament.draw[0])
    services.entrant_withdraw(director, leaving)
    round2 = tournament.round_set.get(number=2)
    assert not TableSeat.objects.filter(table__round=round2, entrant=leaving).exists()
    assert TableSeat.objects.filter(table__round=round2, entrant__isnull=True).count() == 2
    _play_round(tournament, director, round2)
    assert duplicate.duplicate_scores(tournament).standing_of(leaving.pk).boards == 1


# Averages assigned by the director ---------------------------------------------------------------


@pytest.mark.parametrize("scoring", ["matchpoints", "total_points"])
def test_the_director_closes_a_round_with_boards_missing(make_tournament, director, scoring):
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=2, scoring=scoring
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    tables = list(round1.tables.order_by("number"))
    for table in tables[:2]:
        for number in table.boards:
            services.board_result_enter(
                director, table, number, contract="7H", declarer=0, tricks=6 + table.number
            )
    late = tables[2]
    player = late.seats.get(number=0).member.user
    services.board_result_enter(player, late, late.boards[0], contract="6S", declarer=0, tricks=6)
    with pytest.raises(services.NotAllowed):
        services.round_assign_averages(player, round1)
    services.round_assign_averages(director, round1)
    round1.refresh_from_db()
    assert round1.status == Round.Status.CLOSED
    assigned = BoardResult.objects.filter(table=late).order_by("number")
    assert [r.source for r in assigned] == ["assigned", "assigned"]
    assert all(r.is_confirmed for r in assigned)
    assert assigned[0].detail["replaced"]["contract"] == "6S"  # the pending entry is kept
    scores = duplicate.duplicate_scores(tournament)
    for line in scores.results:
        if line.result.table == late.pk:
            if scoring == "matchpoints":
                assert line.percentage == 50
            else:
                assert line.value == 0
    # Idempotent on a closed round; the traveller says it was assigned.
    services.round_assign_averages(director, round1)
    assert BoardResult.objects.filter(source="assigned").count() == 2
    html = (
        page(director)
        .get(f"/tournaments/{tournament.pk}/duplicate/boards/{late.boards[0]}/")
        .content.decode()
    )
    assert "Assigned by the director" in html
    assert api(director).post(f"/api/tournament-rounds/{round1.pk}/averages/").status_code == 200
    standings = page(director).get(f"/tournaments/{tournament.pk}/duplicate/standings/")
    assert "assigned by the director" in standings.content.decode()


def test_averages_by_plain_form_and_api(make_tournament, director, players):
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=1
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    body = page(director).get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert "Close with averages for the missing boards" in body
    player = round1.tables.get(number=1).seats.get(number=0).member.user
    refused = api(player).post(f"/api/tournament-rounds/{round1.pk}/averages/")
    assert refused.status_code == 403
    answer = page(director).post(f"/tournaments/{tournament.pk}/rounds/1/averages/")
    assert answer.status_code == 302
    assert BoardResult.objects.filter(source="assigned").count() == 3
    round1.refresh_from_db()
    assert round1.is_closed
    swiss = make_tournament(4, start=True)
    other = swiss.round_set.get()
    services.round_publish(director, other)
    conflict = api(director).post(f"/api/tournament-rounds/{other.pk}/averages/")
    assert conflict.status_code == 409 and conflict.json()["code"]


# Live standings and travellers --------------------------------------------------------------------


def test_confirming_a_board_publishes_the_boards_version(
    make_tournament, director, monkeypatch, django_capture_on_commit_callbacks
):
    from core import live

    heard = []
    monkeypatch.setattr(live, "publish", lambda channel, version: heard.append((channel, version)))
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=1
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    first, other = user_at(table, 0), user_at(table, 1)
    channel = f"tournament:{tournament.pk}:boards"
    with django_capture_on_commit_callbacks(execute=True):
        services.board_result_enter(
            first, table, table.boards[0], contract="7H", declarer=0, tricks=7
        )
    tournament.refresh_from_db()
    assert heard == [(channel, 1)] and tournament.boards_version == 1
    with django_capture_on_commit_callbacks(execute=True):
        services.board_result_confirm(other, table, table.boards[0])
    assert heard[-1] == (channel, 2)
    client = page(director)
    stream = f"/tournaments/{tournament.pk}/duplicate/events/"
    behind = client.get(stream, {"v": 0}).content.decode()
    assert "id: 2\nevent: version\n" in behind
    assert client.get("/tournaments/999999/duplicate/events/").status_code == 404
    version = f"/tournaments/{tournament.pk}/duplicate/version/"
    assert client.get(version, {"v": 2}).status_code == 204
    assert client.get(version, {"v": 1})["HX-Trigger"] == "boards-changed"
    # The standings and the traveller listen to the stream and poll only as a fallback.
    for url in (
        f"/tournaments/{tournament.pk}/duplicate/standings/",
        f"/tournaments/{tournament.pk}/duplicate/boards/{table.boards[0]}/",
    ):
        body = client.get(url).content.decode()
        assert f'sse-connect="{stream}?v=2"' in body and "sse:version" in body
        assert 'hx-trigger="every 10s"' not in body and 'data-poll-trigger="every 10s"' in body
    fragment = client.get(
        f"/tournaments/{tournament.pk}/duplicate/boards/{table.boards[0]}/",
        {"fragment": "rows"},
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert fragment.lstrip().startswith('<div id="traveller"') and "<html" not in fragment


def test_the_boards_version_travels_through_redis(
    make_tournament, director, settings, django_capture_on_commit_callbacks
):
    import os

    import redis

    from core import live

    url = os.environ.get("CELERY_BROKER_URL") or "redis://127.0.0.1:6379/6"
    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=1)
        client.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis")
    settings.KOOKABURRA_LIVE_URL = url
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=1
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    listener = client.pubsub()
    listener.subscribe(f"{live.PREFIX}tournament:{tournament.pk}:boards")
    assert listener.get_message(timeout=2)["type"] == "subscribe"
    with django_capture_on_commit_callbacks(execute=True):
        services.board_result_enter(
            director, table, table.boards[0], contract="7H", declarer=0, tricks=7
        )
    message = listener.get_message(timeout=5)
    listener.close()
    assert message is not None and message["data"] == b"1"


@given(
    players=st.integers(3, 7),
    bid=st.integers(1, 4),
    data=st.data(),
)
def test_solo_entry_scores_every_point_once(players, bid, data):
    pitcher = data.draw(st.integers(0, players - 1))
    seat = st.integers(0, players - 1)
    points = {
        "high": data.draw(seat),
        "low": data.draw(seat),
        "jack": data.draw(st.none() | seat),
        "game": data.draw(st.none() | seat),
    }
    scores = pitch.solo_contract_scores(None, players, bid, pitcher, points)
    took = [sum(1 for s in points.values() if s == i) for i in range(players)]
    assert len(scores) == players
    for i in range(players):
        if i == pitcher and took[i] < bid:
            assert scores[i] == -bid
        else:
            assert scores[i] == took[i]
