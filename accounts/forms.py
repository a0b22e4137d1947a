"""Forms of reports (players) and of moderation actions (the admin)."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from accounts.models import Report


class ReportForm(forms.Form):
    reason = forms.ChoiceField(label=_("Motif"), choices=Report.REASONS)
    comment = forms.CharField(
        label=_("Commentaire"),
        required=False,
        max_length=1000,
        widget=forms.Textarea(attrs={"rows": 4, "maxlength": 1000}),
        help_text=_("Ce qui s’est passé, en quelques mots (1000 caractères au plus)."),
    )


class ReasonForm(forms.Form):
    """A moderation action: its reason is required and written to the log."""

    reason = forms.CharField(
        label=_("Motif"), max_length=1000, widget=forms.Textarea(attrs={"rows": 3, "maxlength": 1000})
    )


class BanForm(ReasonForm):
    pass


class SuspendForm(ReasonForm):
    until = forms.DateTimeField(
        label=_("Jusqu’au"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Heure de Paris."),
    )
    field_order = ["until", "reason"]

    def clean_until(self):  # type: ignore[no-untyped-def]
        until = self.cleaned_data["until"]
        if until <= timezone.now():
            raise forms.ValidationError(_("La fin de la suspension doit être dans le futur."))
        return until


class LiftForm(ReasonForm):
    pass


class RenameForm(ReasonForm):
    name = forms.CharField(label=_("Nouveau pseudo"), max_length=150)
    field_order = ["name", "reason"]


class VoidForm(ReasonForm):
    pass
