"""The tournament pages, under /tournaments/: every club's at /tournaments/, a club's list at
/tournaments/club/<slug>/, each tournament at /tournaments/<id>/."""

from django.urls import path

from . import views
from .views import robot as robot_views

app_name = "tournaments"

urlpatterns = [
    path("", views.tournament_index, name="index"),
    path("club/<name_slug:slug>/", views.club_tournaments, name="club"),
    path("club/<name_slug:slug>/new/", views.tournament_create, name="create"),
    path("<int:pk>/", views.tournament_detail, name="detail"),
    path("<int:pk>/poll/", views.tournament_poll, name="poll"),
    path("<int:pk>/edit/", views.tournament_edit, name="edit"),
    path("<int:pk>/delete/", views.tournament_delete, name="delete"),
    path("<int:pk>/start/", views.tournament_start, name="start"),
    path("<int:pk>/finish/", views.tournament_finish, name="finish"),
    path("<int:pk>/my-table/", views.my_table_redirect, name="my_table"),
    # Entrants
    path("<int:pk>/entrants/", views.entrants, name="entrants"),
    path("<int:pk>/entrants/add/", views.entrant_add, name="entrant_add"),
    path("<int:pk>/entrants/from-night/", views.entrants_from_night, name="from_night"),
    path("<int:pk>/entrants/partnerships/", views.partnerships, name="pairs"),
    path(
        "<int:pk>/entrants/<int:entrant_id>/<str:action>/",
        views.entrant_action,
        name="entrant_action",
    ),
    # Rounds and tables
    path("<int:pk>/rounds/next/", views.pair_next_round, name="pair_next"),
    path("<int:pk>/rounds/<int:number>/", views.round_detail, name="round"),
    path("<int:pk>/rounds/<int:number>/poll/", views.round_poll, name="round_poll"),
    path("<int:pk>/rounds/<int:number>/swap/", views.round_swap, name="swap"),
    path("<int:pk>/rounds/<int:number>/cards/", views.table_cards, name="cards"),
    path("<int:pk>/rounds/<int:number>/<str:action>/", views.round_action, name="round_action"),
    path("<int:pk>/tables/<int:table_id>/", views.table_detail, name="table"),
    path("<int:pk>/tables/<int:table_id>/result/", views.result_enter, name="result_enter"),
    path("<int:pk>/tables/<int:table_id>/confirm/", views.result_confirm, name="result_confirm"),
    path("<int:pk>/tables/<int:table_id>/dispute/", views.result_dispute, name="result_dispute"),
    path("<int:pk>/tables/<int:table_id>/online/", views.table_online, name="table_online"),
    # Standings, brackets, printing
    path("<int:pk>/standings/", views.standings, name="standings"),
    path("<int:pk>/standings/version/", views.standings_version, name="standings_version"),
    path("<int:pk>/standings/events/", views.standings_events, name="standings_events"),
    path("<int:pk>/standings.csv", views.standings_csv, name="standings_csv"),
    path("<int:pk>/bracket/", views.bracket, name="bracket"),
    path("<int:pk>/results/", views.results_sheet, name="results"),
    path("<int:pk>/audit/", views.audit_log, name="audit"),
    # Duplicate events
    path("<int:pk>/duplicate/", views.duplicate_overview, name="duplicate"),
    path("<int:pk>/duplicate/standings/", views.duplicate_standings, name="duplicate_standings"),
    path("<int:pk>/duplicate/events/", views.duplicate_events, name="duplicate_events"),
    path("<int:pk>/duplicate/version/", views.duplicate_version, name="duplicate_version"),
    path(
        "<int:pk>/duplicate/pairs/<int:entrant_id>/",
        views.duplicate_scorecard,
        name="duplicate_scorecard",
    ),
    path("<int:pk>/duplicate/boards/<int:number>/", views.duplicate_board, name="duplicate_board"),
    path(
        "<int:pk>/duplicate/tables/<int:table_id>/", views.duplicate_table, name="duplicate_table"
    ),
    path(
        "<int:pk>/duplicate/tables/<int:table_id>/boards/<int:number>/enter/",
        views.board_enter,
        name="board_enter",
    ),
    path(
        "<int:pk>/duplicate/tables/<int:table_id>/boards/<int:number>/confirm/",
        views.board_confirm,
        name="board_confirm",
    ),
    path(
        "<int:pk>/duplicate/tables/<int:table_id>/boards/<int:number>/dispute/",
        views.board_dispute,
        name="board_dispute",
    ),
    # Robot duplicate
    path("robot/", robot_views.robot_events, name="robot_events"),
    path("robot/club/<name_slug:slug>/", robot_views.robot_club, name="robot_club"),
    path("robot/club/<name_slug:slug>/new/", robot_views.robot_create, name="robot_create"),
    path("robot/<int:pk>/", robot_views.robot_event, name="robot_event"),
    path("robot/<int:pk>/enter/", robot_views.robot_enter, name="robot_enter"),
    path(
        "robot/<int:pk>/boards/<int:number>/",
        robot_views.robot_traveller,
        name="robot_traveller",
    ),
]
