"""What the ladder pages cache changes the moment what it shows does (issue 14): a new game, a
rebuild, new rules, a new name; and the cached rows are the ones a fresh render gives, in every
language and time zone."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from django.conf import settings
from django.core.cache import cache
from django.utils import timezone

from core.choices import Game
from ladders import selectors, tasks
from ladders.models import ClubLadderSettings, Ladder
from ladders.services.rebuilding import ladder_rebuild

pytestmark = pytest.mark.django_db


def _play(finished_table, club, seats, winners, at):
    totals = [500 if i in winners else 100 for i in range(len(seats))]
    table = finished_table(seats, totals, winners, club=club, at=at)
    tasks.record_table_game(table.pk)


@pytest.fixture
def rated(people, club, finished_table):
    """Six recent club games: ann and cy win five, bob and di one."""
    ann, bob, cy, di = people[:4]
    now = timezone.now()
    for number in range(6):
        winners = [1, 3] if number == 2 else [0, 2]
        _play(finished_table, club, [ann, bob, cy, di], winners, now - timedelta(days=6 - number))
    return people[:4]


def _names_in_order(client, url) -> list[str]:
    html = client.get(url).content.decode()
    body = html[html.index("<tbody>") : html.index("</tbody>")]
    return re.findall(r'<a href="/ladders/players/[^"]+">([^<]+)</a>', body)


def _rows_html(client, url, **kwargs) -> str:
    html = client.get(url, **kwargs).content.decode()
    return html[html.index("<tbody>") : html.index("</tbody>")]


def test_a_new_game_moves_the_cached_ladder_at_once(client, rated, club, finished_table):
    ann, bob, cy, di = rated
    url = f"/ladders/clubs/{club.slug}/"
    assert _names_in_order(client, url)[:2] == ["Ann", "Cy"]
    version = Ladder.objects.get(club=club, game=Game.FIVE_HUNDRED).version
    for _ in range(6):
        _play(finished_table, club, [ann, bob, cy, di], [1, 3], timezone.now())
    assert Ladder.objects.get(club=club, game=Game.FIVE_HUNDRED).version == version + 6
    assert _names_in_order(client, url)[:2] in (["Bob", "Di"], ["Di", "Bob"])
    api = client.get(f"/api/ladders/clubs/{club.slug}/five_hundred/").json()
    assert {row["player"]["username"] for row in api["rows"][:2]} == {"bob", "di"}


def test_a_rebuild_bumps_the_version_and_a_newcomer_shows(client, rated, club, people):
    ladder = Ladder.objects.get(club=club, game=Game.FIVE_HUNDRED)
    selectors.ladder_board(Game.FIVE_HUNDRED, club)  # cached
    ladder_rebuild(Game.FIVE_HUNDRED, club.pk)
    assert Ladder.objects.get(pk=ladder.pk).version == ladder.version + 1


def test_new_rules_show_at_once(client, rated, club):
    url = f"/ladders/clubs/{club.slug}/"
    assert len(_names_in_order(client, url)) == 4
    ClubLadderSettings.objects.create(club=club, min_games=7)
    assert "<tbody>" not in client.get(url).content.decode()  # nobody has seven games
    ClubLadderSettings.objects.filter(club=club).update(min_games=1)
    assert len(_names_in_order(client, url)) == 4


def test_a_new_name_shows_at_once(client, rated, club):
    url = f"/ladders/clubs/{club.slug}/"
    assert "Ann" in _names_in_order(client, url)
    ann = rated[0]
    ann.display_name = "Annabel"
    ann.save()
    assert "Annabel" in _names_in_order(client, url)


def test_a_player_who_falls_inactive_leaves_the_cached_ladder(rated, club):
    board = selectors.ladder_board(Game.FIVE_HUNDRED, club)
    assert len(board.rows) == 4
    later = selectors.ladder_board(Game.FIVE_HUNDRED, club, now=timezone.now() + timedelta(days=95))
    assert later.rows == [] and later.rated_players == 4


def test_the_board_reads_members_only_for_the_page_shown(rated, club, django_assert_num_queries):
    board = selectors.ladder_board(Game.FIVE_HUNDRED, club)
    with django_assert_num_queries(0):
        page = board.rows[0:2]  # read when looked at
        assert len(page) == 2 and len(board.rows) == 4
    with django_assert_num_queries(1):
        assert [user.username for _, user in page] == ["ann", "cy"]
    with django_assert_num_queries(0):
        assert board.rows[0][1].username == "ann"


LANGUAGES = [code for code, _ in settings.LANGUAGES]


def test_cached_rows_are_the_fresh_rows_in_every_language(client, rated, club):
    from django.conf import settings as live

    url = f"/ladders/clubs/{club.slug}/"
    fresh = {}
    for code in LANGUAGES:
        cache.clear()
        client.cookies[live.LANGUAGE_COOKIE_NAME] = code
        fresh[code] = _rows_html(client, url)
    # Each language's rows, from a cache that every other language has filled first.
    for code in LANGUAGES:
        for other in LANGUAGES:
            client.cookies[live.LANGUAGE_COOKIE_NAME] = other
            client.get(url)
        client.cookies[live.LANGUAGE_COOKIE_NAME] = code
        assert _rows_html(client, url) == fresh[code], code
    assert len(set(fresh.values())) > 1  # the languages do write them differently


def test_cached_rows_are_the_fresh_rows_in_every_zone(client, people, club, finished_table):
    ann, bob, cy, di = people[:4]
    # Late on a UTC evening: already the next day in Auckland, the same day in Los Angeles.
    evening = (timezone.now() - timedelta(days=3)).replace(hour=22, minute=30, tzinfo=UTC)
    for number in range(6):
        _play(finished_table, club, [ann, bob, cy, di], [0, 2], evening - timedelta(days=number))
    url = f"/ladders/clubs/{club.slug}/"
    fresh = {}
    for zone in ("Pacific/Auckland", "America/Los_Angeles"):
        club.time_zone = zone
        club.save()
        cache.clear()
        fresh[zone] = _rows_html(client, url)
    assert fresh["Pacific/Auckland"] != fresh["America/Los_Angeles"]
    for zone in ("Pacific/Auckland", "America/Los_Angeles", "Pacific/Auckland"):
        club.time_zone = zone
        club.save()
        assert _rows_html(client, url) == fresh[zone], zone


def test_the_reader_sees_their_own_row_marked_from_the_cache(client, rated, club):
    url = f"/ladders/clubs/{club.slug}/"
    assert 'class="is-you"' not in _rows_html(client, url)
    client.force_login(rated[1])
    assert _rows_html(client, url).count('class="is-you"') == 1
    client.logout()
    assert 'class="is-you"' not in _rows_html(client, url)


def test_player_statistics_follow_a_new_game_at_once(client, rated, club, finished_table):
    from ladders.models import PlayerGameStats
    from ladders.stats_data import empty

    ann = rated[0]
    stats, games = selectors.player_stats(ann, Game.FIVE_HUNDRED)
    base = PlayerGameStats.objects.filter(user=ann).count()
    assert games == base
    rated_game = ann.ladder_games.first().rated_game
    PlayerGameStats.objects.filter(user=ann, rated_game=rated_game).delete()
    figures = empty(Game.FIVE_HUNDRED)
    figures["hands"], figures["games"] = 99, [1, 1]
    PlayerGameStats.objects.create(
        rated_game=rated_game, user=ann, game=Game.FIVE_HUNDRED, data=figures
    )
    again, count = selectors.player_stats(ann, Game.FIVE_HUNDRED)
    assert count == base + (0 if base else 1)
    assert again.hands >= 99 and again.hands != stats.hands


def test_overlapping_nights_count_a_game_for_each(people, club, finished_table):
    """Two nights whose times overlap: a game in both windows counts for both (the fallback
    count), as it always did."""
    from clubs.models import ClubNight

    ann, bob, cy, di = people[:4]
    start = datetime(2025, 5, 2, 8, 0, tzinfo=UTC)
    common = {"club": club, "venue": "Hall", "capacity": 20, "duration_minutes": 120}
    for offset in (0, 3):
        at = start + timedelta(hours=offset)
        ClubNight.objects.create(
            starts_at=at,
            registration_opens_at=at - timedelta(days=7),
            registration_closes_at=at,
            **common,
        )
    _play(finished_table, club, [ann, bob, cy, di], [0, 2], start + timedelta(hours=3, minutes=30))
    lines = selectors.night_history(club, now=start + timedelta(days=1))
    assert [sorted(w["name"] for w in line.winners) for line in lines] == [["Ann", "Cy"]] * 2
    assert all("1 rated game" in line.detail for line in lines), [ln.detail for ln in lines]


def test_the_cached_night_history_follows_a_game_and_a_name_at_once(
    club_night, client, people, club, finished_table
):
    ann, bob, cy, di = people[:4]
    started = timezone.now() - timedelta(hours=2)
    club_night(club, started)
    url = f"/ladders/clubs/{club.slug}/"
    assert "No tournament or rated games recorded." in client.get(url).content.decode()
    _play(finished_table, club, [ann, bob, cy, di], [0, 2], started + timedelta(minutes=40))
    html = client.get(url).content.decode()
    assert "No tournament or rated games recorded." not in html
    assert "1 win in the night&#x27;s 1 rated game" in html and ">Ann</a>" in html
    ann.display_name = "Annabel"
    ann.save()
    assert ">Annabel</a>" in client.get(url).content.decode()


def test_the_cached_night_history_takes_in_a_night_once_it_starts(
    club_night, people, club, monkeypatch
):
    now = timezone.now()
    night = club_night(club, now + timedelta(hours=1))
    assert selectors.night_history_cached(club) == []
    monkeypatch.setattr(selectors.timezone, "now", lambda: now + timedelta(hours=2))
    assert [line.night.pk for line in selectors.night_history_cached(club)] == [night.pk]


def test_the_cached_night_history_speaks_the_readers_language(
    club_night, people, club, finished_table
):
    from django.utils import translation

    ann, bob, cy, di = people[:4]
    started = timezone.now() - timedelta(hours=2)
    club_night(club, started)
    _play(finished_table, club, [ann, bob, cy, di], [0, 2], started + timedelta(minutes=40))
    details = {}
    for code in LANGUAGES:
        with translation.override(code):
            details[code] = selectors.night_history_cached(club)[0].detail
    cache.clear()
    for code in LANGUAGES:
        with translation.override(code):
            assert selectors.night_history(club)[0].detail == details[code]


def test_the_cached_rating_chart_follows_a_new_game_at_once(client, rated, club, finished_table):
    ann, bob, cy, di = rated
    url = f"/ladders/players/{ann.username}/?club={club.slug}"
    html = client.get(url).content.decode()
    dots = html.count("<circle")
    assert dots
    _play(finished_table, club, [ann, bob, cy, di], [0, 2], timezone.now())
    again = client.get(url).content.decode()
    assert again.count("<circle") > dots


def test_the_cached_rating_chart_speaks_the_readers_language(client, rated, club):
    from django.conf import settings as live

    url = f"/ladders/players/{rated[0].username}/?club={club.slug}"

    def chart(code):
        client.cookies[live.LANGUAGE_COOKIE_NAME] = code
        html = client.get(url).content.decode()
        start = html.index('id="rating-chart"')
        return html[start : html.index("</svg>", start)]

    fresh = {}
    for code in LANGUAGES:
        cache.clear()
        fresh[code] = chart(code)
    for code in LANGUAGES:
        assert chart(code) == fresh[code], code
    assert len(set(fresh.values())) > 1


def test_the_rendered_night_history_follows_the_clubs_zone_and_language(
    club_night, client, people, club
):
    from django.utils import translation

    started = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)  # 2 March in UTC, 3 March further east
    club_night(club, started)
    url = f"/ladders/clubs/{club.slug}/"

    def nights_html(**kwargs) -> str:
        html = client.get(url, **kwargs).content.decode()
        return html[html.index('class="plain-list night-winners"') :].split("</ul>", 1)[0]

    club.time_zone = "UTC"
    club.save()
    assert "2 Mar 2026" in nights_html()
    club.time_zone = "Australia/Sydney"
    club.save()
    assert "3 Mar 2026" in nights_html()
    cached = {code: nights_html(headers={"accept-language": code}) for code in LANGUAGES}
    cache.clear()
    for code in LANGUAGES:
        with translation.override(code):
            assert nights_html(headers={"accept-language": code}) == cached[code]


def _between(html: str, start: str, end: str) -> str:
    at = html.index(start)
    return html[at : html.index(end, at)]


def _give_stats(user, hands: int) -> None:
    """The player's first rated game with `hands` hands counted (statistics to show)."""
    from ladders.models import PlayerGameStats
    from ladders.stats_data import empty

    rated_game = user.ladder_games.first().rated_game
    PlayerGameStats.objects.filter(user=user, rated_game=rated_game).delete()
    figures = empty(Game.FIVE_HUNDRED)
    figures["hands"], figures["games"] = hands, [1, 1]
    PlayerGameStats.objects.create(
        rated_game=rated_game, user=user, game=Game.FIVE_HUNDRED, data=figures
    )


