"""Turn clocks benchmark: how late the table plays after a deadline, with many tables running.

    make bench-deadlines  # or: .venv/bin/python -m bench.deadlines [--tables 200] [--turns 500]

Nobody plays: every turn runs out and the table plays for the seat (RULES
R52, R53), from the clock process (``manage.py clock``, games.clock), which
reads the games' stored deadlines, sleeps until the nearest and acts on each
one that has passed (or, if the clock left it, from the watchdog). Measured,
for each timed-out turn, the **lateness**: when the table played minus the
deadline, two ways.

- **As a player sees it** (client): a spectator socket on each table takes
  ``table.clock.remaining_ms`` from each ``state`` message; the deadline is the
  message's arrival plus ``remaining_ms`` (monotonic clock), as a page counts
  down; the lateness is the arrival of the next ``state``, the one whose events
  carry the table's play (``"auto": true``), minus that deadline. So it
  includes the broadcast of the play, and the countdown starts when its own
  message arrived (a delay in delivering it moves the deadline the page shows
  by as much).
- **In the database** (server): the auto ``Move``'s ``created`` minus the
  turn's exact deadline. ``Game.deadline`` is overwritten when the game moves
  on, so a thread of this process reads every live game's ``(version,
  deadline)`` every ``--poll`` seconds; a turn waits at least AWAY_SECONDS, so
  each one is seen. This is the table's play as the clock makes it, before
  the commit and the broadcast.

The pause between rounds (R54, the next round dealt by the clock) is measured
the first way and reported on its own line.

Everything runs as production runs it, in subprocesses that share one
environment: Daphne (``--servers`` processes, DEBUG off), the clock
(``manage.py clock``, ``--clock-threads`` threads, looking every
``--clock-poll`` s at most), a Celery worker (``celery -A config worker``, the
default prefork pool, ``--concurrency``: presence departures, and the
watchdog's runs) and celery beat (the watchdog every ``--sweep`` s), with
short clocks (``--turn``, ``--away``, ``--pause``), a PostgreSQL database of
the run's own (created, migrated and dropped at the end), and a channel-layer
prefix (hence the clock's wake-up list, ``<prefix>:clock``), a Celery queue
and a Celery key prefix of its own. ``--tables`` two-seat tables
(``block`` and ``draw`` in turn) are opened through games.services; each gets
one spectator socket, and its seats, by ``--mix`` (both seats connected : one
seat : none), idle websockets logged in by session: a connected seat has
TURN_SECONDS, a seat with nobody connected AWAY_SECONDS. Turns whose clock
starts once every socket is open and ``--warmup`` seconds have passed are
counted, until ``--turns`` timed-out turns have been measured (or
``--max-seconds``); the turns still waiting then are followed to their play.

Reported: p50, p90, p99 and max lateness of each measure, the rate of
timed-out turns, who played (the clock's actions, the watchdog's), and the
CPU of each part. The subprocesses are stopped, the Redis keys (broker,
channel layer, the clock's wake-up list) removed and the database dropped at
the end, on an error and on Ctrl-C.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import re
import secrets
import shlex
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from websockets.asyncio.client import ClientConnection
from websockets.exceptions import ConnectionClosed

from bench.load import (
    BUSY,
    CONNECT_AT_ONCE,
    ROOT,
    SEATS,
    Servers,
    Stats,
    add_busy_argument,
    busy_commands,
    check_ports,
    cpu_sample,
    cpu_used,
    daphne_commands,
    ensure_database,
    load_average,
    open_full_table,
    open_socket,
    prepare_database,
    remove_redis_keys,
    server_environment,
    stop_processes,
    terminated_as_interrupt,
)

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/dominos_bench_clock?conn_max_age=600"
MIXES = ("both", "one", "none")  # seats connected at a table: both, seat 0 only, none
WAVE_CLOCKS = 600.0  # s: the turns' own clocks in wave mode, that never run out before a wave


# Setup ------------------------------------------------------------------------


def environment(args: argparse.Namespace) -> dict[str, str]:
    """The servers' settings (bench.load's), with the run's own clocks, queue and key prefix.

    CLOCK_WAKE_KEY is left to its default, ``<CHANNEL_PREFIX>:clock``: the run's own.
    """
    tag = secrets.token_hex(4)
    env = server_environment(args, secrets.token_urlsafe(50))
    env.update(
        {
            "CHANNEL_PREFIX": f"bench-clock-{tag}",
            "CELERY_QUEUE": f"bench-clock-{tag}",
            "CELERY_KEY_PREFIX": f"bench-clock-{tag}:",
            "TURN_SECONDS": str(args.turn),
            "AWAY_SECONDS": str(args.away),
            "ROUND_PAUSE_SECONDS": str(args.pause),
            "SWEEP_SECONDS": str(args.sweep),
            "CLOCK_THREADS": str(args.clock_threads),
            "CLOCK_BATCH": str(args.clock_batch),
            "CLOCK_POLL_SECONDS": str(args.clock_poll),
        }
    )
    return env


def remove_wake_key() -> None:
    """The clock's wake-up list (under the channel prefix, so normally gone already)."""
    import redis
    from django.conf import settings

    assert settings.CLOCK_WAKE_KEY.startswith(os.environ["CHANNEL_PREFIX"])  # the run's own
    client = redis.Redis.from_url(settings.CLOCK_REDIS_URL)
    try:
        client.delete(settings.CLOCK_WAKE_KEY)
    finally:
        client.close()


