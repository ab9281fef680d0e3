"""The lobby (open tables, my tables, taking a seat) and the open-a-table form (options with
their sentences and defaults, house rules, who may join, bots, name and number of hands)."""

import re

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from core.choices import Game
from games import services
from games.models import HouseRuleSet, Table
from games.options import option_fields

from .helpers import full_table, refreshed

pytestmark = pytest.mark.django_db

LOBBY = reverse("games:lobby")
NEW = reverse("games:new")


def create_data(**overrides):
    """A valid create-table form post (Five Hundred, four players, the defaults)."""
    data = {"game": "five_hundred", "access": "anyone", "bot_level": "club"}
    data["five_hundred-players"] = "4"
    data["pitch-players"] = "4"
    for game in Game.values:
        for option in option_fields(game):
            data[f"{game}-{option.key}"] = option.default_form_value
    data.update(overrides)
    return data


def checked(page: str, name: str, value: str) -> bool:
    """Whether the radio button `name` = `value` is checked in the page."""
    for tag in re.findall(r"<input[^>]*>", page):
        if f'name="{name}"' in tag and f'value="{value}"' in tag:
            return " checked" in tag
    raise AssertionError(f"no radio {name}={value}")


# The lobby -----------------------------------------------------------------------------------


def test_the_lobby_lists_open_tables_in_words_with_free_seats(four, client):
    services.table_create(
        four[0], game="five_hundred", players=4, name="No misère here", options={"misere": False}
    )
    services.table_create(
        four[1], game="pitch", players=5, name="Pitch to eleven", options={"target": 11}
    )
    full_table(four, "pitch", name="Already playing")
    page = client.get(LOBBY).content.decode()
    assert "No misère here" in page and "Pitch to eleven" in page
    assert "Already playing" not in page
    assert "Misère bids: Not allowed" in page and "Game to: 11" in page
    assert "3 free seats" in page and "4 free seats" in page
    # Signed out: no seat buttons, a way to log in.
    assert "Take a seat" not in page and "Log in to play" in page


def test_a_signed_in_player_takes_a_seat_from_the_lobby(four, client_for):
    table = services.table_create(four[0], game="pitch", players=3, name="Threes")
    page = client_for(four[1]).get(LOBBY).content.decode()
    assert page.count('aria-label="Take a seat at Threes') == 2
    response = client_for(four[1]).post(reverse("games:sit", args=[table.pk]), {"seat": "2"})
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.seats.get(number=2).user == four[1]
    # The last free seat starts the game.
    client_for(four[2]).post(reverse("games:sit", args=[table.pk]), {"seat": "1"})
    assert refreshed(table).is_playing


def test_my_tables_lists_the_tables_i_sit_at_and_says_when_it_is_my_turn(four, client_for):
    table = full_table(four, "pitch", name="My game")
    waiting = services.table_create(four[0], game="five_hundred", players=4, name="Later")
    seat = refreshed(table).to_act
    page = client_for(four[seat]).get(LOBBY).content.decode()
    mine = page.split('id="mine-title"')[1].split('id="open-title"')[0]
    assert "My game" in mine and "Your turn" in mine
    other = client_for(four[(seat + 1) % 4]).get(LOBBY).content.decode()
    assert "Your turn" not in other.split('id="open-title"')[0]
    assert "Later" in client_for(four[0]).get(LOBBY).content.decode().split('id="open-title"')[0]
    assert waiting.is_waiting


def test_the_lobby_makes_as_many_queries_for_many_tables_as_for_one(four, client_for):
    def lobby_queries() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client_for(four[0]).get(LOBBY).status_code == 200
        return len(queries)

    def table_of_others(creator):
        table = services.table_create(creator, game="pitch", players=4, name="Others'")
        services.table_sit(four[0], table, 1)

    table_of_others(four[1])
    services.table_create(four[2], game="pitch", players=4)
    one = lobby_queries()
    for creator in (four[1], four[2], four[3]):
        table_of_others(creator)
        services.table_create(creator, game="five_hundred", players=4)
    assert lobby_queries() == one


def test_club_tables_show_only_to_members_and_invite_tables_to_nobody_else(club, client_for):
    services.table_create(
        club.director, game="pitch", players=4, name="Club only", access="club", club=club
    )
    services.table_create(club.director, game="pitch", players=4, name="Secret", access="invite")
    assert "Club only" in client_for(club.member).get(LOBBY).content.decode()
    outsider = client_for(club.outsider).get(LOBBY).content.decode()
    assert "Club only" not in outsider and "Secret" not in outsider
    assert "Secret" in client_for(club.director).get(LOBBY).content.decode()
    assert "Secret" not in client_for(club.member).get(LOBBY).content.decode()


def test_the_demo_button_starts_a_game_with_three_bots(four, client_for):
    response = client_for(four[0]).post(reverse("games:demo"))
    table = Table.objects.get(is_demo=True)
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert table.is_playing and table.seats.filter(bot_level="easy").count() == 3