def test_the_player_pages_rendered_statistics_follow_a_change_at_once(client, rated):
    ann = rated[0]
    url = f"/ladders/players/{ann.username}/?game=five_hundred"
    _give_stats(ann, 40)
    html = client.get(url).content.decode()
    stats_html = _between(html, 'id="stats-title"', "</section>")
    hands = selectors.player_stats(ann, Game.FIVE_HUNDRED)[0].hands
    assert f"<dd>{hands}" in stats_html and 'class="chart-grid"' in html
    _give_stats(ann, 77)
    again = client.get(url).content.decode()
    hands_now = selectors.player_stats(ann, Game.FIVE_HUNDRED)[0].hands
    assert hands_now == hands + 37
    assert f"<dd>{hands_now}" in _between(again, 'id="stats-title"', "</section>")


def test_the_player_pages_cached_parts_are_fresh_in_every_language(client, rated):
    from django.utils import translation

    _give_stats(rated[0], 40)
    url = f"/ladders/players/{rated[0].username}/?game=five_hundred"

    def parts(code: str) -> list[str]:
        html = client.get(url, headers={"accept-language": code}).content.decode()
        return [
            _between(html, 'id="stats-title"', "</section>"),
            _between(html, 'class="chart-grid"', "</section>"),
        ]

    cached = {code: parts(code) for code in LANGUAGES}
    cache.clear()
    for code in LANGUAGES:
        with translation.override(code):
            assert parts(code) == cached[code]
    assert len({tuple(v) for v in cached.values()}) > 1  # the words differ by language


