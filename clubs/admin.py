from django.contrib import admin
from django.db.models import Count
from django.utils.translation import gettext_lazy as _

from .models import Club, ClubNight, JoinRequest, Membership, Registration


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ("user",)
    fields = ("user", "role", "joined_at")
    readonly_fields = ("joined_at",)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "venue", "time_zone", "is_open", "member_count", "created_at")
    list_filter = ("is_open", "time_zone", "created_at")
    search_fields = ("name", "slug", "venue", "about")
    prepopulated_fields = {"slug": ("name",)}
    raw_id_fields = ("created_by",)
    inlines = [MembershipInline]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(_members=Count("memberships"))

    @admin.display(description=_("Members"), ordering="_members")
    def member_count(self, obj):
        return obj._members


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "role", "joined_at")
    list_filter = ("role", "club")
    search_fields = ("user__username", "user__display_name", "club__name")
    list_select_related = ("user", "club")
    raw_id_fields = ("user", "club")


@admin.register(JoinRequest)
class JoinRequestAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "status", "created_at", "decided_at", "decided_by")
    list_filter = ("status", "club")
    search_fields = ("user__username", "user__display_name", "club__name", "message")
    list_select_related = ("user", "club", "decided_by")
    raw_id_fields = ("user", "club", "decided_by")


class RegistrationInline(admin.TabularInline):
    model = Registration
    extra = 0
    raw_id_fields = ("user", "checked_in_by")
    fields = ("user", "guest_name", "status", "waitlist_position", "walk_in", "checked_in_at")


@admin.register(ClubNight)
class ClubNightAdmin(admin.ModelAdmin):
    list_display = (
        "__str__",
        "club",
        "game",
        "starts_at",
        "capacity",
        "seats_taken",
        "waiting",
        "members_only",
        "status",
    )
    list_filter = ("status", "game", "members_only", "club")
    search_fields = ("title", "club__name", "venue", "notes")
    date_hierarchy = "starts_at"
    list_select_related = ("club",)
    raw_id_fields = ("club", "created_by")
    inlines = [RegistrationInline]

    def get_queryset(self, request):
        return super().get_queryset(request).with_counts()

    @admin.display(description=_("Seats taken"), ordering="seats_taken")
    def seats_taken(self, obj):
        return obj.seats_taken

    @admin.display(description=_("Waiting"), ordering="waiting_count")
    def waiting(self, obj):
        return obj.waiting_count


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    list_display = (
        "player",
        "night",
        "status",
        "waitlist_position",
        "walk_in",
        "created_at",
        "checked_in_at",
    )
    list_filter = ("status", "walk_in", "night__club", "night__game")
    search_fields = ("user__username", "user__display_name", "guest_name", "night__club__name")
    list_select_related = ("user", "night", "night__club")
    raw_id_fields = ("night", "user", "checked_in_by")

    @admin.display(description=_("Player"), ordering="user__username")
    def player(self, obj):
        return obj.player_name
