"""Every app's API routes, under /api/."""

from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api_urls")),
    path("", include("clubs.api_urls")),
    path("", include("games.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("ladders.api_urls")),
]