def _ratings_html(client, url) -> str:
    return _between(client.get(url).content.decode(), 'id="ratings-title"', "</section>")


def _place_on(html: str, where: str) -> str:
    """The place shown on the ratings table's line of ladder `where` (a club's name)."""
    row = _between(html, f">{where}</a>", "</tr>")
    return re.findall(r'<td class="num">([^<]*)<', row)[0]


def test_a_new_rated_game_shows_on_the_player_page_at_once(client, rated, club, finished_table):
    """Places, the latest games and the statistics' count of games follow a new game, each
    from a page read just before it (every cache filled)."""
    ann, bob, cy, di = rated
    url = f"/ladders/players/{bob.username}/?club={club.slug}"
    before = client.get(url).content.decode()
    assert _place_on(_ratings_html(client, url), "Gum Street") == "3"
    recent_before = _between(before, 'id="recent-title"', "</section>").count("<li>")
    for _ in range(4):
        _play(finished_table, club, [ann, bob, cy, di], [1, 3], timezone.now())
    after = client.get(url).content.decode()
    assert _place_on(_ratings_html(client, url), "Gum Street") == "1"
    assert _between(after, 'id="recent-title"', "</section>").count("<li>") == recent_before + 4
    api = client.get(f"/api/players/{bob.username}/ratings/").json()
    assert any(line["position"] == 1 for line in api["ratings"] if line["ladder"]["club"])


