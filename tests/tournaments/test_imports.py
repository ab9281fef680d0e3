"""The tournaments services depend one way: `drawing` (how rounds and brackets are built) is
used by `setup`, `rounds` and `results` and imports none of them, and `setup` and `rounds`
don't import each other (not even inside a function). Checked on the source, so a deliberate
wrong import fails here."""

import ast
from pathlib import Path

import pytest

import tournaments

SERVICES = Path(tournaments.__file__).parent / "services"


def imported_siblings(source: str) -> set[str]:
    """The sibling modules a services module imports (`from .x import …`, `from . import x`),
    anywhere in it."""
    out = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.level == 1:
            if node.module:
                out.add(node.module.split(".")[0])
            else:
                out.update(alias.name for alias in node.names)
    return out


FORBIDDEN = {
    "drawing": {"setup", "rounds", "results"},
    "setup": {"rounds", "results"},
    "rounds": {"setup", "results"},
}


@pytest.mark.parametrize("module", sorted(FORBIDDEN))
def test_services_depend_one_way(module):
    source = (SERVICES / f"{module}.py").read_text()
    assert imported_siblings(source) & FORBIDDEN[module] == set()


def test_the_check_catches_a_wrong_import():
    source = (SERVICES / "drawing.py").read_text()
    wrong = source + "\n\ndef later():\n    from .setup import tournament_start\n"
    assert imported_siblings(wrong) & FORBIDDEN["drawing"] == {"setup"}
