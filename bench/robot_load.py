"""Robots beside live tables: how many tables with an expert robot the machine holds
beside the players' live tables, without slowing the players' moves down.

    make bench-robots ROBOTS_ARGS='--beside 300'
    # or: .venv/bin/python -m bench.robots --beside 300 [--robot-tables 0,5,10,20,40]

The servers are bench.load's, started as it starts them (Daphne, the clock), plus the
Procfile's ``robots`` worker (its command, read from the Procfile: a Celery worker
consuming only the robots' queue, at ROBOTS_CONCURRENCY searches at once and niceness
ROBOTS_NICE, games.tasks.robots_worker; ``--robots-concurrency`` and ``--robots-nice``
set them for the run). At each level, ``--beside`` live two-seat tables of players are
played by bench.load's client (its ``Table``, ``run_phase``: the same move round trip),
and beside them N tables of one player against an expert robot (R58: "Jouer contre les
robots", ``services.practice``; ``--level``), N rising through ``--robot-tables``. A
robot table's player is a client of the same kind with one seat: it waits for the
robot's play, thinks (``--think``, as the players), plays its first legal play, and a
new table replaces a match that is over. The robots think where the site has them
think, in the worker: ROBOT_SECONDS of readable delay, then a search of at most
ROBOT_EXPERT_SECONDS (the settings' values, printed).

Reported per level: the players' move round trip at the live tables (p50, p99, max,
timeouts: bench.load's measure), the robots' moves a second, the **robot's turn** as
its player sees it (from the state that gave the robot its turn to the state with its
play: the readable delay, the wait in the queue, the search and the broadcast; p50,
p99), the turns the clock played for a robot whose task came too late (``fallback``:
its deadline passed, R58), the player's own move round trip at the robot tables, and
the CPU of each part (Daphne, the clock, the worker, PostgreSQL, Redis, this client,
and ``other``: what else the machine ran meanwhile) in cores. The figure: the largest
N whose players' p99 is at most ``--p99`` ms (100).

Any other option is bench.load's (``--seconds``, ``--warmup``, ``--think``, ``--port``,
``--servers``, ``--busy``, ``--database-url``, ``--timeout``, ``--variants``).
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import secrets
import shlex
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from websockets.exceptions import InvalidHandshake

from bench import load
from bench.load import (
    SEATS,
    Command,
    Group,
    Message,
    Phase,
    Servers,
    Table,
    check_ports,
    cpu_parts,
    ensure_database,
    line,
    load_average,
    lock_database,
    ms,
    open_full_table,
    per_s,
    prepare_database,
    remove_redis_keys,
    run_phase,
    server_environment,
    terminated_as_interrupt,
)

ROBOT_SEAT = 1  # the player holds seat 0 (the host's), the robot seat 1
PLAYER = "player"  # the move of a robot table's player (kept apart from the live tables' "move")
ROBOT = "robot"  # a robot's turn as its player sees it


def robots_command(env: dict[str, str]) -> list[str]:
    """The Procfile's ``robots`` line, as a command of this environment: its Celery
    worker run directly (not through scripts/keep-running: the run stops it)."""
    for text in (load.ROOT / "Procfile").read_text().splitlines():
        name, _, command = text.partition(":")
        if name.strip() == "robots":
            break
    else:
        raise SystemExit("the Procfile has no robots line")
    words = [
        os.path.expandvars(w.replace("${ROBOTS_QUEUE:-robots}", env["ROBOTS_QUEUE"]))
        for w in shlex.split(command)
    ]
    words = words[words.index("celery") :]  # what runs it again when it stops is left out
    words[0] = str(Path(sys.executable).parent / "celery")
    return words


def open_robot_table(variant: str, username: str, level: str) -> int:
    """A table of ``username`` against a robot of ``level`` in the other seat, as
    "Jouer contre les robots" opens it (the match starts at once)."""
    from django.contrib.auth import get_user_model

    from games import services

    user = get_user_model().objects.get(username=username)
    return int(services.practice(user, variant, SEATS, None, level).pk)


class RobotTable(Table):
    """One player's socket at a table against a robot: it waits for the robot's play,
    thinks, plays, and so on (its messages are counted as ``player``, and ``rdeal``)."""

    def __init__(self, game_id: int, variant: str, user: str, session: str, port: int, level: str) -> None:
        super().__init__(game_id, variant, [user], [session], [port])
        self.level = level
        self.fallbacks = 0  # robot turns the clock played (the robot's task came too late)
        self.came = 0.0  # when the newest state arrived

    def receive(self, index: int, message: dict[str, Any], now: float) -> None:
        state = self.states[index]
        super().receive(index, message, now)
        if self.states[index] is not state:
            self.came = now
            if any(event.get("auto") for event in message.get("events", ())) and self.phase is not None:
                if self.phase.measuring(now):
                    self.fallbacks += 1

    def robots_turn(self) -> bool:
        state = self.states[0]
        return (
            state is not None
            and state["table"]["status"] == "playing"
            and state["view"]["round"]["turn"] != 0
        )

    async def catch_up(self, phase: Phase, timeout: float) -> bool:
        """The seat holds the newest state, and it is not the robot's turn: each robot's
        play waited for is a sample of ``robot`` (the turn began during the measurement)."""
        while True:
            if not await super().catch_up(phase, timeout):
                return False
            if not self.robots_turn():
                return True
            if time.perf_counter() >= phase.end:
                return False
            state = self.states[0]
            assert state is not None
            began = self.came
            self.expect(state["version"] + 1, [0])
            if await self.arrival(robot_wait()):
                if phase.measuring(began):
                    phase.stats(ROBOT).samples.append(self.last_arrival - began)
            elif self.failed is None:
                if phase.measuring(began):
                    phase.stats(ROBOT).timeouts += 1
                await self.resync(phase, [0], timeout)

    def next_message(self) -> Message | None:
        message = super().next_message()
        if message is not None:
            message.kind = PLAYER if message.kind == "move" else "rdeal"
        return message

    async def play(self, phase: Phase, think: Callable[[], float], timeout: float) -> None:
        """Wait for the robot, think, play; until the phase is over."""
        measured = 0
        await asyncio.sleep(random.uniform(0, think()))
        while time.perf_counter() < phase.end:
            try:
                if await self.catch_up(phase, timeout):
                    await asyncio.sleep(think())
                    measured += await self.turn(phase, timeout)
            except Exception as e:
                self.client_error(f"{type(e).__name__}: {e}"[:100])
                await asyncio.sleep(think())

    async def replace(self) -> bool:
        from asgiref.sync import sync_to_async

        await self.close()
        self.game_id = await sync_to_async(open_robot_table)(self.variant, self.users[0], self.level)
        self.states = [None]
        try:
            await self.open(0)
        except (InvalidHandshake, OSError, TimeoutError):
            self.client_error("could not connect to a new table")
        return True


def robot_wait() -> float:
    """How long a player waits for a robot before asking for the state again: past the
    turn's deadline, when the clock plays it if the worker has not (R58)."""
    from django.conf import settings

    return settings.ROBOT_SECONDS + settings.ROBOT_FALLBACK_SECONDS + 10


