"""The ladder pages, under /ladders/."""

from django.urls import path

from . import views

app_name = "ladders"

urlpatterns = [
    path("", views.index, name="index"),
    path("rebuild/", views.rebuild_start, name="rebuild"),
    path("rebuilds/<int:pk>/", views.rebuild_job, name="rebuild_job"),
    path("rebuilds/<int:pk>/events/", views.rebuild_job_events, name="rebuild_job_events"),
    path("clubs/<name_slug:slug>/", views.club_ladder, name="club"),
    path("clubs/<name_slug:slug>/settings/", views.club_settings, name="club_settings"),
    path("clubs/<name_slug:slug>/rebuild/", views.rebuild_start, name="club_rebuild"),
    path("players/<str:username>/", views.player, name="player"),
]
