"""What the table does when nobody does (R52–R56): played turns, dealt rounds, abandoned tables.

Each function acts only if the game still waits for what it was called for at
that version and its deadline has passed: the clock process (games.clock), the
watchdog (``sweep``) and a repeated call may all ask, and only the first acts.
"""

from __future__ import annotations

import logging
from collections.abc import Collection
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Exists, Max, OuterRef, QuerySet
from django.utils import timezone

from games.models import Connection, Game
from games.rules import apply, house_choice, parse_action, robots, table_play, view

from . import presence
from .core import (
    ROBOT,
    TABLE,
    Change,
    acts_for,
    anyone_here,
    bump,
    clock_changed,
    deal_next,
    find_table,
    presence_changed,
    record,
    robot_seed,
    robot_view,
    seats_of,
)

log = logging.getLogger(__name__)


def _due(game: Game, version: int, status: str) -> bool:
    """Whether ``version`` of the game still waits in ``status`` and its deadline has passed."""
    return (
        game.version == version
        and game.status == status
        and game.deadline is not None
        and game.deadline <= timezone.now()
        and not (game.daily and game.day_over())
    )


def waits_for_nobody(game: Game) -> bool:
    """R56: while no seat of the match is connected, the table waits: no clock runs, and it
    plays for nobody. A table found so (nobody ever came back to it) is noted deserted from now.
    (A daily attempt waits in its own way: its clock is taken off, see ``core.turn_seconds``.)"""
    if game.daily or (game.deserted is None and anyone_here(game, None)):
        return False
    if game.deserted is None:
        game.deserted = timezone.now()
        game.save(update_fields=["deserted"])
    return True


def _due_action(game: Game, match: Any) -> tuple[Any, bool]:
    """What is played when the turn's deadline passes, and whether the table played it.

    A robot plays its own turn: at a daily attempt, the house robot, here (R61); at a
    live table its turn is the robots' workers' (games.services.robots), and the clock
    plays it only if their task was lost, at the robot's level if it is cheap, at the
    house level for an expert, whose search never runs in the clock's loop."""
    assert match.round is not None
    seat = match.round.turn
    if acts_for(game, seat) == ROBOT:
        if game.daily:  # R61: the house robot on its seat's view, as ever
            return parse_action(game.variant, house_choice(view(match, seat))), False
        level = next((s.level for s in seats_of(game) if s.index == seat), "")
        if level not in robots.LEVELS or level == "expert":
            level = "house"
        play = robots.choose(robot_view(game, match, seat), level, seed=robot_seed(game))
        return parse_action(game.variant, play), False
    return table_play(match), True  # R52: the first tile of the hand that fits


def autoplay_if_due(game_id: int, version: int) -> Change | None:
    """R52, R53, R61: the deadline of the turn of ``version`` passed: play it.

    For a player, the table plays the engine's ``table_play`` (the first tile of
    the hand that fits, on the first end); for a robot, the robot plays
    (``_due_action``). Does nothing if that turn has been played, is not yet due,
    or the game is gone: a late or repeated call changes nothing.
    """
    with transaction.atomic():
        game = find_table(game_id)
        if game is None or not _due(game, version, Game.PLAYING) or waits_for_nobody(game):
            return None
        before = game.match
        action, auto = _due_action(game, before)
        match, events = apply(before, action)
        for event in events:  # the first event is the seat's own play; forced ones follow
            if auto and event["type"] == "play" and event["seat"] == action.seat:
                event["auto"] = True
                break
        record(game, before, match, events)
        return bump(game, events, match=match)


def next_round_if_due(game_id: int, version: int) -> Change | None:
    """R54: the pause between rounds is over: deal the next one, unless the host already has."""
    with transaction.atomic():
        game = find_table(game_id)
        if game is None or not _due(game, version, Game.ROUND_OVER) or waits_for_nobody(game):
            return None
        game.status = Game.PLAYING
        match, events = deal_next(game, game.match)
        return bump(game, events, match=match)


