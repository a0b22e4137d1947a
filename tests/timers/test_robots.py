"""R61's robots with the clock process, a real Celery worker and beat: a robot's turn runs
on the clock machinery of every turn (the stored deadline, the clock, the watchdog)."""

from __future__ import annotations

import time
from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game, Move
from games.rules import robots, table_play, view
from tests.games.conftest import game_of, turn_of
from tests.timers.conftest import CLOCK, Process, wait_for

pytestmark = pytest.mark.django_db(transaction=True)

# draw, 3 seats: robot 1 opens (forced), robot 2 is to play, then alice.
DAY_SEED = "the day's seed"


def attempt(user) -> Game:
    game = services.open_attempt(user, "draw", 3, DAY_SEED, timezone.now() + timedelta(hours=12))
    services.connect(game.pk, user, f"tab-{game.pk}")
    return game_of(game.pk)


def test_the_robots_play_after_their_delay_then_wait_for_the_player(celery, clocks, players):
    game = attempt(players[0])
    assert turn_of(game) == 2
    expected = robots.choose(view(game.match, 2))
    begun = time.monotonic()
    wait_for(lambda: turn_of(game_of(game.pk)) == 0, timeout=10)
    assert time.monotonic() - begun >= clocks["ROBOT_SECONDS"] - 0.3  # a readable delay
    move = Move.objects.filter(game=game, seat=2, forced=False).order_by("seq").first()
    assert (move.kind, move.tile, move.auto) == (Move.PLAY, expected["play"], False)
    # Alice's turn: the full clock, and nothing happens before it runs out: asked now,
    # the services play nothing for her.
    here = game_of(game.pk)
    assert (here.deadline - timezone.now()).total_seconds() > clocks["TURN_SECONDS"] - 1.5
    assert services.act_if_due(here.pk, here.version, here.status) is None
    assert game_of(game.pk).version == here.version


def test_the_watchdog_plays_a_robots_turn_when_the_clock_is_down(celery, clocks, settings, players):
    settings.ROBOT_SECONDS = 4.0  # time to stop the clock before the robot's deadline
    game = attempt(players[0])
    celery.clock.kill()
    restarted = celery.worker.log.stat().st_size
    wait_for(lambda: game_of(game.pk).version > game.version, timeout=20)
    move = Move.objects.filter(game=game, version=game.version + 1).order_by("seq").first()
    assert move.seat == 2 and move.auto is False and move.created >= game.deadline
    wait_for(lambda: "'deadlines': 1" in celery.worker.output(since=restarted), timeout=5)


def test_a_deadline_nearer_than_the_clocks_next_look_wakes_it(celery, clocks, tmp_path, players):
    """The clock looks at the deadlines every CLOCK_POLL_SECONDS at most (30 s here), and
    sleeps till the nearest one it saw: a robot's turn of 0.5 s, set by a play made
    meanwhile, wakes it through Redis, and the robot plays on time."""
    celery.clock.stop()
    lazy = Process([], {**celery.clock.env, "CLOCK_POLL_SECONDS": "30"}, tmp_path / "lazy.log", command=CLOCK)
    lazy.start(ready="clock: started")
    try:
        game = attempt(players[0])
        wait_for(lambda: turn_of(game_of(game.pk)) == 0, timeout=10)  # the robots played
        # Alice plays at once: her turn's deadline, TURN_SECONDS away, was the nearest the
        # clock knew; the robot's, half a second away, is nearer.
        here = game_of(game.pk)
        action = table_play(here.match)
        services.play(
            here.pk, players[0], {k: v for k, v in action.to_dict(True).items() if k != "seat"}, here.version
        )
        played = time.monotonic()
        wait_for(
            lambda: Move.objects.filter(game=game, seat=1, version__gt=here.version + 1).exists(), timeout=10
        )
        assert time.monotonic() - played < clocks["ROBOT_SECONDS"] + 1.0
    finally:
        lazy.stop()
