"""The rotation of the daily challenge's variants (R60), edited by moderators; the days
and attempts, read-only (their seeds are never shown before the day is over)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from games.rules import RuleError, get_ruleset
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
        return data


@admin.register(RotationStep)
class RotationStepAdmin(admin.ModelAdmin):
    form = RotationStepForm
    list_display = ["position", "variant", "seats"]
    list_editable = ["variant", "seats"]


@admin.register(DailyChallenge)
class DailyChallengeAdmin(admin.ModelAdmin):
    list_display = ["date", "variant", "seats", "commitment"]
    readonly_fields = ["date", "variant", "seats", "commitment", "created"]
    exclude = ["seed"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # drawn by beat, the first visit or the daily_challenge command


@admin.register(DailyAttempt)
class DailyAttemptAdmin(admin.ModelAdmin):
    list_display = ["challenge", "player", "points", "robot_points", "finished", "complete"]
    list_filter = ["challenge__date"]
    search_fields = ["player__username"]
    readonly_fields = [f.name for f in DailyAttempt._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False
