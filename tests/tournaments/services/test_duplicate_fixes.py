"""Duplicate events as the players and directors met them: the standings CSV and the tournament
page's standings read the same live figures as the duplicate standings page; a board's result
waiting for confirmation shows in full and can be disputed (the pair who entered it and the
directors are told); duplicate pages say how many boards a round is; a Pitch partnership's
traveller has Pitch columns; the board form starts empty."""

import csv
import io
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import Notice
from tournaments import duplicate_selectors as dup
from tournaments import selectors, services
from tournaments.models import BoardResult
from tournaments.services import duplicate

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
PITCH_POINTS = {"high": 0, "low": 1, "jack": None, "game": 1}


def page(user=None):
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def table_of(tournament, number, round_number=1):
    return tournament.round_set.get(number=round_number).tables.get(number=number)


def user_at(table, seat):
    return table.seats.get(number=seat).member.user


@pytest.fixture
def pitch_event(make_tournament, director):
    """Five Pitch partnerships, a Mitchell of three tables, one board a round, round 1 out."""
    tournament = make_tournament(
        5, format="duplicate", game="pitch", start=True, movement="mitchell", boards_per_round=1
    )
    services.round_publish(director, tournament.round_set.get())
    return tournament


def _physical_table(tournament):
    """A table of round 1 where both pairs are people (not the bot pair)."""
    return next(
        t
        for t in tournament.round_set.get(number=1).tables.order_by("number")
        if not t.seats.filter(entrant=None).exists()
    )


def _play_out(tournament, director):
    """The director enters every board of every round (different results at each table) and
    finishes the event; the stored standings snapshot is never recalculated (no worker)."""
    for number in range(1, tournament.rounds + 1):
        round_ = tournament.round_set.get(number=number)
        if round_.is_draft:
            services.round_publish(director, round_)
        for table in round_.tables.order_by("number"):
            for board in table.boards:
                services.board_result_enter(
                    director, table, board, contract="7H", declarer=0, tricks=5 + table.number
                )
        if number < tournament.rounds:
            services.tournament_pair_round(director, tournament)
    services.tournament_finish(director, tournament)
    tournament.refresh_from_db()


# 1. The standings CSV and the tournament page's box read the live duplicate standings ----------


def test_the_duplicate_csv_has_the_standings_pages_figures_and_columns(event, director):
    _play_out(event, director)
    shown = dup.duplicate_standings(event, dup.board_access(AnonymousUser(), event))
    assert len(shown["lines"]) == 5
    answer = page(director).get(f"/tournaments/{event.pk}/standings.csv")
    assert answer.status_code == 200
    rows = list(csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))))
    header, lines = rows[0], rows[1:]
    assert header == [
        "Rank",
        "Entrant",
        "Players",
        "Field",
        "Boards played",
        "Matchpoints",
        "Top",
        "Percentage",
        "Withdrawn",
    ]
    for column in ("Won", "Drawn", "Lost", "Game points", "Hands won"):
        assert column not in header
    assert [
        (row[1], int(row[4]), float(row[5]), float(row[6]), float(row[7])) for row in lines
    ] == [
        (line["name"], line["boards"], line["total"], line["top"], line["percentage"])
        for line in shown["lines"]
    ]
    assert all(int(row[4]) == 3 for row in lines)  # every board played, not a stale count


def test_while_the_event_runs_each_reader_gets_the_csv_of_the_page_they_see(
    event, director, outsider
):
    """A director's standings page counts every confirmed result, a player's only the boards
    every table has played: each one's CSV says what their page says."""
    round1 = event.round_set.get(number=1)
    for table in round1.tables.all():
        for board in table.boards:
            services.board_result_enter(
                director, table, board, contract="7H", declarer=0, tricks=5 + table.number
            )
    seen = dup.duplicate_standings(event, dup.board_access(director, event))
    assert seen["lines"] and all(line["boards"] == 1 for line in seen["lines"])
    for client, lines in ((page(director), seen["lines"]), (page(outsider), [])):
        text = client.get(f"/tournaments/{event.pk}/standings.csv").content.decode("utf-8-sig")
        rows = list(csv.reader(io.StringIO(text)))
        boards, percent = rows[0].index("Boards played"), rows[0].index("Percentage")
        assert [(r[1], int(r[boards]), float(r[percent])) for r in rows[1:]] == [
            (line["name"], line["boards"], line["percentage"]) for line in lines
        ]
    api = APIClient()
    api.force_authenticate(director)
    text = api.get(f"/api/tournaments/{event.pk}/standings-csv/").content.decode("utf-8-sig")
    rows = list(csv.reader(io.StringIO(text)))
    assert [r[1] for r in rows[1:]] == [line["name"] for line in seen["lines"]]


