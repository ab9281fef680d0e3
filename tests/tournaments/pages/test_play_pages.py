"""Playing: the tournament page with "Your table", rounds (swaps, publishing, closing, pairing),
results at physical tables (enter, confirm, dispute; directors enter and correct with a reason),
online tables, the polls — plain posts and htmx requests, by role."""

import pytest
from django.conf import settings
from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments import services
from tournaments.models import ResultAudit, Round, TableResult, TableSeat

from .conftest import HTMX, login


def flashed(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


def is_partial(response):
    body = response.content.decode()
    return "<html" not in body and "<body" not in body


def first_table(tournament, number=1):
    return Round.objects.get(tournament=tournament, number=number).tables.order_by("number")[0]


def scores(*values, **extra):
    data = {f"score_{i}": str(v) for i, v in enumerate(values)}
    data.update(extra)
    return data


# The tournament page ------------------------------------------------------------------------------


def test_tournament_page_shows_each_player_their_table(client, published, checked_in, outsider):
    ann, cas = checked_in[0], checked_in[2]
    page = client.get(url("detail", published.pk)).content.decode()
    assert "Round 1" in page and "Table 4" in page and "Your table" not in page
    login(client, outsider)
    assert "Your table" not in client.get(url("detail", published.pk)).content.decode()
    login(client, ann)
    page = client.get(url("detail", published.pk)).content.decode()
    assert "Your table: 1" in page and "Ann (you)" in page and "Bob (partner)" in page
    assert "Enter the score" in page and 'name="from" value="mine"' in page
    login(client, cas)
    assert "Your table: 1" in client.get(url("detail", published.pk)).content.decode()


def test_players_see_no_table_until_the_round_is_published(client, started, checked_in):
    login(client, checked_in[0])
    page = client.get(url("detail", started.pk)).content.decode()
    assert "Your table:" not in page
    assert "Your table appears here when the director publishes the round." in page
    assert client.get(url("round", started.pk, 1)).status_code == 403
    table = first_table(started)
    assert client.get(url("table", started.pk, table.pk)).status_code == 404
    assert client.get(url("cards", started.pk, 1)).status_code == 403


def test_live_fragment_and_my_table_shortcut(client, published, checked_in):
    login(client, checked_in[4])  # Eve, at table 2
    response = client.get(url("detail", published.pk), {"fragment": "live"}, headers=HTMX)
    assert is_partial(response) and 'id="live"' in response.content.decode()
    response = client.get(url("my_table", published.pk))
    assert response.url == url("table", published.pk, first_table(published).pk + 1)
    client.logout()
    assert client.get(url("my_table", published.pk)).url == url("detail", published.pk)


# Rounds: seating, swaps, publishing --------------------------------------------------------------


def test_draft_round_page_for_the_director(client, director, started):
    login(client, director)
    page = client.get(url("round", started.pk, 1)).content.decode()
    assert "Seating — not published" in page and "Publish round 1" in page
    assert page.count('name="pick"') == 16 and "Swap the two ticked" in page


def test_swapping_two_partners_and_two_partnerships(client, director, started):
    login(client, director)
    table = first_table(started)
    seats = list(table.seats.order_by("number"))  # Ann, Cas, Bob, Dee
    # Two partners (Ann and Bob) trade seats: a plain post.
    response = client.post(
        url("swap", started.pk, 1), {"pick": [f"seat-{seats[0].pk}", f"seat-{seats[2].pk}"]}
    )
    assert response.status_code == 302
    assert flashed(response) == ["<bdi>Ann</bdi> and <bdi>Bob</bdi> were swapped."]
    names = [s.name for s in TableSeat.objects.filter(table=table).order_by("number")]
    assert names == ["Bob", "Cas", "Ann", "Dee"]
    # Ann (table 1) and Eve (table 2) are in different partnerships: whole partnerships move.
    eve = TableSeat.objects.get(table__round=table.round, member__user__username="eve")
    response = client.post(
        url("swap", started.pk, 1),
        {"pick": [f"seat-{seats[2].pk}", f"seat-{eve.pk}"]},
        headers=HTMX,
    )
    assert is_partial(response)
    assert (
        "<bdi>Ann &amp; Bob</bdi> and <bdi>Eve &amp; Fin</bdi> were swapped."
        in response.content.decode()
    )
    names = [s.name for s in TableSeat.objects.filter(table=table).order_by("number")]
    assert names == ["Fin", "Cas", "Eve", "Dee"]


def test_swap_needs_exactly_two_and_a_director(client, director, member, started):
    table = first_table(started)
    seat = table.seats.first()
    login(client, director)
    response = client.post(url("swap", started.pk, 1), {"pick": [f"seat-{seat.pk}"]}, headers=HTMX)
    assert "Tick exactly two people" in response.content.decode()
    login(client, member)
    other = table.seats.last()
    response = client.post(
        url("swap", started.pk, 1), {"pick": [f"seat-{seat.pk}", f"seat-{other.pk}"]}
    )
    assert response.status_code == 403
    response = client.post(
        url("swap", started.pk, 1), {"pick": [f"seat-{seat.pk}", f"seat-{other.pk}"]}, headers=HTMX
    )
    assert "Only the club&#x27;s directors change the seating." in response.content.decode()


def test_publish_repair_discard_and_permissions(client, director, member, started):
    login(client, member)
    assert client.post(url("round_action", started.pk, 1, "publish")).status_code == 403
    login(client, director)
    response = client.post(url("round_action", started.pk, 1, "repair"))
    assert "Round 1 is paired again." in flashed(response)
    response = client.post(url("round_action", started.pk, 1, "discard"))
    assert response.url == url("detail", started.pk)
    assert not Round.objects.filter(tournament=started).exists()
    response = client.post(url("pair_next", started.pk))
    assert response.url == url("round", started.pk, 1)
    response = client.post(url("round_action", started.pk, 1, "publish"))
    assert "Round 1 is published: players can see their tables." in flashed(response)
    assert Round.objects.get(tournament=started).is_published
    assert client.post(url("round_action", started.pk, 1, "explode")).status_code == 404


def test_a_round_cannot_close_with_tables_unfinished(client, director, published):
    login(client, director)
    for table in Round.objects.get(tournament=published, number=1).tables.order_by("number")[:2]:
        services.result_enter(director, table, scores=[500, 300])
    page = client.get(url("round", published.pk, 1)).content.decode()
    assert "Still to finish:" in page and "table 3</a>" in page and "table 1</a>" not in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pa"  # the sentence ends as Punjabi ends it
    page = client.get(url("round", published.pk, 1)).content.decode()
    assert "</a>। " in page and "</a>. " not in page
    del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    response = client.post(url("round_action", published.pk, 1, "close"))
    assert "Round 1 can't close: tables 3, 4 have no confirmed result yet." in flashed(response)
    response = client.post(url("pair_next", published.pk))
    assert "tables 3, 4 have no confirmed result yet" in flashed(response)[0]
    assert response.url == url("round", published.pk, 1)
    for table in Round.objects.get(tournament=published, number=1).tables.order_by("number")[2:]:
        services.result_enter(director, table, scores=[500, 300])
    response = client.post(url("round_action", published.pk, 1, "close"))
    assert "Round 1 is closed." in flashed(response)
    response = client.post(url("pair_next", published.pk))
    assert response.url == url("round", published.pk, 2)


# Results at a physical table ---------------------------------------------------------------------


def test_player_enters_and_an_opponent_confirms(
    client, published, checked_in, django_capture_on_commit_callbacks
):
    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    login(client, ann)
    response = client.post(url("result_enter", published.pk, table.pk), scores(500, 240))
    assert response.url == url("table", published.pk, table.pk)
    assert "Table 1: 500–240 sent. An opponent now confirms it." in flashed(response)
    result = TableResult.objects.get(table=table)
    assert result.status == "pending" and result.entered_by == ann
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    assert "Waiting for an opponent to confirm" in page and "Confirm</button>" not in page
    login(client, cas)
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    assert "entered this score. Is it right?" in page and "Dispute</button>" in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url("result_confirm", published.pk, table.pk), {"from": "mine"}, headers=HTMX
        )
    assert is_partial(response) and 'id="live"' in response.content.decode()
    assert "500–240 confirmed. It counts now." in response.content.decode()
    result.refresh_from_db()
    assert result.is_confirmed and result.confirmed_by == cas
    published.refresh_from_db()
    assert published.standings_version >= 1


