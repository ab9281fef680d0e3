"""The language a member reads the site in.

A member's own language (`User.language`) is set whenever they pick one from the header's menu
(`accounts.views.language_set`: Django's `set_language` plus this) or on their profile, and it
reaches every browser they log in from as the language cookie (`language_at_login`). Django's
LocaleMiddleware goes by that cookie, then the browser's Accept-Language; a club's public pages
speak the club's language to visitors who chose none (clubs.middleware). Emails and notices use
the recipient's language (`in_language_of`).
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from django.utils.translation.trans_real import parse_accept_lang_header

from core.errors import ServiceError


class UnknownLanguage(ServiceError):
    code = "unknown_language"


def language_codes() -> list[str]:
    return [code for code, _name in settings.LANGUAGES]


def language_choices() -> list[tuple[str, str]]:
    """For a form: each language by its own name."""
    return list(settings.LANGUAGES)


def user_language_set(user, code: str) -> None:
    """Remember `code` as the language `user` reads the site in ("" forgets it)."""
    code = (code or "").strip()
    if code and code not in language_codes():
        raise UnknownLanguage(_("Kookaburra doesn't speak that language yet."), field="language")
    if user.language != code:
        user.language = code
        user.save(update_fields=["language"])


def language_of(user) -> str:
    """The language to write to `user` in (emails, anything sent while they are away)."""
    code = getattr(user, "language", "") or ""
    return code if code in language_codes() else settings.LANGUAGE_CODE


@contextmanager
def in_language_of(user):
    """Run the block in `user`'s language: `with in_language_of(user): send_mail(...)`."""
    with translation.override(language_of(user)):
        yield


def visitors_own_language(request) -> str:
    """The language a visitor chose themselves: the language cookie, else the first of their
    browser's languages (Accept-Language) that the site speaks, English aside; "" when neither
    names one. A club's page may speak the club's language to them, but that is the club's, not
    theirs; English is what most browsers ask for whatever their owner reads, so it says little
    against the language they were reading a club in."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if code in language_codes():
        return code
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for asked, _quality in parse_accept_lang_header(header):
        if asked == "*":
            break
        try:
            code = translation.get_supported_language_variant(asked)
        except LookupError:
            continue
        if code == settings.LANGUAGE_CODE:
            return ""
        if code in language_codes():
            return code
    return ""


def remember_in_cookie(request, code: str) -> None:
    """Have this request's answer set the language cookie to `code`
    (accounts.middleware.AccountLanguageMiddleware), and speak `code` for the rest of it."""
    from .middleware import COOKIE_ATTRIBUTE

    setattr(request, COOKIE_ATTRIBUTE, code)
    translation.activate(code)
    request.LANGUAGE_CODE = code


# Where the REST API lives (kookaburra/urls.py): its answers follow Accept-Language.
API_PREFIX = "/api/"


def language_at_login(sender, request, user, **kwargs):
    """At login (user_logged_in): an account with a language of its own brings it to this
    browser (the cookie); a member who never chose one keeps what they picked before signing in,
    so it follows them to other devices and into their emails. A token asked for through the
    API is for a program, not a browser: no cookie (it would then outrank the Accept-Language
    that program's later requests send)."""
    if request is None or request.path.startswith(API_PREFIX):
        return
    if user.language in language_codes():
        remember_in_cookie(request, user.language)
        return
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if code in language_codes():
        user_language_set(user, code)
