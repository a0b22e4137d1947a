"""The shapes of the players' endpoints, as the OpenAPI schema documents them."""

from __future__ import annotations

from rest_framework import serializers

from games.rules import VARIANTS
from leaderboard.api.daily import DailyResultSerializer
from leaderboard.api.ratings import RatingSerializer


class VariantStatsSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    played = serializers.IntegerField(help_text="finished matches")
    won = serializers.IntegerField()
    points = serializers.IntegerField(help_text="points scored by the player's side, finished matches")


class PlayerSerializer(serializers.Serializer):
    username = serializers.CharField()
    joined = serializers.DateTimeField()
    url = serializers.CharField()
    matches = serializers.CharField(help_text="the player's matches (same filters as /api/matches/)")
    export = serializers.CharField(help_text="every match of the player as NDJSON")
    statistics = VariantStatsSerializer(many=True)
    ratings = RatingSerializer(many=True, help_text="the player's rating in each variant")
    daily = DailyResultSerializer(many=True, help_text="daily challenge results, latest first")
