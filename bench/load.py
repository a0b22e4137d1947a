"""Load benchmark: many live tables at once, played over real websockets.

    make bench-load       # or: .venv/bin/python -m bench.load [--tables 1,100,500] [--think 0.5:1]

Measured: the **move round trip**, from the moment the client of the seat to
play sends its ``play`` to the moment every seat of that table has received
the ``state`` with the new version (the slowest seat's arrival), at each
level of concurrent tables. Beside it, at each level of the same run, the
**echo floor**: as many connections, in pairs, sending as many messages a
second as the tables did, to ``/ws/echo/<pair>/`` (bench.echo), whose consumer
passes each message through the same channels_redis layer to both connections
of its pair; measured from the send until both have it. The floor is the path
of a move minus the database, the rules engine and the per-seat views.

Everything is set up here, as production runs it: a PostgreSQL database
(``dominos_bench`` unless ``--database-url``; created and migrated if needed,
its games and sessions emptied at the start), Daphne with DEBUG off, a
SECRET_KEY and ALLOWED_HOSTS set, serving bench.asgi (config.asgi's
application unchanged, plus the echo route) in ``--servers`` processes on
consecutive ports, which share the Redis layer. The two seats of a table
connect to different processes, so that a move crosses from one process to
the other through Redis. Users and full tables (``block`` and ``draw`` in
turn) are made through games.services in this process; each user is logged
in by a session row, and each seat's client connects with its session cookie
and the site's Origin, as a browser does.

Each table then plays at a human but busy pace: wait a think time drawn
uniformly from ``--think`` (default 0.5–1 s), send the first legal play of the
seat to play (``next_round`` from the host when a round is over: a ``deal``,
reported apart), wait until every seat has the new version, and again. A table
whose match is over is replaced by a new one. Round trips started during the
warm-up are not counted; each level then measures for ``--seconds`` (or
``--moves`` per table). Reported per level and kind: samples, the rate
achieved, p50, p99 and max round trip, timeouts, error messages, and the CPU
used meanwhile by Daphne, PostgreSQL, Redis, this client and anything else, in
cores. Between phases the run waits for the servers to be idle again.

The clients share the two cores with the servers: one asyncio loop, a JSON
parse per message, nothing else. The servers are stopped (their process groups
killed) at the end, on an error and on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import platform
import random
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/dominos_bench"
SEATS = 2
CONNECT_AT_ONCE = 25  # handshakes in flight at once while a level connects
LOCK_KEY = 0x646F6D696E6F  # PostgreSQL advisory lock held by a run
TICKS = os.sysconf("SC_CLK_TCK")


# Setup, in this process ------------------------------------------------------


def server_environment(args: argparse.Namespace, secret: str) -> dict[str, str]:
    """Production settings for Daphne and for this process (the same SECRET_KEY: sessions).

    The run has its own channel prefix, and its own Celery queue and broker keys: the
    timers its tables send reach no other site's worker (and are removed at the end).
    """
    tag = f"bench-{secrets.token_hex(4)}"
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "false",
        "SECRET_KEY": secret,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DATABASE_URL": args.database_url,
        "CHANNEL_PREFIX": tag,
        "CELERY_QUEUE": tag,
        "CELERY_KEY_PREFIX": f"{tag}:",
        "PYTHONUNBUFFERED": "1",
    }


def remove_redis_keys(env: dict[str, str]) -> int:
    """The broker's keys of the run (queue, bindings, unacked timers), and any channel-layer leftovers."""
    import redis
    from django.conf import settings

    removed = 0
    for db, prefix in ((2, env["CELERY_KEY_PREFIX"]), (0, env["CHANNEL_PREFIX"])):
        client = redis.Redis.from_url(f"{settings.REDIS_URL}/{db}")
        try:
            keys = list(client.scan_iter(match=f"{prefix}*", count=1000))
            if keys:
                removed += int(client.delete(*keys))
        finally:
            client.close()
    return removed


