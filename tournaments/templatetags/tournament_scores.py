"""`{% load tournament_scores %}`: `{{ result.scores|score_line }}` (see tournaments.scores) and
`{{ audit.old.status|result_status }}`, a stored result status in the reader's words."""

from django import template

from ..models import TableResult
from ..scores import score_line as _score_line

register = template.Library()


@register.filter
def score_line(scores) -> str:
    return _score_line(scores)


@register.filter
def result_status(value) -> str:
    """ "confirmed" → "Confirmed", in the reader's language (a value we don't know: as stored)."""
    try:
        return str(TableResult.Status(value).label)
    except ValueError:
        return str(value or "")
