from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.utils.csp import CSP
from django.views.decorators.csp import csp_override
from django.views.generic import RedirectView
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from accounts.views import language_set
from core.views import api_not_found, api_unslashed, healthz
from games import rules_views
from games.views.boards import deal_algorithm, deal_verify
from home.views import home

# The API docs under the Content Security Policy: Swagger UI's start-up script is served as a
# file of its own (the split view). Both docs pages write a few styles into the page (ReDoc all
# of its own) and ReDoc searches in a worker: those allowances hold on these two pages only.
# Scripts stay our own files everywhere; ReDoc's web fonts from a CDN stay blocked.
DOCS_CSP = {
    **settings.SECURE_CSP,
    "style-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "worker-src": [CSP.SELF, "blob:"],
}
# Under /api/, a URL no route matches answers the API's JSON 404.
handler404 = "core.views.not_found"


urlpatterns = [
    path("", home, name="home"),
    path("healthz", healthz, name="healthz"),
    # The header's language menu: Django's set_language, remembered on a signed-in account.
    path("i18n/setlang/", language_set, name="set_language"),
    # Django's own login, logout, password change and reset views (names: login, logout, …).
    path("accounts/", include("accounts.auth_urls")),
    path("accounts/", include("accounts.urls")),
    path("clubs/", include("clubs.urls")),
    path("tables/", include("games.urls")),
    path("rules/<slug:game>/", rules_views.rules, name="rules"),
    path("deals/verify/", deal_verify, name="deal_verify"),
    path("deals/algorithm/", deal_algorithm, name="deal_algorithm"),
    path("tournaments/", include("tournaments.urls")),
    path("ladders/", include("ladders.urls")),
    path("admin/", admin.site.urls),
    # The API's own address leads to its documentation.
    path("api/", RedirectView.as_view(pattern_name="api-docs"), name="api-root"),
    path("api/", include("kookaburra.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path(
        "api/docs/",
        csp_override(DOCS_CSP)(SpectacularSwaggerSplitView.as_view(url_name="api-schema")),
        name="api-docs",
    ),
    path(
        "api/redoc/",
        # Our template: the same page without web fonts from another site.
        csp_override(DOCS_CSP)(
            SpectacularRedocView.as_view(url_name="api-schema", template_name="api/redoc.html")
        ),
        name="api-redoc",
    ),
    # Any other address under /api/ answers the API's JSON 404, whatever the method (no CSRF
    # page for a POST), with DEBUG on too (handler404 only serves when it is off). An address
    # without its final slash: see api_unslashed.
    re_path(r"^api/.*/$", api_not_found),
    re_path(r"^api/.*[^/]$", api_unslashed),
]