def test_the_total_points_csv_gives_the_total(make_tournament, director):
    tournament = make_tournament(
        5,
        format="duplicate",
        start=True,
        movement="mitchell",
        boards_per_round=1,
        scoring="total_points",
    )
    _play_out(tournament, director)
    shown = dup.duplicate_standings(tournament, dup.board_access(AnonymousUser(), tournament))
    text = page(director).get(f"/tournaments/{tournament.pk}/standings.csv").content
    rows = list(csv.reader(io.StringIO(text.decode("utf-8-sig"))))
    assert "Total points" in rows[0] and "Percentage" not in rows[0]
    index = rows[0].index("Total points")
    assert [float(r[index]) for r in rows[1:]] == [line["total"] for line in shown["lines"]]


def test_the_tournament_pages_standings_box_reads_the_live_standings(event, director, outsider):
    _play_out(event, director)
    shown = dup.duplicate_standings(event, dup.board_access(AnonymousUser(), event))
    html = page(outsider).get(f"/tournaments/{event.pk}/").content.decode()
    box = html.split('class="panel standings-mini"', 1)[1].split("</section>", 1)[0]
    cells = re.findall(r'<td class="num">([^<]*)</td>', box)
    assert cells == [str(line["percentage"]) for line in shown["lines"]]
    assert "The standings appear with the first results." not in box


def test_the_tournament_page_refreshes_when_a_board_is_confirmed(event, director):
    """Its poll's signature changes with each board result, not only when the worker has
    stored new standings."""
    before = selectors.tournament_signature(event.pk)
    table = _physical_table(event)
    services.board_result_enter(
        director, table, table.boards[0], contract="7H", declarer=0, tricks=8
    )
    assert selectors.tournament_signature(event.pk) != before


# 2. A pending board shows in full, and the other pair may dispute it ---------------------------


def test_a_pending_pitch_board_shows_bid_pitcher_and_points_before_confirming(pitch_event):
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    services.board_result_enter(ns, table, board, contract="3", declarer=0, points=PITCH_POINTS)
    html = page(ew).get(f"/tournaments/{pitch_event.pk}/duplicate/tables/{table.pk}/")
    line = html.content.decode().split('class="board-result"', 1)[1].split("</p>", 1)[0]
    text = re.sub(r"<[^>]+>", "", line)
    assert "Bid 3" in text and "Pitcher North" in text
    assert "High North–South" in text and "Low East–West" in text
    assert "Jack Nobody" in text and "Game East–West" in text


def test_a_pending_five_hundred_board_names_contract_declarer_and_tricks(event):
    table = _physical_table(event)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    services.board_result_enter(ns, table, board, contract="7H", declarer=2, tricks=8)
    html = page(ew).get(f"/tournaments/{event.pk}/duplicate/tables/{table.pk}/").content.decode()
    line = re.sub(r"<[^>]+>", "", html.split('class="board-result"', 1)[1].split("</p>", 1)[0])
    assert "Contract 7" in line and "Declarer South" in line and "8 tricks" in line


