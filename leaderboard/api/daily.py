"""/api/daily/, /api/daily/<date>/ and each deal's traveller: the daily challenge (docs/rules.md §6).

While a day lasts, its seed, its deals and every attempt but the caller's own stay
out (R63): the ranking shows names and points, as the day's page does. Once the day
is over, the seed is published, and with it each deal (dealt again from it, R12)
and its traveller: every attempt's score on that deal, and a link to each attempt.
Whether an attempt's match is linked is games.access's to say (a moderator's links
include the attempts of the day; docs/protocol.md, "Who may see a game").
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.paginator import EmptyPage, Paginator
from django.db.models import Count
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_view
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import access
from games.api.records import match_url
from games.rules import DAILY_ROUNDS, VARIANTS, round_seed, written_deal
from leaderboard import services
from leaderboard.models import DailyAttempt, DailyChallenge, DealScore, paris_today

RANKING_PAGE = 50
TRAVELLER_PAGE = 100


class DaySerializer(serializers.Serializer):
    date = serializers.DateField()
    url = serializers.CharField()
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    seats = serializers.IntegerField()
    commitment = serializers.CharField(help_text=_("le SHA-256 de la graine du jour, montré dès le début"))
    over = serializers.BooleanField()
    seed = serializers.CharField(allow_null=True, help_text=_("publiée une fois le jour fini (R63)"))
    players = serializers.IntegerField(help_text=_("les tentatives faites"))


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    username = serializers.CharField()
    points = serializers.IntegerField()
    robot_points = serializers.IntegerField()
    finished = serializers.DateTimeField()
    complete = serializers.BooleanField(
        help_text=_("false : laissée inachevée, comptée telle qu’elle était (R63)")
    )
    match = serializers.CharField(
        allow_null=True, help_text=_("la tentative : celle de l’appelant, ou une fois le jour fini")
    )


class RankingSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = StandingSerializer(many=True)


class MineSerializer(serializers.Serializer):
    rank = serializers.IntegerField(allow_null=True)
    points = serializers.IntegerField()
    robot_points = serializers.IntegerField()
    rounds_played = serializers.IntegerField()
    finished = serializers.BooleanField()
    complete = serializers.BooleanField()
    match = serializers.CharField(allow_null=True)


class DealSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    seed = serializers.CharField()
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    stock = serializers.ListField(child=serializers.CharField())
    traveller = serializers.CharField()


class DayDetailSerializer(DaySerializer):
    starts = serializers.DateTimeField()
    ends = serializers.DateTimeField()
    ranked = serializers.IntegerField(help_text=_("les tentatives dont le résultat compte"))
    ranking = RankingSerializer()
    mine = MineSerializer(allow_null=True, help_text=_("la tentative de l’appelant, s’il en a une"))
    deals = DealSerializer(many=True, help_text=_("vide jusqu’à la fin du jour"))


class TravellerLineSerializer(serializers.Serializer):
    username = serializers.CharField()
    points = serializers.IntegerField()
    robot_points = serializers.IntegerField()
    match = serializers.CharField()


class DistributionSerializer(serializers.Serializer):
    points = serializers.IntegerField()
    count = serializers.IntegerField()


class TravellerSerializer(serializers.Serializer):
    date = serializers.DateField()
    number = serializers.IntegerField()
    seed = serializers.CharField()
    hands = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    stock = serializers.ListField(child=serializers.CharField())
    players = serializers.IntegerField()
    distribution = DistributionSerializer(many=True)
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = TravellerLineSerializer(many=True)


def day_url(day: date) -> str:
    return reverse("api:daily-day", args=[day.isoformat()])


def the_day(value: str) -> DailyChallenge:
    """The challenge of an ISO date: today's (drawn if need be) or a past one; else 404."""
    try:
        when = date.fromisoformat(value)
    except ValueError:
        raise NotFound() from None
    if when == paris_today():
        return services.today()
    challenge = DailyChallenge.objects.filter(date=when).first() if access.day_begun(when) else None
    if challenge is None:
        raise NotFound()
    services.close_day(challenge)  # R63: unfinished attempts count as they stood
    return challenge


def day_summary(challenge: DailyChallenge, players: int) -> dict[str, Any]:
    over = not access.day_secret(challenge)
    return {
        "date": challenge.date,
        "url": day_url(challenge.date),
        "variant": challenge.variant,
        "seats": challenge.seats,
        "commitment": challenge.commitment,
        "over": over,
        "seed": challenge.seed if over else None,
        "players": players,
    }


