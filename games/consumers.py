"""Websocket consumers: thin (docs/architecture.md §4). The protocol is docs/protocol.md.

A consumer authenticates from the session, checks each message against the
protocol (size, rate, shape), calls a service and relays what the groups send.
Every refusal is answered with an ``error`` message naming the problem; the
connection and the game go on, but for one: a socket whose user was suspended or
banned since it opened is answered ``sanctioned`` and closed (4403) at its next
message, whether or not the sanction's own close reached it. A command's service
tells (it decides who acts from the rows it locks, ``services.acting_seat``);
for any other message the consumer asks the database (docs/protocol.md).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import threading
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar
from urllib.parse import parse_qs

from asgiref.sync import sync_to_async
from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.utils import translation
from django.utils.translation import gettext as _

from config.language import chosen_language
from games import readmodels, services, transport
from games.close_codes import NO_SUCH_TABLE, NOT_LOGGED_IN, PRESENCE_LOST, SANCTIONED
from games.services import ServiceError

log = logging.getLogger(__name__)

# Protocol errors, besides the services' own (games.services.MESSAGES).
ERRORS = {
    "too_large": lambda: _("Message trop long."),
    "rate_limited": lambda: _("Trop de messages : attendez un peu."),
    "bad_json": lambda: _("Message illisible : ce n’est pas du JSON."),
    "bad_message": lambda: _("Message mal formé."),
    "unknown_type": lambda: _("Type de message inconnu."),
    "wrong_game": lambda: _("Ce message est pour une autre table."),
    "not_your_seat": lambda: _("Vous ne jouez pas pour cette place."),
    "not_seated": lambda: _("Vous regardez cette table : vous n’y êtes pas assis."),
}

# The types every field a command may carry may have, exactly: a bool is no integer, 114.0
# is no table id. Where a play goes is the game's to check (games.rules.parse_action): an
# end and the number left open (the line games), a train (a seat's number or "mexican"),
# a cell and a turn (Triominos).
TYPES: dict[str, tuple[type, ...]] = {
    "type": (str,),
    "version": (int,),
    "tile": (str,),
    "end": (str,),
    "open": (int,),
    "train": (int, str),
    "at": (list,),
    "turn": (int,),
    "game": (int,),
    "seat": (int,),
}

# The keys of a play that say where it goes, passed on to the game as they are.
PLACE = ("end", "open", "train", "at", "turn")

# The fields each message type may carry, and which are required.
FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "play": ({"type", "version", "tile", "game", "seat", *PLACE}, {"type", "version", "tile"}),
    "next_round": ({"type", "version", "game"}, {"type", "version"}),
    "sync": ({"type", "game"}, {"type"}),
}


T = TypeVar("T")

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def _executor() -> ThreadPoolExecutor:
    global _pool
    with _pool_lock:
        if _pool is None:
            _pool = ThreadPoolExecutor(settings.SERVICE_THREADS, thread_name_prefix="services")
        return _pool


def _with_connection(func: Callable[..., T], args: tuple[Any, ...], loop: asyncio.AbstractEventLoop) -> T:
    close_old_connections()
    try:
        with transport.sending_from(loop):
            return func(*args)
    finally:
        close_old_connections()


async def run(func: Callable[..., T], *args: Any) -> T:
    """Call a service (or a read model) on the process's pool of SERVICE_THREADS threads,
    each with its own database connection: commands of different tables run side by
    side, and never wait behind one another on a single thread. A command at the same
    table waits for the game's row lock, in PostgreSQL."""
    call = sync_to_async(_with_connection, thread_sensitive=False, executor=_executor())
    return await call(func, args, asyncio.get_running_loop())


class ProtocolError(Exception):
    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class Sanctioned(Exception):
    """The socket's user is no longer active (suspended or banned): the socket closes."""


class TokenBucket:
    """At most ``burst`` messages at once and ``rate`` a second on average."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


def language(scope: dict[str, Any]) -> str:
    """The page's language, as the pages choose it (config.language)."""
    headers = dict(scope.get("headers", []))
    accept = headers.get(b"accept-language", b"").decode("latin-1")
    return chosen_language(scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME), accept)


