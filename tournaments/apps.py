from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"

    def ready(self):
        from games.signals import game_finished, hand_finished

        from .signals import on_game_finished, on_hand_finished, on_robot_hand_finished

        game_finished.connect(on_game_finished, dispatch_uid="tournaments.record_online_result")
        hand_finished.connect(on_hand_finished, dispatch_uid="tournaments.record_duplicate_board")
        hand_finished.connect(
            on_robot_hand_finished, dispatch_uid="tournaments.robot_record_result"
        )
