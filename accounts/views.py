"""Account pages: sign up, profile, editing it, API tokens, in-site notices and the calendar
address.

Login, logout and password change/reset are Django's own views (templates/registration/).
"""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST
from django.views.i18n import set_language

from . import tokens
from .forms import ProfileForm, SignupForm
from .languages import (
    UnknownLanguage,
    remember_in_cookie,
    user_language_set,
    visitors_own_language,
)
from .models import Notice, User
from .zones import in_reader_zone


def _next_url(request, default):
    target = request.POST.get("next") or request.GET.get("next")
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


def signup(request):
    if request.user.is_authenticated:
        return redirect("accounts:profile", request.user.username)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="accounts.backends.CachedModelBackend")
        # The new member keeps their own language (the one they chose, or their browser's), or
        # else the one they were reading the site in: on their account (their emails and
        # notices, their other devices at login) and, as logging in does, in this browser's
        # cookie. A club's page may have spoken the club's language; that stays the club's.
        own = visitors_own_language(request)
        user_language_set(user, own or getattr(request, "LANGUAGE_CODE", "") or "")
        if user.language:
            remember_in_cookie(request, user.language)
        messages.success(request, _("Welcome to Kookaburra, %(name)s!") % {"name": user.shown_name})
        return redirect(_next_url(request, "clubs:list"))
    return render(
        request, "accounts/signup.html", {"form": form, "next": request.GET.get("next", "")}
    )


@require_GET
@in_reader_zone
def profile(request, username):
    person = get_object_or_404(User, username=username, is_active=True)
    memberships = person.memberships.select_related("club").order_by("club__name")
    # The same "upcoming nights" as the home page and My nights (clubs' one rule, reached through
    # the reverse relation: accounts imports nothing from clubs).
    upcoming = person.night_registrations.upcoming()[:10]
    is_me = request.user.is_authenticated and request.user.pk == person.pk
    return render(
        request,
        "accounts/profile.html",
        {"person": person, "memberships": memberships, "upcoming": upcoming, "is_me": is_me},
    )


@login_required
@in_reader_zone
def profile_edit(request):
    form = ProfileForm(request.POST or None, instance=request.user)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        if user.language:
            remember_in_cookie(request, user.language)
        messages.success(request, _("Profile saved."))
        return redirect("accounts:profile", request.user.username)
    return render(
        request,
        "accounts/profile_edit.html",
        {"form": form, **_tokens_context(request)},
    )


def _tokens_context(request) -> dict:
    return {"tokens": tokens.token_list(request.user), "token_ttl_days": tokens.ttl_days()}


def _tokens_answer(request, done: str):
    """htmx: the tokens panel again, saying what was done; otherwise back to it on the page."""
    if request.htmx:
        return render(
            request,
            "accounts/profile_edit.html#tokens",
            {**_tokens_context(request), "tokens_done": done},
        )
    messages.success(request, done)
    return redirect(reverse("accounts:profile_edit") + "#tokens")


@login_required
@require_POST
@in_reader_zone
def token_revoke(request, prefix):
    try:
        tokens.token_revoke(request.user, prefix)
    except tokens.TokenNotFound as error:
        raise Http404(error.message) from error
    return _tokens_answer(request, _("API token %(prefix)s… revoked.") % {"prefix": prefix})


@login_required
@require_POST
@in_reader_zone
def tokens_revoke_all(request):
    count = tokens.tokens_revoke_all(request.user)
    done = ngettext("%(count)d API token revoked.", "%(count)d API tokens revoked.", count) % {
        "count": count
    }
    return _tokens_answer(request, done)


@login_required
@require_POST
def calendar_reset(request):
    request.user.reset_calendar_token()
    messages.success(request, _("Your calendar address has changed; the old one no longer works."))
    return redirect(_next_url(request, "clubs:my_nights"))


@login_required
@require_GET
@in_reader_zone
def notices(request):
    page = Paginator(Notice.objects.filter(user=request.user), 30).get_page(request.GET.get("page"))
    return render(
        request,
        "accounts/notices.html",
        {
            "page": page,
            "notices": page.object_list,
            "has_unread": request.user.notices.unread().exists(),
        },
    )


@login_required
@require_POST
def notice_read(request, pk):
    notice = get_object_or_404(Notice, pk=pk, user=request.user)
    if notice.read_at is None:
        notice.read_at = timezone.now()
        notice.save(update_fields=["read_at"])
    if request.POST.get("open") and notice.url.startswith("/"):
        return redirect(notice.url)
    if request.htmx:
        return render(request, "accounts/notices.html#notice", {"notice": notice})
    return redirect("accounts:notices")


@login_required
@require_POST
def notices_read_all(request):
    count = request.user.notices.mark_read()
    if count:
        messages.success(
            request,
            ngettext("Marked %(count)d notice as read.", "Marked %(count)d notices as read.", count)
            % {"count": count},
        )
    return redirect("accounts:notices")


@require_POST
def language_set(request):
    """The header's language menu: Django's set_language (the cookie, then back to `next`), and
    for a signed-in member their account's language too, so it follows them everywhere."""
    response = set_language(request)
    if request.user.is_authenticated:
        try:
            user_language_set(request.user, request.POST.get("language", ""))
        except UnknownLanguage:
            pass  # set_language ignored it too: nothing changes
    return response
