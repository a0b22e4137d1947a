"""Load benchmark: many live tables at once, played over real websockets.

    make bench-load       # or: .venv/bin/python -m bench.load [--tables 1,100,200,300,1000] [--think 2:4]

Measured: the **move round trip**, from the moment the client of the seat to
play sends its ``play`` to the moment every seat of that table has received
the ``state`` with the new version (the slowest seat's arrival), at each
level of concurrent tables. Beside it, at each level of the same run, the
**echo floor**: as many connections, in pairs, sending as many messages a
second as the tables sent during their measurement, to ``/ws/echo/<pair>/`` (bench.echo), whose consumer
passes each message through the same channels_redis layer to both connections
of its pair; measured from the send until both have it. The floor is the path
of a move minus the database, the rules engine and the per-seat views.

Everything is set up here, as production runs it: a PostgreSQL database
(``dominos_bench``, with persistent connections, unless ``--database-url``; created and migrated if needed,
its games and sessions emptied at the start), Daphne with DEBUG off, a
SECRET_KEY and ALLOWED_HOSTS set, serving bench.asgi (config.asgi's
application unchanged, plus the echo route) in ``--servers`` processes on
consecutive ports, which share the Redis layer. The two seats of a table
connect to different processes, so that a move crosses from one process to the
other through Redis. ``--process PART=COMMAND`` starts one more server-side
process beside them (with the same environment), its CPU counted in a column
of its own; ``--busy CORES`` starts bench.busy, which uses that much CPU all
along, as other work sharing the machine would (its column: ``busy``). Users
and full tables (``block`` and ``draw`` in turn) are made through
games.services in this process; each user is logged in by a session row, and
each seat's client connects with its session cookie and the site's Origin, as
a browser does.

Each table then plays at a player's pace: wait a think time drawn uniformly
from ``--think`` (default 2–4 s: 1,000 tables offer about 333 moves a second),
send the first legal play of the seat to play, from that seat's own state
(``next_round`` from the host when a round is over: a ``deal``, reported
apart), wait until every seat has the new version, and again. A seat sends
only once every seat holds the newest version any of them has: one behind is
waited for ``--timeout``, then asked for its full state (``sync``: a resync),
until it has it; a seat asks once, and again only after three timeouts
without an answer (more requests would only slow a saturated server down). A
round trip longer than ``--timeout`` is a timeout, and the seats still
without the version are resynced; a socket the server closes is counted and
opened again. A table whose match is over is
replaced by a new one. Round trips started during the warm-up are not
counted; each level then measures for ``--seconds`` (or ``--moves`` per
table). Nothing the server does stops the run: what the client cannot make
sense of is counted among the errors, as ``client: …``.

No message lost: the changes of a table reach each socket in the order they
were made, one version after the other. A relayed ``state`` whose version
skips some that socket never got counts those as **lost** (a skipped one that
arrives later after all is counted *late* instead). A full state (sent on
connection, on a ``sync`` and after a stale play) is no relayed change: it
only tells where a new socket's versions start, and skips nothing. The echo
connections check their numbers the same way.

Reported per level and kind as the run goes (``move``, ``deal``, ``echo``):
samples, the rate achieved, p50, p99 and max round trip, timeouts, errors,
lost messages and closed sockets, and the CPU used meanwhile by Daphne (and
each ``--process``), PostgreSQL, Redis, this client and anything else, in
cores. At the end, one line per level: the tables, the messages a second they
offered (tables / mean think time, an upper bound) and completed, the move's
p50, p99 and max, the echo floor's p50 and p99, the timeouts (moves and
deals, in the measurement), errors, lost messages and closed sockets (over the
whole phase, warm-up included) and the CPU of the move phase. Between phases
the run waits for the servers to be idle again.

The clients share the two cores with the servers: one asyncio loop, a JSON
parse per message (orjson when installed), nothing else. The servers are
stopped (their process groups killed) at the end, on an error and on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import math
import os
import platform
import random
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

try:  # a parse several times faster, when the environment has it
    from orjson import loads
except ImportError:
    from json import loads

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/dominos_bench?conn_max_age=600"
SEATS = 2
CONNECT_AT_ONCE = 10  # handshakes in flight at once while a level connects
LOCK_KEY = 0x646F6D696E6F  # PostgreSQL advisory lock held by a run
TICKS = os.sysconf("SC_CLK_TCK")
BUSY = "busy"  # the CPU column of --busy's burner (bench.busy)


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

    from config.settings import redis_db

    removed = 0
    for db, prefix in ((2, env["CELERY_KEY_PREFIX"]), (0, env["CHANNEL_PREFIX"])):
        client = redis.Redis.from_url(redis_db(settings.REDIS_URL, db))  # REDIS_URL may name a database
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


def autovacuum_warning() -> str | None:
    """A warning if the database's server runs without autovacuum, None if it runs with it.

    Production runs PostgreSQL's default, autovacuum on. Without it the dead versions
    that every play leaves of its game's row are never reclaimed: the clock's queries
    and the reads of each table grow slower minute after minute, and a long run
    measures that, not the site (docs/benchmarks.md, "Why the soak slows")."""
    from django.db import connection

    if connection.vendor != "postgresql":
        return None
    with connection.cursor() as cursor:
        cursor.execute("show autovacuum")
        if cursor.fetchone()[0] == "on":
            return None
    return (
        "warning: PostgreSQL's autovacuum is off on this server (production runs it on): the "
        "games' dead rows pile up and each minute is slower than the last. For a run as in "
        "production: psql -c 'ALTER SYSTEM SET autovacuum = on' -c 'SELECT pg_reload_conf()'"
    )


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


def seats_arrived(game_ids: list[int]) -> None:
    """Every seat of these tables is connected now: their turns have a full clock.

    A table is opened before its seats' sockets connect (for a level of 1,000 that
    takes about 20 s), so its first turn was timed as an away seat's (AWAY_SECONDS,
    R53) and the clock would play it before the players could: a change that no
    client made, in the middle of the measurement. Players who sit down at once
    get the turn's full clock; so do these.
    """
    from datetime import timedelta

    from django.conf import settings
    from django.utils import timezone

    from games.models import Game

    Game.objects.filter(pk__in=game_ids, status=Game.PLAYING).update(
        deadline=timezone.now() + timedelta(seconds=settings.TURN_SECONDS)
    )


def end_tables(game_ids: list[int]) -> None:
    """The level is over: its tables end (abandoned), so that their clocks do not play
    on during the next levels (the run has no Celery worker to count their closed
    sockets away, R53, after which they would wait, R56)."""
    from games.models import Game

    Game.objects.filter(pk__in=game_ids).exclude(status=Game.OVER).update(
        status=Game.ABANDONED, deadline=None
    )


# Servers --------------------------------------------------------------------


def check_ports(ports: Iterable[int]) -> None:
    for port in ports:
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


@dataclass(frozen=True)
class Command:
    """A server-side process of the run: the CPU column it counts in, what it runs, its port."""

    part: str
    argv: list[str]
    port: int | None = None  # where it listens: ready once it accepts a connection


def daphne_commands(count: int, port: int, app: str) -> list[Command]:
    """Daphne serving ``app`` in ``count`` processes on consecutive ports."""
    daphne = str(Path(sys.executable).parent / "daphne")
    return [
        Command("daphne", [daphne, "-b", "127.0.0.1", "-p", str(p), app], p)
        for p in range(port, port + count)
    ]


class Servers:
    """The server-side processes (Daphne, and any other), each in its own process group."""

    def __init__(self, commands: list[Command], env: dict[str, str], logs: Path) -> None:
        self.commands = commands
        self.processes: list[subprocess.Popen[bytes]] = []
        self.logs = [logs / f"{c.part}-{c.port or i}.log" for i, c in enumerate(commands)]
        for command, log in zip(commands, self.logs, strict=True):
            with open(log, "wb") as out:
                self.processes.append(
                    subprocess.Popen(
                        command.argv,
                        cwd=ROOT,
                        env=env,
                        stdout=out,
                        stderr=subprocess.STDOUT,
                        start_new_session=True,
                    )
                )

    @property
    def ports(self) -> list[int]:
        """Daphne's ports, where the clients connect."""
        return [c.port for c in self.commands if c.part == "daphne" and c.port is not None]

    @property
    def parts(self) -> dict[str, list[int]]:
        """Each CPU column of the servers, in the order started, and its process groups."""
        parts: dict[str, list[int]] = {}
        for command, proc in zip(self.commands, self.processes, strict=True):
            parts.setdefault(command.part, []).append(proc.pid)
        return parts

    def wait_ready(self, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        for command, proc, log in zip(self.commands, self.processes, self.logs, strict=True):
            name = f"{command.part} (port {command.port})" if command.port else command.part
            while True:
                if proc.poll() is not None:
                    raise RuntimeError(f"{name} exited:\n{log.read_text()[-3000:]}")
                if command.port is None:
                    break
                with socket.socket() as s:
                    if s.connect_ex(("127.0.0.1", command.port)) == 0:
                        break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"{name} did not start:\n{log.read_text()[-3000:]}")
                time.sleep(0.1)

    def stop(self) -> None:
        stop_processes(self.processes, wait=10)


