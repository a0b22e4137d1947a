from typing import Any

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
# The seats a robot may take at opening: every one but the host's (R50, R58).
ROBOT_SEATS = range(1, ALL_SEATS.stop - 1)


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # R58: who takes each seat but the host's, a player (as they come) or a robot of a
        # level; the lobby's script shows the chosen number of seats' only.
        for index in ROBOT_SEATS:
            self.fields[f"robot_{index}"] = forms.ChoiceField(
                label=_("Place %(n)s") % {"n": index + 1},
                choices=[("", _("un joueur"))]
                + [(level, _("robot %(level)s") % {"level": LEVEL_NAMES[level]}) for level in LEVELS],
                required=False,
            )

    def robots(self) -> dict[int, str]:
        """The seats the host gave to robots, each with its level (within the seats chosen)."""
        seats = self.cleaned_data["seats"]
        chosen = {index: self.cleaned_data.get(f"robot_{index}") or "" for index in ROBOT_SEATS}
        return {index: level for index, level in chosen.items() if level and index < seats}

    def robot_fields(self) -> list[forms.BoundField]:
        return [self[f"robot_{index}"] for index in ROBOT_SEATS]


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
