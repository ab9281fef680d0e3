"""The notices clubs send (accounts.notices): key → English message, translated when read."""

from django.utils.translation import gettext_noop

from accounts.notices import register

register(
    {
        "clubs.join_asked": gettext_noop("%(person)s asked to join %(club)s."),
        "clubs.join_approved": gettext_noop(
            "Welcome to %(club)s: your request to join was approved."
        ),
        "clubs.join_declined": gettext_noop("Your request to join %(club)s was declined."),
        "clubs.made_owner": gettext_noop("%(person)s made you owner of %(club)s."),
        "clubs.made_director": gettext_noop("%(person)s made you director of %(club)s."),
        "clubs.role_director": gettext_noop(
            "%(person)s changed your role to director of %(club)s."
        ),
        "clubs.role_member": gettext_noop("%(person)s changed your role to member of %(club)s."),
        "clubs.removed": gettext_noop("You are no longer a member of %(club)s."),
        "clubs.night_cancelled": gettext_noop("Cancelled: %(club)s — %(night)s on %(when)s."),
        "clubs.seat_came_free": gettext_noop(
            "A seat came free: you're now registered for %(club)s — %(night)s on %(when)s."
        ),
    }
)
