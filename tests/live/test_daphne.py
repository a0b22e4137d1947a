"""The site as production runs it: Daphne processes, real websockets, the Redis channel layer.

Nothing about a game lives in a process's memory: two Daphne processes on one
Redis serve the same table. And a socket that stays idle (a player waiting for
their turn) is not dropped by the channel layer (redis-py's socket timeout trap,
django/channels_redis#422; the settings' REDIS_SOCKET_TIMEOUT), on either layer.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets
from channels.db import database_sync_to_async
from django.test import Client

from games.models import Game
from tests.games.conftest import full_table

pytestmark = pytest.mark.django_db(transaction=True)


def cookie_of(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


async def open_socket(base: str, game_id: int, user: Any) -> websockets.ClientConnection:
    cookie = await database_sync_to_async(cookie_of)(user)
    return await websockets.connect(
        base.replace("http", "ws") + f"/ws/tables/{game_id}/",
        origin=base.replace("127.0.0.1", "localhost"),
        additional_headers={"Cookie": f"sessionid={cookie}"},
    )


async def next_state(ws: websockets.ClientConnection, timeout: float = 10) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        if message["type"] == "state":
            return message


def play_message(state: dict[str, Any]) -> dict[str, Any]:
    legal = state["view"]["legal"][0]
    return {"type": "play", "version": state["version"], "tile": legal["play"]} | (
        {"end": legal["end"]} if legal.get("end") else {}
    )


async def test_two_daphne_processes_serve_one_table(players, live_site):
    first, second = live_site(), live_site()
    alice, bob = players[:2]
    gid = await database_sync_to_async(full_table)("draw", [alice, bob])
    sockets = [await open_socket(first, gid, alice), await open_socket(second, gid, bob)]
    states = [await next_state(ws) for ws in sockets]
    for _ in range(6):  # plays sent to either process reach both
        turn = states[0]["view"]["round"]["turn"]
        assert turn is not None  # six plays do not end SEED's first round
        await sockets[turn].send(json.dumps(play_message(states[turn])))
        news = [await next_state(ws) for ws in sockets]
        assert news[0]["version"] == news[1]["version"] == states[0]["version"] + 1
        assert [n["view"]["seat"] for n in news] == [0, 1]
        states = news
    game = await database_sync_to_async(Game.objects.get)(pk=gid)
    assert game.version == states[0]["version"]
    for ws in sockets:
        await ws.close()


# Seconds a socket stays idle: past redis-py 8's default 5 s socket timeout, and two of
# the lists layer's 5 s blocking receives (channels_redis.core's brpop_timeout).
IDLE_SECONDS = 12


@pytest.mark.parametrize("layer", ["pubsub", "lists"])
async def test_an_idle_socket_stays_open_and_still_hears_the_table(players, live_site, layer):
    base = live_site(CHANNEL_LAYER=layer)
    alice, bob = players[:2]
    gid = await database_sync_to_async(full_table)("block", [alice, bob])
    idle = await open_socket(base, gid, alice)
    first = await next_state(idle)
    with pytest.raises(TimeoutError):  # nothing comes, and the socket is not closed meanwhile
        await asyncio.wait_for(idle.wait_closed(), IDLE_SECONDS)
    assert idle.state == websockets.State.OPEN
    # A play now must reach the idle socket: SEED's deal has bob (seat 1) to play.
    assert first["view"]["round"]["turn"] == 1
    other = await open_socket(base, gid, bob)
    await other.send(json.dumps(play_message(await next_state(other))))
    news = await next_state(idle)
    assert news["version"] == first["version"] + 1
    await idle.close()


async def test_a_socket_timeout_under_the_layers_blocking_receive_drops_an_idle_socket(players, live_site):
    """The trap the settings avoid, seen by the test above: with a Redis socket timeout
    shorter than the lists layer's 5 s blocking receive (redis-py 8's default is 5 s,
    a race), the layer fails on the idle socket and Daphne closes it."""
    base = live_site(CHANNEL_LAYER="lists", REDIS_SOCKET_TIMEOUT="2")
    alice, bob = players[:2]
    gid = await database_sync_to_async(full_table)("block", [alice, bob])
    idle = await open_socket(base, gid, alice)
    await next_state(idle)
    await asyncio.wait_for(idle.wait_closed(), IDLE_SECONDS)
    assert idle.state == websockets.State.CLOSED
