"""A disputed entry leaves a trace: the audit log keeps who disputed which score, the directors
are told, the table shows as disputed until a new result is entered, and nobody is left asked
to confirm a score that is gone. Hands won left blank are stored as unknown, not as 0."""

import pytest

from accounts.models import Notice
from clubs.models import Membership
from tournaments import selectors, services
from tournaments.models import ResultAudit, TableResult

pytestmark = pytest.mark.django_db


@pytest.fixture
def second_director(make_user, club):
    person = make_user("dan")
    Membership.objects.create(club=club, user=person, role=Membership.Role.DIRECTOR)
    return person


def test_a_dispute_is_kept_in_the_audit_log(match, players, director):
    tournament, table = match
    services.result_enter(players[0], table, scores=[14, 9])
    services.result_reject(players[2], table)
    audit = ResultAudit.objects.get(table=table)
    assert audit.actor == players[2] and audit.tournament == tournament
    assert audit.old["scores"] == [14, 9] and audit.old["status"] == "pending"
    assert audit.old["entered_by"] == players[0].shown_name and audit.old["entered_side"] == 0
    assert audit.new["status"] == "disputed" and audit.new["scores"] == []
    # The director who then enters the result sees the dispute before it, not "nothing".
    services.result_correct(director, table, scores=[14, 10], reason="Score sheet")
    first, second = ResultAudit.objects.filter(table=table).order_by("at", "id")
    assert first.new["status"] == "disputed" and second.old is None


def test_cancelling_your_own_entry_is_no_dispute(match, players):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[14, 9])
    services.result_reject(players[1], table)  # the partner: the same side
    assert not ResultAudit.objects.exists()
    assert not Notice.objects.filter(key="tournaments.result_disputed_director").exists()
    assert selectors.disputed_tables([table.pk]) == {}


def test_the_directors_are_told_of_a_dispute(match, players, director, second_director, member):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[14, 9])
    services.result_reject(players[2], table)
    told = Notice.objects.filter(key="tournaments.result_disputed_director")
    assert set(told.values_list("user__username", flat=True)) == {"dora", "dan"}
    text = told.first().text
    assert text.startswith(f"{players[2].shown_name} disputed the 14–9 {players[0].shown_name}")
    assert "for table 1 of" in text and "waits for a new result" in text
    assert told.first().url.endswith(f"/tables/{table.pk}/")


def test_a_director_clearing_an_entry_is_not_told_of_it_themselves(
    match, players, director, second_director
):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[14, 9])
    services.result_reject(director, table)
    told = Notice.objects.filter(key="tournaments.result_disputed_director")
    assert list(told.values_list("user__username", flat=True)) == ["dan"]
    assert ResultAudit.objects.get(table=table).actor == director


def test_a_disputed_table_stays_disputed_until_a_new_result(match, players):
    tournament, table = match
    other = tournament.round_set.get().tables.get(number=2)
    services.result_enter(players[0], table, scores=[14, 9])
    assert selectors.disputed_tables([table.pk, other.pk]) == {}
    services.result_reject(players[2], table)
    found = selectors.disputed_tables([table.pk, other.pk])
    assert list(found) == [table.pk] and found[table.pk].old["scores"] == [14, 9]
    services.result_enter(players[2], table, scores=[9, 14])
    assert selectors.disputed_tables([table.pk]) == {}


def test_a_disputed_request_to_confirm_is_taken_away(match, players):
    """P03 was asked to confirm P01's 14–9 (and read it); once P03 disputes it, neither P03
    nor P04 is left with a request about a score that is gone."""
    tournament, table = match
    other = tournament.round_set.get().tables.get(number=2)
    services.result_enter(players[0], table, scores=[14, 9])
    services.result_enter(players[4], other, scores=[11, 5])
    asked = Notice.objects.filter(key="tournaments.confirm_result")
    asked.filter(user=players[2]).mark_read()
    services.result_reject(players[2], table)
    assert list(asked.values_list("params__table", flat=True)) == [2, 2]


def test_changing_a_pending_entry_asks_about_the_new_score(match, players):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[14, 9])
    services.result_enter(players[1], table, scores=[14, 10])
    asked = Notice.objects.filter(key="tournaments.confirm_result")
    assert sorted(asked.values_list("user__username", flat=True)) == ["p03", "p04"]
    assert all("entered 14–10 for table 1" in n.text for n in asked)
    services.result_enter(players[1], table, scores=[14, 10])  # the same again: no new notice
    assert asked.count() == 2


@pytest.mark.parametrize("mode", ["player", "director", "correct"])
def test_hands_won_left_out_are_unknown_not_nought(match, players, director, mode):
    _tournament, table = match
    if mode == "player":
        result = services.result_enter(players[0], table, scores=[14, 9])
    elif mode == "director":
        result = services.result_enter(director, table, scores=[14, 9], reason="Sheet")
    else:
        services.result_enter(director, table, scores=[14, 9], hands_won=[3, 2], reason="Sheet")
        result = services.result_correct(director, table, scores=[14, 10], reason="Recount")
    assert TableResult.objects.get(pk=result.pk).hands_won == []
    known = services.result_correct(director, table, scores=[14, 9], hands_won=[0, 0], reason="x")
    assert known.hands_won == [0, 0]