def admin_url(url: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/postgres", query=""))


def database_name(url: str) -> str:
    return urlsplit(url).path.lstrip("/")


def create_database(url: str) -> None:
    """Create the run's database: it must not exist yet (it is dropped at the end)."""
    import psycopg

    name = database_name(url)
    with psycopg.connect(admin_url(url), autocommit=True) as conn:
        if conn.execute("select 1 from pg_database where datname = %s", (name,)).fetchone():
            raise SystemExit(
                f"the database {name!r} exists: another run is using it, or drop it "
                f"(dropdb -h 127.0.0.1 -U postgres {name}), or choose another --database-url"
            )
    ensure_database(url)  # refuses a name without 'bench'


def drop_database(url: str) -> None:
    import psycopg
    from django.db import connections
    from psycopg import sql

    connections.close_all()
    with psycopg.connect(admin_url(url), autocommit=True) as conn:
        name = sql.Identifier(database_name(url))
        conn.execute(sql.SQL("drop database if exists {} with (force)").format(name))


def open_tables(count: int, variants: list[str]) -> list[int]:
    return [
        open_full_table(variants[k % len(variants)], [f"bench{k * SEATS + i:05d}" for i in range(SEATS)])
        for k in range(count)
    ]


# Subprocesses -------------------------------------------------------------------


class Background:
    """The clock, the worker and beat, each in its own process group, as the Procfile runs them."""

    def __init__(self, args: argparse.Namespace, env: dict[str, str], logs: Path) -> None:
        celery = str(Path(sys.executable).parent / "celery")
        name = f"{env['CELERY_QUEUE']}@%h"
        worker = [celery, "-A", "config", "worker", "--loglevel", "INFO", "--without-gossip"]
        worker += ["--without-mingle", "-n", name, "--concurrency", str(args.concurrency)]
        worker += shlex.split(args.worker_args)
        beat = [celery, "-A", "config", "beat", "--loglevel", "INFO"]
        beat += ["--schedule", str(logs / "celerybeat-schedule")]
        clock = [sys.executable, "manage.py", "clock"]
        self.worker_log, self.beat_log = logs / "worker.log", logs / "beat.log"
        self.clock_logs = [logs / f"clock-{n + 1}.log" for n in range(args.clocks)]
        self.worker = self._start(worker, env, self.worker_log)
        self.beat = self._start(beat, env, self.beat_log)
        # ``--clocks`` clock processes, as the Procfile's ``clock`` scaled to K
        # (docs/architecture.md, "Several clocks"). INFO for their start and stop lines
        # (the actions each made), as nothing else is logged.
        self.clocks = [self._start(clock, {**env, "LOG_LEVEL": "INFO"}, log) for log in self.clock_logs]

    @staticmethod
    def _start(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
        with open(log, "wb") as out:
            return subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )

    def wait_ready(self, timeout: float = 60) -> None:
        deadline = time.monotonic() + timeout
        while not self.ready():
            for name, proc, log in (
                ("celery worker", self.worker, self.worker_log),
                ("celery beat", self.beat, self.beat_log),
                *(("clock", clock, log) for clock, log in zip(self.clocks, self.clock_logs, strict=True)),
            ):
                if proc.poll() is not None:
                    raise RuntimeError(f"the {name} exited:\n{log.read_text()[-3000:]}")
            if time.monotonic() > deadline:
                raise RuntimeError(
                    "the worker or a clock is not ready:\n"
                    f"{self.worker_log.read_text()[-3000:]}\n{self.clock_logs[0].read_text()[-3000:]}"
                )
            time.sleep(0.1)

    def ready(self) -> bool:
        worker = " ready." in self.worker_log.read_text(errors="replace")
        return worker and all("clock: started" in log.read_text(errors="replace") for log in self.clock_logs)

    def stop(self) -> None:
        stop_processes([*self.clocks, self.beat, self.worker], wait=15)


def sample(servers: Servers, background: Background) -> dict[str, float]:
    """CPU seconds so far of each part: each subprocess is a process group of its own (the
    worker's prefork children count with it)."""
    return cpu_sample(
        {
            **servers.parts,
            "clock": [clock.pid for clock in background.clocks],
            "worker": [background.worker.pid],
            "beat": [background.beat.pid],
        }
    )


CPU_PARTS = ("daphne", "clock", "worker", "beat", "postgres", "redis", BUSY, "client", "other")


# The deadlines as the database holds them ----------------------------------------


class DeadlineLog(threading.Thread):
    """Every live game's ``(version, deadline)``, read every ``interval`` s on a connection of its own."""

    def __init__(self, url: str, interval: float) -> None:
        super().__init__(daemon=True)
        from games.models import Game

        self.url, self.interval = urlunsplit(urlsplit(url)._replace(query="")), interval
        self.query = f"select id, version, deadline from {Game._meta.db_table} where status = %s"
        self.status = Game.PLAYING
        self.deadlines: dict[tuple[int, int], datetime] = {}
        self.reads = 0
        self.stopping = threading.Event()

    def run(self) -> None:
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self.stopping.wait(self.interval):
                for game_id, version, deadline in conn.execute(self.query, (self.status,)):
                    if deadline is not None:
                        self.deadlines[(game_id, version)] = deadline
                self.reads += 1

    def stop(self) -> None:
        self.stopping.set()
        self.join(timeout=10)


def server_lateness(
    deadlines: dict[tuple[int, int], datetime], turns: set[tuple[int, int]], since: datetime
) -> tuple[Stats, int]:
    """For each of ``turns``, its auto move's ``created`` minus the deadline of the version it waited at.

    A turn with no auto move counts as unplayed. Also returns the turns whose
    deadline was never read (none is expected).
    """
    from games.models import Move

    moves = Move.objects.filter(auto=True, created__gte=since).values_list("game_id", "version", "created")
    played = {(game_id, version - 1): created for game_id, version, created in moves}
    stats, unknown = Stats(), 0
    for turn in turns:
        deadline, created = deadlines.get(turn), played.get(turn)
        if deadline is None:
            unknown += 1
        elif created is None:
            stats.timeouts += 1
        else:
            stats.samples.append((created - deadline).total_seconds())
    return stats, unknown


# Clients --------------------------------------------------------------------------


@dataclass
class Clock:
    version: int
    kind: str  # "turn" or "pause"
    deadline: float  # monotonic: arrival of the message plus remaining_ms
    counted: bool


@dataclass
class Wave:
    """One wave (``--waves``): the games whose deadline was set to one instant, and when
    each one's spectator got the state that ended it."""

    instant: float  # the deadline, wall clock (time.time())
    base: dict[int, int]  # each game's version when the wave was set
    kinds: dict[int, str]  # "turn" (a game in play) or "pause" (between rounds)
    pending: set[int]
    done: asyncio.Event = field(default_factory=asyncio.Event)
    late: dict[int, float] = field(default_factory=dict)  # seconds after the instant


@dataclass
class Run:
    """What the spectators measured."""

    turns_wanted: int
    start: float = float("inf")  # monotonic: clocks starting from here are counted
    closing: bool = False  # enough turns: no new clock is counted
    stats: dict[str, Stats] = field(default_factory=lambda: {"turn": Stats(), "pause": Stats()})
    counts: Counter[str] = field(default_factory=Counter)
    turns: set[tuple[int, int]] = field(default_factory=set)  # (game, version) of each counted turn
    enough: asyncio.Event = field(default_factory=asyncio.Event)
    wave: Wave | None = None  # the wave under way (--waves)
    waves: list[Wave] = field(default_factory=list)


class Table:
    """One table: a spectator socket that measures, and the idle sockets of its connected seats."""

    def __init__(
        self, game_id: int, watcher: tuple[int, str], seats: list[tuple[int, str]], run: Run
    ) -> None:
        self.game_id, self.watcher, self.seats, self.run = game_id, watcher, seats, run
        self.sockets: list[ClientConnection] = []
        self.tasks: list[asyncio.Task[None]] = []
        self.clock: Clock | None = None
        self.ready = asyncio.Event()

    async def connect(self, limit: asyncio.Semaphore) -> None:
        for n, (port, session) in enumerate([self.watcher, *self.seats]):
            url = f"ws://127.0.0.1:{port}/ws/tables/{self.game_id}/"
            headers = [("Cookie", f"sessionid={session}"), ("Origin", f"http://127.0.0.1:{port}")]
            ws = await open_socket(url, headers, limit, retried=self.count_retry)
            self.sockets.append(ws)
            self.tasks.append(asyncio.create_task(self.watch(ws) if n == 0 else self.drain(ws)))

    def count_retry(self) -> None:
        self.run.counts["handshakes retried"] += 1

    async def close(self) -> None:
        await asyncio.gather(*(ws.close() for ws in self.sockets), return_exceptions=True)
        for task in self.tasks:
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)

    async def drain(self, ws: ClientConnection) -> None:
        """An idle seat: it reads what it is sent and never plays."""
        with contextlib.suppress(ConnectionClosed):
            async for _ in ws:
                pass
        if not self.run.closing:
            self.run.counts["seat sockets closed by the server"] += 1

    async def watch(self, ws: ClientConnection) -> None:
        with contextlib.suppress(ConnectionClosed):
            async for text in ws:
                now, wall = time.monotonic(), time.time()
                message = json.loads(text)
                if message["type"] == "state":
                    wave = self.run.wave
                    if wave is not None and self.game_id in wave.pending:
                        self.waved(wave, message, wall)
                    self.state(message, now)
        if not self.run.closing:
            self.run.counts["spectator sockets closed by the server"] += 1

    def state(self, message: dict[str, Any], now: float) -> None:
        run, version, last = self.run, message["version"], self.clock
        self.ready.set()
        if last is not None and version > last.version:
            if last.counted:
                self.settle(last, message, now)
            last = None
        clock = message["table"].get("clock")
        if last is None and clock is not None and clock["kind"] in ("turn", "pause"):
            counted = now >= run.start and not run.closing
            self.clock = Clock(version, clock["kind"], now + clock["remaining_ms"] / 1000, counted)
            if counted and clock["kind"] == "turn":
                run.turns.add((self.game_id, version))
        elif last is None:
            self.clock = None
            if message["table"]["status"] == "over":
                run.counts["matches over"] += 1

    def settle(self, clock: Clock, message: dict[str, Any], now: float) -> None:
        """The clock of ``clock.version`` ended with ``message``: what happened, and how late."""
        run, events = self.run, message["events"]
        if message["version"] != clock.version + 1:
            run.counts["versions missed by a spectator"] += 1
            return
        auto = any(e["type"] == "play" and e.get("auto") for e in events)
        dealt = any(e["type"] == "round_started" for e in events)
        if clock.kind == "turn" and auto or clock.kind == "pause" and dealt:
            run.stats[clock.kind].samples.append(now - clock.deadline)
            if len(run.stats["turn"].samples) >= run.turns_wanted:
                run.enough.set()
        else:
            run.counts[f"{clock.kind} ended otherwise"] += 1

    def waved(self, wave: Wave, message: dict[str, Any], wall: float) -> None:
        """A state of the table during a wave: the one after the wave's version ended it."""
        if message["version"] <= wave.base[self.game_id]:
            return
        kind = wave.kinds[self.game_id]
        events = message["events"]
        if message["version"] != wave.base[self.game_id] + 1:
            self.run.counts["versions missed by a spectator"] += 1
        elif (
            kind == "turn"
            and any(e["type"] == "play" and e.get("auto") for e in events)
            or (kind == "pause" and any(e["type"] == "round_started" for e in events))
        ):
            wave.late[self.game_id] = wall - wave.instant
            self.run.stats[kind].samples.append(wall - wave.instant)
        else:
            self.run.counts[f"wave {kind} ended otherwise"] += 1
        wave.pending.discard(self.game_id)
        if not wave.pending:
            wave.done.set()

    @property
    def waiting(self) -> bool:
        return self.clock is not None and self.clock.counted