@dataclass
class Level:
    beside: int
    robots: int
    phase: Phase
    fallbacks: int


async def run_level(
    beside: int, robots: int, first: int, args: argparse.Namespace, servers: Servers, sessions: list[str]
) -> Level:
    """``beside`` live tables of players and ``robots`` tables against a robot, each with
    players of their own (R56), from user number ``first`` on."""
    from asgiref.sync import sync_to_async

    print(f"{beside} live tables, {robots} against a robot:", flush=True)
    ports = servers.ports

    def make_tables() -> list[Group]:
        made: list[Group] = []
        for k in range(beside):
            at = first + k * SEATS
            names = [f"bench{at + i:05d}" for i in range(SEATS)]
            seat_ports = [ports[(k + i) % len(ports)] for i in range(SEATS)]
            variant = args.variants[k % len(args.variants)]
            made.append(
                Table(open_full_table(variant, names), variant, names, sessions[at : at + SEATS], seat_ports)
            )
        for k in range(robots):
            at = first + beside * SEATS + k
            name, variant = f"bench{at:05d}", args.variants[k % len(args.variants)]
            game = open_robot_table(variant, name, args.level)
            made.append(RobotTable(game, variant, name, sessions[at], ports[k % len(ports)], args.level))
        return made

    began = time.perf_counter()
    made = await sync_to_async(make_tables)()
    print(f"  opened in {time.perf_counter() - began:.1f} s", flush=True)
    low, high = args.think
    phase = await run_phase(made, args, lambda: random.uniform(low, high), servers, "tables")
    await sync_to_async(load.end_tables)([g.game_id for g in made if isinstance(g, Table)])
    level = Level(beside, robots, phase, sum(g.fallbacks for g in made if isinstance(g, RobotTable)))
    for text in report(level, servers):
        print("  " + text, flush=True)
    print(f"  {load_average()}", flush=True)
    return level


