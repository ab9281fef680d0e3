"""Online tables: publishing opens site tables with the right people in the right seats (bots
where the movement has bots), and the result is recorded by itself when the game ends — here
with bots playing every seat once the people have left."""

import pytest

from games import services as game_services
from games.models import Seat, Table
from tournaments import selectors, services, tasks
from tournaments.models import Round, Standing, TableResult

pytestmark = pytest.mark.django_db


def leave_all(game_table, django_capture_on_commit_callbacks):
    """Everyone at the site table leaves: bots take their seats and play the game out."""
    people = [s.user for s in game_table.seats.filter(user__isnull=False)]
    with django_capture_on_commit_callbacks(execute=True):
        for person in people:
            game_services.table_leave(person, game_table)
    game_table.refresh_from_db()


def test_publishing_opens_site_tables_with_people_in_their_seats(
    make_tournament, director, players
):
    tournament = make_tournament(
        4, online=True, play="hands", hand_limit=2, options={"target": 300}, start=True
    )
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    for table in round1.tables.all():
        game_table = table.game_table
        assert game_table.status == Table.Status.PLAYING
        assert game_table.hand_limit == 2 and game_table.options["target"] == 300
        assert game_table.club == tournament.club and game_table.players == 4
        chairs = {s.number: s.user_id for s in Seat.objects.filter(table=game_table)}
        assert chairs == {s.number: s.member.user_id for s in table.seats.all()}
    mine = selectors.my_table(players[0], tournament)
    assert mine.info["game_table_id"] == mine.table.game_table_id


