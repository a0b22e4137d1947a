"""The leaderboards (``/classements/``) and a match's rating changes, for its table page."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from games.catalog import NAMES
from games.rules import VARIANTS
from games.views import _visible_game
from leaderboard import boards, results

DEFAULT_VARIANT = next(iter(VARIANTS))


def leaderboard(request: HttpRequest, variant: str = DEFAULT_VARIANT) -> HttpResponse:
    """A variant's leaderboard: the established players ranked, the provisional ones apart."""
    if variant not in VARIANTS:
        raise Http404
    page = boards.page_of(variant, request.GET.get("page"))
    provisional = boards.page_of(variant, request.GET.get("provisoires"), provisional=True)
    mine = boards.position(variant, request.user) if request.user.is_authenticated else None
    return render(
        request,
        "leaderboard/board.html",
        {
            "variant": variant,
            "name": NAMES[variant],
            "variants": [(key, NAMES[key]) for key in VARIANTS],
            "page": page,
            "rows": boards.rows(page, request.user.pk),
            "provisional": provisional,
            "provisional_rows": boards.rows(provisional, request.user.pk),
            "mine": mine,
        },
    )


@login_required
def match_ratings(request: HttpRequest, pk: int) -> JsonResponse:
    """A match's rating changes, as the ``ratings`` message (docs/protocol.md) sends them;
    an empty list until the match has been rated."""
    game = _visible_game(request, pk)
    return JsonResponse(results.message(game))
