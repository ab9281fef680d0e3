"""/tournaments/: every club's tournaments under way and lately finished, the reader's own first."""

from django.utils import timezone

from clubs.models import Club, Membership
from core.choices import Game
from tournaments import services
from tournaments.models import Tournament

from .conftest import login


def test_with_no_tournaments_the_page_says_where_they_come_from(client, db):
    page = client.get("/tournaments/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "No tournaments yet" in text and 'href="/clubs/"' in text
    assert 'href="/tournaments/robot/"' in text


def test_every_clubs_running_and_finished_tournaments_are_listed_but_not_drafts(
    client, director, make_user, started, swiss, club
):
    other = Club.objects.create(
        name="Kookaburra Card Club Perth", slug="perth", games=[Game.PITCH], created_by=director
    )
    Membership.objects.create(club=other, user=director, role=Membership.Role.OWNER)
    draft = services.tournament_create(
        director, other, name="Perth Pitch Draft", game=Game.PITCH, format="round_robin"
    )
    done = services.tournament_create(
        director, other, name="Perth Autumn Cup", game=Game.PITCH, format="round_robin"
    )
    Tournament.objects.filter(pk=done.pk).update(
        status=Tournament.Status.FINISHED, finished_at=timezone.now()
    )
    text = client.get("/tournaments/").content.decode()
    running = text.index("Under way")
    finished = text.index("Recently finished")
    assert running < text.index("Spring Swiss") < finished < text.index("Perth Autumn Cup")
    assert f'href="/tournaments/{started.pk}/"' in text
    assert 'href="/tournaments/club/wattle/"' in text and 'href="/tournaments/club/perth/"' in text
    # Names in any script sit apart from the words around them (Urdu beside a Marathi page).
    assert "<bdi>Kookaburra Card Club Perth</bdi></a> · " in text
    assert "<bdi>Perth Autumn Cup</bdi>" in text
    assert draft.name not in text
    assert "Your tournaments" not in text  # nobody is signed in


def test_a_player_sees_their_own_tournaments_first(client, started, checked_in):
    ann = checked_in[0]
    text = login(client, ann).get("/tournaments/").content.decode()
    assert text.index("Your tournaments") < text.index("Spring Swiss") < text.index("Under way")


def test_the_menu_links_to_the_tournaments(client, db):
    assert 'href="/tournaments/"' in client.get("/").content.decode()
