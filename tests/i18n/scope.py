"""How far the site is translated: the checks in this package hold for these paths.

When you wrap a folder's strings and translate them, add it here; once the whole site is done the
lists become everything (DONE_SOURCES = ("",), and every folder with templates in
DONE_TEMPLATE_DIRS).
"""

# Catalogue entries used in a file under one of these paths must be translated in every language
# (test_catalogues.py). Paths are relative to the project root, as the .po files' "#:" lines give
# them.
DONE_SOURCES = (
    "templates/",
    "accounts/",
    "core/",
    "games/rules_views.py",
    "games/templates/games/rules/",
    "ladders/",
    "tournaments/",
    "games/",
    "static/js/",
    "clubs/",
    "home/",
)

# Templates under these folders may hold no user-visible English outside translation tags
# (test_templates_translated.py).
DONE_TEMPLATE_DIRS = (
    "templates",
    "games/templates/games/rules",
    "ladders/templates",
    "tournaments/templates",
    "games/templates",
    "clubs/templates",
    "home/templates",
)

# Words that may stand untranslated in a template: the site's name, and the rating model's symbols
# (μ the skill estimate, σ its uncertainty, μ − 3σ the ladder score), written so in every language.
ALLOWED_WORDS = {"Kookaburra", "μ", "σ", "3σ"}


def is_done(path: str) -> bool:
    return any(path.startswith(prefix) for prefix in DONE_SOURCES)
