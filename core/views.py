"""Views every part of the site shares: the health check and the 404 for URLs no route matches."""

from django.db import connection
from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found


def healthz(request):
    """200 `{"ok": true}` once the database answers (what a load balancer polls)."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"ok": True})


def not_found(request, exception=None):
    """Django's 404 for a URL no route matches: JSON under /api/, the site's page elsewhere."""
    if request.path.startswith("/api/"):
        return JsonResponse(
            {"detail": _("There is no such thing here."), "code": "not_found"}, status=404
        )
    return page_not_found(request, exception)
