from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.html import format_html
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games import access, readmodels, replay as game_replay, services
from games.catalog import variants
from games.forms import OpenTableForm, variant_choices
from games.models import LEVEL_NAMES, Game
from games.rules import commitment, deal_explained, round_seed
from games.rules.robots import LEVELS
from games.services import Busy, ServiceError
from leaderboard.attempt_end import daily_end
from leaderboard.results import match_ratings


def home(request: HttpRequest) -> HttpResponse:
    """The home page: every variant the site plays, with its rules in brief."""
    return render(request, "home.html", {"variants": variants()})


# A refusal that concerns one field of the form is shown beside that field.
FIELD_ERRORS = {"bad_variant": "variant", "bad_seats": "seats", "bad_target": "target"}


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    """The open public tables (kept live by the lobby's websocket) and the form to open one."""
    form = OpenTableForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if "robots" in request.POST:  # "Jouer contre les robots" (R58)
                game = services.practice(
                    request.user, data["variant"], data["seats"], data["target"], data["level"] or "house"
                )
            else:
                robots = form.robots()
                game = services.open_table(
                    request.user,
                    data["variant"],
                    data["seats"],
                    data["target"],
                    data["public"],
                    # R58: a table with a robot is never rated: the choice is forced off.
                    rated=False if robots else data.get("rated"),
                    robots=robots,
                )
        except ServiceError as e:
            form.add_error(FIELD_ERRORS.get(e.code), refusal(e))
        else:
            return redirect(game)
    me = request.user.get_username()
    names = {v.id: str(v.name) for v in variants()}
    page = {
        "socket": "/ws/salon/",
        "me": me,
        # The join URL of table 0: the script puts each table's id in its place.
        "join_url": reverse("join", args=[0]),
        "variants": {key: {"name": names[key], **allowed} for key, allowed in variant_choices().items()},
    }
    tables = [_lobby_row(entry, names, me) for entry in readmodels.lobby_tables()]
    playing = [
        {**entry, "name": names.get(entry["variant"], entry["variant"])}
        for entry in readmodels.matches_in_play()
    ]
    return render(
        request,
        "games/lobby.html",
        {"form": form, "tables": tables, "page": page, "playing": playing},
        status=400 if form.errors else 200,
    )


def refusal(error: ServiceError) -> str:
    """A refusal as a page says it: with a link back to the player's table when they have one."""
    if isinstance(error, Busy):
        return format_html(
            '{} <a class="my-table" href="{}">{}</a>',
            error.message,
            error.game.get_absolute_url(),
            _("Retourner à votre table"),
        )
    return error.message


@login_required
def replay(request: HttpRequest, pk: int) -> HttpResponse:
    """The replay of a finished match: every action of every round, step by step, as each
    seat saw it or with every hand shown. A match still in play has none (its hands are secret)."""
    game = _visible_game(request, pk)
    # A daily attempt's deals are the day's secret until the day is over (R63).
    if game.status != Game.OVER or access.deals_secret(game):
        raise Http404
    names = dict(game.seat_set.values_list("index", "player__username"))
    data = {
        "frames": game_replay.frames(game),
        "players": [names.get(i, "") for i in range(game.seats)],
        "teams": next(v for v in variants() if v.id == game.variant).ruleset.teams,
    }
    return render(
        request,
        "games/replay.html",
        {"game": game, "variant": next(v for v in variants() if v.id == game.variant), "data": data},
    )


# The worked example of the deals page: a seed, a variant, a number of seats.
EXAMPLE = ("exemple", "draw", 3)


def deals(request: HttpRequest) -> HttpResponse:
    """How to check a deal: what the commitment and the seed are, and how to re-deal (R12),
    with a worked example dealt here by the engine (docs/record.md, "How a seed becomes a deal")."""
    seed, variant, seats = EXAMPLE
    example = {
        "seed": seed,
        "name": next(v.name for v in variants() if v.id == variant),
        "seats": seats,
        **deal_explained(variant, seats, seed),
        "commitment": commitment(seed),
        "round_seed": round_seed(seed, 1),
    }
    return render(request, "games/deals.html", {"example": example})