# The form ------------------------------------------------------------------------------------


def test_the_form_needs_a_signed_in_player(client):
    response = client.get(NEW)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_form_explains_every_option_with_its_default_chosen(four, client_for):
    page = client_for(four[0]).get(NEW).content.decode()
    for game in Game.values:
        for option in option_fields(game):
            assert option.help in page.replace("&#x27;", "'")
            assert checked(page, f"{game}-{option.key}", option.default_form_value)
            for choice in option.choices:
                if choice.value != option.default:
                    assert not checked(page, f"{game}-{option.key}", choice.form_value)
    assert checked(page, "game", "five_hundred") and checked(page, "access", "anyone")
    # Each bot level is offered with its description and how strong it measured.
    assert "Plays any legal card at random" in page
    assert 'value="expert"' in page and "Thinks ahead" in page
    assert checked(page, "bot_level", "club")


def test_opening_a_five_hundred_table(four, client_for):
    data = create_data(
        **{
            "five_hundred-misere": "false",
            "five_hundred-trick_points_cap": "490",
            "name": "Tuesday 500",
            "hand_limit": "6",
            "bot_level": "easy",
        }
    )
    response = client_for(four[0]).post(NEW, data)
    table = Table.objects.get()
    assert response.status_code == 302 and response["Location"] == table.get_absolute_url()
    assert (table.name, table.game, table.players, table.hand_limit) == (
        "Tuesday 500",
        "five_hundred",
        4,
        6,
    )
    assert table.options["misere"] is False and table.options["trick_points_cap"] == 490
    assert table.options["bidding"] == "until_passed"  # the defaults are stored too
    assert table.bot_level == "easy" and table.access == "anyone" and table.house_rules is None
    assert table.seats.get(number=0).user == four[0] and table.is_waiting


def test_opening_a_pitch_table_uses_the_pitch_fields_only(four, client_for):
    data = create_data(
        **{
            "game": "pitch",
            "pitch-players": "4",
            "pitch-partnerships": "true",
            "pitch-target": "15",
            "five_hundred-players": "6",  # ignored: Pitch was chosen
            "bot_level": "",
        }
    )
    client_for(four[0]).post(NEW, data)
    table = Table.objects.get()
    assert (table.game, table.players, table.bot_level) == ("pitch", 4, "")
    assert table.options["partnerships"] is True and table.options["target"] == 15


def test_options_the_rules_refuse_are_shown_on_their_field(four, client_for):
    data = create_data(**{"game": "pitch", "pitch-players": "5", "pitch-partnerships": "true"})
    response = client_for(four[0]).post(NEW, data)
    assert response.status_code == 200 and not Table.objects.exists()
    page = response.content.decode()
    field = page.split("<legend>Partnerships</legend>")[1].split("</fieldset>")[0]
    assert 'class="errorlist' in field and "4" in field


def test_house_rules_deleted_meanwhile_are_named_in_the_forms_errors(four, client_for):
    """A form naming house rules that are gone (deleted in another tab) says so at the top of
    the form; it came back with no error anywhere and no table."""
    response = client_for(four[0]).post(NEW, create_data(house_rules="99999"))
    assert response.status_code == 200 and not Table.objects.exists()
    page = response.content.decode()
    top = page.split('class="message error" role="alert">')[1].split("</div>")[0]
    assert "Those house rules are no longer offered to you" in top


def test_club_members_only_needs_one_of_your_clubs(club, client_for):
    response = client_for(club.member).post(NEW, create_data(access="club"))
    assert "Choose the club whose members may join." in response.content.decode()
    response = client_for(club.outsider).post(NEW, create_data(access="club", club=club.pk))
    assert response.status_code == 200 and not Table.objects.exists()
    response = client_for(club.member).post(NEW, create_data(access="club", club=club.pk))
    table = Table.objects.get()
    assert response.status_code == 302 and table.club == club and table.access == "club"


def test_open_and_start_with_bots(four, client_for):
    response = client_for(four[0]).post(NEW, create_data(start_now="1"))
    table = Table.objects.get()
    assert response.status_code == 302
    assert table.is_playing and table.seats.filter(bot_level="club").count() == 3


def test_open_and_start_without_bots_says_why_it_cannot_start(four, client_for):
    client = client_for(four[0])
    response = client.post(NEW, create_data(start_now="1", bot_level=""), follow=True)
    assert Table.objects.get().is_waiting
    assert "This table doesn&#x27;t take bots" in response.content.decode()


# House rules ---------------------------------------------------------------------------------


