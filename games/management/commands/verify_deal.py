"""`python manage.py verify_deal`: check that a revealed seed deals exactly the dealt cards and
matches the commitment published before play (games/engines/DEALS.md).

    manage.py verify_deal --board-set 3 --board 5     a board of a board set
    manage.py verify_deal --table 12 --hand 2          a table's hand
    manage.py verify_deal path/to/record.json          every hand of a record that has a seed

Prints OK, or each problem on a line of its own and exits with status 1.
"""

import sys

from django.core.management.base import BaseCommand, CommandError

from games.boards import board_verify, table_hand_verify
from games.engines import deals, records
from games.models import Board, TableHand


class Command(BaseCommand):
    help = "Check a deal against its revealed seed and published commitment."

    def add_arguments(self, parser):
        parser.add_argument("file", nargs="?", help="a hand or game record (- for stdin)")
        parser.add_argument("--board-set", type=int, help="the board set's id")
        parser.add_argument("--board", type=int, help="the board's number in its set")
        parser.add_argument("--table", type=int, help="the table's id")
        parser.add_argument("--hand", type=int, help="the hand's number at the table")

    def handle(self, *args, **options):
        if options["file"]:
            problems = self._file(options["file"])
        elif options["board_set"] is not None and options["board"] is not None:
            board = (
                Board.objects.select_related("board_set")
                .filter(board_set_id=options["board_set"], number=options["board"])
                .first()
            )
            if board is None:
                raise CommandError("There is no such board.")
            problems = board_verify(board)
        elif options["table"] is not None and options["hand"] is not None:
            hand = (
                TableHand.objects.select_related("table")
                .filter(table_id=options["table"], number=options["hand"])
                .first()
            )
            if hand is None:
                raise CommandError("There is no such hand.")
            problems = table_hand_verify(hand)
        else:
            raise CommandError(
                "Name a record file, --board-set and --board, or --table and --hand."
            )
        if not problems:
            self.stdout.write("OK")
            return
        for problem in problems:
            self.stdout.write(problem)
        sys.exit(1)

    def _file(self, name: str) -> list[str]:
        try:
            if name == "-":
                text = sys.stdin.read()
            else:
                with open(name, encoding="utf-8") as handle:
                    text = handle.read()
            record = records.parse_text(text)  # as the site reads a record: BOM, depth and all
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            return [f"cannot read {name}: {exc}"]
        return deals.verify_record(record)
