from django.contrib import admin

from .models import (
    ClubLadderSettings,
    GamePlayer,
    Ladder,
    PlayerGameStats,
    PlayerRating,
    RatedGame,
    RatingChange,
    RebuildJob,
)


@admin.register(ClubLadderSettings)
class ClubLadderSettingsAdmin(admin.ModelAdmin):
    list_display = ("club", "rate_bot_games", "min_games", "active_days", "updated_at")
    list_filter = ("rate_bot_games",)
    raw_id_fields = ("club", "updated_by")


class GamePlayerInline(admin.TabularInline):
    model = GamePlayer
    extra = 0
    raw_id_fields = ("user",)
    readonly_fields = ("user", "seat", "side", "place", "score", "played_at")
    can_delete = False


@admin.register(RatedGame)
class RatedGameAdmin(admin.ModelAdmin):
    list_display = ("label", "source", "source_id", "game", "club", "played_at", "rated")
    list_filter = ("source", "game", "rated", "has_bots")
    search_fields = ("label",)
    date_hierarchy = "played_at"
    raw_id_fields = ("club", "table")
    readonly_fields = ("recorded_at", "corrected_at", "revision")
    inlines = [GamePlayerInline]


@admin.register(Ladder)
class LadderAdmin(admin.ModelAdmin):
    list_display = ("__str__", "game", "club", "games_rated", "last_played_at", "rebuilt_at")
    list_filter = ("game",)
    raw_id_fields = ("club",)
    readonly_fields = ("games_rated", "last_played_at", "last_game_id", "rebuilt_at")


@admin.register(PlayerRating)
class PlayerRatingAdmin(admin.ModelAdmin):
    list_display = (
        "user",
        "ladder",
        "conservative",
        "mu",
        "sigma",
        "games_played",
        "wins",
        "draws",
    )
    list_filter = ("ladder__game",)
    search_fields = ("user__username", "user__display_name")
    raw_id_fields = ("user", "ladder")


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):
    list_display = ("user", "ladder", "rated_game", "played_at", "mu", "sigma")
    search_fields = ("user__username",)
    raw_id_fields = ("user", "ladder", "rated_game")


@admin.register(PlayerGameStats)
class PlayerGameStatsAdmin(admin.ModelAdmin):
    list_display = ("user", "game", "rated_game", "computed_at")
    list_filter = ("game",)
    raw_id_fields = ("user", "rated_game", "club")


@admin.register(RebuildJob)
class RebuildJobAdmin(admin.ModelAdmin):
    list_display = ("__str__", "scope", "club", "game", "status", "done", "total", "created_at")
    list_filter = ("status", "scope")
    raw_id_fields = ("club", "requested_by")
