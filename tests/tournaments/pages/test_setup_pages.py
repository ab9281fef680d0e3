"""Setting up: the club's list, creating and editing, entrants, partnerships, start and delete —
as plain form posts, with the permissions of each role."""

import re

from django.conf import settings
from django.contrib.messages import get_messages
from django.urls import reverse

from tournaments import services
from tournaments.models import Entrant, EntrantMember, Tournament

from .conftest import login


def flashed(response):
    return [str(m) for m in get_messages(response.wsgi_request)]


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


def create_data(night=None, **extra):
    data = {
        "name": "Winter Swiss",
        "game": "five_hundred",
        "format": "swiss",
        "rounds": "3",
        "cycles": "1",
        "play": "target",
        "online": "0",
        "bot_level": "club",
        "tiebreak_mode": "default",
        "entrants_from_night": "on",
    }
    if night is not None:
        data["night"] = str(night.pk)
    data.update(extra)
    return data


# The club's list ---------------------------------------------------------------------------------


def test_club_list_groups_tournaments_and_offers_directors_a_new_one(
    client, club, director, member, swiss
):
    finished = services.tournament_create(
        director, club, name="Old Cup", game="five_hundred", format="round_robin"
    )
    Tournament.objects.filter(pk=finished.pk).update(status=Tournament.Status.FINISHED)
    page = client.get(url("club", club.slug)).content.decode()
    assert "Spring Swiss" in page and "Old Cup" in page
    assert page.index("Being set up") < page.index("Finished")
    assert "New tournament" not in page
    login(client, member)
    assert "New tournament" not in client.get(url("club", club.slug)).content.decode()
    login(client, director)
    assert "New tournament" in client.get(url("club", club.slug)).content.decode()


def test_club_page_links_to_the_tournaments(client, club, director):
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert url("club", club.slug) in page and url("create", club.slug) not in page
    login(client, director)
    page = client.get(reverse("clubs:detail", args=[club.slug])).content.decode()
    assert url("create", club.slug) in page


# Creating ----------------------------------------------------------------------------------------


def test_only_directors_may_open_the_setup_page(client, club, director, member, outsider):
    assert client.get(url("create", club.slug)).url.startswith(reverse("login"))
    for person in (member, outsider):
        login(client, person)
        response = client.get(url("create", club.slug))
        assert response.status_code == 403
        assert "Only the directors of Wattle Card Club" in response.content.decode()
        assert client.post(url("create", club.slug), create_data()).status_code == 403
    assert not Tournament.objects.exists()


def test_setup_page_explains_formats_and_tiebreaks(client, club, director, night):
    login(client, director)
    page = client.get(url("create", club.slug), {"night": night.pk}).content.decode()
    # Each format in words, with the directors' text from tournaments.formats.
    assert "Everyone meets everyone once" in page
    assert "No rematches" in page and "<strong>winners&#x27; bracket</strong>" in page
    # Each tiebreak with its explanation, and the night preselected.
    assert "The total points of every opponent played." in page
    assert "Points won in games between the tied entrants" in page
    assert f'<option value="{night.pk}" selected>' in page
    assert re.search(r'<input type="radio" name="game" value="five_hundred"[^>]* checked', page)
    # A Pitch night's tournament plays Pitch unless the director says otherwise.
    night.game = "pitch"
    night.save(update_fields=["game"])
    page = client.get(url("create", club.slug), {"night": night.pk}).content.decode()
    assert re.search(r'<input type="radio" name="game" value="pitch"[^>]* checked', page)
    assert client.get(url("create", club.slug), {"night": "9" * 40}).status_code == 200


def test_create_from_the_night_makes_partnerships_of_the_checked_in(
    client, club, director, night, checked_in
):
    login(client, director)
    response = client.post(url("create", club.slug), create_data(night))
    tournament = Tournament.objects.get(name="Winter Swiss")
    assert response.status_code == 302 and response.url == url("entrants", tournament.pk)
    assert "Winter Swiss is set up with 8 entrants" in flashed(response)[0]
    assert tournament.night == night and tournament.rounds == 3 and tournament.is_draft
    assert tournament.tiebreaks == ["buchholz", "sonneborn_berger", "points_difference"]
    assert [e.name for e in tournament.entrants.all()][:2] == ["Ann & Bob", "Cas & Dee"]


def test_create_with_my_own_tiebreaks_in_my_order_and_a_hand_limit(client, club, director):
    login(client, director)
    data = create_data(
        tiebreak_mode="custom",
        tb_hands_won="2",
        tb_points_difference="1",
        play="hands",
        hand_limit="8",
        **{"five_hundred-misere": "false"},
    )
    data.pop("entrants_from_night")
    assert client.post(url("create", club.slug), data).status_code == 302
    tournament = Tournament.objects.get()
    assert tournament.tiebreaks == ["points_difference", "hands_won"]
    assert tournament.play == "hands" and tournament.hand_limit == 8
    assert tournament.options == {"misere": False}
    assert tournament.entrants.count() == 0


