"""R53's presence across processes: a Daphne process that dies leaves no ghost at the table.

A socket's presence is a row that its process renews (a heartbeat). When a
process is killed, its sockets close without a word; the watchdog then finds
their rows stale, and the table sees those seats disconnected, with the short
clock if it is their turn.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
from typing import Any

import pytest
import websockets
from channels.db import database_sync_to_async

from games import services
from games.models import Connection, Game
from tests.games.conftest import full_table
from tests.live.test_daphne import next_state, open_socket

pytestmark = pytest.mark.django_db(transaction=True)


async def next_presence(ws: websockets.ClientConnection, timeout: float = 10) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] == "presence":
            return message


async def test_r53_the_seats_of_a_killed_process_are_shown_disconnected(players, live_site, settings):
    settings.PRESENCE_TIMEOUT_SECONDS = 2.0
    settings.AWAY_SECONDS = 5.0
    beating = {"PRESENCE_HEARTBEAT_SECONDS": "0.3"}
    alive, doomed = live_site(**beating), live_site(**beating)
    alice, bob = players[:2]
    gid = await database_sync_to_async(full_table)("draw", [alice, bob])
    watcher = await open_socket(alive, gid, alice)
    ghost = await open_socket(doomed, gid, bob)
    await next_state(watcher)
    await next_state(ghost)
    assert await database_sync_to_async(Connection.objects.filter(game_id=gid).count)() == 2
    while [p["connected"] for p in (await next_presence(watcher))["players"]] != [True, True]:
        pass  # older news: alice's own arrival
    os.killpg(live_site.processes[1].pid, signal.SIGKILL)  # bob's process dies, his socket with it
    # The watchdog's sweep, run until bob's row is past PRESENCE_TIMEOUT_SECONDS without news.
    swept = 0
    deadline = asyncio.get_running_loop().time() + 10
    while not swept and asyncio.get_running_loop().time() < deadline:
        swept = (await database_sync_to_async(services.sweep)())["connections"]
        await asyncio.sleep(0.1)
    assert swept == 1  # bob's row, not alice's: her process renewed it
    presence = await next_presence(watcher)
    assert [p["connected"] for p in presence["players"]] == [True, False]
    game = await database_sync_to_async(Game.objects.get)(pk=gid)
    # SEED's deal: alice (seat 0) opened, so it is bob's turn: his clock is the short one.
    assert game.status == Game.PLAYING and game.turn == 1
    assert presence["clock"]["seat"] == 1 and presence["clock"]["remaining_ms"] <= 5000
    await watcher.close()
