"""Timers of live tables (DESIGN.md §5): Celery tasks that call the services.

A task is timed for a deadline stored on the game, with the version it was
timed for; the service acts only if that version is still waiting and overdue.
So a task that comes late, twice, or for a turn already played does nothing,
and nothing relies on revoking one. ``sweep`` (celery beat) catches deadlines
whose task was lost.
"""

from __future__ import annotations

from typing import Any

from celery import shared_task
from celery.signals import worker_init

from games import broadcast, services


@worker_init.connect
def _send_from_one_loop(**kwargs: Any) -> None:
    """The worker's messages go out from one event loop per process (games.broadcast)."""
    broadcast.use_own_loop()


@shared_task(name="games.tasks.autoplay", ignore_result=True)
def autoplay(game_id: int, version: int) -> bool:
    """R52, R53: play for the seat whose clock ran out. True if the table played."""
    return services.autoplay_if_due(game_id, version) is not None


@shared_task(name="games.tasks.next_round", ignore_result=True)
def next_round(game_id: int, version: int) -> bool:
    """R54: deal the next round at the end of the pause. True if it was dealt."""
    return services.next_round_if_due(game_id, version) is not None


@shared_task(name="games.tasks.leave_if_away", ignore_result=True)
def leave_if_away(channel: str) -> bool:
    """R53: a seat's last socket closed PRESENCE_GRACE_SECONDS ago: unless it is back, it is away."""
    return services.leave_if_away(channel)


@shared_task(name="games.tasks.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    """The watchdog: lost timers, dead sockets, abandoned tables."""
    return services.sweep()
