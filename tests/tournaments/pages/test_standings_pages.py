"""Standings (live fragment, tiebreak columns in the director's order), the CSV download,
brackets drawn as columns, printable table cards and the results sheet."""

import csv
import io

from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tournaments import selectors, services
from tournaments.models import Round, Tournament
from tournaments.views.standings import bracket_columns

from .conftest import HTMX, login


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


def play_round(director, tournament, number, winning=(500, 200)):
    round_ = Round.objects.get(tournament=tournament, number=number)
    if round_.is_draft:
        services.round_publish(director, round_)
    for table in round_.tables.order_by("number"):
        services.result_enter(director, table, scores=list(winning))
    services.standings_recalculate(tournament.pk)
    tournament.refresh_from_db()


def test_standings_show_points_and_the_tiebreaks_in_the_directors_order(
    client, director, published
):
    services.tournament_update(director, published, tiebreaks=["hands_won", "buchholz"])
    play_round(director, published, 1)
    page = client.get(url("standings", published.pk)).content.decode()
    head = page[page.index("<thead>") : page.index("</thead>")]
    assert head.index("Hands won") < head.index("Buchholz")
    assert "Sonneborn" not in head
    assert "Hands won over all games." in page  # each tiebreak explained
    body = page[page.index("<tbody>") : page.index("</tbody>")]
    assert body.count("<tr") == 8 and body.index("Ann &amp; Bob") < body.index("Cas &amp; Dee")
    assert 'class="num points">2</td>' in body
    assert "standings/version/?v=1" in page.replace(f"/tournaments/{published.pk}/", "")


def test_standings_fragment_for_htmx_and_an_empty_state(client, director, published):
    response = client.get(url("standings", published.pk), {"fragment": "table"}, headers=HTMX)
    body = response.content.decode()
    assert "<html" not in body and 'id="standings"' in body
    assert "The standings appear when the first result is confirmed." in body


def test_standings_csv_download(client, director, published):
    play_round(director, published, 1)
    response = client.get(url("standings_csv", published.pk))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="spring-swiss-standings.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:5] == ["Rank", "Entrant", "Players", "Seed", "Points"]
    assert rows[0][12:15] == [
        "Tiebreak 1: Buchholz",
        "Tiebreak 2: Sonneborn–Berger",
        "Tiebreak 3: Points difference",
    ]
    assert rows[1][1:3] == ["Ann & Bob", "Ann & Bob"] and rows[1][4] == "2"
    assert len(rows) == 9


def test_table_cards_print_one_card_a_table(client, director, published):
    page = client.get(url("cards", published.pk, 1)).content.decode()
    assert page.count('class="table-card-print"') == 4
    assert "Seat 1 (North)" in page and "Seat 4 (West)" in page
    assert "Final score" in page and "Round 1" in page
    assert "tournaments.css" in page  # the print styles (@media print) live there
    first = page[page.index('aria-label="Table 1"') :]
    assert first.index("Ann") < first.index("Cas") < first.index("Bob") < first.index("Dee")


def test_results_sheet_lists_every_round_and_the_standings(client, director, published, member):
    play_round(director, published, 1)
    services.tournament_pair_round(director, published)  # round 2, a draft
    login(client, member)
    page = client.get(url("results", published.pk)).content.decode()
    assert "Round 1" in page and "Round 2" not in page  # drafts are the director's
    assert "Ann &amp; Bob won" in page and "Final standings" not in page
    assert "data-print" in page  # the Print button (static/js/site.js)
    login(client, director)
    page = client.get(url("results", published.pk)).content.decode()
    assert "Round 2" in page and "not published" in page


