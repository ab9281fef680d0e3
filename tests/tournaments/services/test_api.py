"""The tournaments API: the same permissions as the services, by role, and errors as 400, 403
and 409 with the reason."""

from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from rest_framework.test import APIClient

from tournaments import services
from tournaments.models import Round, TableResult, Tournament

pytestmark = pytest.mark.django_db


def client_for(user=None):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def running(make_tournament, director):
    """A Swiss of four pairs with round 1 published."""
    tournament = make_tournament(4, start=True)
    services.round_publish(director, tournament.round_set.get())
    return tournament


def test_directors_create_tournaments_and_others_cannot(club, director, member, outsider, night):
    body = {"club": "wattle", "name": "Spring Swiss", "game": "five_hundred", "format": "swiss"}
    assert client_for().post("/api/tournaments/", body, format="json").status_code == 401
    for person in (member, outsider):
        response = client_for(person).post("/api/tournaments/", body, format="json")
        assert response.status_code == 403 and response.json()["code"] == "not_allowed"
    response = client_for(director).post(
        "/api/tournaments/", {**body, "night": night.pk, "tiebreaks": ["wins"]}, format="json"
    )
    assert response.status_code == 201, response.json()
    data = response.json()
    assert data["status"] == "draft" and data["night"] == night.pk
    assert data["tiebreaks"] == ["wins"] and data["you"]["is_director"] is True
    bad = client_for(director).post("/api/tournaments/", {**body, "play": "hands"}, format="json")
    assert bad.status_code == 400 and bad.json()["field"] == "hand_limit"
    listed = client_for().get("/api/tournaments/?club=wattle").json()
    assert [t["name"] for t in listed["results"]] == ["Spring Swiss"]


def test_a_club_whose_address_is_in_another_script_gets_tournaments_by_api(club, director):
    """Club addresses may be in any script (a Pune club's in Devanagari): the API takes them."""
    from clubs.models import Club

    Club.objects.filter(pk=club.pk).update(slug="कोथरूड-पत्ते-क्लब")
    body = {"club": "कोथरूड-पत्ते-क्लब", "name": "दिवाळी", "game": "pitch", "format": "swiss"}
    response = client_for(director).post("/api/tournaments/", body, format="json")
    assert response.status_code == 201, response.json()
    assert Tournament.objects.get(pk=response.json()["id"]).club_id == club.pk
    bad = client_for(director).post("/api/tournaments/", {**body, "club": "a b"}, format="json")
    assert bad.status_code == 400 and bad.json()["code"]


def test_the_list_counts_entrants_not_withdrawn(running, director, make_tournament):
    make_tournament(2)
    services.entrant_withdraw(director, running.entrants.order_by("seed").last())
    listed = client_for().get("/api/tournaments/?club=wattle").json()["results"]
    counts = {t["id"]: t["entrant_count"] for t in listed}
    assert len(counts) == 2 and counts[running.pk] == 3
    assert client_for().get(f"/api/tournaments/{running.pk}/").json()["entrant_count"] == 3


