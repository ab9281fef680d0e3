"""Acting at a table: the server is the only authority, and the log replays to the result."""

import random

import pytest
from django.utils import translation

from games import selectors, services, state
from games.engines import records
from games.engines.cards import parse_card
from games.errors import (
    IllegalMove,
    InvalidInput,
    NotSeated,
    NotYourSeat,
    NotYourTurn,
    StaleAction,
    TableNotPlaying,
)
from games.models import Table, TableAction, TableHand
from games.signals import game_finished, hand_finished

from .helpers import act_randomly, pick, pick_well, play_until


def full_table(users, game="pitch", players=4, **fields):
    table = services.table_create(users[0], game=game, players=players, **fields)
    for n in range(1, players):
        services.table_sit(users[n], table, n)
    table.refresh_from_db()
    assert table.is_playing
    return table


def view_of(user, table):
    table.refresh_from_db()
    return selectors.table_view_for(user, table)["hand"]


def snapshot(table):
    table.refresh_from_db()
    return (table.action_number, table.version, TableAction.objects.filter(table=table).count())


def test_a_legal_action_is_appended_to_the_log(four):
    table = full_table(four, seed=1)
    seat = table.to_act
    record = pick(view_of(four[seat], table), random.Random(1))
    result = services.table_act(four[seat], table.pk, 0, record)
    assert result.action_number == 1 and result.hand_number == 1
    assert not result.hand_finished and not result.game_finished
    logged = TableAction.objects.get(table=table)
    assert (logged.number, logged.seat, logged.record, logged.actor) == (
        1,
        seat,
        record,
        four[seat],
    )
    assert not logged.by_bot
    table.refresh_from_db()
    assert table.action_number == 1 and table.to_act == (seat + 1) % 4


def test_the_seat_may_be_left_out(four):
    table = full_table(four, seed=1)
    seat = table.to_act
    services.table_act(four[seat], table, 0, {"call": "pass"})
    assert TableAction.objects.get(table=table).record == {"seat": seat, "call": "pass"}


def test_stale_and_repeated_requests_change_nothing(four):
    table = full_table(four, seed=1)
    seat = table.to_act
    with pytest.raises(StaleAction) as caught:
        services.table_act(four[seat], table.pk, 3, {"call": "pass"})
    assert caught.value.action_number == 0 and caught.value.status_code == 409
    assert caught.value.message == (
        "You answered the table at action 3, but it is only at action 0. Reload and try again."
    )
    services.table_act(four[seat], table.pk, 0, {"call": "pass"})
    before = snapshot(table)
    with pytest.raises(StaleAction) as caught:  # the same request again
        services.table_act(four[seat], table.pk, 0, {"call": "pass"})
    assert snapshot(table) == before
    # The numbers in the message are the ones sent and the ones played (not one more).
    assert caught.value.message == (
        "The game has moved on: the table is at action 1 now, and you answered it at action 0. "
        "Reload and try again."
    )
    with translation.override("pa"):
        with pytest.raises(StaleAction) as caught:
            services.table_act(four[seat], table.pk, 0, {"call": "pass"})
    # No plural to agree with the wrong number ("1 ਚਾਲਾਂ"): the table's action number, named.
    assert "ਚਾਲ ਨੰਬਰ 1 " in caught.value.message and "ਚਾਲ ਨੰਬਰ 0 " in caught.value.message


def test_illegal_actions_carry_the_rules_reason(four):
    table = full_table(four, seed=1)
    seat = table.to_act
    before = snapshot(table)
    with pytest.raises(IllegalMove) as caught:
        services.table_act(four[seat], table.pk, 0, {"call": "9"})
    assert caught.value.status_code == 400
    assert caught.value.message == "A bid in Pitch is 1, 2, 3 or 4 (or pass), not '9'"
    assert caught.value.as_json() == {"detail": caught.value.message, "code": "malformed"}
    hand = view_of(four[seat], table)
    foreign = next(c for c in ("AS", "KS", "QS", "AH", "KH") if c not in hand["hand"])
    with pytest.raises(IllegalMove) as caught:
        services.table_act(four[seat], table.pk, 0, {"pitch": foreign})
    assert caught.value.code == "card_not_held"
    assert caught.value.params == {"card": foreign}  # language-neutral: a card code
    assert caught.value.message == f"You do not hold {parse_card(foreign).symbol}"
    assert snapshot(table) == before


