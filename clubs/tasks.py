"""Follow-up work for clubs, run by the Celery worker. Tasks take ids and are idempotent: each
records that its email went out and does nothing the second time."""

from celery import shared_task
from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.languages import in_language_of

from .models import ClubNight, Registration


def _absolute(path: str) -> str:
    return settings.SITE_URL + path


@shared_task
def send_waitlist_promotion_email(registration_id: int) -> bool:
    """Tell someone promoted from the waitlist that they have a seat. Returns whether it sent."""
    with transaction.atomic():
        registration = Registration.objects.select_for_update().filter(pk=registration_id).first()
        if (
            registration is None
            or registration.promotion_emailed_at is not None
            or registration.status != Registration.Status.REGISTERED
            or registration.user_id is None
        ):
            return False
        user = registration.user
        night = registration.night
        if not user.email:
            return False
        context = {
            "user": user,
            "night": night,
            "club": night.club,
            "url": _absolute(night.get_absolute_url()),
            "my_nights_url": _absolute(reverse("clubs:my_nights")),
        }
        with in_language_of(user):
            send_mail(
                subject=_("You have a seat at %(club)s: %(night)s")
                % {"club": night.club.name, "night": night.name},
                message=render_to_string("clubs/email/waitlist_promoted.txt", context),
                from_email=None,
                recipient_list=[user.email],
            )
        registration.promotion_emailed_at = timezone.now()
        registration.save(update_fields=["promotion_emailed_at"])
        return True


@shared_task
def send_night_cancelled_emails(night_id: int) -> int:
    """Tell everyone who was registered or waiting that a night is cancelled (once)."""
    with transaction.atomic():
        night = ClubNight.objects.select_for_update().filter(pk=night_id).first()
        if night is None or not night.is_cancelled or night.cancellation_emailed_at is not None:
            return 0
        registrations = night.registrations.filter(
            status__in=[
                Registration.Status.REGISTERED,
                Registration.Status.WAITLISTED,
                Registration.Status.CHECKED_IN,
            ],
            user__isnull=False,
        ).select_related("user")
        sent = 0
        for registration in registrations:
            if not registration.user.email:
                continue
            context = {
                "user": registration.user,
                "night": night,
                "club": night.club,
                "url": _absolute(night.club.get_absolute_url()),
            }
            with in_language_of(registration.user):
                send_mail(
                    subject=_("Cancelled: %(club)s — %(night)s")
                    % {"club": night.club.name, "night": night.name},
                    message=render_to_string("clubs/email/night_cancelled.txt", context),
                    from_email=None,
                    recipient_list=[registration.user.email],
                )
            sent += 1
        night.cancellation_emailed_at = timezone.now()
        night.save(update_fields=["cancellation_emailed_at"])
        return sent
