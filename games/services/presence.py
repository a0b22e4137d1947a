"""Who is at the table: sockets opening and closing, and what presence does to the clocks (R53, R56)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from games import access
from games.models import Connection, Game

from .core import (
    ServiceError,
    anyone_here,
    clock_changed,
    connected,
    find_table,
    load_table,
    presence_changed,
    robot_turn_on_commit,
    seat_index,
    socket_forgotten,
    socket_opened,
    start_clock,
)

log = logging.getLogger(__name__)


def connect(
    game_id: int, user: AbstractBaseUser | None, channel: str, invitation: str | None = None
) -> int | None:
    """Record an open websocket on a table; return its seat (None: a spectator).

    A seated player plays from any number of tabs. Others watch: a public table,
    or a private one whose invitation they hold.
    """
    with transaction.atomic():
        game = load_table(game_id)
        seat = None
        if user is not None and user.is_authenticated:
            seat = seat_index(game, user)
        if not access.can_see(game, user, invitation, seated=seat is not None):
            raise ServiceError("not_found")
        was = connected(game, seat)
        if seat is not None:
            # A reload: the socket that closed a moment ago (in its grace) was this one's.
            Connection.objects.filter(game=game, seat=seat, closed__isnull=False).delete()
        Connection.objects.create(
            game=game, user=user if seat is not None else None, seat=seat, channel=channel
        )
        socket_opened(game, seat)
        if seat is not None and game.deserted is not None:
            resume(game)
        if seat is not None and game.daily and game.status in Game.LIVE and game.deadline is None:
            # R56: the attempt waited for its player; its clock starts again.
            start_clock(game, seat)
            game.save(update_fields=["deadline"])
        # R53: coming back gives no time back; the deadline stays as it is.
        if seat is None or not was:  # a player back, or one more spectator
            presence_changed(game)
    return seat


def resume(game: Game) -> None:
    """R56: a player is back at a table that waited for nobody. The clock of what the table
    waits for starts again with the time it had left when the last player went, at most
    AWAY_SECONDS if the seat to play is still away (R53)."""
    assert game.deserted is not None
    changed = ["deserted"]
    if game.deadline is not None and game.status in Game.LIVE:
        left = max(timedelta(0), game.deadline - game.deserted)
        if game.status == Game.PLAYING and game.turn is not None and not connected(game, game.turn):
            left = min(left, timedelta(seconds=settings.AWAY_SECONDS))
        game.deadline = timezone.now() + left
        changed.append("deadline")
        clock_changed(game)
        if game.status == Game.PLAYING:  # a robot's turn at a live table: its worker again
            robot_turn_on_commit(game)
    game.deserted = None
    game.save(update_fields=changed)


def disconnect(channel: str, grace: bool = True) -> None:
    """A socket closed (or its process died: ``grace=False``).

    R53: a seat counts as disconnected only once it has had no open socket for
    PRESENCE_GRACE_SECONDS: the last socket of a seat is kept, marked closed, for that
    long (a reload opens the next one in time), then ``leave_if_away`` counts the seat
    away, timed by a task and caught by the watchdog.
    """
    game_id = Connection.objects.filter(channel=channel).values_list("game_id", flat=True).first()
    if game_id is None:
        return
    with transaction.atomic():
        game = find_table(game_id)  # before anything else is read (see core.write_lock)
        conn = Connection.objects.filter(channel=channel).first()
        if game is None or conn is None:
            return
        still_open = Connection.objects.filter(game=game, seat=conn.seat, closed__isnull=True).exclude(
            pk=conn.pk
        )
        if conn.seat is None or still_open.exists() or not grace or settings.PRESENCE_GRACE_SECONDS <= 0:
            _forget(game, conn)
            _seat_gone(game, conn.seat)
            if conn.seat is None:  # one spectator fewer
                presence_changed(game)
            return
        if conn.closed is None:
            conn.closed = timezone.now()
            conn.save(update_fields=["closed"])
            eta = conn.closed + timedelta(seconds=settings.PRESENCE_GRACE_SECONDS)
            transaction.on_commit(lambda: _send_presence_task(channel, eta))


def _send_presence_task(channel: str, eta: datetime) -> None:
    from config.celery import app  # config imports this module's app: import it when used

    try:
        app.send_task("games.tasks.leave_if_away", args=(channel,), eta=eta)
    except Exception:  # the broker is down: the watchdog will find the closed socket
        log.exception("could not time the departure of %s", channel)


def leave_if_away(channel: str) -> bool:
    """The grace of a closed socket is over (R53): unless its seat came back, the seat is
    away. True if the socket was forgotten now."""
    game_id = Connection.objects.filter(channel=channel).values_list("game_id", flat=True).first()
    if game_id is None:
        return False
    with transaction.atomic():
        game = find_table(game_id)
        since = timezone.now() - timedelta(seconds=settings.PRESENCE_GRACE_SECONDS)
        conn = Connection.objects.filter(channel=channel, closed__isnull=False, closed__lte=since).first()
        if game is None or conn is None:  # back in time (the row is gone), or the task came early
            return False
        _forget(game, conn)
        _seat_gone(game, conn.seat)
        return True


def _forget(game: Game, conn: Connection) -> None:
    """Delete the socket's row, and keep the table the command holds as it now is."""
    conn.delete()
    others = conn.seat is not None and Connection.objects.filter(game=game, seat=conn.seat).exists()
    socket_forgotten(game, conn.seat, others)


def _seat_gone(game: Game, seat: int | None) -> None:
    """A socket of ``seat`` is forgotten: if the seat has no other, it is away (R53), and
    if no seat is left, the table waits for nobody (R56)."""
    if seat is None or connected(game, seat):
        return
    changed = []
    if game.daily and game.status in Game.LIVE and not anyone_here(game, None):
        # R56: nobody left at an attempt: it waits for its player, clocks stopped.
        game.deadline = None
        changed.append("deadline")
    elif game.status == Game.PLAYING and game.turn == seat and game.deadline:
        sooner = timezone.now() + timedelta(seconds=settings.AWAY_SECONDS)
        if sooner < game.deadline:
            game.deadline = sooner
            changed.append("deadline")
            clock_changed(game)
    if game.status in Game.LIVE and not game.daily and not anyone_here(game, None):
        # R56: nobody left at a live table: it waits, its clock stopped at what is left.
        game.deserted = timezone.now()
        changed.append("deserted")
    if changed:
        game.save(update_fields=changed)
    presence_changed(game)


def heartbeat(channel: str) -> bool:
    """An open socket is still there (its process is alive); False if it was swept."""
    return Connection.objects.filter(channel=channel).update(seen=timezone.now()) > 0