def test_wrong_player_wrong_seat_and_nonsense(four, make_user):
    table = full_table(four, seed=1)
    seat = table.to_act
    other = (seat + 1) % 4
    with pytest.raises(NotYourTurn) as caught:
        services.table_act(four[other], table.pk, 0, {"call": "pass"})
    assert caught.value.status_code == 409 and f"seat {seat}" in caught.value.message
    with pytest.raises(NotYourSeat) as caught:
        services.table_act(four[other], table.pk, 0, {"seat": seat, "call": "pass"})
    assert caught.value.status_code == 403
    with pytest.raises(NotSeated):
        services.table_act(make_user("kibitzer"), table.pk, 0, {"call": "pass"})
    for bad in ({"call": "pass", "play": "AS"}, {"dance": "jig"}, ["pass"]):
        with pytest.raises(InvalidInput):
            services.table_act(four[seat], table.pk, 0, bad)
    with pytest.raises(InvalidInput):
        services.table_act(four[seat], table.pk, "zero", {"call": "pass"})
    waiting = services.table_create(four[0], game="pitch", players=4)
    with pytest.raises(TableNotPlaying):
        services.table_act(four[0], waiting.pk, 0, {"call": "pass"})
    assert TableAction.objects.count() == 0


def test_the_state_is_rebuilt_from_the_log_alone(four):
    table = full_table(four, game="five_hundred", seed=7)
    play_until(four, table, random.Random(3), lambda t: t.action_number >= 12)
    table.refresh_from_db()
    cached = [selectors.table_view_for(u, table) for u in four]
    state.forget_all()
    rebuilt = [selectors.table_view_for(u, table) for u in four]
    assert rebuilt == cached
    _th, fresh = state.build_current_hand(table)
    assert [a.to_record() for a in fresh.actions] == list(
        TableAction.objects.filter(table=table, hand__number=table.hand_number)
        .order_by("number")
        .values_list("record", flat=True)
    )


def test_a_whole_pitch_game_replays_to_the_stored_result(four, django_capture_on_commit_callbacks):
    finished, hands_done = [], []
    game_finished.connect(
        lambda **kw: finished.append(kw["table_id"]), weak=False, dispatch_uid="t1"
    )
    hand_finished.connect(
        lambda **kw: hands_done.append(kw["hand_number"]), weak=False, dispatch_uid="t2"
    )
    try:
        table = full_table(four, seed=11)
        with django_capture_on_commit_callbacks(execute=True):
            play_until(four, table, random.Random(5), lambda t: t.is_finished, chooser=pick_well)
    finally:
        game_finished.disconnect(dispatch_uid="t1")
        hand_finished.disconnect(dispatch_uid="t2")
    table.refresh_from_db()
    assert table.winners and max(table.totals) >= 7
    assert finished == [table.pk]
    hands = list(TableHand.objects.filter(table=table).order_by("number"))
    assert hands_done == [h.number for h in hands]
    assert all(h.finished for h in hands)
    # The deal passes left.
    for before, after in zip(hands, hands[1:], strict=False):
        assert after.dealer == (before.dealer + 1) % 4
    # Every hand's record replays to its stored scores; the game record to the totals.
    for h in hands:
        summary = records.replay(selectors.hand_record_for(table, h.number))
        assert summary["status"] == "complete" and summary["scores"] == h.scores
    replayed = records.replay(selectors.game_record_for(table))
    assert replayed["totals"] == [h.totals for h in hands]
    assert replayed["totals"][-1] == table.totals and replayed["winner"] == table.winners
    # The winners were told; nobody can act any more.
    assert four[0].notices.filter(text__contains="is over").count() == 1
    notice = four[0].notices.get(text__contains="is over")
    assert notice.key in ("games.game_over_one", "games.game_over_many")
    assert table.name == "" and notice.params["table"]["kind"] == "games.table"
    assert "North's Auction Pitch table" in notice.text  # the English kept for the admin
    with translation.override("ur"):
        # Read in the reader's language, the table's default name included (it was once
        # stored in the words of the language the game ended in).
        assert "کھیل ختم ہو گیا" in notice.message
        assert "\u2068North\u2069 کی نیلامی پچ میز" in notice.message
    with translation.override("ms"):
        assert "Meja Pitch Lelong North" in notice.message
    with pytest.raises(TableNotPlaying):
        services.table_act(four[0], table.pk, table.action_number, {"call": "pass"})


