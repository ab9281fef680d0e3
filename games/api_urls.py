"""Tables API routes (under /api/)."""

from django.urls import path

from . import api

urlpatterns = [
    path("tables/", api.TableListCreateView.as_view(), name="api-tables"),
    path("tables/<int:pk>/", api.TableDetailView.as_view(), name="api-table"),
    path("tables/<int:pk>/sit/", api.TableSitView.as_view(), name="api-table-sit"),
    path("tables/<int:pk>/leave/", api.TableLeaveView.as_view(), name="api-table-leave"),
    path(
        "tables/<int:pk>/start-with-bots/",
        api.TableStartWithBotsView.as_view(),
        name="api-table-start-with-bots",
    ),
    path("tables/<int:pk>/state/", api.TableStateView.as_view(), name="api-table-state"),
    path("tables/<int:pk>/legal/", api.TableLegalView.as_view(), name="api-table-legal"),
    path("tables/<int:pk>/act/", api.TableActView.as_view(), name="api-table-act"),
    path("tables/<int:pk>/look/", api.TableLookView.as_view(), name="api-table-look"),
    path("tables/<int:pk>/version/", api.TableVersionView.as_view(), name="api-table-version"),
    path("tables/<int:pk>/hands/", api.TableHandsView.as_view(), name="api-table-hands"),
    path(
        "tables/<int:pk>/hands/<int:number>/record/",
        api.HandRecordView.as_view(),
        name="api-table-hand-record",
    ),
    path("tables/<int:pk>/record/", api.GameRecordView.as_view(), name="api-table-record"),
    path("records/replay/", api.RecordReplayView.as_view(), name="api-records-replay"),
    path("table-options/", api.TableOptionsView.as_view(), name="api-table-options"),
    path("board-sets/", api.BoardSetListCreateView.as_view(), name="api-board-sets"),
    path("board-sets/<int:pk>/", api.BoardSetDetailView.as_view(), name="api-board-set"),
    path(
        "board-sets/<int:pk>/reveal/",
        api.BoardSetRevealView.as_view(),
        name="api-board-set-reveal",
    ),
    path("house-rules/", api.HouseRuleSetListCreateView.as_view(), name="api-house-rules"),
    path("house-rules/<int:pk>/", api.HouseRuleSetDetailView.as_view(), name="api-house-rule-set"),
]
