"""What the leaderboards and the profile show of the ratings (read models).

A variant's leaderboard lists the established players by the number shown, best
first, with their rank; provisional players ("?") are listed apart, after. Both
lists are read on the index ``rating_board`` (variant, provisional, ordinal
descending, id), page by page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html, format_html_join
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _

from games.catalog import NAMES
from games.rules import VARIANTS
from leaderboard.models import Rating, RatingChange

PAGE_SIZE = 50
COUNT_SECONDS = 60  # how long a board's number of players is kept
HISTORY_POINTS = 200  # the chart's last matches


def board(variant: str, provisional: bool = False) -> QuerySet[Rating]:
    """A variant's established (or provisional) players, best first."""
    return Rating.objects.filter(variant=variant, provisional=provisional).order_by("-ordinal", "id")


def page_of(variant: str, number: object, provisional: bool = False) -> Page[Rating]:
    """One page of a leaderboard; a page out of range is the last one (a bad one the first).

    The page's ids are read first, from the index alone (``rating_board`` holds the
    id): a deep page skips its offset's rows in the index, without reading them or
    joining their players. Then only that page's rows are read, with their players.
    """
    paginator = Paginator(board(variant, provisional).values_list("id", flat=True), PAGE_SIZE)
    # Counting a big board reads its whole part of the index: the count is kept a minute.
    key = f"leaderboard:count:{variant}:{int(provisional)}"
    count = cache.get(key)
    if count is None:
        count = paginator.count
        cache.set(key, count, COUNT_SECONDS)
    paginator.count = count  # type: ignore[misc]  # a cached_property, given its value
    page = paginator.get_page(number)
    ids = list(page.object_list)
    rows = Rating.objects.filter(id__in=ids).select_related("player")
    rows = rows.only("ordinal", "provisional", "matches", "last_played", "player_id", "player__username")
    by_id = {rating.pk: rating for rating in rows}
    page.object_list = [by_id[pk] for pk in ids if pk in by_id]
    return page


def ranked(page: Page[Rating]) -> list[tuple[int, Rating]]:
    """The page's rows with each player's rank (1 for the best)."""
    return [(page.start_index() + i, rating) for i, rating in enumerate(page.object_list)]


def rows(page: Page[Rating], me: int | None) -> list[dict[str, Any]]:
    """A page of a leaderboard as its table shows it, one row per player (the rank from
    the page's start; ``mine`` for the row of the player ``me``). Built here rather than in
    the template, whose lookups cost more than the queries on a page of 50 rows."""
    url = reverse("profile", args=["-"])[:-2]  # /joueurs/<name>/, the name quoted
    out = []
    for rank, rating in ranked(page):
        name = rating.player.username
        out.append(
            {
                "rank": rank,
                "name": name,
                "url": f"{url}{quote(name, safe=RFC3986_SUBDELIMS + '~:@')}/",
                "shown": rating.shown,
                "provisional": rating.provisional,
                "matches": rating.matches,
                "last_played": rating.last_played,
                "last_iso": rating.last_played.isoformat(),
                "last_day": date_format(timezone.localtime(rating.last_played), "j F Y"),
                "mine": rating.player_id == me,
            }
        )
    return out


@dataclass(frozen=True)
class Position:
    rating: Rating
    rank: int | None  # None while provisional: not ranked yet
    page: int