def test_finishing_shows_the_final_standings_and_the_champion(client, director, published):
    play_round(director, published, 1)
    services.tournament_pair_round(director, published)
    play_round(director, published, 2)
    login(client, director)
    response = client.post(url("finish", published.pk))
    assert response.url == url("standings", published.pk)
    services.standings_recalculate(published.pk)
    page = client.get(url("detail", published.pk)).content.decode()
    assert "Final result" in page and "poll/?v=" not in page
    # Every table won by the same score: two pairs finish level at the top, and the page says
    # so rather than crowning the one listed first.
    published.refresh_from_db()
    assert published.champion is None
    assert "★</span> <bdi>Ann &amp; Bob</bdi>, <bdi>Ivy &amp; Jo</bdi></h2>" in page
    assert "Shared first place" in page


def test_a_finished_swiss_names_its_winner_in_the_lists_and_the_api(client, director, published):
    """The pair alone at the top of a finished Swiss is its champion: on its page, in its club's
    list, in the site's list and through the API."""
    play_round(director, published, 1)
    services.tournament_pair_round(director, published)
    round2 = Round.objects.get(tournament=published, number=2)
    services.round_publish(director, round2)
    margins = {1: (500, 100), 2: (500, 300)}
    for table in round2.tables.order_by("number"):
        services.result_enter(director, table, scores=list(margins.get(table.number, (500, 200))))
    login(client, director)
    client.post(url("finish", published.pk))
    services.standings_recalculate(published.pk)
    published.refresh_from_db()
    leader = selectors.standings(published)[0]
    assert leader["rank"] == 1 and selectors.standings(published)[1]["rank"] == 2
    assert published.champion_id == leader["entrant"]["id"]
    name = published.champion.name.replace("&", "&amp;")
    page = client.get(url("detail", published.pk)).content.decode()
    assert f"★</span> <bdi>{name}</bdi></h2>" in page and "Shared first place" not in page
    for listing in (url("club", published.club.slug), reverse("tournaments:index")):
        page = client.get(listing).content.decode()
        assert f"Champion: <strong><bdi>{name}</bdi></strong>" in page
    body = client.get(f"/api/tournaments/{published.pk}/").json()
    assert body["champion"] == published.champion_id


# Brackets ----------------------------------------------------------------------------------------


def make_bracket(director, club, players, count, format="single_elimination"):
    tournament = services.tournament_create(
        director, club, name="Knockout", game="five_hundred", format=format
    )
    for i in range(count):
        services.entrant_add(director, tournament, members=players[2 * i : 2 * i + 2])
    services.tournament_start(director, tournament)
    services.standings_recalculate(tournament.pk)
    tournament.refresh_from_db()
    return tournament


def test_bracket_is_drawn_as_columns_with_byes_and_winners(client, director, club, players):
    tournament = make_bracket(director, club, players, 3)
    page = client.get(url("bracket", tournament.pk)).content.decode()
    assert page.count('class="bracket-col link') == 2
    assert "Semi-finals" in page and "Final" in page
    assert "link-pairs" in page and "has-prev" in page
    assert "Bye" in page and "status-walkover" in page
    # Seed 2 v seed 3 is played first; the winner goes through to meet seed 1.
    table = Round.objects.get(tournament=tournament, number=1).tables.get()
    services.result_enter(director, table, scores=[500, 120])
    services.standings_recalculate(tournament.pk)
    response = client.get(url("bracket", tournament.pk), {"fragment": "bracket"}, headers=HTMX)
    body = response.content.decode()
    assert "<html" not in body
    assert 'match-side won"' in body and "Cas &amp; Dee" in body
    final = Round.objects.get(tournament=tournament, number=2).tables.get()
    services.result_enter(director, final, scores=[500, 400])
    services.standings_recalculate(tournament.pk)
    body = client.get(url("bracket", tournament.pk)).content.decode()
    assert "Champion" in body and "champion" in body


