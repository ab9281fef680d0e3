"""`python manage.py replay FILE [FILE ...]`: one JSON line per file, `-` for stdin, exit 1 on a
bad record."""

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[3]
FIXTURES = Path(__file__).parent / "records" / "five_hundred"
SLAM = FIXTURES / "hand_4p_slam.json"
GAME = FIXTURES / "game_4p_won.json"
BAD = FIXTURES / "bad_card_not_held.json"


def run_command(*files, stdin=None, monkeypatch=None):
    out = io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = 0
    try:
        call_command("replay", *map(str, files), stdout=out)
    except SystemExit as exc:
        code = exc.code
    return code, [json.loads(line) for line in out.getvalue().splitlines()]


def test_good_records_one_line_each_in_order():
    code, lines = run_command(SLAM, GAME)
    assert code == 0
    assert lines[0]["status"] == "complete" and lines[0]["scores"] == [250, 0, 250, 0]
    assert lines[1] == {
        "totals": [[0, 0, 0, 0], [0, 250, 0, 250], [0, 500, 0, 500]],
        "winner": [1, 3],
    }


def test_a_bad_record_prints_its_error_goes_on_and_exits_1():
    code, lines = run_command(BAD, SLAM)
    assert code == 1
    assert lines[0] == {
        "error": {"index": 6, "code": "card_not_held", "reason": "seat 1: You do not hold 4♦"}
    }
    assert lines[1]["status"] == "complete"


def test_stdin_dash(monkeypatch):
    code, lines = run_command("-", SLAM, stdin=GAME.read_text(), monkeypatch=monkeypatch)
    assert code == 0 and lines[0]["winner"] == [1, 3] and lines[1]["status"] == "complete"


def test_missing_file_and_bad_json(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": ')
    code, lines = run_command(tmp_path / "nope.json", broken)
    assert code == 1
    assert lines[0]["error"]["index"] is None and "cannot read" in lines[0]["error"]["reason"]
    assert lines[0]["error"]["code"] == "unreadable"
    assert "not valid JSON" in lines[1]["error"]["reason"]
    assert lines[1]["error"]["code"] == "malformed"


def test_game_error_names_the_hand(tmp_path):
    record = json.loads(GAME.read_text())
    record["hands"][1]["dealer"] = 3
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record))
    code, lines = run_command(path)
    assert code == 1
    assert lines == [
        {
            "error": {
                "index": None,
                "code": "wrong_dealer",
                "reason": "the dealer must be seat 0, to the left of the previous dealer",
                "hand": 1,
            }
        }
    ]


@pytest.mark.parametrize(("files", "code"), [([str(SLAM), "-"], 0), ([str(BAD), "-"], 1)])
def test_the_real_command_line(files, code):
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="kookaburra.settings.test")
    result = subprocess.run(
        [sys.executable, "manage.py", "replay", *files],
        cwd=ROOT,
        input=(FIXTURES / "hand_4p_at_discard.json").read_text(),
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert result.returncode == code, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(lines) == 2
    assert lines[1]["status"] == "in_progress" and lines[1]["legal"][0]["discard"] == 3
