"""A club night's live registrations: every service that changes them bumps the night's
`registrations_version` and announces it on commit (never on a rollback); the night page's and
the check-in board's streams carry that number only, the board's to directors only; and the
fragments the pages fetch when told."""

from __future__ import annotations

import asyncio

import pytest
from django.db import connection, transaction
from django.test import Client, override_settings
from django.urls import reverse

from clubs import services
from clubs.models import ClubNight, Registration
from core import live
from tests.games.test_live_stream import EVENT_LINE, first_chunks, logged_in_async, run_async
from tests.same_page import page_bytes

Status = Registration.Status


@pytest.fixture
def heard(monkeypatch):
    events: list[tuple[str, int]] = []
    monkeypatch.setattr(live, "publish", lambda channel, version: events.append((channel, version)))
    return events


def version_of(night) -> int:
    return ClubNight.objects.get(pk=night.pk).registrations_version


@pytest.mark.django_db(transaction=True)
def test_registration_services_bump_the_version_and_publish_it_on_commit_only(
    heard, people, make_night, make_user
):
    night = make_night(capacity=1)
    channel = f"night:{night.pk}"
    services.night_register(people.member, night)
    assert version_of(night) == 1 and heard == [(channel, 1)]
    services.night_register(people.owner, night)  # waitlisted
    seat = night.registrations.get(user=people.member)
    services.registration_check_in(people.director, seat)
    services.registration_undo_check_in(people.director, seat)
    services.registration_mark_no_show(people.director, seat)
    services.registration_undo_no_show(people.director, seat)
    # Cancelling a seat promotes the first waiting: two bumps, one announcement (the last).
    services.night_unregister(people.member, night)
    services.night_add_walk_in(people.director, night, guest_name="Gus")
    assert version_of(night) == 9
    assert [v for _, v in heard] == [1, 2, 3, 4, 5, 6, 8, 9]
    assert {c for c, _ in heard} == {channel}
    # A refused action changes and announces nothing.
    with pytest.raises(services.ClubError):
        services.night_unregister(people.member, night)
    # Nor does one whose transaction is rolled back.
    with pytest.raises(RuntimeError), transaction.atomic():
        services.night_register(people.member, night)
        raise RuntimeError("rolled back")
    assert version_of(night) == 9 and len(heard) == 8
    services.night_update(people.director, night, capacity=4)
    services.night_cancel(people.director, night)
    assert heard[-2:] == [(channel, 10), (channel, 11)]


def board_events(night) -> str:
    return reverse("clubs:checkin_events", args=[night.club.slug, night.pk])


def page_events(night) -> str:
    return reverse("clubs:night_events", args=[night.club.slug, night.pk])


@pytest.mark.django_db(transaction=True)
@override_settings(KOOKABURRA_LIVE_URL="")
def test_the_board_stream_is_for_directors_only_and_holds_only_the_version(people, night):
    services.night_register(people.member, night)
    night.refresh_from_db()
    board, page = board_events(night), page_events(night)

    async def run():
        for who in (people.member, people.outsider):
            client = await logged_in_async(who)
            hidden = await client.get(board)
            missing = await client.get(board.replace(f"/{night.pk}/", "/999999/"))
            assert hidden.status_code == missing.status_code == 404
            assert page_bytes(hidden) == page_bytes(missing)
        status, body = await first_chunks(await logged_in_async(people.director), board, 2)
        assert status == 200
        assert f"id: {night.registrations_version}\nevent: version\n" in body
        assert all(EVENT_LINE.match(line) for line in body.splitlines()), body
        # The night page's stream is open to whoever may see the page (anyone).
        status, body = await first_chunks(await logged_in_async(people.outsider), page, 2)
        assert status == 200 and f"data: {night.registrations_version}\n" in body

    run_async(run())


def check_in_member(people, pk):
    """A second director checks the member in (in another thread, as another phone would)."""
    try:
        registration = Registration.objects.get(night_id=pk, user=people.member)
        services.registration_check_in(people.owner, registration)
    finally:
        connection.close()


@pytest.mark.django_db(transaction=True)
@override_settings(KOOKABURRA_LIVE_URL="")
def test_a_reconnecting_board_resumes_from_last_event_id(people, night):
    services.night_register(people.member, night)
    seen = version_of(night)
    board = board_events(night)

    async def run():
        client = await logged_in_async(people.director)
        _, body = await first_chunks(client, board, 2, **{"Last-Event-ID": "0"})
        assert f"id: {seen}\n" in body
        response = await client.get(board, headers={"Last-Event-ID": str(seen)})
        stream = aiter(response.streaming_content)
        assert (await anext(stream)).startswith(b"retry")
        pending = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.3)
        assert not pending.done()  # up to date: nothing to tell
        await asyncio.to_thread(check_in_member, people, night.pk)
        chunk = (await asyncio.wait_for(pending, 5)).decode()
        assert chunk == f"id: {seen + 1}\nevent: version\ndata: {seen + 1}\n\n"
        await response.streaming_content.aclose()

    run_async(run())


@pytest.mark.django_db
def test_the_pages_listen_and_their_fragments_render(people, night):
    services.night_register(people.member, night)
    night.refresh_from_db()
    version = night.registrations_version
    director = Client()
    director.force_login(people.director)
    board = reverse("clubs:checkin", args=[night.club.slug, night.pk])
    page = director.get(board).content.decode()
    assert f'sse-connect="{board_events(night)}?v={version}"' in page
    assert (
        'hx-trigger="sse:version"' in page and 'data-poll-trigger="sse:version, every 5s"' in page
    )
    fragment = director.get(board, {"fragment": "list"}, headers={"HX-Request": "true"})
    body = fragment.content.decode()
    assert body.lstrip().startswith('<div id="checkin-list"')
    assert f'data-version="{version}"' in body and "Check in Mia" in body
    assert "walk-in-form" not in body and "<html" not in body
    # Members get the night page's fragment (their own view of it), not the board's.
    member = Client()
    member.force_login(people.member)
    assert (
        member.get(board, {"fragment": "list"}, headers={"HX-Request": "true"}).status_code == 403
    )
    night_page = night.get_absolute_url()
    assert (
        f'sse-connect="{page_events(night)}?v={version}"' in member.get(night_page).content.decode()
    )
    panel = member.get(night_page, {"fragment": "registration"}, headers={"HX-Request": "true"})
    body = panel.content.decode()
    assert body.lstrip().startswith('<div id="registration-live"')
    assert "1 of 8" in body and "(you)" in body and "<html" not in body
