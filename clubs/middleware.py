"""A club's public pages speak the club's language to visitors who chose none."""

from django.conf import settings
from django.utils import translation

from .selectors import club_of_request


class ClubLanguageMiddleware:
    """On a page under /clubs/<slug>/, a visitor with no language of their own — no language
    cookie (the header's menu, or a login into an account with a language) and not signed in with
    one — reads the page in the club's language (`Club.language`), ahead of what their browser
    asks for."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        match = request.resolver_match
        if match is None or "clubs" not in match.namespaces or "slug" not in view_kwargs:
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
            club = club_of_request(request, view_kwargs["slug"])
            code = club.language if club is not None else ""
        if code and translation.check_for_language(code):
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return None
