"""Selectors read and services write: `ladders.selectors` imports nothing of
`ladders.services` (services may read through selectors, never the other way round), and the
pure `ladders.ratings` imports no Django. Checked on the source, anywhere in the module."""

import ast
import subprocess
import sys
from pathlib import Path

import ladders

LADDERS = Path(ladders.__file__).parent


def imports_of(source: str, package: str = "ladders") -> set[str]:
    """Every module a ladders module imports, relative imports made absolute."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            out.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package if node.level else ""
            name = ".".join(p for p in (base, node.module or "") if p)
            out.add(name)
            out.update(f"{name}.{alias.name}" for alias in node.names)
    return out


def reaches_services(source: str) -> bool:
    return any(
        m == "ladders.services" or m.startswith("ladders.services.") for m in imports_of(source)
    )


def test_selectors_import_no_services():
    assert not reaches_services((LADDERS / "selectors.py").read_text())


def test_the_check_catches_a_wrong_import():
    wrong = (LADDERS / "selectors.py").read_text() + "\nfrom .services import rules_for\n"
    assert reaches_services(wrong)
    assert reaches_services("from . import services\n")


def test_ratings_import_no_django():
    code = "import sys, ladders.ratings; print('django' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=LADDERS.parent,
    )
    assert out.stdout.strip() == "False"
