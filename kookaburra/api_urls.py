"""Every app's API routes, under /api/."""

from django.urls import include, path
from rest_framework.authtoken.views import obtain_auth_token

urlpatterns = [
    path("token/", obtain_auth_token, name="api-token"),
    path("", include("clubs.api_urls")),
    path("", include("games.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("ladders.api_urls")),
]
