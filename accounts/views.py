from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Prefetch, Q, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts import tokens
from games.catalog import NAMES
from games.models import Game, Seat
from games.rules import VARIANTS
from leaderboard import boards, services as daily

RECENT_GAMES = 20


def variant_stats(player: AbstractBaseUser) -> list[dict[str, Any]]:
    """Matches played and won, and points scored, per variant: finished matches only."""
    rows = (
        Seat.objects.filter(player=player, game__status=Game.OVER, game__daily=False)
        .values("game__variant")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(won=True)), points=Sum("score"))
    )
    by_variant = {row["game__variant"]: row for row in rows}
    return [
        {
            "variant": key,
            "name": NAMES[key],
            "played": by_variant[key]["played"],
            "won": by_variant[key]["won"],
            "points": by_variant[key]["points"] or 0,
        }
        for key in VARIANTS
        if key in by_variant
    ]


def recent_games(player: AbstractBaseUser, viewer: AbstractBaseUser) -> list[dict[str, Any]]:
    """The latest games ``player`` sat at, as ``viewer`` may see them.

    Only the games ``viewer`` may see are listed (``Game.objects.visible_to``), like
    their pages: a private table to the players seated at it, a daily attempt to
    its player until its day is over.
    """
    games = Game.objects.visible_to(viewer).filter(seat_set__player=player).exclude(status=Game.CLOSED)
    games = games.order_by("-created", "-pk").prefetch_related(
        Prefetch("seat_set", queryset=Seat.objects.select_related("player"))
    )[:RECENT_GAMES]
    recent = []
    for game in games:
        seats = list(game.seat_set.all())
        mine = next(seat for seat in seats if seat.player_id == player.pk)
        recent.append(
            {
                "game": game,
                "name": NAMES.get(game.variant, game.variant),
                "others": [seat.name for seat in seats if seat is not mine],
                "seat": mine,
                "result": result(game, mine),
            }
        )
    return recent


def result(game: Game, seat: Seat) -> str:
    if game.daily:  # five rounds against the robots, ranked on the day's page (R62)
        return "daily_over" if game.status == Game.OVER else "daily"
    if game.status == Game.OVER:
        return "won" if seat.won else "lost"
    if game.status == Game.ABANDONED:
        return "abandoned"
    return "waiting" if game.status == Game.OPEN else "playing"


@login_required
def profile(request: HttpRequest, username: str) -> HttpResponse:
    """A player's page: matches played and won per variant, points, latest games."""
    player = get_object_or_404(get_user_model(), username=username)
    stats = variant_stats(player)
    totals = {key: sum(row[key] for row in stats) for key in ("played", "won", "points")}
    recent = recent_games(player, request.user)
    changes = boards.changes_by_game(player, [item["game"].pk for item in recent])
    for item in recent:
        item["rating_change"] = changes.get(item["game"].pk)
    return render(
        request,
        "accounts/profile.html",
        {
            "player": player,
            "stats": stats,
            "totals": totals,
            "recent": recent,
            "daily": daily.history(player, request.user),
            "ratings": boards.variants_played(player),
            "is_me": player.pk == request.user.pk,
            **(tokens.context(request.user) if player.pk == request.user.pk else {}),
        },
    )
