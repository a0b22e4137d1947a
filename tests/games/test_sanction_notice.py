"""Before a sanction closes a player's sockets, each is told which sanction and until
when (docs/protocol.md, ``sanctioned``): the page says "banned" for a ban, "suspended
until …" for a suspension (issue 19, defect 7)."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from accounts import sanctions
from games.close_codes import SANCTIONED
from tests.accounts.moderation import make_moderator
from tests.games.conftest import Socket, afull_table, connect, socket_of, state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]


async def notice_then_close(socket: Socket) -> tuple[dict | None, int | None]:
    """The last ``sanctioned`` message before the server closed ``socket``, and the code."""
    notice = None
    while True:
        output = await socket.communicator.receive_output(timeout=5)
        if output["type"] == "websocket.close":
            socket.closed = True
            return notice, output.get("code")
        if output["type"] == "websocket.send" and '"sanctioned"' in output.get("text", ""):
            notice = json.loads(output["text"])


async def test_a_ban_is_said_to_the_table_and_the_lobby_before_they_close(players):
    alice, bob = players[:2]
    mod = await database_sync_to_async(make_moderator)()
    gid = await afull_table("draw", [alice, bob])
    table = await connect(gid, bob)
    await state(table)
    lobby = await socket_of("/ws/salon/", bob)
    assert (await lobby.connect())[0]
    await lobby.receive_type("tables")

    await database_sync_to_async(sanctions.ban)(mod, bob, "Triche")

    for socket in (table, lobby):
        assert await notice_then_close(socket) == (
            {"type": "sanctioned", "sanction": "ban", "until": None},
            SANCTIONED,
        )


async def test_a_suspension_is_said_with_its_end(players):
    alice, bob = players[:2]
    mod = await database_sync_to_async(make_moderator)()
    gid = await afull_table("draw", [alice, bob])
    table = await connect(gid, bob)
    await state(table)
    until = (timezone.now() + timedelta(days=3)).replace(microsecond=0)

    await database_sync_to_async(sanctions.suspend)(mod, bob, until, "Insultes")

    notice, code = await notice_then_close(table)
    assert code == SANCTIONED
    assert notice == {"type": "sanctioned", "sanction": "suspension", "until": until.isoformat()}
