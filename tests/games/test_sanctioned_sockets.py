"""A sanction closes every socket of the player, table and lobby, with code 4403."""

from __future__ import annotations

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from accounts import sanctions
from games.consumers import SANCTIONED
from tests.accounts.moderation import make_moderator
from tests.games.conftest import Socket, afull_table, connect, socket_of, state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]


async def closed_with(socket: Socket, timeout: float = 5) -> int | None:
    """The code the server closes ``socket`` with (messages before the close are skipped)."""
    communicator: WebsocketCommunicator = socket.communicator
    while True:
        output = await communicator.receive_output(timeout=timeout)
        if output["type"] == "websocket.close":
            socket.closed = True
            return output.get("code")


async def test_a_ban_closes_the_players_table_and_lobby_sockets_with_4403(players):
    alice, bob = players[:2]
    mod = await database_sync_to_async(make_moderator)()
    gid = await afull_table("draw", [alice, bob])
    tables = [await connect(gid, bob), await connect(gid, bob)]
    for socket in tables:
        await state(socket)
    lobby = await socket_of("/ws/salon/", bob)
    assert (await lobby.connect())[0]
    await lobby.receive_type("tables")
    watcher = await connect(gid, alice)
    await state(watcher)

    await database_sync_to_async(sanctions.ban)(mod, bob, "Triche")

    for socket in [*tables, lobby]:
        assert await closed_with(socket) == SANCTIONED
    # Alice's socket stays open and hears the table.
    await watcher.send({"type": "sync"})
    assert (await state(watcher))["version"] >= 1


async def test_an_inactive_account_is_refused_even_with_a_session_left(players):
    alice, bob = players[:2]
    gid = await afull_table("draw", [alice, bob])
    socket = await socket_of(f"/ws/tables/{gid}/", bob)  # a session made before
    await database_sync_to_async(get_user_model().objects.filter(pk=bob.pk).update)(is_active=False)
    assert await socket.close_code() in (SANCTIONED, 4401)