def test_create_refuses_bad_input_with_messages_and_changes_nothing(client, club, director):
    """A refused form is shown again with 200 and its errors, as every other form (issue 10)."""
    login(client, director)
    response = client.post(url("create", club.slug), create_data(play="hands"))
    assert response.status_code == 200
    assert "Say how many hands a round is." in response.content.decode()
    response = client.post(
        url("create", club.slug),
        create_data(tiebreak_mode="custom", tb_wins="1", tb_buchholz="1"),
    )
    assert response.status_code == 200
    assert "Give each tiebreak you use a different place" in response.content.decode()
    response = client.post(
        url("create", club.slug),
        create_data(game="pitch", format="round_robin", **{"pitch-target": "99"}),
    )
    assert response.status_code == 200
    assert not Tournament.objects.exists()


def test_edit_before_and_after_the_start(client, director, member, swiss):
    login(client, member)
    assert client.get(url("edit", swiss.pk)).status_code == 403
    login(client, director)
    page = client.get(url("edit", swiss.pk)).content.decode()
    assert 'value="Spring Swiss"' in page
    data = create_data(
        swiss.night, name="Spring Swiss Open", rounds="2", play="hands", hand_limit="10"
    )
    data.update(tiebreak_mode="custom", tb_wins="1")
    response = client.post(url("edit", swiss.pk), data)
    assert response.status_code == 302
    swiss.refresh_from_db()
    assert swiss.name == "Spring Swiss Open" and swiss.hand_limit == 10
    assert swiss.tiebreaks == ["wins"]
    services.tournament_start(director, swiss)
    page = client.get(url("edit", swiss.pk)).content.decode()
    assert "has started" in page
    data = create_data(swiss.night, name="Renamed", play="target", rounds="3")
    assert client.post(url("edit", swiss.pk), data).status_code == 302
    swiss.refresh_from_db()
    assert swiss.name == "Renamed" and swiss.rounds == 3
    assert swiss.play == "hands" and swiss.hand_limit == 10  # fixed once started


# Entrants and partnerships -----------------------------------------------------------------------


def test_entrants_page_for_each_role(client, director, member, swiss, checked_in):
    page = client.get(url("entrants", swiss.pk)).content.decode()
    assert "Ann &amp; Bob" in page and "Start the tournament" not in page
    login(client, checked_in[0])
    page = client.get(url("entrants", swiss.pk)).content.decode()
    assert '<span class="pill">You</span>' in page and "Remove" not in page
    login(client, director)
    page = client.get(url("entrants", swiss.pk)).content.decode()
    assert "Start the tournament" in page and "Set the partnerships" in page
    assert "Add a partnership" in page


def test_add_a_partnership_of_a_member_and_a_guest(client, director, member, swiss):
    login(client, director)
    data = {"player_1": f"u{member.pk}", "guest_2": "Walk-in Wendy"}
    response = client.post(url("entrant_add", swiss.pk), data)
    assert response.status_code == 302
    entrant = Entrant.objects.get(tournament=swiss, name="Milo & Walk-in Wendy")
    assert [m.name for m in entrant.members.all()] == ["Milo", "Walk-in Wendy"]
    # Someone already entered is no longer offered: the form refuses them.
    response = client.post(url("entrant_add", swiss.pk), {"player_1": f"u{member.pk}"})
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert Entrant.objects.filter(tournament=swiss).count() == 9
    response = client.post(url("entrant_add", swiss.pk), {})
    assert response.status_code == 200 and "Choose a player" in response.content.decode()


def test_entrant_actions_remove_move_up_and_permissions(client, director, member, swiss):
    second = Entrant.objects.get(tournament=swiss, seed=2)
    login(client, member)
    response = client.post(url("entrant_action", swiss.pk, second.pk, "remove"))
    assert response.status_code == 403
    login(client, director)
    response = client.post(url("entrant_action", swiss.pk, second.pk, "up"))
    assert response.status_code == 302 and "moved up to seed 1" in flashed(response)[0]
    second.refresh_from_db()
    assert second.seed == 1
    client.post(url("entrant_action", swiss.pk, second.pk, "remove"))
    assert not Entrant.objects.filter(pk=second.pk).exists()


def test_partnerships_picked_by_hand_and_drawn_at_random(client, director, member, swiss, players):
    login(client, member)
    assert client.get(url("pairs", swiss.pk)).status_code == 403
    login(client, director)
    page = client.get(url("pairs", swiss.pk)).content.decode()
    assert page.count('class="pair-row"') == 8
    keys = [f"u{p.pk}" for p in players]
    # Ann with Pat, Bob with Cas; everyone else left out.
    data = {"pair_0_a": keys[0], "pair_0_b": keys[15], "pair_1_a": keys[1], "pair_1_b": keys[2]}
    response = client.post(url("pairs", swiss.pk), data)
    assert response.status_code == 302
    assert "Not entered: Dee" in flashed(response)[0]
    assert [e.name for e in swiss.entrants.all()] == ["Ann & Pat", "Bob & Cas"]
    response = client.post(url("pairs", swiss.pk), {**data, "pair_1_b": keys[15]})
    assert response.status_code == 200 and "Pat is in two pairs" in response.content.decode()
    assert [e.name for e in swiss.entrants.all()] == ["Ann & Pat", "Bob & Cas"]
    response = client.post(url("pairs", swiss.pk), {"draw": "1"})
    assert response.status_code == 302
    assert swiss.entrants.count() == 8
    assert EntrantMember.objects.filter(tournament=swiss).count() == 16