def act_if_due(game_id: int, version: int | None = None, status: str | None = None) -> Change | None:
    """Whatever the game's passed deadline calls for, at ``version`` in ``status`` (as the
    caller found it), or at its current version."""
    if version is None or status is None:
        found = Game.objects.filter(pk=game_id).values("version", "status").first()
        if found is None:
            return None
        version, status = found["version"], found["status"]
    if status == Game.PLAYING:
        return autoplay_if_due(game_id, version)
    if status == Game.ROUND_OVER:
        return next_round_if_due(game_id, version)
    return None


def due_now(
    limit: int = 1000, overdue: float = 0.0, skip: Collection[int] = ()
) -> list[tuple[int, int, str]]:
    """The games whose deadline passed ``overdue`` seconds ago or more, and that do not
    wait for nobody (R56), but those of ``skip``: ``(id, version, status)``, the most
    overdue first."""
    now = timezone.now()
    return list(
        _due_games(now - timedelta(seconds=overdue), skip).values_list("pk", "version", "status")[:limit]
    )


def _due_games(before: datetime, skip: Collection[int]) -> QuerySet[Game]:
    """The games whose deadline passed at ``before`` or earlier and that do not wait for
    nobody, but those of ``skip``, the most overdue first (the index ``game_deadline``)."""
    now = timezone.now()
    games = Game.objects.filter(deadline__lte=before, status__in=Game.LIVE, deserted__isnull=True).exclude(
        daily=True, playable_until__lte=now
    )
    if skip:
        games = games.exclude(pk__in=list(skip))
    return games.order_by("deadline")


def act_on_claimed(limit: int, skip: Collection[int] = ()) -> tuple[int, int, list[tuple[int, int]]]:
    """Claim up to ``limit`` games whose deadline has passed and act on each, in one
    transaction: ``(claimed, acted, left)``, ``left`` the ``(id, version)`` of the games
    claimed and not acted on: their act raised (logged; the others are kept), or found
    nothing to do. Nothing claimed: nothing is due but what ``skip`` names or another
    transaction holds.

    The claim locks the rows it returns, the most overdue first, and passes over the rows
    another transaction holds (``SKIP LOCKED``, PostgreSQL): several clock processes, and
    the threads of each, claim different games of one wave instead of queueing on the same
    rows and finding them played (docs/architecture.md, "Several clocks"). Each act is
    ``act_if_due`` as ever, in a savepoint of its own; the messages of the batch go out
    after its commit (in the clock, handed to its event loop: games.transport). (SQLite
    has no row locks: there the claim locks nothing, and ``act_if_due`` takes the
    database's write lock and re-checks the version, as always.)
    """
    now = timezone.now()
    left: list[tuple[int, int]] = []
    with transaction.atomic():
        claimed = list(
            _due_games(now, skip)
            .select_for_update(skip_locked=True)
            .values_list("pk", "version", "status")[:limit]
        )
        for game_id, version, status in claimed:
            try:
                if act_if_due(game_id, version, status) is None:
                    left.append((game_id, version))
            except Exception:  # an error in this game: the others of the batch go on
                log.exception("acting on game %s version %s failed", game_id, version)
                left.append((game_id, version))
    return len(claimed), len(claimed) - len(left), left


def next_deadline() -> float | None:
    """Seconds until the nearest deadline still to come (of a game that does not wait for
    nobody), or None if there is none."""
    now = timezone.now()
    soonest = (
        Game.objects.filter(deadline__gt=now, status__in=Game.LIVE, deserted__isnull=True)
        .order_by("deadline")
        .values_list("deadline", flat=True)
        .first()
    )
    return None if soonest is None else (soonest - now).total_seconds()


def restart_clock(game_id: int) -> None:
    """Time the turn under way again from who holds the seat now: a player just suspended
    or banned on their turn is played for at once (R52), without waiting out their clock."""
    with transaction.atomic():
        game = find_table(game_id)
        if game is None or game.status != Game.PLAYING:
            return
        if game.turn is None or acts_for(game, game.turn) != TABLE:
            return
        game.deadline = timezone.now()
        game.save(update_fields=["deadline"])
        clock_changed(game)
        presence_changed(game)


