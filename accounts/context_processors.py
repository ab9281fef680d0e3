from .models import Notice


def notices(request):
    """The count of unread in-site notices for the signed-in user (shown in the navigation)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {}
    return {"unread_notice_count": Notice.objects.filter(user=user, read_at__isnull=True).count()}
