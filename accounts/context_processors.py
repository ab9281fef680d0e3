from functools import cache

from .models import Notice


def notices(request):
    """The count of unread in-site notices for the signed-in user (shown in the navigation).

    Counted only if a template shows it (templates call a callable; the count is kept for the
    rest of the render): a fragment without the navigation makes no query for it."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}

    @cache
    def unread_notice_count() -> int:
        return Notice.objects.filter(user=user, read_at__isnull=True).count()

    return {"unread_notice_count": unread_notice_count}
