"""Soak: many live tables played for a long time, reported minute by minute.

    make bench-soak       # or: .venv/bin/python -m bench.soak [--tables 1000] [--minutes 30]

The tables, the servers and the client are bench.load's (its ``Table``, ``Servers``
and ``run_phase``: the same move round trip, the same counts of lost messages and
resyncs), played at one level for ``--minutes`` after the warm-up. Every
``--every`` seconds (a minute by default) one line: the moves completed in that
minute and their round trip's p50, p99 and max, the timeouts, the messages lost
(versions a socket skipped, net of those that came late), the resyncs and the
sockets the server closed so far, the resident memory of the Daphne processes
(their RSS, added up) and of PostgreSQL (the proportional set size of its
processes, added up: the shared buffers counted once), the cores Daphne and
PostgreSQL used in that minute, and the machine's load average. What it is for:
a p99 that holds every minute, memory that stays flat after the first few, and
nothing lost.

Any other option is bench.load's (``--think``, ``--servers``, ``--busy``,
``--database-url``, ``--timeout``, ...); ``--tables`` here is one level.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import os
import random
import secrets
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from bench import load
from bench.load import (
    SEATS,
    Group,
    Phase,
    Servers,
    Table,
    autovacuum_warning,
    check_ports,
    cpu_sample,
    ensure_database,
    load_average,
    lock_database,
    ms,
    open_full_table,
    prepare_database,
    remove_redis_keys,
    run_phase,
    server_environment,
    terminated_as_interrupt,
)

COLUMNS = [("minute", 6), ("moves", 6), ("p50 ms", 7), ("p99 ms", 7), ("max ms", 8), ("t/o", 4)]
COLUMNS += [("lost", 4), ("resync", 6), ("closed", 6), ("daphne MiB", 10), ("pg MiB", 7)]
COLUMNS += [("daphne", 6), ("pg", 5), ("load 1m", 7)]


def memory_kib(pid: int, field: str) -> int:
    """One field of a process's memory (``VmRSS`` from status, ``Pss`` from smaps_rollup), in KiB."""
    source = "smaps_rollup" if field == "Pss" else "status"
    try:
        with open(f"/proc/{pid}/{source}") as f:
            for text in f:
                if text.startswith(field + ":"):
                    return int(text.split()[1])
    except OSError:  # gone meanwhile, or not ours to read
        pass
    return 0


