"""Comparing two pages for what they say (a 404 for a hidden thing and for a missing one)."""

import re

_PER_REQUEST = re.compile(
    rb'("X-CSRFToken": "|name="csrfmiddlewaretoken" value="|name="next" value=")[^"]+'
)


def page_bytes(response) -> bytes:
    """A page's bytes with what differs from request to request blanked: the CSRF tokens (masked
    afresh every time) and the language menu's way back to the address asked for. Two answers
    then compare equal when everything they say is the same."""
    return _PER_REQUEST.sub(rb"\1", response.content)