def test_second_entry_sees_the_first_and_can_dispute(client, published, checked_in):
    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    services.result_enter(ann, table, scores=[500, 240])
    login(client, cas)
    response = client.post(
        url("result_enter", published.pk, table.pk),
        scores(480, 500, **{"from": "table"}),
        headers=HTMX,
    )
    body = response.content.decode()
    assert is_partial(response)
    assert "Already entered by Ann: 500–240. Confirm it if it&#x27;s right, or dispute it" in body
    assert "Confirm</button>" in body and "Dispute</button>" in body
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"  # the same, in the reader's language
    body = client.post(
        url("result_enter", published.pk, table.pk),
        scores(480, 500, **{"from": "table"}),
        headers=HTMX,
    ).content.decode()
    assert "Ann پہلے ہی درج کر چکے ہیں" in body and "Already entered" not in body
    del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    # "Dispute" asks first, and asking changes nothing.
    response = client.post(url("result_dispute", published.pk, table.pk), {"from": "table"})
    body = response.content.decode()
    assert response.status_code == 200 and "Dispute this score?" in body
    assert "It is cleared, and Ann is told." in body and 'name="sure" value="yes"' in body
    assert TableResult.objects.filter(table=table).exists()
    response = client.post(
        url("result_dispute", published.pk, table.pk), {"from": "table", "sure": "yes"}
    )
    assert "the entry was disputed and cleared" in flashed(response)[0]
    assert not TableResult.objects.filter(table=table).exists()
    # The same score from the other side confirms it at once.
    services.result_enter(ann, table, scores=[500, 240])
    login(client, cas)
    response = client.post(url("result_enter", published.pk, table.pk), scores(500, 240))
    assert "Table 1: 500–240 confirmed — both sides agree." in flashed(response)


