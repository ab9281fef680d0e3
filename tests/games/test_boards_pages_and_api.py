"""Boards through the API and the pages, and the deal audits people can run: a player never
sees a board's cards, seed or result before it is revealed (unless they have played it at
their own table), and every revealed seed checks out."""

from __future__ import annotations

import io
import json
import random
import zipfile

import pytest
from django.core.management import call_command
from knox.models import AuthToken
from rest_framework.test import APIClient

from games import boards, services
from games.engines import deals
from games.models import TableHand
from tests.games.helpers import play_until, strings

pytestmark = pytest.mark.django_db


def api(user=None):
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
    return client


def _cards(board):
    out = set()
    for key in ("hands", "kitty", "dead"):
        for part in board.deal.get(key, []):
            out |= set(part) if isinstance(part, list) else {part}
    return out


@pytest.fixture
def director(make_user):
    return make_user("Director")


def test_the_api_deals_shows_and_reveals_boards(director, make_user):
    owner = api(director)
    answer = owner.post(
        "/api/board-sets/", {"game": "pitch", "players": 4, "count": 3}, format="json"
    )
    assert answer.status_code == 201, answer.content
    set_id = answer.json()["id"]
    assert [b["number"] for b in answer.json()["boards"]] == [1, 2, 3]
    assert all("seed" in b and "deal" in b for b in answer.json()["boards"])  # the owner prints
    player = make_user("Player")
    for client in (api(player), api()):
        seen = client.get(f"/api/board-sets/{set_id}/").json()
        assert all(
            set(b) == {"number", "dealer", "commitment", "revealed_at"} for b in seen["boards"]
        )
    assert (
        api(player).post(f"/api/board-sets/{set_id}/reveal/", {}, format="json").status_code == 403
    )
    revealed = owner.post(f"/api/board-sets/{set_id}/reveal/", {"numbers": [2]}, format="json")
    assert revealed.status_code == 200
    seen = api(player).get(f"/api/board-sets/{set_id}/").json()["boards"]
    assert "seed" in seen[1] and "seed" not in seen[0] and "seed" not in seen[2]
    assert deals.commitment(bytes.fromhex(seen[1]["seed"])) == seen[1]["commitment"]
    assert api().get("/api/board-sets/999999/").status_code == 404
    bad = owner.post("/api/board-sets/", {"game": "pitch", "players": 9, "count": 3}, format="json")
    assert bad.status_code == 400


def test_a_player_never_sees_a_board_before_playing_it(four, director, make_user, client):
    """Table A plays board 1 to the end; a player seated at table B (who has not played it yet)
    finds no trace of its cards, seed or result in any page, fragment or API answer."""
    board_set = boards.board_set_create(game="pitch", players=4, count=1, created_by=director)
    board = board_set.boards.get()
    table_a = services.table_create(director, game="pitch", players=4, boards=[board.pk], seat=None)
    for n, user in enumerate(four):
        services.table_sit(user, table_a, n)
    table_a.refresh_from_db()
    play_until(four, table_a, random.Random(5), lambda t: t.is_finished)
    others = [make_user(f"b{n}") for n in range(4)]
    table_b = services.table_create(director, game="pitch", players=4, boards=[board.pk], seat=None)
    for n, user in enumerate(others[:3]):
        services.table_sit(user, table_b, n)
    outsider = others[0]
    secret = _cards(board) | {board.seed}
    hand_a = TableHand.objects.get(table=table_a, number=1)
    answers = []
    client.force_login(outsider)
    for path in (
        f"/tables/{table_a.pk}/",
        f"/tables/{table_a.pk}/live/",
        f"/tables/{table_a.pk}/poll/",
        f"/tables/{table_a.pk}/hands/1/",
        f"/tables/{table_a.pk}/hands/1/record.json",
        f"/tables/{table_a.pk}/record.json",
        f"/tables/boards/{board_set.pk}/",
        f"/tables/boards/{board_set.pk}/sheets/",
        f"/tables/boards/{board_set.pk}/records.zip",
        f"/deals/verify/?board_set={board_set.pk}&board=1",
        f"/deals/verify/?table={table_a.pk}&hand=1",
        "/tables/",
    ):
        response = client.get(path)
        assert response.status_code in (200, 404), (path, response.status_code)
        answers.append(response.content.decode())
    asker = api(outsider)
    for path in (
        f"/api/tables/{table_a.pk}/",
        f"/api/tables/{table_a.pk}/state/",
        f"/api/tables/{table_a.pk}/hands/",
        f"/api/tables/{table_a.pk}/hands/1/record/",
        f"/api/tables/{table_a.pk}/record/",
        f"/api/board-sets/{board_set.pk}/",
        "/api/tables/",
    ):
        response = asker.get(path)
        assert response.status_code in (200, 404), (path, response.status_code)
        answers.append(response.content.decode())
    for text in answers:
        found = set()
        try:
            found = strings(json.loads(text))
        except ValueError:
            found = {text}
        blob = " ".join(found)
        assert board.seed not in blob
        for card in secret - {board.seed}:
            assert f'data-card="{card}"' not in blob and f'"{card}"' not in text
    # Table A (board tables are for their players until revealed) is not there for them at all.
    assert client.get(f"/tables/{table_a.pk}/").status_code == 404
    assert asker.get(f"/api/tables/{table_a.pk}/state/").status_code == 404
    assert hand_a.finished
    # Once revealed, the board and the finished table are open to everyone who may see them.
    boards.board_set_reveal(board_set.pk)
    assert client.get(f"/tables/{table_a.pk}/hands/1/").status_code == 200
    record = client.get(f"/tables/{table_a.pk}/hands/1/record.json").json()
    assert record["seed"] == board.seed and record["commitment"] == board.commitment
    assert deals.verify_record(record) == []


