"""The ladders API: ladders, ratings and history, statistics, settings and rebuilds."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from clubs.models import Club, Membership
from ladders import tasks
from ladders.models import ClubLadderSettings, PlayerGameStats, RatedGame, RebuildJob

pytestmark = pytest.mark.django_db


@pytest.fixture
def api():
    return APIClient()


def as_user(user) -> APIClient:
    client = APIClient()
    _, token = AuthToken.objects.create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.fixture
def rated(people, club, finished_table):
    ann, bob, cy, di = people[:4]
    now = timezone.now()
    for number in range(5):
        table = finished_table(
            [ann, bob, cy, di],
            [500, 100, 500, 100],
            [0, 2],
            club=club,
            at=now - timedelta(hours=10 - number),
        )
        tasks.record_table_game(table.pk)
    return people[:4]


def test_the_site_ladder(api, rated):
    response = api.get("/api/ladders/site/five_hundred/")
    assert response.status_code == 200
    body = response.json()
    assert body["game"] == "five_hundred" and body["club"] is None
    assert body["rules"] == {"rate_with_bots": False, "min_games": 5, "active_days": 90}
    assert "μ − 3σ" in body["explanation"]
    assert body["games_rated"] == 5 and body["count"] == 4
    top = body["rows"][0]
    assert top["position"] == 1 and top["player"]["username"] in ("ann", "cy")
    assert top["wins"] == 5 and top["games_played"] == 5
    assert top["conservative"] == pytest.approx(top["mu"] - 3 * top["sigma"])
    assert [r["position"] for r in body["rows"]] == [1, 1, 3, 3]
    assert len(api.get("/api/ladders/site/five_hundred/?limit=1&offset=1").json()["rows"]) == 1
    assert api.get("/api/ladders/site/five_hundred/?limit=0").status_code == 400
    assert api.get("/api/ladders/site/bridge/").status_code == 400


def test_a_club_ladder(api, rated, club):
    ClubLadderSettings.objects.create(club=club, min_games=6)
    body = api.get(f"/api/ladders/clubs/{club.slug}/five_hundred/").json()
    assert body["club"]["slug"] == club.slug and body["rules"]["min_games"] == 6
    assert body["rows"] == [] and body["games_rated"] == 5
    assert api.get("/api/ladders/clubs/no-such-club/pitch/").status_code == 404


def test_a_players_ratings_and_history(api, rated, club):
    body = api.get("/api/players/ann/ratings/").json()
    assert body["player"]["username"] == "ann"
    where = [
        (r["ladder"]["game"], (r["ladder"]["club"] or {}).get("slug")) for r in body["ratings"]
    ]
    assert where == [("five_hundred", None), ("five_hundred", club.slug)]
    assert all(r["position"] == 1 for r in body["ratings"])

    history = api.get("/api/players/ann/ratings/history/?game=five_hundred").json()
    points = history["history"]
    assert len(points) == 5 and history["ladder"]["club"] is None
    assert [p["played_at"] for p in points] == sorted(p["played_at"] for p in points)
    assert points[-1]["mu"] == pytest.approx(body["ratings"][0]["mu"])
    assert points[0]["label"].startswith("Table")
    club_history = api.get(f"/api/players/ann/ratings/history/?club={club.slug}").json()
    assert club_history["ladder"]["club"]["slug"] == club.slug and len(club_history["history"]) == 5
    assert api.get("/api/players/ann/ratings/history/?game=chess").status_code == 400
    assert api.get("/api/players/nobody/ratings/").status_code == 404


def test_an_unnamed_tables_game_is_called_after_its_opener_in_the_readers_language(
    api, people, club, finished_table
):
    """A table opened without a name is "Ann's Five Hundred table" to an English reader and
    "Meja Lima Ratus Ann" to a Malay one, on the ladder pages and in the API alike, whatever
    language the game was recorded in."""
    from django.conf import settings
    from django.test import Client
    from django.utils import translation

    ann, bob, cy, di = people[:4]
    table = finished_table([ann, bob, cy, di], [500, 100, 500, 100], [0, 2], named_after="Ann")
    with translation.override("ur"):
        tasks.record_table_game(table.pk)
    assert RatedGame.objects.get(table=table).label.endswith("میز")  # as recorded
    history = "/api/players/ann/ratings/history/?game=five_hundred"
    assert api.get(history).json()["history"][0]["label"] == "Ann's Five Hundred table"
    malay = api.get(history, HTTP_ACCEPT_LANGUAGE="ms").json()["history"][0]["label"]
    assert malay == "Meja Lima Ratus Ann"
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ms"
    page = client.get("/ladders/players/ann/").content.decode()
    assert "Meja Lima Ratus Ann" in page and "میز" not in page


def test_a_players_statistics(api, rated):
    # Stored figures as the statistics task writes them (one Pitch game).
    from ladders import stats_data

    data = stats_data.empty("pitch")
    data.update(hands=6, bids={"1": [0, 0], "2": [2, 1], "3": [1, 1], "4": [0, 0]})
    data.update(points={"high": 2, "low": 1, "jack": 0, "game": 3}, score=[6, 5], games=[1, 1])
    game = RatedGame.objects.first()
    PlayerGameStats.objects.create(rated_game=game, user=rated[0], game="pitch", data=data)

    body = api.get("/api/players/ann/stats/?game=pitch").json()
    assert body["games_recorded"] == 1 and body["five_hundred"] is None
    pitch = body["pitch"]
    assert pitch["bids"]["2"] == {"bid": 2, "made": 1, "set": 1}
    assert pitch["all_bids"] == {"bid": 3, "made": 2, "set": 1}
    assert pitch["points"] == {"high": 2, "low": 1, "jack": 0, "game": 3}
    assert pitch["score"]["average"] == pytest.approx(5 / 6)
    assert pitch["games"] == {"played": 1, "won": 1}

    empty = api.get("/api/players/ann/stats/").json()
    assert empty["game"] == "five_hundred" and empty["five_hundred"]["hands"] == 0
    assert empty["five_hundred"]["contracts"]["7NT"] == {"bid": 0, "made": 0, "set": 0}


def test_settings_read_by_anyone_changed_by_directors(api, club, people):
    url = f"/api/ladders/clubs/{club.slug}/settings/"
    assert api.get(url).json() == {"rate_bot_games": False, "min_games": 5, "active_days": 90}
    change = {"rate_bot_games": True, "min_games": 2, "active_days": None}
    assert api.put(url, change, format="json").status_code in (401, 403)
    refused = as_user(people[2]).put(url, change, format="json")
    assert refused.status_code == 403 and refused.json()["code"] == "not_allowed"
    done = as_user(people[0]).put(url, change, format="json")
    assert done.status_code == 200 and done.json() == change
    bad = as_user(people[0]).put(url, {"rate_bot_games": True, "min_games": -1}, format="json")
    assert bad.status_code == 400
    assert ClubLadderSettings.objects.get(club=club).min_games == 2


def test_rebuilds_only_for_directors_and_staff(api, club, people, rated):
    assert api.post("/api/ladders/rebuild/", {}, format="json").status_code in (401, 403)
    member, owner, staff = people[3], people[0], people[6]
    staff.is_staff = True
    staff.save()

    refused = as_user(member).post("/api/ladders/rebuild/", {"club": club.slug}, format="json")
    assert refused.status_code == 403
    refused = as_user(owner).post("/api/ladders/rebuild/", {}, format="json")
    assert refused.status_code == 403 and "staff" in refused.json()["detail"]

    made = as_user(owner).post(
        "/api/ladders/rebuild/", {"club": club.slug, "game": "pitch"}, format="json"
    )
    assert made.status_code == 202
    job = made.json()
    assert (job["scope"], job["club"]["slug"], job["game"]) == ("club", club.slug, "pitch")
    assert job["status"] == "pending"

    seen = as_user(owner).get(f"/api/ladders/rebuilds/{job['id']}/")
    assert seen.status_code == 200 and seen.json()["id"] == job["id"]
    assert as_user(member).get(f"/api/ladders/rebuilds/{job['id']}/").status_code == 403
    assert as_user(owner).get("/api/ladders/rebuilds/999999/").status_code == 404

    site = as_user(staff).post("/api/ladders/rebuild/", {}, format="json")
    assert site.status_code == 202 and site.json()["scope"] == "all"
    assert RebuildJob.objects.count() == 2


@pytest.mark.parametrize(
    "name", ["ਅੰਮ੍ਰਿਤਸਰ ਤਾਸ਼ ਕਲੱਬ", "पुणे पत्ते मंडळ", "لاہور کارڈ کلب", "Kookaburra Card Club"]
)
def test_a_director_rebuilds_a_club_whose_address_is_in_any_script(people, name):
    """A club's slug keeps its own script (marks included); the rebuild API took only ASCII
    slugs and answered 400 to every other club's director."""
    club = Club.objects.create(name=name, slug=Club.unique_slug(name))
    assert club.slug == name.lower().replace(" ", "-")
    Membership.objects.create(club=club, user=people[1], role=Membership.Role.DIRECTOR)

    made = as_user(people[1]).post("/api/ladders/rebuild/", {"club": club.slug}, format="json")
    assert made.status_code == 202, made.json()
    assert (made.json()["scope"], made.json()["club"]["slug"]) == ("club", club.slug)
    assert RebuildJob.objects.get().club == club
    # Not a director of that club: refused for that, not for its address.
    refused = as_user(people[2]).post("/api/ladders/rebuild/", {"club": club.slug}, format="json")
    assert refused.status_code == 403


