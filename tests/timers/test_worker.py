"""R52–R54 with the clock process, a real Celery worker and beat on the local Redis (docs/architecture.md §5).

The clocks are short (tests/timers/conftest.py): a turn 3 s, a disconnected
seat's turn 1.5 s, the pause between rounds 2 s, the watchdog every second, a
closed socket's grace (R53) 1 s.
"""

from __future__ import annotations

import re
import time
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services
from games.models import Game, Move, Round
from games.rules import table_play
from tests.accounts.mail import confirmed_user
from tests.games.conftest import (
    connect,
    connect_all,
    full_table,
    game_of,
    play_first,
    state,
    to_round_over,
    turn_of,
)
from tests.timers.conftest import CLOCK, Process, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def auto_moves(game_id: int) -> list[Move]:
    return list(Move.objects.filter(game_id=game_id, auto=True).order_by("seq"))


def round_over_table(players: list) -> int:
    """A two-seat block table whose first round is over, played by hand quickly."""
    game_id = full_table("block", players)
    connect_all(game_id, players)
    assert to_round_over(game_id).status == Game.ROUND_OVER
    return game_id


def test_r52_a_player_who_does_nothing_is_played_for(celery, clocks, players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))  # a turn begun with both seats connected: the full clock
    game = game_of(game_id)
    expected = table_play(game.match)
    begun = time.monotonic()
    wait_for(lambda: game_of(game_id).version > game.version, timeout=clocks["TURN_SECONDS"] + 5)
    waited = time.monotonic() - begun
    assert waited >= clocks["TURN_SECONDS"] - 0.5  # not before the clock ran out
    [move] = auto_moves(game_id)
    assert (move.seat, move.tile, move.end or None) == (
        expected.seat,
        expected.to_dict()["play"],
        expected.end,
    )
    assert move.created >= game.deadline
    # And so on, turn after turn, for whoever does nothing.
    wait_for(lambda: len(auto_moves(game_id)) >= 2, timeout=clocks["TURN_SECONDS"] + 5)
    assert game_of(game_id).replay() == game_of(game_id).match


def test_r53_a_disconnected_players_turn_is_played_after_the_short_clock(celery, clocks, settings, players):
    settings.TURN_SECONDS = 60.0  # this process's turns; the worker's stay short
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))
    game = game_of(game_id)
    seat = turn_of(game)
    assert (game.deadline - timezone.now()).total_seconds() > 55
    services.disconnect(f"tab-{game_id}-{seat}")
    gone = time.monotonic()
    # Away once its grace is over (the worker's timed task), then the short clock.
    short = clocks["PRESENCE_GRACE_SECONDS"] + clocks["AWAY_SECONDS"]
    wait_for(lambda: auto_moves(game_id), timeout=short + 5)
    waited = time.monotonic() - gone
    assert short - 0.5 <= waited < short + 3
    assert auto_moves(game_id)[0].seat == seat


def test_r53_reconnecting_does_not_give_time_back(celery, clocks, settings, players):
    settings.TURN_SECONDS = 60.0
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))
    seat = turn_of(game_of(game_id))
    services.disconnect(f"tab-{game_id}-{seat}")
    gone = time.monotonic()
    # Away once its grace is over (the worker counts it so): the clock is short now...
    wait_for(
        lambda: (game_of(game_id).deadline - timezone.now()).total_seconds() < clocks["AWAY_SECONDS"] + 0.1,
        timeout=clocks["PRESENCE_GRACE_SECONDS"] + 5,
    )
    services.connect(game_id, players[seat], "tab-back")  # ...and coming back gives nothing back
    wait_for(lambda: auto_moves(game_id), timeout=clocks["AWAY_SECONDS"] + 5)
    short = clocks["PRESENCE_GRACE_SECONDS"] + clocks["AWAY_SECONDS"]
    assert time.monotonic() - gone < short + 3  # not the 60 s it had
    assert auto_moves(game_id)[0].seat == seat


