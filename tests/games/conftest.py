"""Players, tables and websocket clients for the tests of live play."""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator
from typing import Any

import pytest_asyncio
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import connection
from django.test import Client
from django.utils import timezone

from config.asgi import application
from games import services
from games.models import Game
from games.rules import table_play
from tests.conftest import PASSWORD  # noqa: F401 (the players' password, for tests that log in)


def session_cookie(user: Any) -> str:
    client = Client()
    client.force_login(user)
    return client.cookies["sessionid"].value


class Socket:
    """A websocket client of a table, through the whole ASGI application.

    Every socket a test opens is closed after it (``close_sockets``), as a browser's
    would be, so that no consumer outlives its test's event loop.
    """

    opened: list[Socket] = []

    def __init__(
        self,
        path: str,
        cookie: str | None = None,
        origin: str = "http://testserver",
        headers: list[tuple[bytes, bytes]] | None = None,
    ) -> None:
        headers = [(b"origin", origin.encode()), *(headers or [])]
        if cookie is not None:
            headers.append((b"cookie", f"sessionid={cookie}".encode()))
        self.communicator = WebsocketCommunicator(application, path, headers=headers)
        self.received: list[dict[str, Any]] = []
        self.closed = False
        Socket.opened.append(self)

    async def connect(self) -> tuple[bool, int | None]:
        return await self.communicator.connect(timeout=5)

    async def close_code(self) -> int | None:
        """Connect and return the code the server closes with at once (after the handshake,
        so that a browser sees it too); None if it keeps the connection open."""
        connected, code = await self.connect()
        if not connected:
            return code
        output = await self.communicator.receive_output(timeout=5)
        return output.get("code") if output["type"] == "websocket.close" else None

    async def send(self, message: Any) -> None:
        text = message if isinstance(message, str) else json.dumps(message)
        await self.communicator.send_to(text_data=text)

    async def receive(self, timeout: float = 5) -> dict[str, Any]:
        message = json.loads(await self.communicator.receive_from(timeout=timeout))
        self.received.append(message)
        return message

    async def receive_type(self, kind: str, timeout: float = 5) -> dict[str, Any]:
        """The next message of type ``kind``, skipping others (presence, say)."""
        while True:
            message = await self.receive(timeout)
            if message["type"] == kind:
                return message

    async def nothing(self, timeout: float = 0.3) -> bool:
        return await self.communicator.receive_nothing(timeout=timeout)

    async def close(self) -> None:
        if not self.closed:
            self.closed = True
            await self.communicator.disconnect()

    @classmethod
    async def close_all(cls) -> None:
        sockets, cls.opened = cls.opened, []
        for socket in sockets:
            with contextlib.suppress(Exception):
                await socket.close()


@pytest_asyncio.fixture
async def close_sockets() -> AsyncIterator[None]:
    """Close, after the test, the sockets it left open."""
    yield
    await Socket.close_all()


async def connect(game_id: int, user: Any = None, **kwargs: Any) -> Socket:
    cookie = None if user is None else await database_sync_to_async(session_cookie)(user)
    socket = Socket(f"/ws/tables/{game_id}/", cookie, **kwargs)
    connected, code = await socket.connect()
    assert connected, f"refused with close code {code}"
    return socket


async def socket_of(path: str, user: Any, **kwargs: Any) -> Socket:
    """A socket logged in as ``user``, not yet connected."""
    return Socket(path, await database_sync_to_async(session_cookie)(user), **kwargs)


async def state(socket: Socket) -> dict[str, Any]:
    return await socket.receive_type("state")


# The seed the tests' tables are dealt from (Game.seed): round n of every table is
# dealt from round_seed(SEED, n), so each test knows its hands, every time.
SEED = "known deals"


def full_table(
    variant: str, seats: list[Any], target: int | None = None, public: bool = True, seed: str = SEED
) -> int:
    """A table of ``variant`` with every seat taken, so its match has started, dealt from
    ``seed``: its first round is in play (asserted: a seed whose deal is blocked at
    once, R8, is a test's mistake, not chance)."""
    game = services.open_table(seats[0], variant, len(seats), target, public, seed=seed)
    for user in seats[1:]:
        services.join(game.pk, user, game.invitation)
    game.refresh_from_db()
    assert game.status == Game.PLAYING, f"the first deal of {seed!r} in {variant} is not in play"
    return game.pk


afull_table = database_sync_to_async(full_table)


def game_of(game_id: int) -> Game:
    """The table as a page reads it (its seats and spectators with it)."""
    return services.load_table(game_id, lock=False)


def seconds_left(game: Game) -> float:
    """How long the turn's (or the pause's) clock has left, in seconds."""
    assert game.deadline is not None
    return (game.deadline - timezone.now()).total_seconds()


def turn_of(game: Game) -> int:
    """The seat to play in the round under way (Game.turn, kept by the services)."""
    assert game.turn is not None, "no round is in play"
    return game.turn


def move_of(game: Game) -> tuple[Any, dict[str, Any]]:
    """The player to play and their first legal play (R52's choice), as ``services.play`` takes it."""
    action = table_play(game.match)
    user = game.seat_set.get(index=action.seat).player
    return user, {k: v for k, v in action.to_dict(True).items() if k != "seat"}


def play_first(game: Game) -> None:
    """The seat to play lays its first legal tile, through the service."""
    user, move = move_of(game)
    services.play(game.pk, user, move, game.version)


def connect_all(game_id: int, players: list[Any], tag: str = "tab") -> None:
    """A socket recorded for each seat, named ``<tag>-<game>-<seat>``."""
    for index, user in enumerate(players):
        services.connect(game_id, user, f"{tag}-{game_id}-{index}")


def to_round_over(game_id: int) -> Game:
    """Play the round under way to its end, by hand."""
    while (game := game_of(game_id)).status == Game.PLAYING:
        play_first(game)
    return game


def done_with(game_id: int) -> None:
    """End the table as abandoned, so that its players may sit at another (R56: one live
    table at a time): for tests that play the same players at several tables in turn."""
    Game.objects.filter(pk=game_id).update(status=Game.ABANDONED, deadline=None)


def waiting_for_a_lock() -> int:
    """How many other connections to the test database wait for a lock now (read outside any
    transaction: PostgreSQL keeps one picture of its activity for a transaction's length)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
            "AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
        )
        return int(cursor.fetchone()[0])
