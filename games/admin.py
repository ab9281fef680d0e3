"""Admin for tables and their logs. A hand's dealt cards are shown only once it is finished:
staff may play too, and nobody sees hidden cards of a hand in progress."""

from django.contrib import admin

from .models import HouseRuleSet, Seat, Table, TableAction, TableHand


@admin.register(HouseRuleSet)
class HouseRuleSetAdmin(admin.ModelAdmin):
    list_display = ["name", "game", "club", "created_by", "created_at"]
    list_filter = ["game"]
    search_fields = ["name", "club__name", "created_by__username"]
    raw_id_fields = ["club", "created_by"]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["number", "user", "bot_level", "taken_at"]
    readonly_fields = ["number", "taken_at"]
    raw_id_fields = ["user"]
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):
    list_display = [
        "__str__",
        "game",
        "players",
        "status",
        "access",
        "hand_number",
        "action_number",
        "created_by",
        "created_at",
    ]
    list_filter = ["game", "status", "access", "is_demo"]
    search_fields = ["name", "created_by__username", "club__name"]
    raw_id_fields = ["created_by", "club", "house_rules"]
    inlines = [SeatInline]
    readonly_fields = [
        "seed",
        "status",
        "action_number",
        "version",
        "hand_number",
        "to_act",
        "bot_to_act",
        "turn_started_at",
        "totals",
        "winners",
        "started_at",
        "finished_at",
        "created_at",
    ]


@admin.register(TableHand)
class TableHandAdmin(admin.ModelAdmin):
    list_display = ["table", "number", "dealer", "finished", "thrown_in", "scores", "started_at"]
    list_filter = ["finished", "thrown_in"]
    raw_id_fields = ["table"]
    fields = [
        "table",
        "number",
        "dealer",
        "seed",
        "first_action",
        "finished",
        "thrown_in",
        "scores",
        "totals",
        "dealt_cards",
        "looks",
        "result",
        "started_at",
        "finished_at",
    ]
    readonly_fields = fields

    @admin.display(description="dealt cards")
    def dealt_cards(self, obj):
        return obj.deal if obj.finished else "(shown when the hand is finished)"

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False


@admin.register(TableAction)
class TableActionAdmin(admin.ModelAdmin):
    list_display = [
        "table",
        "number",
        "hand",
        "seat",
        "shown_record",
        "actor",
        "by_bot",
        "created_at",
    ]
    list_filter = ["by_bot"]
    raw_id_fields = ["table", "hand", "actor"]
    fields = ["table", "number", "hand", "seat", "shown_record", "actor", "by_bot", "created_at"]
    readonly_fields = fields

    @admin.display(description="action")
    def shown_record(self, obj):
        # A discard is hidden until its hand is finished.
        if "discard" in obj.record and not obj.hand.finished:
            return {"seat": obj.seat, "discard": "(hidden until the hand is finished)"}
        return obj.record

    def get_queryset(self, request):
        return super().get_queryset(request).select_related("table", "hand", "actor")

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False