def test_a_late_or_repeated_call_does_nothing_after_the_player_has_played(celery, clocks, players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    play_first(game)  # in time: the clock finds that turn played
    played = game_of(game_id)
    # The played turn asked for again, late, twice; and the new turn, twice, early.
    for _ in range(2):
        assert services.autoplay_if_due(game_id, game.version) is None
        assert services.act_if_due(game_id, played.version, Game.PLAYING) is None
    assert game_of(game_id).version == played.version and not auto_moves(game_id)
    # When the new turn's clock does run out, the table plays once, however often it is asked.
    wait_for(lambda: auto_moves(game_id), timeout=clocks["TURN_SECONDS"] + 5)
    for _ in range(3):
        assert services.autoplay_if_due(game_id, played.version) is None
    assert len(Move.objects.filter(game_id=game_id, version=played.version + 1, auto=True)) == 1
    assert game_of(game_id).replay() == game_of(game_id).match


def test_two_clocks_play_a_turn_once(celery, clocks, tmp_path, players):
    """Several clock processes may run: both find the deadline, one plays it."""
    second = Process([], {**celery.clock.env}, tmp_path / "clock-2.log", command=CLOCK)
    second.start(ready="clock: started")
    try:
        game_id = full_table("draw", players[:2])
        connect_all(game_id, players[:2])
        game = game_of(game_id)
        wait_for(lambda: game_of(game_id).version > game.version + 2, timeout=3 * clocks["TURN_SECONDS"] + 5)
    finally:
        second.stop()
    moves = Move.objects.filter(game_id=game_id, auto=True)
    # One auto play for each turn that ran out, never two for one version.
    versions = [m.version for m in moves if m.kind == Move.PLAY]
    assert len(versions) == len(set(versions)) >= 2
    assert game_of(game_id).replay() == game_of(game_id).match


def test_three_clocks_share_a_wave_and_play_each_turn_once(celery, clocks, settings, tmp_path, players):
    """A wave: six tables whose turns run out at the same instant, three clock processes
    (one thread each, claiming one game at a time). Every turn is played once, by the
    table, and the clocks played them all. (The clocks are long here: no turn runs out
    but the wave's.)"""
    settings.TURN_SECONDS = settings.AWAY_SECONDS = 60.0
    long = {"TURN_SECONDS": "60", "AWAY_SECONDS": "60"}
    env = {**celery.clock.env, **long, "CLOCK_THREADS": "1", "CLOCK_BATCH": "1"}
    celery.clock.stop()
    started = [Process([], env, tmp_path / f"clock-{n}.log", command=CLOCK) for n in range(3)]
    people = players + [confirmed_user(f"wave{n}") for n in range(12 - len(players))]
    tables = [full_table("draw", people[2 * k : 2 * k + 2]) for k in range(6)]
    for k, game_id in enumerate(tables):
        connect_all(game_id, people[2 * k : 2 * k + 2])
    try:
        for clock in started:
            clock.start(ready="clock: started")
        instant = timezone.now() + timedelta(seconds=1)
        Game.objects.filter(pk__in=tables).update(deadline=instant)
        waited = {game_id: game_of(game_id).version for game_id in tables}
        wait_for(lambda: all(game_of(g).version > v for g, v in waited.items()), timeout=10)
    finally:
        for clock in started:
            clock.stop()
    for game_id, version in waited.items():
        (move,) = Move.objects.filter(game_id=game_id, version=version + 1, auto=True)  # the table's play
        assert move.created >= instant and game_of(game_id).version == version + 1  # once
        assert game_of(game_id).replay() == game_of(game_id).match
    actions = [int(re.findall(r"stopped after (\d+) actions", c.output())[0]) for c in started]
    assert sum(actions) == len(tables), actions


def test_the_watchdog_plays_a_turn_when_the_clock_is_down(celery, clocks, settings, players):
    settings.TURN_SECONDS = settings.AWAY_SECONDS = 4.0  # time to stop the clock before the deadline
    game_id = full_table("draw", players[:2])
    # The host is there (R56: the table plays for nobody when no seat is connected).
    services.connect(game_id, players[0], "tab-host")
    game = game_of(game_id)
    celery.clock.kill()
    restarted = celery.worker.log.stat().st_size
    wait_for(lambda: game_of(game_id).version > game.version, timeout=20)
    [move] = auto_moves(game_id)[:1]
    assert move.seat == turn_of(game) and move.created >= game.deadline
    # With no clock running, the watchdog's sweep did it, and says so once it has finished.
    wait_for(lambda: "'deadlines': 1" in celery.worker.output(since=restarted), timeout=5)


def test_r54_the_pause_between_rounds_starts_the_next_round(celery, clocks, players):
    game_id = round_over_table(players[:2])
    game = game_of(game_id)
    ended = time.monotonic()
    wait_for(
        lambda: Round.objects.filter(game_id=game_id).count() == 2, timeout=clocks["ROUND_PAUSE_SECONDS"] + 5
    )
    assert time.monotonic() - ended >= clocks["ROUND_PAUSE_SECONDS"] - 0.5
    assert game_of(game_id).version == game.version + 1


def test_r54_the_hosts_early_start_cancels_nothing_it_should_not(celery, clocks, players):
    game_id = round_over_table(players[:2])
    paused = game_of(game_id)
    services.next_round(game_id, players[0], paused.version)  # the host does not wait
    started = game_of(game_id)
    assert Round.objects.filter(game_id=game_id).count() == 2
    # The pause's deadline is gone: asked for it, the services deal nothing more.
    assert services.act_if_due(game_id, paused.version, paused.status) is None
    # The new round's turns are still timed: nobody plays, the table does, on the turn's
    # clock (TURN_SECONDS), which runs out after the pause would have (ROUND_PAUSE_SECONDS).
    assert started.status == Game.PLAYING  # round 2 of SEED's deals is not blocked at once
    wait_for(lambda: auto_moves(game_id), timeout=clocks["TURN_SECONDS"] + 5)
    assert timezone.now() > paused.deadline  # the pause's end has passed meanwhile
    assert auto_moves(game_id)[0].version == started.version + 1
    assert Round.objects.filter(game_id=game_id).count() == 2  # and it dealt no third round


async def test_the_play_the_clock_makes_reaches_every_seat_live(celery, clocks, players):
    """The clock broadcasts as the site does: each seat gets its own view, marked auto."""
    gid = await database_sync_to_async(full_table)("draw", players[:2])
    sockets = [await connect(gid, user) for user in players[:2]]
    first = [await state(socket) for socket in sockets]
    for _ in range(3):  # the first turns go by with nobody playing
        news = [await socket.receive_type("state", timeout=clocks["TURN_SECONDS"] + 5) for socket in sockets]
        assert news[0]["version"] == news[1]["version"] > first[0]["version"]
        play = news[0]["events"][0]
        assert play["type"] == "play" and play["auto"] is True
        assert [n["view"]["seat"] for n in news] == [0, 1]
        # Three plays do not end SEED's first round: each is followed by the next turn's clock.
        assert news[0]["view"]["status"] == "playing"
        assert news[0]["table"]["clock"]["seat"] == news[0]["view"]["round"]["turn"]
        assert news[0]["table"]["clock"]["remaining_ms"] > 0
    for socket in sockets:
        await socket.close()
