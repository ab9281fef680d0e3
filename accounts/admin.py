from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from .models import Notice, User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    list_display = (
        "username",
        "display_name",
        "email",
        "games_played",
        "is_staff",
        "is_active",
        "date_joined",
    )
    list_filter = ("is_staff", "is_superuser", "is_active", "language", "date_joined")
    search_fields = ("username", "display_name", "email", "first_name", "last_name")
    ordering = ("username",)
    fieldsets = (
        *DjangoUserAdmin.fieldsets,
        ("Kookaburra", {"fields": ("display_name", "games", "time_zone", "language")}),
    )
    add_fieldsets = (
        *DjangoUserAdmin.add_fieldsets,
        ("Kookaburra", {"fields": ("display_name", "email")}),
    )

    @admin.display(description=_("Games"))
    def games_played(self, obj):
        return ", ".join(obj.game_labels) or "—"


@admin.register(Notice)
class NoticeAdmin(admin.ModelAdmin):
    list_display = ("user", "text", "key", "created_at", "read_at")
    list_filter = (("read_at", admin.EmptyFieldListFilter), "created_at")
    search_fields = ("user__username", "user__display_name", "text")
    list_select_related = ("user",)
    raw_id_fields = ("user",)
    date_hierarchy = "created_at"
