"""Duplicate events through the API and the pages, and the hidden-information rule for boards: a
player who hasn't played a board can't read its result, its traveller, its seed or its site
table — by page, fragment or API — and can once they have played it."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.models import Board
from tests.games.helpers import strings
from tournaments import services
from tournaments.models import BoardResult

pytestmark = pytest.mark.django_db


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


def table_of(tournament, number, round_number=1):
    return tournament.round_set.get(number=round_number).tables.get(number=number)


def user_at(table, seat):
    return table.seats.get(number=seat).member.user


def test_the_movement_and_commitments_are_public_and_seeds_hidden(event, outsider):
    data = api(outsider).get(f"/api/tournaments/{event.pk}/duplicate/").json()
    assert data["kind"] == "mitchell" and data["tables"] == 3 and data["rounds_count"] == 3
    commitments = {b.number: b.commitment for b in Board.objects.filter(board_set=event.board_set)}
    assert {b["number"]: b["commitment"] for b in data["boards"]} == commitments
    assert all(b["seed"] is None for b in data["boards"])
    seeds = set(Board.objects.filter(board_set=event.board_set).values_list("seed", flat=True))
    assert not seeds & strings(data)
    html = page(outsider).get(f"/tournaments/{event.pk}/duplicate/").content.decode()
    assert all(c in html for c in commitments.values())
    assert not any(seed in html for seed in seeds)


def test_a_traveller_is_hidden_until_the_viewer_has_played_the_board(event, director):
    table1 = table_of(event, 1)
    board = table1.boards[0]
    services.board_result_enter(director, table1, board, contract="8S", declarer=0, tricks=9)
    # Table 2 plays board `board` in round 2 (boards move down a table): its players wait.
    later = next(
        t for t in event.round_set.get().tables.all() if t.number != 1 and t.boards != [board]
    )
    waiting = user_at(later, 0)
    played = user_at(table1, 0)
    url = f"/api/tournaments/{event.pk}/duplicate/boards/{board}/"
    refused = api(waiting).get(url)
    assert refused.status_code == 403 and refused.json()["code"] == "not_allowed"
    assert (
        page(waiting).get(f"/tournaments/{event.pk}/duplicate/boards/{board}/").status_code == 403
    )
    assert api().get(url).status_code == 403
    seen = api(played).get(url)
    assert seen.status_code == 200
    assert seen.json()[0]["contract"] == "8S" and seen.json()[0]["ns_score"] == 240
    assert api(director).get(url).status_code == 200
    # The table's own page shows the result to the table, not to others.
    boards = api(waiting).get(f"/api/tournament-tables/{table1.pk}/boards/").json()
    assert boards[0]["result"] is None and boards[0]["has_result"] is True
    html = page(waiting).get(f"/tournaments/{event.pk}/duplicate/tables/{table1.pk}/")
    assert "ns-score" not in html.content.decode()
    assert api(played).get(f"/api/tournament-tables/{table1.pk}/boards/").json()[0]["result"]
    # The standings show nothing of it to players while the board is still to be played.
    standings = api(waiting).get(f"/api/tournaments/{event.pk}/duplicate/standings/").json()
    assert standings["lines"] == [] and standings["all_boards"] is False
    assert api(director).get(f"/api/tournaments/{event.pk}/duplicate/standings/").json()["lines"]
    scorecard = api(waiting).get(
        f"/api/tournaments/{event.pk}/duplicate/pairs/{table1.seats.get(number=0).entrant_id}/"
    )
    assert scorecard.json() == []
    classic = api(waiting).get(f"/api/tournaments/{event.pk}/standings/").json()
    assert "240" not in str(classic)


def test_online_board_tables_are_for_their_players_only(make_tournament, director):
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=1, online=True
    )
    services.round_publish(director, tournament.round_set.get())
    table1, table2 = table_of(tournament, 1), table_of(tournament, 2)
    other = user_at(table2, 0)
    assert page(other).get(f"/tables/{table1.game_table_id}/").status_code in (403, 404)
    assert api(other).get(f"/api/tables/{table1.game_table_id}/").status_code in (403, 404)
    assert api(other).get(f"/api/tables/{table1.game_table_id}/state/").status_code in (403, 404)
    player = user_at(table1, 0)
    assert page(player).get(f"/tables/{table1.game_table_id}/").status_code == 200
    assert api(player).get(f"/api/tables/{table1.game_table_id}/").status_code == 200


def test_physical_entry_and_confirmation_by_api(event, director, outsider):
    table = table_of(event, 1)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    url = f"/api/tournament-tables/{table.pk}/boards/{board}/"
    assert api(outsider).post(url + "result/", {"contract": "7H"}).status_code == 403
    bad = api(ns).post(url + "result/", {"contract": "7H", "declarer": 0, "tricks": 11})
    assert bad.status_code == 400
    bad = api(ns).post(url + "result/", {"contract": "7Q", "declarer": 0, "tricks": 7})
    assert bad.status_code == 400 and bad.json()["code"]
    wrong = api(ns).post(
        f"/api/tournament-tables/{table.pk}/boards/99/result/",
        {"contract": "7H", "declarer": 0, "tricks": 7},
    )
    assert wrong.status_code == 400
    made = api(ns).post(url + "result/", {"contract": "7H", "declarer": 0, "tricks": 7})
    assert made.status_code == 201 and made.json()[0]["pending"] is True
    assert api(ns).post(url + "confirm/").status_code == 403
    clash = api(ew).post(url + "result/", {"contract": "7H", "declarer": 0, "tricks": 8})
    assert clash.status_code == 409 and clash.json()["code"] == "result_exists"
    done = api(ew).post(url + "confirm/")
    assert done.status_code == 200 and done.json()[0]["result"]["status"] == "confirmed"
    assert BoardResult.objects.get().scores == [200, 30]
    assert (
        api(ns).post(url + "result/", {"contract": "7H", "declarer": 0, "tricks": 9}).status_code
        == 409
    )


def test_a_board_result_is_disputed_by_api(event, director, outsider):
    """The other pair clears a result it doesn't agree with; whoever entered it is told, and it
    can be entered again."""
    from accounts.models import Notice

    table = table_of(event, 1)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    url = f"/api/tournament-tables/{table.pk}/boards/{board}/"
    assert (
        api(ns).post(url + "result/", {"contract": "7H", "declarer": 0, "tricks": 7}).status_code
        == 201
    )
    assert api(outsider).post(url + "dispute/").status_code in (403, 404)
    disputed = api(ew).post(url + "dispute/")
    assert disputed.status_code == 200, disputed.content
    row = next(r for r in disputed.json() if r["number"] == board)
    assert row["has_result"] is False and row["can_enter"] is True
    assert not BoardResult.objects.exists()
    assert Notice.objects.filter(user=ns, key__startswith="tournaments.board_disputed").exists()
    again = api(ew).post(url + "dispute/")
    assert again.status_code == 409 and again.json()["code"]


def test_pages_enter_and_confirm_by_plain_form_posts(event, director):
    table = table_of(event, 1)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    base = f"/tournaments/{event.pk}/duplicate/tables/{table.pk}/"
    form = page(ns).get(base)
    assert form.status_code == 200 and 'name="contract"' in form.content.decode()
    answer = page(ns).post(
        base + f"boards/{board}/enter/", {"contract": "6NT", "declarer": "2", "tricks": "10"}
    )
    assert answer.status_code == 302
    assert BoardResult.objects.get().status == "pending"
    assert page(ew).post(base + f"boards/{board}/confirm/").status_code == 302
    result = BoardResult.objects.get()
    assert result.is_confirmed and result.scores == [250, 0]
    fragment = page(ew).get(base + "?fragment=boards", HTTP_HX_REQUEST="true")
    assert fragment.status_code == 200 and "ns-score" in fragment.content.decode()
    for url in (
        f"/tournaments/{event.pk}/",
        f"/tournaments/{event.pk}/duplicate/",
        f"/tournaments/{event.pk}/duplicate/standings/",
        f"/tournaments/{event.pk}/duplicate/boards/{board}/",
        f"/tournaments/{event.pk}/duplicate/pairs/{table.seats.get(number=0).entrant_id}/",
    ):
        assert page(director).get(url).status_code == 200, url
    assert page(director).get(f"/tournaments/{event.pk}/standings/").status_code == 302
    assert page(director).get(f"/tournaments/{event.pk}/tables/{table.pk}/").status_code == 302


def test_revealed_boards_show_their_seeds_to_everyone(event, director, outsider):
    for round_number in (1, 2, 3):
        round_ = event.round_set.get(number=round_number)
        if round_.is_draft:
            services.round_publish(director, round_)
        for table in round_.tables.all():
            services.board_result_enter(
                director, table, table.boards[0], contract="7S", declarer=1, tricks=7
            )
        if round_number < 3:
            services.tournament_pair_round(director, event)
    data = api(outsider).get(f"/api/tournaments/{event.pk}/duplicate/").json()
    seeds = {b.number: b.seed for b in Board.objects.filter(board_set=event.board_set)}
    assert {b["number"]: b["seed"] for b in data["boards"]} == seeds
    assert api(outsider).get(f"/api/tournaments/{event.pk}/duplicate/boards/1/").status_code == 200
    lines = api(outsider).get(f"/api/tournaments/{event.pk}/duplicate/standings/").json()["lines"]
    assert len(lines) == 5 and all(line["percentage"] == 50 for line in lines)


def test_not_a_duplicate_event(make_tournament, outsider):
    swiss = make_tournament(4, start=True)
    assert api(outsider).get(f"/api/tournaments/{swiss.pk}/duplicate/").status_code == 404
    assert page(outsider).get(f"/tournaments/{swiss.pk}/duplicate/").status_code == 404


def _selected(html: str, name: str) -> list[str]:
    """The values selected in each <select name=…> of that name, in order."""
    import re

    out = []
    for select in re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', html, flags=re.S):
        chosen = re.findall(r'<option value="([^"]*)" selected>', select)
        out.append(chosen[0] if chosen else None)
    return out


def _six_no_trumps_made(event):
    """Table 1's North–South enter 6NT by South making 10 tricks on their first board, and
    East–West confirm it: (table, board, the table page's address)."""
    table = table_of(event, 1)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    base = f"/tournaments/{event.pk}/duplicate/tables/{table.pk}/"
    page(ns).post(
        base + f"boards/{board}/enter/", {"contract": "6NT", "declarer": "2", "tricks": "10"}
    )
    page(ew).post(base + f"boards/{board}/confirm/")
    return table, board, base


def test_a_directors_correction_starts_from_the_entered_result_and_is_audited(event, director):
    """The correction form shows every stored value (it once showed only the contract, so
    saving a changed contract silently reset the declarer), a change needs a reason, and the
    audit log keeps the board's result before and after."""
    table, board, base = _six_no_trumps_made(event)
    ns = user_at(table, 0)
    html = page(director).get(base).content.decode()
    assert _selected(html, "contract") == ["6NT"] and _selected(html, "declarer") == ["2"]
    assert 'name="tricks" min="0" max="10" inputmode="numeric" value="10"' in html
    assert 'name="reason"' in html and 'name="reason"' not in page(ns).get(base).content.decode()

    change = {"contract": "6NT", "declarer": "2", "tricks": "9"}
    refused = page(director).post(base + f"boards/{board}/enter/", change, HTTP_HX_REQUEST="true")
    assert "Say why the result is corrected." in refused.content.decode()
    assert BoardResult.objects.get().tricks == 10
    page(director).post(base + f"boards/{board}/enter/", {**change, "reason": "Miscounted tricks"})
    result = BoardResult.objects.get()
    assert (result.contract, result.declarer, result.tricks) == ("6NT", 2, 9)

    audit = api(director).get(f"/api/tournaments/{event.pk}/audit/").json()
    assert audit["count"] == 1
    entry = audit["results"][0]
    assert entry["reason"] == "Miscounted tricks"
    assert entry["old"]["board"] == board and entry["old"]["tricks"] == 10
    assert entry["new"]["tricks"] == 9 and entry["new"]["scores"] == list(result.scores)
    log = page(director).get(f"/tournaments/{event.pk}/audit/").content.decode()
    assert f"Board {board}" in log and "Miscounted tricks" in log


def test_a_pitch_boards_correction_keeps_the_points_it_doesnt_change(make_tournament, director):
    tournament = make_tournament(
        5,
        format="duplicate",
        game="pitch",
        start=True,
        movement="mitchell",
        boards_per_round=1,
    )
    services.round_publish(director, tournament.round_set.get())
    table = table_of(tournament, 1)
    board = table.boards[0]
    base = f"/tournaments/{tournament.pk}/duplicate/tables/{table.pk}/"
    entered = {
        "contract": "3",
        "declarer": "0",
        "point_high": "0",
        "point_low": "1",
        "point_jack": "0",
        "point_game": "none",
    }
    page(director).post(base + f"boards/{board}/enter/", entered)
    first = BoardResult.objects.get()
    html = page(director).get(base).content.decode()
    assert _selected(html, "contract") == ["3"] and _selected(html, "declarer") == ["0"]
    for point, value in (("high", "0"), ("low", "1"), ("jack", "0"), ("game", "none")):
        assert _selected(html, f"point_{point}") == [value], point
    # The director changes only the bid, sending the form as it showed.
    answer = page(director).post(
        base + f"boards/{board}/enter/", {**entered, "contract": "2", "reason": "Bid was 2"}
    )
    assert answer.status_code == 302
    result = BoardResult.objects.get()
    assert result.contract == "2" and result.detail["points"] == first.detail["points"]
    assert result.detail["points"] == {"high": 0, "low": 1, "jack": 0, "game": None}


def test_the_results_sheet_of_a_duplicate_event_shows_boards_and_matchpoints(
    event, director, outsider
):
    """Not empty 'Result' cells and W–D–L: each board's traveller, to those who may see the
    board, and the matchpoint standings."""
    table, board, base = _six_no_trumps_made(event)
    ns = user_at(table, 0)
    url = f"/tournaments/{event.pk}/results/"
    sheet = page(director).get(url).content.decode()
    assert f"Board {board}" in sheet and "NS matchpoints" in sheet and "6 NT" in sheet
    assert "W–D–L" not in sheet and "Matchpoints" in sheet
    # Someone who hasn't played the board (and it isn't revealed) doesn't see its result.
    hidden = page(outsider).get(url).content.decode()
    assert f"Board {board}" not in hidden and "6 NT" not in hidden
    played = page(ns).get(url).content.decode()
    assert f"Board {board}" in played


def test_a_physical_table_with_bots_tells_the_director_to_play_it_online(event, director):
    """Five pairs in a Mitchell of three tables: one table has the bot pair. At a physical
    event the director is told bots play only on the site, on the seating page, the table's
    page and in the API; once it is online, the note goes."""
    round_ = event.round_set.get()
    bot_table = next(t for t in round_.tables.all() if t.seats.filter(entrant=None).exists())
    other = round_.tables.exclude(pk=bot_table.pk).first()
    assert not bot_table.online
    seating = page(director).get(f"/tournaments/{event.pk}/rounds/1/").content.decode()
    assert f"Bots sit at table {bot_table.number}, and bots play only on the site" in seating
    assert f"Bots sit at table {other.number}" not in seating
    table_page = (
        page(director)
        .get(f"/tournaments/{event.pk}/duplicate/tables/{bot_table.pk}/")
        .content.decode()
    )
    assert "bots play only on the site" in table_page
    info = api(director).get(f"/api/tournament-tables/{bot_table.pk}/").json()
    assert info["bots_offline"].startswith(f"Bots sit at table {bot_table.number}")
    services.table_set_online(director, bot_table, True)
    assert (
        api(director).get(f"/api/tournament-tables/{bot_table.pk}/").json()["bots_offline"] is None
    )
