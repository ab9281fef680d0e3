"""The notices the tournament services send (see accounts.notices): key → English message."""

from django.utils.translation import gettext_noop

from accounts.notices import register

register(
    {
        "tournaments.seat_online": gettext_noop(
            "%(tournament)s, round %(round)s: you're at table %(table)s, seat %(seat)s (online)."
        ),
        "tournaments.seat_at_club": gettext_noop(
            "%(tournament)s, round %(round)s: you're at table %(table)s, seat %(seat)s "
            "(at the club)."
        ),
        "tournaments.bye": gettext_noop("%(tournament)s, round %(round)s: you have a bye."),
        "tournaments.confirm_result": gettext_noop(
            "%(name)s entered %(scores)s for table %(table)s of %(tournament)s (round %(round)s): "
            "please confirm it."
        ),
        "tournaments.result_disputed": gettext_noop(
            "%(name)s disputed the %(scores)s you entered for table %(table)s of %(tournament)s "
            "(round %(round)s), and it was cleared: agree on the score and enter it again, or "
            "call a director."
        ),
        "tournaments.result_disputed_director": gettext_noop(
            "%(name)s disputed the %(scores)s %(entered_by)s entered for table %(table)s of "
            "%(tournament)s (round %(round)s): it was cleared, and the table waits for a new "
            "result."
        ),
        "tournaments.robot_finished": gettext_noop(
            "You have played every board of %(event)s: see the leaderboard and the travellers."
        ),
    }
)
