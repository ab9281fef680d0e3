"""`python manage.py load_demo`: the demo club, its nights, a table against bots, and more.

Each app builds its own part (`clubs.demo`, `games.demo`, …); this command, above every app,
runs them in order and prints the logins. Running it again creates nothing new.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.urls import reverse
from django.utils.encoding import uri_to_iri

from clubs.demo import MEMBER_PASSWORD, build_demo, build_world_clubs
from games.demo import demo_table
from ladders.demo import build_ladder_demo
from tournaments.demo import build_demo_tournament, build_finished_knockout
from tournaments.services.robot import robot_daily_event


class Command(BaseCommand):
    help = "Build the demo club, nights and a table with bots (idempotent); print the logins."

    def handle(self, *args, **options):
        club = build_demo()
        owner = get_user_model().objects.get(username=club.logins[0].username)
        table = demo_table(owner)
        tournament = build_demo_tournament().tournament
        ladders = build_ladder_demo(club.club)
        world = build_world_clubs()
        daily = robot_daily_event()  # today's site-wide robot duplicate, open to every member
        for place in world:
            place.tournament = build_finished_knockout(
                place.club, place.owner, place.players[:8], place.spec.tournament_name
            )

        write = self.stdout.write
        write(f"Demo club:  /clubs/{club.club.slug}/  ({club.club.name})")
        write(f"Club night: {club.five_hundred_night.get_absolute_url()}")
        write(f"Your table: {table.get_absolute_url()}  (Five Hundred against three bots)")
        write(
            f"Tournament: {reverse('tournaments:detail', args=[tournament.pk])}  ({tournament.name}, in progress)"
        )
        write(f"Ladders:    /ladders/clubs/{club.club.slug}/  ({len(ladders.tables)} rated games)")
        write(f"Robot duplicate: {reverse('tournaments:robot_event', args=[daily.pk])}  (today's)")
        for place in world:
            write(
                f"Club in {place.club.time_zone}: {uri_to_iri(place.club.get_absolute_url())}  "
                f"({place.club.name}; night {uri_to_iri(place.night.get_absolute_url())}, finished "
                f"tournament {reverse('tournaments:detail', args=[place.tournament.pk])}; "
                f"owner {place.owner.username})"
            )
        write("")
        write(f"{'Username':<10} {'Password':<15} {'Role':<9} Name")
        for login in club.logins:
            write(f"{login.username:<10} {login.password:<15} {login.role:<9} {login.display_name}")
        write(
            "Members of the Marathi and Urdu clubs (usernames in their scripts) log in with "
            f"{MEMBER_PASSWORD}."
        )