def test_a_finished_game_reveals_every_hand_seed_and_not_before(four, client):
    table = services.table_create(four[0], game="pitch", players=4, hand_limit=2)
    for n, user in enumerate(four):
        if n:
            services.table_sit(user, table, n)
    table.refresh_from_db()
    first = TableHand.objects.get(table=table, number=1)
    state = api(four[1]).get(f"/api/tables/{table.pk}/state/").json()
    assert state["deal"] == {"commitment": first.commitment, "board": None, "hand": first.number}
    play_until(four, table, random.Random(2), lambda t: t.hand_number >= 2 or t.is_finished)
    table.refresh_from_db()
    client.force_login(four[0])
    if not table.is_finished:
        record = client.get(f"/tables/{table.pk}/hands/1/record.json").json()
        assert "seed" not in record and "commitment" not in record
        assert first.seed not in client.get(f"/tables/{table.pk}/").content.decode()
        play_until(four, table, random.Random(2), lambda t: t.is_finished)
    game = client.get(f"/tables/{table.pk}/record.json").json()
    hands = TableHand.objects.filter(table=table, finished=True).order_by("number")
    assert [h["seed"] for h in game["hands"]] == [h.seed for h in hands]
    assert deals.verify_record(game) == []
    # The record reader checks the seeds too: a tampered card is refused.
    from games.engines import records

    assert "error" not in records.replay(game)
    game["hands"][0]["hands"][0][0], game["hands"][0]["hands"][1][0] = (
        game["hands"][0]["hands"][1][0],
        game["hands"][0]["hands"][0][0],
    )
    assert deals.verify_record(game)
    assert "audit" in records.replay(game)["error"]["reason"]


