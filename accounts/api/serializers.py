"""The shapes of the players' endpoints, as the OpenAPI schema documents them."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games.rules import VARIANTS
from leaderboard.api.daily import DailyResultSerializer
from leaderboard.api.ratings import RatingSerializer


class VariantStatsSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    played = serializers.IntegerField(help_text=_("les parties terminées"))
    won = serializers.IntegerField()
    points = serializers.IntegerField(
        help_text=_("les points marqués par le camp du joueur, parties terminées")
    )


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    url = serializers.CharField()
    matches = serializers.CharField(help_text=_("les parties du joueur (mêmes filtres que /api/matches/)"))
    export = serializers.CharField(help_text=_("toutes les parties du joueur en NDJSON"))
    statistics = VariantStatsSerializer(many=True)
    ratings = RatingSerializer(many=True, help_text=_("le classement du joueur dans chaque variante"))
    daily = DailyResultSerializer(many=True, help_text=_("les résultats du défi du jour, le dernier d’abord"))