def test_a_place_moves_up_when_a_player_above_falls_inactive(rated, club, people, monkeypatch):
    """The cached places hold only while nobody counted above can have left the active window."""
    ann, bob, cy, di = rated
    settings_row = ClubLadderSettings.objects.create(club=club, min_games=1, active_days=30)
    line = next(ln for ln in selectors.player_ratings(bob) if ln.ladder.club_id == club.pk)
    assert line.position == 3
    from ladders.models import PlayerRating

    # Ann and Cy last played long ago (as far as their ratings say): once the window has moved
    # past their last games, Bob is first, though no ladder's version has changed.
    long_ago = timezone.now() - timedelta(days=29)
    PlayerRating.objects.filter(ladder__club=club, user__in=[ann, cy]).update(
        last_played_at=long_ago
    )
    ClubLadderSettings.objects.filter(pk=settings_row.pk).update(active_days=31)  # a new key
    line = next(ln for ln in selectors.player_ratings(bob) if ln.ladder.club_id == club.pk)
    assert line.position == 3  # still within 31 days
    later = timezone.now() + timedelta(days=3)
    line = next(
        ln for ln in selectors.player_ratings(bob, now=later) if ln.ladder.club_id == club.pk
    )
    assert line.position == 1


def test_the_leaderboard_cached_at_one_moment_is_not_shown_for_an_earlier_one(rated, club):
    late = selectors.ladder_board(Game.FIVE_HUNDRED, club, now=timezone.now() + timedelta(days=95))
    assert late.rows == []
    assert len(selectors.ladder_board(Game.FIVE_HUNDRED, club).rows) == 4


