"""Clubs speak the reader's language (issue 13): notices are stored as a key and parameters and
read in the reader's language (the night's date too, written out when read), emails go out in the
recipient's language, and refusals come in the active one."""

import pytest
from django.core import mail
from django.template.defaultfilters import date as date_filter
from django.utils import timezone, translation

from accounts.models import Notice
from clubs import services
from clubs.models import Membership


def _month(moment, club, language):
    with translation.override(language):
        return date_filter(timezone.localtime(moment, club.zoneinfo), "F")


def test_a_cancelled_night_notice_reads_in_the_readers_language_dates_included(
    night, people, django_capture_on_commit_callbacks
):
    services.night_register(people.member, night)
    with django_capture_on_commit_callbacks(execute=True):
        services.night_cancel(people.director, night)
    notice = Notice.objects.get(user=people.member)
    assert notice.key == "clubs.night_cancelled"
    # The admin's copy is English; the reader's is written when read, in their language.
    assert notice.text.startswith("Cancelled: Wattle Card Club — ")
    assert _month(night.starts_at, night.club, "en") in notice.text
    with translation.override("mr"):
        marathi = notice.message
    assert marathi.startswith("रद्द: Wattle Card Club — ")
    assert _month(night.starts_at, night.club, "mr") in marathi
    assert _month(night.starts_at, night.club, "mr") != _month(night.starts_at, night.club, "en")


def test_cancellation_emails_go_out_in_each_recipients_language(
    night, people, django_capture_on_commit_callbacks
):
    people.member.language = "ur"
    people.member.save(update_fields=["language"])
    services.night_register(people.member, night)
    services.night_register(people.owner, night)
    with django_capture_on_commit_callbacks(execute=True):
        services.night_cancel(people.director, night)
    by_reader = {message.to[0]: message for message in mail.outbox}
    urdu = by_reader[people.member.email]
    assert urdu.subject.startswith("منسوخ: Wattle Card Club")
    assert "کلب کی یہ شام منسوخ کر دی ہے" in urdu.body
    english = by_reader[people.owner.email]
    assert english.subject.startswith("Cancelled: Wattle Card Club")
    assert "have cancelled this club night" in english.body


@pytest.mark.parametrize(
    ("promoted_to", "key", "english"),
    [
        (Membership.Role.DIRECTOR, "clubs.made_director", "made you director of"),
        (Membership.Role.OWNER, "clubs.made_owner", "made you owner of"),
    ],
)
def test_role_notices_are_keys_read_in_the_readers_language(
    club, people, promoted_to, key, english
):
    membership = Membership.objects.get(club=club, user=people.member)
    services.membership_set_role(people.owner, membership, promoted_to)
    notice = Notice.objects.get(user=people.member, key=key)
    assert english in notice.text
    with translation.override("pa"):
        assert "ਨੇ ਤੁਹਾਨੂੰ Wattle Card Club ਦਾ" in notice.message


def test_refusals_come_in_the_active_language(night, people):
    with translation.override("pa"), pytest.raises(services.MembersOnly) as refusal:
        services.night_register(people.outsider, night)
    assert refusal.value.code == "members_only"
    assert "ਸਿਰਫ਼ Wattle Card Club ਦੇ ਮੈਂਬਰਾਂ ਲਈ" in refusal.value.message
