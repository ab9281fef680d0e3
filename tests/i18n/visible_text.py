"""What a person reads on a page, and which of it is English left in a translated rendering.

`segments(html)` lists the page's visible text: each text node outside <script>/<style>/
<template> and code (<code>/<kbd>/<samp>), the <title> included, and the attributes people read or hear — title, placeholder,
aria-label, alt, aria-description — and the labels of input buttons (value of type submit, button
and reset). Whitespace is normalised; segments without a letter are dropped.

`english_left(english, translated, ...)` compares two renderings of one page: a segment of the
translated page that is identical to a segment of the English page is English left, unless the
allow-list covers it (names the test made, card codes and calls, numbers, times, e-mail
addresses, addresses, brand names, language names, the rating symbols μ and σ) or the language's catalogue translates that
very message to itself on purpose (Malay keeps words like "Status"). For languages not written in
Latin letters (`latin=False`), every segment holding a run of three or more ASCII letters outside
the allow-list is English left too, identical to the English page or not (a half-translated
sentence).
"""

from __future__ import annotations

import re
import zoneinfo
from collections.abc import Iterable
from dataclasses import dataclass
from html.parser import HTMLParser

# Not read as prose (code is shown as it is typed, in every language).
SKIPPED_ELEMENTS = {"script", "style", "template", "code", "kbd", "samp"}
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "aria-description")
BUTTON_INPUTS = {"submit", "button", "reset"}
VOID_ELEMENTS = {
    "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
    "track", "wbr",
}  # fmt: skip

# Brand and product names that stay as they are in every language.
BRAND_NAMES = {
    "Kookaburra", "API", "iCal", "ICS", "CSV", "JSON", "htmx", "Swagger", "ReDoc",
    "Google Calendar", "Apple Calendar", "Outlook",
}  # fmt: skip
# The rating model's symbols (μ the skill estimate, σ its uncertainty): notation, like numbers.
SYMBOLS = {"μ", "σ"}
# IANA time-zone names: identifiers shown as they are, like card codes — "Asia/Kolkata" (or
# "America/New York") inside a sentence, and any zone name (also "UTC", "Japan") as a whole
# segment: the options of a time-zone menu.
_ZONE_NAMES = {
    name for zone in zoneinfo.available_timezones() for name in (zone, zone.replace("_", " "))
}
_ZONES = re.compile(
    r"(?<![\w/])(?:"
    + "|".join(re.escape(n) for n in sorted(_ZONE_NAMES, key=len, reverse=True) if "/" in n)
    + r")(?![\w/])"
)
# An option of a time-zone menu (accounts.zones.zone_choices): the place as CLDR names it in the
# page's language, then the IANA name (isolated left to right in Urdu). Malay names many places
# as English does ("Zimbabwe (Harare)"); tests/accounts/test_zone_names.py checks that the
# other languages' places are in their own script.
_ZONE_OPTION = re.compile(
    r".+ — \u2066?(?:"
    + "|".join(re.escape(n) for n in sorted(_ZONE_NAMES, key=len, reverse=True))
    + r")\u2069?"
)

_SPACE = re.compile(r"\s+")
_LETTER = re.compile(r"[^\W\d_]")
_ASCII_WORD = re.compile(r"[A-Za-z]{3,}")
# Cards and calls: 10H, QS, JK, 7♠, 10♥, Q♦; bids 6S, 7NT, 8NT; NT alone; a rank or suit letter.
_CARD_CODES = re.compile(
    r"(?<![A-Za-z0-9])(?:(?:10|[2-9JQKA])[SCDH♠♥♦♣]|(?:[4-9]|10)\s?(?:NT|[SCDH♠♥♦♣])|JK|NT)"
    r"(?![A-Za-z0-9])"
)
_SINGLE_LETTER = re.compile(r"(?<![A-Za-z])[A-Za-z](?![A-Za-z])")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_URL = re.compile(r"(?:https?://|(?<![\w])/)[\w./?=&%#:;~+-]*[\w/]")
# Times and dates in figures: 19:00, 7:30, 2026-12-01, 1/12/2026, UTC+05:30.
_FIGURES = re.compile(r"\b(?:UTC|GMT)?[+\-−]?\d[\d:./\-−]*\b")


@dataclass(frozen=True, order=True)
class Segment:
    text: str
    where: str = ""  # "" for a text node, else the attribute ("title", "aria-label", "value")

    def __str__(self) -> str:
        return f"{self.text!r}" + (f" [{self.where}]" if self.where else "")


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.skipping = 0
        self.stack: list[str] = []
        self.found: list[Segment] = []

    def _add(self, text: str | None, where: str = "") -> None:
        text = _SPACE.sub(" ", text or "").strip()
        if text and _LETTER.search(text):
            self.found.append(Segment(text, where))

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag in SKIPPED_ELEMENTS:
            self.skipping += 1
        elif not self.skipping:
            for name in READ_ATTRIBUTES:
                if name in attributes:
                    self._add(attributes[name], name)
            if tag == "input" and (attributes.get("type") or "").lower() in BUTTON_INPUTS:
                self._add(attributes.get("value"), "value")
        if tag not in VOID_ELEMENTS:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID_ELEMENTS and self.stack and self.stack[-1] == tag:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if top in SKIPPED_ELEMENTS:
                self.skipping -= 1
            if top == tag:
                break

    def handle_data(self, data):
        if not self.skipping:
            self._add(data)


def segments(html: str) -> list[Segment]:
    """The page's visible text segments, in document order."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    return reader.found


@dataclass
class AllowList:
    """What may stay as it is in every language: `names` (people, clubs, tournaments, tables,
    venues the test made; usernames), plus brand names and each language's own name."""

    names: Iterable[str] = ()
    language_names: Iterable[str] = ()

    def __post_init__(self):
        phrases = {*self.names, *self.language_names, *BRAND_NAMES, *SYMBOLS}
        phrases = sorted((p for p in phrases if p), key=len, reverse=True)
        self._phrases = (
            re.compile("|".join(re.escape(p) for p in phrases), re.IGNORECASE) if phrases else None
        )

    def rest(self, text: str) -> str:
        """The text without anything allowed in it (names, cards, figures, addresses)."""
        if text.strip() in _ZONE_NAMES or _ZONE_OPTION.fullmatch(text.strip()):
            return ""
        if self._phrases is not None:
            text = self._phrases.sub(" ", text)
        for pattern in (_EMAIL, _ZONES, _URL, _CARD_CODES, _FIGURES, _SINGLE_LETTER):
            text = pattern.sub(" ", text)
        return text

    def has_words(self, text: str) -> bool:
        return bool(_LETTER.search(self.rest(text)))

    def ascii_words(self, text: str) -> list[str]:
        return _ASCII_WORD.findall(self.rest(text))


def english_left(
    english: list[Segment],
    translated: list[Segment],
    allow: AllowList,
    *,
    latin: bool,
    kept_on_purpose=lambda text: False,
) -> list[Segment]:
    """The segments of `translated` that are English left (each once, in page order)."""
    english_texts = {s.text for s in english}
    out: list[Segment] = []
    seen: set[Segment] = set()
    for segment in translated:
        if segment in seen:
            continue
        same = (
            segment.text in english_texts
            and allow.has_words(segment.text)
            and not kept_on_purpose(segment.text)
        )
        if same or (not latin and allow.ascii_words(segment.text)):
            seen.add(segment)
            out.append(segment)
    return out
