from django.urls import path

from . import views

app_name = "clubs"
urlpatterns = [
    path("", views.club_list, name="list"),
    path("new/", views.club_create, name="create"),
    path("my-nights/", views.my_nights, name="my_nights"),
    path("calendar/<str:token>.ics", views.member_feed, name="member_feed"),
    path("<slug:slug>/", views.club_detail, name="detail"),
    path("<slug:slug>/edit/", views.club_edit, name="edit"),
    path("<slug:slug>/join/", views.club_join, name="join"),
    path("<slug:slug>/leave/", views.club_leave, name="leave"),
    path("<slug:slug>/withdraw-request/", views.join_request_withdraw, name="withdraw_request"),
    path("<slug:slug>/calendar.ics", views.club_feed, name="club_feed"),
    path("<slug:slug>/members/", views.club_members, name="members"),
    path(
        "<slug:slug>/requests/<int:pk>/<str:decision>/",
        views.join_request_decide,
        name="request_decide",
    ),
    path("<slug:slug>/members/<int:pk>/role/", views.member_role, name="member_role"),
    path("<slug:slug>/members/<int:pk>/remove/", views.member_remove, name="member_remove"),
    path("<slug:slug>/nights/new/", views.night_create, name="night_create"),
    path("<slug:slug>/nights/<int:pk>/", views.night_detail, name="night_detail"),
    path("<slug:slug>/nights/<int:pk>/edit/", views.night_edit, name="night_edit"),
    path("<slug:slug>/nights/<int:pk>/cancel/", views.night_cancel, name="night_cancel"),
    path("<slug:slug>/nights/<int:pk>/register/", views.night_register, name="night_register"),
    path(
        "<slug:slug>/nights/<int:pk>/unregister/", views.night_unregister, name="night_unregister"
    ),
    path("<slug:slug>/nights/<int:pk>/check-in/", views.night_checkin, name="checkin"),
    path("<slug:slug>/nights/<int:pk>/walk-in/", views.night_walk_in, name="walk_in"),
    path(
        "<slug:slug>/nights/<int:pk>/registrations/<int:registration_pk>/<str:action>/",
        views.registration_action,
        name="registration_action",
    ),
]