def test_a_member_who_goes_leaves_the_cached_ladder(client, rated, club):
    url = f"/ladders/clubs/{club.slug}/"
    assert "Di" in _names_in_order(client, url)
    rated[3].delete()
    assert "Di" not in _names_in_order(client, url)


def test_a_login_does_not_forget_the_rendered_names(client, rated, club):
    """Only a change of name forgets the rendered rows (a login saves the member's row too)."""
    generation = selectors.names_generation()
    client.force_login(rated[0])
    rated[0].save(update_fields=["last_login"])
    assert selectors.names_generation() == generation
    rated[0].display_name = "Annie"
    rated[0].save(update_fields=["display_name"])
    assert selectors.names_generation() != generation


def test_the_player_pages_clubs_and_tournaments_follow_a_change_at_once(client, rated, club):
    from clubs.models import Club, Membership
    from tournaments.models import Entrant, EntrantMember, Tournament

    ann = rated[0]
    url = f"/ladders/players/{ann.username}/"

    def lists() -> str:
        return _between(client.get(url).content.decode(), 'id="clubs-title"', "</div>\n</div>")

    assert "Gum Street" in lists() and "No tournaments yet." in lists()
    other = Club.objects.create(name="Wattle Hall", slug="wattle-hall")
    Membership.objects.create(club=other, user=ann)
    assert "Wattle Hall" in lists()
    tournament = Tournament.objects.create(club=club, name="Spring Cup", game=Game.FIVE_HUNDRED)
    entrant = Entrant.objects.create(tournament=tournament, name="Ann", seed=1)
    EntrantMember.objects.create(tournament=tournament, entrant=entrant, user=ann, position=0)
    assert "Spring Cup" in lists()
    tournament.name = "Autumn Cup"
    tournament.save()
    assert "Autumn Cup" in lists() and "Spring Cup" not in lists()
    other.name = "Wattle Hall Club"
    other.save()
    assert "Wattle Hall Club" in lists()
    Membership.objects.filter(club=other, user=ann).delete()
    assert "Wattle Hall" not in lists()


def test_the_player_pages_cached_lists_are_fresh_in_every_language(client, rated, club):
    from django.utils import translation

    url = f"/ladders/players/{rated[0].username}/"

    def lists(code: str) -> str:
        html = client.get(url, headers={"accept-language": code}).content.decode()
        return _between(html, 'id="clubs-title"', "</div>\n</div>")

    cached = {code: lists(code) for code in LANGUAGES}
    cache.clear()
    for code in LANGUAGES:
        with translation.override(code):
            assert lists(code) == cached[code]
    assert len(set(cached.values())) > 1