def page_links(request: Request, page: Any) -> tuple[str | None, str | None]:
    def link(number: int) -> str:
        query = request.query_params.copy()
        query["page"] = str(number)
        return f"{request.path}?{query.urlencode()}"

    return (
        link(page.next_page_number()) if page.has_next() else None,
        link(page.previous_page_number()) if page.has_previous() else None,
    )


def page_of(request: Request, rows: Any, per_page: int, count: int) -> Any:
    """The page asked for (``?page=``, the first by default; an empty list has one, empty);
    404 for a page out of range."""
    paginator = Paginator(rows, per_page)
    paginator.count = count  # type: ignore[misc]  # counted already
    try:
        return paginator.page(int(request.query_params.get("page", "1")))
    except (ValueError, EmptyPage):
        raise NotFound() from None


def attempt_link(attempt: DailyAttempt, viewer: Any) -> str | None:
    """The attempt's match, to the caller who may see it (games.access: its player, or anyone
    once the day is over); read with its game (``select_related("game")``)."""
    if attempt.game is None:
        return None
    seated = access.viewer_id(viewer) == attempt.player_id
    return match_url(attempt.game.pk) if access.can_see(attempt.game, viewer, seated=seated) else None


class DayPagination(PageNumberPagination):
    page_size = 30
    max_page_size = 100
    page_size_query_param = "page_size"


