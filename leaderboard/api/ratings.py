"""/api/leaderboards/<variant>/: a variant's rating leaderboard, and players' ratings."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response

from games.rules import VARIANTS
from leaderboard import boards
from leaderboard.models import Rating


class RatingSerializer(serializers.Serializer):
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    rating = serializers.IntegerField(help_text=_("le nombre montré (l’ordinal d’openskill)"))
    provisional = serializers.BooleanField(help_text=_("montré avec un ? jusqu’à assez de parties classées"))
    rank = serializers.IntegerField(
        allow_null=True, help_text=_("parmi les joueurs établis ; null tant que le classement est provisoire")
    )
    matches = serializers.IntegerField(help_text=_("les parties classées jouées dans la variante"))
    last_played = serializers.DateTimeField()


class BoardEntrySerializer(serializers.Serializer):
    rank = serializers.IntegerField(
        allow_null=True, help_text=_("null dans la liste des joueurs au classement provisoire")
    )
    username = serializers.CharField()
    url = serializers.CharField()
    rating = serializers.IntegerField()
    provisional = serializers.BooleanField()
    matches = serializers.IntegerField()
    last_played = serializers.DateTimeField()


def rank_of(rating: Rating) -> int | None:
    """The rank of an established player in their variant (1 for the best); None while
    provisional (the leaderboards' own ``boards.position``)."""
    if rating.provisional:
        return None
    here = boards.position(rating.variant, rating.player, rating)
    return here.rank if here else None


def ratings_of(player: Any) -> list[dict[str, Any]]:
    """A player's rating in each variant they have played rated matches in."""
    ratings = {r.variant: r for r in Rating.objects.filter(player_id=player.pk)}
    return [
        {
            "variant": key,
            "rating": rating.shown,
            "provisional": rating.provisional,
            "rank": rank_of(rating),
            "matches": rating.matches,
            "last_played": rating.last_played,
        }
        for key in VARIANTS
        if (rating := ratings.get(key)) is not None
    ]


class BoardPagination(PageNumberPagination):
    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200


@extend_schema_view(
    get=extend_schema(
        operation_id="leaderboards_list",
        description=_(
            "Le classement d’une variante : les joueurs établis, le meilleur "
            "d’abord, avec leur rang ; provisional=true donne à part les joueurs au "
            "classement provisoire."
        ),
        parameters=[
            OpenApiParameter("variant", str, OpenApiParameter.PATH, enum=list(VARIANTS)),
            OpenApiParameter(
                "provisional",
                bool,
                description=_(
                    "Les joueurs au classement provisoire (pas encore classés) au lieu des joueurs établis."
                ),
            ),
        ],
    )
)
class LeaderboardView(ListAPIView):
    """A variant's rating leaderboard: the established players, best first, with their rank;
    ``provisional=true`` lists the provisional players, apart."""

    serializer_class = BoardEntrySerializer
    pagination_class = BoardPagination
    filter_backends: list[Any] = []

    def provisional(self) -> bool:
        return self.request.query_params.get("provisional", "").lower() in ("true", "1")

    def get_queryset(self) -> QuerySet[Rating]:
        variant = self.kwargs["variant"]
        if variant not in VARIANTS:
            raise NotFound()
        return (
            boards.board(variant, self.provisional())
            .select_related("player")
            .only("ordinal", "provisional", "matches", "last_played", "player__username")
        )

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        assert page is not None and self.paginator is not None
        first = (self.paginator.page.number - 1) * self.paginator.page.paginator.per_page + 1  # type: ignore[attr-defined]
        rows = [
            {
                "rank": None if rating.provisional else first + i,
                "username": rating.player.get_username(),
                "url": reverse("api:player", args=[rating.player.get_username()]),
                "rating": rating.shown,
                "provisional": rating.provisional,
                "matches": rating.matches,
                "last_played": rating.last_played,
            }
            for i, rating in enumerate(page)
        ]
        return self.get_paginated_response(BoardEntrySerializer(rows, many=True).data)
