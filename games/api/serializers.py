"""The shapes the match endpoints serve, as the OpenAPI schema documents them.

The views build their answers from rows (``games.api.records``) and pass them
through these serializers; the schema (``/api/schema/``) is generated from them,
and the test suite checks every answer against it (schemathesis).
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from games.api.records import STATUSES
from games.rules import VARIANTS

SIDE = {"type": "integer", "minimum": 0}


@extend_schema_field(
    {
        "oneOf": [SIDE, {"type": "array", "items": SIDE}],
        "nullable": True,
        "description": "The winning side: a side (a seat, or a team in partners), a list of sides "
        "in family when the lowest totals are shared, or null.",
    }
)
class WinnerField(serializers.JSONField):
    pass


@extend_schema_field({"nullable": True, "description": "The line of tiles (docs/protocol.md)."})
class AnyField(serializers.JSONField):
    pass


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class RatingChangeSerializer(serializers.Serializer):
    before = serializers.IntegerField(help_text="the player's rating in the variant before the match")
    change = serializers.IntegerField(help_text="what the match changed it by (+14, -9)")
    provisional = serializers.BooleanField(help_text="whether the rating before was provisional")


class PlayerSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    username = serializers.CharField(allow_null=True, help_text="null for a house robot's seat")
    robot = serializers.CharField(allow_null=True, help_text="the house robot's name; null for a player")
    side = serializers.IntegerField(min_value=0, help_text="the seat, or the team in partners (R2)")
    score = serializers.IntegerField(allow_null=True, help_text="the side's final points; null until the end")
    won = serializers.BooleanField(allow_null=True, help_text="null until the end of the match")
    rating = RatingChangeSerializer(
        allow_null=True, help_text="null unless the match is rated and rated already"
    )


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    seats = serializers.IntegerField(min_value=2, max_value=4)
    target = serializers.IntegerField(allow_null=True)
    public = serializers.BooleanField()
    rated = serializers.BooleanField(help_text="whether the match moves its players' ratings")
    daily = serializers.BooleanField(help_text="a daily challenge attempt (against the house robots)")
    status = serializers.ChoiceField(choices=list(STATUSES))
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)
    winner = WinnerField(allow_null=True)
    players = PlayerSeatSerializer(many=True)


class ActionSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    play = serializers.CharField(required=False)
    end = serializers.ChoiceField(choices=["left", "right", "up", "down"], required=False)
    open = serializers.IntegerField(required=False, min_value=0, max_value=6)
    draw = serializers.CharField(required=False)
    # "pass" is a Python keyword: the field is named in the schema by the serializer's fields.
    auto = serializers.BooleanField(required=False, help_text="played by the table for the player (R52)")

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["pass"] = serializers.BooleanField(required=False)
        return fields


class RecordRoundSerializer(serializers.Serializer):
    seed = serializers.CharField()
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    stock = serializers.ListField(child=serializers.CharField())
    actions = ActionSerializer(many=True)


class RecordSerializer(serializers.Serializer):
    """The game record of docs/rules.md §7 (docs/record.md), of the rounds that are over."""

    variant = serializers.ChoiceField(choices=list(VARIANTS))
    seats = serializers.IntegerField()
    target = serializers.IntegerField(allow_null=True)
    rounds = RecordRoundSerializer(many=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    commitment = serializers.CharField(help_text="SHA-256 of the seed, shown from the round's start (R12)")
    seed = serializers.CharField(allow_null=True, help_text="null until the round is over (R12)")
    started = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
    result = serializers.ChoiceField(choices=["domino", "blocked", "closed", "unfinished"], allow_null=True)
    winner = WinnerField(allow_null=True)
    points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    pips_left = serializers.ListField(child=serializers.IntegerField(), allow_null=True)


class CurrentRoundSerializer(serializers.Serializer):
    """The round in play, as a spectator sees it (R6): no hand, no stock, no drawn tile."""

    number = serializers.IntegerField()
    opener = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField(allow_null=True)
    line = AnyField(allow_null=True)
    count = serializers.IntegerField(allow_null=True)
    hand_sizes = serializers.ListField(child=serializers.IntegerField())
    stock_size = serializers.IntegerField()
    drawn = serializers.IntegerField(help_text="how many tiles the seat to act has drawn this turn")
    draws = serializers.ListField(child=serializers.IntegerField())
    passes = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    points = serializers.ListField(child=serializers.IntegerField())


class MatchDetailSerializer(MatchSerializer):
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    rounds = RoundSerializer(many=True)
    current_round = CurrentRoundSerializer(allow_null=True)
    record = RecordSerializer()


class ExportLineSerializer(MatchSerializer):
    """One line of the export: the match's record (its variant, seats, target and rounds,
    replayable as it is) with the match's summary beside it."""

    rounds = RecordRoundSerializer(many=True)
