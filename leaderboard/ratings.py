"""Ratings per variant, with openskill's Plackett-Luce model.

One rating per player and variant (the number of seats does not split a variant).
Every finished rated match moves its players' ratings once, in
``rate_match`` (called by the Celery task ``leaderboard.tasks.rate_match`` after
the match's commit). The arithmetic is openskill's alone: a match is given to
``PlackettLuce.rate`` as teams and ranks:

- ``partners``: two teams of two; the winning team first;
- ``family``: one team per seat, ranked by final total, lowest first; equal
  totals tie (R32);
- every other variant: one team per seat, the winner first, then by final
  score, highest first; equal scores tie.

What is shown is openskill's conservative ordinal (mu − 3 sigma) on an Elo-like
scale: ``ordinal(alpha=200 / sigma0, target=1500)``, so that a new player shows
1500 and one starting sigma is worth 200 points. A player is provisional ("?")
while their sigma is above ``RATING_PROVISIONAL_SIGMA`` (about ten rated
matches). Sigma grows back with the days a player does not play (openskill
leaves that to us): ``sqrt(sigma² + days · RATING_IDLE_SIGMA_PER_DAY²)``,
capped at the starting sigma; it is applied before a match is rated and to
what is shown, each day (``refresh``).

Every change is kept as a ``RatingChange`` (values before and after), so that
``unrate`` can undo a match exactly, as if it had never been rated.

openskill 6.2 keeps ``limit_sigma`` passed to ``rate()`` for every later call,
and ignores ``tau=0``: neither is ever passed here; the model's defaults hold.
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from openskill.models import PlackettLuce

from games.models import Game, Seat
from games.rules import get_ruleset
from leaderboard.models import Rating, RatingChange

log = logging.getLogger(__name__)

# The model, with openskill's defaults (mu 25, sigma 25/3, tau 25/300). Never pass
# limit_sigma or tau to its rate(): the first would change it for every later call.
MODEL = PlackettLuce()
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
# The shown scale: a new player at TARGET, one starting sigma worth 200 points.
TARGET = 1500.0
ALPHA = 200.0 / START_SIGMA


def shown(mu: float, sigma: float) -> float:
    """The number shown for a rating: openskill's ordinal on the Elo-like scale."""
    return MODEL.rating(mu=mu, sigma=sigma).ordinal(alpha=ALPHA, target=TARGET)


def is_provisional(sigma: float) -> bool:
    return sigma > settings.RATING_PROVISIONAL_SIGMA


def idle_days(last_played: datetime | None, today: date) -> int:
    """Whole days from the day of the last rated match to ``today`` (Paris dates)."""
    if last_played is None:
        return 0
    return max(0, (today - timezone.localdate(last_played)).days)


def grown_sigma(sigma: float, last_played: datetime | None, today: date) -> float:
    """Sigma grown back for the days without play, capped at the starting sigma."""
    days = idle_days(last_played, today)
    if days == 0 or sigma >= START_SIGMA:
        return sigma
    return min(START_SIGMA, math.sqrt(sigma * sigma + days * settings.RATING_IDLE_SIGMA_PER_DAY**2))


def standing(mu: float, sigma: float, last_played: datetime | None, today: date) -> tuple[float, float, bool]:
    """(sigma now, the number shown, provisional) of a stored rating on ``today``."""
    now_sigma = grown_sigma(sigma, last_played, today)
    return now_sigma, shown(mu, now_sigma), is_provisional(now_sigma)


def new_rating(player_id: int, variant: str, today: date) -> Rating:
    return Rating(
        player_id=player_id,
        variant=variant,
        mu=START_MU,
        sigma=START_SIGMA,
        ordinal=shown(START_MU, START_SIGMA),
        provisional=is_provisional(START_SIGMA),
        matches=0,
        last_played=timezone.now(),
        as_of=today,
    )


# What a match gives openskill -------------------------------------------------


@dataclass(frozen=True)
class Result:
    """A finished match as openskill takes it: teams of player ids and their ranks (lower is better)."""

    teams: list[list[int]]
    ranks: list[int]


def _dense(keys: list[Any]) -> list[int]:
    """Rank 0 for the best (smallest) key, equal keys equal ranks, no gaps."""
    order = {key: rank for rank, key in enumerate(sorted(set(keys)))}
    return [order[key] for key in keys]


