"""Results: entered at a physical table and confirmed by an opponent, entered or corrected by a
director with the audit log, and the standings task that follows."""

import pytest

from tournaments import selectors, services, tasks
from tournaments.models import ResultAudit, Standing, TableResult

pytestmark = pytest.mark.django_db


def test_a_player_enters_and_an_opponent_confirms(match, players):
    tournament, table = match
    result = services.result_enter(players[0], table, scores=[520, 180], hands_won=[6, 3])
    assert result.status == "pending" and result.entered_side == 0
    assert result.winners == [0] and result.hands_won == [6, 3]
    assert not selectors.round_is_complete(table.round)
    assert selectors.results_awaiting(players[2], tournament) == [result]
    assert selectors.results_awaiting(players[1], tournament) == []
    with pytest.raises(services.NotAllowed, match="opponent"):
        services.result_confirm(players[1], table)  # the partner can't confirm
    confirmed = services.result_confirm(players[3], table)
    assert confirmed.is_confirmed and confirmed.confirmed_by == players[3]
    with pytest.raises(services.ResultExists):
        services.result_enter(players[2], table, scores=[100, 500])


def test_entering_again_changes_your_own_pending_entry(match, players):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[520, 180])
    changed = services.result_enter(players[1], table, scores=[480, 190])
    assert changed.scores == [480, 190] and TableResult.objects.count() == 1


def test_an_opponent_entering_the_same_scores_confirms(match, players):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[520, 180])
    result = services.result_enter(players[3], table, scores=[520, 180])
    assert result.is_confirmed and TableResult.objects.count() == 1


def test_different_scores_from_the_other_side_are_refused(match, players):
    _tournament, table = match
    services.result_enter(players[0], table, scores=[520, 180])
    with pytest.raises(services.ResultExists, match="P01 entered 520–180"):
        services.result_enter(players[2], table, scores=[180, 520])
    services.result_reject(players[2], table)
    assert not TableResult.objects.exists()
    services.result_enter(players[2], table, scores=[180, 520])
    assert TableResult.objects.get().winners == [1]


def test_only_people_at_the_table_or_directors_enter(match, players, member, outsider):
    _tournament, table = match
    for person in (players[5], member, outsider):
        with pytest.raises(services.NotAllowed):
            services.result_enter(person, table, scores=[500, 100])
    with pytest.raises(services.NotAllowed):
        services.result_enter(None, table, scores=[500, 100])


@pytest.mark.parametrize(
    ("scores", "field"),
    [
        ([500], "scores"),
        ([500, "lots"], "scores"),
        ([500, 1.5], "scores"),
        (None, "scores"),
        ([10**7, 0], "scores"),
    ],
)
def test_bad_scores_change_nothing(match, players, scores, field):
    _tournament, table = match
    with pytest.raises(services.InvalidInput) as error:
        services.result_enter(players[0], table, scores=scores)
    assert error.value.field == field
    assert not TableResult.objects.exists()


def test_unpublished_rounds_take_no_results(make_tournament, director):
    tournament = make_tournament(4, start=True)
    table = tournament.round_set.get().tables.first()
    with pytest.raises(services.WrongStatus):
        services.result_enter(director, table, scores=[500, 100])


def test_a_level_result_is_a_draw(match, director):
    tournament, table = match
    result = services.result_enter(director, table, scores=[300, 300])
    assert result.winners == []
    line = {s.entrant: s for s in selectors.live_standings(tournament)}
    first = selectors.side_entrants(table)[0][0].pk
    assert line[first].draws == 1 and line[first].match_points == 1


def test_a_director_enters_at_once_and_the_audit_log_keeps_it(match, director):
    tournament, table = match
    result = services.result_enter(director, table, scores=[500, 100], reason="Card handed in")
    assert result.is_confirmed and result.source == "director"
    (audit,) = selectors.result_audit_log(tournament)
    assert audit.actor == director and audit.old is None and audit.new["scores"] == [500, 100]
    assert audit.reason == "Card handed in"