def make_tables(game_ids: list[int], sessions: list[str], args: argparse.Namespace, run: Run) -> list[Table]:
    ports = [args.port + i for i in range(args.servers)]
    mix = [kind for kind, weight in zip(MIXES, args.mix, strict=True) for _ in range(weight)]
    watcher_session = sessions[-1]  # a user seated nowhere: a spectator of every table
    tables = []
    for k, game_id in enumerate(game_ids):
        connected = {"both": SEATS, "one": 1, "none": 0}[mix[k % len(mix)]]
        seats = [(ports[(k + i + 1) % len(ports)], sessions[k * SEATS + i]) for i in range(connected)]
        tables.append(Table(game_id, (ports[k % len(ports)], watcher_session), seats, run))
    return tables


async def connect(tables: list[Table]) -> int:
    """Open every socket of the tables; wait for each spectator's first state."""
    began = time.monotonic()
    limit = asyncio.Semaphore(CONNECT_AT_ONCE)
    await asyncio.gather(*(t.connect(limit) for t in tables))
    await asyncio.wait_for(asyncio.gather(*(t.ready.wait() for t in tables)), 120)
    connections = sum(len(t.sockets) for t in tables)
    print(f"  {connections} sockets open in {time.monotonic() - began:.1f} s", flush=True)
    return connections