def result_of(variant: str, seats: Iterable[Seat]) -> Result:
    """The teams and ranks of a finished match of ``variant`` from its seats (score, won)."""
    rules = get_ruleset(variant)
    seats = sorted(seats, key=lambda seat: seat.index)
    if rules.teams:  # partners: two teams of two, the winning team first
        sides: dict[int, list[Seat]] = {}
        for seat in seats:
            sides.setdefault(rules.side_of(seat.index), []).append(seat)
        teams = [sides[side] for side in sorted(sides)]
        return Result(
            [[seat.player_id for seat in team] for team in teams],
            _dense([0 if any(seat.won for seat in team) else 1 for team in teams]),
        )
    teams = [[seat.player_id] for seat in seats]
    if rules.low_score_wins:  # family (R32): the lowest total first; equal totals tie
        return Result(teams, _dense([seat.score for seat in seats]))
    # The winner first, then the others by final score, highest first.
    return Result(teams, _dense([(0 if seat.won else 1, -(seat.score or 0)) for seat in seats]))


# Rating a match ---------------------------------------------------------------


def rateable(games: Any) -> Any:
    """The games of a queryset that are to be rated: rated tables whose match is over
    and that no moderator voided. Abandoned and closed tables, friendly tables and
    daily attempts (never rated) are left out."""
    games = games.filter(status=Game.OVER, rated=True)
    if any(field.name == "voided" for field in Game._meta.get_fields()):
        games = games.filter(voided__isnull=True)
    return games


def rate_match(game_id: int, now: datetime | None = None) -> list[RatingChange]:
    """Rate a finished match once; return its changes ([] if it was not to be rated
    or already was). A second call, at once or later, changes nothing.

    The compare-and-swap on ``Game.rated_at`` claims the match; then the players'
    rating rows are locked in the order of their ids, so that two matches of one
    player finishing together wait for each other and neither update is lost.
    """
    now = now or timezone.now()
    with transaction.atomic():
        claimed = rateable(Game.objects.filter(pk=game_id, rated_at__isnull=True)).update(rated_at=now)
        if not claimed:
            return []
        seats = list(Seat.objects.filter(game_id=game_id).select_related("game").order_by("index"))
        if not seats:
            return []
        game = seats[0].game
        if len(seats) < 2 or any(seat.player_id is None for seat in seats):
            return []  # only players are rated (robots sit at daily attempts alone)
        changes = _apply(game, result_of(game.variant, seats), now)
    return changes


def _lock_ratings(variant: str, player_ids: Iterable[int], today: date) -> dict[int, Rating]:
    """The players' ratings in ``variant``, created if new, their rows locked, in id order."""
    ids = sorted(set(player_ids))
    rows = Rating.objects.filter(variant=variant, player_id__in=ids).order_by("player_id")
    if connection.features.has_select_for_update:
        rows = rows.select_for_update()
    ratings = {rating.player_id: rating for rating in rows}
    missing = [pid for pid in ids if pid not in ratings]
    if missing:  # a first rated match in the variant: create the rows, then lock them all
        Rating.objects.bulk_create(
            [new_rating(pid, variant, today) for pid in missing], ignore_conflicts=True
        )
        ratings = {rating.player_id: rating for rating in rows.all()}
    return ratings


def _apply(game: Game, result: Result, now: datetime) -> list[RatingChange]:
    """Move the ratings of ``result``'s players by openskill's rate, and keep the changes."""
    today = timezone.localdate(now)
    ratings = _lock_ratings(game.variant, (pid for team in result.teams for pid in team), today)
    before = {}
    for pid, rating in ratings.items():
        last = rating.last_played if rating.matches else None
        before[pid] = (
            rating.mu,
            rating.sigma,
            rating.matches,
            last,
            *standing(rating.mu, rating.sigma, last, today),
        )
    teams = [[MODEL.rating(mu=before[pid][0], sigma=before[pid][4]) for pid in team] for team in result.teams]
    rated = MODEL.rate(teams, ranks=list(result.ranks))
    changes = []
    for team, new_team in zip(result.teams, rated, strict=True):
        for pid, new in zip(team, new_team, strict=True):
            mu, sigma, matches, last, _now_sigma, ordinal, provisional = before[pid]
            rating = ratings[pid]
            rating.mu, rating.sigma = new.mu, new.sigma
            rating.ordinal, rating.provisional = shown(new.mu, new.sigma), is_provisional(new.sigma)
            rating.matches = matches + 1
            rating.last_played = now
            rating.as_of = today
            changes.append(
                RatingChange(
                    game=game,
                    player_id=pid,
                    variant=game.variant,
                    mu_before=mu,
                    sigma_before=sigma,
                    matches_before=matches,
                    last_played_before=last,
                    ordinal_before=ordinal,
                    provisional_before=provisional,
                    mu_after=new.mu,
                    sigma_after=new.sigma,
                    ordinal_after=rating.ordinal,
                    provisional_after=rating.provisional,
                    at=now,
                )
            )
    Rating.objects.bulk_update(
        ratings.values(), ["mu", "sigma", "ordinal", "provisional", "matches", "last_played", "as_of"]
    )
    return RatingChange.objects.bulk_create(changes)


# Undoing a match ----------------------------------------------------------------


