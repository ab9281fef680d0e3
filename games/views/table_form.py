"""Opening a table, and saving or deleting house rules from the same form."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods, require_POST

from core.choices import Game
from core.forms import apply_service_error
from core.numbers import whole_number

from .. import services
from ..errors import GameError
from ..forms import TableForm
from ..models import HouseRuleSet
from ..options import BOT_LEVEL_DESCRIPTIONS


@login_required
@require_http_methods(["GET", "POST"])
def table_new(request):
    if request.method != "POST":
        return _render_table_form(request, _prefilled_form(request))
    form = TableForm(request.POST, user=request.user)
    if "save_rules" in request.POST:
        return _save_house_rules(request, form)
    if not form.is_valid():
        return _render_table_form(request, form)
    try:
        table = services.table_create(request.user, **form.create_kwargs())
    except GameError as error:
        apply_service_error(form, error, _create_field_map(form))
        return _render_table_form(request, form)
    if "start_now" not in request.POST:
        messages.success(
            request, gettext("Your table is open. The game starts when every seat is filled.")
        )
    else:
        try:
            services.table_fill_with_bots(request.user, table)
        except GameError as error:
            messages.error(request, error.message)
        else:
            messages.success(request, gettext("The bots have sat down: the game is on."))
    return redirect(table.get_absolute_url())


def _prefilled_form(request) -> TableForm:
    """The empty form, with the game and a saved set of house rules the link names, if any."""
    form = TableForm(user=request.user)
    if request.GET.get("game") in Game.values:
        form.initial["game"] = request.GET["game"]
    rules_id = whole_number(request.GET.get("rules", ""))
    if rules_id in form.rule_sets:
        rules = form.rule_sets[rules_id]
        form.prefill_from(rules)
        messages.info(
            request,
            gettext("The options of “%(name)s” are filled in below.") % {"name": rules.name},
        )
    return form


def _create_field_map(form: TableForm) -> dict[str, str]:
    game = form.cleaned_data.get("game") or ""
    out = {"players": f"{game}-players"}
    for option in form.option_fields.get(game, []):
        out[option.key] = f"{game}-{option.key}"
    return out


def _render_table_form(request, form: TableForm, status: int = 200):
    own_rules = [r for r in form.rule_sets.values() if r.created_by_id == request.user.pk]
    return render(
        request,
        "games/table_form.html",
        {
            "form": form,
            "rule_sets": list(form.rule_sets.values()),
            "own_rules": own_rules,
            "bot_levels": BOT_LEVEL_DESCRIPTIONS,
        },
        status=status,
    )


def _option_errors(form: TableForm) -> list[str]:
    return [
        key
        for key in form.errors
        if key in ("game", "rules_name", "rules_club", "__all__")
        or key.endswith("-players")
        or any(key == f"{g}-{o.key}" for g, opts in form.option_fields.items() for o in opts)
    ]


def _save_house_rules(request, form: TableForm):
    """Save the form's options as a named set; the form comes back with the same choices."""
    form.is_valid()
    if "options" not in getattr(form, "cleaned_data", {}) or _option_errors(form):
        return _render_table_form(request, form)
    try:
        rules = services.house_rules_create(request.user, **form.rules_kwargs())
    except GameError as error:
        form.add_error("rules_name" if error.field in (None, "name") else None, error.message)
        return _render_table_form(request, form)
    if rules.club_id:
        saved = gettext("Saved the house rules “%(name)s” for the members of %(club)s.") % {
            "name": rules.name,
            "club": rules.club.name,
        }
    else:
        saved = gettext("Saved the house rules “%(name)s”.") % {"name": rules.name}
    messages.success(request, saved)
    initial = {key: value for key, value in request.POST.items() if key != "csrfmiddlewaretoken"}
    initial.update(house_rules=rules.pk, rules_name="")
    return _render_table_form(request, TableForm(user=request.user, initial=initial))


@login_required
@require_POST
def house_rules_delete(request, pk: int):
    rules = HouseRuleSet.objects.filter(pk=pk).select_related("club").first()
    if rules is None:
        raise Http404(gettext("There are no such house rules."))
    try:
        services.house_rules_delete(request.user, rules)
    except GameError as error:
        messages.error(request, error.message)
        return redirect("games:new")
    messages.success(request, gettext("Deleted the house rules “%(name)s”.") % {"name": rules.name})
    return redirect("games:new")