COLUMNS = [("beside", 6), ("robots", 6), ("moves", 6), ("p50 ms", 7), ("p99 ms", 7), ("max ms", 7)]
COLUMNS += [("t/o", 4), ("robot/s", 7), ("turn50", 6), ("turn99", 6), ("fallbk", 6), ("pl50", 6)]
COLUMNS += [("pl99", 6), ("cpu/pl", 6)]


def columns(servers: Servers) -> list[tuple[str, int]]:
    return COLUMNS + [(load.TITLES.get(p, p), max(5, len(load.TITLES.get(p, p)))) for p in cpu_parts(servers)]


def header(servers: Servers) -> str:
    cells = columns(servers)
    return line((t for t, _ in cells), (w for _, w in cells))


def seconds(value: float) -> str:
    return "t/o" if value == math.inf else "" if math.isnan(value) else f"{value:.1f}"


def row(level: Level, servers: Servers) -> str:
    phase = level.phase
    moves, robot, player = phase.stats("move"), phase.stats(ROBOT), phase.stats(PLAYER)
    cells: list[object] = [level.beside, level.robots, len(moves.samples)]
    cells += [ms(moves.percentile(0.5)), ms(moves.percentile(0.99)), ms(max(moves.samples, default=math.nan))]
    cells += [moves.timeouts, per_s(phase.rate(ROBOT))]
    cells += [seconds(robot.percentile(0.5)), seconds(robot.percentile(0.99)), level.fallbacks]
    cells += [ms(player.percentile(0.5)), ms(player.percentile(0.99))]
    rate = phase.rate(ROBOT)
    cells += [f"{phase.cpu['worker'] / rate:.2f}" if rate else ""]  # the worker's CPU seconds a play
    cells += [f"{phase.cpu[part]:.2f}" for part in cpu_parts(servers)]
    return line(cells, (w for _, w in columns(servers)))


