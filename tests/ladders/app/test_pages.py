"""The ladder, club, player, settings and rebuild pages."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.models import ClubNight
from ladders import tasks
from ladders.models import ClubLadderSettings, RebuildJob
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture
def rated(people, club, finished_table):
    """Six recent club games among the first four people (ann and cy win five of them)."""
    ann, bob, cy, di = people[:4]
    now = timezone.now()
    for number in range(6):
        winners = [1, 3] if number == 2 else [0, 2]
        totals = [100, 500, 100, 500] if number == 2 else [500, 100, 500, 100]
        table = finished_table(
            [ann, bob, cy, di],
            totals,
            winners,
            club=club,
            at=now - timedelta(days=6 - number, minutes=1),
        )
        tasks.record_table_game(table.pk)
    return people[:4]


def login(client, user):
    assert client.login(username=user.username, password=PASSWORD)


def test_the_site_ladder_lists_players_and_says_how_it_works(client, rated):
    response = client.get(reverse("ladders:index"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "Site-wide Five Hundred ladder" in html
    for user in rated:
        assert reverse("ladders:player", args=[user.username]) in html
    assert "How this ladder is computed" in html and "μ − 3σ" in html
    assert "at least 5 rated games" in html
    assert "Rebuild ratings" not in html  # not staff
    assert html.index("Ann") < html.index("Bob")  # the winners first


def test_the_game_tabs_swap_only_the_ladder_with_htmx(client, rated):
    url = reverse("ladders:index") + "?game=pitch"
    response = client.get(url, headers={"HX-Request": "true", "HX-Target": "ladder"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="ladder"')
    assert "Site-wide Auction Pitch ladder" in html and "<html" not in html
    assert "Nobody is on this ladder yet" in html
    full = client.get(url).content.decode()
    assert "<html" in full and 'hx-target="#ladder"' in full


def test_the_club_ladder_shows_the_club_rules_and_night_winners(client, rated, club, people):
    ClubLadderSettings.objects.create(club=club, min_games=2, active_days=None)
    now = timezone.now()
    night = ClubNight.objects.create(
        club=club,
        title="Last Thursday",
        starts_at=now - timedelta(days=2, hours=1),
        venue="Hall",
        capacity=8,
        registration_opens_at=now - timedelta(days=9),
        registration_closes_at=now - timedelta(days=2, hours=2),
    )
    response = client.get(reverse("ladders:club", args=[club.slug]))
    html = response.content.decode()
    assert response.status_code == 200
    assert "Gum Street ladders" in html and "at least 2 rated games" in html
    assert "however long ago they last played" in html
    assert night.name in html
    # One of the six games finished during that night: its winners won the night.
    assert "🏆" in html and "1 win in the night&#x27;s 1 rated game" in html
    assert "Ladder settings" not in html  # anonymous


def test_night_winner_from_that_nights_games(client, people, club, finished_table):
    ann, bob, cy, di = people[:4]
    now = timezone.now()
    night = ClubNight.objects.create(
        club=club,
        starts_at=now - timedelta(days=1),
        venue="Hall",
        capacity=8,
        registration_opens_at=now - timedelta(days=9),
        registration_closes_at=now - timedelta(days=1, hours=1),
    )
    at = night.starts_at + timedelta(minutes=40)
    for number, winners in enumerate(([0, 2], [1, 3], [1, 3])):
        totals = [500, 0, 500, 0] if winners == [0, 2] else [0, 500, 0, 500]
        table = finished_table(
            [ann, bob, cy, di], totals, winners, club=club, at=at + timedelta(minutes=50 * number)
        )
        tasks.record_table_game(table.pk)
    from ladders.selectors import night_history

    (line,) = night_history(club)
    assert [w["name"] for w in line.winners] == ["Bob", "Di"]
    assert line.how == "games" and "2 wins" in line.detail
    html = client.get(reverse("ladders:club", args=[club.slug])).content.decode()
    assert reverse("ladders:player", args=["bob"]) in html


def test_the_player_page_has_ratings_a_chart_and_games(client, rated, club):
    ann = rated[0]
    response = client.get(reverse("ladders:player", args=[ann.username]))
    html = response.content.decode()
    assert response.status_code == 200
    assert f'href="/ladders/clubs/{club.slug}/?game=five_hundred">Gum Street</a>' in html
    assert 'href="/ladders/?game=five_hundred">Site-wide</a>' in html
    assert '<svg xmlns="http://www.w3.org/2000/svg"' in html and 'role="img"' in html
    assert "6 rated games from" in html  # the chart's description
    assert "Recent games" in html and "Won" in html
    assert club.name in html
    # The chart of the club's ladder instead, swapped in with htmx.
    url = reverse("ladders:player", args=[ann.username]) + f"?game=five_hundred&club={club.slug}"
    part = client.get(url, headers={"HX-Request": "true", "HX-Target": "player-game"})
    assert part.content.decode().lstrip().startswith('<div id="player-game"')
    assert "Gum Street ladder" in part.content.decode()


def test_a_player_without_games(client, people):
    html = client.get(reverse("ladders:player", args=[people[5].username])).content.decode()
    assert "No rated games yet" in html and "No rated games yet." in html
    assert client.get(reverse("ladders:player", args=["nobody-here"])).status_code == 404


def test_settings_are_for_directors(client, club, people):
    url = reverse("ladders:club_settings", args=[club.slug])
    assert client.get(url).status_code == 302  # log in first
    login(client, people[3])
    assert client.get(url).status_code == 403
    client.logout()
    login(client, people[0])
    assert client.get(url).status_code == 200
    response = client.post(url, {"rate_bot_games": "on", "min_games": "3", "active_days": ""})
    assert response.status_code == 302
    row = ClubLadderSettings.objects.get(club=club)
    assert (row.rate_bot_games, row.min_games, row.active_days) == (True, 3, None)
    bad = client.post(url, {"min_games": "-4", "active_days": "10"})
    assert bad.status_code == 200 and "errorlist" in bad.content.decode()


def test_rebuilds_are_for_directors_and_staff(client, club, people, rated):
    member, owner = people[3], people[0]
    club_url = reverse("ladders:club_rebuild", args=[club.slug])
    site_url = reverse("ladders:rebuild")

    login(client, member)
    assert client.post(club_url).status_code == 403
    assert client.post(site_url).status_code == 403
    client.logout()

    login(client, owner)
    assert client.post(site_url).status_code == 403  # a director, not staff
    response = client.post(club_url, {"game": "five_hundred"})
    job = RebuildJob.objects.get()
    assert response.status_code == 302 and response["Location"] == job.get_absolute_url()
    assert (job.scope, job.club, job.game) == ("club", club, "five_hundred")
    page = client.get(job.get_absolute_url())
    html = page.content.decode()
    # The page listens to the job's stream and polls only where no stream can be held.
    events = reverse("ladders:rebuild_job_events", args=[job.pk])
    assert page.status_code == 200 and f'sse-connect="{events}?v=0"' in html
    assert (
        'hx-trigger="sse:version"' in html and 'data-poll-trigger="sse:version, every 1s"' in html
    )
    stream = client.get(events)
    assert stream.status_code == 200 and stream["Content-Type"].startswith("text/event-stream")
    assert "id: 0\nevent: version\ndata: 0\n" in stream.content.decode()
    client.logout()

    login(client, member)
    assert client.get(job.get_absolute_url()).status_code == 403
    assert client.get(events).status_code == 404
    client.logout()

    people[5].is_staff = True
    people[5].save()
    login(client, people[5])
    assert client.post(site_url).status_code == 302
    assert RebuildJob.objects.filter(scope="all").exists()
    html = client.get(reverse("ladders:index")).content.decode()
    assert "Rebuild ratings" in html


def test_the_rebuild_page_polls_until_done(
    client, club, people, rated, django_capture_on_commit_callbacks, monkeypatch
):
    from core import live

    heard = []
    monkeypatch.setattr(live, "publish", lambda channel, version: heard.append((channel, version)))
    login(client, people[0])
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("ladders:club_rebuild", args=[club.slug]))
    job = RebuildJob.objects.get()
    assert job.status == "done" and job.done == job.total == 6  # the club's six games
    # Its page's stream heard the progress, ending with "done": numbers only.
    versions = [v for channel, v in heard if channel == f"rebuild:{job.pk}"]
    assert versions and versions == sorted(versions) and versions[-1] == 2 * 6 + 1
    part = client.get(job.get_absolute_url(), headers={"HX-Request": "true"})
    html = part.content.decode()
    assert html.lstrip().startswith('<section id="job-progress"')
    assert "hx-trigger" not in html and "Done" in html and "100%" in html


def test_the_nav_and_the_club_page_link_to_the_ladders(client, club):
    assert reverse("ladders:index") in client.get(reverse("home")).content.decode()
    club_page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert reverse("ladders:club", args=[club.slug]) in club_page
    profile = client.get(reverse("accounts:profile", args=["ann"])).content.decode()
    assert reverse("ladders:player", args=["ann"]) in profile


def test_the_site_ladder_says_when_clubs_rate_games_with_bots(client, rated, club):
    assert "Some clubs rate their games with a bot" not in client.get("/ladders/").content.decode()
    ClubLadderSettings.objects.create(club=club, rate_bot_games=True)
    html = client.get("/ladders/").content.decode()
    assert "Some clubs rate their games with a bot" in html
    club_html = client.get(f"/ladders/clubs/{club.slug}/").content.decode()
    assert "Rated for the people in them" in club_html


def table_links_open(client, html) -> list[str]:
    """Every link to a site table on the page, after checking each opens for the same client."""
    import re

    links = sorted(set(re.findall(r'href="(/tables/\d+/)"', html)))
    for link in links:
        assert client.get(link).status_code == 200, link
    return links


def test_the_player_page_links_only_to_tables_the_viewer_may_open_issue_10(
    client, people, club, finished_table
):
    """A club's table is shown as text to anonymous visitors (the table page would refuse
    them); a table open to anyone stays a link, opened read-only."""
    from games.models import Table

    ann, bob, cy, di = people[:4]
    now = timezone.now()
    closed = finished_table([ann, bob, cy, di], [500, 100, 500, 100], [0, 2], club=club,
                            at=now - timedelta(days=2))  # fmt: skip
    Table.objects.filter(pk=closed.pk).update(access=Table.Access.CLUB)
    open_ = finished_table([ann, bob, cy, di], [500, 100, 500, 100], [0, 2],
                           at=now - timedelta(days=1))  # fmt: skip
    tasks.record_table_game(closed.pk)
    tasks.record_table_game(open_.pk)
    page = reverse("ladders:player", args=[ann.username])
    html = client.get(page).content.decode()
    assert table_links_open(client, html) == [f"/tables/{open_.pk}/"]
    assert closed.name in html  # as text
    login(client, bob)  # a member of the club opens both
    html = client.get(page).content.decode()
    assert table_links_open(client, html) == sorted(
        [f"/tables/{open_.pk}/", f"/tables/{closed.pk}/"]
    )


def test_the_site_ladder_dates_the_last_game_on_the_readers_clock(client, rated, finished_table):
    """A game over at 11:56 pm in Perth was played that day for a reader in Perth, though it
    was already the next day in Sydney (the site's zone): /ladders/ said the next day."""
    from datetime import UTC

    from django.utils import dateformat

    ann, bob, cy, di = rated
    now = timezone.now().astimezone(UTC)
    late = now.replace(hour=15, minute=56, second=0, microsecond=0)
    if late > now:
        late -= timedelta(days=1)
    table = finished_table([ann, bob, cy, di], [500, 100, 500, 100], [0, 2], at=late)
    tasks.record_table_game(table.pk)
    ann.time_zone = "Australia/Perth"
    ann.save(update_fields=["time_zone"])
    login(client, ann)
    page = client.get(reverse("ladders:index")).content.decode()
    perth_day = dateformat.format(late.date(), "j M Y")
    next_day = dateformat.format(late.date() + timedelta(days=1), "j M Y")
    assert f'<td class="ld-wide">{perth_day}</td>' in page
    assert f'<td class="ld-wide">{next_day}</td>' not in page
    # Each recent game on the player's page says which game it was.
    page = client.get(reverse("ladders:player", args=[ann.username]) + "?game=pitch")
    recent = page.content.decode().split('id="recent-title"')[1].split("</section>")[0]
    assert recent.count('<span class="pill neutral">Five Hundred</span>') == 7