async def measure(
    tables: list[Table], args: argparse.Namespace, run: Run, servers: Servers, background: Background
) -> dict[str, Any]:
    """Connect every socket, let the warm-up pass, count turns until there are enough."""
    connections = await connect(tables)
    await asyncio.sleep(args.warmup)
    run.start = time.monotonic()
    since = datetime.now(UTC)
    before = sample(servers, background)
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(run.enough.wait(), args.max_seconds)
    run.closing = True
    measured = time.monotonic() - run.start
    after = sample(servers, background)
    # Follow the counted turns still waiting to their play (the watchdog's included).
    follow = time.monotonic() + args.turn + 2 * args.sweep + 5
    while any(t.waiting for t in tables) and time.monotonic() < follow:
        await asyncio.sleep(0.1)
    for t in tables:
        if t.waiting:
            assert t.clock is not None
            run.stats[t.clock.kind].timeouts += 1
    await asyncio.gather(*(t.close() for t in tables))
    return {
        "since": since,
        "seconds": measured,
        "cpu": cpu_used(before, after, measured),
        "connections": connections,
    }


# Waves (--waves) -------------------------------------------------------------------


def set_wave(game_ids: list[int], lead: float) -> Wave:
    """Set the deadline of every live game of ``game_ids`` to one instant, ``lead`` s from now.

    Their own clocks are long in this mode (``parse_args``): no deadline runs out but the
    waves'. The clock processes find the instant at their next look (``lead`` is longer
    than CLOCK_POLL_SECONDS) and sleep until it, as they do for any deadline.
    """
    from django.db import connection

    from games.models import Game

    live = list(
        Game.objects.filter(pk__in=game_ids, status__in=Game.LIVE).values_list("pk", "version", "status")
    )
    instant = time.time() + lead
    Game.objects.filter(pk__in=[pk for pk, _, _ in live]).update(
        deadline=datetime.fromtimestamp(instant, UTC)
    )
    connection.close()
    return Wave(
        instant,
        base={pk: version for pk, version, _ in live},
        kinds={pk: "turn" if status == Game.PLAYING else "pause" for pk, _, status in live},
        pending={pk for pk, _, _ in live},
    )


