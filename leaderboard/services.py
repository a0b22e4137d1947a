"""The daily challenge's commands and queries (docs/rules.md §6).

- ``challenge_for(day)``: the challenge of a Paris day, created once however many
  times it is asked for (beat at midnight, the first visit, the watchdog, the
  ``daily_challenge`` command).
- ``start_attempt(user)``: a player's attempt at today's challenge; a second start
  gives back the first (R63).
- ``attempt_scored``: keeps an attempt's standing as its rounds end (connected
  to ``games.signals.round_scored``, in the same transaction as the round's end).
- ``close_day(challenge)``: once the day is over, the attempts left unfinished
  count as they stand (R63).
- ``ranking`` and ``rank_of``: R62's order, one indexed query each.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db import IntegrityError, transaction
from django.db.models import Count, F, Q, QuerySet, Sum
from django.utils import timezone

from games import services as games
from games.models import Game
from games.rules import get_ruleset
from leaderboard.models import (
    DailyAttempt,
    DailyChallenge,
    DealScore,
    PointsCount,
    ScoreCount,
    paris_today,
    rotation_for,
)

TOP = 50


def challenge_for(day: date) -> DailyChallenge:
    """The challenge of ``day``: created with the rotation's variant and a fresh secret
    seed the first time, the same one ever after (R60)."""
    found = DailyChallenge.objects.filter(date=day).first()
    if found is not None:
        return found
    variant, seats = rotation_for(day)
    try:
        with transaction.atomic():
            return DailyChallenge.objects.create(date=day, variant=variant, seats=seats)
    except IntegrityError:  # created at the same moment by another process
        return DailyChallenge.objects.get(date=day)


def today(now: datetime | None = None) -> DailyChallenge:
    return challenge_for(paris_today(now))


def start_attempt(user: AbstractBaseUser, now: datetime | None = None) -> DailyAttempt:
    """``user``'s attempt at today's challenge: their first one if they have one (R63),
    else a new game of five rounds against the robots, dealt from the day's seed."""
    challenge = today(now)
    existing = DailyAttempt.objects.filter(challenge=challenge, player_id=user.pk).first()
    if existing is not None:
        return existing
    try:
        with transaction.atomic():
            game = games.open_attempt(
                user, challenge.variant, challenge.seats, challenge.seed, challenge.ends
            )
            return DailyAttempt.objects.create(challenge=challenge, player=user, game=game)
    except IntegrityError:  # two starts at once: the other one made it
        return DailyAttempt.objects.get(challenge=challenge, player_id=user.pk)


def attempt_scored(sender: object, game: Game, match: Any, **kwargs: Any) -> None:
    """A round of a daily attempt ended: its standing is the match's scores (R62)."""
    if not game.daily or match.round is None:
        return
    rules = get_ruleset(game.variant)
    mine = rules.side_of(0)
    points = match.scores[mine]
    robots = sum(score for side, score in enumerate(match.scores) if side != mine)
    rnd = match.round
    in_round = [rnd.points[mine], sum(p for side, p in enumerate(rnd.points) if side != mine)]
    attempt = DailyAttempt.objects.select_for_update().filter(game=game).first()
    if attempt is None:
        return
    rounds = [r for r in attempt.rounds if r["number"] != rnd.number]
    rounds.append({"number": rnd.number, "points": in_round[0], "robot_points": in_round[1]})
    attempt.rounds = sorted(rounds, key=lambda r: r["number"])
    attempt.points, attempt.robot_points = points, robots
    fields = ["rounds", "points", "robot_points"]
    if match.status == "over":
        attempt.finished = timezone.now()
        attempt.complete = True
        fields += ["finished", "complete"]
    attempt.save(update_fields=fields)
    DealScore.objects.update_or_create(
        attempt=attempt,
        number=rnd.number,
        defaults={"challenge_id": attempt.challenge_id, "points": in_round[0], "robot_points": in_round[1]},
    )
    if attempt.finished is not None and attempt.disqualified is None:
        _count(attempt)


def _count(attempt: DailyAttempt) -> None:
    """One more ranked attempt with these scores, in the counts the ranks are read from."""
    for model, keys in (
        (PointsCount, {"points": attempt.points}),
        (ScoreCount, {"points": attempt.points, "robot_points": attempt.robot_points}),
    ):
        where = {"challenge_id": attempt.challenge_id, **keys}
        if model.objects.filter(**where).update(attempts=F("attempts") + 1):
            continue
        try:
            with transaction.atomic():
                model.objects.create(**where, attempts=1)
        except IntegrityError:  # created at the same moment by another attempt's end
            model.objects.filter(**where).update(attempts=F("attempts") + 1)


def recount(challenge: DailyChallenge) -> None:
    """Rebuild a day's counts from its ranked attempts (after many are ranked at once)."""
    with transaction.atomic():
        PointsCount.objects.filter(challenge=challenge).delete()
        ScoreCount.objects.filter(challenge=challenge).delete()
        rows = ranked(challenge).values("points").annotate(n=Count("id")).order_by()
        PointsCount.objects.bulk_create(
            PointsCount(challenge=challenge, points=r["points"], attempts=r["n"]) for r in rows
        )
        rows = ranked(challenge).values("points", "robot_points").annotate(n=Count("id")).order_by()
        ScoreCount.objects.bulk_create(
            ScoreCount(
                challenge=challenge, points=r["points"], robot_points=r["robot_points"], attempts=r["n"]
            )
            for r in rows
        )