def test_dispute_clears_the_entry_and_tells_the_pair_and_the_directors(
    pitch_event, director, outsider
):
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns, ew, ns_partner = user_at(table, 0), user_at(table, 1), user_at(table, 2)
    services.board_result_enter(ns, table, board, contract="3", declarer=0, points=PITCH_POINTS)
    with pytest.raises(services.ResultExists, match="dispute it and enter yours"):
        services.board_result_enter(ew, table, board, contract="2", declarer=1, points=PITCH_POINTS)
    with pytest.raises(services.NotAllowed):
        duplicate.board_result_dispute(outsider, table, board)
    duplicate.board_result_dispute(ew, table, board)
    assert not BoardResult.objects.filter(table=table, number=board).exists()
    told = Notice.objects.filter(key="tournaments.board_disputed")
    assert set(told.values_list("user", flat=True)) == {ns.pk, ns_partner.pk}
    note = told.get(user=ns)
    assert ew.shown_name in note.text and f"board {board}" in note.text
    assert f"/duplicate/tables/{table.pk}/" in note.url
    directors = Notice.objects.filter(key="tournaments.board_disputed_director")
    assert list(directors.values_list("user", flat=True)) == [director.pk]
    assert ns.shown_name in directors.get().text
    # Now the other pair enters their own version, and it waits for the first pair.
    mine = services.board_result_enter(
        ew, table, board, contract="2", declarer=1, points=PITCH_POINTS
    )
    assert mine.status == "pending" and mine.entered_side == 1
    # A confirmed result can't be disputed (a director corrects it).
    services.board_result_confirm(ns, table, board)
    with pytest.raises(services.Conflict):
        duplicate.board_result_dispute(ns, table, board)


def test_a_pair_clearing_its_own_entry_tells_nobody(pitch_event):
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns = user_at(table, 0)
    services.board_result_enter(ns, table, board, contract="3", declarer=0, points=PITCH_POINTS)
    duplicate.board_result_dispute(user_at(table, 2), table, board)
    assert not BoardResult.objects.exists()
    assert not Notice.objects.filter(key__startswith="tournaments.board_disputed").exists()


def test_dispute_asks_first_by_plain_form_posts(pitch_event, director):
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    base = f"/tournaments/{pitch_event.pk}/duplicate/tables/{table.pk}/"
    services.board_result_enter(ns, table, board, contract="3", declarer=0, points=PITCH_POINTS)
    shown = page(ew).get(base).content.decode()
    assert f"boards/{board}/confirm/" in shown and f"boards/{board}/dispute/" in shown
    assert f"boards/{board}/dispute/" not in page(ns).get(base).content.decode()
    asked = page(ew).post(base + f"boards/{board}/dispute/")
    assert asked.status_code == 200
    html = asked.content.decode()
    assert "Dispute this result?" in html and 'name="sure" value="yes"' in html
    assert BoardResult.objects.filter(table=table).exists()
    done = page(ew).post(base + f"boards/{board}/dispute/", {"sure": "yes"}, follow=True)
    assert done.redirect_chain[-1][0] == base
    assert "the entry was disputed and cleared" in done.content.decode()
    assert not BoardResult.objects.filter(table=table).exists()
    assert Notice.objects.filter(key="tournaments.board_disputed_director").exists()


def test_dispute_asks_first_with_htmx(event):
    table = _physical_table(event)
    board = table.boards[0]
    ns, ew = user_at(table, 0), user_at(table, 1)
    base = f"/tournaments/{event.pk}/duplicate/tables/{table.pk}/"
    services.board_result_enter(ns, table, board, contract="7H", declarer=0, tricks=8)
    asked = page(ew).post(base + f"boards/{board}/dispute/", **HTMX)
    html = asked.content.decode()
    assert asked.status_code == 200 and html.lstrip().startswith(
        '<section class="panel" id="boards"'
    )
    assert "Dispute this result?" in html
    assert BoardResult.objects.filter(table=table).exists()
    done = page(ew).post(base + f"boards/{board}/dispute/", {"sure": "yes"}, **HTMX)
    assert done.status_code == 200
    assert "the entry was disputed and cleared" in done.content.decode()
    assert not BoardResult.objects.filter(table=table).exists()
    # Someone else's table: refused, nothing cleared.
    services.board_result_enter(ns, table, board, contract="7H", declarer=0, tricks=8)
    other = table_of(event, 1 if table.number != 1 else 2)
    stranger = user_at(other, 0)
    refused = page(stranger).post(base + f"boards/{board}/dispute/", {"sure": "yes"}, **HTMX)
    assert refused.status_code in (200, 302, 403)
    assert BoardResult.objects.filter(table=table).exists()


