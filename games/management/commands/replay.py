"""`python manage.py replay FILE [FILE ...]`: check hand or game records and print what they come to.

One JSON object per file, one per line, in the order given; `-` reads one record from standard
input. A bad record prints `{"error": {"index": …, "code": …, "reason": …}}` (and `"hand"` for
a game record; `code` is one of `games.engines.base.REFUSAL_CODES`) as its line; the command
goes on with the other files and exits with status 1 if any record was bad (see
shared/hand-records.md, "Replay").
"""

import json
import sys

from django.core.management.base import BaseCommand

from games.engines.base import RecordError
from games.engines.records import replay_text
from games.refusals import refusal_message


class Command(BaseCommand):
    help = "Replay Kookaburra hand or game records and print one JSON result per file."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", metavar="FILE", help="record files; - for stdin")

    def handle(self, *args, **options):
        any_bad = False
        for name in options["files"]:
            result = self._replay_file(name)
            any_bad = any_bad or "error" in result
            self.stdout.write(json.dumps(result, ensure_ascii=False))
        if any_bad:
            sys.exit(1)

    def _replay_file(self, name: str) -> dict:
        if name == "-":
            return replay_text(sys.stdin.read(), render=refusal_message)
        try:
            with open(name, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as exc:
            return RecordError(f"cannot read {name}: {exc}", code="unreadable").as_json()
        return replay_text(text, render=refusal_message)