def close_day(challenge: DailyChallenge, now: datetime | None = None) -> int:
    """Once its day is over, count every unfinished attempt as it stands (R63).

    Its result stands from the end of the day, after every attempt finished in time.
    Idempotent; returns how many attempts it closed.
    """
    if not challenge.is_over(now):
        return 0
    with transaction.atomic():
        closed = DailyAttempt.objects.filter(challenge=challenge, finished__isnull=True).update(
            finished=challenge.ends, complete=False
        )
        if closed:
            recount(challenge)
    return closed


def watch(now: datetime | None = None) -> dict[str, int]:
    """The daily challenge's watchdog: today's challenge exists, past days are closed."""
    today(now)
    closed = 0
    open_days = DailyAttempt.objects.filter(finished__isnull=True).values("challenge").distinct()
    for challenge in DailyChallenge.objects.filter(pk__in=open_days, date__lt=paris_today(now)):
        closed += close_day(challenge, now)
    return {"closed": closed}


# Ranking (R62) ------------------------------------------------------------------------
#
# The order: more points, then fewer robots' points, then the earlier finish (then the
# earlier attempt, so that the order is total). The index ``daily_ranking`` holds the
# ranked attempts of each day in exactly that order: the top is its first rows, and a
# player's rank counts the rows before theirs.

ORDER = ["-points", "robot_points", "finished", "id"]


def ranked(challenge: DailyChallenge) -> QuerySet[DailyAttempt]:
    return DailyAttempt.objects.filter(challenge=challenge, finished__isnull=False, disqualified__isnull=True)


def ranking(challenge: DailyChallenge, limit: int = TOP) -> list[DailyAttempt]:
    return list(ranked(challenge).select_related("player").order_by(*ORDER)[:limit])


def rank_of(attempt: DailyAttempt) -> int | None:
    """The attempt's place in its day's ranking (from 1), or None while it is not ranked.

    The attempts ahead: those with more points (a sum over ``PointsCount``), those with
    as many points and fewer robots' points (a sum over ``ScoreCount``), and those with
    the very same scores that finished earlier (a short range of ``daily_ranking``).
    """
    if attempt.finished is None or attempt.disqualified is not None:
        return None
    c, p, r = attempt.challenge_id, attempt.points, attempt.robot_points
    more = PointsCount.objects.filter(challenge_id=c, points__gt=p).aggregate(n=Sum("attempts"))["n"] or 0
    fewer = ScoreCount.objects.filter(challenge_id=c, points=p, robot_points__lt=r).aggregate(
        n=Sum("attempts")
    )
    same = (
        ranked(attempt.challenge)
        .filter(points=p, robot_points=r)
        .filter(Q(finished__lt=attempt.finished) | Q(finished=attempt.finished, pk__lt=attempt.pk))
        .count()
    )
    return 1 + more + (fewer["n"] or 0) + same


@dataclass
class Standing:
    """What the day's page shows of one ranked attempt."""

    rank: int
    name: str
    points: int
    robot_points: int
    finished: datetime
    complete: bool
    me: bool

    def as_json(self) -> dict[str, Any]:
        return {
            "rank": self.rank,
            "name": self.name,
            "points": self.points,
            "robot_points": self.robot_points,
            "finished": self.finished.isoformat(),
            "complete": self.complete,
            "me": self.me,
        }


def standings(challenge: DailyChallenge, viewer: AbstractBaseUser | None) -> dict[str, Any]:
    """The day's top and the viewer's own place, as the page and its polling show them."""
    close_day(challenge)
    top = [
        Standing(
            i + 1,
            a.player.get_username(),
            a.points,
            a.robot_points,
            a.finished,  # type: ignore[arg-type]
            a.complete,
            viewer is not None and a.player_id == viewer.pk,
        )
        for i, a in enumerate(ranking(challenge))
    ]
    mine = None
    if viewer is not None and viewer.is_authenticated:
        attempt = DailyAttempt.objects.filter(challenge=challenge, player_id=viewer.pk).first()
        if attempt is not None:
            mine = {
                "rank": rank_of(attempt),
                "points": attempt.points,
                "robot_points": attempt.robot_points,
                "rounds_played": attempt.rounds_played,
                "finished": attempt.finished is not None,
                "complete": attempt.complete,
            }
    return {
        "date": challenge.date.isoformat(),
        "players": DailyAttempt.objects.filter(challenge=challenge).count(),
        "ranked": ranked(challenge).count(),
        "top": top,
        "mine": mine,
    }


def history(player: AbstractBaseUser, viewer: AbstractBaseUser, limit: int = 20) -> list[dict[str, Any]]:
    """A player's daily results, latest first, with their rank: their ranked attempts (the
    unfinished one of today only to themselves: it says nothing to others until it ends)."""
    attempts = (
        DailyAttempt.objects.filter(player=player).select_related("challenge", "game").order_by("-started")
    )
    if viewer.pk != player.pk:
        attempts = attempts.filter(finished__isnull=False)
    rows = []
    for attempt in attempts[:limit]:
        close_day(attempt.challenge)
        if attempt.finished is None and attempt.challenge.is_over():
            attempt.refresh_from_db()
        rows.append({"attempt": attempt, "challenge": attempt.challenge, "rank": rank_of(attempt)})
    return rows
