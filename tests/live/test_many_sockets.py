"""One Daphne process serves hundreds of sockets at once.

redis-py's asyncio pool allows 100 connections unless told otherwise, and the
channel layer takes one per operation in flight: about 110 handshakes at once
failed with ``MaxConnectionsError`` in ``group_add`` (a 500 to the browser). The
pool is sized in settings (``REDIS_MAX_CONNECTIONS``); here 500 sockets open at
the same moment on one process, and a play reaches every one of them. Each
handshake waits its turn at the database, so Daphne is given the handshake
timeout of the production unit (deploy/dominos-web@.service) rather than its 5 s.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async

from tests.games.conftest import full_table
from tests.live.test_daphne import cookie_of, next_state, play_message

pytestmark = pytest.mark.django_db(transaction=True)

SOCKETS = 500


async def test_500_sockets_open_at_once_on_one_daphne_process(players, live_site):
    base = live_site("--websocket_connect_timeout", "60")
    alice, bob = players[:2]
    gid = await database_sync_to_async(full_table)("draw", [alice, bob])
    cookies = [await database_sync_to_async(cookie_of)(user) for user in players]
    url = base.replace("http", "ws") + f"/ws/tables/{gid}/"

    async def open_one(i: int) -> websockets.ClientConnection:
        # The two seats, and the four others watching, many tabs each.
        return await websockets.connect(
            url,
            origin=base,
            additional_headers={"Cookie": f"sessionid={cookies[i % len(cookies)]}"},
            open_timeout=90,
        )

    sockets = await asyncio.gather(*(open_one(i) for i in range(SOCKETS)))
    try:
        states = await asyncio.gather(*(next_state(ws, timeout=60) for ws in sockets))
        assert len({s["version"] for s in states}) == 1
        turn = states[0]["view"]["round"]["turn"]
        mover = next(i for i in range(SOCKETS) if i % len(cookies) == turn)
        await sockets[mover].send(json.dumps(play_message(states[mover])))
        news = await asyncio.gather(*(next_state(ws, timeout=60) for ws in sockets))
        assert {n["version"] for n in news} == {states[0]["version"] + 1}
    finally:
        await asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True)
