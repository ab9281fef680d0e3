"""The standings page renders its rows once per content (issue 14): new results, a withdrawal
or a new name shows at once, the reader's own line is marked from the cache, and the cached rows
are the ones a fresh render gives in every language."""

from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from tournaments.models import Entrant

from .conftest import login
from .test_standings_pages import play_round, url


def _rows(client, tournament, **kwargs) -> str:
    page = client.get(url("standings", tournament.pk), **kwargs).content.decode()
    return page[page.index("<tbody>") : page.index("</tbody>")]


def test_results_a_withdrawal_and_a_name_show_at_once(client, director, published):
    assert "<tbody>" not in client.get(url("standings", published.pk)).content.decode()
    play_round(director, published, 1)
    first = _rows(client, published)
    assert first.count('class="num points">2</td>') == 4 and "is-withdrawn" not in first
    entrant = Entrant.objects.get(tournament=published, name="Ann & Bob")
    Entrant.objects.filter(pk=entrant.pk).update(withdrawn=True)
    assert "is-withdrawn" in _rows(client, published)
    Entrant.objects.filter(pk=entrant.pk).update(name="Annie & Bob")
    assert "Annie &amp; Bob" in _rows(client, published)


def test_the_readers_own_line_is_marked_from_the_cache(client, director, published):
    play_round(director, published, 1)
    assert "is-mine" not in _rows(client, published)  # cached for a visitor
    entrant = Entrant.objects.get(tournament=published, name="Ann & Bob")
    login(client, entrant.members.first().user)
    rows = _rows(client, published)
    assert rows.count("is-mine") == 1
    mine = rows[rows.index("is-mine") : rows.index("</tr>", rows.index("is-mine"))]
    assert "Ann &amp; Bob" in mine


def test_cached_rows_are_the_fresh_rows_in_every_language(client, director, published):
    play_round(director, published, 1)
    Entrant.objects.filter(tournament=published, name="Ann & Bob").update(withdrawn=True)
    cached = {}
    for code, _name in settings.LANGUAGES:
        cached[code] = _rows(client, published, headers={"accept-language": code})
    cache.clear()
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            assert _rows(client, published, headers={"accept-language": code}) == cached[code]
    assert len(set(cached.values())) > 1  # the words differ by language
