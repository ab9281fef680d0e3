"""`python manage.py load_demo`: the demo club, its nights, a table against bots, and more.

Each app builds its own part (`clubs.demo`, `games.demo`, …); this command, above every app,
runs them in order and prints the logins. Running it again creates nothing new.
"""

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.urls import reverse

from clubs.demo import build_demo
from games.demo import demo_table
from ladders.demo import build_ladder_demo
from tournaments.demo import build_demo_tournament


class Command(BaseCommand):
    help = "Build the demo club, nights and a table with bots (idempotent); print the logins."

    def handle(self, *args, **options):
        club = build_demo()
        owner = get_user_model().objects.get(username=club.logins[0].username)
        table = demo_table(owner)
        tournament = build_demo_tournament().tournament
        ladders = build_ladder_demo(club.club)

        write = self.stdout.write
        write(f"Demo club:  /clubs/{club.club.slug}/  ({club.club.name})")
        write(f"Club night: {club.five_hundred_night.get_absolute_url()}")
        write(f"Your table: {table.get_absolute_url()}  (Five Hundred against three bots)")
        write(
            f"Tournament: {reverse('tournaments:detail', args=[tournament.pk])}  ({tournament.name}, in progress)"
        )
        write(f"Ladders:    /ladders/clubs/{club.club.slug}/  ({len(ladders.tables)} rated games)")
        write("")
        write(f"{'Username':<10} {'Password':<15} {'Role':<9} Name")
        for login in club.logins:
            write(f"{login.username:<10} {login.password:<15} {login.role:<9} {login.display_name}")
