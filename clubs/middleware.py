"""A club's public pages speak the club's language to visitors who chose none."""

from django.conf import settings
from django.utils import translation

from .models import Club


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
            # The club's zone comes in the same query, for the view's `in_club_zone`.
            facts = (
                Club.objects.filter(slug=view_kwargs["slug"])
                .values_list("language", "time_zone")
                .first()
            )
            request.club_zone_of = {view_kwargs["slug"]: facts[1] if facts else None}
            code = facts[0] if facts else ""
        if code and translation.check_for_language(code):
            translation.activate(code)
            request.LANGUAGE_CODE = code
        return None