def test_dispute_asks_first_on_the_players_own_page_with_htmx(client, published, checked_in):
    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    services.result_enter(ann, table, scores=[500, 240])
    login(client, cas)
    response = client.post(
        url("result_dispute", published.pk, table.pk), {"from": "mine"}, headers=HTMX
    )
    body = response.content.decode()
    assert is_partial(response) and 'id="live"' in body
    assert "Dispute this score?" in body and "Confirm</button>" not in body
    assert f'href="{url("detail", published.pk)}"' in body  # "No, keep it"
    assert TableResult.objects.filter(table=table).exists()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pa"
    body = client.post(
        url("result_dispute", published.pk, table.pk), {"from": "mine"}, headers=HTMX
    ).content.decode()
    assert "Dispute this score?" not in body and "No, keep it" not in body
    response = client.post(
        url("result_dispute", published.pk, table.pk),
        {"from": "mine", "sure": "yes"},
        headers=HTMX,
    )
    assert is_partial(response) and not TableResult.objects.filter(table=table).exists()
    # Ann's own "Cancel our entry" goes at once.
    services.result_enter(ann, table, scores=[500, 240])
    login(client, ann)
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    assert 'name="sure" value="yes"><button class="button secondary small"' in page
    client.post(url("result_dispute", published.pk, table.pk), {"from": "table", "sure": "yes"})
    assert not TableResult.objects.filter(table=table).exists()


def test_people_away_from_the_table_cannot_enter_it(client, published, checked_in, member):
    table = first_table(published)
    eve = checked_in[4]
    for person in (eve, member):
        login(client, person)
        page = client.get(url("table", published.pk, table.pk)).content.decode()
        assert "Enter the score" not in page
        response = client.post(url("result_enter", published.pk, table.pk), scores(500, 1))
        assert response.status_code == 403
    client.logout()
    response = client.post(url("result_enter", published.pk, table.pk), scores(500, 1))
    assert response.url.startswith(reverse("login"))
    response = client.post(
        url("result_enter", published.pk, table.pk), scores(500, 1), headers=HTMX
    )
    assert response["HX-Redirect"].startswith(reverse("login"))
    assert not TableResult.objects.exists()


def test_bad_scores_are_refused_with_a_message(client, published, checked_in):
    table = first_table(published)
    login(client, checked_in[0])
    response = client.post(
        url("result_enter", published.pk, table.pk),
        {"score_0": "lots", "score_1": "3", "from": "mine"},
        headers=HTMX,
    )
    assert "Enter each side&#x27;s score as a whole number." in response.content.decode()
    assert not TableResult.objects.exists()


