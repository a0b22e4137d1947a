"""How messages reach the websockets of a table and of the lobby (docs/protocol.md).

Groups, all on the Redis channel layer so that any Daphne process can serve any
table:

- ``game.<id>``: every connection of the table (public news: who is connected);
- ``game.<id>.seat.<n>``: the connections of seat n's player, the only ones that
  get its hand and the tile it drew (R6);
- ``game.<id>.watch``: spectators, who get what R6 gives seat None;
- ``lobby``: the lobby pages;
- ``probe.<token>``: one socket alone, for a moment: the probe that tells it its
  subscriptions are in place before it reads its first state;
- ``user-<id>``: every socket of one user, table and lobby alike, on any process
  (a ``user.close`` message to it closes them: a sanction, accounts.sanctions).

This module knows the groups, the encoding and the event loops the messages go
out from; what each message says is the read models' (games.readmodels).
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import json
import logging
import os
import threading
from collections.abc import Iterator
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

LOBBY = "lobby"


def table_group(game_id: int) -> str:
    return f"game.{game_id}"


def seat_group(game_id: int, seat: int | None) -> str:
    return f"game.{game_id}.watch" if seat is None else f"game.{game_id}.seat.{seat}"


def probe_group(token: str) -> str:
    """A group of one socket's own, that tells it its subscriptions are in place
    (games.consumers.TableConsumer.await_subscriptions)."""
    return f"probe.{token}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def close_user_sockets(user_id: int, code: int, notice: dict[str, Any] | None = None) -> None:
    """Close every open websocket of the user, on every process, with ``code``; each
    socket is sent ``notice`` first, if given (what the page shows: docs/protocol.md)."""
    event: dict[str, Any] = {"type": "user.close", "code": code}
    if notice is not None:
        event["text"] = encode(notice)
    group_send((user_group(user_id), event))


def table_news(game_id: int, message: dict[str, Any]) -> None:
    """Send a public message to every connection of a table (seats and spectators)."""
    send((table_group(game_id), encode(message)))


class _OwnLoop:
    """One long-lived event loop per process, for processes outside the ASGI server.

    In Daphne, ``async_to_sync`` hands the sending to the server's own loop. In a
    Celery worker there is none, and ``async_to_sync`` would start a loop, with new
    Redis connections, for every message sent; the worker sends from this one instead
    (``use_own_loop``, called when the worker starts). The worker's task waits until
    its messages are sent; the clock hands them over and goes on (``hand_over``).
    """

    wanted = False
    hand_over = False
    loop: asyncio.AbstractEventLoop | None = None
    pid = 0
    lock = threading.Lock()
    # What was handed over and is not sent yet, oldest first (``hand_over``).
    pending: collections.deque[concurrent.futures.Future[None]] = collections.deque()

    @classmethod
    def get(cls) -> asyncio.AbstractEventLoop | None:
        if not cls.wanted:
            return None
        with cls.lock:
            if cls.loop is None or cls.pid != os.getpid():  # a forked child starts its own
                cls.loop = asyncio.new_event_loop()
                cls.pid = os.getpid()
                cls.pending = collections.deque()
                threading.Thread(target=cls.loop.run_forever, name="transport", daemon=True).start()
            return cls.loop

    @classmethod
    def handed(cls, future: concurrent.futures.Future[None]) -> None:
        """Keep ``future`` until sent; past ``HANDED_OVER_AT_MOST`` pending, wait for the
        oldest first, so that a loop that cannot keep up slows the senders down."""
        future.add_done_callback(_log_failure)
        with cls.lock:
            while cls.pending and cls.pending[0].done():
                cls.pending.popleft()
            cls.pending.append(future)
            oldest = cls.pending[0] if len(cls.pending) > HANDED_OVER_AT_MOST else None
        if oldest is not None:
            concurrent.futures.wait([oldest], timeout=30)


# Messages of a process that hands them over (the clock), waiting to be sent, at most.
HANDED_OVER_AT_MOST = 5000


def use_own_loop(hand_over: bool = False) -> None:
    """Send from this process's own event loop. With ``hand_over``, a thread that sends
    does not wait for its messages to be out: the loop sends them in the order they
    were handed over (as from the ASGI server's service threads, ``sending_from``), and
    ``drain`` waits for the rest before the process stops."""
    _OwnLoop.wanted = True
    _OwnLoop.hand_over = hand_over


def drain(timeout: float = 10) -> bool:
    """Wait until every message handed over to this process's loop is sent (or
    ``timeout`` s); whether all were."""
    with _OwnLoop.lock:
        pending = list(_OwnLoop.pending)
    _, not_done = concurrent.futures.wait(pending, timeout=timeout)
    return not not_done


def send(*messages: tuple[str, str]) -> None:
    """Send each ``(group, text)`` to its group, in order, in one trip to the event loop."""
    group_send(*((group, {"type": "relay", "text": text}) for group, text in messages))


def group_send(*messages: tuple[str, dict[str, Any]]) -> None:
    """Send each ``(group, message)`` to its group, in order, in one trip to the event loop."""
    layer = get_channel_layer()
    if layer is None:
        return

    async def send_all() -> None:
        for group, message in messages:
            await layer.group_send(group, message)

    server = getattr(_server, "loop", None)
    if server is not None:  # a service thread of the ASGI server: hand over, do not wait
        asyncio.run_coroutine_threadsafe(send_all(), server).add_done_callback(_log_failure)
        return
    loop = _OwnLoop.get()
    if loop is None:
        async_to_sync(send_all)()
    else:
        future = asyncio.run_coroutine_threadsafe(send_all(), loop)
        if _OwnLoop.hand_over:
            _OwnLoop.handed(future)
        else:
            future.result(timeout=30)


# The ASGI server's event loop, for the thread that runs a service for one of its
# consumers (games.consumers.run): the messages of a change are handed to that loop
# after the commit and the thread goes back to the pool at once, instead of waiting
# there until they are sent. The loop sends them in the order they were handed over.
_server = threading.local()


@contextlib.contextmanager
def sending_from(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """Within this block, this thread hands its messages to ``loop`` without waiting."""
    _server.loop = loop
    try:
        yield
    finally:
        _server.loop = None


def _log_failure(future: concurrent.futures.Future[None]) -> None:
    if not future.cancelled() and future.exception() is not None:
        log.error("a message to the websockets failed", exc_info=future.exception())
