"""A member's own language follows them through the language cookie (accounts.languages)."""

from django.conf import settings

# Set on a request (accounts.languages.remember_in_cookie) when the answer should carry the
# language cookie: at login, or when the member changed their language on their profile.
COOKIE_ATTRIBUTE = "_kookaburra_language_cookie"


class AccountLanguageMiddleware:
    """Writes the language cookie when this request decided the member's language (a login into
    an account with a language of its own, a profile saved with a new one). Django's
    LocaleMiddleware reads that cookie on every later request, so the account's language holds
    without a database query per request (the polls stay one query)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        code = getattr(request, COOKIE_ATTRIBUTE, "")
        if code and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code:
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                code,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response