def test_director_enters_from_the_round_page_and_corrects_with_a_reason(
    client, director, published, member
):
    table = first_table(published)
    login(client, director)
    page = client.get(url("round", published.pk, 1)).content.decode()
    assert page.count('class="inline-result"') == 4
    response = client.post(
        url("result_enter", published.pk, table.pk),
        scores(500, 320, mode="director", reason="Score sheet", **{"from": "round"}),
        headers=HTMX,
    )
    body = response.content.decode()
    assert is_partial(response) and 'id="round-tables"' in body
    assert "Table 1: 500–320 recorded." in body
    assert body.count('class="inline-result"') == 3
    result = TableResult.objects.get(table=table)
    assert result.is_confirmed and result.source == "director"
    # A correction needs a reason. Refused, the table page comes back with the correction
    # open and what was typed still in it.
    response = client.post(
        url("result_enter", published.pk, table.pk),
        scores(320, 500, mode="correct", reason=""),
    )
    page = response.content.decode()
    assert response.status_code == 200 and not flashed(response)
    assert "Give a reason: it is kept in the audit log." in page
    assert '<details class="director-entry" open>' in page
    correction = page[page.index('name="mode" value="correct"') :]
    assert 'value="320"' in correction and 'value="500"' in correction
    # With htmx too, and a typed reason survives a refused score.
    response = client.post(
        url("result_enter", published.pk, table.pk),
        scores("lots", 500, mode="correct", reason="Sides were swapped"),
        headers=HTMX,
    )
    body = response.content.decode()
    assert "as a whole number" in body and '<details class="director-entry" open>' in body
    correction = body[body.index('name="mode" value="correct"') :]
    assert 'value="Sides were swapped"' in correction
    assert 'value="500"' in correction
    result.refresh_from_db()
    assert result.scores == [500, 320]
    response = client.post(
        url("result_enter", published.pk, table.pk),
        scores(320, 500, mode="correct", reason="Sides were swapped on the sheet"),
    )
    assert "Table 1: 320–500 recorded." in flashed(response)
    result.refresh_from_db()
    assert result.scores == [320, 500] and result.winners == [1]
    audits = list(ResultAudit.objects.filter(table=table).order_by("at", "id"))
    assert [a.reason for a in audits] == ["Score sheet", "Sides were swapped on the sheet"]
    page = client.get(url("audit", published.pk)).content.decode()
    assert "Sides were swapped on the sheet" in page and "500–320" in page
    assert "(Confirmed)" in page and "(confirmed)" not in page
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pa"
    page = client.get(url("audit", published.pk)).content.decode()
    assert "(Confirmed)" not in page and "(confirmed)" not in page
    del client.cookies[settings.LANGUAGE_COOKIE_NAME]
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    assert "Audit log for this table (2)" in page
    # Members may not correct, nor read the audit log.
    login(client, member)
    response = client.post(
        url("result_enter", published.pk, table.pk),
        scores(1, 2, mode="correct", reason="mine now"),
    )
    assert response.status_code == 403
    assert client.get(url("audit", published.pk)).status_code == 403
    result.refresh_from_db()
    assert result.scores == [320, 500]


def test_director_confirms_or_overrides_a_pending_entry(client, director, published, checked_in):
    table = first_table(published)
    services.result_enter(checked_in[0], table, scores=[500, 100])
    login(client, director)
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    assert "Confirm as director" in page and "Director: enter the result" in page
    response = client.post(url("result_confirm", published.pk, table.pk))
    assert "Table 1: 500–100 confirmed. It counts now." in flashed(response)
    assert TableResult.objects.get(table=table).is_confirmed


# Online tables -----------------------------------------------------------------------------------


def test_online_tables_link_to_their_site_tables(client, director, started, checked_in):
    login(client, director)
    table = first_table(started)
    response = client.post(url("table_online", started.pk, table.pk), {"online": "1"})
    assert "Table 1 is played on the site." in flashed(response)
    client.post(url("round_action", started.pk, 1, "publish"))
    table.refresh_from_db()
    assert table.online and table.game_table_id
    game_url = reverse("games:table", args=[table.game_table_id])
    assert game_url in client.get(url("round", started.pk, 1)).content.decode()
    login(client, checked_in[0])
    page = client.get(url("detail", started.pk)).content.decode()
    assert "Play at your table" in page and game_url in page
    assert "Enter the score" not in page
    response = client.post(url("result_enter", started.pk, table.pk), scores(500, 100))
    assert "is played on the site" in response.content.decode()  # the table page, refused


# Polls: cheap version views ----------------------------------------------------------------------