async def measure_waves(
    tables: list[Table], args: argparse.Namespace, run: Run, servers: Servers, background: Background
) -> dict[str, Any]:
    """Connect every socket, let the warm-up pass, then ``--waves`` waves, one after the other:
    each sets the deadline of every table with a seat connected (a table with nobody waits,
    R56) to one instant and waits until every spectator has the state that ended it."""
    connections = await connect(tables)
    await asyncio.sleep(args.warmup)
    waved = [t.game_id for t in tables if t.seats]
    since = datetime.now(UTC)
    before = sample(servers, background)
    began = time.monotonic()
    for n in range(args.waves):
        wave = await asyncio.to_thread(set_wave, waved, args.wave_lead)
        run.wave = wave
        run.waves.append(wave)
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wave.done.wait(), args.wave_lead + args.wave_timeout)
        run.wave = None
        for game_id in wave.pending:  # not played within --wave-timeout
            run.stats[wave.kinds[game_id]].timeouts += 1
        late = Stats(samples=list(wave.late.values()), timeouts=len(wave.pending))
        print(
            f"  wave {n + 1}: {len(wave.base)} deadlines, {len(wave.late)} played; as a player sees it "
            f"p50 {ms(late.percentile(0.5))}, p99 {ms(late.percentile(0.99))}, "
            f"max {ms(max(late.samples, default=float('nan')))} ms; {load_average()}",
            flush=True,
        )
        await asyncio.sleep(args.wave_gap)
    measured = time.monotonic() - began
    after = sample(servers, background)
    run.closing = True
    await asyncio.gather(*(t.close() for t in tables))
    return {
        "since": since,
        "seconds": measured,
        "cpu": cpu_used(before, after, measured),
        "connections": connections,
    }