def test_the_list_says_what_you_are_to_each_without_a_query_a_tournament(
    running, director, outsider, make_tournament
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments import selectors
    from tournaments.models import EntrantMember

    player = EntrantMember.objects.filter(tournament=running, user__isnull=False).first().user

    def listed(user):
        with CaptureQueriesContext(connection) as queries:
            results = client_for(user).get("/api/tournaments/?club=wattle").json()["results"]
        return {t["id"]: t["you"] for t in results}, len(queries)

    def expected(user, pk):
        access = selectors.tournament_access(user, Tournament.objects.get(pk=pk))
        entrant = access.entrant.pk if access.entrant else None
        return {"is_director": access.is_director, "entrant_id": entrant}

    make_tournament(2)
    for user in (player, director, outsider):
        you, _ = listed(user)
        assert len(you) == 2 and you == {pk: expected(user, pk) for pk in you}
    assert listed(player)[0][running.pk]["entrant_id"] is not None
    assert all(v["is_director"] for v in listed(director)[0].values())
    few = listed(player)[1]
    make_tournament(2)
    make_tournament(2)
    you, more = listed(player)
    assert len(you) == 4 and more == few


def test_entrants_are_added_by_directors_with_users_or_guests(
    make_tournament, director, member, players
):
    tournament = make_tournament(0)
    url = f"/api/tournaments/{tournament.pk}/entrants/"
    body = {"members": [{"username": players[0].username}, {"guest_name": "Gus"}]}
    assert client_for(member).post(url, body, format="json").status_code == 403
    response = client_for(director).post(url, body, format="json")
    assert response.status_code == 201
    assert [m["name"] for m in response.json()["members"]] == ["P01", "Gus"]
    again = client_for(director).post(url, {"members": [{"user_id": players[0].pk}]}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "already_entered"
    nobody = client_for(director).post(url, {"members": [{"username": "ghost"}]}, format="json")
    assert nobody.status_code == 400
    assert client_for().get(url).json()["results"][0]["name"] == "P01 & Gus"


def test_start_pair_publish_and_close_are_for_directors(make_tournament, director, member):
    tournament = make_tournament(4)
    start = f"/api/tournaments/{tournament.pk}/start/"
    assert client_for(member).post(start).status_code == 403
    assert client_for(director).post(start).json()["status"] == "running"
    round1 = Round.objects.get(tournament=tournament)
    # A draft round is the directors' to see.
    assert client_for(member).get(f"/api/tournament-rounds/{round1.pk}/").status_code == 404
    seating = client_for(director).get(f"/api/tournament-rounds/{round1.pk}/").json()
    assert len(seating["tables"]) == 2 and seating["status"] == "draft"
    rounds = client_for().get(f"/api/tournaments/{tournament.pk}/rounds/").json()
    assert rounds["results"] == []
    publish = f"/api/tournament-rounds/{round1.pk}/publish/"
    assert client_for(member).post(publish).status_code == 404  # hidden while a draft
    assert client_for(director).post(publish).json()["status"] == "published"
    assert client_for(member).post(f"/api/tournament-rounds/{round1.pk}/close/").status_code == 403
    close = client_for(director).post(f"/api/tournament-rounds/{round1.pk}/close/")
    assert close.status_code == 409 and close.json()["code"] == "round_unfinished"
    pair = client_for(director).post(f"/api/tournaments/{tournament.pk}/pair-round/")
    assert pair.status_code == 409


def test_swaps_through_the_api(make_tournament, director, member):
    tournament = make_tournament(4, start=True)
    round1 = Round.objects.get(tournament=tournament)
    seating = client_for(director).get(f"/api/tournament-rounds/{round1.pk}/").json()
    entrants = [
        seating["tables"][0]["seats"][1]["entrant_id"],
        seating["tables"][1]["seats"][0]["entrant_id"],
    ]
    url = f"/api/tournament-rounds/{round1.pk}/swap-entrants/"
    assert client_for(member).post(url, {"entrants": entrants}, format="json").status_code == 404
    swapped = client_for(director).post(url, {"entrants": entrants}, format="json").json()
    assert swapped["tables"][0]["seats"][1]["entrant_id"] == entrants[1]
    seats = [seating["tables"][0]["seats"][0]["id"], seating["tables"][0]["seats"][1]["id"]]
    refused = client_for(director).post(
        f"/api/tournament-rounds/{round1.pk}/swap-seats/", {"seats": seats}, format="json"
    )
    assert refused.status_code == 400 and refused.json()["field"] == "seats"


def test_results_by_role(running, director, players, member, outsider):
    table = running.round_set.get().tables.get(number=1)
    url = f"/api/tournament-tables/{table.pk}/"
    body = {"scores": [510, 230], "hands_won": [6, 4]}
    for person in (None, member, outsider, players[5]):
        response = client_for(person).post(url + "result/", body, format="json")
        assert response.status_code == (401 if person is None else 403), person
    entered = client_for(players[0]).post(url + "result/", body, format="json")
    assert entered.status_code == 201
    assert entered.json()["result"]["status"] == "pending"
    assert client_for(players[1]).post(url + "confirm/").status_code == 403  # own side
    clash = client_for(players[2]).post(url + "result/", {"scores": [1, 2]}, format="json")
    assert clash.status_code == 409 and clash.json()["code"] == "result_exists"
    confirmed = client_for(players[2]).post(url + "confirm/")
    assert confirmed.status_code == 200 and confirmed.json()["finished"] is True
    correct = {"scores": [230, 510], "reason": "Card misread"}
    assert client_for(players[0]).post(url + "correct/", correct, format="json").status_code == 403
    no_reason = client_for(director).post(url + "correct/", {"scores": [1, 2]}, format="json")
    assert no_reason.status_code == 400
    fixed = client_for(director).post(url + "correct/", correct, format="json")
    assert fixed.status_code == 200 and fixed.json()["sides"][1]["won"] is True
    audit = f"/api/tournaments/{running.pk}/audit/"
    assert client_for(member).get(audit).status_code == 403
    (entry,) = client_for(director).get(audit).json()["results"]
    assert entry["reason"] == "Card misread" and entry["old"]["scores"] == [510, 230]


def test_withdraw_by_own_player_not_by_others(running, players, director):
    entrant = running.entrants.get(seed=1)
    url = f"/api/tournament-entrants/{entrant.pk}/withdraw/"
    assert client_for(players[3]).post(url).status_code == 403
    assert client_for(players[0]).post(url).json()["withdrawn"] is True
    reinstate = f"/api/tournament-entrants/{entrant.pk}/reinstate/"
    assert client_for(players[0]).post(reinstate).status_code == 403
    assert client_for(director).post(reinstate).json()["withdrawn"] is False


def test_standings_version_csv_and_my_table(
    running, director, players, django_capture_on_commit_callbacks
):
    round1 = running.round_set.get()
    with django_capture_on_commit_callbacks(execute=True):
        for table in round1.tables.all():
            services.result_enter(director, table, scores=[500, 100])
    base = f"/api/tournaments/{running.pk}/"
    version = client_for().get(base + "standings-version/").json()["version"]
    standings = client_for().get(base + "standings/").json()
    assert standings["version"] == version >= 1
    assert [line["rank"] for line in standings["lines"]] == [1, 1, 3, 3]  # level winners
    # Its time carries the API's offset, like every other time (it read "…Z", in UTC).
    running.refresh_from_db()
    there = running.standings_updated_at.astimezone(ZoneInfo(settings.TIME_ZONE))
    assert standings["updated_at"] == there.isoformat() and "Z" not in standings["updated_at"]
    csv = client_for().get(base + "standings-csv/")
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode().splitlines()[0].startswith("Rank,Entrant,Players")
    assert client_for().get(base + "my-table/").status_code in (401, 403)
    mine = client_for(players[2]).get(base + "my-table/").json()
    assert mine["table"]["number"] == 1 and mine["seat"] == 1 and mine["side"] == 1
    assert client_for(director).get(base + "my-table/").status_code == 404
    assert client_for().get("/api/tournaments/999999/standings-version/").status_code == 404
    assert client_for().get(base + "bracket/").status_code == 404


def test_bracket_endpoint(make_tournament, director):
    tournament = make_tournament(4, format="single_elimination", start=True)
    data = client_for().get(f"/api/tournaments/{tournament.pk}/bracket/").json()
    assert data["kind"] == "single" and len(data["matches"]) == 3
    assert data["matches"][0]["table_id"] is not None


def test_settings_change_and_delete(make_tournament, director, member):
    tournament = make_tournament(2)
    url = f"/api/tournaments/{tournament.pk}/"
    assert client_for(member).patch(url, {"name": "X"}, format="json").status_code == 403
    response = client_for(director).patch(url, {"name": "Winter Cup", "rounds": 3}, format="json")
    assert response.status_code == 200 and response.json()["rounds"] == 3
    fixed = client_for(director).patch(url, {"format": "round_robin"}, format="json")
    assert fixed.status_code == 400
    assert client_for(member).delete(url).status_code == 403
    assert client_for(director).delete(url).status_code == 204
    assert not Tournament.objects.exists()


def test_the_schema_documents_the_tournament_endpoints(client):
    schema = client.get("/api/schema/").content.decode()
    for path in (
        "/api/tournaments/{id}/pair-round/",
        "/api/tournament-tables/{id}/correct/",
        "/api/tournament-rounds/{id}/swap-seats/",
        "/api/tournaments/{id}/standings-version/",
    ):
        assert path in schema
    assert not TableResult.objects.exists()