def position(variant: str, player: AbstractBaseUser, rating: Rating | None = None) -> Position | None:
    """Where ``player`` stands in a variant's leaderboard (None: no rated match in it);
    ``rating``: theirs in it, if already read."""
    if rating is None:
        rating = Rating.objects.filter(variant=variant, player_id=player.pk).first()
    if rating is None:
        return None
    above = (
        Rating.objects.filter(variant=variant, provisional=rating.provisional)
        .filter(Q(ordinal__gt=rating.ordinal) | Q(ordinal=rating.ordinal, id__lt=rating.pk))
        .count()
    )
    return Position(rating, None if rating.provisional else above + 1, above // PAGE_SIZE + 1)


def variants_played(player: AbstractBaseUser) -> list[dict[str, Any]]:
    """The profile: each variant the player has a rating in, with its history chart."""
    ratings = {r.variant: r for r in Rating.objects.filter(player_id=player.pk)}
    out = []
    for key in VARIANTS:
        rating = ratings.get(key)
        if rating is None:
            continue
        here = position(key, player, rating)
        history = list(
            RatingChange.objects.filter(player_id=player.pk, variant=key)
            .order_by("-id")
            .values_list("at", "ordinal_after")[:HISTORY_POINTS]
        )[::-1]
        out.append(
            {
                "variant": key,
                "name": NAMES[key],
                "rating": rating,
                "rank": here.rank if here else None,
                "page": here.page if here else 1,
                "chart": history_chart(history, key),
                "points": len(history),  # the profile draws the chart from two points on
            }
        )
    return out


def changes_by_game(player: AbstractBaseUser, game_ids: list[int]) -> dict[int, RatingChange]:
    """The player's rating change at each of these games that was rated."""
    return {c.game_id: c for c in RatingChange.objects.filter(player_id=player.pk, game_id__in=game_ids)}


# The history chart: one line, drawn on the server as SVG ---------------------------

WIDTH, HEIGHT = 600, 160
PAD_LEFT, PAD_RIGHT, PAD_Y = 48, 12, 14


def history_chart(points: list[tuple[Any, float]], variant: str) -> SafeString:
    """An inline SVG of the number shown after each rated match, oldest first."""
    if not points:
        return SafeString("")
    name = NAMES.get(variant, variant)
    values = [round(value) for _at, value in points]
    low, high = min(values), max(values)
    if high - low < 20:  # a flat line is drawn mid-height, not stretched
        low, high = low - 10, high + 10
    inner_w, inner_h = WIDTH - PAD_LEFT - PAD_RIGHT, HEIGHT - 2 * PAD_Y
    step = inner_w / max(1, len(values) - 1)

    def y(value: float) -> float:
        return PAD_Y + (high - value) / (high - low) * inner_h

    if len(values) == 1:  # one match: its point in the middle
        coords = [(f"{PAD_LEFT + inner_w / 2:.1f}", f"{y(values[0]):.1f}")]
    else:
        coords = [(f"{PAD_LEFT + i * step:.1f}", f"{y(v):.1f}") for i, v in enumerate(values)]
    line = " ".join(f"{x},{yy}" for x, yy in coords)
    first, last = points[0][0], points[-1][0]
    title = _("Évolution du classement en %(variant)s") % {"variant": name}
    desc = _("%(count)s parties classées, du %(first)s au %(last)s : de %(start)s à %(end)s.") % {
        "count": len(values),
        "first": date_format(first, "j F Y"),
        "last": date_format(last, "j F Y"),
        "start": values[0],
        "end": values[-1],
    }
    dots = format_html_join(
        "", '<circle cx="{}" cy="{}" r="2.5"></circle>', coords[-1:] if len(coords) > 30 else coords
    )
    return format_html(
        '<svg class="rating-chart" viewBox="0 0 {w} {h}" width="100%" role="img" '
        'aria-labelledby="{id}-title {id}-desc">'
        '<title id="{id}-title">{title}</title><desc id="{id}-desc">{desc}</desc>'
        '<line class="axis" x1="{l}" y1="{top}" x2="{l}" y2="{bottom}"></line>'
        '<text class="label" x="{lx}" y="{top_label}" text-anchor="end">{high}</text>'
        '<text class="label" x="{lx}" y="{bottom_label}" text-anchor="end">{low}</text>'
        '<polyline class="line" points="{line}"></polyline>{dots}</svg>',
        w=WIDTH,
        h=HEIGHT,
        id=f"chart-{variant}",
        title=title,
        desc=desc,
        l=PAD_LEFT,
        top=PAD_Y,
        bottom=HEIGHT - PAD_Y,
        lx=PAD_LEFT - 6,
        top_label=PAD_Y + 4,
        bottom_label=HEIGHT - PAD_Y + 4,
        high=high,
        low=low,
        line=line,
        dots=dots,
    )
