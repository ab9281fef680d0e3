"""Accounts API routes (under /api/): tokens."""

from django.urls import path

from . import api

urlpatterns = [
    path("token/", api.ObtainTokenView.as_view(), name="api-token"),
    path("token/logout/", api.LogoutView.as_view(), name="api-token-logout"),
    path("token/logout-all/", api.LogoutAllView.as_view(), name="api-token-logout-all"),
    path("tokens/", api.TokenListView.as_view(), name="api-tokens"),
    path("tokens/<str:prefix>/", api.TokenDetailView.as_view(), name="api-token-detail"),
]