def ensure_database(url: str) -> None:
    """Create the benchmark's database if it is missing (it must be a bench database)."""
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if "bench" not in name:
        raise SystemExit(f"refusing to empty {name!r}: the database's name must contain 'bench'")
    admin = urlunsplit(parts._replace(path="/postgres", query=""))  # the query holds Django's options
    with psycopg.connect(admin, autocommit=True) as conn:
        if conn.execute("select 1 from pg_database where datname = %s", (name,)).fetchone() is None:
            conn.execute(sql.SQL("create database {}").format(sql.Identifier(name)))


def lock_database() -> None:
    """One run at a time on a database: each empties it first."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("select pg_try_advisory_lock(%s)", [LOCK_KEY])
        if not cursor.fetchone()[0]:
            raise SystemExit("another bench.load is running against this database")


def prepare_database(users_needed: int) -> list[str]:
    """Migrate, empty the games and sessions, and log ``users_needed`` users in: their session keys."""
    from datetime import timedelta

    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore
    from django.contrib.sessions.models import Session
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from games.models import Connection, Game, Move, Round, Seat

    call_command("migrate", verbosity=0, interactive=False)
    tables = [m._meta.db_table for m in (Connection, Move, Round, Seat, Game, Session)]
    with connection.cursor() as cursor:
        cursor.execute(f"truncate {', '.join(tables)} cascade")
    User = get_user_model()
    names = [f"bench{i:05d}" for i in range(users_needed)]
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    unusable = make_password(None)  # no password hashing for thousands of users
    User.objects.bulk_create(
        [User(username=n, email=f"{n}@bench.invalid", password=unusable) for n in names if n not in have]
    )
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    store = SessionStore()
    expires = timezone.now() + timedelta(days=1)
    sessions = []
    for name in names:
        user = users[name]
        data = {
            "_auth_user_id": str(user.pk),
            "_auth_user_backend": "django.contrib.auth.backends.ModelBackend",
            "_auth_user_hash": user.get_session_auth_hash(),
        }
        sessions.append(
            Session(
                session_key=store._get_new_session_key(), session_data=store.encode(data), expire_date=expires
            )
        )
    Session.objects.bulk_create(sessions)
    return [s.session_key for s in sessions]


def open_full_table(variant: str, usernames: list[str]) -> int:
    """A table of ``variant`` with every seat taken (its match has started), as the site makes it."""
    from django.contrib.auth import get_user_model

    from games import services

    User = get_user_model()
    users = {u.username: u for u in User.objects.filter(username__in=usernames)}
    seated = [users[n] for n in usernames]
    game = services.open_table(seated[0], variant, len(seated), None, True)
    for user in seated[1:]:
        services.join(game.pk, user)
    return int(game.pk)


# Servers --------------------------------------------------------------------


def check_ports(first: int, count: int) -> None:
    for port in range(first, first + count):
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                raise SystemExit(f"port {port} is taken: choose another with --port")


def stop_processes(processes: list[subprocess.Popen[bytes]], wait: float) -> None:
    """SIGTERM each process group, then SIGKILL those still there after ``wait`` seconds."""
    for proc in processes:
        if proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGTERM)
    for proc in processes:
        try:
            proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


class Servers:
    """Daphne processes on consecutive ports, each in its own process group."""

    def __init__(self, count: int, port: int, env: dict[str, str], app: str, logs: Path) -> None:
        self.ports = [port + i for i in range(count)]
        self.processes: list[subprocess.Popen[bytes]] = []
        self.logs = [logs / f"daphne-{p}.log" for p in self.ports]
        daphne = str(Path(sys.executable).parent / "daphne")
        for p, log in zip(self.ports, self.logs, strict=True):
            with open(log, "wb") as out:
                self.processes.append(
                    subprocess.Popen(
                        [daphne, "-b", "127.0.0.1", "-p", str(p), app],
                        cwd=ROOT,
                        env=env,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        for p, proc, log in zip(self.ports, self.processes, self.logs, strict=True):
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"daphne on port {p} exited:\n{log.read_text()[-3000:]}")
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", p)) == 0:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"daphne on port {p} did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.1)

    def stop(self) -> None:
        stop_processes(self.processes, wait=10)

    @property
    def pids(self) -> list[int]:
        return [p.pid for p in self.processes]


# CPU accounting -------------------------------------------------------------


def _cpu_ticks(pid: int, children: bool = False) -> int:
    """User and system time of a process (and of its reaped children), in clock ticks; 0 once gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (FileNotFoundError, ProcessLookupError):
        return 0
    own = int(fields[11]) + int(fields[12])
    return own + int(fields[13]) + int(fields[14]) if children else own


