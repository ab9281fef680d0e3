from django.urls import path

from . import views

app_name = "clubs"
urlpatterns = [
    path("", views.club_list, name="list"),
    path("new/", views.club_create, name="create"),
    path("my-nights/", views.my_nights, name="my_nights"),
    path("calendar/<str:token>.ics", views.member_feed, name="member_feed"),
    path("<name_slug:slug>/", views.club_detail, name="detail"),
    path("<name_slug:slug>/edit/", views.club_edit, name="edit"),
    path("<name_slug:slug>/join/", views.club_join, name="join"),
    path("<name_slug:slug>/leave/", views.club_leave, name="leave"),
    path(
        "<name_slug:slug>/withdraw-request/", views.join_request_withdraw, name="withdraw_request"
    ),
    path("<name_slug:slug>/calendar.ics", views.club_feed, name="club_feed"),
    path("<name_slug:slug>/members/", views.club_members, name="members"),
    path(
        "<name_slug:slug>/requests/<int:pk>/<str:decision>/",
        views.join_request_decide,
        name="request_decide",
    ),
    path("<name_slug:slug>/members/<int:pk>/role/", views.member_role, name="member_role"),
    path("<name_slug:slug>/members/<int:pk>/remove/", views.member_remove, name="member_remove"),
    path("<name_slug:slug>/nights/new/", views.night_create, name="night_create"),
    path("<name_slug:slug>/nights/<int:pk>/", views.night_detail, name="night_detail"),
    path("<name_slug:slug>/nights/<int:pk>/events/", views.night_events, name="night_events"),
    path("<name_slug:slug>/nights/<int:pk>/edit/", views.night_edit, name="night_edit"),
    path("<name_slug:slug>/nights/<int:pk>/cancel/", views.night_cancel, name="night_cancel"),
    path("<name_slug:slug>/nights/<int:pk>/register/", views.night_register, name="night_register"),
    path(
        "<name_slug:slug>/nights/<int:pk>/unregister/",
        views.night_unregister,
        name="night_unregister",
    ),
    path("<name_slug:slug>/nights/<int:pk>/check-in/", views.night_checkin, name="checkin"),
    path(
        "<name_slug:slug>/nights/<int:pk>/check-in/events/",
        views.checkin_events,
        name="checkin_events",
    ),
    path("<name_slug:slug>/nights/<int:pk>/walk-in/", views.night_walk_in, name="walk_in"),
    path(
        "<name_slug:slug>/nights/<int:pk>/registrations/<int:registration_pk>/<str:action>/",
        views.registration_action,
        name="registration_action",
    ),
]