def unrate(game: Game | int) -> int:
    """Undo a rated match exactly, as if it had never been rated (a voided match).

    Its players' ratings are put back as they were before it; the later matches
    that depended on it (the later matches of its players, and of their
    opponents there, and so on) are rated again in their order, from those
    ratings, at their own times. The match keeps its ``rated_at``, so it is never
    rated again. Returns the number of matches rated again.
    """
    game_id = game if isinstance(game, int) else game.pk
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        own = list(RatingChange.objects.filter(game_id=game_id))
        if not own:
            return 0
        for _attempt in range(3):
            later = _later_matches(game.variant, own)
            players = {c.player_id for c in own} | {c.player_id for m in later for c in m}
            _lock_ratings(game.variant, players, timezone.localdate())
            if _later_matches(game.variant, own) == later:  # nothing rated meanwhile
                break
        replays = [(m[0].game_id, m[0].at) for m in later]
        # Each player back to before their first undone change; a player whose first
        # rated match it was has no rating again.
        first: dict[int, RatingChange] = {}
        for change in sorted(own + [c for m in later for c in m], key=lambda c: c.pk):
            first.setdefault(change.player_id, change)
        for pid, change in first.items():
            rating = Rating.objects.get(variant=game.variant, player_id=pid)
            if change.matches_before == 0:
                rating.delete()
                continue
            rating.mu, rating.sigma = change.mu_before, change.sigma_before
            rating.matches = change.matches_before
            assert change.last_played_before is not None
            rating.last_played = change.last_played_before
            rating.save()
        RatingChange.objects.filter(pk__in=[c.pk for c in own] + [c.pk for m in later for c in m]).delete()
        for replay_id, at in replays:
            replayed = Game.objects.get(pk=replay_id)
            _apply(replayed, result_of(replayed.variant, replayed.seat_set.all()), at)
        # What is shown, as of today, for every player put back.
        refresh(Rating.objects.filter(variant=game.variant, player_id__in=list(first)))
    return len(replays)


def _later_matches(variant: str, own: list[RatingChange]) -> list[list[RatingChange]]:
    """The matches rated after ``own``'s that depend on it, in the order they were rated.

    A later match depends on it if one of its players is a player of the undone
    match, or of a match found so, before it.
    """
    players = {c.player_id for c in own}
    seen = {own[0].game_id}
    cursor = max(c.pk for c in own)
    found: list[list[RatingChange]] = []
    while True:
        nxt = (
            RatingChange.objects.filter(variant=variant, pk__gt=cursor, player_id__in=players)
            .exclude(game_id__in=seen)
            .order_by("pk")
            .first()
        )
        if nxt is None:
            return found
        match = list(RatingChange.objects.filter(game_id=nxt.game_id).order_by("pk"))
        found.append(match)
        seen.add(nxt.game_id)
        players |= {c.player_id for c in match}
        cursor = nxt.pk  # the new players' changes after this match count from here


# What is shown, day by day ------------------------------------------------------


def refresh(ratings: Any = None, today: date | None = None) -> int:
    """Recompute what is shown (the ordinal, provisional) with the idle days up to
    ``today``, for ``ratings`` (by default every one not yet computed for today).
    Returns how many changed. Run each day by ``leaderboard.tasks.refresh_ratings``."""
    today = today or timezone.localdate()
    if ratings is None:
        ratings = Rating.objects.filter(as_of__lt=today)
    table = connection.ops.quote_name(Rating._meta.db_table)
    update = f"UPDATE {table} SET ordinal = %s, provisional = %s, as_of = %s WHERE id = %s"
    rows = ratings.order_by("pk").values_list("pk", "mu", "sigma", "matches", "last_played")
    batch: list[tuple[float, bool, date, int]] = []
    total = 0
    for pk, mu, sigma, matches, last_played in rows.iterator(chunk_size=BATCH):
        _sigma, ordinal, provisional = standing(mu, sigma, last_played if matches else None, today)
        batch.append((ordinal, provisional, today, pk))
        if len(batch) >= BATCH:
            total += _write(update, batch)
    return total + _write(update, batch)


BATCH = 5000


def _write(update: str, batch: list[tuple[float, bool, date, int]]) -> int:
    """One statement for many rows (psycopg sends them in one pipeline), in its own transaction."""
    count = len(batch)
    if batch:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.executemany(update, batch)
        batch.clear()
    return count


def rate_after_commit(game_id: int) -> None:
    """Send the task that rates a match once the transaction that ended it commits.

    If the broker is away, ``leaderboard.tasks.rate_pending`` rates it later."""
    transaction.on_commit(lambda: _send(game_id))


def _send(game_id: int) -> None:
    from config.celery import app  # config imports the services: import it when used

    try:
        app.send_task("leaderboard.tasks.rate_match", args=(game_id,))
    except Exception:
        log.exception("could not send the rating of game %s", game_id)