@extend_schema_view(
    get=extend_schema(
        operation_id="daily_list",
        description=_(
            "Le défi de chaque jour, celui d’aujourd’hui d’abord : sa variante, ses "
            "places et son engagement, et sa graine une fois le jour fini."
        ),
    )
)
class DailyListView(ListAPIView):
    """Each day's challenge, today's first: its variant, seats and commitment, and its seed
    once the day is over."""

    serializer_class = DaySerializer
    pagination_class = DayPagination
    filter_backends: list[Any] = []

    def get_queryset(self) -> Any:
        services.today()  # today's challenge exists from the first look at it
        return access.days_begun().annotate(players=Count("attempts")).order_by("-date")

    def list(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        assert page is not None
        rows = [day_summary(challenge, challenge.players) for challenge in page]  # type: ignore[attr-defined]
        return self.get_paginated_response(DaySerializer(rows, many=True).data)


DATE_PARAMETER = OpenApiParameter(
    "date", str, OpenApiParameter.PATH, description=_("Le jour, comme 2026-11-30.")
)


@extend_schema_view(
    get=extend_schema(
        operation_id="daily_retrieve",
        description=_(
            "Le défi d’un jour : son classement (R62) par pages, la tentative de "
            "l’appelant, et, le jour fini, sa graine et ses cinq donnes, chacune "
            "avec sa feuille."
        ),
        parameters=[
            DATE_PARAMETER,
            OpenApiParameter("page", int, description=_("La page du classement (50 par page).")),
        ],
    )
)
class DailyDayView(APIView):
    """One day's challenge: its ranking (R62) by pages, the caller's own attempt, and once
    the day is over its seed and its five deals, each with its traveller."""

    serializer_class = DayDetailSerializer

    def get(self, request: Request, date: str) -> Response:
        challenge = the_day(date)
        over = not access.day_secret(challenge)
        ranked = services.ranked(challenge)
        count = ranked.count()
        rows = ranked.select_related("player", "game").order_by(*services.ORDER)
        page = page_of(request, rows, RANKING_PAGE, count)
        first = (page.number - 1) * RANKING_PAGE + 1
        next_url, previous_url = page_links(request, page)
        viewer = request.user
        mine = None
        if viewer.is_authenticated:
            own = (
                DailyAttempt.objects.filter(challenge=challenge, player_id=viewer.pk)
                .select_related("game")
                .first()
            )
            if own is not None:
                mine = {
                    "rank": services.rank_of(own),
                    "points": own.points,
                    "robot_points": own.robot_points,
                    "rounds_played": own.rounds_played,
                    "finished": own.finished is not None,
                    "complete": own.complete,
                    "match": attempt_link(own, viewer),
                }
        deals = []
        if over:  # R63: the deals, dealt again from the published seed (R12)
            for number in range(1, DAILY_ROUNDS + 1):
                seed = round_seed(challenge.seed, number)
                hands, stock = written_deal(challenge.variant, challenge.seats, seed)
                deals.append(
                    {
                        "number": number,
                        "seed": seed,
                        "hands": hands,
                        "stock": stock,
                        "traveller": reverse("api:daily-deal", args=[challenge.date.isoformat(), number]),
                    }
                )
        data = {
            **day_summary(challenge, DailyAttempt.objects.filter(challenge=challenge).count()),
            "starts": challenge.starts,
            "ends": challenge.ends,
            "ranked": count,
            "ranking": {
                "count": count,
                "page": page.number,
                "next": next_url,
                "previous": previous_url,
                "results": [
                    {
                        "rank": first + i,
                        "username": attempt.player.get_username(),
                        "points": attempt.points,
                        "robot_points": attempt.robot_points,
                        "finished": attempt.finished,
                        "complete": attempt.complete,
                        "match": attempt_link(attempt, viewer),
                    }
                    for i, attempt in enumerate(page.object_list)
                ],
            },
            "mine": mine,
            "deals": deals,
        }
        return Response(DayDetailSerializer(data).data)


@extend_schema_view(
    get=extend_schema(
        operation_id="daily_deal_retrieve",
        description=_(
            "La feuille d’une donne, une fois le jour fini : la donne, et le score "
            "de chaque tentative sur elle, le meilleur d’abord, avec la répartition "
            "des scores (404 tant que le jour dure, R63)."
        ),
        parameters=[
            DATE_PARAMETER,
            OpenApiParameter("number", int, OpenApiParameter.PATH, description=_("La donne, de 1 à 5.")),
            OpenApiParameter("page", int, description=_("La page de la feuille (100 par page).")),
        ],
    )
)
class DailyDealView(APIView):
    """A deal's traveller, once the day is over: the deal, and every attempt's score on it,
    best first, with the distribution of the scores (404 while the day lasts, R63)."""

    serializer_class = TravellerSerializer

    def get(self, request: Request, date: str, number: int) -> Response:
        challenge = the_day(date)
        if access.day_secret(challenge) or not 1 <= number <= DAILY_ROUNDS:
            raise NotFound()
        scores = DealScore.objects.filter(challenge=challenge, number=number)
        count = scores.count()
        rows = scores.select_related("attempt__player", "attempt__game").order_by(
            "-points", "robot_points", "attempt_id"
        )
        page = page_of(request, rows, TRAVELLER_PAGE, count)
        next_url, previous_url = page_links(request, page)
        seed = round_seed(challenge.seed, number)
        hands, stock = written_deal(challenge.variant, challenge.seats, seed)
        distribution = scores.values("points").annotate(count=Count("id")).order_by("-points")
        data = {
            "date": challenge.date,
            "number": number,
            "seed": seed,
            "hands": hands,
            "stock": stock,
            "players": count,
            "distribution": [{"points": d["points"], "count": d["count"]} for d in distribution],
            "count": count,
            "page": page.number,
            "next": next_url,
            "previous": previous_url,
            "results": [
                {
                    "username": line.attempt.player.get_username(),
                    "points": line.points,
                    "robot_points": line.robot_points,
                    "match": attempt_link(line.attempt, request.user) or "",
                }
                for line in page.object_list
            ],
        }
        return Response(TravellerSerializer(data).data)


def results_of(player: Any, viewer: Any) -> list[dict[str, Any]]:
    """A player's daily results, latest first, with their rank (``services.history``: an
    attempt still in play is listed to its player alone)."""
    out = []
    for row in services.history(player, viewer):
        attempt, challenge = row["attempt"], row["challenge"]
        out.append(
            {
                "date": challenge.date,
                "url": day_url(challenge.date),
                "variant": challenge.variant,
                "seats": challenge.seats,
                "points": attempt.points,
                "robot_points": attempt.robot_points,
                "rank": row["rank"],
                "complete": attempt.complete,
                "finished": attempt.finished,
                "match": attempt_link(attempt, viewer),
            }
        )
    return out


class DailyResultSerializer(serializers.Serializer):
    date = serializers.DateField()
    url = serializers.CharField()
    variant = serializers.ChoiceField(choices=list(VARIANTS))
    seats = serializers.IntegerField()
    points = serializers.IntegerField()
    robot_points = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True)
    complete = serializers.BooleanField()
    finished = serializers.DateTimeField(allow_null=True)
    match = serializers.CharField(allow_null=True)