# 3. Duplicate pages say boards a round; Pitch travellers have Pitch columns --------------------


def test_duplicate_pages_say_how_many_boards_a_round(make_tournament, director):
    tournament = make_tournament(
        5, format="duplicate", start=True, movement="mitchell", boards_per_round=2
    )
    assert tournament.play_label == "2 boards a round"
    for url in (
        f"/tournaments/{tournament.pk}/duplicate/",
        f"/tournaments/{tournament.pk}/entrants/",
    ):
        html = page(director).get(url).content.decode()
        assert "2 boards a round" in html, url
        assert "To the game&#x27;s target" not in html and "To the game's target" not in html
    tournament.boards_per_round = 1
    assert tournament.play_label == "1 board a round"


def _traveller_head(html: str) -> list[str]:
    table = html.split('<table class="data traveller', 1)[1]
    head = table.split("</thead>", 1)[0]
    return [re.sub(r"<[^>]+>", "", h) for h in re.findall(r"<th[^>]*>(.*?)</th>", head)]


def test_a_pitch_partnership_traveller_has_bid_pitcher_and_points(pitch_event, director):
    table = _physical_table(pitch_event)
    board = table.boards[0]
    services.board_result_enter(
        director, table, board, contract="3", declarer=0, points=PITCH_POINTS
    )
    for url in (
        f"/tournaments/{pitch_event.pk}/duplicate/boards/{board}/",
        f"/tournaments/{pitch_event.pk}/results/",
    ):
        html = page(director).get(url).content.decode()
        head = _traveller_head(html)
        assert "Bid" in head and "Pitcher" in head and "Points" in head, url
        assert not {"Contract", "Declarer", "Tricks"} & set(head), url
        row = html.split('<table class="data traveller', 1)[1].split("<tbody>", 1)[1]
        cells = [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        assert cells[4:7] == [
            "3",
            "North",
            "High North–South · Low East–West · Jack Nobody · Game East–West",
        ], url


# 4. The board form starts empty ----------------------------------------------------------------


def _selected(html: str, name: str) -> list[str | None]:
    out = []
    for select in re.findall(rf'<select name="{name}"[^>]*>(.*?)</select>', html, flags=re.S):
        chosen = re.findall(r'<option value="([^"]*)" selected>', select)
        out.append(chosen[0] if chosen else None)
    return out


def test_the_pitch_board_form_starts_empty_and_refuses_an_untouched_form(pitch_event):
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns = user_at(table, 0)
    base = f"/tournaments/{pitch_event.pk}/duplicate/tables/{table.pk}/"
    html = page(ns).get(base).content.decode()
    for name in ("contract", "declarer", "point_high", "point_low", "point_jack", "point_game"):
        assert _selected(html, name) == [""], name
        assert re.search(rf'<select name="{name}" required>', html), name
    untouched = {
        "contract": "",
        "declarer": "",
        "point_high": "",
        "point_low": "",
        "point_jack": "",
        "point_game": "",
    }
    answer = page(ns).post(base + f"boards/{board}/enter/", untouched, **HTMX)
    text = answer.content.decode()
    assert answer.status_code == 200 and 'class="message error"' in text
    assert "choose Bid, Pitcher, High, Low, Jack, Game" in text
    assert not BoardResult.objects.exists()
    # Only jack left empty: named alone. "Nobody" is a choice of its own.
    partly = {**untouched, "contract": "3", "declarer": "0", "point_high": "0"}
    partly |= {"point_low": "1", "point_game": "none"}
    answer = page(ns).post(base + f"boards/{board}/enter/", partly, follow=True)
    assert "choose Jack before" in answer.content.decode()
    assert not BoardResult.objects.exists()
    page(ns).post(base + f"boards/{board}/enter/", {**partly, "point_jack": "none"})
    result = BoardResult.objects.get()
    assert result.detail["points"] == {"high": 0, "low": 1, "jack": None, "game": None}


def test_the_five_hundred_board_form_starts_empty(event):
    table = _physical_table(event)
    board = table.boards[0]
    ns = user_at(table, 0)
    base = f"/tournaments/{event.pk}/duplicate/tables/{table.pk}/"
    html = page(ns).get(base).content.decode()
    assert _selected(html, "contract") == [""] and _selected(html, "declarer") == [""]
    answer = page(ns).post(
        base + f"boards/{board}/enter/", {"contract": "", "declarer": "", "tricks": ""}, **HTMX
    )
    assert "choose Contract before" in answer.content.decode()
    answer = page(ns).post(
        base + f"boards/{board}/enter/", {"contract": "7H", "declarer": "", "tricks": ""}, **HTMX
    )
    assert "choose Declarer, Tricks taken by the declaring side" in answer.content.decode()
    assert not BoardResult.objects.exists()
    # Passed out needs neither.
    page(ns).post(base + f"boards/{board}/enter/", {"contract": "pass", "declarer": ""})
    assert BoardResult.objects.get().contract == "pass"


def test_the_board_form_names_pitchs_points_as_the_game_pages_do(pitch_event):
    """In Malay the Game point stays "Game" (the glossary's word), not "Permainan" (a game)."""
    from django.utils import translation

    with translation.override("ms"):
        names = dict(dup.pitch_points())
    assert names == {"high": "High", "low": "Low", "jack": "Jack", "game": "Game"}
    table = _physical_table(pitch_event)
    client = page(user_at(table, 0))
    client.cookies["kookaburra_language"] = "ms"
    html = client.get(f"/tournaments/{pitch_event.pk}/duplicate/tables/{table.pk}/").content
    assert re.search(r'<label>Game <select name="point_game"', html.decode())


def test_the_pair_changing_its_own_pending_entry_starts_from_it(pitch_event):
    """A pair fixing one field of the result it entered (still waiting for confirmation) sees
    every field as it entered it, as a director's correction does."""
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns = user_at(table, 0)
    base = f"/tournaments/{pitch_event.pk}/duplicate/tables/{table.pk}/"
    entry = {"contract": "3", "declarer": "0", "point_high": "0", "point_low": "1"}
    entry |= {"point_jack": "none", "point_game": "0"}
    page(ns).post(base + f"boards/{board}/enter/", entry)
    assert BoardResult.objects.get().is_confirmed is False
    html = page(ns).get(base).content.decode()
    assert _selected(html, "contract") == ["3"]
    assert _selected(html, "declarer") == ["0"]
    assert _selected(html, "point_high") == ["0"] and _selected(html, "point_low") == ["1"]
    assert _selected(html, "point_jack") == ["none"] and _selected(html, "point_game") == ["0"]


def test_urdu_lists_use_urdus_comma_and_a_pitch_score_card_says_bid(pitch_event, director):
    """An Urdu refusal naming the fields left empty, and a board's line of scores, join their
    items with "،"; a Pitch pair's score card heads its column "Bid and pitcher"."""
    table = _physical_table(pitch_event)
    board = table.boards[0]
    ns = user_at(table, 0)
    client = page(ns)
    client.cookies["kookaburra_language"] = "ur"
    base = f"/tournaments/{pitch_event.pk}/duplicate/tables/{table.pk}/"
    empty = dict.fromkeys(
        ["contract", "declarer", "point_high", "point_low", "point_jack", "point_game"], ""
    )
    text = client.post(base + f"boards/{board}/enter/", empty, **HTMX).content.decode()
    assert "بولی، پچر" in text and "بولی, پچر" not in text
    entry = {"contract": "3", "declarer": "0", "point_high": "0", "point_low": "1"}
    entry |= {"point_jack": "none", "point_game": "0"}
    client.post(base + f"boards/{board}/enter/", entry)
    html = client.get(base).content.decode()
    assert re.search(r'class="ns-score">-?\d+</strong>، ', html)
    card = page(director).get(
        f"/tournaments/{pitch_event.pk}/duplicate/pairs/{table.seats.first().entrant_id}/"
    )
    assert "Bid and pitcher" in card.content.decode()
