"""Messages to the websockets of a table and of the lobby (docs/protocol.md).

Groups, all on the Redis channel layer so that any Daphne process can serve any
table:

- ``game.<id>``: every connection of the table (public news: who is connected);
- ``game.<id>.seat.<n>``: the connections of seat n's player, the only ones that
  get its hand and the tile it drew (R6);
- ``game.<id>.watch``: spectators, who get what R6 gives seat None;
- ``lobby``: the lobby pages;
- ``user-<id>``: every socket of one user, table and lobby alike, on any process
  (a ``user.close`` message to it closes them: a sanction, accounts.sanctions).

A message is built once per seat and sent already encoded; no secret enters the
table's public group.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import json
import logging
import os
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.utils import timezone

from games.journal import journal
from games.models import Game
from games.rules import Match, from_json, view, view_events
from games.rules.knowledge import public_info
from games.services import sql

if TYPE_CHECKING:
    from games.services import Change

log = logging.getLogger(__name__)

LOBBY = "lobby"


def table_group(game_id: int) -> str:
    return f"game.{game_id}"


def seat_group(game_id: int, seat: int | None) -> str:
    return f"game.{game_id}.watch" if seat is None else f"game.{game_id}.seat.{seat}"


def user_group(user_id: int) -> str:
    return f"user-{user_id}"


def close_user_sockets(user_id: int, code: int) -> None:
    """Close every open websocket of the user, on every process, with ``code``."""
    _group_send((user_group(user_id), {"type": "user.close", "code": code}))


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"))


def read(game_id: int) -> Game:
    """The table as a page reads it: the command's loader, without the lock."""
    game = sql.read_table(game_id, lock=False)
    if game is None:
        raise Game.DoesNotExist(f"no game {game_id}")
    return game


def table_info(game: Game) -> dict[str, Any]:
    """What everyone at the table may know of it besides the match: players, presence, rounds.

    Built from the game as read by its command, with no query, when the command read
    its seats and spectators; the return match is looked for once the match is over.
    """
    assert game.seating is not None and game.spectators is not None, "a table read with its seats"
    seats = {s.index: s for s in game.seating}
    # A daily attempt's round seeds are the day's secret until the day is over (R63).
    secret = game.daily and not game.day_over()
    rematch = None
    if game.status == Game.OVER:
        rematch = Game.objects.filter(rematch_of=game).values_list("pk", flat=True).first()
    return {
        "id": game.pk,
        "variant": game.variant,
        "seats": game.seats,
        "target": game.target,
        "public": game.public,
        "status": game.status,
        "players": [
            None
            if i not in seats
            else {"seat": i, "name": seats[i].name, "connected": seats[i].present, "robot": seats[i].robot}
            for i in range(game.seats)
        ],
        "daily": game.daily,
        "clock": clock(game),
        # How many watch the table (their sockets: a spectator with two tabs counts twice).
        "spectators": game.spectators,
        # The return match of this one, once a player has asked for it ("Revanche").
        "rematch": rematch,
        # R12: a round's commitment from its start, its seed once it is over.
        "rounds": [
            {
                "number": entry["number"],
                "commitment": entry["commitment"],
                "seed": None if secret else entry["seed"],
            }
            for entry in game.commitments
        ],
    }


def clock(game: Game) -> dict[str, Any] | None:
    """What the table waits for and how long it still waits (R52–R54), or None.

    The time left is counted on the server when the message is built; a page counts
    down from it on its own clock, so neither clock needs to agree with the other.
    """
    if game.deadline is None or game.status not in Game.LIVE:
        return None
    # R56: while no seat is connected the table waits, its clock stopped at what was left.
    stopped = game.deserted is not None
    left = max(0, round((game.deadline - (game.deserted or timezone.now())).total_seconds() * 1000))
    if game.status == Game.ROUND_OVER:
        out: dict[str, Any] = {"kind": "pause", "seat": None, "remaining_ms": left}
    else:
        out = {"kind": "turn", "seat": game.turn, "remaining_ms": left}
    if stopped:
        out["stopped"] = True
    return out


def snapshot(game: Game, events: list[dict[str, Any]], match: Match | None = None) -> dict[str, Any]:
    """What the messages of one version are built from: the game as its command left it."""
    return {
        "state": game.state,
        "match": match,
        "version": game.version,
        "table": table_info(game),
        "events": events,
        "shown_none": game.knowledge["none"] if game.knowledge and game.state else None,
    }


