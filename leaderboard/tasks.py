"""The daily challenge's periodic tasks (celery beat, config/settings.py)."""

from __future__ import annotations

from celery import shared_task

from leaderboard import services


@shared_task(name="leaderboard.tasks.new_day", ignore_result=True)
def new_day() -> str:
    """At midnight in Paris: draw the new day's challenge (R60) and close the day before (R63)."""
    services.watch()
    return services.today().date.isoformat()


@shared_task(name="leaderboard.tasks.watch", ignore_result=True)
def watch() -> dict[str, int]:
    """The watchdog: if beat missed midnight (the site was down), the challenge is drawn now."""
    return services.watch()
