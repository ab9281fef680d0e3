"""The language a member reads the site in.

Signed in, a member's own language (`User.language`) wins; it is set whenever they pick one from
the header's menu (`language_set`, which is Django's `set_language` plus this) or on their
profile. Before sign-in the cookie that `set_language` leaves decides, then the browser's
Accept-Language (Django's LocaleMiddleware); a club's public pages speak the club's language to
visitors who chose none (clubs.middleware). Emails and notices use the recipient's language.
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from kookaburra.errors import ServiceError


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


def adopt_cookie_language(sender, request, user, **kwargs):
    """At login (user_logged_in): a member who never chose a language keeps the one they picked
    before signing in (the cookie), so it follows them to other devices and into their emails."""
    if user.language or request is None:
        return
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    if code in language_codes():
        user_language_set(user, code)
