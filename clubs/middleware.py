"""A club's public pages speak the club's language to visitors who chose none."""

from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.urls import Resolver404, resolve
from django.utils import translation

from .selectors import club_of_request

# The sign-up and login pages, when they lead back to a club's page (`next`: "Sign up" on a
# night's page): they speak as that page did, so a visitor reading a club in its language signs
# up in it and keeps it (accounts.views.signup).
LEADING_TO_A_CLUB = {"accounts:signup", "login"}


def _club_slug(request, view_kwargs) -> str | None:
    """The slug of the club whose language this page may speak: the club of a page under
    /clubs/<slug>/, or of the club page a sign-up or login page leads back to."""
    match = request.resolver_match
    if match is None:
        return None
    if "clubs" in match.namespaces and "slug" in view_kwargs:
        return view_kwargs["slug"]
    if match.view_name not in LEADING_TO_A_CLUB:
        return None
    target = request.POST.get("next") or request.GET.get("next") or ""
    if not target.startswith("/") or target.startswith("//"):
        return None
    try:
        found = resolve(unquote(urlsplit(target).path))
    except Resolver404:
        return None
    return found.kwargs.get("slug") if "clubs" in found.namespaces else None


class ClubLanguageMiddleware:
    """On a page under /clubs/<slug>/ (or a sign-up or login page leading back to one), a visitor
    with no language of their own — no language cookie (the header's menu, or a login into an
    account with a language) and not signed in with one — reads the page in the club's language
    (`Club.language`), ahead of what their browser asks for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        slug = _club_slug(request, view_kwargs)
        if not slug:
            return None
        chosen = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
        if chosen and translation.check_for_language(chosen):
            return None  # LocaleMiddleware already speaks it
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated and user.language:
            code = user.language  # a member's own language, even without the cookie
        else:
            # The club's row is read once for the whole request (`clubs.selectors.club_of_request`):
            # its zone for the view's `in_club_zone`, the club itself for the view.
            club = club_of_request(request, slug)
            code = club.language if club is not None else ""
        if code and translation.check_for_language(code):
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return None
