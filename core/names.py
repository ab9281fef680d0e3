"""What a name that people read may hold: club, table, night and guest names, venues.

A name is shown to other people, so it must look like what it is. Control characters,
direction controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C: "\u202eBULC HTREP"
reads as "PERTH CLUB"), zero-width spaces, private-use and unassigned code points, and letters
that draw nothing (the Hangul fillers, the blank Braille pattern) are refused.

The zero-width joiner and non-joiner (U+200D, U+200C) are how Devanagari, Gurmukhi, Arabic-script
and other writing choose a letter's shape (मराठी's eyelash ra, Urdu's ZWNJ between joined
letters), so they stay allowed between two letters or marks of such a script; anywhere else
(in a Latin word, at either end, beside a space) they only hide something and are refused. The
comparison form of a name (`accounts.names.name_key`) drops them, so a joiner never makes a
second club or guest of the same name.

The same rules hold for the web forms and the API (`validate_shown_name`).
"""

from __future__ import annotations

import unicodedata

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Co", "Cs", "Cn", "Zl", "Zp"})

# Characters of other categories that draw nothing: the Hangul fillers, the halfwidth one, the
# combining grapheme joiner and the blank Braille pattern.
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u034f\u2800")

_JOINERS = frozenset("\u200c\u200d")

# Scripts whose words never need a joiner: a joiner in them only hides something.
_NO_JOINER_SCRIPTS = ("LATIN", "GREEK", "CYRILLIC")


def _letter_or_mark(char: str) -> bool:
    return bool(char) and unicodedata.category(char)[0] in "LM"


def _joiner_fits(previous: str, following: str) -> bool:
    """A joiner between two letters (or marks) of a script that shapes letters with it."""
    if not (_letter_or_mark(previous) and _letter_or_mark(following)):
        return False
    return not unicodedata.name(previous, "").startswith(_NO_JOINER_SCRIPTS)


def hidden_character(text: str) -> str | None:
    """The first character of `text` a reader can't see (or that turns the text around), or
    None when there is none."""
    for index, char in enumerate(text):
        if char in _JOINERS:
            previous = text[index - 1] if index else ""
            following = text[index + 1] if index + 1 < len(text) else ""
            if _joiner_fits(previous, following):
                continue
            return char
        if char in _BLANKS or unicodedata.category(char) in _REFUSED_CATEGORIES:
            return char
    return None


def shown_name_problem(text: str) -> str | None:
    """Why `text` can't be a name people read (in the active language), or None when it can."""
    from django.utils.translation import gettext as _

    char = hidden_character(text or "")
    if char is None:
        return None
    return _(
        "Names can't hold invisible characters or characters that change the writing "
        "direction (here: %(code)s)."
    ) % {"code": f"U+{ord(char):04X}"}


def validate_shown_name(value) -> None:
    """A validator for forms and serializers (see `shown_name_problem`)."""
    from django.core.exceptions import ValidationError

    problem = shown_name_problem(str(value))
    if problem:
        raise ValidationError(problem, code="invalid")
