from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from . import views

# Under /api/, a URL no route matches answers the API's JSON 404.
handler404 = "kookaburra.api.not_found"

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    # Django's own login, logout, password change and reset views (names: login, logout, …).
    path("accounts/", include("django.contrib.auth.urls")),
    path("accounts/", include("accounts.urls")),
    path("clubs/", include("clubs.urls")),
    path("tables/", include("games.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("ladders/", include("ladders.urls")),
    path("admin/", admin.site.urls),
    path("api/", include("kookaburra.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path(
        "api/redoc/",
        # Our template: the same page without web fonts from another site.
        SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html"),
        name="api-redoc",
    ),
]
