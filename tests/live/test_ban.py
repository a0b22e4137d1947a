"""A ban during a live match, as production runs it: two Daphne processes, a Celery worker
and beat, real websockets on the Redis channel layer.

The banned player has a tab on each process: both are closed within seconds with
code 4403 (docs/protocol.md); the table plays for the seat at once at every turn
(the clocks are a minute long here, so only the sanction can make it that quick);
the other player finishes the match, which counts for nobody (R57); the banned
player can neither log in nor reconnect.
"""

from __future__ import annotations

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from accounts import sanctions
from games.consumers import NOT_LOGGED_IN, SANCTIONED
from games.models import Game, Move
from leaderboard.models import RatingChange
from tests.accounts.moderation import make_moderator
from tests.conftest import PASSWORD
from tests.games.conftest import full_table
from tests.live.test_daphne import cookie_of, next_state, play_message
from tests.timers.conftest import celery  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("celery")]

# A minute for a turn, present or away: the table playing sooner is the sanction's doing.
CLOCKS = {"TURN_SECONDS": 60.0, "AWAY_SECONDS": 60.0, "ROUND_PAUSE_SECONDS": 1.0, "SWEEP_SECONDS": 1.0}


@pytest.fixture
def clocks(settings: object) -> dict[str, float]:
    for name, value in CLOCKS.items():
        setattr(settings, name, value)
    return CLOCKS


async def socket(base: str, game_id: int, cookie: str) -> websockets.ClientConnection:
    return await websockets.connect(
        base.replace("http", "ws") + f"/ws/tables/{game_id}/",
        origin=base.replace("127.0.0.1", "localhost"),
        additional_headers={"Cookie": f"sessionid={cookie}"},
    )


async def closed_code(ws: websockets.ClientConnection, timeout: float) -> int | None:
    """Read until the server closes the socket; its close code."""
    with pytest.raises(websockets.ConnectionClosed):
        async with asyncio.timeout(timeout):
            while True:
                await ws.recv()
    return ws.close_code


def login(name: str) -> tuple[int, str]:
    response = Client().post(reverse("account_login"), {"login": name, "password": PASSWORD})
    return response.status_code, response.content.decode()


async def test_a_banned_players_tabs_on_two_processes_close_and_the_table_plays_for_the_seat(
    players, live_site, clocks
):
    env = {name: str(value) for name, value in clocks.items()}
    first, second = live_site(**env), live_site(**env)
    alice, bob = players[:2]
    mod = await database_sync_to_async(make_moderator)()
    gid = await database_sync_to_async(full_table)("block", [alice, bob], 50)
    host = await socket(first, gid, await database_sync_to_async(cookie_of)(alice))
    bob_cookie = await database_sync_to_async(cookie_of)(bob)
    tabs = [await socket(first, gid, bob_cookie), await socket(second, gid, bob_cookie)]
    for ws in [host, *tabs]:
        await next_state(ws)
    banned_at = (await database_sync_to_async(Game.objects.get)(pk=gid)).version

    await database_sync_to_async(sanctions.ban)(mod, bob, "Triche avérée")

    for ws in tabs:  # both tabs, on both processes
        assert await closed_code(ws, timeout=10) == SANCTIONED

    # Alice plays her turns; the table plays bob's at once; the match ends.
    state = await next_state(host, timeout=30)
    async with asyncio.timeout(240):
        while state["table"]["status"] != Game.OVER:
            view = state["view"]
            if state["table"]["status"] == Game.PLAYING and view["round"]["turn"] == 0 and view["legal"]:
                await host.send(json.dumps(play_message(state)))
            state = await next_state(host, timeout=30)
    await host.close()

    game = await database_sync_to_async(Game.objects.get)(pk=gid)
    assert game.status == Game.OVER
    # R57: the match (a rated one) counts for nobody: voided, so never rated.
    assert game.rated and game.voided is not None
    assert not await database_sync_to_async(RatingChange.objects.filter(game_id=gid).exists)()
    plays = await database_sync_to_async(
        lambda: list(
            Move.objects.filter(game_id=gid, seat=1, kind=Move.PLAY, forced=False, version__gt=banned_at)
        )
    )()
    assert plays and all(move.auto for move in plays)

    # Bob can neither log in (he is told why) nor come back with his old session.
    status, page = await database_sync_to_async(login)("bob")
    assert status == 403 and "Triche avérée" in page
    again = await socket(second, gid, bob_cookie)
    assert await closed_code(again, timeout=10) in (NOT_LOGGED_IN, SANCTIONED)
