from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self):
        from games.signals import game_finished

        from .signals import on_game_finished

        game_finished.connect(on_game_finished, dispatch_uid="tournaments.record_online_result")
