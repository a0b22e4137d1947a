"""R58's robots at a live table, with the clock process, a real Celery worker of the robots'
queue and beat: the robots' turns are played by the worker, and a turn whose task a
killed worker took with it is played at its deadline, by the clock, at the house level."""

from __future__ import annotations

import time

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Move
from games.rules import robots
from games.services.core import robot_view
from tests.games.conftest import SEED, game_of, play_first, turn_of
from tests.timers.conftest import CLOCKS, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

ALICE_OPENS = "robot first 2"  # draw, 2 seats: alice opens (forced, R10), the robot is to play


@pytest.fixture
def clocks(settings):  # type: ignore[no-untyped-def]
    """The short clocks, but a robot's fallback long enough that only a worker plays in time."""
    values = {**CLOCKS, "ROBOT_FALLBACK_SECONDS": 60.0, "ROBOT_EXPERT_SECONDS": 0.2}
    for name, value in values.items():
        setattr(settings, name, value)
    return values


def robot_moves(game_id: int) -> list[Move]:
    return list(Move.objects.filter(game_id=game_id, forced=False).exclude(seat=0).order_by("seq"))


def test_r58_a_table_of_robots_plays_itself_through_the_workers_to_the_end_of_a_round(
    celery, clocks, players
):
    """block, 3 seats, alice against a beginner and an expert: she plays her turns at once,
    the workers play the robots' (their deadlines are a minute away: not the clock)."""
    alice = players[0]
    game = services.open_table(alice, "block", 3, 50, False, robots={1: "beginner", 2: "expert"}, seed=SEED)
    services.connect(game.pk, alice, f"tab-{game.pk}")
    begun = time.monotonic()
    while (game := game_of(game.pk)).status == Game.PLAYING:
        if turn_of(game) == 0:
            play_first(game)
            continue
        version = game.version
        wait_for(lambda: game_of(game.pk).version > version, timeout=15)  # noqa: B023
    assert game.status in (Game.ROUND_OVER, Game.OVER)
    moves = robot_moves(game.pk)
    assert {m.seat for m in moves if m.kind == Move.PLAY} == {1, 2}
    assert not any(m.auto for m in moves)  # the robots played: the table never did
    assert time.monotonic() - begun < clocks["ROBOT_FALLBACK_SECONDS"]
    assert "games.tasks.robot_turn" in celery.worker.output()
    assert game.replay() == game.match


def test_r58_a_robots_turn_lost_with_its_worker_is_played_at_its_deadline(celery, clocks, settings, players):
    """A worker killed with the robot's task (SIGKILL: nothing goes back to the broker): the
    turn's deadline is the fallback, the clock plays it at the house level; a worker
    started again plays the robots' next turns."""
    settings.ROBOT_SECONDS = 3.0  # time to kill the worker before it plays
    settings.ROBOT_FALLBACK_SECONDS = 2.0
    alice = players[0]
    game = services.practice(alice, "draw", 2, None, "expert", seed=ALICE_OPENS)
    services.connect(game.pk, alice, f"tab-{game.pk}")
    game = game_of(game.pk)
    assert turn_of(game) == 1
    expected = robots.choose(robot_view(game, game.match, 1), "house")
    wait_for(lambda: "games.tasks.robot_turn" in celery.worker.output(), timeout=10)  # it took the task
    celery.worker.kill()
    wait_for(lambda: game_of(game.pk).version > game.version, timeout=15)
    [move] = robot_moves(game.pk)
    assert (move.tile, move.auto) == (expected["play"], False)
    assert move.created >= game.deadline  # at its deadline: the clock played it
    # Alice plays at once; her move sends the robot's next task, which waits in the broker
    # for a worker: started again, it plays the turn, long before its deadline.
    settings.ROBOT_SECONDS = CLOCKS["ROBOT_SECONDS"]
    settings.ROBOT_FALLBACK_SECONDS = 60.0
    here = game_of(game.pk)
    assert here.status == Game.PLAYING and turn_of(here) == 0  # this deal: alice's turn
    play_first(here)
    played = timezone.now()
    celery.start_worker()
    wait_for(lambda: len(robot_moves(game.pk)) >= 2, timeout=20)
    second = robot_moves(game.pk)[1]
    assert second.auto is False and (second.created - played).total_seconds() < 30