def _pids_named(*names: str) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if (entry / "comm").read_text().strip() in names:
                    found.append(int(entry.name))
            except OSError:
                continue
    return found


def cpu_sample(server_pids: list[int]) -> dict[str, float]:
    """CPU seconds used so far by each part, and by the whole machine.

    PostgreSQL's backends come and go (one per connection): the postmaster's
    reaped children count with the backends alive now.
    """
    stat = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    busy = sum(int(v) for v in stat) - int(stat[3]) - int(stat[4])  # minus idle and iowait
    return {
        "daphne": sum(_cpu_ticks(p) for p in server_pids) / TICKS,
        "postgres": sum(_cpu_ticks(p, children=True) for p in _pids_named("postgres")) / TICKS,
        "redis": sum(_cpu_ticks(p) for p in _pids_named("redis-server")) / TICKS,
        "client": _cpu_ticks(os.getpid()) / TICKS,
        "machine": busy / TICKS,
    }


def cpu_used(before: dict[str, float], after: dict[str, float], seconds: float) -> dict[str, float]:
    """Cores used by each part between two samples; ``other``: the rest of the machine's load."""
    cores = {k: (after[k] - before[k]) / seconds for k in before}
    cores["other"] = max(0.0, cores["machine"] - sum(v for k, v in cores.items() if k != "machine"))
    return cores


# Clients --------------------------------------------------------------------


@dataclass
class Stats:
    """Round trips (seconds) of one kind of message sent during the measurement."""

    samples: list[float] = field(default_factory=list)
    timeouts: int = 0

    def percentile(self, p: float) -> float:
        """Nearest rank, a timeout counting as an endless round trip (inf)."""
        ordered = sorted(self.samples) + [math.inf] * self.timeouts
        return ordered[max(0, math.ceil(p * len(ordered)) - 1)] if ordered else math.nan


@dataclass
class Phase:
    """The shared clock and counts of one kind of load at one level."""

    start: float
    seconds: float | None
    moves: int | None
    kinds: dict[str, Stats] = field(default_factory=dict)
    errors: Counter[str] = field(default_factory=Counter)
    replaced: int = 0
    last_send: float = 0.0

    @property
    def end(self) -> float:
        return self.start + self.seconds if self.seconds is not None else math.inf

    def measuring(self, at: float) -> bool:
        return self.start <= at < self.end

    def stats(self, kind: str) -> Stats:
        return self.kinds.setdefault(kind, Stats())


@dataclass
class Message:
    kind: str  # "move", "deal" (next_round) or "echo"
    sender: int
    text: str
    token: int  # the version (or echo number) every member must reach


async def open_socket(
    url: str, headers: list[tuple[str, str]], limit: asyncio.Semaphore, retried: Callable[[], None]
) -> ClientConnection:
    """Open a websocket, again after a refusal (as a page would), up to 5 times."""
    for attempt in range(5):
        try:
            async with limit:
                return await connect(url, additional_headers=headers, ping_interval=None, open_timeout=60)
        except (InvalidHandshake, OSError, TimeoutError):
            if attempt == 4:
                raise
            retried()
            await asyncio.sleep(1 + attempt)
    raise AssertionError("unreachable")


