"""The table's hot path: what a table's version determines is cached (and always equals what the
database rebuilds), an action and a seat's fragment make few queries, polls are answered from
the cache without letting anyone see more than the full view would, and a revoked API token
stops working at once."""

from __future__ import annotations

import random

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from knox.models import AuthToken

from games import services, state
from games.models import Table

from .helpers import pick

pytestmark = pytest.mark.django_db


def _queries(captured) -> list[str]:
    """The SQL a request made, without the savepoints the test's own transaction adds."""
    return [
        q["sql"]
        for q in captured.captured_queries
        if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT"))
    ]


def _table(four, game="pitch", **fields):
    table = services.table_create(four[0], game=game, players=4, seat=0, **fields)
    for n in (1, 2, 3):
        services.table_sit(four[n], table.pk, n, token=table.invite_token)
    table.refresh_from_db()
    return table


def _view_of(table_state, seat):
    hand = table_state.hand
    return hand.view_for(seat) if hand is not None else None


def _same_state(a: state.TableState, b: state.TableState, players: int) -> None:
    assert [(s.number, s.user_id, s.bot_level, s.name) for s in a.seats] == [
        (s.number, s.user_id, s.bot_level, s.name) for s in b.seats
    ]
    assert (a.table_hand and a.table_hand.pk) == (b.table_hand and b.table_hand.pk)
    assert a.finished == b.finished
    for seat in range(players):
        assert _view_of(a, seat) == _view_of(b, seat)
    if a.hand is not None:
        assert a.hand.public_view() == b.hand.public_view()


@pytest.mark.parametrize("game", ["pitch", "five_hundred"])
def test_cached_state_equals_the_state_rebuilt_from_the_database(
    four, game, django_capture_on_commit_callbacks
):
    """Through a whole game of random play (each action's state stored on commit, as on a live
    site), the cached state of every version is exactly what the log rebuilds, and an older
    version's key is never what a fresher table reads."""
    table = _table(four, game=game, hand_limit=2)
    rng = random.Random(14)
    seen_keys = set()
    for _ in range(400):
        table = Table.objects.get(pk=table.pk)
        if not table.is_playing:
            break
        cached = state.table_state(table)
        state.forget_all()
        _same_state(cached, state.build_state(table), table.players)
        key = state.state_key(table)
        assert key not in seen_keys
        seen_keys.add(key)
        seat = table.to_act
        view = cached.hand.view_for(seat)
        if view.get("hand_hidden"):
            with django_capture_on_commit_callbacks(execute=True):
                services.table_look(four[seat], table.pk)
            continue
        with django_capture_on_commit_callbacks(execute=True):
            result = services.table_act(four[seat], table.pk, table.action_number, pick(view, rng))
        # What the action answered with is what the database now rebuilds.
        fresh = Table.objects.get(pk=table.pk)
        assert (result.table.version, result.table.action_number) == (
            fresh.version,
            fresh.action_number,
        )
        _same_state(result.state, state.build_state(fresh), table.players)
    else:
        raise AssertionError("the game never ended")
    assert table.is_finished
    assert len(state.table_state(table).finished) == 2


def test_a_table_moved_on_is_never_cached_under_the_older_key(four):
    """A reader whose Table row is older than the database builds the state but doesn't store
    it: the key of its version must only ever hold that version's state."""
    table = _table(four)
    stale = Table.objects.get(pk=table.pk)
    view = state.table_state(stale).hand.view_for(stale.to_act)
    services.table_act(
        four[stale.to_act], table.pk, stale.action_number, pick(view, random.Random(1))
    )
    state.forget_all()
    from django.core.cache import cache

    cache.clear()
    state.table_state(stale)  # built from a database that has moved on
    assert cache.get(state.state_key(stale)) is None