def wave_server_lateness(waves: list[Wave], since: datetime) -> Stats:
    """For each turn of each wave, its auto move's ``created`` minus the wave's instant."""
    from games.models import Move

    moves = Move.objects.filter(auto=True, created__gte=since).values_list("game_id", "version", "created")
    played = {(game_id, version - 1): created for game_id, version, created in moves}
    stats = Stats()
    for wave in waves:
        instant = datetime.fromtimestamp(wave.instant, UTC)
        for game_id, version in wave.base.items():
            if wave.kinds[game_id] != "turn":
                continue
            created = played.get((game_id, version))
            if created is None:
                stats.timeouts += 1
            else:
                stats.samples.append((created - instant).total_seconds())
    return stats


# The logs ---------------------------------------------------------------------------

TASK_DONE = re.compile(r"Task games\.tasks\.(\w+)\[[^\]]+\] succeeded in ([0-9.e-]+)s: (.*)$")
CLOCK_STOPPED = re.compile(r"clock: stopped after (\d+) actions")


def summary(worker: Path, clocks: list[Path]) -> Counter[str]:
    """Who acted on the deadlines over the whole run: the clocks, the watchdog (in the worker)."""
    counts = Counter[str]()
    for line in worker.read_text(errors="replace").splitlines():
        if "raised unexpected" in line:
            counts["tasks failed"] += 1
        match = TASK_DONE.search(line)
        if match is not None and match[1] == "sweep":
            counts["sweeps"] += 1
            found = re.search(r"'deadlines': (\d+)", match[3])
            counts["deadlines acted on by the watchdog"] += int(found[1]) if found else 0
    for n, clock in enumerate(clocks):
        text = clock.read_text(errors="replace")
        stopped = CLOCK_STOPPED.search(text)
        name = "the clock" if len(clocks) == 1 else f"clock {n + 1}"
        if stopped is not None:
            counts[f"deadlines acted on by {name}"] += int(stopped[1])
        else:
            counts[f"{name} not stopped cleanly"] += 1
        counts["clock errors"] += text.count(" ERROR ")
    return counts


# Report -----------------------------------------------------------------------------


def ms(seconds: float) -> str:
    if seconds == float("inf"):
        return "unplayed"
    return f"{1000 * seconds:,.0f}" if abs(seconds) >= 10 else f"{1000 * seconds:.1f}"


def line(label: str, stats: Stats) -> str:
    cells = [f"{len(stats.samples) + stats.timeouts:>7}"]
    cells += [f"{ms(stats.percentile(p)):>8}" for p in (0.5, 0.9, 0.99)]
    cells.append(f"{ms(max(stats.samples, default=float('nan'))):>8}")
    cells.append(f"{ms(min(stats.samples, default=float('nan'))):>8}")
    return f"{label:<28}" + " ".join(cells)


