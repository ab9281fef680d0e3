"""The table pages (built in games/views.py), under /tables/."""

from django.urls import path

from . import views
from .views import boards

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("new/", views.table_new, name="new"),
    path("demo/", views.demo, name="demo"),
    path("house-rules/<int:pk>/delete/", views.house_rules_delete, name="house_rules_delete"),
    path("records/", views.record_upload, name="record_upload"),
    path("records/<str:key>/", views.uploaded_replay, name="uploaded_replay"),
    path("boards/new/", boards.board_set_new, name="board_set_new"),
    path("boards/<int:pk>/", boards.board_set_detail, name="board_set"),
    path("boards/<int:pk>/sheets/", boards.board_set_sheets, name="board_sheets"),
    path("boards/<int:pk>/reveal/", boards.board_set_reveal_view, name="board_set_reveal"),
    path("boards/<int:pk>/records.zip", boards.board_set_records, name="board_records"),
    path("<int:pk>/", views.table_detail, name="table"),
    path("<int:pk>/live/", views.table_live, name="live"),
    path("<int:pk>/poll/", views.table_poll, name="poll"),
    path("<int:pk>/events/", views.table_events, name="events"),
    path("<int:pk>/sit/", views.table_sit, name="sit"),
    path("<int:pk>/leave/", views.table_leave, name="leave"),
    path("<int:pk>/start/", views.table_start, name="start"),
    path("<int:pk>/look/", views.table_look, name="look"),
    path("<int:pk>/act/", views.table_act, name="act"),
    path("<int:pk>/hands/<int:number>/", views.hand_replay, name="hand_replay"),
    path("<int:pk>/hands/<int:number>/record.json", views.hand_record, name="hand_record"),
    path("<int:pk>/record.json", views.game_record, name="game_record"),
]