def test_an_action_answers_from_the_state_it_computed(four, django_capture_on_commit_callbacks):
    table = _table(four)
    seat = table.to_act
    view = state.table_state(table).hand.view_for(seat)
    client = Client()
    client.force_login(four[seat])
    client.get(f"/api/tables/{table.pk}/state/")  # the session and the state are warm
    record = pick(view, random.Random(2))
    with CaptureQueriesContext(connection) as captured:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"/api/tables/{table.pk}/act/",
                {"expected_action": table.action_number, "action": record},
                content_type="application/json",
            )
    assert response.status_code == 200, response.content
    # session, user, the locked table, the logged action, the table's update
    assert len(_queries(captured)) <= 5, _queries(captured)
    fresh = Table.objects.get(pk=table.pk)
    assert response.json()["state"]["table"]["version"] == fresh.version
    assert response.json()["state"]["hand"]["seat"] == seat


def test_a_play_action_through_the_api_with_a_token_makes_at_most_five_queries(
    four, django_capture_on_commit_callbacks
):
    table = _table(four)
    seat = table.to_act
    token = AuthToken.objects.create(user=four[seat])[1]
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(f"/api/tables/{table.pk}/state/").status_code == 200
    view = state.table_state(table).hand.view_for(seat)
    with CaptureQueriesContext(connection) as captured:
        response = client.post(
            f"/api/tables/{table.pk}/act/",
            {"expected_action": table.action_number, "action": pick(view, random.Random(3))},
            content_type="application/json",
        )
    assert response.status_code == 200, response.content
    assert len(_queries(captured)) <= 5, _queries(captured)


def test_a_page_form_action_and_the_next_fragment_make_few_queries(
    four, django_capture_on_commit_callbacks
):
    table = _table(four, game="five_hundred")
    seat = table.to_act
    services.table_look(four[seat], table.pk)
    table.refresh_from_db()
    client = Client(HTTP_HX_REQUEST="true")
    client.force_login(four[seat])
    assert client.get(f"/tables/{table.pk}/live/").status_code == 200
    view = state.table_state(table).hand.view_for(seat)
    choice = next(a for a in view["legal"] if a.get("call") == "pass")
    with CaptureQueriesContext(connection) as captured:
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(
                f"/tables/{table.pk}/act/", {"expected": table.action_number, "call": "pass"}
            )
    assert choice and response.status_code == 200, response.content
    assert len(_queries(captured)) <= 5, _queries(captured)
    assert b"data-version" in response.content or response.content

    other = Client(HTTP_HX_REQUEST="true")
    other.force_login(four[(seat + 2) % 4])
    with CaptureQueriesContext(connection) as captured:
        response = other.get(f"/tables/{table.pk}/live/")
    assert response.status_code == 200
    # the session, its user, the table (the state comes from the cache)
    assert len(_queries(captured)) <= 3, _queries(captured)


def test_polls_of_an_open_table_are_answered_without_a_query(four):
    table = _table(four)
    client = Client()
    client.force_login(four[1])
    first = client.get(f"/tables/{table.pk}/poll/?v={table.version}")
    assert first.status_code == 204
    with CaptureQueriesContext(connection) as captured:
        same = client.get(f"/tables/{table.pk}/poll/?v={table.version}")
        changed = client.get(f"/tables/{table.pk}/poll/?v={table.version - 1}")
        api = Client().get(f"/api/tables/{table.pk}/version/")
    assert captured.captured_queries == []
    assert same.status_code == 204
    assert changed.status_code == 200 and changed["HX-Trigger"] == "table-changed"
    assert api.status_code == 200
    assert api.json() == {
        "id": table.pk,
        "action_number": table.action_number,
        "version": table.version,
        "status": "playing",
    }


def test_a_poll_sees_the_new_version_of_an_action(four):
    table = _table(four)
    client = Client()
    assert client.get(f"/api/tables/{table.pk}/version/").json()["version"] == table.version
    view = state.table_state(table).hand.view_for(table.to_act)
    services.table_act(
        four[table.to_act], table.pk, table.action_number, pick(view, random.Random(4))
    )
    answer = client.get(f"/api/tables/{table.pk}/version/").json()
    assert answer["version"] == table.version + 1
    assert answer["action_number"] == table.action_number + 1


