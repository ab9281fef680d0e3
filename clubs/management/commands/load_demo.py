from django.core.management.base import BaseCommand

from clubs.demo import build_demo


class Command(BaseCommand):
    help = "Build the demo club (idempotent) and print the demo logins."

    def handle(self, *args, **options):
        result = build_demo()
        if result.created:
            self.stdout.write(self.style.SUCCESS(f"Created: {', '.join(result.created)}."))
        else:
            self.stdout.write("The demo club was already there; nothing new was created.")
        self.stdout.write(f"\nDemo club: {result.club.name} (/clubs/{result.club.slug}/)")
        self.stdout.write(
            f"Next Five Hundred night: {result.five_hundred_night.get_absolute_url()}\n"
        )
        self.stdout.write(f"{'Username':<10} {'Password':<15} {'Role':<9} Name")
        for login in result.logins:
            self.stdout.write(
                f"{login.username:<10} {login.password:<15} {login.role:<9} {login.display_name}"
            )