def test_tournament_poll_answers_204_until_something_changes(
    client, director, published, django_assert_num_queries
):
    page = client.get(url("detail", published.pk)).content.decode()
    start = page.index("poll/?v=") + len("poll/?v=")
    version = page[start : page.index('"', start)]
    with django_assert_num_queries(1):
        response = client.get(url("poll", published.pk), {"v": version})
    assert response.status_code == 204
    services.result_enter(director, first_table(published), scores=[500, 10])
    with django_assert_num_queries(1):
        response = client.get(url("poll", published.pk), {"v": version})
    assert response.status_code == 200 and response["HX-Trigger"] == "tournament-changed"
    assert client.get(url("poll", 9999), {"v": "1"}).status_code == 404


def test_round_poll_costs_one_query(
    client, director, published, checked_in, django_assert_num_queries
):
    page = client.get(url("round", published.pk, 1)).content.decode()
    start = page.index("poll/?v=") + len("poll/?v=")
    version = page[start : page.index('"', start)]
    with django_assert_num_queries(1):
        assert client.get(url("round_poll", published.pk, 1), {"v": version}).status_code == 204
    services.result_enter(checked_in[0], first_table(published), scores=[500, 10])  # pending
    with django_assert_num_queries(1):
        response = client.get(url("round_poll", published.pk, 1), {"v": version})
    assert response["HX-Trigger"] == "round-changed"
    response = client.get(url("round", published.pk, 1), {"fragment": "tables"}, headers=HTMX)
    assert is_partial(response) and "To confirm" in response.content.decode()


@pytest.mark.parametrize("signed_in", [False, True])
def test_standings_version_costs_one_query(
    client,
    director,
    published,
    signed_in,
    django_assert_num_queries,
    django_capture_on_commit_callbacks,
):
    if signed_in:
        login(client, director)
    published.refresh_from_db()
    seen = published.standings_version
    with django_assert_num_queries(1):
        response = client.get(url("standings_version", published.pk), {"v": seen})
    assert response.status_code == 204 and response["Cache-Control"] == "no-store"
    with django_capture_on_commit_callbacks(execute=True):
        services.result_enter(director, first_table(published), scores=[500, 10])
    with django_assert_num_queries(1):
        response = client.get(url("standings_version", published.pk), {"v": seen})
    assert response.status_code == 200 and response["HX-Trigger"] == "standings-changed"


def test_director_confirms_a_pending_entry_from_the_round_page(
    client, director, published, checked_in
):
    table = first_table(published)
    services.result_enter(checked_in[0], table, scores=[500, 100])
    login(client, director)
    page = client.get(url("round", published.pk, 1)).content.decode()
    # The score stays left to right inside right-to-left text (bidi isolation).
    assert (
        'Ann entered <bdi class="bidi-ltr">500–100</bdi>, waiting for an opponent to confirm.'
        in page
    )
    assert "Pair round 2" not in page  # not while tables are unfinished
    response = client.post(
        url("result_confirm", published.pk, table.pk), {"from": "round"}, headers=HTMX
    )
    assert is_partial(response) and "500–100 confirmed" in response.content.decode()


def test_progressive_swaps_move_single_players(client, director, club, players):
    tournament = services.tournament_create(
        director, club, name="Progressive", game="five_hundred", format="progressive", rounds=3
    )
    for person in players[:8]:
        services.entrant_add(director, tournament, members=[person])
    services.tournament_start(director, tournament)
    round_ = Round.objects.get(tournament=tournament, number=1)
    first, second = round_.tables.order_by("number")
    a, b = first.seats.get(number=0), second.seats.get(number=1)
    names = (a.name, b.name)
    login(client, director)
    page = client.get(url("round", tournament.pk, 1)).content.decode()
    assert "partners trade seats" not in page
    response = client.post(
        url("swap", tournament.pk, 1), {"pick": [f"seat-{a.pk}", f"seat-{b.pk}"]}
    )
    assert flashed(response) == [f"<bdi>{names[0]}</bdi> and <bdi>{names[1]}</bdi> were swapped."]
    a.refresh_from_db()
    b.refresh_from_db()
    assert (a.name, b.name) == (names[1], names[0])


def test_a_bye_is_shown_on_the_players_card_and_the_round(client, director, club, players):
    tournament = services.tournament_create(
        director, club, name="Small Robin", game="five_hundred", format="round_robin"
    )
    for i in range(3):
        services.entrant_add(director, tournament, members=players[2 * i : 2 * i + 2])
    services.tournament_start(director, tournament)
    round_ = Round.objects.get(tournament=tournament, number=1)
    services.round_publish(director, round_)
    resting = round_.byes.get().entrant
    login(client, resting.members.first().user)
    page = client.get(url("detail", tournament.pk)).content.decode()
    assert "You have a bye" in page and "Round 1" in page and "of 3" in page
    page = client.get(url("round", tournament.pk, 1)).content.decode()
    assert "Bye" in page and resting.name.replace("&", "&amp;") in page


