from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Prefetch, Q, Sum
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts import reports, tokens
from accounts.forms import ReportForm
from accounts.validators import USERNAME
from games import access
from games.catalog import NAMES
from games.models import Game, Seat
from games.rules import VARIANTS
from leaderboard import boards, services as daily

RECENT_GAMES = 20


def variant_stats(player: AbstractBaseUser) -> list[dict[str, Any]]:
    """Matches played and won, and points scored, per variant: finished matches only, and
    none that a moderator voided."""
    rows = (
        Seat.objects.filter(
            player=player, game__status=Game.OVER, game__daily=False, game__voided__isnull=True
        )
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

    Only the games ``viewer`` may see are listed (``games.access.visible_games``), like
    their pages: a private table to the players seated at it, a daily attempt to
    its player until its day is over.
    """
    games = access.visible_games(viewer).filter(seat_set__player=player).exclude(status=Game.CLOSED)
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
                # R58: a match against robots is never rated (a daily attempt says so itself).
                "robots": not game.daily and any(seat.robot for seat in seats),
            }
        )
    return recent


def result(game: Game, seat: Seat) -> str:
    if game.voided is not None:
        return "voided"
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
    player = _named(username)
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


@login_required
def report(request: HttpRequest, username: str) -> HttpResponse:
    """Report a player to the moderators, from their profile or from a table (``?partie=<id>``)."""
    reported = _named(username)
    game = _reported_game(request, reported)
    form = ReportForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            reports.report(
                request.user, reported, form.cleaned_data["reason"], form.cleaned_data["comment"], game
            )
        except reports.ReportError as e:
            form.add_error(e.field, e.message)
        else:
            messages.success(request, _("Merci : votre signalement a été transmis à la modération."))
            return redirect(game if game is not None else reverse("profile", args=[reported.get_username()]))
    return render(
        request,
        "accounts/report.html",
        {"reported": reported, "game": game, "form": form, "is_me": reported.pk == request.user.pk},
        status=400 if form.errors else 200,
    )


def _named(username: str) -> AbstractBaseUser:
    """The player of a page's path; 404 for a name no username can be (PostgreSQL refuses
    a NUL in a query: it was a 500)."""
    if not USERNAME.match(username):
        raise Http404
    return get_object_or_404(get_user_model(), username=username)


def _reported_game(request: HttpRequest, reported: AbstractBaseUser) -> Game | None:
    """The match a report is about: one the reported player sat at, that the reporter may see
    (``games.access.visible_games``); the same 404 otherwise."""
    raw = request.GET.get("partie") or request.POST.get("partie")
    if not raw:
        return None
    try:
        pk = int(raw)
    except ValueError:
        raise Http404 from None
    game = access.visible_games(request.user).filter(pk=pk, seat_set__player=reported).first()
    if game is None:
        raise Http404
    return game