def abandon_if_due(game_id: int) -> Change | None:
    """Close a table nobody joined in time, or a match nobody stayed at, as abandoned."""
    now = timezone.now()
    with transaction.atomic():
        game = find_table(game_id)
        if game is None:
            return None
        if game.status == Game.OPEN:
            joined = game.seat_set.aggregate(last=Max("joined"))["last"] or game.created
            if joined > now - timedelta(seconds=settings.OPEN_TABLE_TIMEOUT_SECONDS):
                return None
        elif game.status in Game.LIVE and not game.daily:  # an attempt is never abandoned (R56)
            if anyone_here(game, None):
                if game.deserted is not None:
                    presence.resume(game)
                return None
            if game.deserted is None or game.deserted > now - timedelta(
                seconds=settings.DESERTED_TIMEOUT_SECONDS
            ):
                return None
        else:
            return None
        game.status = Game.ABANDONED
        game.finished = now
        return bump(game, [{"type": "abandoned"}], lobby=True)


def note_if_deserted(game_id: int) -> bool:
    """R56: the watchdog found no seat connected at a live table; True if, under the
    table's lock, that still holds and the table is noted deserted from now.

    Not one statement over every table: a socket opening at that moment (``connect``,
    under the same lock) is invisible to a statement begun before it committed, which
    would note the table deserted with a player at it, and stop its clock for good."""
    with transaction.atomic():
        game = find_table(game_id)
        if game is None or game.status not in Game.LIVE or game.deserted is not None:
            return False
        return waits_for_nobody(game)


def sweep() -> dict[str, int]:
    """The watchdog, run every SWEEP_SECONDS by celery beat; returns what it did.

    It forgets sockets whose process died (no heartbeat), acts on every deadline
    that has passed (the clock process is down, say), and closes abandoned tables.
    """
    now = timezone.now()
    done = {"connections": 0, "deadlines": 0, "deserted": 0, "abandoned": 0}
    stale = now - timedelta(seconds=settings.PRESENCE_TIMEOUT_SECONDS)
    for channel in Connection.objects.filter(seen__lt=stale).values_list("channel", flat=True):
        presence.disconnect(channel, grace=False)
        done["connections"] += 1
    # Sockets closed longer ago than their grace, whose timed task was lost (R53).
    graced = now - timedelta(seconds=settings.PRESENCE_GRACE_SECONDS)
    for channel in Connection.objects.filter(closed__lte=graced).values_list("channel", flat=True):
        presence.leave_if_away(channel)
    # What the clock left overdue (it is stopped, say): not what it is about to act on,
    # so that the two do not play the same turns one after the other.
    # R56: a table that waits for nobody has no clock running.
    for game_id, version, status in due_now(limit=10_000, overdue=2 * settings.CLOCK_POLL_SECONDS + 1):
        done["deadlines"] += act_if_due(game_id, version, status) is not None
    # A match with no seat connected: note since when (connect and disconnect keep it too).
    # Found without the lock; each is noted under it, where sockets come and go.
    seated = Connection.objects.filter(game=OuterRef("pk"), seat__isnull=False)
    for game_id in (
        Game.objects.filter(status__in=Game.LIVE, deserted__isnull=True, daily=False)
        .exclude(Exists(seated))
        .values_list("pk", flat=True)
    ):
        done["deserted"] += note_if_deserted(game_id)
    deserted = now - timedelta(seconds=settings.DESERTED_TIMEOUT_SECONDS)
    unjoined = now - timedelta(seconds=settings.OPEN_TABLE_TIMEOUT_SECONDS)
    candidates = list(
        Game.objects.filter(status__in=Game.LIVE, deserted__lte=deserted, daily=False).values_list(
            "pk", flat=True
        )
    ) + list(
        Game.objects.filter(status=Game.OPEN, created__lte=unjoined)
        .annotate(last=Max("seat_set__joined"))
        .filter(last__lte=unjoined)
        .values_list("pk", flat=True)
    )
    for game_id in candidates:
        done["abandoned"] += abandon_if_due(game_id) is not None
    return done
