"""The daily challenge's pages: the day, its ranking (live), the past days, each deal's
traveller ("feuille de la donne") and a player's round move by move, once the day is over."""

from __future__ import annotations

import shlex
from datetime import date
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_POST

from games import access
from games.models import Move
from games.rules import DAILY_ROUNDS, round_seed, written_deal
from games.services import ServiceError
from leaderboard import services
from leaderboard.models import DailyAttempt, DailyChallenge, DealScore, paris_today

ENDS = {"left": _("à gauche"), "right": _("à droite"), "up": _("en haut"), "down": _("en bas")}
PER_PAGE = 100  # lines of a traveller per page
CHECK_COMMAND = "python -m games.rules daily --seed {seed} --variant {variant} --seats {seats}"


def _challenge(day: str | None) -> DailyChallenge:
    """The challenge of ``day`` (today by default, drawn if need be); 404 for a day to come
    or one that had none."""
    if day is None:
        return services.today()
    try:
        when = date.fromisoformat(day)
    except ValueError:
        raise Http404 from None
    if when == paris_today():
        return services.today()
    found = DailyChallenge.objects.filter(date=when).first() if access.day_begun(when) else None
    if found is None:
        raise Http404
    return found


@login_required
def day(request: HttpRequest, day: str | None = None) -> HttpResponse:
    """ "Défi du jour": the variant, who has played, one's own result, the start button,
    the ranking kept live; once the day is over, its seed and its five deals."""
    challenge = _challenge(day)
    over = not access.day_secret(challenge)
    standings = services.standings(challenge, request.user)
    attempt = DailyAttempt.objects.filter(challenge=challenge, player=request.user).first()
    page = {
        "ranking_url": reverse("daily_ranking", args=[challenge.date.isoformat()]),
        "over": over,
    }
    return render(
        request,
        "leaderboard/day.html",
        {
            "challenge": challenge,
            "is_today": challenge.date == paris_today(),
            "robots": challenge.seats - 1,
            "over": over,
            "standings": standings,
            "attempt": attempt,
            "seed": challenge.seed if over else "",
            "check_command": CHECK_COMMAND.format(
                seed=shlex.quote(challenge.seed), variant=challenge.variant, seats=challenge.seats
            )
            if over
            else "",
            "deals": range(1, DAILY_ROUNDS + 1) if over else [],
            "previous": DailyChallenge.objects.filter(date__lt=challenge.date).order_by("-date")[:7],
            "page": page,
        },
    )


@login_required
def ranking(request: HttpRequest, day: str) -> JsonResponse:
    """The day's top and the viewer's place, polled by the page to stay live."""
    challenge = _challenge(day)
    return JsonResponse(
        {"over": not access.day_secret(challenge), **_as_json(services.standings(challenge, request.user))}
    )


def _as_json(standings: dict[str, Any]) -> dict[str, Any]:
    return {**standings, "top": [s.as_json() for s in standings["top"]]}


@login_required
@require_POST
def start(request: HttpRequest) -> HttpResponse:
    """Start today's attempt, or go back to it (R63: one a day)."""
    try:
        attempt = services.start_attempt(request.user)
    except ServiceError as e:  # a player sanctioned since the page was loaded
        messages.error(request, e.message)
        return redirect("daily")
    assert attempt.game_id is not None
    return redirect("table", attempt.game_id)


@login_required
def days(request: HttpRequest) -> HttpResponse:
    """The past days, latest first, each with its number of players and its winner."""
    today = paris_today()
    past = list(DailyChallenge.objects.filter(date__lt=today).order_by("-date")[:60])
    rows = []
    for challenge in past:
        services.close_day(challenge)
        top = services.ranking(challenge, 1)
        rows.append(
            {
                "challenge": challenge,
                "players": challenge.attempts.count(),
                "winner": top[0] if top else None,
            }
        )
    return render(request, "leaderboard/days.html", {"rows": rows})


def _over(day: str) -> DailyChallenge:
    challenge = _challenge(day)
    if access.day_secret(challenge):  # R63: nothing of the deals before the day is over
        raise Http404
    return challenge


@login_required
def traveller(request: HttpRequest, day: str, number: int) -> HttpResponse:
    """The "feuille de la donne" of deal ``number``: every player's score on it, the
    distribution of the scores, and a link to each player's round."""
    challenge = _over(day)
    if not 1 <= number <= DAILY_ROUNDS:
        raise Http404
    scores = DealScore.objects.filter(challenge=challenge, number=number, attempt__disqualified__isnull=True)
    total = scores.count()
    rows = Paginator(
        scores.select_related("attempt__player").order_by("-points", "robot_points", "attempt_id"), PER_PAGE
    ).get_page(request.GET.get("page"))
    distribution = scores.values("points").annotate(count=Count("id")).order_by("-points")
    seed = round_seed(challenge.seed, number)  # R12: the deal, from the day's published seed
    hands, stock = written_deal(challenge.variant, challenge.seats, seed)
    return render(
        request,
        "leaderboard/traveller.html",
        {
            "challenge": challenge,
            "number": number,
            "rows": rows,
            "players": total,
            "distribution": [
                {"points": d["points"], "count": d["count"], "share": round(100 * d["count"] / (total or 1))}
                for d in distribution
            ],
            "dealt": {
                "seed": seed,
                "hands": hands,
                "stock": stock,
            },
            "deals": range(1, DAILY_ROUNDS + 1),
        },
    )


@login_required
def played_round(request: HttpRequest, day: str, number: int, username: str) -> HttpResponse:
    """One player's round ``number`` of the day, move by move, from the deal and the log."""
    challenge = _over(day)
    attempt = (
        DailyAttempt.objects.filter(challenge=challenge, player__username=username)
        .select_related("player", "game")
        .first()
    )
    if attempt is None or attempt.game is None or not access.can_see(attempt.game, request.user):
        raise Http404
    rnd = attempt.game.rounds.filter(number=number).first()
    if rnd is None:
        raise Http404
    names = {seat.index: seat.name for seat in attempt.game.seat_set.select_related("player")}
    moves = [
        {"move": move, "name": names.get(move.seat, ""), "end": ENDS.get(move.end, "")}
        for move in rnd.moves.order_by("seq")
    ]
    return render(
        request,
        "leaderboard/round.html",
        {
            "challenge": challenge,
            "attempt": attempt,
            "round": rnd,
            "hands": [{"name": names.get(i, ""), "tiles": hand} for i, hand in enumerate(rnd.hands)],
            "moves": moves,
            "kinds": {Move.PLAY: "play", Move.DRAW: "draw", Move.PASS: "pass"},
            "result": next((r for r in attempt.rounds if r["number"] == number), None),
        },
    )
