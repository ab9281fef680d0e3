"""A signed-in member reads the site in their own language (accounts.languages)."""

from django.conf import settings
from django.utils import translation


class AccountLanguageMiddleware:
    """After AuthenticationMiddleware: activate the signed-in member's own language, over the
    cookie and Accept-Language that LocaleMiddleware went by, and keep the cookie in step so the
    choice holds after they log out."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        code = _account_language(request)
        if code:
            translation.activate(code)
            request.LANGUAGE_CODE = code
        response = self.get_response(request)
        # A login or a profile change during this request: the language the member has now.
        code = _account_language(request) or code
        if code and request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME) != code:
            set_language_cookie(response, code)
        return response


def _account_language(request) -> str:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    code = user.language
    return code if code and translation.check_for_language(code) else ""


def set_language_cookie(response, code: str) -> None:
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