def state_message(snap: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """The full view of ``seat`` (None: a spectator), with the events that led to it."""
    match = snap.get("match")
    if match is None and snap["state"]:
        match = snap["match"] = from_json(snap["state"])
    seen = view(match, seat) if match else None
    if seen is not None and seen["round"] is not None and match is not None:
        none = [set(numbers) for numbers in snap.get("shown_none") or [[]] * match.seats]
        seen["round"]["public"] = public_info(match, seat, none)
    return {
        "type": "state",
        "version": snap["version"],
        "events": view_events(snap["events"], seat),
        "table": snap["table"],
        "view": seen,
    }


class _OwnLoop:
    """One long-lived event loop per process, for processes outside the ASGI server.

    In Daphne, ``async_to_sync`` hands the sending to the server's own loop. In a
    Celery worker there is none, and ``async_to_sync`` would start a loop, with new
    Redis connections, for every message sent; the worker sends from this one instead
    (``use_own_loop``, called when the worker starts).
    """

    wanted = False
    loop: asyncio.AbstractEventLoop | None = None
    pid = 0
    lock = threading.Lock()

    @classmethod
    def get(cls) -> asyncio.AbstractEventLoop | None:
        if not cls.wanted:
            return None
        with cls.lock:
            if cls.loop is None or cls.pid != os.getpid():  # a forked child starts its own
                cls.loop = asyncio.new_event_loop()
                cls.pid = os.getpid()
                threading.Thread(target=cls.loop.run_forever, name="broadcast", daemon=True).start()
            return cls.loop


def use_own_loop() -> None:
    _OwnLoop.wanted = True


def _send(*messages: tuple[str, str]) -> None:
    """Send each ``(group, text)`` to its group, in order, in one trip to the event loop."""
    _group_send(*((group, {"type": "relay", "text": text}) for group, text in messages))


def _group_send(*messages: tuple[str, dict[str, Any]]) -> None:
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
        asyncio.run_coroutine_threadsafe(send_all(), loop).result(timeout=30)


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
        log.error("a broadcast failed", exc_info=future.exception())


def game_changed(change: Change) -> None:
    """Tell every seat and the spectators what changed, each as much as it may know.

    Each message is built and encoded once, for its group. The spectators' is not built
    when the command counted none under the game's lock: one who comes after the commit
    reads the state as it then is (``current_state``), this change included.
    """
    snap = snapshot(change.game, change.events, change.match)
    seats: list[int | None] = list(range(change.game.seats))
    if change.game.spectators != 0:  # None: not counted
        seats.append(None)
    _send(*((seat_group(change.game_id, seat), encode(state_message(snap, seat))) for seat in seats))


def presence_changed(game_id: int) -> None:
    game = sql.read_table(game_id, lock=False)
    if game is None:
        return
    info = table_info(game)
    message = {
        "type": "presence",
        "version": game.version,
        "players": info["players"],
        "clock": info["clock"],
        "spectators": info["spectators"],
    }
    _send((table_group(game_id), encode(message)))


def lobby_entry(game: Game) -> dict[str, Any]:
    names = [seat.name for seat in game.seat_set.all()]  # in seat order (Seat.Meta)
    return {
        "id": game.pk,
        "variant": game.variant,
        "seats": game.seats,
        "taken": len(names),
        "target": game.target,
        "rated": game.rated,
        "host": game.host.username,
        "players": names,
        "status": game.status,
        "url": game.get_absolute_url(),
    }


def lobby_tables() -> list[dict[str, Any]]:
    """The open public tables, newest first."""
    games = (
        Game.objects.filter(status=Game.OPEN, public=True, rematch_of__isnull=True)
        .select_related("host")
        .prefetch_related("seat_set__player")
        .order_by("-created", "-pk")
    )
    return [lobby_entry(game) for game in games[:200]]


def matches_in_play(limit: int = 100) -> list[dict[str, Any]]:
    """The public matches in play, to watch: most watched first, then newest."""
    from django.db.models import Count, Q

    games = (
        Game.objects.filter(status__in=Game.LIVE, public=True, daily=False)
        .annotate(watching=Count("connections", filter=Q(connections__seat__isnull=True)))
        .prefetch_related("seat_set__player")
        .order_by("-watching", "-started", "-pk")[:limit]
    )
    return [
        {
            "id": game.pk,
            "variant": game.variant,
            "players": [seat.player.username for seat in game.seat_set.all()],
            "spectators": game.watching,
            "url": game.get_absolute_url(),
        }
        for game in games
    ]


def current_state(game_id: int, seat: int | None) -> dict[str, Any]:
    """The full view of ``seat`` now, with the match's journal as the seat may read it:
    sent on connection and on request (``sync``)."""
    game = read(game_id)
    message = state_message(snapshot(game, []), seat)
    message["journal"] = journal(game, seat)
    return message


def lobby_changed(game_id: int) -> None:
    game = Game.objects.select_related("host").filter(pk=game_id).first()
    if (
        game is None or not game.public or game.rematch_of_id is not None
    ):  # a return match is its players' own
        return
    _send((LOBBY, encode({"type": "table", "table": lobby_entry(game)})))


def table_news(game_id: int, message: dict[str, Any]) -> None:
    """Send a public message to every connection of a table (seats and spectators)."""
    _send((table_group(game_id), encode(message)))
