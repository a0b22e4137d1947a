from django import forms
from django.utils.translation import gettext_lazy as _

from games.catalog import NAMES
from games.rules import VARIANTS

ALL_TARGETS = sorted({t for rules in VARIANTS.values() for t in rules.targets})


class OpenTableForm(forms.Form):
    """Opening a table (R51). Seats and target are checked against the variant by the service."""

    variant = forms.ChoiceField(label=_("Variante"), choices=[(key, NAMES[key]) for key in VARIANTS])
    seats = forms.TypedChoiceField(
        label=_("Places"), coerce=int, choices=[(n, str(n)) for n in range(2, 5)], initial=2
    )
    target = forms.TypedChoiceField(
        label=_("Objectif"),
        coerce=int,
        required=False,
        empty_value=None,
        choices=[("", _("celui de la variante"))] + [(t, str(t)) for t in ALL_TARGETS],
    )
    public = forms.BooleanField(
        label=_("Table publique (sinon, seul le lien d’invitation y mène)"), required=False, initial=True
    )