def test_double_elimination_has_winners_losers_and_final_sections(director, club, players):
    from tournaments import selectors

    tournament = make_bracket(director, club, players, 4, format="double_elimination")
    sections = bracket_columns(selectors.bracket(tournament))
    assert [s["name"] for s in sections] == ["winners", "losers", "final"]
    winners, losers, final = sections
    assert [len(c["matches"]) for c in winners["columns"]] == [2, 1]
    assert winners["columns"][0]["link"] == "pairs"
    assert [c["link"] for c in losers["columns"]] == ["straight", None]
    assert [c["title"] for c in final["columns"]] == ["Grand final", "Reset final"]


def test_bracket_page_of_a_swiss_says_there_is_none(client, published):
    page = client.get(url("bracket", published.pk)).content.decode()
    assert "This tournament has no bracket" in page
    assert "Winners are marked" not in page  # no key to a bracket that isn't there


def test_knockout_final_standings_follow_the_bracket_issue_10(client, director, club, players):
    """Five pairs: 1, 2 and 3 have byes, 4 v 5, then 1 v 5 and 2 v 3, then the final. The
    semi-final losers share 3rd–4th on the page, in the CSV and in the API, whatever their
    points; the byes are counted."""
    from rest_framework.test import APIClient

    tournament = make_bracket(director, club, players, 5)
    seed = {e.seed: e for e in tournament.entrants.all()}

    # Round 1: 5 beats 4 (with a big score for the loser); round 2: 5 beats 1, 3 beats 2
    # (the semi-final losers outscore everyone); the final: 3 beats 5.
    def play(match, winner, scores):
        table = tournament.tables.get(bracket_match=match)
        sides = [e.pk for side in selectors.side_entrants(table) for e in side]
        if sides.index(seed[winner].pk) == 0:
            services.result_enter(director, table, scores=list(scores))
        else:
            services.result_enter(director, table, scores=list(reversed(scores)))

    play("R1-2", 5, (300, 290))
    play("R2-1", 5, (250, 240))
    play("R2-2", 3, (250, 240))
    play("R3-1", 3, (160, 150))
    services.standings_recalculate(tournament.pk)
    tournament.refresh_from_db()
    assert tournament.is_finished

    expected = [(1, seed[3]), (2, seed[5]), (3, seed[1]), (3, seed[2]), (5, seed[4])]
    lines = selectors.standings(tournament)
    assert [(line["rank"], line["entrant"]["id"]) for line in lines] == [
        (rank, e.pk) for rank, e in expected
    ]
    byes = {line["entrant"]["id"]: line["byes"] for line in lines}
    assert byes == {seed[1].pk: 1, seed[2].pk: 1, seed[3].pk: 1, seed[4].pk: 0, seed[5].pk: 0}

    response = client.get(url("standings_csv", tournament.pk))
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert [(int(r["Rank"]), r["Entrant"], r["Byes"]) for r in rows] == [
        (rank, e.name, "1" if e.seed in (1, 2, 3) else "0") for rank, e in expected
    ]
    page = client.get(url("standings", tournament.pk)).content.decode()
    order = [page.index(e.name.replace("&", "&amp;")) for _rank, e in expected]
    assert order == sorted(order)
    api = APIClient().get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert [(line["rank"], line["entrant"]["id"]) for line in api["lines"]] == [
        (rank, e.pk) for rank, e in expected
    ]


def test_a_standings_download_keeps_a_name_in_any_script(client, director, published):
    """ "جمعہ ناک آؤٹ 2026" downloads as جمعہ-ناک-آؤٹ-2026-standings.csv (RFC 6266's filename*),
    not as "2026-standings.csv"."""
    from urllib.parse import unquote

    Tournament.objects.filter(pk=published.pk).update(name="جمعہ ناک آؤٹ 2026")
    response = client.get(url("standings_csv", published.pk))
    header = response["Content-Disposition"]
    assert header.startswith("attachment; filename*=utf-8''")
    assert unquote(header.split("''", 1)[1]) == "جمعہ-ناک-آؤٹ-2026-standings.csv"
    # Vowel signs stay (Django's slugify dropped them: "दवळ-पचश-सपरध"), and the file is named
    # in the reader's language.
    Tournament.objects.filter(pk=published.pk).update(name="दिवाळी पाचशे स्पर्धा")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "mr"
    header = client.get(url("standings_csv", published.pk))["Content-Disposition"]
    name = unquote(header.split("''", 1)[1])
    assert name.startswith("दिवाळी-पाचशे-स्पर्धा-") and name.endswith(".csv")
    assert "standings" not in name


