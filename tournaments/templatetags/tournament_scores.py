"""`{% load tournament_scores %}`: `{{ result.scores|score_line }}` (see tournaments.scores)."""

from django import template

from ..scores import score_line as _score_line

register = template.Library()


@register.filter
def score_line(scores) -> str:
    return _score_line(scores)
