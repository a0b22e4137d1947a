"""Robots at live tables (R58): the host seats and unseats them; the robots' workers play them.

A robot's turn at a live table is thought out in a Celery worker of the robots'
queue (``games.tasks.robot_turn``, sent after the commit that gave the robot its
turn, with the game's version: ``core.robot_turn_on_commit``), never in Daphne or
in the clock's loop. ``robot_turn`` reads the seat's view without a lock, thinks
(``games.rules.robots.choose`` at the seat's level; the expert within
ROBOT_EXPERT_SECONDS), then ``play_robot`` locks the game and plays only if that
same version still waits for that robot: a late or repeated answer changes
nothing. If the task is lost, the turn's deadline is the fallback: the clock plays
it then (``clocks._due_action``: the house level for an expert).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from games.models import Game, SeatInfo
from games.rules import RuleError, apply, parse_action, robots

from .clocks import waits_for_nobody
from .core import (
    PLAYER,
    ROBOT,
    Change,
    ServiceError,
    acting_seat,
    acts_for,
    bump,
    check_not_ended,
    find_table,
    free_seat,
    load_table,
    record,
    robot_seed,
    robot_view,
    seats_of,
    take_seat,
)
from .tables import check_robot, robot_seat, start

log = logging.getLogger(__name__)


def _host_of_open_table(game: Game, user: AbstractBaseUser) -> None:
    """Only the host of a table still waiting for players may seat or unseat a robot."""
    if acting_seat(game, user, PLAYER) != 0:
        raise ServiceError("not_host")
    check_not_ended(game)
    if game.status != Game.OPEN:
        raise ServiceError("started")


def seat_robot(game_id: int, user: AbstractBaseUser, level: str, seat: int | None = None) -> Change:
    """R58: the host seats a robot of ``level`` in a free seat (``seat``, or the first free
    one). The table is then no longer rated; the match starts if that was the last seat."""
    with transaction.atomic():
        game = load_table(game_id)
        _host_of_open_table(game, user)
        taken = {s.index for s in seats_of(game)}
        free = [i for i in range(1, game.seats) if i not in taken]
        if seat is None:
            if not free:
                raise ServiceError("full")
            seat = free[0]
        check_robot(game.seats, seat, level)
        if seat in taken:
            raise ServiceError("seat_taken")
        row = robot_seat(game, seat, level)
        row.save()
        take_seat(game, SeatInfo.of(seat, None, None, row.robot, None, False, level))
        game.rated = False  # a table with a robot is never rated (R58)
        events: list[dict[str, Any]] = [{"type": "seated", "seat": seat}]
        if len(free) == 1:
            return start(game, events, present=0)
        return bump(game, events, lobby=True)


def unseat_robot(game_id: int, user: AbstractBaseUser, seat: object) -> Change:
    """R58: the host takes a robot away from its seat before the match starts."""
    with transaction.atomic():
        game = load_table(game_id)
        _host_of_open_table(game, user)
        if not any(s.index == seat and s.robot for s in seats_of(game)):
            raise ServiceError("not_a_robot")
        assert isinstance(seat, int)
        game.seat_set.filter(index=seat).delete()
        free_seat(game, seat)
        return bump(game, [{"type": "left", "seat": seat}], lobby=True)


def robot_turn(game_id: int, version: int) -> Change | None:
    """Think out the turn of the robot that ``version`` of the game waits for, and play it
    (run by a worker of the robots' queue). Nothing if that turn is no longer waiting."""
    game = find_table(game_id, lock=False)  # no lock while thinking
    if game is None or not _waits_for_robot(game, version):
        return None
    assert game.turn is not None
    seat = game.turn
    level = next(s.level for s in seats_of(game) if s.index == seat)
    limit = time.monotonic() + settings.ROBOT_EXPERT_SECONDS
    budget = robots.Budget(settings.ROBOT_EXPERT_PLAYOUTS, lambda: time.monotonic() >= limit)
    play = robots.choose(robot_view(game, game.match, seat), level, seed=robot_seed(game), budget=budget)
    return play_robot(game_id, version, play)


def _waits_for_robot(game: Game, version: int) -> bool:
    """Whether ``version`` of a live table is still a robot's turn (R58)."""
    return (
        game.version == version
        and game.status == Game.PLAYING
        and not game.daily
        and game.turn is not None
        and acts_for(game, game.turn) == ROBOT
    )


def play_robot(game_id: int, version: int, play: dict[str, Any]) -> Change | None:
    """Play a robot's ``play`` (record form, with its seat) if ``version`` still waits for
    that robot; else, or while the table waits for nobody (R56), change nothing."""
    with transaction.atomic():
        game = find_table(game_id)
        if game is None or not _waits_for_robot(game, version) or play.get("seat") != game.turn:
            return None
        if waits_for_nobody(game):  # R56: the robots wait too; ``presence.resume`` sends it again
            return None
        before = game.match
        try:
            match, events = apply(before, parse_action(game.variant, play))
        except RuleError:  # never expected: the clock plays the turn at its deadline
            log.exception("robot's play %r refused at table %s", play, game_id)
            return None
        record(game, before, match, events)
        return bump(game, events, match=match)