def test_bots_take_the_seats_the_movement_gives_bots(make_tournament, director):
    tournament = make_tournament(5, format="progressive", online=True, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    chairs = Seat.objects.filter(table__tournament_table__round=round1)
    bots = {(s.table.tournament_table.number, s.number) for s in chairs if s.is_bot}
    expected = {
        (t.number, s.number) for t in round1.tables.all() for s in t.seats.all() if s.is_bot
    }
    assert bots == expected and len(bots) == 3


def test_the_result_is_recorded_when_the_site_game_ends(
    make_tournament, director, players, django_capture_on_commit_callbacks
):
    tournament = make_tournament(2, online=True, play="hands", hand_limit=1, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get()
    with pytest.raises(services.Conflict, match="played on the site"):
        services.result_enter(players[0], table, scores=[100, 0])
    leave_all(table.game_table, django_capture_on_commit_callbacks)
    game_table = table.game_table
    assert game_table.is_finished
    result = TableResult.objects.get(table=table)
    assert result.is_confirmed and result.source == "online"
    assert result.scores == [game_table.totals[0], game_table.totals[1]]
    winning_side = 0 if 0 in game_table.winners else 1
    if len(game_table.winners) == 4:
        assert result.winners == []
    else:
        assert result.winners == [winning_side]
    assert sum(result.hands_won) <= 1
    round1.refresh_from_db()
    assert selectors.round_is_complete(round1)
    tournament.refresh_from_db()
    assert tournament.standings_version >= 1
    assert Standing.objects.filter(tournament=tournament, played=1).count() == 2
    # Idempotent: the task again (a repeated signal) changes nothing.
    version = tournament.standings_version
    assert tasks.record_online_result(game_table.pk) == result.pk
    tournament.refresh_from_db()
    assert TableResult.objects.count() == 1 and tournament.standings_version == version


def test_a_directors_correction_outlives_the_site_table(
    make_tournament, director, django_capture_on_commit_callbacks
):
    tournament = make_tournament(2, online=True, play="hands", hand_limit=1, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get()
    services.result_correct(director, table, scores=[0, 100], reason="Abandoned: 1 conceded")
    leave_all(table.game_table, django_capture_on_commit_callbacks)
    result = TableResult.objects.get(table=table)
    assert result.source == "director" and result.scores == [0, 100]


def test_guests_cannot_be_seated_online(make_tournament, director, players):
    tournament = make_tournament(1, online=True)
    services.entrant_add(director, tournament, members=["Guest Gail", players[9]])
    services.tournament_start(director, tournament)
    round1 = tournament.round_set.get()
    table = round1.tables.get()
    # The seating says so before publishing, by the same rule the refusal uses (issue 10).
    warning = selectors.table_info(table)["online_problem"]
    assert "Guest Gail has no account and can't play on the site" in warning
    with pytest.raises(services.Conflict) as refused:
        services.round_publish(director, round1)
    assert refused.value.message == warning
    round1.refresh_from_db()
    assert round1.is_draft and not Table.objects.exists()
    services.table_set_online(director, round1.tables.get(), False)
    assert selectors.table_info(round1.tables.get())["online_problem"] is None
    services.round_publish(director, round1)
    assert not Table.objects.exists()


def test_a_bracket_match_with_a_guest_is_played_at_a_physical_table(
    make_tournament, director, players
):
    """A bracket publishes its matches at once: a guest's match goes to a physical table
    instead of stopping the bracket (the start, or the result before it) with a refusal."""
    tournament = make_tournament(1, format="single_elimination", online=True)
    services.entrant_add(director, tournament, members=["Guest Gail", players[9]])
    services.tournament_start(director, tournament)
    table = tournament.tables.get()
    assert not table.online and table.game_table is None
    assert selectors.table_info(table)["online_problem"] is None


def test_the_api_and_the_seating_page_warn_of_a_guest_at_an_online_table(
    make_tournament, director, players, client
):
    from rest_framework.test import APIClient

    tournament = make_tournament(1, online=True)
    services.entrant_add(director, tournament, members=["Guest Gail", players[9]])
    services.tournament_start(director, tournament)
    round1 = tournament.round_set.get()
    api = APIClient()
    api.force_authenticate(director)
    body = api.get(f"/api/tournament-rounds/{round1.pk}/").json()
    assert "Guest Gail has no account" in body["tables"][0]["online_problem"]
    client.force_login(director)
    page = client.get(f"/tournaments/{tournament.pk}/rounds/1/").content.decode()
    assert "Guest Gail has no account and can&#x27;t play on the site" in page


def test_one_table_can_go_online_after_publishing(make_tournament, director):
    tournament = make_tournament(4, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=2)
    services.table_set_online(director, table, True)
    table.refresh_from_db()
    assert table.online and table.game_table.is_playing
    assert round1.tables.get(number=1).game_table is None
    with pytest.raises(services.Conflict):
        services.table_set_online(director, table, False)


def test_a_bracket_opens_the_next_site_table_when_a_match_ends(
    make_tournament, director, django_capture_on_commit_callbacks
):
    tournament = make_tournament(
        4, format="single_elimination", online=True, play="hands", hand_limit=1, start=True
    )
    first_round = Round.objects.get(tournament=tournament, number=1)
    tables = list(first_round.tables.order_by("number"))
    assert all(t.game_table.is_playing for t in tables)
    for table in tables:
        leave_all(table.game_table, django_capture_on_commit_callbacks)
    final = Round.objects.get(tournament=tournament, number=2).tables.get()
    assert final.game_table is not None and final.game_table.is_playing
    leave_all(final.game_table, django_capture_on_commit_callbacks)
    tournament.refresh_from_db()
    assert tournament.is_finished and tournament.champion_id is not None
    assert selectors.bracket(tournament)["champion"]["id"] == tournament.champion_id


def test_public_tournament_pages_link_only_to_tables_the_viewer_may_open_issue_10(
    make_tournament, director, member, outsider, client
):
    """The site tables of a tournament are for the club: anonymous visitors and outsiders see
    them as text on the tournament, round and table pages, members get links that open."""
    import re

    tournament = make_tournament(4, online=True, start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    pages = [
        f"/tournaments/{tournament.pk}/",
        f"/tournaments/{tournament.pk}/rounds/1/",
        f"/tournaments/{tournament.pk}/tables/{table.pk}/",
    ]

    def links(html):
        return set(re.findall(r'href="(/tables/\d+/)"', html))

    for viewer in (None, outsider):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        for page in pages:
            response = client.get(page)
            assert response.status_code == 200, page
            assert links(response.content.decode()) == set(), (viewer, page)
        assert client.get(f"/tables/{table.game_table_id}/").status_code == 404
    client.force_login(member)
    seen = set()
    for page in pages:
        seen |= links(client.get(page).content.decode())
    assert f"/tables/{table.game_table_id}/" in seen
    for link in seen:
        assert client.get(link).status_code == 200, link


def test_a_finished_game_or_hand_elsewhere_costs_its_request_no_query(
    django_assert_num_queries, django_capture_on_commit_callbacks
):
    """The receivers of the games' signals ask nothing of the database in the request that ends
    a hand or a game at a casual table: a hand at a table without boards is passed by, and a
    finished game's task decides in the worker whether the table was a tournament's (for any
    other table it records nothing)."""
    from tournaments.signals import on_game_finished, on_hand_finished, on_robot_hand_finished

    table = Table.objects.create(game="pitch", players=4, options={}, status="finished")
    with django_capture_on_commit_callbacks() as callbacks:
        with django_assert_num_queries(0):
            on_hand_finished(sender=Table, table_id=table.pk, hand_number=1, boards=False)
            on_robot_hand_finished(sender=Table, table_id=table.pk, hand_number=1, boards=False)
            on_game_finished(sender=Table, table_id=table.pk)
    assert len(callbacks) == 1  # the result task, enqueued for the worker
    assert tasks.record_online_result(table.pk) is None
    assert not TableResult.objects.exists()
