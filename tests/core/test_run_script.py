"""`make run` (scripts/run.py): links in emails follow the address the site is served on."""

import importlib.util
import os
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "run.py"


@pytest.fixture
def run_script():
    spec = importlib.util.spec_from_file_location("kookaburra_run_script", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_site_url_follows_host_and_port_unless_set(run_script):
    assert run_script.site_url("127.0.0.1", "8111", environ={}) == "http://127.0.0.1:8111"
    assert run_script.site_url("cards.local", "8000", environ={}) == "http://cards.local:8000"
    # Listening everywhere: links need an address a browser can open.
    assert run_script.site_url("0.0.0.0", "8111", environ={}) == "http://127.0.0.1:8111"
    assert run_script.site_url("::1", "9000", environ={}) == "http://[::1]:9000"
    given = {"SITE_URL": "https://cards.example.org"}
    assert run_script.site_url("0.0.0.0", "8111", environ=given) == "https://cards.example.org"


class Stop(Exception):
    pass


def test_run_sets_site_url_before_starting_anything(run_script, monkeypatch):
    """The web server and the worker inherit SITE_URL=http://HOST:PORT from the script."""
    monkeypatch.setenv("SITE_URL", "")  # so the teardown restores whatever was there
    monkeypatch.delenv("SITE_URL")
    monkeypatch.setattr(run_script, "HOST", "127.0.0.1")
    monkeypatch.setattr(run_script, "PORT", "8111")
    seen = {}

    def manage(*args):
        seen["SITE_URL"] = os.environ.get("SITE_URL")
        raise Stop

    monkeypatch.setattr(run_script, "manage", manage)
    with pytest.raises(Stop):
        run_script.main()
    assert seen["SITE_URL"] == "http://127.0.0.1:8111"
