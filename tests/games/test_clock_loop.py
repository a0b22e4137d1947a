"""The clock's loop (games.clock), in this process: what it hands to its threads."""

from __future__ import annotations

import pytest

from games import services
from games.clock import Clock
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

    monkeypatch.setattr(services, "act_if_due", broken)
    clock = Clock(threads=1, poll=30)
    try:
        clock.tick()
        wait_for(lambda: calls and not clock.acting, timeout=5)
        for _ in range(3):
            clock.tick()
        wait_for(lambda: not clock.acting, timeout=5)
        assert calls == [(game_id, game_of(game_id).version, "playing")]
        clock.failed = dict.fromkeys(clock.failed, 0.0)  # the next look has come
        clock.tick()
        wait_for(lambda: len(calls) == 2 and not clock.acting, timeout=5)
    finally:
        clock.pool.shutdown(wait=True)


def test_the_clock_plays_what_is_due_once(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    version = overdue(game_id, by=1).version
    clock = Clock(threads=2, poll=30)
    try:
        clock.tick()
        clock.tick()  # the game is in hand: not handed over twice
        wait_for(lambda: not clock.acting, timeout=5)
    finally:
        clock.pool.shutdown(wait=True)
    assert game_of(game_id).version == version + 1 and clock.acted == 1