def test_a_private_table_poll_stays_hidden_from_strangers(four, make_user):
    table = _table(four, access="invite")
    stranger = make_user("stranger")
    player, outsider = Client(), Client()
    player.force_login(four[2])
    outsider.force_login(stranger)
    assert player.get(f"/tables/{table.pk}/poll/?v={table.version}").status_code == 204
    # The player's grant is theirs: the stranger still gets the 404 of no table.
    assert outsider.get(f"/tables/{table.pk}/poll/?v={table.version}").status_code == 404
    assert outsider.get(f"/api/tables/{table.pk}/version/").status_code == 404
    assert Client().get(f"/api/tables/{table.pk}/version/").status_code == 404
    with CaptureQueriesContext(connection) as captured:
        assert player.get(f"/tables/{table.pk}/poll/?v={table.version}").status_code == 204
    assert captured.captured_queries == []


def test_a_revoked_token_stops_working_at_once(four):
    table = _table(four, access="invite")
    instance, token = AuthToken.objects.create(user=four[0])
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(f"/api/tables/{table.pk}/state/").status_code == 200
    assert client.get(f"/api/tables/{table.pk}/version/").status_code == 200
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/api/tables/{table.pk}/version/").status_code == 200
    assert captured.captured_queries == []  # the token and the grant come from the cache
    AuthToken.objects.filter(pk=instance.pk).delete()
    assert client.get(f"/api/tables/{table.pk}/state/").status_code == 401
    assert client.get(f"/api/tables/{table.pk}/version/").status_code == 401


def test_a_deactivated_account_token_stops_working(four):
    table = _table(four)
    _instance, token = AuthToken.objects.create(user=four[0])
    client = Client(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.get(f"/api/tables/{table.pk}/state/").status_code == 200
    four[0].is_active = False
    four[0].save()
    assert client.get(f"/api/tables/{table.pk}/state/").status_code == 401


def test_a_bad_token_on_an_open_table_poll_is_still_refused(four):
    table = _table(four)
    Client().get(f"/api/tables/{table.pk}/version/")  # the version row is in the cache
    client = Client(HTTP_AUTHORIZATION="Token kb_not-a-real-token")
    assert client.get(f"/api/tables/{table.pk}/version/").status_code == 401


def test_engine_states_pickle_small():
    """Hands reference the engines' shared tables instead of copying them into each pickle."""
    import pickle

    from games.engines import engine_for

    for game in ("five_hundred", "pitch"):
        engine = engine_for(game)
        hand = engine.Hand.new(4, engine.Options.from_dict({}, players=4), 0, random.Random(5))
        data = pickle.dumps(hand)
        assert len(data) < 4000
        again = pickle.loads(data)
        assert again.view_for(1) == hand.view_for(1)
        assert again.legal_actions() == hand.legal_actions()


def test_every_action_of_whole_hands_makes_at_most_five_queries(
    four, django_capture_on_commit_callbacks
):
    """Through the API with tokens, over the first hands of a Pitch game: a card, a bid, the
    action that ends a hand (its scores, the next deal, and the signal that boards are recorded,
    passed by for a table without boards) and one followed by forced passes (logged in one
    insert) each make at most five queries."""
    table = _table(four, seed=1)  # the same deals every run, forced passes among them
    clients = [
        Client(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=user)[1]}")
        for user in four
    ]
    for client in clients:  # each token is read once, then answered from the cache
        assert client.get(f"/api/tables/{table.pk}/version/").status_code == 200
    rng = random.Random(1)
    seen = {"hand ended": 0, "forced passes": 0}
    while table.hand_number <= 3:
        seat = table.to_act
        view = state.table_state(table).hand.view_for(seat)
        with CaptureQueriesContext(connection) as captured:
            with django_capture_on_commit_callbacks(execute=True):
                response = clients[seat].post(
                    f"/api/tables/{table.pk}/act/",
                    {"expected_action": table.action_number, "action": pick(view, rng)},
                    content_type="application/json",
                )
        assert response.status_code == 200, response.content
        after = Table.objects.get(pk=table.pk)
        assert len(_queries(captured)) <= 5, _queries(captured)
        seen["hand ended"] += after.hand_number != table.hand_number
        seen["forced passes"] += after.action_number > table.action_number + 1
        table = after
    assert seen["hand ended"] == 3 and seen["forced passes"] >= 1, seen
