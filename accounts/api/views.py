"""/api/players/<username>/, its matches and its export."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, extend_schema_view
from rest_framework.exceptions import NotFound
from rest_framework.generics import GenericAPIView
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api.serializers import PlayerSerializer
from accounts.validators import USERNAME
from accounts.views import variant_stats
from games.api import export
from games.api.filters import MatchFilter
from games.api.serializers import ExportLineSerializer
from games.api.throttles import AddressThrottle, ExportThrottle, UserThrottle
from games.api.views import MatchFilterBackend, MatchListView, matches_for
from leaderboard.api.daily import results_of
from leaderboard.api.ratings import ratings_of

USERNAME_PARAMETER = OpenApiParameter(
    "username", str, OpenApiParameter.PATH, description=_("Le nom du joueur.")
)


def player_named(username: str) -> AbstractBaseUser:
    player = None
    if USERNAME.match(username):
        player = get_user_model().objects.filter(username=username, is_active=True).first()
    if player is None:
        raise NotFound()
    return player


@extend_schema_view(
    get=extend_schema(
        operation_id="players_retrieve",
        description=_(
            "Le profil d’un joueur : depuis quand il est inscrit, et ses parties terminées par variante."
        ),
        parameters=[USERNAME_PARAMETER],
    )
)
class PlayerView(APIView):
    """A player's profile: when they joined, and their finished matches per variant."""

    serializer_class = PlayerSerializer

    def get(self, request: Request, username: str) -> Response:
        player = player_named(username)
        name = player.get_username()
        data = {
            "username": name,
            "joined": player.date_joined,  # type: ignore[attr-defined]
            "url": reverse("api:player", args=[name]),
            "matches": reverse("api:player-matches", args=[name]),
            "export": reverse("api:player-export", args=[name]),
            "statistics": [
                {k: row[k] for k in ("variant", "played", "won", "points")} for row in variant_stats(player)
            ],
            "ratings": ratings_of(player),
            "daily": results_of(player, request.user),
        }
        return Response(PlayerSerializer(data).data)


@extend_schema_view(
    get=extend_schema(
        operation_id="players_matches_list",
        description=_(
            "Les parties d’un joueur que l’appelant peut voir, les plus récentes "
            "d’abord, avec les filtres de /api/matches/ (result est celui du "
            "joueur)."
        ),
        parameters=[USERNAME_PARAMETER],
    )
)
class PlayerMatchesView(MatchListView):
    """A player's matches that the caller may see, newest first, with the filters of /api/matches/
    (``result`` is the player's)."""

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        self.path_player = player_named(kwargs["username"])
        return super().list(request, *args, **kwargs)


class JSONErrors(BaseContentNegotiation):
    """The export's answer is NDJSON whatever the caller accepts; its errors are JSON."""

    def select_parser(self, request: Any, parsers: Any) -> Any:
        return parsers[0]

    def select_renderer(self, request: Any, renderers: Any, format_suffix: Any = None) -> Any:
        return renderers[0], renderers[0].media_type


@extend_schema_view(
    get=extend_schema(
        operation_id="players_export",
        description=_(
            "Toutes les parties d’un joueur que l’appelant peut voir, en NDJSON, "
            "avec les filtres de /api/matches/. Elle a sa propre limite de "
            "requêtes, plus basse."
        ),
        parameters=[USERNAME_PARAMETER],
        filters=True,
        responses={
            (200, export.CONTENT_TYPE): OpenApiResponse(
                ExportLineSerializer(many=True),
                _(
                    "Une partie par ligne (NDJSON), la plus récente d’abord : son "
                    "enregistrement (docs/record.md) avec son résumé. En flux : les "
                    "premières lignes viennent tout de suite."
                ),
            )
        },
    )
)
class PlayerExportView(GenericAPIView):
    """Every match of a player that the caller may see, as NDJSON, with the filters of
    /api/matches/. It has a lower rate limit of its own."""

    filterset_class = MatchFilter
    filter_backends = [MatchFilterBackend]
    throttle_classes = [ExportThrottle, UserThrottle, AddressThrottle]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JSONErrors
    pagination_class = None
    path_player: Any = None

    def get_queryset(self) -> Any:
        return matches_for(self.request.user)

    def get(self, request: Request, username: str) -> Any:
        self.path_player = player_named(username)
        games = self.filter_queryset(self.get_queryset())
        return export.response(request._request, games, f"{self.path_player.get_username()}.ndjson")
