"""Tournaments in the admin: for looking things up and fixing data by hand. Directors run
tournaments from the site (the services keep the rules); results changed here bypass the audit
log, so the result and audit models are read-only."""

from django.contrib import admin

from .models import (
    Bye,
    Entrant,
    EntrantMember,
    ResultAudit,
    Round,
    Standing,
    TableResult,
    TableSeat,
    Tournament,
    TournamentTable,
)


class EntrantInline(admin.TabularInline):
    model = Entrant
    extra = 0
    fields = ("seed", "name", "withdrawn", "late")


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ("number", "status", "published_at", "closed_at")
    readonly_fields = ("published_at", "closed_at")


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "game", "format", "status", "online", "created_at")
    list_filter = ("status", "format", "game", "online")
    search_fields = ("name", "club__name")
    raw_id_fields = ("club", "night", "house_rules", "created_by", "champion")
    readonly_fields = ("seed", "draw", "standings_version", "standings_updated_at")
    inlines = [EntrantInline, RoundInline]


class EntrantMemberInline(admin.TabularInline):
    model = EntrantMember
    extra = 0
    fields = ("position", "user", "guest_name")
    raw_id_fields = ("user",)


@admin.register(Entrant)
class EntrantAdmin(admin.ModelAdmin):
    list_display = ("name", "tournament", "seed", "withdrawn", "late")
    list_filter = ("withdrawn", "late")
    search_fields = ("name", "tournament__name")
    raw_id_fields = ("tournament",)
    inlines = [EntrantMemberInline]

    def save_formset(self, request, form, formset, change):
        for member in formset.save(commit=False):
            member.tournament_id = form.instance.tournament_id
            member.save()
        formset.save_m2m()
        for gone in formset.deleted_objects:
            gone.delete()


class TableSeatInline(admin.TabularInline):
    model = TableSeat
    extra = 0
    fields = ("number", "entrant", "member")
    raw_id_fields = ("entrant", "member")


@admin.register(TournamentTable)
class TournamentTableAdmin(admin.ModelAdmin):
    list_display = ("__str__", "tournament", "bracket_match", "online", "game_table")
    list_filter = ("online",)
    search_fields = ("tournament__name",)
    raw_id_fields = ("tournament", "round", "game_table")
    inlines = [TableSeatInline]


@admin.register(Bye)
class ByeAdmin(admin.ModelAdmin):
    list_display = ("entrant", "round")
    raw_id_fields = ("entrant", "round")


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(TableResult)
class TableResultAdmin(ReadOnlyAdmin):
    list_display = ("table", "tournament", "status", "source", "scores", "winners", "entered_at")
    list_filter = ("status", "source")
    search_fields = ("tournament__name",)


@admin.register(ResultAudit)
class ResultAuditAdmin(ReadOnlyAdmin):
    list_display = ("table", "actor", "at", "reason")
    search_fields = ("tournament__name", "reason")


@admin.register(Standing)
class StandingAdmin(ReadOnlyAdmin):
    list_display = ("tournament", "position", "rank", "entrant", "points", "played")
    list_filter = ("tournament",)


# Robot duplicate: events can be looked up and their window fixed; entries and results are
# what the services recorded (read-only).
from .robot_models import RobotBoardResult, RobotEntry, RobotEvent  # noqa: E402


@admin.register(RobotEvent)
class RobotEventAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "game", "boards", "opens_at", "closes_at", "closed_at")
    list_filter = ("game",)
    search_fields = ("name", "club__name")
    readonly_fields = ("board_set", "closed_at", "daily_on", "created_by")


@admin.register(RobotEntry)
class RobotEntryAdmin(ReadOnlyAdmin):
    list_display = ("event", "user", "table", "started_at", "finished_at")
    search_fields = ("event__name", "user__username")


@admin.register(RobotBoardResult)
class RobotBoardResultAdmin(ReadOnlyAdmin):
    list_display = ("entry", "number", "score", "declarer", "tricks", "thrown_in")
