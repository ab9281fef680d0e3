"""The translation catalogues: where they are extracted from, and compiling them without GNU
gettext.

`python manage.py messages` brings every `locale/<lang>/LC_MESSAGES/django.po` up to date with
the source (Django's makemessages, which needs GNU gettext's xgettext) and compiles them;
`python manage.py messages --compile` only compiles (with polib: no gettext needed), as
`make run`, `make test` and the test suite do. Compiled `.mo` files are not committed.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import polib
from django.conf import settings

# Folders makemessages never reads (besides dot-folders like .venv, which it skips itself).
IGNORE = ["var", "tests", "bench", "static", "scripts", "locale", "node_modules"]
# File-only locations: a .po entry says which files use it (the tests scope by them) without
# line numbers that would churn on every edit.
MAKEMESSAGES_OPTIONS = {"no_obsolete": True, "add_location": "file", "ignore_patterns": IGNORE}


def translated_languages() -> list[str]:
    """Every language with a catalogue: all of settings.LANGUAGES but the source language."""
    return [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]


def catalogue_path(code: str, root: Path | None = None) -> Path:
    root = root or Path(settings.LOCALE_PATHS[0])
    return root / code / "LC_MESSAGES" / "django.po"


def compile_catalogues(root: Path | None = None) -> list[Path]:
    """Compile each catalogue whose .mo is missing or older than its .po; the .mo files written.
    Written to a temporary file and moved into place, so parallel test workers never read half a
    file."""
    written = []
    for code in translated_languages():
        po_path = catalogue_path(code, root)
        if not po_path.exists():
            continue
        mo_path = po_path.with_suffix(".mo")
        if mo_path.exists() and mo_path.stat().st_mtime >= po_path.stat().st_mtime:
            continue
        handle, temporary = tempfile.mkstemp(dir=po_path.parent, suffix=".mo.tmp")
        os.close(handle)
        polib.pofile(str(po_path)).save_as_mofile(temporary)
        os.replace(temporary, mo_path)
        written.append(mo_path)
    return written