def test_verify_deal_command_and_page(four, director, client, tmp_path, capsys):
    board_set = boards.board_set_create(
        game="five_hundred", players=4, count=2, created_by=director
    )
    call_command("verify_deal", "--board-set", str(board_set.pk), "--board", "2")
    assert capsys.readouterr().out.strip() == "OK"
    board = board_set.boards.get(number=1)
    board.deal["hands"][0][0], board.deal["kitty"][0] = (
        board.deal["kitty"][0],
        board.deal["hands"][0][0],
    )
    board.save()
    with pytest.raises(SystemExit) as exit_info:
        call_command("verify_deal", "--board-set", str(board_set.pk), "--board", "1")
    assert exit_info.value.code == 1 and "seat 0" in capsys.readouterr().out
    boards.board_set_reveal(board_set.pk)
    response = client.get(f"/tables/boards/{board_set.pk}/records.zip")
    archive = zipfile.ZipFile(io.BytesIO(response.content))
    assert archive.namelist() == ["board-01.json", "board-02.json"]
    good = archive.read("board-02.json").decode()
    path = tmp_path / "board.json"
    path.write_text(good)
    call_command("verify_deal", str(path))
    assert capsys.readouterr().out.strip() == "OK"
    # The command reads a file as the site does: a byte-order mark is skipped, and a file nested
    # too deep is a problem it prints, not a traceback.
    path.write_text("\ufeff" + good, encoding="utf-8")
    call_command("verify_deal", str(path))
    assert capsys.readouterr().out.strip() == "OK"
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(SystemExit):
        call_command("verify_deal", str(path))
    assert "nested more than" in capsys.readouterr().out
    page = client.post("/deals/verify/", {"record": good})
    assert 'class="message success deal-ok"' in page.content.decode()
    tampered = json.loads(good)
    tampered["seed"] = ("1" if tampered["seed"][0] == "0" else "0") + tampered["seed"][1:]
    page = client.post("/deals/verify/", {"record": json.dumps(tampered)})
    assert "deal-bad" in page.content.decode()
    assert client.post("/deals/verify/", {"record": "{not json"}).status_code == 200
    prefilled = client.get(f"/deals/verify/?board_set={board_set.pk}&board=2").content.decode()
    assert board_set.boards.get(number=2).seed in prefilled


def test_board_pages_for_the_director(director, make_user, client):
    client.force_login(director)
    response = client.post(
        "/tables/boards/new/",
        {"name": "Club night", "game": "five_hundred", "players": 4, "count": 2},
    )
    assert response.status_code == 302
    board_set = director.board_sets.get()
    sheets = client.get(f"/tables/boards/{board_set.pk}/sheets/").content.decode()
    for board in board_set.boards.all():
        assert board.commitment in sheets
        for card in board.deal["kitty"]:
            assert f'data-card="{card}"' in sheets
    assert (
        client.post("/tables/boards/new/", {"game": "pitch", "players": 9, "count": 1}).status_code
        == 200
    )
    client.force_login(make_user("Nosy"))
    assert client.get(f"/tables/boards/{board_set.pk}/sheets/").status_code == 404
    assert client.post(f"/tables/boards/{board_set.pk}/reveal/").status_code == 404
    assert client.get(f"/tables/boards/{board_set.pk}/records.zip").status_code == 404
    page = client.get(f"/tables/boards/{board_set.pk}/").content.decode()
    for board in board_set.boards.all():
        assert board.commitment in page and board.seed not in page


def test_the_deal_algorithm_is_published_as_text(client):
    from django.urls import reverse

    response = client.get(reverse("deal_algorithm"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/markdown")
    assert "Fisher" in response.content.decode()
    page = client.get(reverse("deal_verify")).content.decode()
    assert reverse("deal_algorithm") in page


def test_a_finished_tables_check_link_opens_the_form_filled_in(four, client):
    """On a finished table, "Check this deal" opens the check with the last hand's record,
    seed and commitment filled in (it opened an empty form); while the game runs the link is
    the plain form, as the seed is still secret."""
    table = services.table_create(four[0], game="pitch", players=4, hand_limit=1)
    for n, user in enumerate(four[1:], start=1):
        services.table_sit(user, table, n)
    table.refresh_from_db()
    client.force_login(four[0])
    page = client.get(f"/tables/{table.pk}/").content.decode()
    assert "Check a deal</a>" in page and "?table=" not in page
    play_until(four, table, random.Random(3), lambda t: t.is_finished)
    page = client.get(f"/tables/{table.pk}/").content.decode()
    hand = TableHand.objects.filter(table=table).order_by("-number").first()
    link = f'/deals/verify/?table={table.pk}&amp;hand={hand.number}">Check this deal</a>'
    assert link in page
    assert 'id="your-step"' not in page  # no empty "Your hand" panel once the game is over
    form = client.get(f"/deals/verify/?table={table.pk}&hand={hand.number}").content.decode()
    assert hand.seed in form and hand.commitment in form
