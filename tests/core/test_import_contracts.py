"""The import contracts (pyproject.toml, [tool.importlinter]) hold on the real tree, and a wrong
import breaks them: each case copies the apps' Python files into a temporary folder, adds one
import that crosses a line, and runs lint-imports there with the same configuration."""

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"
PACKAGES = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
    "root_packages"
]


def lint_imports(where: Path) -> subprocess.CompletedProcess:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(where), "LANG": "C.UTF-8"}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo"],
        cwd=where,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def python_files_only(folder, names):
    return [
        name
        for name in names
        if name == "__pycache__" or (not name.endswith(".py") and not Path(folder, name).is_dir())
    ]


@pytest.fixture
def tree(tmp_path):
    """A copy of every root package's .py files and of pyproject.toml."""
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=python_files_only)
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    return tmp_path


def test_the_tree_keeps_every_contract():
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def test_the_copy_keeps_them_too(tree):
    """The cases below break the contracts because of their one import, not because the copy
    itself fails."""
    done = lint_imports(tree)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    ("module", "line", "broken"),
    [
        # core is the bottom layer: it may not know about any app.
        ("core/errors.py", "import games.models", "core is not allowed to import games"),
        # A lower app reaching up, even lazily inside a function.
        (
            "clubs/selectors.py",
            "def _late():\n    from tournaments.selectors import current_tournaments_of",
            "clubs is not allowed to import tournaments",
        ),
        # The dashboard's layer is the top: nothing below may import it.
        (
            "ladders/selectors.py",
            "from home.views import dashboard",
            "ladders is not allowed to import home",
        ),
        # Settings are read through django.conf, never by importing the configuration package.
        (
            "accounts/models.py",
            "from kookaburra import celery_app",
            "accounts is not allowed to import kookaburra",
        ),
        # The engines, bots, formats and ratings are plain Python.
        (
            "games/engines/cards.py",
            "import django.db",
            "games.engines is not allowed to import django",
        ),
        (
            "games/bots/common.py",
            "from games.models import Table",
            "games.bots is not allowed to import django",
        ),
        (
            "tournaments/formats/types.py",
            "from core.choices import Game",
            "tournaments.formats is not allowed to import core",
        ),
        (
            "ladders/ratings.py",
            "from django.utils import timezone",
            "ladders.ratings is not allowed to import django",
        ),
    ],
)
def test_a_wrong_import_breaks_a_contract(tree, module, line, broken):
    path = tree / module
    path.write_text(path.read_text() + "\n\n" + line + "  # noqa\n")
    done = lint_imports(tree)
    assert done.returncode != 0
    report = done.stdout.split("Broken contracts", 1)[-1]
    assert broken in report, done.stdout