def test_thrown_in_hands_are_redealt_by_the_next_dealer(four):
    table = full_table(four, game="five_hundred", seed=2)
    first = TableHand.objects.get(table=table, number=1)
    for _ in range(4):
        table.refresh_from_db()
        result = services.table_act(
            four[table.to_act], table.pk, table.action_number, {"call": "pass"}
        )
    assert result.hand_finished and result.hand_number == 2
    first.refresh_from_db()
    assert first.thrown_in and first.scores == [0, 0, 0, 0]
    second = TableHand.objects.get(table=table, number=2)
    assert second.dealer == (first.dealer + 1) % 4 and second.deal != first.deal
    assert second.first_action == 4
    assert records.replay(selectors.hand_record_for(table, 1))["status"] == "thrown_in"


def test_a_hand_limit_ends_the_game_on_the_best_total(four):
    table = full_table(four, game="five_hundred", seed=4, hand_limit=2)
    play_until(four, table, random.Random(2), lambda t: t.is_finished)
    table.refresh_from_db()
    played = TableHand.objects.filter(table=table, thrown_in=False)
    assert played.count() == 2 and all(h.finished for h in played)
    best = max(table.totals)
    assert table.winners == [s for s in range(4) if table.totals[s] == best]
    # Each hand replays to its stored scores. (A game record knows no hand limit: replayed
    # as a game, it would end when a side reached the target or fell to minus the target.)
    for h in played:
        assert records.replay(selectors.hand_record_for(table, h.number))["scores"] == h.scores
    assert [sum(col) for col in zip(*(h.scores for h in played), strict=True)] == table.totals


def test_blind_misere_is_open_until_the_seat_looks(four):
    table = full_table(four, game="five_hundred", seed=6)
    first, second = table.to_act, (table.to_act + 1) % 4
    view = view_of(four[first], table)
    assert view["hand"] is None and view["hand_hidden"] is True
    assert {"seat": first, "call": "blind_misere"} in view["legal"]
    version = table.version
    assert services.table_look(four[first], table) is True
    assert services.table_look(four[first], table) is False  # once is enough
    table.refresh_from_db()
    assert table.version == version + 1
    view = view_of(four[first], table)
    assert len(view["hand"]) == 10 and not view["hand_hidden"]
    assert {"seat": first, "call": "blind_misere"} not in view["legal"]
    with pytest.raises(IllegalMove):
        services.table_act(four[first], table.pk, 0, {"call": "blind_misere"})
    services.table_act(four[first], table.pk, 0, {"call": "pass"})
    # The second seat has not looked: blind misère is still open to it, also after a rebuild.
    state.forget_all()
    assert {"seat": second, "call": "blind_misere"} in view_of(four[second], table)["legal"]
    services.table_look(four[second], table)
    state.forget_all()
    assert {"seat": second, "call": "blind_misere"} not in view_of(four[second], table)["legal"]
    hand = TableHand.objects.get(table=table, number=1)
    assert hand.looks == {str(first): 0, str(second): 1}


