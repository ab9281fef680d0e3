"""No user-visible English in a template outside translation tags.

Each template under scope.DONE_TEMPLATE_DIRS is read with Django's own template lexer: text inside
{% translate %} / {% blocktranslate %}, comments, variables and other tags is set aside, and what
is left is parsed as HTML. Any text node, or a title / alt / aria-label / placeholder attribute,
that still holds a letter (in any script) is reported as file:line. <script> and <style> bodies
don't count; scope.ALLOWED_WORDS lists the few words that may stand as they are.
"""

import re
from html.parser import HTMLParser
from pathlib import Path

from django.conf import settings
from django.template.base import Lexer, TokenType

from .scope import ALLOWED_WORDS, DONE_TEMPLATE_DIRS

VISIBLE_ATTRIBUTES = {"title", "alt", "aria-label", "placeholder", "aria-description"}
LETTER = re.compile(r"[^\W\d_]")
# Blocks that fill an attribute of base.html with CSS class names, not text a person reads.
CLASS_BLOCKS = {"main_class"}


def skeleton(source: str) -> str:
    """The template with everything but its plain text replaced by newlines (so line numbers
    hold): translation blocks, comments, variables and tags."""
    out = []
    depth = 0  # inside {% blocktranslate %} … {% endblocktranslate %} or {% comment %}
    in_class_block = False  # inside {% block main_class %} … {% endblock %}
    for token in Lexer(source).tokenize():
        text = token.contents
        if token.token_type == TokenType.BLOCK:
            words = text.split()
            name = words[0] if words else ""
            if name in {"blocktranslate", "blocktrans", "comment"}:
                depth += 1
            elif name in {"endblocktranslate", "endblocktrans", "endcomment"}:
                depth -= 1
            elif name == "block" and len(words) > 1 and words[1] in CLASS_BLOCKS:
                depth += 1
                in_class_block = True
            elif name == "endblock" and in_class_block:
                depth -= 1
                in_class_block = False
        if token.token_type == TokenType.TEXT and depth == 0:
            out.append(text)
        else:
            # Keep the line count of what was dropped (the lexer strips the {% %} delimiters).
            out.append("\n" * text.count("\n"))
    return "".join(out)


class _Finder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, str]] = []
        self._skip = 0

    def handle_starttag(self, tag, attrs):
        if tag in {"script", "style"}:
            self._skip += 1
        for name, value in attrs:
            if name in VISIBLE_ATTRIBUTES and value and _visible(value):
                self.found.append((self.getpos()[0], f'{name}="{value.strip()}"'))

    def handle_endtag(self, tag):
        if tag in {"script", "style"} and self._skip:
            self._skip -= 1

    def handle_data(self, data):
        if not self._skip and _visible(data):
            # getpos() is where the data starts; its first non-blank line is what to report.
            line = self.getpos()[0] + data[: len(data) - len(data.lstrip())].count("\n")
            self.found.append((line, data.strip()))


def _visible(text: str) -> bool:
    words = [word for word in text.split() if word not in ALLOWED_WORDS]
    return any(LETTER.search(word) for word in words)


def untranslated(path: Path) -> list[str]:
    finder = _Finder()
    finder.feed(skeleton(path.read_text()))
    finder.close()
    relative = path.relative_to(settings.BASE_DIR)
    return [f"{relative}:{line}: {text[:70]}" for line, text in finder.found]


def templates() -> list[Path]:
    base = Path(settings.BASE_DIR)
    found = []
    for folder in DONE_TEMPLATE_DIRS:
        found += sorted(p for p in (base / folder).rglob("*") if p.suffix in {".html", ".txt"})
    return found


def test_done_templates_hold_no_english_outside_translation_tags():
    files = templates()
    assert len(files) > 20
    problems = [problem for path in files for problem in untranslated(path)]
    assert not problems, "English outside translation tags:\n" + "\n".join(problems)


def test_the_check_finds_english_and_says_where(tmp_path):
    page = tmp_path / "page.html"
    page.write_text(
        '{% load i18n %}<h1>{% translate "Fine" %}</h1>\n'
        "{% blocktranslate %}Also fine{% endblocktranslate %}\n"
        "{# a comment #}{% comment %}Quiet{% endcomment %}<style>p { color: red }</style>\n"
        '<p>{{ user.name }} · 7</p>\n<p title="Hover text">\n  Plain English</p>\n'
    )
    finder = _Finder()
    finder.feed(skeleton(page.read_text()))
    assert finder.found == [(5, 'title="Hover text"'), (6, "Plain English")]
