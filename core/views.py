"""Views every part of the site shares: the health check and the 404 for URLs no route matches
(the site's page, or JSON under /api/ for every method)."""

from django.db import connection
from django.http import HttpResponsePermanentRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
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


@csrf_exempt  # it changes nothing, so a POST needs no CSRF token to be told there is nothing
def api_not_found(request, *args, **kwargs):
    """The JSON 404 of an /api/ address no route matches, for every method."""
    return not_found(request)


@csrf_exempt
def api_unslashed(request, *args, **kwargs):
    """An /api/ address without its final slash: sent on to the slashed address when that is
    an API route and the request is a GET or HEAD (as APPEND_SLASH does everywhere); a POST,
    PUT, PATCH or DELETE can't be sent on without losing its body, and an address that is
    nothing either way is nothing: both answer the JSON 404."""
    try:
        match = resolve(f"{request.path_info}/")
    except Resolver404:
        match = None
    if match is not None and match.func is not api_not_found and request.method in ("GET", "HEAD"):
        return HttpResponsePermanentRedirect(request.get_full_path(force_append_slash=True))
    return not_found(request)