def test_a_blind_misere_bid_stands_in_the_log(four):
    table = full_table(four, game="five_hundred", seed=6)
    seat = table.to_act
    services.table_act(four[seat], table.pk, 0, {"call": "blind_misere"})
    services.table_look(four[seat], table)  # looking afterwards does not undo the bid
    state.forget_all()
    table.refresh_from_db()
    view = view_of(four[seat], table)
    assert view["high_bid"]["call"] == "blind_misere" and len(view["hand"]) == 10


def test_bots_always_look(four, django_capture_on_commit_callbacks):
    table = services.table_create(four[0], game="five_hundred", players=4, bot_level="easy", seed=8)
    with django_capture_on_commit_callbacks(execute=True):
        services.table_fill_with_bots(four[0], table)
    assert set(TableHand.objects.get(table=table, number=1).looks) == {"1", "2", "3"}


def test_tables_listed_for_people(four):
    open_table = services.table_create(four[0], game="pitch", players=4)
    invite = services.table_create(four[0], game="pitch", players=4, access="invite")
    full = full_table(four, seed=1)
    assert set(selectors.tables_open_to(four[1])) == {open_table}
    assert set(selectors.tables_open_to(four[0])) == {open_table, invite}
    assert selectors.tables_open_to(four[1]).get().free_seats == 3
    assert set(selectors.tables_of(four[0])) == {open_table, invite, full}
    assert set(selectors.tables_of(four[1])) == {full}
    assert Table.objects.count() == 3


def test_a_whole_five_hundred_game_replays_to_the_stored_result(four):
    table = full_table(four, game="five_hundred", seed=21)
    play_until(four, table, random.Random(8), lambda t: t.is_finished, chooser=pick_well)
    table.refresh_from_db()
    hands = list(TableHand.objects.filter(table=table).order_by("number"))
    assert table.winners and hands[-1].totals == table.totals
    replayed = records.replay(selectors.game_record_for(table))
    assert replayed["totals"] == [h.totals for h in hands]
    assert replayed["winner"] == table.winners


def test_a_stale_table_object_reads_the_state_at_its_own_action_count(four):
    table = full_table(four, seed=1)
    old = Table.objects.get(pk=table.pk)
    services.table_act(four[table.to_act], table.pk, 0, {"call": "pass"})
    assert selectors.table_view_for(four[0], old)["hand"]["auction"] == []  # built at 0 actions
    table.refresh_from_db()
    assert len(selectors.table_view_for(four[0], table)["hand"]["auction"]) == 1
    assert selectors.table_view_for(four[0], old)["hand"]["auction"] == []  # the cache agrees