class Group:
    """The connections of one table (or one echo pair), and what they wait for."""

    retries = 0  # handshakes tried again, over the whole run

    def __init__(self) -> None:
        self.sockets: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []
        self.want: int | None = None
        self.pending: set[int] = set()
        self.arrived = asyncio.Event()
        self.last_arrival = 0.0
        self.phase: Phase | None = None

    @classmethod
    def count_retry(cls) -> None:
        cls.retries += 1

    async def connect(self, limit: asyncio.Semaphore) -> None:
        """Open each member's websocket, again after a refusal (as a page would), up to 5 times."""
        for url, headers in self.addresses():
            ws = await open_socket(url, headers, limit, retried=Group.count_retry)
            self.sockets.append(ws)
            self.readers.append(asyncio.create_task(self.read(len(self.sockets) - 1, ws)))

    async def close(self) -> None:
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        for task in self.readers:
            task.cancel()
        await asyncio.gather(*self.readers, return_exceptions=True)
        self.sockets, self.readers = [], []

    def addresses(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Each member's URL and handshake headers."""
        raise NotImplementedError

    async def read(self, index: int, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                now = time.perf_counter()
                self.receive(index, json.loads(text), now)

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        raise NotImplementedError

    def reached(self, index: int, token: int, now: float) -> None:
        """Member ``index`` has ``token``: the round trip ends when the last member has it."""
        if self.want is not None and token >= self.want and index in self.pending:
            self.pending.discard(index)
            if not self.pending:
                self.last_arrival = now
                self.arrived.set()

    def next_message(self) -> Message | None:
        """What to send next; None when this group is done (a match over)."""
        raise NotImplementedError

    async def resync(self) -> None:
        """After a timeout: catch up with the server's state."""

    async def replace(self) -> bool:
        """Start again after next_message() returned None; False: stop."""
        return False

    async def play(self, phase: Phase, think: Callable[[], float], timeout: float) -> None:
        """Send, wait for every member to have it, think, again, until the phase is over."""
        measured = 0
        await asyncio.sleep(random.uniform(0, think()))  # spread the tables' first moves
        while time.perf_counter() < phase.end and (phase.moves is None or measured < phase.moves):
            message = self.next_message()
            if message is None:
                if not await self.replace():
                    return
                phase.replaced += 1
                continue
            self.want, self.pending = message.token, set(range(len(self.sockets)))
            self.arrived.clear()
            sent = time.perf_counter()
            try:
                await self.sockets[message.sender].send(message.text)
                await asyncio.wait_for(self.arrived.wait(), timeout)
            except ConnectionClosed as e:  # the server closed it: this group stops
                phase.errors[f"closed {e.rcvd.code if e.rcvd else 'abruptly'}"] += 1
                return
            except TimeoutError:
                self.want = None
                if phase.measuring(sent):
                    phase.stats(message.kind).timeouts += 1
                await self.resync()
            else:
                if phase.measuring(sent):
                    phase.stats(message.kind).samples.append(self.last_arrival - sent)
                    phase.last_send = max(phase.last_send, sent)
                    measured += message.kind != "deal"
            await asyncio.sleep(think())


class Table(Group):
    """The seats of one live table: each client keeps the last state it was sent."""

    def __init__(
        self, game_id: int, variant: str, users: list[str], sessions: list[str], ports: list[int]
    ) -> None:
        super().__init__()
        self.game_id, self.variant, self.ports = game_id, variant, ports
        self.users, self.sessions = users, sessions  # one per seat
        self.states: list[dict[str, Any] | None] = [None] * len(users)

    def addresses(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return [
            (
                f"ws://127.0.0.1:{port}/ws/tables/{self.game_id}/",
                [("Cookie", f"sessionid={session}"), ("Origin", f"http://127.0.0.1:{port}")],
            )
            for session, port in zip(self.sessions, self.ports, strict=True)
        ]

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        if kind == "state":
            known = self.states[index]
            if known is None or message["version"] > known["version"]:
                self.states[index] = message
            self.reached(index, message["version"], now)
        elif kind == "error" and self.phase is not None:
            self.phase.errors[message["code"]] += 1

    async def ready(self, timeout: float = 30) -> None:
        deadline = time.perf_counter() + timeout
        while any(s is None for s in self.states):
            closed = [ws.close_code for ws in self.sockets if ws.close_code is not None]
            if closed:  # 4401: the session is not valid; 4404: no such table for this user
                raise RuntimeError(
                    f"table {self.game_id}: the server closed a seat's connection ({closed[0]})"
                )
            if time.perf_counter() > deadline:
                raise TimeoutError(f"table {self.game_id}: no state after connecting")
            await asyncio.sleep(0.05)

    def next_message(self) -> Message | None:
        state = max((s for s in self.states if s is not None), key=lambda s: s["version"])
        version, status = state["version"], state["table"]["status"]
        if status == "over":
            return None
        if status == "round_over":
            return Message("deal", 0, json.dumps({"type": "next_round", "version": version}), version + 1)
        turn = state["view"]["round"]["turn"]
        seat = self.states[turn]
        assert seat is not None
        legal = seat["view"]["legal"][0]
        play: dict[str, Any] = {"type": "play", "version": version, "tile": legal["play"]}
        if legal.get("end") is not None:
            play["end"] = legal["end"]
        if legal.get("open") is not None:  # family only
            play["open"] = legal["open"]
        return Message("move", turn, json.dumps(play), version + 1)

    async def resync(self) -> None:
        with contextlib.suppress(ConnectionClosed):  # the next send reports it
            for ws in self.sockets:
                await ws.send('{"type":"sync"}')
        await asyncio.sleep(1)

    async def replace(self) -> bool:
        """The match is over: the same players open a new table, as they would."""
        from asgiref.sync import sync_to_async

        await self.close()
        self.game_id = await sync_to_async(open_full_table)(self.variant, self.users)
        self.states = [None] * len(self.users)
        await self.connect(asyncio.Semaphore(1))
        await self.ready()
        return True


class EchoPair(Group):
    """Two connections to one echo group, taking turns to send."""

    def __init__(self, pair: int, ports: list[int], payload: int) -> None:
        super().__init__()
        self.pair, self.ports = pair, ports
        self.count = 0
        self.pad = "x" * payload

    def addresses(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return [
            (f"ws://127.0.0.1:{p}/ws/echo/{self.pair}/", [("Origin", f"http://127.0.0.1:{p}")])
            for p in self.ports
        ]

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        self.reached(index, message["n"], now)

    def next_message(self) -> Message:
        self.count += 1
        text = json.dumps({"type": "echo", "n": self.count, "pad": self.pad})
        return Message("echo", self.count % len(self.sockets), text, self.count)


# A level --------------------------------------------------------------------


@dataclass
class Result:
    tables: int
    kind: str
    connections: int
    seconds: float
    stats: Stats
    errors: Counter[str]
    cpu: dict[str, float]


async def run_phase(
    groups: list[Group], args: argparse.Namespace, think: Callable[[], float], servers: Servers, label: str
) -> tuple[Phase, float, dict[str, float]]:
    """Connect the groups and play them through the warm-up and the measurement.

    Returns the phase (its round trips), the seconds measured and the cores each
    part of the machine used meanwhile.
    """
    limit = asyncio.Semaphore(CONNECT_AT_ONCE)
    began = time.perf_counter()
    await asyncio.gather(*(g.connect(limit) for g in groups))
    for g in groups:
        if isinstance(g, Table):
            await g.ready()
    connections = sum(len(g.sockets) for g in groups)
    print(f"  {label}: {connections} connections in {time.perf_counter() - began:.1f} s", flush=True)
    phase = Phase(time.perf_counter() + args.warmup, args.seconds if args.moves is None else None, args.moves)
    for g in groups:
        g.phase = phase
    tasks = [asyncio.create_task(g.play(phase, think, args.timeout)) for g in groups]
    await asyncio.sleep(max(0.0, phase.start - time.perf_counter()))
    before, at = cpu_sample(servers.pids), time.perf_counter()
    if args.moves is None:  # a fixed window; each group then finishes the round trip in flight
        await asyncio.sleep(max(0.0, phase.end - time.perf_counter()))
        after, elapsed, seconds = cpu_sample(servers.pids), time.perf_counter() - at, args.seconds
        await asyncio.gather(*tasks)
    else:  # until every group has made its moves
        await asyncio.gather(*tasks)
        after, elapsed = cpu_sample(servers.pids), time.perf_counter() - at
        seconds = max(phase.last_send - phase.start, 1e-9)
    cpu = cpu_used(before, after, elapsed)
    await asyncio.gather(*(g.close() for g in groups))
    await quiet(servers)  # the servers forget the connections before what follows
    return phase, seconds, cpu


async def quiet(servers: Servers, limit: float = 120) -> None:
    """Wait until the servers are idle (under 5 % of a core for half a second)."""
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        before = cpu_sample(servers.pids)["daphne"]
        await asyncio.sleep(0.5)
        if cpu_sample(servers.pids)["daphne"] - before < 0.025:
            return


async def run_level(
    tables: int, first_pair: int, args: argparse.Namespace, servers: Servers, sessions: list[str]
) -> list[Result]:
    """``tables`` live tables, then as many echo pairs sending at the rate the tables reached."""
    from asgiref.sync import sync_to_async

    print(f"{tables} table{'s' if tables > 1 else ''}:", flush=True)
    connections = tables * SEATS
    ports = servers.ports

    def seat_ports(k: int) -> list[int]:  # the seats of a table on different processes
        return [ports[(k + i) % len(ports)] for i in range(SEATS)]

    def make_tables() -> list[Table]:
        made = []
        for k in range(tables):
            names = [f"bench{k * SEATS + i:05d}" for i in range(SEATS)]
            keys = [sessions[k * SEATS + i] for i in range(SEATS)]
            variant = args.variants[k % len(args.variants)]
            made.append(Table(open_full_table(variant, names), variant, names, keys, seat_ports(k)))
        return made

    began = time.perf_counter()
    made: list[Group] = list(await sync_to_async(make_tables)())
    print(f"  {tables} tables opened in {time.perf_counter() - began:.1f} s", flush=True)
    low, high = args.think
    phase, seconds, cpu = await run_phase(made, args, lambda: random.uniform(low, high), servers, "move")
    print(f"  {phase.replaced} matches over, each replaced by a new table", flush=True)
    results = [
        Result(
            tables,
            kind,
            connections,
            seconds,
            phase.stats(kind),
            phase.errors if kind == "move" else Counter(),
            cpu,
        )
        for kind in ("move", "deal")
    ]
    # The floor: as many pairs, each sending every `interval` on average, so that
    # together they send as many messages a second as the tables did (moves and deals).
    sent = sum(len(phase.stats(kind).samples) for kind in ("move", "deal")) / seconds
    interval = tables / sent if sent else (low + high) / 2
    pairs: list[Group] = [EchoPair(first_pair + k, seat_ports(k), args.echo_bytes) for k in range(tables)]
    phase, seconds, cpu = await run_phase(
        pairs, args, lambda: random.uniform(0.5, 1.5) * interval, servers, "echo"
    )
    results.append(Result(tables, "echo", connections, seconds, phase.stats("echo"), phase.errors, cpu))
    for r in results:
        print("  " + row(r), flush=True)
    return results


async def run_levels(args: argparse.Namespace, servers: Servers, sessions: list[str]) -> list[Result]:
    results: list[Result] = []
    for i, tables in enumerate(args.levels):
        results += await run_level(tables, sum(args.levels[:i]), args, servers, sessions)
    return results


# Report ---------------------------------------------------------------------

COLUMNS = [  # title, width
    ("tables", 6),
    ("kind", 5),
    ("conns", 5),
    ("samples", 7),
    ("per s", 6),
    ("p50 ms", 7),
    ("p99 ms", 7),
    ("max ms", 7),
    ("t/o", 4),
    ("err", 4),
    ("daphne", 7),
    ("pg", 5),
    ("redis", 5),
    ("client", 6),
    ("other", 5),
]
HEADER = " ".join(f"{title:>{width}}" for title, width in COLUMNS)
CPU_PARTS = ("daphne", "postgres", "redis", "client", "other")


def row(r: Result) -> str:
    """One line of the report; CPU in cores (a ``deal`` shares its level's ``move`` CPU)."""
    s = r.stats
    cells: list[object] = [
        r.tables,
        r.kind,
        r.connections,
        len(s.samples),
        f"{len(s.samples) / r.seconds:.0f}",
    ]
    cells += [
        "t/o" if v == math.inf else f"{1000 * v:.1f}"
        for v in (s.percentile(0.5), s.percentile(0.99), max(s.samples, default=math.nan))
    ]
    cells += [s.timeouts, sum(r.errors.values())]
    cells += ["" if r.kind == "deal" else f"{r.cpu[part]:.2f}" for part in CPU_PARTS]
    return " ".join(f"{cell!s:>{width}}" for cell, (_, width) in zip(cells, COLUMNS, strict=True))


# Main -----------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables", default="1,100,500", help="concurrent tables, per level (default 1,100,500)"
    )
    parser.add_argument("--servers", type=int, default=2, help="Daphne processes (default 2)")
    parser.add_argument("--port", type=int, default=8100, help="port of the first process (default 8100)")
    parser.add_argument(
        "--seconds", type=float, default=30, help="measurement per level and kind (default 30)"
    )
    parser.add_argument("--moves", type=int, help="instead of --seconds: measured moves per table")
    parser.add_argument(
        "--warmup", type=float, default=10, help="seconds played before measuring (default 10)"
    )
    parser.add_argument(
        "--think", default="0.5:1.0", help="think time between moves, MIN:MAX s (default 0.5:1.0)"
    )
    parser.add_argument(
        "--variants", default="block,draw", help="two-seat variants, in turn (default block,draw)"
    )
    parser.add_argument(
        "--timeout", type=float, default=10, help="a round trip longer than this is a timeout"
    )
    parser.add_argument(
        "--echo-bytes", type=int, default=1800, help="echo message padding, about a state's size (1800)"
    )
    parser.add_argument(
        "--app", default="bench.asgi:application", help="what Daphne serves (to try a change without editing)"
    )
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    args = parser.parse_args(argv)
    args.levels = [int(n) for n in args.tables.split(",")]
    low, _, high = args.think.partition(":")
    args.think = (float(low), float(high or low))
    args.variants = args.variants.split(",")
    return args


@contextlib.contextmanager
def terminated_as_interrupt() -> Iterator[None]:
    """SIGTERM stops the run as Ctrl-C does, so that the servers are stopped too."""

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    previous = signal.signal(signal.SIGTERM, interrupt)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    env = server_environment(args, secrets.token_urlsafe(50))
    os.environ.update(env)
    check_ports(args.port, args.servers)
    ensure_database(args.database_url)
    import django

    django.setup()
    lock_database()
    sessions = prepare_database(max(args.levels) * SEATS)
    logs = Path(tempfile.mkdtemp(prefix="bench-load-"))
    measure = f"{args.moves} moves a table" if args.moves else f"{args.seconds:g} s"
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} cores; {args.servers} Daphne "
        f"process{'es' if args.servers > 1 else ''} (ports {args.port}–{args.port + args.servers - 1}, "
        f"logs in {logs}); think {args.think[0]}–{args.think[1]} s; "
        f"warm-up {args.warmup} s; measure {measure}",
        flush=True,
    )
    results: list[Result] = []
    with terminated_as_interrupt():
        servers = Servers(args.servers, args.port, env, args.app, logs)
        try:
            servers.wait_ready()
            results = asyncio.run(run_levels(args, servers, sessions))
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        finally:
            servers.stop()
            remove_redis_keys(env)
    print()
    print(HEADER)
    for r in results:
        print(row(r))
    print("CPU in cores over each measurement; other: what else the machine ran meanwhile.")
    errors = Counter[str]()
    for r in results:
        errors.update(r.errors)
    if errors:
        print("errors:", ", ".join(f"{code} {n}" for code, n in errors.most_common()))
    if Group.retries:
        print(f"handshakes tried again after a refusal: {Group.retries}")
    if any(r.cpu.get("other", 0) > 0.2 for r in results):
        print("warning: the machine was busy with something else during a measurement (other > 0.2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
