from django.urls import path

from . import views

app_name = "accounts"
urlpatterns = [
    path("signup/", views.signup, name="signup"),
    path("profile/", views.profile_edit, name="profile_edit"),
    path("profile/calendar/reset/", views.calendar_reset, name="calendar_reset"),
    path("profile/tokens/revoke-all/", views.tokens_revoke_all, name="tokens_revoke_all"),
    path("profile/tokens/<str:prefix>/revoke/", views.token_revoke, name="token_revoke"),
    path("people/<str:username>/", views.profile, name="profile"),
    path("notices/", views.notices, name="notices"),
    path("notices/read-all/", views.notices_read_all, name="notices_read_all"),
    path("notices/<int:pk>/read/", views.notice_read, name="notice_read"),
]
