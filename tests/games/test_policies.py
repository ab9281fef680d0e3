"""games.policies: one rule for "may this user start this table with bots now", which the
service enforces and the table page and the API show."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from rest_framework.test import APIClient

from games import selectors, services
from games.errors import Conflict, GameError, NotAllowed, TableStarted
from games.policies import table_access


def empty_table(owner, **fields):
    fields.setdefault("bot_level", "club")
    return services.table_create(owner, game="pitch", players=4, seat=None, seed=1, **fields)


def agree(user, table) -> bool:
    """The policy's answer, checked against what the service does (and the API's field)."""
    may = table_access(user, table).may_start_with_bots
    assert selectors.table_info(table, user)["may_start_with_bots"] is may
    return may


@pytest.mark.parametrize(
    ("setup", "who", "refusal"),
    [
        ("empty", "creator", Conflict),  # the case the page used to get wrong
        ("empty", "stranger", NotAllowed),
        ("creator_seated", "creator", None),
        ("other_seated", "creator", None),  # whoever opened it, someone sitting
        ("other_seated", "seated", None),
        ("other_seated", "stranger", NotAllowed),
        ("no_bots", "creator", Conflict),
        ("anonymous", "anonymous", NotAllowed),
    ],
)
def test_the_policy_and_the_service_decide_alike(four, setup, who, refusal):
    creator, seated, stranger = four[0], four[1], four[2]
    table = empty_table(creator, bot_level="" if setup == "no_bots" else "club")
    if setup in ("creator_seated", "no_bots"):
        services.table_sit(creator, table, 0)
    if setup == "other_seated":
        services.table_sit(seated, table, 2)
    user = {
        "creator": creator,
        "seated": seated,
        "stranger": stranger,
        "anonymous": AnonymousUser(),
    }[who]
    table.refresh_from_db()
    found = table_access(user, table).start_with_bots_refusal()
    assert type(found) is refusal if refusal else found is None
    assert agree(user, table) is (refusal is None)
    if who == "anonymous":
        return
    if refusal is None:
        services.table_fill_with_bots(user, table)
        table.refresh_from_db()
        assert table.is_playing and not agree(user, table)
        assert type(table_access(user, table).start_with_bots_refusal()) is TableStarted
    else:
        with pytest.raises(GameError) as caught:
            services.table_fill_with_bots(user, table)
        assert type(caught.value) is refusal
        assert caught.value.message == found.message


def test_the_creator_of_an_empty_table_sees_no_start_button_but_the_reason(four):
    table = empty_table(four[0])
    client = Client()
    client.force_login(four[0])
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Fill the empty seats with bots and start" not in page
    assert "Take a seat first: a game needs at least one person." in page
    services.table_sit(four[0], table, 0)
    page = client.get(table.get_absolute_url()).content.decode()
    assert "Fill the empty seats with bots and start" in page
    assert "Take a seat first" not in page


def test_the_api_shows_the_same_answer_and_refuses_with_it(four):
    table = empty_table(four[0])
    api = APIClient()
    api.force_authenticate(four[0])
    assert api.get(f"/api/tables/{table.pk}/").json()["may_start_with_bots"] is False
    response = api.post(f"/api/tables/{table.pk}/start-with-bots/")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "Take a seat first: a game needs at least one person.",
        "code": "conflict",
    }
    services.table_sit(four[1], table, 3)
    assert api.get(f"/api/tables/{table.pk}/").json()["may_start_with_bots"] is True
    assert api.post(f"/api/tables/{table.pk}/start-with-bots/").status_code == 200
