"""`manage.py messages`: update every language's catalogue from the source and compile them;
`--compile`: compile only (no GNU gettext needed). See core/messages.py."""

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand

from core.messages import MAKEMESSAGES_OPTIONS, compile_catalogues, translated_languages


class Command(BaseCommand):
    help = "Update the translation catalogues from the source and compile them."

    def add_arguments(self, parser):
        parser.add_argument(
            "--compile", action="store_true", help="Only compile the catalogues (.po → .mo)."
        )

    def handle(self, *args, compile=False, **options):
        if not compile:
            call_command(
                "makemessages",
                locale=translated_languages(),
                verbosity=options["verbosity"],
                **MAKEMESSAGES_OPTIONS,
            )
        written = compile_catalogues()
        root = settings.BASE_DIR
        for path in written:
            self.stdout.write(f"compiled {path.relative_to(root)}")