def report(
    args: argparse.Namespace,
    run: Run,
    server: Stats,
    unknown: int,
    result: dict[str, Any],
    background: Background,
) -> None:
    turns = len(run.stats["turn"].samples)
    print()
    print(f"{'lateness (ms)':<28}{'turns':>7} {'p50':>8} {'p90':>8} {'p99':>8} {'max':>8} {'min':>8}")
    print(line("turn, as a player sees it", run.stats["turn"]))
    print(line("turn, in the database", server))
    print(line("pause, as a player sees it", run.stats["pause"]))
    if args.waves:
        deadlines = sum(len(wave.base) for wave in run.waves)
        print(
            f"{len(run.waves)} waves of {deadlines / max(1, len(run.waves)):.0f} deadlines at one instant "
            f"in {result['seconds']:.1f} s, over {args.tables} tables ({result['connections']} sockets), "
            f"{args.clocks} clock process{'es' if args.clocks > 1 else ''}; {load_average()}"
        )
    else:
        print(
            f"{turns} timed-out turns measured in {result['seconds']:.1f} s: "
            f"{turns / result['seconds']:.1f} a second, over {args.tables} tables "
            f"({result['connections']} sockets)"
        )
    cpu = result["cpu"]
    print("cores: " + ", ".join(f"{part} {cpu.get(part, 0.0):.2f}" for part in CPU_PARTS))
    counts = summary(background.worker_log, background.clock_logs)
    print("whole run: " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    notes = dict(run.counts)
    if unknown:
        notes["turns whose deadline was not read"] = unknown
    if notes:
        print("also: " + ", ".join(f"{k} {v}" for k, v in sorted(notes.items())))
    if cpu["other"] > 0.2:
        print("warning: the machine was busy with something else during the measurement (other > 0.2)")


# Main -------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add = parser.add_argument
    add("--tables", type=int, default=200, help="two-seat tables, all running at once (default 200)")
    add("--turns", type=int, default=500, help="timed-out turns to measure (default 500)")
    add("--mix", default="1:1:1", help="tables with both seats : one seat : no seat connected (1:1:1)")
    add("--turn", type=float, default=2.0, help="TURN_SECONDS, a connected seat's turn (default 2)")
    add("--away", type=float, default=1.0, help="AWAY_SECONDS, a seat with no socket (default 1)")
    add("--pause", type=float, default=2.0, help="ROUND_PAUSE_SECONDS, between rounds (default 2)")
    add("--sweep", type=float, default=5.0, help="SWEEP_SECONDS, the watchdog's period (default 5)")
    add("--servers", type=int, default=2, help="Daphne processes (default 2)")
    add("--port", type=int, default=8200, help="port of the first Daphne process (default 8200)")
    add("--clocks", type=int, default=1, help="clock processes, sharing the deadlines (default 1)")
    add("--clock-threads", type=int, default=4, help="CLOCK_THREADS, each clock's pool (default 4)")
    add("--clock-batch", type=int, default=4, help="CLOCK_BATCH, the deadlines a thread claims at once (4)")
    add("--clock-poll", type=float, default=1.0, help="CLOCK_POLL_SECONDS, its longest sleep (default 1)")
    add("--concurrency", type=int, default=2, help="the worker's --concurrency (default 2)")
    add("--worker-args", default="", help="more arguments for the worker, e.g. '--pool threads'")
    add("--warmup", type=float, default=5.0, help="seconds after the sockets open before counting (5)")
    add("--max-seconds", type=float, default=300.0, help="stop counting after this long (default 300)")
    add("--poll", type=float, default=0.1, help="seconds between reads of the deadlines (default 0.1)")
    add("--variants", default="block,draw", help="two-seat variants, in turn (default block,draw)")
    add(
        "--waves",
        type=int,
        default=0,
        help="wave mode: this many waves, each setting every table's deadline to one instant; the turns' "
        "own clocks are then 10 minutes long, so that only the waves run out (default 0: no waves)",
    )
    add("--wave-lead", type=float, default=3.0, help="the instant of a wave is this far ahead when set (3)")
    add("--wave-gap", type=float, default=2.0, help="seconds between a wave's end and the next one (2)")
    add(
        "--wave-timeout",
        type=float,
        default=60.0,
        help="a wave's deadline unplayed after this long counts so",
    )
    add("--app", default="config.asgi:application", help="what Daphne serves")
    add(
        "--database-url",
        default=os.environ.get("BENCH_CLOCK_DATABASE_URL", DEFAULT_DATABASE_URL),
        help="a database to create and drop; its name must contain 'bench' (default dominos_bench_clock, "
        "with persistent connections)",
    )
    add_busy_argument(parser)
    args = parser.parse_args(argv)
    args.mix = [int(n) for n in args.mix.split(":")]
    if len(args.mix) != len(MIXES) or sum(args.mix) == 0:
        parser.error("--mix takes three weights, e.g. 1:1:1")
    args.variants = args.variants.split(",")
    if args.clocks < 1:
        parser.error("--clocks takes 1 or more")
    if args.waves:
        if args.wave_lead <= args.clock_poll:
            parser.error(
                "--wave-lead must be longer than --clock-poll: the clock finds the instant at its next look"
            )
        args.turn = args.away = args.pause = WAVE_CLOCKS
    return args


def describe(args: argparse.Namespace, env: dict[str, str], logs: Path) -> str:
    from django.conf import settings

    mix = ":".join(str(n) for n in args.mix)
    conn_max_age = settings.DATABASES["default"].get("CONN_MAX_AGE", 0)
    return (
        f"Python {platform.python_version()}, {os.cpu_count()} cores; {args.tables} tables "
        f"({'/'.join(args.variants)}; seats connected both:one:none = {mix}), one spectator each; "
        f"TURN_SECONDS {args.turn:g}, AWAY_SECONDS {args.away:g}, ROUND_PAUSE_SECONDS {args.pause:g}, "
        f"SWEEP_SECONDS {args.sweep:g}; {args.servers} Daphne process{'es' if args.servers > 1 else ''}; "
        f"{args.clocks} clock process{'es' if args.clocks > 1 else ''}: CLOCK_THREADS {args.clock_threads}, "
        f"CLOCK_BATCH {args.clock_batch}, CLOCK_POLL_SECONDS {args.clock_poll:g}; "
        + (
            f"{args.waves} waves, each set {args.wave_lead:g} s ahead, {args.wave_gap:g} s apart; "
            if args.waves
            else ""
        )
        + f"worker --concurrency {args.concurrency} {args.worker_args}".rstrip()
        + f"; CONN_MAX_AGE {conn_max_age}; queue {env['CELERY_QUEUE']}; logs in {logs}"
        + f"; busy: {args.busy:g} cores (--busy); {load_average()}"
    )


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    env = environment(args)
    os.environ.update(env)
    check_ports(range(args.port, args.port + args.servers))
    create_database(args.database_url)
    logs = Path(tempfile.mkdtemp(prefix="bench-deadlines-"))
    run = Run(args.turns)
    servers: Servers | None = None
    background: Background | None = None
    deadlines: DeadlineLog | None = None
    with terminated_as_interrupt():
        try:
            import django

            django.setup()
            from games import transport

            transport.use_own_loop()  # the tables' messages go out from one loop, as the clock's do
            sessions = prepare_database(args.tables * SEATS + 1)
            print(describe(args, env, logs), flush=True)
            servers = Servers(
                daphne_commands(args.servers, args.port, args.app) + busy_commands(args.busy), env, logs
            )
            background = Background(args, env, logs)
            servers.wait_ready()
            background.wait_ready()
            if not args.waves:
                deadlines = DeadlineLog(args.database_url, args.poll)
                deadlines.start()
            began = time.monotonic()
            game_ids = open_tables(args.tables, args.variants)
            print(f"  {args.tables} tables opened in {time.monotonic() - began:.1f} s", flush=True)
            tables = make_tables(game_ids, sessions, args, run)
            if args.waves:
                result = asyncio.run(measure_waves(tables, args, run, servers, background))
                server, unknown = wave_server_lateness(run.waves, result["since"]), 0
            else:
                assert deadlines is not None
                result = asyncio.run(measure(tables, args, run, servers, background))
                deadlines.stop()
                server, unknown = server_lateness(deadlines.deadlines, run.turns, result["since"])
            background.stop()  # the logs are complete
            report(args, run, server, unknown, result, background)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        finally:
            if deadlines is not None:
                deadlines.stop()
            if background is not None:
                background.stop()
            if servers is not None:
                servers.stop()
            with contextlib.suppress(Exception):
                remove_redis_keys(env)  # the clock's wake-up list too: it starts with CHANNEL_PREFIX
            with contextlib.suppress(Exception):
                remove_wake_key()
            drop_database(args.database_url)
    return 0


if __name__ == "__main__":
    sys.exit(main())
