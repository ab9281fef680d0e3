"""The dashboard lists what each app's selectors say is the member's: never a cancelled night,
a finished tournament or a club ladder's rating."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from clubs.services import night_cancel, night_register, night_schedule
from core.choices import Game
from home.views import dashboard


@pytest.fixture
def nights(club, director, member):
    """Two nights next week the member has a seat at; the director then cancels the second."""
    soon = timezone.now() + timedelta(days=7)
    kept = night_schedule(
        director, club, starts_at=soon, capacity=8, venue="Hall", title="Kept night"
    )
    cancelled = night_schedule(
        director,
        club,
        starts_at=soon + timedelta(days=1),
        capacity=8,
        venue="Hall",
        title="Called-off night",
    )
    for night in (kept, cancelled):
        night_register(member, night)
    night_cancel(director, cancelled)
    return kept, cancelled


@pytest.mark.django_db
def test_a_cancelled_night_is_not_on_the_dashboard(client, member, nights):
    kept, cancelled = nights
    assert [r.night for r in dashboard(member)["nights"]] == [kept]
    client.force_login(member)
    page = client.get(reverse("home")).content.decode()
    assert "Kept night" in page and kept.get_absolute_url() in page
    assert "Called-off night" not in page and cancelled.get_absolute_url() not in page


@pytest.mark.django_db
def test_the_nights_list_had_both_before_the_cancellation(club, director, member):
    """The other side of the test above: the cancelled night was listed while it was on."""
    night = night_schedule(
        director,
        club,
        starts_at=timezone.now() + timedelta(days=3),
        capacity=8,
        venue="Hall",
        title="Soon cancelled",
    )
    night_register(member, night)
    assert [r.night for r in dashboard(member)["nights"]] == [night]
    night_cancel(director, night)
    assert list(dashboard(member)["nights"]) == []


@pytest.mark.django_db
def test_only_unfinished_tournaments_and_site_wide_ratings(club, director, member):
    from ladders.models import Ladder, PlayerRating
    from tournaments import services
    from tournaments.models import Tournament

    def entered(name):
        tournament = services.tournament_create(
            director, club, name=name, game=Game.FIVE_HUNDRED, format="swiss"
        )
        team = [member, director][: tournament.team_size]
        services.entrant_add(director, tournament, members=team)
        return tournament

    running = entered("Spring Cup")
    finished = entered("Winter Cup")
    Tournament.objects.filter(pk=finished.pk).update(status=Tournament.Status.FINISHED)
    site = Ladder.objects.create(game=Game.PITCH, club=None)
    own = Ladder.objects.create(game=Game.PITCH, club=club)
    for ladder in (site, own):
        PlayerRating.objects.create(
            ladder=ladder,
            user=member,
            mu=25,
            sigma=8,
            conservative=1,
            games_played=1,
            last_played_at=timezone.now(),
        )
    board = dashboard(member)
    assert list(board["tournaments"]) == [running]
    assert [r.ladder for r in board["ratings"]] == [site]
    assert [m.club for m in board["memberships"]] == [club]
