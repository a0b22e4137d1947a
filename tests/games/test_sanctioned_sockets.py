"""A sanction closes every socket of the player, table and lobby, with code 4403: through
the channel layer at once, and, when that close is lost, at the socket's next message."""

from __future__ import annotations

from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from accounts import sanctions
from games import transport
from games.consumers import SANCTIONED
from games.models import Move
from tests.accounts.moderation import make_moderator
from tests.games.conftest import (
    Socket,
    afull_table,
    connect,
    full_table,
    game_of,
    play_first,
    socket_of,
    state,
    turn_of,
)

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


# When the close does not arrive -------------------------------------------------
#
# The sanction's close goes through the channel layer, best effort: here the layer
# cannot deliver it. The next message of the player's socket is what closes it.


def bobs_turn(alice: Any, bob: Any) -> int:
    """A started table of alice and bob, bob (seat 1) to play."""
    game_id = full_table("draw", [alice, bob])
    while turn_of(game := game_of(game_id)) != 1:
        play_first(game)
    return game_id


@pytest.fixture
def layer_away(monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    """The channel layer cannot deliver a sanction's close: the closes tried, none sent."""
    tried: list[tuple[int, int]] = []

    def away(user_id: int, code: int, notice: dict[str, Any] | None = None) -> None:
        tried.append((user_id, code))
        raise ConnectionError("the channel layer is away")

    monkeypatch.setattr(transport, "close_user_sockets", away)
    return tried


def play_of(seen: dict[str, Any]) -> dict[str, Any]:
    """The first legal play of the seat's state, as a message."""
    legal = seen["view"]["legal"][0]
    return {"type": "play", "version": seen["version"], "tile": legal["play"]} | (
        {"end": legal["end"]} if legal.get("end") else {}
    )


async def refused_and_closed(socket: Socket) -> None:
    """The socket is told ``sanctioned``, in French, then closed with 4403."""
    error = await socket.receive_type("error")
    assert error["code"] == "sanctioned"
    assert error["message"] == "Votre compte est suspendu ou banni : vous ne pouvez plus jouer."
    assert await closed_with(socket) == SANCTIONED


async def test_a_ban_whose_close_is_lost_refuses_the_next_play_and_closes_the_socket(players, layer_away):
    alice, bob = players[:2]
    mod = await database_sync_to_async(make_moderator)()
    gid = await database_sync_to_async(bobs_turn)(alice, bob)
    tab = await connect(gid, bob)
    seen = await state(tab)
    assert seen["view"]["round"]["turn"] == 1 and seen["view"]["legal"]
    watcher = await connect(gid, alice)
    await state(watcher)
    before = await database_sync_to_async(game_of)(gid)

    await database_sync_to_async(sanctions.ban)(mod, bob, "Triche")
    assert layer_away == [(bob.pk, SANCTIONED)]  # tried, never delivered

    await tab.send(play_of(seen))  # the version bob holds is still the table's
    await refused_and_closed(tab)
    after = await database_sync_to_async(game_of)(gid)
    assert (after.version, after.state) == (before.version, before.state)
    played = await database_sync_to_async(
        Move.objects.filter(game_id=gid, version__gt=before.version, auto=False).exists
    )()
    assert not played
    # Alice's socket stays open and hears the table.
    await watcher.send({"type": "sync"})
    assert (await state(watcher))["version"] == before.version


async def test_a_ban_whose_close_is_lost_closes_any_socket_at_its_next_message(players, layer_away):
    """Not only a play: a ``sync``, a spectator's message, the lobby's, a malformed one."""
    alice, bob, charlie, dave = players[:4]
    mod = await database_sync_to_async(make_moderator)()
    gid = await afull_table("draw", [alice, bob])
    other = await afull_table("draw", [charlie, dave])
    tab = await connect(gid, bob)
    await state(tab)
    malformed = await connect(gid, bob)
    await state(malformed)
    watching = await connect(other, bob)  # a spectator there
    await state(watching)
    lobby = await socket_of("/ws/salon/", bob)
    assert (await lobby.connect())[0]
    await lobby.receive_type("tables")

    await database_sync_to_async(sanctions.ban)(mod, bob, "Triche")
    assert layer_away == [(bob.pk, SANCTIONED)]

    await tab.send({"type": "sync"})
    await malformed.send("not json")
    await watching.send({"type": "play", "version": 1, "tile": "6-6"})
    await lobby.send({"type": "sync"})
    for socket in (tab, malformed, watching, lobby):
        await refused_and_closed(socket)


async def test_a_player_in_good_standing_is_not_closed_by_the_check(players):
    alice, bob = players[:2]
    gid = await afull_table("draw", [alice, bob])
    tab = await connect(gid, bob)
    await state(tab)
    await tab.send("not json")
    assert (await tab.receive_type("error"))["code"] == "bad_json"
    await tab.send({"type": "sync"})
    assert (await state(tab))["version"] >= 1
