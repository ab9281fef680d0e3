"""`python manage.py rebuild_ratings [--club SLUG] [--game GAME] [--site-only] [--queue]`

Rebuilds ratings from scratch: every recorded game replayed in played order. Without --club,
every ladder (site-wide and every club's); with --club, that club's ladders; --site-only, the
site-wide ladders alone. It runs here and prints its progress, or with --queue hands the job to
the Celery worker (follow it on the rebuild page).
"""

from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from clubs.models import Club
from core.choices import Game
from ladders import services
from ladders.models import RebuildJob


class Command(BaseCommand):
    help = "Rebuild ladder ratings from scratch (every ladder, one club's, or the site-wide ones)."

    def add_arguments(self, parser):
        parser.add_argument("--club", help="Rebuild only this club's ladders (its slug).")
        parser.add_argument("--game", choices=list(Game.values), help="Only this game.")
        parser.add_argument("--site-only", action="store_true", help="Only the site-wide ladders.")
        parser.add_argument(
            "--queue", action="store_true", help="Hand the job to the Celery worker instead."
        )

    def handle(self, *args, club=None, game=None, site_only=False, queue=False, **options):
        if club and site_only:
            raise CommandError("Give --club or --site-only, not both.")
        club_obj = None
        if club:
            club_obj = Club.objects.filter(slug=club).first()
            if club_obj is None:
                raise CommandError(f"There is no club {club!r}.")
        scope = (
            RebuildJob.Scope.CLUB
            if club_obj
            else RebuildJob.Scope.SITE
            if site_only
            else RebuildJob.Scope.ALL
        )
        if queue:
            with transaction.atomic():
                job = services.rebuild_schedule(
                    scope,
                    club_id=club_obj.pk if club_obj else None,
                    game=game or "",
                    reason="rebuild_ratings command",
                )
            self.stdout.write(
                f"Queued rebuild {job.pk}: {job.describe()} ({job.get_absolute_url()})"
            )
            return
        job = RebuildJob.objects.create(
            scope=scope,
            club=club_obj,
            game=game or "",
            reason="rebuild_ratings command",
        )
        self.stdout.write(f"Rebuilding {job.describe()}…")
        job = services.rebuild_run(
            job.pk,
            progress_every=1000,
            report=lambda done, total: self.stdout.write(f"  {done} of {total} games"),
        )
        self.stdout.write(
            self.style.SUCCESS(f"Done: {job.total} game{'s' if job.total != 1 else ''} replayed.")
        )