class TestCalledFour:
    """Pitch: a called 4 doesn't end the auction; the site passes for the people after it."""

    def test_the_people_after_a_called_4_pass_automatically(self, four):
        table = full_table(four, seed=1)
        caller = table.to_act
        dealer = TableHand.objects.get(table=table, number=1).dealer
        result = services.table_act(four[caller], table.pk, 0, {"call": "4"})
        # The three other seats (the dealer last) could only pass: they did, as logged actions.
        assert result.action_number == 4
        logged = list(TableAction.objects.filter(table=table).order_by("number"))
        assert [(a.seat, a.record) for a in logged] == [
            (caller, {"seat": caller, "call": "4"}),
            *(((caller + i) % 4, {"seat": (caller + i) % 4, "call": "pass"}) for i in (1, 2, 3)),
        ]
        assert (logged[-1].seat, logged[0].actor) == (dealer, four[caller])
        assert all(a.actor is None and not a.by_bot for a in logged[1:])
        table.refresh_from_db()
        hand = view_of(four[caller], table)
        assert hand["phase"] == "play" and hand["contract"]["seat"] == caller
        assert table.to_act == caller  # the bidder leads
        # The log alone replays to the same state.
        state.forget_all()
        assert view_of(four[caller], table) == hand

    def test_with_including_4_the_dealer_still_chooses(self, four):
        table = full_table(four, seed=1, options={"dealer_steal": "including_4"})
        caller = table.to_act
        dealer = TableHand.objects.get(table=table, number=1).dealer
        result = services.table_act(four[caller], table.pk, 0, {"call": "4"})
        assert result.action_number == 3  # the two seats between passed; the dealer has not
        table.refresh_from_db()
        assert table.to_act == dealer
        legal = view_of(four[dealer], table)["legal"]
        assert legal[:2] == [{"seat": dealer, "call": "pass"}, {"seat": dealer, "call": "4"}]
        assert {next(iter(set(e) - {"seat"})) for e in legal[2:]} == {"pitch"}
        services.table_act(four[dealer], table.pk, 3, {"call": "4"})
        table.refresh_from_db()
        assert view_of(four[dealer], table)["contract"]["seat"] == dealer and table.to_act == dealer

    def test_a_bot_after_a_called_4_passes_by_itself(self, four):
        for seed in range(40):
            table = services.table_create(
                four[0], game="pitch", players=4, bot_level="easy", seed=seed
            )
            services.table_sit(four[1], table, 1)
            services.table_fill_with_bots(four[0], table)  # bots' tasks are not run here
            table.refresh_from_db()
            if table.to_act == 1:
                break
        else:
            pytest.skip("no seed gave seat 1 the first call")
        services.table_act(four[1], table.pk, 0, {"call": "4"})
        table.refresh_from_db()
        # Seat 2 is a bot: the site leaves its pass to the bot's own move.
        assert table.action_number == 1 and table.to_act == 2 and table.bot_to_act
        assert services.table_bot_move(table.pk, 1)
        table.refresh_from_db()
        assert TableAction.objects.get(table=table, number=2).by_bot


def test_a_hand_limited_game_ends_by_the_shared_rule_and_its_record_says_so(four):
    table = full_table(four, seed=3, hand_limit=1)
    play_until(four, table, random.Random(3), lambda t: t.is_finished, chooser=pick_well)
    table.refresh_from_db()
    record = selectors.game_record_for(table)
    assert record["hand_limit"] == 1
    assert records.replay(record) == {
        "totals": [h.totals for h in TableHand.objects.filter(table=table).order_by("number")],
        "winner": table.winners,
    }


def test_the_game_over_notice_names_bots_as_the_table_page_does_in_the_readers_language(four):
    """A bot that wins is "East bot" in the notice, as on the table page, in whatever language
    the notice is read; not "Bot (Club player)" in the words of the move that ended the game."""
    for seed in range(30):
        table = services.table_create(
            four[0], game="pitch", players=4, bot_level="club", seed=seed, hand_limit=1
        )
        services.table_fill_with_bots(four[0], table)
        rng = random.Random(seed)
        for _ in range(200):
            table.refresh_from_db()
            if table.is_finished:
                break
            if table.to_act == 0:
                act_randomly(four[0], table, rng, pick_well)
            else:
                assert services.table_bot_move(table.pk, table.action_number)
        assert table.is_finished
        if any(w != 0 for w in table.winners):
            break
    else:
        pytest.skip("no seed let a bot win")
    notice = four[0].notices.get(key__startswith="games.game_over", url=table.get_absolute_url())
    param = notice.params["winner" if len(table.winners) == 1 else "winners"]
    assert param["kind"] == "games.seats"
    places = {1: "East", 2: "South", 3: "West"}
    bots = [places[w] for w in table.winners if w]
    for place in bots:
        assert f"{place} bot" in notice.message
    assert "Bot (" not in notice.text
    with translation.override("ur"):
        message = notice.message
        for place in bots:
            assert (
                translation.gettext("%(place)s bot") % {"place": translation.gettext(place)}
                in message
            )
        assert "East" not in message and "bot" not in message