def test_bracket_tournament_page_links_to_the_bracket(client, director, club, players):
    tournament = services.tournament_create(
        director, club, name="Cup", game="pitch", format="single_elimination"
    )
    for i in range(4):
        services.entrant_add(director, tournament, members=players[2 * i : 2 * i + 2])
    services.tournament_start(director, tournament)
    page = client.get(url("detail", tournament.pk)).content.decode()
    assert "See the bracket" in page and "Match R1-1" not in page
    assert url("bracket", tournament.pk) in page
    login(client, director)
    page = client.get(url("round", tournament.pk, 1)).content.decode()
    assert "Match R1-1" in page and "Match R1-2" in page and "Pair round 2" not in page


def test_result_form_refuses_impossible_hands_and_huge_scores_issue_10(
    client, director, swiss, checked_in
):
    services.tournament_update(director, swiss, play="hands", hand_limit=4)
    services.tournament_start(director, swiss)
    services.round_publish(director, swiss.round_set.get(number=1))
    table = first_table(swiss)
    login(client, checked_in[0])
    post = url("result_enter", swiss.pk, table.pk)
    form = client.get(url("table", swiss.pk, table.pk)).content.decode()
    assert 'name="hands_0"' in form and 'max="4"' in form
    response = client.post(
        post,
        {"score_0": "300", "score_1": "100", "hands_0": "9", "hands_1": "9", "from": "mine"},
        headers=HTMX,
    )
    body = response.content.decode()
    assert "A round is 4 hands, but the hands won add up to 18" in body
    response = client.post(
        post, {"score_0": "99999999", "score_1": "100", "from": "mine"}, headers=HTMX
    )
    body = response.content.decode()
    assert "A score of 99999999 is too high: a score is at most 100000." in body
    assert "whole number" not in body
    assert not TableResult.objects.exists()


def test_the_standings_stream_tells_the_version_and_results_publish_it(
    client, director, published, monkeypatch, django_capture_on_commit_callbacks
):
    from core import live

    heard = []
    monkeypatch.setattr(live, "publish", lambda channel, version: heard.append((channel, version)))
    published.refresh_from_db()
    seen = published.standings_version
    stream = url("standings_events", published.pk)
    # Under WSGI (this client) the answer is the event due, if any, and a `retry:`.
    quiet = client.get(stream, headers={"Last-Event-ID": str(seen)})
    assert quiet.status_code == 200 and quiet["Content-Type"].startswith("text/event-stream")
    assert "id:" not in quiet.content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        services.result_enter(director, first_table(published), scores=[500, 10])
    published.refresh_from_db()
    assert published.standings_version > seen
    assert heard[-1] == (f"tournament:{published.pk}:standings", published.standings_version)
    behind = client.get(stream, {"v": seen}).content.decode()
    assert f"id: {published.standings_version}\nevent: version\n" in behind
    assert client.get(url("standings_events", 999999)).status_code == 404
    # The pages listen to it, and poll only as a fallback.
    for page in ("standings", "bracket"):
        body = client.get(url(page, published.pk)).content.decode()
        assert f'sse-connect="{stream}?v=' in body and "sse:version" in body
        assert 'hx-trigger="every 5s"' not in body and 'data-poll-trigger="every 5s"' in body


def test_changing_our_entry_keeps_the_hands_won_we_entered(client, published, checked_in):
    """The player's "Change our entry" form starts from every value they sent, hands won too, so
    changing one score and saving keeps the rest (it used to drop hands won silently)."""
    import re

    ann = checked_in[0]
    table = first_table(published)
    services.result_enter(ann, table, scores=[500, 240], hands_won=[3, 1])
    login(client, ann)
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    form = page[page.index('name="mode" value="player"') :]
    form = form[: form.index("</form>")]
    assert "Change our entry" in form
    values = dict(re.findall(r'name="((?:score|hands)_\d)"[^>]*?value="([^"]*)"', form))
    assert values == {"score_0": "500", "score_1": "240", "hands_0": "3", "hands_1": "1"}
    assert '<details class="hands-won" open>' in form
    client.post(url("result_enter", published.pk, table.pk), {**values, "score_0": "520"})
    result = TableResult.objects.get(table=table)
    assert result.scores == [520, 240] and result.hands_won == [3, 1]