@pytest.mark.parametrize("value", ["Gum Street", "gum/street", "ਕਲੱਬ.ਸਾਈਟ", "-gum-", "Gum-Street"])
def test_a_rebuild_for_a_malformed_club_address_is_a_clear_400(club, people, value):
    response = as_user(people[0]).post("/api/ladders/rebuild/", {"club": value}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid" and body["field"] == "club"
    assert "letters (in any script)" in body["detail"]
    assert not RebuildJob.objects.exists()
    # Well formed but no such club: 404.
    missing = as_user(people[0]).post("/api/ladders/rebuild/", {"club": "ਕੋਈ-ਨਹੀਂ"}, format="json")
    assert missing.status_code == 404 and missing.json()["code"] == "not_found"


def test_the_schema_describes_the_ladders(api):
    schema = api.get("/api/schema/", {"format": "json"})
    assert schema.status_code == 200
    paths = schema.json()["paths"]
    for path in (
        "/api/ladders/site/{game}/",
        "/api/ladders/clubs/{slug}/{game}/",
        "/api/ladders/clubs/{slug}/settings/",
        "/api/ladders/rebuild/",
        "/api/ladders/rebuilds/{job_id}/",
        "/api/players/{username}/ratings/",
        "/api/players/{username}/ratings/history/",
        "/api/players/{username}/stats/",
    ):
        assert path in paths, path
