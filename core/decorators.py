"""View decorators every app's pages share."""

from functools import wraps
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.urls import reverse
from django_htmx.http import HttpResponseClientRedirect


def login_required_htmx(view):
    """Like login_required; an htmx request from a signed-out browser gets a full-page redirect
    to the login page instead of the login form swapped into part of the page."""
    plain = login_required(view)

    @wraps(view)
    def wrapper(request, *args, **kwargs):
        if request.htmx and not request.user.is_authenticated:
            next_url = request.headers.get("HX-Current-URL") or request.path
            return HttpResponseClientRedirect(f"{reverse('login')}?{urlencode({'next': next_url})}")
        return plain(request, *args, **kwargs)

    return wrapper