def test_a_brackets_page_shows_every_match_still_playing(client, director, club, players):
    """Five pairs: round 1's 4 v 5 and round 2's 2 v 3 play at once, at tables 1 and 2; the
    tournament's page shows both, not only the latest round's."""
    tournament = make_bracket(director, club, players, 5)
    page = client.get(url("detail", tournament.pk)).content.decode()
    assert "Still playing from earlier rounds" in page
    assert ">R1-2<" in page.split("Still playing from earlier rounds")[1]
    assert ">R2-2<" in page.split("Still playing from earlier rounds")[0]
    round1 = Round.objects.get(tournament=tournament, number=1)
    services.result_enter(director, round1.tables.get(), scores=[500, 100])
    page = client.get(url("detail", tournament.pk)).content.decode()
    assert "Still playing from earlier rounds" not in page


def test_a_bye_counts_as_a_game_in_the_standings_so_the_columns_add_up(
    client, director, club, players
):
    """Five pairs in a knockout: three have byes. On the standings page each line's games
    played are its wins and losses, a bye counting as a game won (it read P 2, W 2, L 1)."""
    import re

    tournament = make_bracket(director, club, players, 5)
    for number in (1, 2):
        for table in Round.objects.get(tournament=tournament, number=number).tables.all():
            if not hasattr(table, "result"):
                services.result_enter(director, table, scores=[500, 100])
    services.standings_recalculate(tournament.pk)
    page = client.get(url("standings", tournament.pk)).content.decode()
    rows = re.findall(r'<th scope="row" class="entrant">(.*?)</tr>', page, re.S)
    assert len(rows) == 5
    for row in rows:
        played, won, lost = (int(n) for n in re.findall(r'<td class="num">(\d+)</td>', row))
        assert played == won + lost, row
    assert any("(1 bye)" in row for row in rows)


def test_the_csv_counts_a_bye_as_the_page_does_and_names_each_column_once(
    client, director, club, players
):
    """The CSV's Played is the page's P (a bye counts as a game played and won: it read 0 where
    the page read 1), and a tiebreak column is named as one, never as a statistic's twin."""
    tournament = make_bracket(director, club, players, 5)
    for table in Round.objects.get(tournament=tournament, number=1).tables.all():
        if not hasattr(table, "result"):
            services.result_enter(director, table, scores=[500, 100])
    services.standings_recalculate(tournament.pk)
    login(client, director)
    response = client.get(url("standings_csv", tournament.pk))
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    header = rows[0]
    assert len(set(header)) == len(header)
    played, won, lost, byes = (header.index(h) for h in ("Played", "Won", "Lost", "Byes"))
    assert all(int(r[played]) == int(r[won]) + int(r[lost]) for r in rows[1:])
    assert sum(int(r[byes]) for r in rows[1:]) == 3
    assert all(h.startswith("Tiebreak ") for h in header[header.index("Hands won") + 1 : -1])


def test_a_rounds_count_of_tables_and_byes_takes_the_readers_comma(client, director, club, players):
    tournament = make_bracket(director, club, players, 5, format="round_robin")
    login(client, director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    page = client.get(url("round", tournament.pk, 1)).content.decode()
    with translation.override("ur"):
        tables = translation.ngettext("%(count)s table", "%(count)s tables", 2) % {"count": 2}
        byes = translation.ngettext("%(count)s bye", "%(count)s byes", 1) % {"count": 1}
    assert f"{tables}، {byes}" in page and f"{tables}, " not in page