def report(level: Level, servers: Servers) -> list[str]:
    phase = level.phase
    texts = [header(servers), row(level, servers)]
    if phase.errors:
        texts.append("errors: " + ", ".join(f"{code} {n}" for code, n in phase.errors.most_common()))
    texts.append(
        f"lost: {phase.lost}; resyncs: {phase.resyncs}; sockets closed by the server: "
        f"{sum(phase.closes.values())}; matches replaced: {phase.replaced}"
    )
    return texts


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=False)
    parser.add_argument("--beside", type=int, default=300, help="live tables of players (default 300)")
    parser.add_argument(
        "--robot-tables", default="0,5,10,20,40", help="tables against a robot, per level (0,5,10,20,40)"
    )
    parser.add_argument("--level", default="expert", help="the robots' level (default expert)")
    parser.add_argument(
        "--robots-concurrency", type=int, help="the worker's ROBOTS_CONCURRENCY (default: the setting's)"
    )
    parser.add_argument("--robots-nice", type=int, help="the worker's ROBOTS_NICE (default: the setting's)")
    parser.add_argument("--p99", type=float, default=100, help="the players' move p99 to hold, ms (100)")
    parser.add_argument("-h", "--help", action="store_true")
    own, rest = parser.parse_known_args(argv)
    if own.help:
        parser.print_help()
        print("\nand bench.load's options but --tables, --moves and --process:")
        load.parse_args(["--help"])
    args = load.parse_args(["--tables", str(own.beside), *rest])
    if args.moves is not None:
        parser.error("--moves: a level is measured for --seconds")
    args.beside, args.level, args.p99 = own.beside, own.level, own.p99
    args.robot_levels = [int(n) for n in own.robot_tables.split(",")]
    args.robots_concurrency, args.robots_nice = own.robots_concurrency, own.robots_nice
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    env = server_environment(args, secrets.token_urlsafe(50))
    env["ROBOTS_QUEUE"] = f"{env['CELERY_QUEUE']}-robots"  # the run's own, as its other keys
    os.environ.update(env)
    worker_env = []
    if args.robots_concurrency is not None:
        worker_env.append(f"ROBOTS_CONCURRENCY={args.robots_concurrency}")
    if args.robots_nice is not None:
        worker_env.append(f"ROBOTS_NICE={args.robots_nice}")
    worker = robots_command(env)
    args.commands.append(Command("worker", ["env", *worker_env, *worker] if worker_env else worker))
    check_ports(c.port for c in args.commands if c.port is not None)
    ensure_database(args.database_url)
    import django

    django.setup()
    from django.conf import settings

    lock_database()
    levels = args.robot_levels
    sessions = prepare_database(len(levels) * args.beside * SEATS + sum(levels))
    logs = Path(tempfile.mkdtemp(prefix="bench-robot-load-"))
    concurrency = args.robots_concurrency or settings.ROBOTS_CONCURRENCY
    nice = settings.ROBOTS_NICE if args.robots_nice is None else args.robots_nice
    print(
        f"{os.cpu_count()} cores; {args.beside} live tables beside {','.join(map(str, levels))} tables "
        f"against a robot ({args.level}); worker: {shlex.join(worker)}, ROBOTS_CONCURRENCY {concurrency}, "
        f"ROBOTS_NICE {nice}; ROBOT_SECONDS {settings.ROBOT_SECONDS:g}, ROBOT_EXPERT_SECONDS "
        f"{settings.ROBOT_EXPERT_SECONDS:g}; {args.servers} Daphne processes (logs in {logs}); think "
        f"{args.think[0]:g}–{args.think[1]:g} s; warm-up {args.warmup:g} s; measure {args.seconds:g} s; "
        f"busy: {args.busy:g} cores (--busy); {load_average()}",
        flush=True,
    )

    async def run_levels(servers: Servers) -> list[Level]:
        done: list[Level] = []
        first = 0
        for robots in levels:
            done.append(await run_level(args.beside, robots, first, args, servers, sessions))
            first += args.beside * SEATS + robots
        return done

    done: list[Level] = []
    with terminated_as_interrupt():
        servers = Servers(args.commands, env, logs)
        try:
            servers.wait_ready()
            done = asyncio.run(run_levels(servers))
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        finally:
            servers.stop()
            remove_redis_keys(env)
    print()
    print(
        f"ROBOTS_CONCURRENCY {concurrency}, ROBOTS_NICE {nice}; busy: {args.busy:g} cores (--busy); "
        f"{load_average()}"
    )
    print(header(servers))
    for level in done:
        print(row(level, servers))
    print(
        "moves, p50, p99, max, t/o: the players' moves at the live tables; robot/s: the robots' plays a\n"
        "second; turn50, turn99: the robot's turn as its player sees it, s (ROBOT_SECONDS of delay\n"
        "included); fallbk: robot turns the clock played; pl50, pl99: the move of a robot table's\n"
        "player, ms; cpu/pl: the worker's CPU seconds per robot's play; CPU in cores over the\n"
        "measurement, other: what else the machine ran."
    )
    holding = [
        level.robots for level in done if level.phase.stats("move").percentile(0.99) <= args.p99 / 1000
    ]
    held = max(holding) if holding else None
    print(
        f"tables against a robot beside {args.beside} live tables with the players' move p99 at most "
        f"{args.p99:g} ms: {held if held is not None else 'none'} (of {','.join(map(str, levels))})"
    )
    if any(level.phase.cpu.get("other", 0) > 0.2 for level in done):
        print("warning: the machine was busy with something else during a measurement (other > 0.2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
