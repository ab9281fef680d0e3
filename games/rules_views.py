"""The rules pages: how Kookaburra plays each game, in the reader's language (/rules/<game>/).

The text is the site's own summary of `shared/rules/*.md` (the specification the engines follow);
each paragraph is one message in the catalogues, so every language gets the whole page.
"""

from django.http import Http404
from django.shortcuts import render
from django.views.decorators.http import require_GET

RULES_TEMPLATES = {
    "five-hundred": "games/rules/five_hundred.html",
    "pitch": "games/rules/pitch.html",
}


@require_GET
def rules(request, game: str):
    template = RULES_TEMPLATES.get(game)
    if template is None:
        raise Http404("No rules page for that game.")
    return render(request, template, {"game": game, "other_games": RULES_TEMPLATES})
