"""What a director sees of a disputed entry (the round page, the table page, the audit log), the
swap message as one sentence, and the correction form's hands won left blank unless known."""

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tournaments import services
from tournaments.models import ResultAudit, Round, TableResult

from .conftest import HTMX, login

pytestmark = pytest.mark.django_db


def url(name, *args):
    return reverse(f"tournaments:{name}", args=args)


def first_table(tournament, number=1):
    return Round.objects.get(tournament=tournament, number=number).tables.order_by("number")[0]


def table_item(page, number):
    """The round page's list item of table `number`."""
    items = page.split('<li class="seating-table')[1:]
    return next(item for item in items if f'id="table-{number}"' in item)


def test_the_round_page_marks_a_disputed_table_until_a_new_result(
    client, director, published, checked_in
):
    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    services.result_enter(ann, table, scores=[14, 9])
    login(client, cas)
    client.post(url("result_dispute", published.pk, table.pk), {"from": "table", "sure": "yes"})
    assert not TableResult.objects.filter(table=table).exists()
    login(client, director)
    page = client.get(url("round", published.pk, 1)).content.decode()
    item = table_item(page, 1)
    assert item.startswith(' is-disputed"') and '<span class="pill bad">' in item
    assert "Playing" not in item
    assert 'Cas</bdi> disputed <bdi class="bidi-ltr">14–9</bdi>, entered by <bdi>Ann' in item
    assert "table 1</a> (disputed)" in page
    assert page.count("is-disputed") == 1  # the other tables are playing
    # The fragment the page polls for says the same.
    fragment = client.get(url("round", published.pk, 1) + "?fragment=tables", headers=HTMX)
    assert "is-disputed" in fragment.content.decode()
    # The table page too.
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    assert "disputed-note" in page and "entered by <bdi>Ann</bdi>" in page
    assert "Audit log for this table (1)" in page
    # Players see no dispute note on the round page.
    login(client, ann)
    assert "is-disputed" not in client.get(url("round", published.pk, 1)).content.decode()
    # A new entry ends it.
    services.result_enter(ann, table, scores=[14, 10])
    login(client, director)
    page = client.get(url("round", published.pk, 1)).content.decode()
    assert "is-disputed" not in page and "disputed-note" not in page


def test_the_audit_log_shows_who_disputed_which_score(client, director, published, checked_in):
    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    services.result_enter(ann, table, scores=[14, 9])
    services.result_reject(cas, table)
    services.result_enter(director, table, scores=[14, 10], reason="Score sheet")
    login(client, director)
    page = client.get(url("audit", published.pk)).content.decode()
    rows = page[page.index("<tbody>") : page.index("</tbody>")].split("<tr>")[1:]
    newest, dispute = rows
    assert "<td>Cas</td>" in dispute and "14–9" in dispute
    assert "Entered by <bdi>Ann</bdi>" in dispute
    assert "Disputed at the table: the entry was cleared." in dispute
    assert "(Waiting for an opponent to confirm)" in dispute
    assert "nothing" in newest and "14–10" in newest and "Score sheet" in newest
    assert ResultAudit.objects.filter(table=table).count() == 2


