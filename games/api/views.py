"""The match endpoints: /api/matches/ and /api/matches/<id>/ (read-only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from csp.decorators import csp_update
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from drf_spectacular.views import SpectacularSwaggerSplitView
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.pagination import CursorPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import access
from games.api.filters import MatchFilter
from games.api.records import (
    CHANGE_COLUMNS,
    GAME_COLUMNS,
    MOVE_COLUMNS,
    ROUND_COLUMNS,
    SEAT_COLUMNS,
    detail,
    summary,
)
from games.api.serializers import MatchDetailSerializer, MatchSerializer
from games.models import Game, Move, Round, Seat
from leaderboard.models import RatingChange

# The largest id a database stores (a signed 64-bit key): anything larger is no match.
MAX_ID = 2**63 - 1


def matches_for(user: Any) -> QuerySet[Game]:
    """The matches ``user`` may see (games.access, the one visibility policy): begun, in play
    or ended, not the tables still waiting for players or closed before the start."""
    return access.visible_games(user).filter(
        started__isnull=False, status__in=[*Game.LIVE, Game.OVER, Game.ABANDONED]
    )


class MatchPagination(CursorPagination):
    """Newest first, on the id: indexed (the primary key) and never changed, so that a
    cursor stays valid however many matches begin while a client pages through."""

    ordering = "-id"
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100

    def decode_cursor(self, request: Request) -> Any:
        cursor = super().decode_cursor(request)
        if cursor is not None and cursor.position is not None:
            try:
                if not 0 <= int(cursor.position) <= MAX_ID:
                    raise ValueError
            except ValueError:
                raise NotFound(self.invalid_cursor_message) from None
        return cursor


class MatchFilterBackend(DjangoFilterBackend):
    """django-filter's backend, telling the filters whose own list this is (if any)."""

    def get_filterset_kwargs(self, request: Any, queryset: Any, view: Any) -> dict[str, Any]:
        kwargs = super().get_filterset_kwargs(request, queryset, view)
        kwargs["player"] = getattr(view, "path_player", None)
        return kwargs


def grouped(rows: Iterable[tuple[Any, ...]]) -> dict[int, list[tuple[Any, ...]]]:
    """Rows by their first column (a game's id)."""
    out: dict[int, list[tuple[Any, ...]]] = {}
    for row in rows:
        out.setdefault(row[0], []).append(row)
    return out


def seats_of(ids: list[int]) -> dict[int, list[tuple[Any, ...]]]:
    return grouped(Seat.objects.filter(game_id__in=ids).values_list(*SEAT_COLUMNS))


def changes_of(ids: list[int]) -> dict[int, list[tuple[Any, ...]]]:
    """The rating changes the matches made, by match (none for a match not rated, or not yet)."""
    return grouped(RatingChange.objects.filter(game_id__in=ids).values_list(*CHANGE_COLUMNS))


def summaries(games: list[Game]) -> list[dict[str, Any]]:
    """The summaries of a page of matches: one query for all their seats and players, one for
    their rating changes."""
    ids = [game.pk for game in games]
    seats, changes = seats_of(ids), changes_of(ids)
    return [
        summary([getattr(game, c) for c in GAME_COLUMNS], seats.get(game.pk, []), changes.get(game.pk, []))
        for game in games
    ]


@extend_schema_view(
    get=extend_schema(
        operation_id="matches_list",
        description=_("Les parties que l’appelant peut voir, les plus récentes d’abord, filtrées."),
    )
)
class MatchListView(ListAPIView):
    """Matches the caller may see, newest first, filtered."""

    serializer_class = MatchSerializer
    filterset_class = MatchFilter
    filter_backends = [MatchFilterBackend]
    pagination_class = MatchPagination
    path_player: Any = None  # the player whose own list this is, if any

    def get_queryset(self) -> QuerySet[Game]:
        return matches_for(self.request.user).only(*GAME_COLUMNS)

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.filter_queryset(self.get_queryset()))
        assert page is not None
        return self.get_paginated_response(self.get_serializer(summaries(page), many=True).data)


@extend_schema_view(
    get=extend_schema(
        operation_id="matches_retrieve",
        description=_(
            "Une partie : ses joueurs par place, ses manches et leurs résultats, "
            "son enregistrement, et la manche en cours telle qu’un spectateur la "
            "voit. La partie d’une table privée est 404 pour qui n’y est pas assis."
        ),
        parameters=[
            OpenApiParameter("id", int, OpenApiParameter.PATH, description=_("L’identifiant de la partie."))
        ],
    )
)
class MatchDetailView(APIView):
    """One match: its players by seat, its rounds and results, its record, and the round in
    play as a spectator sees it. A private table's match is 404 to anyone not seated at it."""

    serializer_class = MatchDetailSerializer

    def get(self, request: Request, pk: int) -> Response:
        game = matches_for(request.user).filter(pk=pk).first() if pk <= MAX_ID else None
        if game is None:
            raise NotFound()
        seats = Seat.objects.filter(game=game).values_list(*SEAT_COLUMNS)
        rounds = list(Round.objects.filter(game=game).values_list(*ROUND_COLUMNS))
        over = [row[1] for row in rounds if row[8] is not None]
        moves = Move.objects.filter(round_id__in=over).order_by("seq").values_list(*MOVE_COLUMNS)
        changes = RatingChange.objects.filter(game=game).values_list(*CHANGE_COLUMNS)
        return Response(MatchDetailSerializer(detail(game, seats, rounds, moves, changes)).data)


def not_found(request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
    """Any other path under /api/: a 404 in JSON, like the API's own."""
    return NotFoundView.as_view()(request)


@extend_schema(exclude=True)
class NotFoundView(APIView):
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        raise NotFound()

    post = put = patch = delete = get


@method_decorator(csp_update({"img-src": ["data:"]}), name="dispatch")
class DocsView(SpectacularSwaggerSplitView):
    """/api/docs/: Swagger UI from the site's own static files (drf-spectacular-sidecar), its
    start script a file of its own (no inline script). Its stylesheet draws its icons as
    data: images, which the page's Content-Security-Policy allows."""

    template_name = "api/docs.html"