def test_enter_the_night_and_late_entries_once_running(client, director, swiss, night, make_user):
    from .conftest import check_in

    login(client, director)
    late = [make_user("quinn"), make_user("ray")]
    check_in(night, late)
    response = client.post(url("from_night", swiss.pk))
    assert "Entered from the night: Quinn & Ray." in flashed(response)
    services.tournament_start(director, swiss)
    page = client.get(url("entrants", swiss.pk)).content.decode()
    assert "Late entry" in page
    data = {"guest_1": "Sam", "guest_2": "Tia"}
    response = client.post(url("entrant_add", swiss.pk), data)
    assert "Sam & Tia entered as a late entry" in flashed(response)[0]
    assert Entrant.objects.get(name="Sam & Tia").late


def test_start_pairs_round_one_and_delete_only_before(client, director, member, swiss):
    login(client, member)
    assert client.post(url("start", swiss.pk)).status_code == 403
    assert client.get(url("delete", swiss.pk)).status_code == 403
    login(client, director)
    assert "Delete Spring Swiss?" in client.get(url("delete", swiss.pk)).content.decode()
    response = client.post(url("start", swiss.pk))
    assert response.url == url("round", swiss.pk, 1)
    swiss.refresh_from_db()
    assert swiss.is_running and swiss.round_set.get().is_draft
    response = client.post(url("delete", swiss.pk))
    assert "Only a tournament that hasn't started can be deleted." in flashed(response)
    assert Tournament.objects.filter(pk=swiss.pk).exists()


def test_start_refuses_a_partnership_without_a_partner(client, director, swiss, member):
    services.entrant_add(director, swiss, members=[member])
    login(client, director)
    response = client.post(url("start", swiss.pk))
    assert response.url == url("entrants", swiss.pk)
    assert "These partnerships need a second player: Milo." in flashed(response)
    swiss.refresh_from_db()
    assert swiss.is_draft


def test_a_new_empty_tournament_can_be_deleted(client, club, director):
    tournament = services.tournament_create(
        director, club, name="Oops", game="pitch", format="single_elimination"
    )
    login(client, director)
    response = client.post(url("delete", tournament.pk))
    assert response.url == url("club", club.slug)
    assert not Tournament.objects.filter(pk=tournament.pk).exists()


def test_withdrawals_by_a_player_and_by_the_director(client, director, started, checked_in):
    ann_and_bob = Entrant.objects.get(tournament=started, seed=1)
    cas_and_dee = Entrant.objects.get(tournament=started, seed=2)
    login(client, checked_in[0])  # Ann withdraws her own partnership...
    page = client.get(url("entrants", started.pk)).content.decode()
    assert page.count("Withdraw</button>") == 1
    response = client.post(url("entrant_action", started.pk, ann_and_bob.pk, "withdraw"))
    assert "Ann & Bob has withdrawn and won't be paired again." in flashed(response)
    # ...but not anyone else's.
    response = client.post(url("entrant_action", started.pk, cas_and_dee.pk, "withdraw"))
    assert response.status_code == 403
    login(client, director)
    page = client.get(url("entrants", started.pk)).content.decode()
    assert "Withdrawn" in page and "Reinstate" in page
    response = client.post(url("entrant_action", started.pk, ann_and_bob.pk, "reinstate"))
    assert "Ann & Bob is back in: paired from the next round." in flashed(response)
    ann_and_bob.refresh_from_db()
    cas_and_dee.refresh_from_db()
    assert not ann_and_bob.withdrawn and not cas_and_dee.withdrawn
    response = client.post(url("entrant_action", started.pk, ann_and_bob.pk, "reinstate"))
    assert "Ann & Bob hasn't withdrawn." in flashed(response)


def test_the_directors_entrant_messages_come_in_their_language(client, director, started):
    ann_and_bob = Entrant.objects.get(tournament=started, seed=1)
    login(client, director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    for action, told in (
        ("withdraw", "Ann & Bob دستبردار ہو گئے ہیں اور آئندہ ان کی جوڑی نہیں بنے گی۔"),
        ("reinstate", "Ann & Bob دوبارہ شامل: اگلے راؤنڈ سے جوڑی بنے گی۔"),
    ):
        response = client.post(url("entrant_action", started.pk, ann_and_bob.pk, action))
        assert flashed(response)[-1] == told