def test_a_director_corrects_with_a_reason_kept_in_the_audit_log(
    match, director, players, django_capture_on_commit_callbacks
):
    tournament, table = match
    services.result_enter(players[0], table, scores=[520, 180])
    with django_capture_on_commit_callbacks(execute=True):
        services.result_confirm(players[2], table)
    tournament.refresh_from_db()
    version = tournament.standings_version
    first, second = (side[0].pk for side in selectors.side_entrants(table))
    assert Standing.objects.get(tournament=tournament, entrant_id=first).wins == 1
    with pytest.raises(services.InvalidInput, match="why"):
        services.result_correct(director, table, scores=[180, 520], reason=" ")
    with pytest.raises(services.NotAllowed):
        services.result_correct(players[0], table, scores=[180, 520], reason="mine")
    with django_capture_on_commit_callbacks(execute=True):
        services.result_correct(director, table, scores=[180, 520], reason="Scores swapped")
    audit = ResultAudit.objects.get()
    assert audit.old["scores"] == [520, 180] and audit.new["scores"] == [180, 520]
    assert audit.old["winners"] == [0] and audit.new["winners"] == [1]
    assert audit.reason == "Scores swapped" and audit.actor == director and audit.at
    tournament.refresh_from_db()
    assert tournament.standings_version == version + 1
    assert Standing.objects.get(tournament=tournament, entrant_id=second).wins == 1
    assert Standing.objects.get(tournament=tournament, entrant_id=first).wins == 0


def test_corrections_reach_closed_rounds(match, director):
    tournament, table = match
    for t in table.round.tables.all():
        services.result_enter(director, t, scores=[500, 100])
    services.round_close(director, table.round)
    with pytest.raises(services.WrongStatus):
        services.result_enter(table.seats.first().member.user, table, scores=[1, 2])
    services.result_correct(director, table, scores=[100, 500], reason="Wrong card")
    assert TableResult.objects.get(table=table).winners == [1]


def test_standings_task_is_idempotent(match, director):
    tournament, table = match
    services.result_enter(director, table, scores=[500, 100], hands_won=[7, 2])
    assert tasks.recalculate_standings(tournament.pk) is True
    tournament.refresh_from_db()
    version = tournament.standings_version
    rows = list(Standing.objects.filter(tournament=tournament).values())
    assert tasks.recalculate_standings(tournament.pk) is False  # nothing changed
    tournament.refresh_from_db()
    assert tournament.standings_version == version == selectors.standings_version(tournament.pk)
    assert list(Standing.objects.filter(tournament=tournament).values()) == rows
    Standing.objects.filter(tournament=tournament).delete()  # lost rows are rebuilt from scratch
    assert tasks.recalculate_standings(tournament.pk) is True
    table_rows = selectors.standings(tournament)
    assert [r["rank"] for r in table_rows] == [1, 2, 3, 3]  # 3 and 4 have not played
    assert table_rows[0]["hands_won"] == 7 and table_rows[0]["points"] == 2
    assert [t["key"] for t in table_rows[0]["tiebreaks"]] == tournament.tiebreaks
    assert tasks.recalculate_standings(10**6) is False


def test_standings_use_the_directors_tiebreaks_in_order(make_tournament, director):
    tournament = make_tournament(4, start=True, tiebreaks=["hands_won"])
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    t1, t2 = round1.tables.order_by("number")
    services.result_enter(director, t1, scores=[500, 100], hands_won=[5, 1])
    services.result_enter(director, t2, scores=[500, 100], hands_won=[8, 1])
    tasks.recalculate_standings(tournament.pk)
    lines = selectors.standings(tournament)
    winner_of_t2 = selectors.side_entrants(t2)[0][0].pk
    assert lines[0]["entrant"]["id"] == winner_of_t2  # more hands won breaks the tie
    services.tournament_update(director, tournament, tiebreaks=["points_difference"])
    tasks.recalculate_standings(tournament.pk)
    assert [t["key"] for t in selectors.standings(tournament)[0]["tiebreaks"]] == [
        "points_difference"
    ]


def test_csv_rows_of_the_standings(match, director):
    tournament, table = match
    services.result_enter(director, table, scores=[500, 100])
    tasks.recalculate_standings(tournament.pk)
    header, *rows = selectors.standings_csv_rows(tournament)
    assert header[:5] == ["Rank", "Entrant", "Players", "Seed", "Points"]
    assert header[12:15] == [
        "Tiebreak 1: Buchholz",
        "Tiebreak 2: Sonneborn–Berger",
        "Tiebreak 3: Points difference",
    ]
    assert rows[0][:5] == [1, "P01 & P02", "P01 & P02", 1, 2]
    assert len(rows) == 4 and all(len(r) == len(header) for r in rows)


