from django import forms
from django.utils.translation import gettext_lazy as _

from games.catalog import NAMES
from games.models import LEVEL_NAMES
from games.rules import VARIANTS
from games.rules.robots import LEVELS

ALL_SEATS = range(
    min(rules.min_seats for rules in VARIANTS.values()),
    max(rules.max_seats for rules in VARIANTS.values()) + 1,
)
ALL_TARGETS = sorted({t for rules in VARIANTS.values() for t in rules.targets})


class OpenTableForm(forms.Form):
    """Opening a table (R51). Seats and target are checked against the variant by the service.

    The choices are every variant's together; the lobby's script narrows them to the
    chosen variant's (``variant_choices``).
    """

    variant = forms.ChoiceField(label=_("Variante"), choices=[(key, NAMES[key]) for key in VARIANTS])
    seats = forms.TypedChoiceField(
        label=_("Places"), coerce=int, choices=[(n, str(n)) for n in ALL_SEATS], initial=2
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
    # Left out: rated if the table is public, friendly if it is private.
    rated = forms.TypedChoiceField(
        label=_("Partie"),
        choices=[
            ("classee", _("classée : elle compte pour le classement")),
            ("amicale", _("amicale : elle ne compte pas")),
        ],
        coerce=lambda value: value == "classee",
        empty_value=None,
        required=False,
        initial="classee",
        widget=forms.RadioSelect,
    )
    # The form's second button, "Jouer contre les robots": a robot of this level in every
    # seat but the player's, the match at once, never rated (R58).
    level = forms.ChoiceField(
        label=_("Niveau des robots"),
        choices=[(level, LEVEL_NAMES[level]) for level in LEVELS],
        initial="house",
        required=False,
    )


def variant_choices() -> dict[str, dict[str, object]]:
    """What each variant allows, for the lobby's script: seats, targets, default target."""
    return {
        key: {
            "min_seats": rules.min_seats,
            "max_seats": rules.max_seats,
            "targets": list(rules.targets),
            "default_target": rules.default_target,
        }
        for key, rules in VARIANTS.items()
    }