def test_save_the_options_as_house_rules_then_start_from_them(four, client_for):
    client = client_for(four[0])
    data = create_data(
        **{
            "game": "pitch",
            "pitch-target": "11",
            "pitch-min_bid": "2",
            "rules_name": "Friday pitch",
            "save_rules": "1",
        }
    )
    response = client.post(NEW, data)
    assert response.status_code == 200 and not Table.objects.exists()
    rules = HouseRuleSet.objects.get()
    assert (rules.name, rules.game, rules.club) == ("Friday pitch", "pitch", None)
    assert rules.options == {"target": 11, "min_bid": 2}
    page = response.content.decode()
    assert "Saved the house rules “Friday pitch”" in page
    assert checked(page, "pitch-target", "11")  # the form keeps the choices

    page = client.get(NEW, {"rules": rules.pk}).content.decode()
    assert checked(page, "game", "pitch") and checked(page, "pitch-target", "11")
    assert checked(page, "pitch-min_bid", "2")
    assert f'name="house_rules" value="{rules.pk}"' in page

    client.post(
        NEW,
        create_data(
            **{"game": "pitch", "pitch-target": "11", "pitch-min_bid": "2", "house_rules": rules.pk}
        ),
    )
    assert Table.objects.get().house_rules == rules
    # Changed options after choosing the set: the table doesn't claim to use it.
    client.post(
        NEW, create_data(**{"game": "pitch", "pitch-target": "21", "house_rules": rules.pk})
    )
    assert Table.objects.order_by("-pk").first().house_rules is None


def test_saving_house_rules_needs_a_name(four, client_for):
    response = client_for(four[0]).post(NEW, create_data(save_rules="1"))
    assert response.status_code == 200 and not HouseRuleSet.objects.exists()
    assert "Give the house rules a name." in response.content.decode()


def test_a_director_offers_house_rules_to_the_members(club, client_for):
    data = create_data(
        **{
            "five_hundred-misere": "false",
            "rules_name": "Wattle rules",
            "rules_club": club.pk,
            "save_rules": "1",
        }
    )
    client_for(club.director).post(NEW, data)
    rules = HouseRuleSet.objects.get()
    assert rules.club == club and rules.options == {"misere": False}
    member_page = client_for(club.member).get(NEW).content.decode()
    assert "Wattle rules" in member_page
    assert "Wattle rules" not in client_for(club.outsider).get(NEW).content.decode()
    # A member who doesn't direct the club can't offer rules to it.
    response = client_for(club.member).post(NEW, {**data, "rules_name": "Mine"})
    assert response.status_code == 200 and HouseRuleSet.objects.count() == 1


def test_delete_house_rules(four, client_for):
    rules = services.house_rules_create(four[0], name="Old", game="pitch", options={})
    response = client_for(four[1]).post(
        reverse("games:house_rules_delete", args=[rules.pk]), follow=True
    )
    assert HouseRuleSet.objects.filter(pk=rules.pk).exists()
    assert "Only whoever saved these house rules" in response.content.decode()
    client_for(four[0]).post(reverse("games:house_rules_delete", args=[rules.pk]))
    assert not HouseRuleSet.objects.exists()


def test_the_nav_has_a_play_link(client):
    page = client.get("/").content.decode()
    assert f'href="{LOBBY}">Play</a>' in page


def test_the_form_links_each_game_to_its_rules(four, client_for):
    page = client_for(four[0]).get(NEW).content.decode()
    assert f'href="{reverse("rules", args=["five-hundred"])}"' in page
    assert f'href="{reverse("rules", args=["pitch"])}"' in page


def test_the_form_speaks_the_readers_language(four, client_for):
    client = client_for(four[0])
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ur"
    text = client.get(NEW).content.decode()
    assert 'dir="rtl"' in text
    assert "میز کھولیں" in text  # "Open the table"
    assert "پانچ سو" in text  # Five Hundred


def test_an_unnamed_table_reads_in_each_visitors_language_in_the_lobby(four, client_for):
    """Opened in Urdu without a name, the table is still "North's … table" in Punjabi, Malay and
    English, each in its own words (its default name is not fixed when it is opened)."""
    from django.utils import translation

    with translation.override("ur"):
        services.table_create(four[0], game="pitch", players=4)
    for code, name in [
        ("pa", "North ਦਾ ਨਿਲਾਮੀ ਪਿੱਚ ਮੇਜ਼"),
        ("ms", "Meja Pitch Lelong North"),
        ("en-au", "North&#x27;s Auction Pitch table"),
    ]:
        client = client_for(four[1])
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = code
        page = client.get(LOBBY).content.decode()
        assert f'lang="{code}"' in page
        assert name in page.replace("\u2068", "").replace("\u2069", ""), code
        assert "نیلامی" not in page, code


@pytest.mark.parametrize("code", ["en", "mr", "ms", "pa", "ur"])
def test_the_new_table_forms_help_names_its_start_button(four, client_for, code):
    """The bots' help quotes the button that starts with bots as the button reads, in every
    language (it used to quote the table page's button instead)."""
    page = client_for(four[0]).get("/tables/new/", headers={"accept-language": code})
    text = page.content.decode()
    button = re.search(r'<button[^>]*name="start_now"[^>]*>([^<]+)</button>', text)
    assert button
    assert f"“{button.group(1).strip()}”" in text
