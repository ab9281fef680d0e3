"""The translation catalogues (locale/<lang>/LC_MESSAGES/django.po), checked with polib:

- no fuzzy entry anywhere, and every translation's placeholders are the English ones;
- every message used in a translated part of the site (scope.DONE_SOURCES) is translated in every
  language, plural forms included;
- the catalogues hold exactly the messages the source has now: a fresh makemessages run (into a
  temporary folder) finds no message missing from them, and they keep none the source dropped.
  A new or changed message fails here until `python manage.py messages` has been run and the
  message translated.
"""

import os
import re
import shutil
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

from core.messages import MAKEMESSAGES_OPTIONS, catalogue_path, translated_languages

from .scope import is_done

LANGUAGES = translated_languages()
# Python's %-placeholders (named or not) and str.format's {name}.
PLACEHOLDER = re.compile(r"%\((\w+)\)[-#0 +]*\d*(?:\.\d+)?[sdif]|%[sdif]|\{(\w*)\}")


def placeholders(text: str) -> list[str]:
    return sorted(m.group(0) for m in PLACEHOLDER.finditer(text))


def catalogue(code: str) -> polib.POFile:
    return polib.pofile(str(catalogue_path(code)))


def where(entry: polib.POEntry) -> str:
    files = ", ".join(sorted({path for path, _line in entry.occurrences}))
    return f"{entry.msgid[:60]!r} ({files})"


def test_every_language_has_a_catalogue_and_a_glossary():
    assert LANGUAGES == ["mr", "ms", "pa", "ur"]
    for code in LANGUAGES:
        assert catalogue_path(code).exists(), code
        assert (catalogue_path(code).parent.parent / "GLOSSARY.md").exists(), code


@pytest.mark.parametrize("code", LANGUAGES)
def test_no_fuzzy_entries_and_placeholders_match(code):
    problems = []
    for entry in catalogue(code):
        if entry.obsolete:
            continue
        if "fuzzy" in entry.flags:
            problems.append(f"fuzzy: {where(entry)}")
        wanted = placeholders(entry.msgid)
        if entry.msgid_plural:
            wanted_plural = placeholders(entry.msgid_plural)
            for index, text in entry.msgstr_plural.items():
                # A language's singular form may leave out the number ("one game") only where
                # English does; otherwise the plural's placeholders must all be there.
                if text and placeholders(text) not in (wanted, wanted_plural):
                    problems.append(f"placeholders of form {index}: {where(entry)}")
        elif entry.msgstr and placeholders(entry.msgstr) != wanted:
            problems.append(f"placeholders {placeholders(entry.msgstr)} ≠ {wanted}: {where(entry)}")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("code", LANGUAGES)
def test_translated_parts_of_the_site_have_no_empty_entry(code):
    untranslated = []
    for entry in catalogue(code):
        if entry.obsolete or not any(is_done(path) for path, _line in entry.occurrences):
            continue
        if entry.msgid_plural:
            forms = entry.msgstr_plural
            if not forms or not all(text.strip() for text in forms.values()):
                untranslated.append(where(entry))
        elif not entry.msgstr.strip():
            untranslated.append(where(entry))
    assert not untranslated, f"untranslated in {code}:\n" + "\n".join(untranslated)


def _key(entry: polib.POEntry) -> tuple:
    return (entry.msgctxt or "", entry.msgid, entry.msgid_plural or "")


def test_catalogues_hold_exactly_the_messages_of_the_source(tmp_path):
    """A fresh makemessages over the source, for one language (the messages are the same for
    all), into a temporary folder; the committed catalogues must match it. makemessages needs
    GNU gettext (Debian's `gettext` package): without it this is skipped, except in CI."""
    if shutil.which("xgettext") is None:
        if os.environ.get("CI"):
            pytest.fail("GNU gettext is not installed (apt-get install gettext)")
        pytest.skip("GNU gettext (xgettext) is not installed")
    # makemessages writes beside the source it reads, so it reads a copy: the project's own
    # catalogues are never touched.
    copy = tmp_path / "source"
    copy.mkdir()
    skip = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for entry in Path(settings.BASE_DIR).iterdir():
        if entry.name.startswith(".") or entry.name in MAKEMESSAGES_OPTIONS["ignore_patterns"]:
            continue
        if entry.is_dir():
            shutil.copytree(entry, copy / entry.name, ignore=skip)
        elif entry.suffix in {".py", ".html", ".txt"}:
            shutil.copy2(entry, copy / entry.name)
    fresh_root = copy / "locale"
    fresh_root.mkdir()
    here = os.getcwd()
    os.chdir(copy)  # makemessages reads the folder it runs in
    try:
        with override_settings(LOCALE_PATHS=[fresh_root]):
            call_command("makemessages", locale=["mr"], verbosity=0, **MAKEMESSAGES_OPTIONS)
    finally:
        os.chdir(here)
    fresh = {_key(e) for e in polib.pofile(str(catalogue_path("mr", Path(fresh_root))))}
    assert fresh, "makemessages found no messages"
    for code in LANGUAGES:
        held = {_key(e) for e in catalogue(code) if not e.obsolete}
        missing = sorted(fresh - held)
        stale = sorted(held - fresh)
        assert not missing and not stale, (
            f"{code}: run `python manage.py messages` and translate the new messages.\n"
            f"missing: {[m[1][:60] for m in missing]}\nno longer in the source: "
            f"{[m[1][:60] for m in stale]}"
        )