def test_progressive_results_score_each_player(make_tournament, director):
    tournament = make_tournament(8, format="progressive", start=True)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    services.result_enter(director, table, scores=[340, -120], hands_won=[4, 2])
    tasks.recalculate_standings(tournament.pk)
    lines = {line["entrant"]["id"]: line for line in selectors.standings(tournament)}
    sides = selectors.side_entrants(table)
    for entrant in sides[0]:
        assert lines[entrant.pk]["points"] == 340 and lines[entrant.pk]["wins"] == 1
    for entrant in sides[1]:
        assert lines[entrant.pk]["points"] == -120
    assert selectors.standings(tournament)[0]["points"] == 340


def test_the_opponents_are_asked_to_confirm(match, players):
    from accounts.models import Notice

    _tournament, table = match
    Notice.objects.all().delete()
    services.result_enter(players[0], table, scores=[520, 180])
    asked = set(Notice.objects.values_list("user__username", flat=True))
    assert asked == {"p03", "p04"}
    assert "P01 entered 520–180 for table 1" in Notice.objects.first().text


@pytest.mark.parametrize("answer", ["confirm", "reject"])
def test_a_request_to_confirm_is_read_once_the_result_no_longer_waits(match, players, answer):
    """P03 confirms (or rejects) P01's entry: the request is settled for P03 and for P04, who
    never answered it; another table's request stays unread."""
    from accounts.models import Notice

    tournament, table = match
    other = tournament.round_set.get().tables.get(number=2)
    other_players = [s.member.user for s in other.seats.select_related("member__user")]
    services.result_enter(players[0], table, scores=[520, 180])
    services.result_enter(other_players[0], other, scores=[500, 100])
    asked = Notice.objects.filter(key="tournaments.confirm_result")
    assert asked.unread().count() == 4
    if answer == "confirm":
        services.result_confirm(players[2], table)
    else:
        services.result_reject(players[2], table)
    assert set(asked.unread().values_list("params__table", flat=True)) == {2}
    assert asked.unread().count() == 2


def test_a_disputed_entry_is_told_to_the_side_that_entered_it(match, players):
    """P03 disputes P01's entry: P01 and partner P02 are told what was cleared and by whom; a
    side cancelling its own entry tells nobody."""
    from accounts.models import Notice

    _tournament, table = match
    services.result_enter(players[0], table, scores=[520, -130])
    services.result_reject(players[2], table)
    told = Notice.objects.filter(key="tournaments.result_disputed")
    assert set(told.values_list("user__username", flat=True)) == {"p01", "p02"}
    assert "P03 disputed the 520 – −130 you entered for table 1" in told.first().text
    told.delete()
    services.result_enter(players[0], table, scores=[520, 180])
    services.result_reject(players[1], table)
    assert not Notice.objects.filter(key="tournaments.result_disputed").exists()


def test_hands_won_cannot_exceed_the_hands_played_issue_10(make_tournament, director, players):
    """A round of 4 hands: 9 and 9 hands won is refused (service and API), saying why."""
    from rest_framework.test import APIClient

    tournament = make_tournament(4, start=True, play="hands", hand_limit=4)
    round1 = tournament.round_set.get()
    services.round_publish(director, round1)
    table = round1.tables.get(number=1)
    with pytest.raises(services.InvalidInput, match="4 hands.*add up to 18") as refused:
        services.result_enter(players[0], table, scores=[300, 100], hands_won=[9, 9])
    assert refused.value.field == "hands_won"
    with pytest.raises(services.InvalidInput, match="add up to 5"):
        services.result_enter(director, table, scores=[300, 100], hands_won=[3, 2], reason="x")
    api = APIClient()
    api.force_authenticate(players[0])
    response = api.post(
        f"/api/tournament-tables/{table.pk}/result/",
        {"scores": [300, 100], "hands_won": [9, 9]},
        format="json",
    )
    assert response.status_code == 400 and "add up to 18" in response.json()["detail"]
    assert not TableResult.objects.exists()
    result = services.result_enter(players[0], table, scores=[300, 100], hands_won=[3, 1])
    assert result.hands_won == [3, 1]


def test_out_of_range_scores_and_hands_say_what_is_wrong(match, players):
    _tournament, table = match  # played to the target: no hand count, a sanity cap instead
    with pytest.raises(services.InvalidInput, match="too high: a score is at most 100000"):
        services.result_enter(players[0], table, scores=[10**9, 100])
    with pytest.raises(services.InvalidInput, match="can't win 5000 hands"):
        services.result_enter(players[0], table, scores=[300, 100], hands_won=[5000, 1])
    with pytest.raises(services.InvalidInput, match="whole number"):
        services.result_enter(players[0], table, scores=["lots", 100])
    assert not TableResult.objects.exists()
