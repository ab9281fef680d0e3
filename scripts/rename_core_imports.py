#!/usr/bin/env python3
"""Rewrite references to the modules that left `kookaburra/` (issue 12) to their new places.

    python scripts/rename_core_imports.py [--check] [PATH ...]

With no PATH it walks the repository (skipping .git, .venv, var, static/vendor). It rewrites
dotted names (`from kookaburra.errors import ServiceError`, `"kookaburra.middleware.X"` in
settings, Celery task names, logger names, `mock.patch` targets), `from kookaburra import api`,
and file paths in prose (`kookaburra/enqueue.py`), then re-sorts the imports of the Python files
it rewrote (`ruff check --fix --select I`). Running it twice changes nothing the second time.
`--check` only lists the files it would change, and exits 1 if there are any. Files saying
"rename_core_imports: leave this file alone" are skipped (this script, its test).

rename_core_imports: leave this file alone

`kookaburra/` keeps settings/, urls.py, api_urls.py, celery.py, broker.py, wsgi.py and asgi.py:
names under those are left alone.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: old module (under kookaburra.) -> new module
MOVED = {
    "api": "core.api",
    "api_schema": "core.api_schema",
    "authentication": "core.authentication",
    "choices": "core.choices",
    "decorators": "core.decorators",
    "downloads": "core.downloads",
    "enqueue": "core.enqueue",
    "errors": "core.errors",
    "forms": "core.forms",
    "middleware": "core.middleware",
    "tasks": "core.tasks",
    "views": "home.views",
    "management": "home.management",
}
#: names that moved on their own, away from their module's new home
SPLIT = {
    "kookaburra.views.healthz": "core.views.healthz",
    "kookaburra.api.not_found": "core.views.not_found",
}

SUFFIXES = {".py", ".md", ".toml", ".cfg", ".ini", ".txt", ".html", ".sh", ".yml", ".yaml"}
NAMES = {"Makefile", "run"}
SKIP_MARK = "rename_core_imports: " + "leave this file alone"
SKIP_DIRS = {".git", ".venv", "var", "node_modules", "__pycache__", "vendor"}

_modules = "|".join(sorted(MOVED, key=len, reverse=True))
# `kookaburra.<moved>` not preceded by a name or a dot, not followed by more of a name.
DOTTED = re.compile(rf"(?<![\w.])kookaburra\.({_modules})(?!\w)")
# The same as a path in prose or a command line: kookaburra/enqueue.py, kookaburra/management/.
PATHED = re.compile(rf"(?<![\w./-])kookaburra/({_modules})(?=\.py\b|/)")
# `from kookaburra import api`, `from kookaburra.views import healthz, home`, on one line or in
# parentheses over several.
FROM_IMPORT = re.compile(
    rf"^(?P<indent>[ \t]*)from kookaburra(?:\.(?P<module>{_modules}))? import "
    r"(?:\((?P<wrapped>[^)]*)\)|(?P<names>[^(\\\n]+))$",
    re.M,
)


def _where(module: str | None, name: str) -> str:
    """The package or module `name` is imported from now (`from kookaburra[.module] import name`)."""
    if module is None:
        return MOVED[name].rsplit(".", 1)[0] if name in MOVED else "kookaburra"
    return SPLIT.get(f"kookaburra.{module}.{name}", f"{MOVED[module]}.{name}").rsplit(".", 1)[0]


def _split_import(match: re.Match) -> str:
    """One `from X import ...` line per place the imported names live in now."""
    module = match.group("module")
    names = match.group("wrapped") if match.group("wrapped") is not None else match.group("names")
    groups: dict[str, list[str]] = {}
    for line in names.splitlines() or [""]:
        for item in line.split("#")[0].split(","):
            item = item.strip()
            if item:
                where = _where(module, item.split(" as ")[0].strip())
                groups.setdefault(where, []).append(item)
    if not groups or list(groups) == ["kookaburra"]:
        return match.group(0)
    indent = match.group("indent")
    return "\n".join(
        f"{indent}from {where} import {', '.join(items)}" for where, items in groups.items()
    )


def rewrite(text: str) -> str:
    for old, new in SPLIT.items():
        text = re.sub(rf"(?<![\w.]){re.escape(old)}(?!\w)", new, text)
    text = FROM_IMPORT.sub(_split_import, text)
    text = DOTTED.sub(lambda m: MOVED[m.group(1)], text)
    text = PATHED.sub(lambda m: MOVED[m.group(1)].replace(".", "/"), text)
    return text


def candidates(paths: list[Path]):
    for path in paths:
        if path.is_file():
            yield path
            continue
        for child in sorted(path.rglob("*")):
            if any(part in SKIP_DIRS for part in child.relative_to(path).parts):
                continue
            if child.is_file() and (child.suffix in SUFFIXES or child.name in NAMES):
                yield child


def main(argv: list[str]) -> int:
    check = "--check" in argv
    paths = [Path(a) for a in argv if a != "--check"] or [ROOT]
    changed = []
    for path in candidates(paths):
        try:
            text = path.read_text()
        except UnicodeDecodeError:
            continue
        if SKIP_MARK in text:  # this script and its test hold the old names on purpose
            continue
        new = rewrite(text)
        if new != text:
            changed.append(path)
            if not check:
                path.write_text(new)
    for path in changed:
        print(("would rewrite " if check else "rewrote ") + str(path))
    python_files = [str(path) for path in changed if path.suffix == ".py"]
    ruff = ROOT / ".venv" / "bin" / "ruff"
    if python_files and not check and ruff.exists():
        # The new names sort elsewhere among the imports: let ruff put them back in order.
        subprocess.run([str(ruff), "check", "-q", "--fix", "--select", "I", *python_files])
    return 1 if check and changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
