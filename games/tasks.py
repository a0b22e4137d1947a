"""Celery tasks of live tables (docs/architecture.md §5): each calls one service.

The turns and the pauses between rounds are not timed here: their deadlines are
stored on the games and the clock process acts on them (games.clock). Here are
the departure of a seat whose socket's grace is over (R53), timed when the socket
closes, and the watchdog, ``sweep`` (celery beat), which acts on whatever was
left: a deadline the clock did not act on, a socket whose process died, a table
nobody stayed at. Each service re-checks what it was called for, so a task that
comes late, twice, or for something already done does nothing.

A robot's turn at a live table (R58), ``robot_turn``, goes to the robots' queue
(ROBOTS_QUEUE, settings.CELERY_TASK_ROUTES), consumed by workers of their own:
the expert's search never runs in Daphne, in the clock, or before the other tasks.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Any

from celery import shared_task
from celery.signals import worker_init
from django.conf import settings

from games import services, transport

log = logging.getLogger(__name__)


@worker_init.connect
def _send_from_one_loop(**kwargs: Any) -> None:
    """The worker's messages go out from one event loop per process (games.transport)."""
    transport.use_own_loop()


@worker_init.connect
def robots_worker(sender: Any = None, **kwargs: Any) -> None:
    """A worker that consumes only the robots' queue (the Procfile's ``robots``) yields the
    CPU to the live tables: it runs ROBOTS_CONCURRENCY searches at once, at niceness
    ROBOTS_NICE, set here in its main process before it starts its pool, whose processes
    inherit it (docs/architecture.md, "Robots at live tables")."""
    if sender is None or set(sender.app.amqp.queues.consume_from) != {settings.ROBOTS_QUEUE}:
        return
    sender.concurrency = settings.ROBOTS_CONCURRENCY
    raise_niceness(settings.ROBOTS_NICE)


AUTOGROUP = Path("/proc/self/autogroup")


def raise_niceness(target: int) -> None:
    """This process's niceness at least ``target`` (never lowered: that needs privileges).

    Where the kernel groups processes by session for scheduling (autogroup, Linux's
    default on many systems), a process's niceness only weighs against the processes of
    its own session: the worker's session, against Daphne's, would still get an equal
    share of the cores. So the session's own niceness is raised too, when the session
    is the worker's (its process group leads it: systemd, honcho and bench.robot_load
    start it so), never a terminal's shared with other programs.
    """
    current = os.nice(0)
    if target > current:
        os.nice(target - current)
    if os.getpgid(0) != os.getsid(0):
        return
    try:
        weight = int(AUTOGROUP.read_text().split()[-1])  # "/autogroup-42 nice 0"
    except (OSError, ValueError, IndexError):  # no autogroups here
        return
    if target > weight:
        try:
            AUTOGROUP.write_text(str(target))
        except OSError:
            log.warning("could not raise the niceness of the robots' worker's session", exc_info=True)


@shared_task(name="games.tasks.leave_if_away", ignore_result=True)
def leave_if_away(channel: str) -> bool:
    """R53: a seat's last socket closed PRESENCE_GRACE_SECONDS ago: unless it is back, it is away."""
    return services.leave_if_away(channel)


@shared_task(name="games.tasks.sweep", ignore_result=True)
def sweep() -> dict[str, int]:
    """The watchdog: deadlines left overdue, dead sockets, abandoned tables."""
    return services.sweep()


@shared_task(name="games.tasks.robot_turn", ignore_result=True)
def robot_turn(game_id: int, version: int) -> bool:
    """R58: think out and play the turn of the robot that ``version`` of the table waits for."""
    return services.robot_turn(game_id, version) is not None
