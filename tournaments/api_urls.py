"""The tournaments API routes (under /api/, included by kookaburra/api_urls.py)."""

from rest_framework.routers import SimpleRouter

from . import api, robot_api

router = SimpleRouter()
router.register("tournaments", api.TournamentViewSet, basename="api-tournament")
router.register("tournament-entrants", api.EntrantViewSet, basename="api-tournament-entrant")
router.register("tournament-rounds", api.RoundViewSet, basename="api-tournament-round")
router.register("tournament-tables", api.TournamentTableViewSet, basename="api-tournament-table")
router.register("robot-events", robot_api.RobotEventViewSet, basename="api-robot-event")

urlpatterns = router.urls
