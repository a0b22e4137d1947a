"""The rotation of the daily challenge's variants (R60), edited by moderators; the days
and attempts, read-only (their seeds are never shown before the day is over)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy as _

from accounts import sanctions
from accounts.admin import ActionForms, VariantFilter, set_or_not
from accounts.forms import ReasonForm
from accounts.sanctions import ModerationError
from games.catalog import NAMES
from games.rules import RuleError, get_ruleset, new_match
from leaderboard.models import DailyAttempt, DailyChallenge, RotationStep


class RotationStepForm(forms.ModelForm):
    class Meta:
        model = RotationStep
        fields = ["position", "variant", "seats"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("variant") and data.get("seats"):
            try:
                get_ruleset(data["variant"]).check_seats(data["seats"])
            except RuleError:
                raise forms.ValidationError(
                    _("Ce nombre de places n’est pas permis pour cette variante.")
                ) from None
            try:  # R61: five rounds with no target; a game counted in rounds has none such
                new_match(data["variant"], data["seats"], None)
            except RuleError:
                raise forms.ValidationError(_("Cette variante ne se joue pas en défi du jour.")) from None
        return data


@admin.register(RotationStep)
class RotationStepAdmin(admin.ModelAdmin):
    form = RotationStepForm
    list_display = ["position", "variant", "seats"]
    list_editable = ["variant", "seats"]


@admin.register(DailyChallenge)
class DailyChallengeAdmin(admin.ModelAdmin):
    list_display = ["date", "variant_name", "seats", "commitment"]
    list_filter = [VariantFilter]
    readonly_fields = ["date", "variant_name", "seats", "commitment", "created"]
    exclude = ["seed", "variant"]

    @admin.display(description=_("variante"), ordering="variant")
    def variant_name(self, challenge: DailyChallenge) -> str:
        return str(NAMES.get(challenge.variant, challenge.variant))

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # drawn by beat, the first visit or the daily_challenge command


@admin.register(DailyAttempt)
class DailyAttemptAdmin(ActionForms, admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["challenge", "player", "points", "robot_points", "finished", "complete", "disqualified"]
    list_filter = ["challenge__date", set_or_not("disqualified", _("disqualifiée"), "disqualifiee")]
    search_fields = ["player__username"]
    readonly_fields = [f.name for f in DailyAttempt._meta.fields]
    actions = ["disqualify"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_disqualify_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("accounts.disqualify_attempt")

    @admin.action(description=_("Disqualifier (retiré du classement du jour)"), permissions=["disqualify"])
    def disqualify(self, request: HttpRequest, queryset: QuerySet[DailyAttempt]) -> HttpResponse | None:
        """Through accounts.sanctions, attempt by attempt, each logged."""

        def apply(attempt: DailyAttempt, data: dict[str, Any]) -> None:
            if not sanctions.disqualify(request.user, attempt, data["reason"]):
                raise ModerationError(_("Cet essai était déjà disqualifié."))

        return self.action_with_form(request, queryset, ReasonForm, str(_("Disqualifier")), apply)
