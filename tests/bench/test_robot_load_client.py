"""The client of a table against a robot (bench.robot_load), without servers: it waits for
the robot's play, counts that wait as the robot's turn, then plays as the player."""

import asyncio
from typing import Any

from bench.load import Phase
from bench.robot_load import ROBOT, RobotTable
from tests.bench.test_load_client import Socket, state


def robot_table() -> RobotTable:
    t = RobotTable(1, "block", "a", "ka", 8300, "expert")
    t.sockets = [Socket()]  # type: ignore[list-item]
    t.phase = Phase(0.0, None, None)
    return t


def played(version: int, seat: int, auto: bool = False) -> dict[str, Any]:
    """The relayed state of a play by ``seat``; ``auto``: the clock played it."""
    event: dict[str, Any] = {"type": "play", "seat": seat, **({"auto": True} if auto else {})}
    return {**state(version, turn=1 - seat, legal=[{"play": "6-6"}]), "events": [event]}


async def test_the_player_waits_for_the_robots_play_and_counts_its_turn() -> None:
    t = robot_table()
    assert t.phase is not None
    t.receive(0, state(4, turn=1, full=True), 10.0)  # the robot is to play
    assert t.robots_turn()

    async def robot() -> None:
        await asyncio.sleep(0.01)
        t.receive(0, played(5, seat=1), 12.5)

    playing = asyncio.create_task(robot())
    assert await t.catch_up(t.phase, timeout=1)
    await playing
    assert t.phase.stats(ROBOT).samples == [2.5]
    assert t.fallbacks == 0
    message = t.next_message()
    assert message is not None
    assert (message.kind, message.sender, message.token) == ("player", 0, 6)
    assert message.text == '{"type": "play", "version": 5, "tile": "6-6"}'


async def test_the_player_does_not_wait_on_its_own_turn() -> None:
    t = robot_table()
    assert t.phase is not None
    t.receive(0, state(4, turn=0, legal=[{"play": "1-2"}], full=True), 10.0)
    assert not t.robots_turn()
    assert await t.catch_up(t.phase, timeout=0.01)
    assert t.phase.stats(ROBOT).samples == [] and t.phase.stats(ROBOT).timeouts == 0


def test_a_robots_turn_the_clock_played_is_a_fallback() -> None:
    t = robot_table()
    t.receive(0, state(4, turn=1, full=True), 10.0)
    t.receive(0, played(5, seat=1, auto=True), 26.0)
    assert t.fallbacks == 1
    t.receive(0, played(6, seat=0), 28.0)
    assert t.fallbacks == 1