class DirectConsumer(AsyncWebsocketConsumer):
    """A websocket consumer whose messages go straight to their handlers.

    Channels first closes the database connections of its one database thread for
    every message a consumer gets, a hop to that thread and back, from the socket and
    from the groups alike. No handler here touches the database but through ``run``,
    which looks after its own thread's connection, so a relayed state goes straight
    to its socket (docs/benchmarks.md: the hop cost more than the relay).
    """

    async def dispatch(self, message: dict[str, Any]) -> None:
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)


class JsonConsumer(DirectConsumer):
    """Shared by the table and the lobby: size and rate limits, JSON, errors.

    The size and rate limits are applied as each message arrives, by a task that
    reads the socket while the consumer works (a command waiting for the database,
    say): a flood is answered ``rate_limited`` at once, however busy the process,
    and never queues up behind the commands in progress. However the consumer ends
    (closed, cancelled, or an exception), ``cleanup`` runs.
    """

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        self.lang = language(scope)
        self.bucket = TokenBucket(settings.WS_RATE, settings.WS_BURST)
        self.cleaned_up = False
        admitted: asyncio.Queue[dict[str, Any]] = asyncio.Queue()

        async def arrivals() -> None:
            while True:
                message = await receive()
                if message["type"] == "websocket.receive":
                    refusal = self.refusal_on_arrival(message)
                    if refusal is not None:
                        await send({"type": "websocket.send", "text": self.error_text(refusal)})
                        continue
                await admitted.put(message)
                if message["type"] == "websocket.disconnect":
                    return

        reading = asyncio.create_task(arrivals())
        try:
            await super().__call__(scope, admitted.get, send)
        finally:
            reading.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reading
            await self.cleanup()

    def refusal_on_arrival(self, message: dict[str, Any]) -> str | None:
        """The error code of a message refused before it is read (size, rate), if any."""
        size = len(message.get("text") or message.get("bytes") or "")
        if size > settings.WS_MAX_MESSAGE_BYTES:
            return "too_large"
        if not self.bucket.take():
            return "rate_limited"
        return None

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        # Whether this message's user is known to be in good standing (``check_standing``).
        self.standing_known = False
        try:
            try:
                if text_data is None:
                    raise ProtocolError("bad_message")
                try:
                    message = json.loads(text_data)
                except (ValueError, RecursionError):  # RecursionError: arrays nested a thousand deep
                    raise ProtocolError("bad_json") from None
                if not isinstance(message, dict):
                    raise ProtocolError("bad_message")
                if not self.checked_by_command(message):
                    await self.check_standing()
                await self.handle(message)
                await self.check_standing()  # a command that could not tell (no such table)
            except ProtocolError as e:
                await self.check_standing()
                await self.send(text_data=self.error_text(e.code))
        except Sanctioned:
            await self.close_sanctioned()

    def checked_by_command(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` goes to a command whose service decides, from the rows it
        locks, whether the user may act (so that the consumer need not ask first)."""
        return False

    async def check_standing(self) -> None:
        """Raise ``Sanctioned`` if the socket's user is no longer active: one cheap read,
        once a message, unless a command has told already (``standing_known``)."""
        if self.standing_known:
            return
        self.standing_known = True
        user = self.scope.get("user")
        if user is None or not user.is_authenticated:
            return
        if not await run(services.in_good_standing, user.pk):
            raise Sanctioned

    async def close_sanctioned(self) -> None:
        """Say why (``sanctioned``), then close with SANCTIONED, as a sanction's own close does."""
        with translation.override(self.lang):
            await self.send_error("sanctioned", str(services.MESSAGES["sanctioned"]))
        await self.close(code=SANCTIONED)

    def error_text(self, code: str) -> str:
        with translation.override(self.lang):
            return transport.encode({"type": "error", "code": code, "message": str(ERRORS[code]())})

    async def handle(self, message: dict[str, Any]) -> None:
        raise ProtocolError("unknown_type")

    async def send_error(self, code: str, text: str) -> None:
        await self.send(text_data=transport.encode({"type": "error", "code": code, "message": text}))

    async def relay(self, event: dict[str, Any]) -> None:
        """A message from a group, already encoded."""
        await self.send(text_data=event["text"])

    async def user_close(self, event: dict[str, Any]) -> None:
        """A message to the user's group (``transport.user_group``): close this socket,
        after the message that says why (``sanctioned``, docs/protocol.md) if it has one."""
        if event.get("text"):
            await self.send(text_data=event["text"])
        await self.close(code=event.get("code", SANCTIONED))

    async def cleanup(self) -> None:
        """Undo what the connection set up; runs once, however the consumer ended."""

    async def join_user_group(self) -> None:
        """Every socket of a user joins the user's group, so that a sanction reaches it
        on whichever process it is open."""
        user = self.scope["user"]
        if user.is_authenticated:
            self.user_group = transport.user_group(user.pk)
            await self.channel_layer.group_add(self.user_group, self.channel_name)

    async def leave_user_group(self) -> None:
        group = getattr(self, "user_group", None)
        if group is not None:
            await self.channel_layer.group_discard(group, self.channel_name)


class TableConsumer(JsonConsumer):
    """One player's (or spectator's) connection to a table: ``/ws/tables/<id>/``."""

    groups_joined: list[str]

    async def connect(self) -> None:
        self.groups_joined = []
        # Relayed messages held until the first state is sent; None once it is.
        self.held: list[str] | None = []
        self.probe_back = asyncio.Event()
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        user = self.scope["user"]
        if not user.is_authenticated:
            await self.refuse(NOT_LOGGED_IN)
            return
        # First the user's group, then the check: a sanction that lands in between
        # still closes this socket.
        await self.join_user_group()
        if not user.is_active:
            await self.refuse(SANCTIONED)
            return
        # Join the groups before recording the connection and reading the state: a
        # change in between is then received twice (the client keeps the newer
        # version), never missed, and the news of this very connection arrives too.
        await self.join(transport.table_group(self.game_id))
        invitation = parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("invitation", [""])[
            0
        ]
        try:
            self.seat = await run(services.connect, self.game_id, user, self.channel_name, invitation)
        except ServiceError:
            await self.refuse(NO_SUCH_TABLE)
            return
        await self.join(transport.seat_group(self.game_id, self.seat))
        await self.accept()
        self.beating = asyncio.create_task(self.heartbeat())
        await self.await_subscriptions()

    async def await_subscriptions(self) -> None:
        """Send the first state only once the groups' subscriptions are in place.

        ``group_add`` returns once its SUBSCRIBE is sent, not once Redis has it: a
        change committed just after the state was read could be published before
        the subscription lands, and the socket would hold that state and miss the
        next one. So the socket joins one group of its own last and publishes a
        probe to it (again, later and later, until it comes back): a process's
        SUBSCRIBEs go to Redis in order on one connection, so when the probe arrives
        every group joined before it is subscribed. Then the state is read and sent
        (``subscribed``); what the groups relayed before is held until after it
        (docs/architecture.md, "A socket's first state").
        """
        self.probe_group = transport.probe_group(uuid.uuid4().hex)
        await self.join(self.probe_group)
        self.probing = asyncio.create_task(self.probe())

    async def probe(self) -> None:
        """Publish the probe until it comes back, waiting longer each time (a probe
        published before its own subscription landed is lost like any message)."""
        delay = 0.05
        while not self.probe_back.is_set():
            await self.channel_layer.group_send(self.probe_group, {"type": "subscribed"})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.probe_back.wait(), delay)
            delay = min(2 * delay, 2.0)

    async def subscribed(self, event: dict[str, Any]) -> None:
        """The probe came back: every group is subscribed. Read and send the first state,
        then what was relayed meanwhile (older or the same: the client keeps the newest)."""
        if self.held is None:  # a probe sent again before the first came back
            return
        self.probe_back.set()
        self.groups_joined.remove(self.probe_group)
        await self.channel_layer.group_discard(self.probe_group, self.channel_name)
        await self.send_state()
        held, self.held = self.held, None
        for text in held:
            await self.send(text_data=text)

    async def relay(self, event: dict[str, Any]) -> None:
        """A message from a group: held until the first state is sent (``await_subscriptions``)."""
        if self.held is not None:
            self.held.append(event["text"])
            return
        await self.send(text_data=event["text"])

    async def heartbeat(self) -> None:
        """Renew this socket's presence row, so that the watchdog knows its process lives."""
        while True:
            await asyncio.sleep(settings.PRESENCE_HEARTBEAT_SECONDS)
            try:
                alive = await run(services.heartbeat, self.channel_name)
            except Exception:  # the database is away: try again at the next beat
                log.exception("heartbeat of %s failed", self.channel_name)
                continue
            if not alive:
                await self.close(code=PRESENCE_LOST)
                return

    async def refuse(self, code: int) -> None:
        """Accept, then close with ``code``: a browser sees the code only after the handshake."""
        await self.accept()
        await self.close(code=code)

    async def join(self, group: str) -> None:
        await self.channel_layer.group_add(group, self.channel_name)
        self.groups_joined.append(group)

    async def disconnect(self, code: int) -> None:
        await self.cleanup()

    async def cleanup(self) -> None:
        """Stop the heartbeat, leave the groups and remove the presence row, once: on a
        close, and also when the consumer ends on an exception or is cancelled (else
        the heartbeat would keep a dead socket's seat connected for ever)."""
        if getattr(self, "cleaned_up", False):
            return
        self.cleaned_up = True
        probe_back = getattr(self, "probe_back", None)
        if probe_back is not None:  # the probe stops at its next wait
            probe_back.set()
        beating = getattr(self, "beating", None)
        if beating is not None:
            beating.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await beating
        try:
            for group in getattr(self, "groups_joined", []):
                await self.channel_layer.group_discard(group, self.channel_name)
            await self.leave_user_group()
        finally:
            if hasattr(self, "channel_name"):
                await run(services.disconnect, self.channel_name)

    async def send_state(self) -> None:
        message = await run(readmodels.current_state, self.game_id, self.seat)
        await self.send(text_data=transport.encode(message))

    def checked_by_command(self, message: dict[str, Any]) -> bool:
        return message.get("type") in ("play", "next_round")

    async def handle(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if not isinstance(kind, str) or kind not in FIELDS:
            raise ProtocolError("unknown_type")
        allowed, required = FIELDS[kind]
        if not required <= message.keys() <= allowed:
            raise ProtocolError("bad_message")
        if any(type(value) not in TYPES[key] for key, value in message.items()):
            raise ProtocolError("bad_message")
        if "game" in message and message["game"] != self.game_id:
            raise ProtocolError("wrong_game")
        if kind == "sync":
            await self.send_state()
            return
        if self.seat is None:
            raise ProtocolError("not_seated")
        if "seat" in message and message["seat"] != self.seat:
            raise ProtocolError("not_your_seat")
        user = self.scope["user"]
        try:
            if kind == "play":
                move = {k: message[k] for k in ("tile", *PLACE) if k in message}
                move["play"] = move.pop("tile")
                await run(services.play, self.game_id, user, move, message["version"])
            else:
                await run(services.next_round, self.game_id, user, message["version"])
            self.standing_known = True
        except ServiceError as e:
            # The service found the table and decided who acts for the seat, unless it is gone.
            self.standing_known = e.code != "not_found"
            if e.code == "sanctioned":
                raise Sanctioned from None
            with translation.override(self.lang):
                await self.send_error(e.code, e.message)
            if e.code == "stale_version":
                await self.send_state()


class LobbyConsumer(JsonConsumer):
    """The lobby page: the open public tables, live (``/ws/salon/``)."""

    async def connect(self) -> None:
        await self.join_user_group()
        if self.scope["user"].is_authenticated and not self.scope["user"].is_active:
            await self.accept()
            await self.close(code=SANCTIONED)
            return
        await self.channel_layer.group_add(transport.LOBBY, self.channel_name)
        await self.accept()
        tables = await run(readmodels.lobby_tables)
        await self.send(text_data=transport.encode({"type": "tables", "tables": tables}))

    async def disconnect(self, code: int) -> None:
        await self.cleanup()

    async def cleanup(self) -> None:
        if not getattr(self, "cleaned_up", False):
            self.cleaned_up = True
            await self.channel_layer.group_discard(transport.LOBBY, self.channel_name)
            await self.leave_user_group()
