"""The clock's loop (games.clock), in this process: what its threads claim and act on."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, transaction

from games.clock import Clock
from games.models import Game
from games.services import clocks
from tests.games.conftest import connect_all, full_table, game_of
from tests.games.test_clocks import overdue
from tests.timers.conftest import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_game_that_fails_is_not_tried_again_until_the_next_look(players, monkeypatch):
    """An error at one table (its data, the database) is logged and that version is left
    until the clock's next regular look: the loop does not spin on it."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    overdue(game_id, by=1)
    calls: list[tuple[int, int, str]] = []

    def broken(game: int, version: int, status: str) -> None:
        calls.append((game, version, status))
        raise RuntimeError("broken")

    monkeypatch.setattr(clocks, "act_if_due", broken)
    clock = Clock(threads=1, poll=30)
    try:
        clock.tick()
        wait_for(lambda: calls and not clock.claiming, timeout=5)
        for _ in range(3):
            clock.tick()
        wait_for(lambda: not clock.claiming, timeout=5)
        assert calls == [(game_id, game_of(game_id).version, "playing")]
        clock.failed = dict.fromkeys(clock.failed, 0.0)  # the next look has come
        clock.tick()
        wait_for(lambda: len(calls) == 2 and not clock.claiming, timeout=5)
    finally:
        clock.pool.shutdown(wait=True)


def test_the_clock_plays_what_is_due_once(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    version = overdue(game_id, by=1).version
    clock = Clock(threads=2, poll=30)
    try:
        clock.tick()
        clock.tick()  # the game is claimed by one thread: the other passes it over
        wait_for(lambda: not clock.claiming, timeout=5)
    finally:
        clock.pool.shutdown(wait=True)
    assert game_of(game_id).version == version + 1 and clock.acted == 1


def test_a_claim_passes_over_the_games_another_clock_holds(players):
    """Several clocks share a wave: a claim takes the passed deadlines no other transaction
    holds (SKIP LOCKED), instead of waiting for a row another clock is acting on."""
    if not connection.features.has_select_for_update_skip_locked:
        pytest.skip("SQLite has no row locks: there every act waits for the database's write lock")
    held_id, free_id = full_table("draw", players[:2]), full_table("draw", players[2:4])
    connect_all(held_id, players[:2])
    connect_all(free_id, players[2:4])
    held, free = overdue(held_id, by=2), overdue(free_id, by=1)  # the held one is the more overdue
    holding, release = threading.Event(), threading.Event()

    def another_clock() -> None:
        try:
            with transaction.atomic():
                Game.objects.select_for_update().get(pk=held_id)
                holding.set()
                release.wait(10)
        finally:
            connection.close()

    thread = threading.Thread(target=another_clock)
    thread.start()
    try:
        assert holding.wait(5)
        assert clocks.act_on_claimed(4) == (1, 1, [])
        assert game_of(free_id).version == free.version + 1
        assert game_of(held_id).version == held.version
    finally:
        release.set()
        thread.join()
    assert clocks.act_on_claimed(4) == (1, 1, [])  # let go: claimed and played now
    assert game_of(held_id).version == held.version + 1


def test_a_batch_goes_on_past_a_game_that_fails(players, monkeypatch):
    """One game's error is that game's: the others claimed with it are played and kept."""
    broken_id, sound_id = full_table("draw", players[:2]), full_table("draw", players[2:4])
    connect_all(broken_id, players[:2])
    connect_all(sound_id, players[2:4])
    broken, sound = overdue(broken_id, by=2), overdue(sound_id, by=1)
    act = clocks.act_if_due

    def failing(game: int, version: int, status: str) -> object:
        if game == broken_id:
            raise RuntimeError("broken")
        return act(game, version, status)

    monkeypatch.setattr(clocks, "act_if_due", failing)
    assert clocks.act_on_claimed(4) == (2, 1, [(broken_id, broken.version)])
    assert game_of(sound_id).version == sound.version + 1
    assert game_of(broken_id).version == broken.version
    # Passed over while it is left alone.
    assert clocks.act_on_claimed(4, skip=[broken_id]) == (0, 0, [])


def test_a_game_claimed_with_nothing_to_do_is_left_until_the_next_look(players, monkeypatch):
    """A claimed game on which the act finds nothing to do is not claimed again at once:
    the thread's loop would otherwise claim it over and over."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    version = overdue(game_id, by=1).version
    calls: list[int] = []

    def nothing(game: int, version: int, status: str) -> None:
        calls.append(game)

    monkeypatch.setattr(clocks, "act_if_due", nothing)
    assert clocks.act_on_claimed(4) == (1, 0, [(game_id, version)])
    clock = Clock(threads=1, poll=30)
    try:
        clock.tick()
        wait_for(lambda: calls and not clock.claiming, timeout=5)
        clock.tick()
        wait_for(lambda: not clock.claiming, timeout=5)
        assert calls == [game_id, game_id]  # the call above, then the clock's one
    finally:
        clock.pool.shutdown(wait=True)


def test_while_every_thread_claims_the_loop_does_not_look(players, django_assert_num_queries):
    """In a wave every thread claims until nothing is left: the loop's looks could add no
    thread, and cost the clock a query each, twenty times a second."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    overdue(game_id, by=1)
    clock = Clock(threads=2, poll=30)
    clock.claiming = 2  # both threads busy with the wave
    with django_assert_num_queries(0):
        clock.tick()
        assert clock.wait_seconds() == 0.05
    assert clock.claiming == 2
    clock.claiming = 0  # both have found nothing left (the game was held): the loop looks
    try:
        with django_assert_num_queries(1):
            assert clock.wait_seconds() == 0.05  # a deadline has passed: look again soon
        clock.tick()
        assert clock.claiming == 1
        wait_for(lambda: not clock.claiming, timeout=5)  # the thread it added played it
    finally:
        clock.pool.shutdown(wait=True)
    assert clock.acted == 1
