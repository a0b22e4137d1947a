"""The shapes the match endpoints serve, as the OpenAPI schema documents them.

The views build their answers from rows (``games.api.records``) and pass them
through these serializers; the schema (``/api/schema/``) is generated from them,
and the test suite checks every answer against it (schemathesis).
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field, extend_schema_serializer
from rest_framework import serializers

from games.api.records import STATUSES
from games.rules import VARIANTS

# The numbers of seats any variant is played by (docs/rules.md §3, §8).
MIN_SEATS = min(rules.min_seats for rules in VARIANTS.values())
MAX_SEATS = max(rules.max_seats for rules in VARIANTS.values())

SIDE = {"type": "integer", "minimum": 0}


@extend_schema_field(
    {
        "oneOf": [SIDE, {"type": "array", "items": SIDE}],
        "nullable": True,
        "description": _(
            "Le camp gagnant : un camp (une place, ou une équipe au Domino en équipe), une liste "
            "de camps au Domino familial quand les plus petits totaux sont partagés, ou null."
        ),
    }
)
class WinnerField(serializers.JSONField):
    pass


@extend_schema_field({"nullable": True, "description": _("La ligne de dominos (docs/protocol.md).")})
class AnyField(serializers.JSONField):
    pass


class ErrorSerializer(serializers.Serializer):
    detail = serializers.CharField()


class RatingChangeSerializer(serializers.Serializer):
    before = serializers.IntegerField(help_text=_("le classement du joueur dans la variante avant la partie"))
    change = serializers.IntegerField(help_text=_("de combien la partie l’a changé (+14, -9)"))
    provisional = serializers.BooleanField(help_text=_("si le classement d’avant était provisoire"))


class PlayerSeatSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    username = serializers.CharField(
        allow_null=True, help_text=_("null pour la place d’un robot de la maison")
    )
    robot = serializers.CharField(
        allow_null=True, help_text=_("le nom du robot de la maison ; null pour un joueur")
    )
    level = serializers.ChoiceField(
        choices=["beginner", "house", "expert"],
        allow_null=True,
        help_text=_(
            "le niveau du robot que l’hôte a assis (R58) ; "
            "null pour un joueur et pour les robots du défi du jour"
        ),
    )
    side = serializers.IntegerField(
        min_value=0, help_text=_("la place, ou l’équipe au Domino en équipe (R2)")
    )
    score = serializers.IntegerField(
        allow_null=True, help_text=_("les points finaux du camp ; null jusqu’à la fin")
    )
    won = serializers.BooleanField(
        allow_null=True,
        help_text=_(
            "null jusqu’à la fin de la partie, et pour une partie qui ne compte pour personne "
            "(annulée par la modération, ou une place suspendue ou bannie pendant la partie, R57)"
        ),
    )
    rating = RatingChangeSerializer(
        allow_null=True, help_text=_("null sauf si la partie est classée et déjà prise en compte")
    )


class MatchSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    seats = serializers.IntegerField(min_value=MIN_SEATS, max_value=MAX_SEATS)
    target = serializers.IntegerField(allow_null=True)
    public = serializers.BooleanField()
    rated = serializers.BooleanField(help_text=_("si la partie change le classement de ses joueurs"))
    daily = serializers.BooleanField(
        help_text=_("une tentative du défi du jour (contre les robots de la maison)")
    )
    robots = serializers.BooleanField(
        help_text=_("une partie contre des robots (R58) : jamais classée ; vrai aussi au défi du jour")
    )
    status = serializers.ChoiceField(choices=list(STATUSES))
    created = serializers.DateTimeField()
    started = serializers.DateTimeField(allow_null=True)
    finished = serializers.DateTimeField(allow_null=True)
    winner = WinnerField(
        allow_null=True,
        help_text=_("null jusqu’à la fin de la partie, et pour une partie qui ne compte pour personne"),
    )
    players = PlayerSeatSerializer(many=True)


class ActionSerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0)
    play = serializers.CharField(required=False)
    end = serializers.ChoiceField(choices=["left", "right", "up", "down"], required=False)
    open = serializers.IntegerField(required=False, min_value=0, max_value=12)  # 0-6; 0-12 in chinois (R70)
    draw = serializers.CharField(required=False)
    train = serializers.JSONField(
        required=False,
        help_text=_(
            "Train mexicain : le train de la pose, la place de son propriétaire ou « mexican » (R88)"
        ),
    )
    # "pass" is a Python keyword: the field is named in the schema by the serializer's fields.
    auto = serializers.BooleanField(required=False, help_text=_("joué par la table pour le joueur (R52)"))

    def get_fields(self) -> dict[str, serializers.Field]:
        fields = super().get_fields()
        fields["pass"] = serializers.BooleanField(required=False)
        return fields


class RecordRoundSerializer(serializers.Serializer):
    seed = serializers.CharField()
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    stock = serializers.ListField(child=serializers.CharField())
    actions = ActionSerializer(many=True)


@extend_schema_serializer(
    description=_("L’enregistrement de la partie (docs/rules.md §7, docs/record.md), des manches terminées.")
)
class RecordSerializer(serializers.Serializer):
    """The game record of docs/rules.md §7 (docs/record.md), of the rounds that are over."""

    variant = serializers.ChoiceField(choices=list(VARIANTS))
    seats = serializers.IntegerField()
    target = serializers.IntegerField(allow_null=True)
    rounds = RecordRoundSerializer(many=True)


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField(min_value=1)
    commitment = serializers.CharField(
        help_text=_("le SHA-256 de la graine, montré dès le début de la manche (R12)")
    )
    seed = serializers.CharField(allow_null=True, help_text=_("null jusqu’à la fin de la manche (R12)"))
    started = serializers.DateTimeField()
    finished = serializers.DateTimeField(allow_null=True)
    result = serializers.ChoiceField(choices=["domino", "blocked", "closed", "unfinished"], allow_null=True)
    winner = WinnerField(allow_null=True)
    points = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    pips_left = serializers.ListField(child=serializers.IntegerField(), allow_null=True)


@extend_schema_serializer(
    description=_(
        "La manche en cours, telle qu’un spectateur la voit (R6) : ni main, ni pioche, ni domino pioché."
    )
)
class CurrentRoundSerializer(serializers.Serializer):
    """The round in play, as a spectator sees it (R6): no hand, no stock, no drawn tile."""

    number = serializers.IntegerField()
    opener = serializers.IntegerField(allow_null=True)
    turn = serializers.IntegerField(allow_null=True)
    line = AnyField(allow_null=True)
    count = serializers.IntegerField(allow_null=True)
    hand_sizes = serializers.ListField(child=serializers.IntegerField())
    stock_size = serializers.IntegerField()
    drawn = serializers.IntegerField(
        help_text=_("combien de dominos la place qui doit jouer a piochés à ce tour")
    )
    draws = serializers.ListField(child=serializers.IntegerField())
    passes = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    points = serializers.ListField(child=serializers.IntegerField())


class MatchDetailSerializer(MatchSerializer):
    scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    rounds = RoundSerializer(many=True)
    current_round = CurrentRoundSerializer(allow_null=True)
    record = RecordSerializer()


@extend_schema_serializer(
    description=_(
        "Une ligne de l’export : l’enregistrement de la partie (sa variante, "
        "ses places, son objectif et ses manches, rejouable tel quel) avec le "
        "résumé de la partie à côté."
    )
)
class ExportLineSerializer(MatchSerializer):
    """One line of the export: the match's record (its variant, seats, target and rounds,
    replayable as it is) with the match's summary beside it."""

    rounds = RecordRoundSerializer(many=True)
