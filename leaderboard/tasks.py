"""Celery tasks of the leaderboard: thin calls, idempotent.

Ratings (leaderboard.ratings): ``rate_match`` is sent after the commit of the
play that ended a rated match; the compare-and-swap on the match makes a second
delivery do nothing. ``rate_pending`` (beat, every minute) rates any match whose
task was lost, and ``refresh_ratings`` (beat, hourly) applies a new day without
play to what is shown.

The daily challenge (leaderboard.services): ``new_day`` (beat, at midnight Paris
time) and ``watch`` (beat, every minute, in case midnight was missed).
"""

from __future__ import annotations

from celery import shared_task

from games.models import Game
from leaderboard import ratings, results, services


@shared_task(name="leaderboard.tasks.rate_match", ignore_result=True)
def rate_match(game_id: int) -> int:
    """Rate a finished match and tell its table; the number of players rated (0: done before)."""
    changes = ratings.rate_match(game_id)
    if changes:
        results.announce(game_id)
    return len(changes)


@shared_task(name="leaderboard.tasks.rate_pending", ignore_result=True)
def rate_pending() -> int:
    """Rate the finished rated matches that are not rated yet (their task was lost)."""
    pending = ratings.rateable(Game.objects.filter(rated_at__isnull=True)).order_by("finished", "pk")
    done = 0
    for game_id in pending.values_list("pk", flat=True)[:500]:
        done += rate_match(game_id) > 0
    return done


@shared_task(name="leaderboard.tasks.refresh_ratings", ignore_result=True)
def refresh_ratings() -> int:
    """What is shown, with today's idle days (does nothing once done for the day)."""
    return ratings.refresh()


@shared_task(name="leaderboard.tasks.new_day", ignore_result=True)
def new_day() -> str:
    """At midnight in Paris: draw the new day's challenge (R60) and close the day before (R63)."""
    services.watch()
    return services.today().date.isoformat()


@shared_task(name="leaderboard.tasks.watch", ignore_result=True)
def watch() -> dict[str, int]:
    """The watchdog: if beat missed midnight (the site was down), the challenge is drawn now."""
    return services.watch()
