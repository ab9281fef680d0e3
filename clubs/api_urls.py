"""The clubs API routes (under /api/, included by kookaburra/api_urls.py)."""

from rest_framework.routers import SimpleRouter

from . import api

router = SimpleRouter()
router.register("clubs", api.ClubViewSet, basename="api-club")
router.register("memberships", api.MembershipViewSet, basename="api-membership")
router.register("join-requests", api.JoinRequestViewSet, basename="api-join-request")
router.register("nights", api.NightViewSet, basename="api-night")
router.register("registrations", api.RegistrationViewSet, basename="api-registration")

urlpatterns = router.urls
