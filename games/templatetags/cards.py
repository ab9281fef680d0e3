"""Cards, calls and card backs as template tags (the markup `games/cards.html` used to hold).

    {% load cards %}
    {% card c %} {% card c small=True %}   a card that names itself to screen readers
    {% card_face c %}                      a card inside a button that says what it does
    {% call c %}                           a call in the auction ("7 ♥", "Pass", "4, pitching 9♠")
    {{ seat.held|card_backs }}             that many face-down cards

They take the dicts of `games.presenters.cards` (`card_info`, `call_info`). A table's live
fragment shows dozens of cards; as tags they cost a few microseconds each, where an `{% include %}`
of a template partial cost twenty times that, and the fragment is fetched by every seat after
every move.
"""

from __future__ import annotations

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, pgettext

register = template.Library()

_BACK = '<span class="back"></span>'


@register.simple_tag
def card(card, small=False):
    return format_html(
        '<span class="card {}{}" data-card="{}" role="img" aria-label="{}">'
        '<span class="rank" aria-hidden="true">{}</span>'
        '<span class="suit" aria-hidden="true">{}</span></span>',
        card["colour"],
        " small" if small else "",
        card["code"],
        card["name"],
        card["rank"],
        card["symbol"],
    )


@register.simple_tag
def card_face(card):
    return format_html(
        '<span class="card {}" data-card="{}" aria-hidden="true">'
        '<span class="rank">{}</span><span class="suit">{}</span></span>',
        card["colour"],
        card["code"],
        card["rank"],
        card["symbol"],
    )


@register.simple_tag(name="call")
def call_tag(call):
    sans_kitty = call.get("sans_kitty")
    if call.get("is_bid") and call.get("symbol"):
        extra = (
            format_html(
                ' <abbr title="{}">{}</abbr>',
                gettext("sans kitty"),
                pgettext("sans kitty, abbreviated", "SK"),
            )
            if sans_kitty
            else ""
        )
        return format_html(
            '<span class="call bid" role="img" aria-label="{}"><span aria-hidden="true">{} '
            '<span class="strain {}">{}</span>{}</span></span>',
            call["words"],
            call["tricks"],
            call["colour"],
            call["symbol"],
            extra,
        )
    if call.get("kind") == "pitch":
        return format_html(
            '<span class="call pitch">{} {}</span>',
            gettext("4, pitching"),
            card(call["card"], small=True),
        )
    return format_html(
        '<span class="call {}">{}{}</span>',
        call.get("kind", ""),
        call.get("text", ""),
        " " + gettext("sans kitty") if sans_kitty else "",
    )


@register.filter
def card_backs(count) -> str:
    """`count` face-down cards (a number, or anything with a length)."""
    if not isinstance(count, int):
        count = len(count or ())
    return mark_safe(_BACK * max(0, count))
