"""The filters of the match lists and of the export (django-filter)."""

from __future__ import annotations

import re
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import django_filters
from django import forms
from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.utils.dateparse import parse_date, parse_datetime
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field

from games.api.records import STATUSES
from games.api.serializers import MAX_SEATS, MIN_SEATS
from games.models import Game
from games.rules import VARIANTS

# Dates and times without an offset are the site's: Paris time.
PARIS = ZoneInfo("Europe/Paris")
DATE = re.compile(r"^\d{4}-\d{2}-\d{2}\Z")
# The widest offset of a time zone in use (Kiribati's +14:00).
MAX_OFFSET = timedelta(hours=14)


class MomentField(forms.CharField):
    """An ISO 8601 date (``2026-11-30``) or date and time (``2026-11-30T18:00``, with an
    offset or in Paris time). A date is returned as it is; the filter decides which moment
    of the day it stands for."""

    def to_python(self, value: Any) -> datetime | Any:
        value = super().to_python(value)
        if not value:
            return None
        value = value.upper()  # RFC 3339 allows "t" and "z"
        try:
            # A date alone (Python reads "2026-11-30" as a datetime at midnight too).
            day = parse_date(value) if DATE.match(value) else None
            moment = None if day else parse_datetime(value)
        except ValueError:
            moment = day = None
        if moment is None and day is None:
            raise forms.ValidationError(_("Date ou date et heure ISO 8601 attendue, par exemple 2026-11-30."))
        if moment is None:
            return day
        if moment.tzinfo is None:
            return moment.replace(tzinfo=PARIS)
        offset = moment.utcoffset()
        if offset is None or abs(offset) > MAX_OFFSET:  # PostgreSQL refuses them: not a 500
            raise forms.ValidationError(_("Décalage horaire hors limites : de -14:00 à +14:00."))
        return moment


@extend_schema_field(
    {"anyOf": [{"type": "string", "format": "date"}, {"type": "string", "format": "date-time"}]}
)
class MomentFilter(django_filters.Filter):
    field_class = MomentField


@extend_schema_field({"type": "integer", "minimum": 2, "maximum": 4})
class SeatsFilter(django_filters.NumberFilter):
    field_class = forms.IntegerField


class NamesField(forms.Field):
    """One or more usernames, the parameter repeated (``?player=a&player=b``)."""

    widget = forms.MultipleHiddenInput

    def to_python(self, value: Any) -> list[str]:
        if not value:
            return []
        names = [value] if isinstance(value, str) else list(value)
        for name in names:
            if len(name) > 150:
                raise forms.ValidationError(_("Nom de joueur trop long."))
        return names


@extend_schema_field({"type": "array", "items": {"type": "string", "maxLength": 150}})
class NamesFilter(django_filters.Filter):
    field_class = NamesField


def start_of(day: Any) -> datetime:
    return datetime.combine(day, time(), tzinfo=PARIS)


class MatchFilter(django_filters.FilterSet):
    player = NamesFilter(
        method="filter_nothing",
        help_text=_("Nom d’un joueur ; répétez-le (player=a&player=b) pour les parties de tous ensemble."),
    )
    variant = django_filters.ChoiceFilter(choices=[(key, key) for key in VARIANTS])
    seats = SeatsFilter(min_value=MIN_SEATS, max_value=MAX_SEATS)
    since = MomentFilter(
        method="filter_since",
        help_text=_(
            "Les parties commencées à partir de cette date, ou date et heure, ISO "
            "8601 (heure de Paris sans décalage ; une date : depuis le début de ce "
            "jour)."
        ),
    )
    until = MomentFilter(
        method="filter_until",
        help_text=_(
            "Les parties commencées jusqu’à cette date, ou date et heure, ISO 8601 "
            "(heure de Paris sans décalage ; une date : jusqu’à la fin de ce jour)."
        ),
    )
    result = django_filters.ChoiceFilter(
        choices=[("won", "won"), ("lost", "lost")],
        method="filter_nothing",
        help_text=_(
            "Les parties que le (premier) joueur a gagnées, ou perdues ; il faut "
            "player (ou la liste propre d’un joueur)."
        ),
    )
    status = django_filters.ChoiceFilter(choices=[(key, key) for key in STATUSES], method="filter_status")
    rated = django_filters.BooleanFilter(help_text=_("Les parties classées (true) ou amicales (false)."))
    daily = django_filters.BooleanFilter(
        help_text=_("Les tentatives du défi du jour (true) ou les tables (false).")
    )

    class Meta:
        model = Game
        fields = ["player", "variant", "seats", "since", "until", "result", "status", "rated", "daily"]

    def __init__(self, *args: Any, player: Any = None, **kwargs: Any) -> None:
        # ``player``: the player whose own list this is (/api/players/<name>/matches/).
        super().__init__(*args, **kwargs)
        self.path_player = player

    def filter_nothing(self, queryset: QuerySet[Game], name: str, value: Any) -> QuerySet[Game]:
        return queryset  # player and result are applied together, in filter_queryset

    def filter_since(self, queryset: QuerySet[Game], name: str, value: Any) -> QuerySet[Game]:
        moment = value if isinstance(value, datetime) else start_of(value)
        return queryset.filter(started__gte=moment)

    def filter_until(self, queryset: QuerySet[Game], name: str, value: Any) -> QuerySet[Game]:
        if isinstance(value, datetime):
            return queryset.filter(started__lte=value)
        return queryset.filter(started__lt=start_of(value + timedelta(days=1)))

    def filter_status(self, queryset: QuerySet[Game], name: str, value: Any) -> QuerySet[Game]:
        return queryset.filter(status__in=STATUSES[value])

    def names(self) -> list[str]:
        """The players asked for, the list's own player first; each once."""
        names = list(self.form.cleaned_data.get("player") or [])
        if self.path_player is not None:
            names.insert(0, self.path_player.get_username())
        return list(dict.fromkeys(names))

    def is_valid(self) -> bool:
        if not super().is_valid():
            return False
        if self.form.cleaned_data.get("result") and not self.names():
            self.form.add_error("result", _("Le filtre result demande un joueur (player)."))
            return False
        return True

    def filter_queryset(self, queryset: QuerySet[Game]) -> QuerySet[Game]:
        queryset = super().filter_queryset(queryset)
        names = self.names()
        result = self.form.cleaned_data.get("result")
        if not names:
            return queryset
        found = {} if self.path_player is None else {self.path_player.get_username(): self.path_player.pk}
        if set(names) - set(found):
            found.update(get_user_model().objects.filter(username__in=names).values_list("username", "pk"))
        if len(found) < len(names):
            return queryset.none()
        for index, name in enumerate(names):
            # One join of seats per player: the matches where all of them sat.
            if index == 0 and result:  # a voided match is neither won nor lost (records.counts)
                queryset = queryset.filter(
                    seat_set__player_id=found[name], seat_set__won=result == "won", voided__isnull=True
                )
            else:
                queryset = queryset.filter(seat_set__player_id=found[name])
        return queryset