def _lobby_row(entry: dict[str, Any], names: dict[str, str], me: str) -> dict[str, Any]:
    """A table of the lobby as its page shows it (lobby.mjs draws the same from ``entry``)."""
    return {
        **entry,
        "name": names.get(entry["variant"], entry["variant"]),
        "seated": me in entry["players"],
    }


def _visible_game(request: HttpRequest, pk: int) -> Game:
    """The game if this user may see it (games.access); the same 404 whether it is missing
    or hidden from them."""
    game = Game.objects.filter(pk=pk).select_related("host").first()
    invitation = request.GET.get("invitation") or request.POST.get("invitation")
    if game is None or not access.can_see(game, request.user, invitation):
        raise Http404
    return game


@login_required
def table(request: HttpRequest, pk: int) -> HttpResponse:
    """The live table. The page shows the seats before any websocket answers (and to an
    invited visitor, whom the websocket refuses); the match itself comes only over the
    websocket, so no hand or seed is ever put in the page."""
    game = _visible_game(request, pk)
    seat = game.seat_set.filter(player_id=request.user.pk).values_list("index", flat=True).first()
    seats = list(game.seat_set.select_related("player"))
    names = {seat.index: seat.name for seat in seats}
    invitation = request.GET.get("invitation", "")
    # Reaching a private table unseated means holding its invitation: the socket needs it too.
    invited = seat is None and not game.public and game.invites(invitation)
    page = {
        "game": game.pk,
        "socket": f"/ws/tables/{game.pk}/" + (f"?{urlencode({'invitation': invitation})}" if invited else ""),
        "seat": seat,
        "invited": invited,
        "me": request.user.get_username(),
        "variants": {v.id: str(v.name) for v in variants()},
        "daily": daily_end(game),
    }
    return render(
        request,
        "games/table.html",
        {
            "game": game,
            "variant": next(v for v in variants() if v.id == game.variant),
            "players": [names.get(i) for i in range(game.seats)],
            # Who may be reported from here: the other players, never a house robot.
            "reportable": [
                s.name for s in seats if s.player_id is not None and s.player_id != request.user.pk
            ],
            "seat": seat,
            "page": page,
            "invitation": invitation,
            "invitation_url": request.build_absolute_uri(game.invitation_url()) if seat == 0 else "",
            "ratings": match_ratings(game) if game.rated and game.status == Game.OVER else [],
            # R58: a table with a robot is never rated; its host seats and unseats them.
            "robots": any(s.robot for s in seats) and not game.daily,
            "robot_seats": [s.index for s in seats if s.robot],
            "free_seats": [i for i in range(1, game.seats) if i not in names],
            "levels": [(level, LEVEL_NAMES[level]) for level in LEVELS],
        },
    )


@login_required
@require_POST
def seat_robot(request: HttpRequest, pk: int) -> HttpResponse:
    """R58: the host seats a robot, of the level chosen, in a free seat (or the first one)."""
    game = _visible_game(request, pk)
    seat = request.POST.get("seat", "")
    try:
        services.seat_robot(
            game.pk, request.user, request.POST.get("level", ""), int(seat) if seat.isdigit() else None
        )
    except ServiceError as e:
        messages.error(request, refusal(e))
    return redirect(game)


@login_required
@require_POST
def unseat_robot(request: HttpRequest, pk: int, seat: int) -> HttpResponse:
    """R58: the host takes a robot away before the match starts."""
    game = _visible_game(request, pk)
    try:
        services.unseat_robot(game.pk, request.user, seat)
    except ServiceError as e:
        messages.error(request, refusal(e))
    return redirect(game)


@login_required
@require_POST
def join(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    try:
        services.join(game.pk, request.user, request.POST.get("invitation"))
    except ServiceError as e:
        messages.error(request, refusal(e))
    return redirect(game)


@login_required
@require_POST
def rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Revanche": to the return match of a finished one (opened by the first who asks)."""
    game = _visible_game(request, pk)
    try:
        new = services.rematch(game.pk, request.user)
    except ServiceError as e:
        messages.error(request, refusal(e))
        return redirect(game)
    return redirect(new)


@login_required
@require_POST
def leave(request: HttpRequest, pk: int) -> HttpResponse:
    game = _visible_game(request, pk)
    try:
        services.leave(game.pk, request.user)
    except ServiceError as e:
        messages.error(request, e.message)
        return redirect(game)
    return redirect("lobby")