def test_a_dispute_in_malay_keeps_the_directors_sentence_whole(
    client, director, published, checked_in
):
    """The page in another language: the dispute note and the audit reason are its own words
    (or the English until the catalogue has them), never a raw key or a broken placeholder."""
    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    services.result_enter(ann, table, scores=[14, 9])
    services.result_reject(cas, table)
    login(client, director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ms"
    page = client.get(url("round", published.pk, 1)).content.decode()
    item = table_item(page, 1)
    assert "is-disputed" in item and "%(" not in item and "{{" not in item
    assert "<bdi>Cas</bdi>" in item and "14–9" in item and "<bdi>Ann</bdi>" in item


def test_the_swap_message_is_one_sentence_in_the_readers_language(client, director, started):
    login(client, director)
    table = first_table(started)
    seats = list(table.seats.order_by("number"))  # Ann, Cas, Bob, Dee
    eve = (
        Round.objects.get(tournament=started, number=1)
        .tables.get(number=2)
        .seats.order_by("number")[0]
    )
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ms"
    response = client.post(
        url("swap", started.pk, 1),
        {"pick": [f"seat-{seats[0].pk}", f"seat-{eve.pk}"]},
        headers=HTMX,
    )
    body = response.content.decode()
    with translation.override("ms"):
        expected = translation.gettext("%(first)s and %(second)s were swapped.") % {
            "first": "<bdi>Ann &amp; Bob</bdi>",
            "second": "<bdi>Eve &amp; Fin</bdi>",
        }
    assert expected in body
    assert "&lt;bdi&gt;" not in body  # the names' isolation is markup, not text


def test_a_swapped_name_is_escaped(client, director, started):
    table = first_table(started)
    seat = table.seats.order_by("number")[0]
    type(director).objects.filter(pk=seat.member.user_id).update(display_name="<b>Ann</b>")
    partner = table.seats.order_by("number")[2]
    login(client, director)
    response = client.post(
        url("swap", started.pk, 1), {"pick": [f"seat-{seat.pk}", f"seat-{partner.pk}"]}
    )
    page = client.get(response["Location"]).content.decode()
    assert "<bdi>&lt;b&gt;Ann&lt;/b&gt;</bdi> and <bdi>Bob</bdi> were swapped." in page


def test_the_correction_form_leaves_unknown_hands_won_blank(
    client, director, published, checked_in
):
    table = first_table(published)
    login(client, director)
    client.post(
        url("result_enter", published.pk, table.pk),
        {"score_0": "14", "score_1": "9", "mode": "director", "reason": "Score sheet"},
    )
    assert TableResult.objects.get(table=table).hands_won == []
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    correction = page[page.index('name="mode" value="correct"') :]
    for side in (0, 1):
        field = correction[correction.index(f'name="hands_{side}"') :]
        field = field[: field.index(">")]
        assert 'value=""' in field, field
    # Saved as it is, the correction keeps them unknown.
    client.post(
        url("result_enter", published.pk, table.pk),
        {"score_0": "14", "score_1": "10", "mode": "correct", "reason": "Recount"},
    )
    result = TableResult.objects.get(table=table)
    assert result.scores == [14, 10] and result.hands_won == []
    # Known hands won are shown and kept.
    client.post(
        url("result_enter", published.pk, table.pk),
        {
            "score_0": "14",
            "score_1": "10",
            "hands_0": "5",
            "hands_1": "0",
            "mode": "correct",
            "reason": "Hands",
        },
    )
    assert TableResult.objects.get(table=table).hands_won == [5, 0]
    page = client.get(url("table", published.pk, table.pk)).content.decode()
    correction = page[page.index('name="mode" value="correct"') :]
    assert 'name="hands_1" type="number"' in correction
    field = correction[correction.index('name="hands_1"') :]
    assert 'value="0"' in field[: field.index(">")]


def test_the_audit_api_gives_a_disputes_reason_in_the_asked_language(
    director, published, checked_in
):
    """The API's audit log words a dispute as the page does, in the client's language (it gave
    the stored English); a director's own reason stays as typed."""
    from rest_framework.test import APIClient

    ann, cas = checked_in[0], checked_in[2]
    table = first_table(published)
    services.result_enter(ann, table, scores=[14, 9])
    services.result_reject(cas, table)
    services.result_enter(director, table, scores=[14, 10], reason="Kertas skor")
    api = APIClient()
    api.force_authenticate(director)
    answer = api.get(f"/api/tournaments/{published.pk}/audit/", HTTP_ACCEPT_LANGUAGE="ur")
    assert answer.status_code == 200
    reasons = [entry["reason"] for entry in answer.json()["results"]]
    with translation.override("ur"):
        disputed = translation.gettext("Disputed at the table: the entry was cleared.")
    assert disputed != "Disputed at the table: the entry was cleared."
    assert reasons == ["Kertas skor", disputed]


def test_a_directors_entry_without_a_reason_is_worded_in_the_readers_language(
    client, director, published
):
    """A director's result entered with no reason is logged with the site's own sentence, which
    the audit page and the API give in the reader's language (it was stored, and shown, in
    English)."""
    from rest_framework.test import APIClient

    table = first_table(published)
    services.result_enter(director, table, scores=[14, 9])
    with translation.override("pa"):
        entered = translation.gettext("Entered by a director.")
    assert entered != "Entered by a director."
    api = APIClient()
    api.force_authenticate(director)
    answer = api.get(f"/api/tournaments/{published.pk}/audit/", HTTP_ACCEPT_LANGUAGE="pa")
    assert [entry["reason"] for entry in answer.json()["results"]] == [entered]
    client.force_login(director)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "pa"
    page = client.get(reverse("tournaments:audit", args=[published.pk])).content.decode()
    assert entered in page and "Entered by a director." not in page


def test_the_add_menu_says_checked_in_in_the_readers_language(
    director, published, night, make_user
):
    from tests.tournaments.pages.conftest import check_in
    from tournaments.views.setup import _people_to_add

    late = make_user("late", display_name="Late Comer")
    check_in(night, [late])  # checked in, not yet entered
    with translation.override("en"):
        assert (f"u{late.pk}", "Late Comer (checked in)") in _people_to_add(published)
    with translation.override("ur"):
        offered = [label for _key, label in _people_to_add(published)]
    assert offered and not any("(checked in)" in label for label in offered)