def resident_mib(groups: list[int]) -> tuple[float, float]:
    """Daphne's resident memory (its process groups' RSS) and PostgreSQL's (its processes' PSS), in MiB."""
    daphne = postgres = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        pid = int(entry.name)
        try:
            with open(f"/proc/{pid}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        name = stat[stat.index(b"(") + 1 : stat.rindex(b")")]
        group = int(stat[stat.rindex(b")") + 2 :].split()[2])
        if group in groups:
            daphne += memory_kib(pid, "VmRSS")
        elif name == b"postgres":
            postgres += memory_kib(pid, "Pss")
    return daphne / 1024, postgres / 1024


def row(cells: list[object]) -> str:
    return " ".join(f"{cell!s:>{width}}" for cell, (_, width) in zip(cells, COLUMNS, strict=True))


class Minutes:
    """The per-minute report, from the phase's samples and the groups' counts as they grow."""

    def __init__(self, servers: Servers, every: float) -> None:
        self.servers, self.every = servers, every
        self.lines: list[str] = []
        self.worst_p99 = 0.0
        self.memory: list[tuple[float, float]] = []

    async def watch(self, phase: Phase, groups: list[Group]) -> None:
        parts = self.servers.parts
        daphne_groups = parts.get("daphne", [])
        print(row([title for title, _ in COLUMNS]), flush=True)
        minute, seen, timeouts = 0, 0, 0
        cpu, at = cpu_sample(parts), time.perf_counter()
        while True:
            await asyncio.sleep(max(0.0, at + self.every - time.perf_counter()))
            minute += 1
            stats = phase.stats("move")
            samples = stats.samples[seen:]
            seen = len(stats.samples)
            fresh_timeouts, timeouts = stats.timeouts - timeouts, stats.timeouts
            now, used = time.perf_counter(), cpu_sample(parts)
            cores = {k: (used[k] - cpu[k]) / (now - at) for k in ("daphne", "postgres")}
            cpu, at = used, now
            lost = sum(g.lost for g in groups)
            daphne_mib, pg_mib = await asyncio.to_thread(resident_mib, daphne_groups)
            self.memory.append((daphne_mib, pg_mib))
            ordered = sorted(samples) + [math.inf] * fresh_timeouts
            p50 = ordered[max(0, math.ceil(0.5 * len(ordered)) - 1)] if ordered else math.nan
            p99 = ordered[max(0, math.ceil(0.99 * len(ordered)) - 1)] if ordered else math.nan
            if not math.isnan(p99):
                self.worst_p99 = max(self.worst_p99, p99)
            text = row(
                [
                    minute,
                    len(samples),
                    ms(p50),
                    ms(p99),
                    ms(max(samples, default=math.nan)),
                    fresh_timeouts,
                    lost,
                    phase.resyncs,
                    sum(phase.closes.values()),
                    f"{daphne_mib:.0f}",
                    f"{pg_mib:.0f}",
                    f"{cores['daphne']:.2f}",
                    f"{cores['postgres']:.2f}",
                    f"{os.getloadavg()[0]:.2f}",
                ]
            )
            self.lines.append(text)
            print(text, flush=True)


async def soak(args: argparse.Namespace, servers: Servers, sessions: list[str]) -> tuple[Phase, Minutes]:
    from asgiref.sync import sync_to_async

    tables = args.levels[0]
    ports = servers.ports

    def make_tables() -> list[Table]:
        made = []
        for k in range(tables):
            names = [f"bench{k * SEATS + i:05d}" for i in range(SEATS)]
            keys = [sessions[k * SEATS + i] for i in range(SEATS)]
            variant = args.variants[k % len(args.variants)]
            seat_ports = [ports[(k + i) % len(ports)] for i in range(SEATS)]
            made.append(Table(open_full_table(variant, names), variant, names, keys, seat_ports))
        return made

    began = time.perf_counter()
    made: list[Group] = list(await sync_to_async(make_tables)())
    print(f"{tables} tables opened in {time.perf_counter() - began:.1f} s", flush=True)
    low, high = args.think
    minutes = Minutes(servers, args.every)
    phase = await run_phase(made, args, lambda: random.uniform(low, high), servers, "soak", minutes.watch)
    await sync_to_async(load.end_tables)([t.game_id for t in made if isinstance(t, Table)])
    return phase, minutes


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=False)
    parser.add_argument("--tables", type=int, default=1000, help="live tables (default 1000)")
    parser.add_argument("--minutes", type=float, default=30, help="minutes measured (default 30)")
    parser.add_argument(
        "--every", type=float, default=60, help="seconds between two report lines (default 60)"
    )
    parser.add_argument("-h", "--help", action="store_true")
    own, rest = parser.parse_known_args(argv)
    if own.help:
        parser.print_help()
        print("\nand bench.load's options but --tables, --seconds and --moves:")
        load.parse_args(["--help"])
    args = load.parse_args(["--tables", str(own.tables), "--seconds", f"{60 * own.minutes:g}", *rest])
    args.every, args.minutes = own.every, own.minutes
    return args


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
    tables = args.levels[0]
    sessions = prepare_database(tables * SEATS)
    logs = Path(tempfile.mkdtemp(prefix="bench-soak-"))
    print(
        f"{os.cpu_count()} cores; {tables} tables for {args.minutes:g} min after {args.warmup:g} s "
        f"of warm-up, a line every {args.every:g} s; {args.servers} Daphne processes (logs in {logs}); think "
        f"{args.think[0]:g}–{args.think[1]:g} s; timeout {args.timeout:g} s; busy: {args.busy:g} cores "
        f"(--busy); {load_average()}",
        flush=True,
    )
    with terminated_as_interrupt():
        servers = Servers(args.commands, env, logs)
        try:
            servers.wait_ready()
            phase, minutes = asyncio.run(soak(args, servers, sessions))
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            return 130
        finally:
            servers.stop()
            remove_redis_keys(env)
    moves = phase.stats("move")
    print()
    print(
        f"whole soak: {len(moves.samples)} moves, {moves.timeouts} timeouts, "
        f"p50 {ms(moves.percentile(0.5))} ms, p99 {ms(moves.percentile(0.99))} ms; "
        f"worst minute's p99 {ms(minutes.worst_p99)} ms"
    )
    if minutes.memory:
        (d0, p0), (d1, p1) = minutes.memory[min(4, len(minutes.memory) - 1)], minutes.memory[-1]
        print(
            f"memory from minute {min(5, len(minutes.memory))} to the end: Daphne {d0:.0f} → {d1:.0f} MiB, "
            f"PostgreSQL {p0:.0f} → {p1:.0f} MiB"
        )
    errors = Counter(phase.errors)
    if errors:
        print("errors:", ", ".join(f"{code} {n}" for code, n in errors.most_common()))
    print(
        f"lost: {phase.lost}, late: {phase.late}; resyncs: {phase.resyncs}; "
        f"sockets closed by the server: {sum(phase.closes.values())}, opened again: {phase.reconnects}"
    )
    print("cores over the soak: " + ", ".join(f"{k} {v:.2f}" for k, v in phase.cpu.items() if k != "machine"))
    print(load_average())
    if vacuum_warning:
        print(vacuum_warning)
    return 0


if __name__ == "__main__":
    sys.exit(main())