# CPU accounting -------------------------------------------------------------


def load_average() -> str:
    """The machine's load average (1, 5 and 15 minutes), to print beside figures."""
    return "load average " + ", ".join(f"{v:.2f}" for v in os.getloadavg())


def cpu_sample(parts: dict[str, list[int]]) -> dict[str, float]:
    """CPU seconds used so far by each part, and by the whole machine.

    A server part is its process groups, every process in them (a process that
    forks workers counts with them) and the children they reaped. PostgreSQL's
    backends come and go (one per connection): the postmaster's reaped
    children count with the backends alive now. One pass over /proc.
    """
    groups = {pid: part for part, pids in parts.items() for pid in pids}
    sample = dict.fromkeys([*parts, "postgres", "redis"], 0)
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:  # gone meanwhile
            continue
        name = stat[stat.index(b"(") + 1 : stat.rindex(b")")]
        fields = stat[stat.rindex(b")") + 2 :].split()
        ticks = int(fields[11]) + int(fields[12]) + int(fields[13]) + int(fields[14])  # own and reaped
        part = groups.get(int(fields[2]))  # its process group
        if part is not None:
            sample[part] += ticks
        elif name == b"postgres":
            sample["postgres"] += ticks
        elif name == b"redis-server":
            sample["redis"] += ticks
    own = os.times()
    machine = Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]
    busy = sum(int(v) for v in machine) - int(machine[3]) - int(machine[4])  # minus idle and iowait
    cpu = {part: ticks / TICKS for part, ticks in sample.items()}
    cpu["client"] = own.user + own.system
    cpu["machine"] = busy / TICKS
    return cpu


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
    """The shared clock and counts of one kind of load at one level.

    Round trips and timeouts: those sent during the measurement. The other
    counts: over the whole phase, warm-up included.
    """

    start: float
    seconds: float | None
    moves: int | None
    kinds: dict[str, Stats] = field(default_factory=dict)
    sent: Counter[str] = field(default_factory=Counter)  # messages sent during the measurement, by kind
    errors: Counter[str] = field(default_factory=Counter)  # the server's, and the client's own
    closes: Counter[str] = field(default_factory=Counter)  # sockets closed by the server, by code
    lost: int = 0  # versions (echo numbers) a socket never had, though it had later ones
    late: int = 0  # ones that arrived after a later one
    resyncs: int = 0  # sync requests of a seat that was behind
    reconnects: int = 0
    replaced: int = 0
    last_send: float = 0.0
    measured: float = 0.0  # seconds of the measurement, once over
    cpu: dict[str, float] = field(default_factory=dict)  # cores meanwhile, once over

    @property
    def end(self) -> float:
        return self.start + self.seconds if self.seconds is not None else math.inf

    def measuring(self, at: float) -> bool:
        return self.start <= at < self.end

    def stats(self, kind: str) -> Stats:
        return self.kinds.setdefault(kind, Stats())

    def rate(self, *kinds: str) -> float:
        """Round trips completed a second, of these kinds."""
        return sum(len(self.stats(k).samples) for k in kinds) / self.measured if self.measured else 0.0


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

    def __init__(self, members: int) -> None:
        self.sockets: list[ClientConnection | None] = [None] * members
        self.readers: list[asyncio.Task[None] | None] = [None] * members
        self.last: list[int | None] = [None] * members  # the newest token relayed on each socket
        self.missing: list[set[int]] = [set() for _ in range(members)]  # skipped there, not come since
        self.lost = 0
        self.late = 0
        self.want: int | None = None
        self.pending: set[int] = set()
        self.arrived = asyncio.Event()
        self.last_arrival = 0.0
        self.sender: int | None = None  # of the round trip in flight
        self.failed: str | None = None  # why it ended before every member had it
        self.phase: Phase | None = None
        self.limit = asyncio.Semaphore(1)  # handshakes at once: the level's limit, once connected

    @classmethod
    def count_retry(cls) -> None:
        cls.retries += 1

    def addresses(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """Each member's URL and handshake headers."""
        raise NotImplementedError

    async def connect(self, limit: asyncio.Semaphore) -> int:
        """Open each member's websocket not open yet (a refusal is tried again, up to 5 times,
        as a page would); returns how many could still not be opened."""
        self.limit = limit
        failed = 0
        for index, ws in enumerate(self.sockets):
            if ws is None:
                try:
                    await self.open(index)
                except (InvalidHandshake, OSError, TimeoutError):
                    failed += 1
        return failed

    async def open(self, index: int) -> None:
        url, headers = self.addresses()[index]
        ws = await open_socket(url, headers, self.limit, retried=Group.count_retry)
        self.opened(index)
        self.sockets[index] = ws
        self.readers[index] = asyncio.create_task(self.read(index, ws))

    def opened(self, index: int) -> None:
        """A new socket for member ``index``: its sequence starts again."""
        self.last[index] = None
        self.missing[index] = set()

    async def close(self) -> None:
        sockets, readers = self.sockets, self.readers
        self.sockets, self.readers = [None] * len(sockets), [None] * len(readers)
        await asyncio.gather(*(ws.close() for ws in sockets if ws is not None), return_exceptions=True)
        tasks = [task for task in readers if task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def read(self, index: int, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                now = time.perf_counter()
                try:
                    self.receive(index, loads(text), now)
                except (ValueError, KeyError, TypeError, IndexError) as e:
                    self.client_error(f"unreadable message ({type(e).__name__})")
        self.broken(index, ws)

    def broken(self, index: int, ws: ClientConnection) -> None:
        """The server closed ``ws`` (or it broke), unless this client did: count it, stop waiting on it."""
        if self.sockets[index] is not ws:
            return
        self.sockets[index] = None
        if self.phase is not None:
            self.phase.closes[str(ws.close_code or "abrupt")] += 1
        if self.want is not None and (index in self.pending or index == self.sender):
            self.failed = "closed"
            self.arrived.set()

    def client_error(self, what: str) -> None:
        if self.phase is not None:
            self.phase.errors[f"client: {what}"] += 1

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        raise NotImplementedError

    def sequence(self, index: int, token: int) -> None:
        """A relayed message numbered ``token`` on socket ``index``: the next one, or some are lost."""
        last = self.last[index]
        if last is None:
            self.last[index] = token
        elif token > last:
            if token > last + 1:
                self.missing[index].update(range(last + 1, token))
                self.lost += token - last - 1
            self.last[index] = token
        elif token in self.missing[index]:
            self.missing[index].discard(token)
            self.lost -= 1
            self.late += 1

    def reached(self, index: int, token: int, now: float) -> None:
        """Member ``index`` has ``token``: the wait ends when the last member has it."""
        if self.want is not None and token >= self.want and index in self.pending:
            self.pending.discard(index)
            if not self.pending:
                self.last_arrival = now
                self.arrived.set()

    def expect(self, token: int, members: Iterable[int]) -> None:
        self.want, self.pending, self.failed = token, set(members), None
        self.arrived.clear()

    async def arrival(self, timeout: float) -> bool:
        """Wait until every pending member has the token; False after ``timeout`` or a failure."""
        try:
            if self.pending:
                await asyncio.wait_for(self.arrived.wait(), timeout)
        except TimeoutError:
            return False
        finally:
            self.want = None
        return self.failed is None

    def next_message(self) -> Message | None:
        """What to send next; None when this group is done (a match over)."""
        raise NotImplementedError

    async def catch_up(self, phase: Phase, timeout: float) -> bool:
        """Open again the sockets the server closed; True when every member is ready to go on."""
        for index, ws in enumerate(self.sockets):
            if ws is not None and ws.close_code is not None:  # closed, its reader not told yet
                self.broken(index, ws)
            if self.sockets[index] is None:
                phase.reconnects += 1
                try:
                    await self.open(index)
                except (InvalidHandshake, OSError, TimeoutError):
                    self.client_error("could not connect again")
                    return False
        return True

    async def resync(self, phase: Phase, members: Iterable[int], timeout: float) -> None:
        """After a timeout: these members catch up with the server's state."""

    async def replace(self) -> bool:
        """Start again after next_message() returned None; False: stop."""
        return False

    async def play(self, phase: Phase, think: Callable[[], float], timeout: float) -> None:
        """Send, wait for every member to have it, think, again, until the phase is over.

        Whatever goes wrong is counted and played through: the run goes on.
        """
        measured = 0
        await asyncio.sleep(random.uniform(0, think()))  # spread the tables' first moves
        while time.perf_counter() < phase.end and (phase.moves is None or measured < phase.moves):
            try:
                measured += await self.turn(phase, timeout)
            except Exception as e:
                self.client_error(f"{type(e).__name__}: {e}"[:100])
                with contextlib.suppress(Exception):
                    await self.resync(phase, range(len(self.sockets)), timeout)
            await asyncio.sleep(think())

    async def turn(self, phase: Phase, timeout: float) -> int:
        """One message and its round trip; 1 if it was a measured move (or echo), else 0."""
        if not await self.catch_up(phase, timeout):
            return 0
        message = self.next_message()
        if message is None:
            if await self.replace():
                phase.replaced += 1
            return 0
        ws = self.sockets[message.sender]
        if ws is None:
            return 0
        self.expect(message.token, range(len(self.sockets)))
        self.sender = message.sender
        sent = time.perf_counter()
        try:
            with contextlib.suppress(ConnectionClosed):  # the reader counts it; the next turn reopens it
                await ws.send(message.text)
            done = await self.arrival(timeout)
        finally:
            self.sender = None
        if not phase.measuring(sent):
            if not done and self.failed is None:
                await self.resync(phase, self.pending, timeout)
            return 0
        phase.sent[message.kind] += 1
        if done:
            phase.stats(message.kind).samples.append(self.last_arrival - sent)
            phase.last_send = max(phase.last_send, sent)
            return int(message.kind != "deal")
        if self.failed is None:  # no error, no close: still on its way after `timeout`
            phase.stats(message.kind).timeouts += 1
            await self.resync(phase, self.pending, timeout)
        return 0


REFUSALS = {4401: "the session is not valid", 4404: "no such table for this user"}


class Table(Group):
    """The seats of one live table: each client keeps the newest state it was sent."""

    def __init__(
        self, game_id: int, variant: str, users: list[str], sessions: list[str], ports: list[int]
    ) -> None:
        super().__init__(len(users))
        self.game_id, self.variant, self.ports = game_id, variant, ports
        self.users, self.sessions = users, sessions  # one per seat
        self.states: list[dict[str, Any] | None] = [None] * len(users)
        self.asked: list[float | None] = [None] * len(users)  # when each seat asked for a sync not come yet

    def addresses(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return [
            (
                f"ws://127.0.0.1:{port}/ws/tables/{self.game_id}/",
                [("Cookie", f"sessionid={session}"), ("Origin", f"http://127.0.0.1:{port}")],
            )
            for session, port in zip(self.sessions, self.ports, strict=True)
        ]

    def opened(self, index: int) -> None:
        super().opened(index)
        self.states[index] = None
        self.asked[index] = None

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        kind = message["type"]
        if kind == "state":
            version = message["version"]
            known = self.states[index]
            if known is None or version > known["version"]:
                self.states[index] = message
            if "journal" in message:  # a full state (connection, sync, stale play): no relayed change
                self.asked[index] = None
                if self.last[index] is None:
                    self.last[index] = version
            else:
                self.sequence(index, version)
            self.reached(index, version, now)
        elif kind == "error":
            self.client_error_from_server(index, message.get("code", "?"))

    def client_error_from_server(self, index: int, code: str) -> None:
        if self.phase is not None:
            self.phase.errors[code] += 1
        if self.want is not None and index == self.sender:  # the message in flight was refused
            self.failed = code
            self.arrived.set()

    async def ready(self, timeout: float = 60) -> None:
        """Wait until every open seat has its first state (a slow one: play catches up with it)."""
        deadline = time.perf_counter() + timeout
        while any(s is None and ws is not None for s, ws in zip(self.states, self.sockets, strict=True)):
            refused = [ws.close_code for ws in self.sockets if ws is not None and ws.close_code in REFUSALS]
            if refused:  # the run's setup is wrong: stop
                raise RuntimeError(f"table {self.game_id}: {REFUSALS[refused[0]]} ({refused[0]})")
            if time.perf_counter() > deadline:
                return
            await asyncio.sleep(0.05)

    def behind(self) -> list[int]:
        """The seats without the newest version any seat has (or without a state at all)."""
        versions = [s["version"] if s is not None else -1 for s in self.states]
        newest = max(versions)
        return [i for i, v in enumerate(versions) if v < newest or v < 0]

    async def catch_up(self, phase: Phase, timeout: float) -> bool:
        """Every seat open and holding the newest version: a seat behind is waited for, then
        asked for its full state, again each ``timeout``, until it has it (or the phase ends)."""
        while True:
            if not await super().catch_up(phase, timeout):
                return False
            behind = self.behind()
            if not behind:
                return True
            if time.perf_counter() >= phase.end:
                return False
            self.expect(max(s["version"] if s is not None else 0 for s in self.states), behind)
            if not await self.arrival(timeout) and self.failed is None:
                await self.resync(phase, self.pending, timeout)

    def next_message(self) -> Message | None:
        """The move of the seat to play, from its own state (every seat has the same version)."""
        host = self.states[0]
        assert host is not None
        version, status = host["version"], host["table"]["status"]
        if status == "round_over":
            return Message("deal", 0, json.dumps({"type": "next_round", "version": version}), version + 1)
        if status != "playing":  # over (or closed, abandoned): a new table
            return None
        turn = host["view"]["round"]["turn"]
        seat = self.states[turn]
        assert seat is not None and seat["version"] == version
        legal = seat["view"]["legal"]
        if not legal:
            raise RuntimeError("the seat to play has no legal play")
        first = legal[0]
        play: dict[str, Any] = {"type": "play", "version": version, "tile": first["play"]}
        if first.get("end") is not None:
            play["end"] = first["end"]
        if first.get("open") is not None:  # family only
            play["open"] = first["open"]
        return Message("move", turn, json.dumps(play), version + 1)

    async def resync(self, phase: Phase, members: Iterable[int], timeout: float) -> None:
        """Ask these seats for their full state, those that have not asked already: more
        requests to a saturated server would only slow it down (again after 3 timeouts)."""
        now = time.perf_counter()
        for index in list(members):
            ws, asked = self.sockets[index], self.asked[index]
            if ws is not None and (asked is None or now - asked > 3 * timeout):
                self.asked[index] = now
                phase.resyncs += 1
                with contextlib.suppress(ConnectionClosed):  # the reader counts it
                    await ws.send('{"type":"sync"}')

    async def replace(self) -> bool:
        """The match is over: the same players open a new table, as they would."""
        from asgiref.sync import sync_to_async

        await self.close()
        self.game_id = await sync_to_async(open_full_table)(self.variant, self.users)
        self.states = [None] * len(self.users)
        for index in range(len(self.sockets)):
            try:
                await self.open(index)
            except (InvalidHandshake, OSError, TimeoutError):
                self.client_error("could not connect to a new table")  # catch_up tries again
        return True


class EchoPair(Group):
    """Two connections to one echo group, taking turns to send."""

    def __init__(self, pair: int, ports: list[int], payload: int) -> None:
        super().__init__(len(ports))
        self.pair, self.ports = pair, ports
        self.count = 0
        self.pad = "x" * payload

    def addresses(self) -> list[tuple[str, list[tuple[str, str]]]]:
        return [
            (f"ws://127.0.0.1:{p}/ws/echo/{self.pair}/", [("Origin", f"http://127.0.0.1:{p}")])
            for p in self.ports
        ]

    def opened(self, index: int) -> None:
        super().opened(index)
        self.last[index] = self.count  # what was sent before it joined is not for it

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        n = message["n"]
        self.sequence(index, n)
        self.reached(index, n, now)

    def next_message(self) -> Message:
        self.count += 1
        text = f'{{"type":"echo","n":{self.count},"pad":"{self.pad}"}}'
        return Message("echo", self.count % len(self.sockets), text, self.count)


# A level --------------------------------------------------------------------


@dataclass
class Level:
    tables: int
    connections: int
    offered: float  # messages a second the tables would send if every round trip took no time
    move: Phase
    echo: Phase


async def run_phase(
    groups: list[Group],
    args: argparse.Namespace,
    think: Callable[[], float],
    servers: Servers,
    label: str,
    watch: Callable[[Phase, list[Group]], Awaitable[None]] | None = None,
) -> Phase:
    """Connect the groups and play them through the warm-up and the measurement.

    Returns the phase: its round trips and counts, the seconds measured and the
    cores each part of the machine used meanwhile. ``watch``, if given, runs beside
    the play during the measurement (bench.soak reports each minute from it).
    """
    from asgiref.sync import sync_to_async

    limit = asyncio.Semaphore(CONNECT_AT_ONCE)
    began = time.perf_counter()
    failed = sum(await asyncio.gather(*(g.connect(limit) for g in groups)))
    for _ in range(5):  # those refused again and again (the server too busy), once the others are in
        if not failed:
            break
        print(f"  {label}: {failed} connections refused, tried again", flush=True)
        await asyncio.sleep(5)
        failed = sum(await asyncio.gather(*(g.connect(limit) for g in groups)))
    tables = [g for g in groups if isinstance(g, Table)]
    for g in tables:
        await g.ready()
    if tables:
        await sync_to_async(seats_arrived)([t.game_id for t in tables])
    connections = sum(ws is not None for g in groups for ws in g.sockets)
    print(
        f"  {label}: {connections} connections in {time.perf_counter() - began:.1f} s"
        + (f" ({failed} not open: opened again during the play)" if failed else ""),
        flush=True,
    )
    phase = Phase(time.perf_counter() + args.warmup, args.seconds if args.moves is None else None, args.moves)
    for g in groups:
        g.phase = phase
    # The client's own garbage collector would stop its one loop for up to a quarter of
    # a second at a time (seen at 1,000 tables), and those pauses would be counted as
    # the site's: it is off while the groups play, and collects once they are done.
    gc.collect()
    gc.disable()
    tasks = [asyncio.create_task(g.play(phase, think, args.timeout)) for g in groups]
    await asyncio.sleep(max(0.0, phase.start - time.perf_counter()))
    parts = servers.parts
    before, at = cpu_sample(parts), time.perf_counter()
    watcher = asyncio.create_task(watch(phase, groups)) if watch is not None else None
    if args.moves is None:  # a fixed window; each group then finishes the round trip in flight
        await asyncio.sleep(max(0.0, phase.end - time.perf_counter()))
        after, elapsed, phase.measured = cpu_sample(parts), time.perf_counter() - at, args.seconds
        await asyncio.gather(*tasks)
    else:  # until every group has made its moves
        await asyncio.gather(*tasks)
        after, elapsed = cpu_sample(parts), time.perf_counter() - at
        phase.measured = max(phase.last_send - phase.start, 1e-9)
    if watcher is not None:
        watcher.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await watcher
    gc.enable()
    phase.cpu = cpu_used(before, after, elapsed)
    phase.lost, phase.late = sum(g.lost for g in groups), sum(g.late for g in groups)
    await asyncio.gather(*(g.close() for g in groups))
    await quiet(servers)  # the servers forget the connections before what follows
    return phase


async def quiet(servers: Servers, limit: float = 120) -> None:
    """Wait until the servers are idle (under 5 % of a core for half a second)."""
    deadline = time.perf_counter() + limit
    parts = {part: pids for part, pids in servers.parts.items() if part != BUSY}  # busy on purpose

    def busy() -> float:
        sample = cpu_sample(parts)
        return sum(sample[part] for part in parts)

    while time.perf_counter() < deadline:
        before = busy()
        await asyncio.sleep(0.5)
        if busy() - before < 0.025:
            return


async def run_level(
    tables: int, first: int, args: argparse.Namespace, servers: Servers, sessions: list[str]
) -> Level:
    """``tables`` live tables, then as many echo pairs sending at the rate the tables sent.

    R56, a player sits at one live table at a time: the tables of each level have
    players of their own, from the ``first`` table's on (and echo pairs of their own).
    """
    from asgiref.sync import sync_to_async

    print(f"{tables} table{'s' if tables > 1 else ''}:", flush=True)
    ports = servers.ports

    def seat_ports(k: int) -> list[int]:  # the seats of a table on different processes
        return [ports[(k + i) % len(ports)] for i in range(SEATS)]

    def make_tables() -> list[Table]:
        made = []
        for k in range(tables):
            names = [f"bench{(first + k) * SEATS + i:05d}" for i in range(SEATS)]
            keys = [sessions[(first + k) * SEATS + i] for i in range(SEATS)]
            variant = args.variants[k % len(args.variants)]
            made.append(Table(open_full_table(variant, names), variant, names, keys, seat_ports(k)))
        return made

    began = time.perf_counter()
    made: list[Group] = list(await sync_to_async(make_tables)())
    print(f"  {tables} tables opened in {time.perf_counter() - began:.1f} s", flush=True)
    low, high = args.think
    move = await run_phase(made, args, lambda: random.uniform(low, high), servers, "move")
    await sync_to_async(end_tables)([t.game_id for t in made if isinstance(t, Table)])
    print(f"  {move.replaced} matches over, each replaced by a new table", flush=True)
    # The floor: as many pairs, each sending every `interval` on average, so that together
    # they send as many messages a second as the tables did (moves and deals, answered or not).
    sent = (move.sent["move"] + move.sent["deal"]) / move.measured  # what the servers were asked
    interval = tables / sent if sent else (low + high) / 2
    pairs: list[Group] = [EchoPair(first + k, seat_ports(k), args.echo_bytes) for k in range(tables)]
    echo = await run_phase(pairs, args, lambda: random.uniform(0.5, 1.5) * interval, servers, "echo")
    level = Level(tables, tables * SEATS, tables / ((low + high) / 2), move, echo)
    print("  " + detail_header(servers), flush=True)
    for row in detail_rows(level, servers):
        print("  " + row, flush=True)
    print(f"  {load_average()}", flush=True)
    return level


async def run_levels(args: argparse.Namespace, servers: Servers, sessions: list[str]) -> list[Level]:
    levels: list[Level] = []
    for i, tables in enumerate(args.levels):
        levels.append(await run_level(tables, sum(args.levels[:i]), args, servers, sessions))
    return levels


# Report ---------------------------------------------------------------------

TITLES = {"postgres": "pg"}  # a CPU part's column title, when not its name


def cpu_parts(servers: Servers) -> list[str]:
    return [*servers.parts, "postgres", "redis", "client", "other"]


def line(cells: Iterable[object], widths: Iterable[int]) -> str:
    return " ".join(f"{cell!s:>{width}}" for cell, width in zip(cells, widths, strict=True))


def per_s(rate: float) -> str:
    return f"{rate:.1f}" if rate < 10 else f"{rate:.0f}"


def ms(seconds: float) -> str:
    return "t/o" if seconds == math.inf else "" if math.isnan(seconds) else f"{1000 * seconds:.1f}"


DETAIL = [("tables", 6), ("kind", 5), ("conns", 5), ("samples", 7), ("per s", 6), ("p50 ms", 7)]
DETAIL += [("p99 ms", 7), ("max ms", 7), ("t/o", 4), ("err", 4), ("lost", 4), ("closed", 6)]
SUMMARY = [("tables", 6), ("offer/s", 7), ("done/s", 6), ("p50 ms", 7), ("p99 ms", 7), ("max ms", 7)]
SUMMARY += [("echo50", 6), ("echo99", 6), ("t/o", 4), ("err", 4), ("lost", 4), ("closed", 6)]


def cpu_widths(servers: Servers) -> list[tuple[str, int]]:
    return [(TITLES.get(p, p), max(5, len(TITLES.get(p, p)))) for p in cpu_parts(servers)]


def detail_header(servers: Servers) -> str:
    columns = DETAIL + cpu_widths(servers)
    return line((t for t, _ in columns), (w for _, w in columns))


def detail_rows(level: Level, servers: Servers) -> list[str]:
    """A line per kind; the CPU of its phase (a ``deal`` shares its level's ``move`` phase)."""
    parts = cpu_parts(servers)
    widths = [w for _, w in DETAIL + cpu_widths(servers)]
    rows = []
    for kind, phase in (("move", level.move), ("deal", level.move), ("echo", level.echo)):
        s = phase.stats(kind)
        cells: list[object] = [level.tables, kind, level.connections, len(s.samples)]
        cells += [per_s(phase.rate(kind)), ms(s.percentile(0.5)), ms(s.percentile(0.99))]
        cells += [ms(max(s.samples, default=math.nan)), s.timeouts]
        if kind == "deal":
            cells += [""] * (3 + len(parts))
        else:
            cells += [sum(phase.errors.values()), phase.lost, sum(phase.closes.values())]
            cells += [f"{phase.cpu[part]:.2f}" for part in parts]
        rows.append(line(cells, widths))
    return rows


def summary(levels: list[Level], servers: Servers) -> list[str]:
    """One line per level: its tables, the echo floor beside them, the CPU of the move phase."""
    columns = SUMMARY + cpu_widths(servers)
    widths = [w for _, w in columns]
    lines = [line((t for t, _ in columns), widths)]
    for level in levels:
        move, echo = level.move, level.echo
        moves, echoes = move.stats("move"), echo.stats("echo")
        cells: list[object] = [level.tables, per_s(level.offered), per_s(move.rate("move", "deal"))]
        cells += [
            ms(moves.percentile(0.5)),
            ms(moves.percentile(0.99)),
            ms(max(moves.samples, default=math.nan)),
        ]
        cells += [ms(echoes.percentile(0.5)), ms(echoes.percentile(0.99))]
        cells += [moves.timeouts + move.stats("deal").timeouts, sum(move.errors.values()), move.lost]
        cells += [sum(move.closes.values())]
        cells += [f"{move.cpu[part]:.2f}" for part in cpu_parts(servers)]
        lines.append(line(cells, widths))
    return lines


# Main -----------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--tables",
        default="1,100,200,300,1000",
        help="concurrent tables, per level (default 1,100,200,300,1000)",
    )
    parser.add_argument("--servers", type=int, default=2, help="Daphne processes (default 2)")
    parser.add_argument("--port", type=int, default=8100, help="port of the first process (default 8100)")
    parser.add_argument(
        "--no-clock",
        action="store_true",
        help="do not start the clock process (manage.py clock) beside Daphne, as the Procfile does",
    )
    parser.add_argument(
        "--process",
        action="append",
        default=[],
        metavar="PART=COMMAND",
        help="one more server-side process, its CPU in the column PART (repeatable)",
    )
    parser.add_argument(
        "--seconds", type=float, default=30, help="measurement per level and kind (default 30)"
    )
    parser.add_argument("--moves", type=int, help="instead of --seconds: measured moves per table")
    parser.add_argument(
        "--warmup", type=float, default=10, help="seconds played before measuring (default 10)"
    )
    parser.add_argument("--think", default="2:4", help="think time between moves, MIN:MAX s (default 2:4)")
    parser.add_argument(
        "--variants", default="block,draw", help="two-seat variants, in turn (default block,draw)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=10,
        help="a round trip longer than this is a timeout; a seat behind this long is resynced (10)",
    )
    parser.add_argument(
        "--echo-bytes", type=int, default=1800, help="echo message padding, about a state's size (1800)"
    )
    parser.add_argument(
        "--app", default="bench.asgi:application", help="what Daphne serves (to try a change without editing)"
    )
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    add_busy_argument(parser)
    args = parser.parse_args(argv)
    args.levels = [int(n) for n in args.tables.split(",")]
    low, _, high = args.think.partition(":")
    args.think = (float(low), float(high or low))
    args.variants = args.variants.split(",")
    args.commands = daphne_commands(args.servers, args.port, args.app)
    if not args.no_clock:  # production runs one; here no turn runs out, but it looks at the deadlines
        args.commands.append(Command("clock", [sys.executable, "manage.py", "clock"]))
    for extra in args.process:
        part, _, command = extra.partition("=")
        if (
            not part
            or not command
            or part in {"daphne", "postgres", "redis", "client", "other", "machine", BUSY}
        ):
            parser.error(f"--process {extra!r}: PART=COMMAND, PART a column of its own")
        args.commands.append(Command(part, shlex.split(command)))
    args.commands += busy_commands(args.busy)
    return args


def add_busy_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--busy",
        type=float,
        default=0.0,
        metavar="CORES",
        help="burn this much CPU in a process of its own (bench.busy) all along, as other work "
        "sharing the machine would; its column: busy (default 0)",
    )


def busy_commands(cores: float) -> list[Command]:
    """The burner of ``--busy``, started and stopped with the servers (bench.busy)."""
    return [Command(BUSY, [sys.executable, "-m", "bench.busy", f"{cores:g}"])] if cores > 0 else []


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
    check_ports(c.port for c in args.commands if c.port is not None)
    ensure_database(args.database_url)
    import django

    django.setup()
    lock_database()
    vacuum_warning = autovacuum_warning()
    if vacuum_warning:
        print(vacuum_warning, flush=True)
    sessions = prepare_database(sum(args.levels) * SEATS)
    logs = Path(tempfile.mkdtemp(prefix="bench-load-"))
    measure = f"{args.moves} moves a table" if args.moves else f"{args.seconds:g} s"
    extra = "".join(f"; {c.part}: {shlex.join(c.argv)}" for c in args.commands if c.part != "daphne")
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} cores; {args.servers} Daphne "
        f"process{'es' if args.servers > 1 else ''} (ports {args.port}–{args.port + args.servers - 1}, "
        f"logs in {logs}){extra}; think {args.think[0]:g}–{args.think[1]:g} s; "
        f"warm-up {args.warmup:g} s; measure {measure}; timeout {args.timeout:g} s; "
        f"parse: {loads.__module__}; busy: {args.busy:g} core{'s' if args.busy != 1 else ''} "
        f"(--busy); {load_average()}",
        flush=True,
    )
    levels: list[Level] = []
    with terminated_as_interrupt():
        servers = Servers(args.commands, env, logs)
        try:
            servers.wait_ready()
            levels = asyncio.run(run_levels(args, servers, sessions))
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        finally:
            servers.stop()
            remove_redis_keys(env)
    print()
    print(f"busy: {args.busy:g} cores burnt beside the servers (--busy); {load_average()}")
    for text in summary(levels, servers):
        print(text)
    print(
        "offer/s: messages a second the tables would send if a round trip took no time (tables / mean "
        "think);\ndone/s: round trips completed a second (moves and deals); p50, p99, max: the move; "
        "echo50, echo99:\nthe echo floor beside it; t/o: timeouts of moves and deals in the measurement; "
        "err, lost, closed:\nover the whole move phase; CPU in cores over the move measurement, other: "
        "what else the machine ran."
    )
    errors, closes = Counter[str](), Counter[str]()
    lost = late = resyncs = reconnects = 0
    for level in levels:
        for phase in (level.move, level.echo):
            errors.update(phase.errors)
            closes.update(phase.closes)
            lost, late = lost + phase.lost, late + phase.late
            resyncs, reconnects = resyncs + phase.resyncs, reconnects + phase.reconnects
    if errors:
        print("errors:", ", ".join(f"{code} {n}" for code, n in errors.most_common()))
    if closes:
        print(
            "sockets closed by the server, by code:", ", ".join(f"{c} {n}" for c, n in closes.most_common())
        )
    echo_lost = sum(level.echo.lost for level in levels)
    print(
        f"lost: {lost} ({echo_lost} of them echoes), late: {late}; resyncs: {resyncs}; "
        f"sockets opened again: {reconnects}"
    )
    if Group.retries:
        print(f"handshakes tried again after a refusal: {Group.retries}")
    if any(level.move.cpu.get("other", 0) > 0.2 for level in levels):
        print("warning: the machine was busy with something else during a measurement (other > 0.2)")
    if vacuum_warning:
        print(vacuum_warning)
    return 0


if __name__ == "__main__":
    sys.exit(main())
