"""The ladders API routes (under /api/, included by kookaburra/api_urls.py)."""

from django.urls import path

from . import api

urlpatterns = [
    path("ladders/site/<str:game>/", api.SiteLadderView.as_view(), name="api-ladder-site"),
    path(
        "ladders/clubs/<name_slug:slug>/settings/",
        api.ClubLadderSettingsView.as_view(),
        name="api-ladder-club-settings",
    ),
    path(
        "ladders/clubs/<name_slug:slug>/<str:game>/",
        api.ClubLadderView.as_view(),
        name="api-ladder-club",
    ),
    path("ladders/rebuild/", api.RebuildView.as_view(), name="api-ladder-rebuild"),
    path(
        "ladders/rebuilds/<int:job_id>/",
        api.RebuildJobView.as_view(),
        name="api-ladder-rebuild-job",
    ),
    path(
        "players/<str:username>/ratings/",
        api.PlayerRatingsView.as_view(),
        name="api-player-ratings",
    ),
    path(
        "players/<str:username>/ratings/history/",
        api.PlayerHistoryView.as_view(),
        name="api-player-history",
    ),
    path("players/<str:username>/stats/", api.PlayerStatsView.as_view(), name="api-player-stats"),
]
