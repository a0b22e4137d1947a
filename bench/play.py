"""The CPU of one play, in the services and in PostgreSQL, without the sockets.

    make bench-play       # or: .venv/bin/python -m bench.play [--tables 300] [--moves 3000] [--profile]

``--tables`` full two-seat tables (``block`` and ``draw`` in turn) are opened in a
PostgreSQL database of the run's own (``dominos_bench_play``, with persistent
connections, unless ``--database-url``), then played in turn, one move at a time
and table after table, through ``services.play`` (``next_round`` when a round is
over, a new table when a match is), each as a Daphne service thread calls it: its
transaction, then the messages of the change built and encoded for every seat
(the channel layer is left out: nothing is sent). Measured over ``--moves`` plays:

- the Python CPU of a play (this thread's CPU clock), and of it the messages'
  part (``readmodels.send_change``);
- PostgreSQL's CPU per play: the CPU its backend for this connection used, read
  from /proc before and after;
- the wall time of a play (its median and p99), and the statements it sent;
- what the game row's UPDATE carried: the columns it wrote, and the bytes of its
  JSON columns (the state, the knowledge fold, the commitments; 0 when not
  written), averaged over the plays.

``--profile`` runs the plays under cProfile and prints the functions that took
the most time (cumulative and own). The machine's load average is printed beside
the figures: on a busy machine the wall times grow, the CPU times much less.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import secrets
import statistics
import sys
import time
from typing import Any

from bench.load import load_average, prepare_database

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/dominos_bench_play?conn_max_age=600"
TICKS = os.sysconf("SC_CLK_TCK")


def backend_ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat", "rb") as f:
        stat = f.read()
    fields = stat[stat.rindex(b")") + 2 :].split()
    return int(fields[11]) + int(fields[12])


class Tables:
    """The tables played in turn, each with its two players."""

    def __init__(self, count: int, names: list[str]) -> None:
        from django.contrib.auth import get_user_model

        from bench.load import open_full_table

        User = get_user_model()
        self.users = {u.username: u for u in User.objects.filter(username__in=names)}
        self.open = open_full_table
        self.seats = [names[2 * k : 2 * k + 2] for k in range(count)]
        self.variants = ["block" if k % 2 == 0 else "draw" for k in range(count)]
        self.ids = [open_full_table(self.variants[k], self.seats[k]) for k in range(count)]

    def command(self, k: int) -> tuple[Any, tuple[Any, ...]]:
        """The next command of table ``k`` (a play, or the host's next round): function, arguments."""
        from games import services
        from games.models import Game
        from games.rules import table_play

        game = services.load_table(self.ids[k], lock=False)
        if game.status == Game.OVER or game.status not in Game.LIVE:
            self.ids[k] = self.open(self.variants[k], self.seats[k])
            game = services.load_table(self.ids[k], lock=False)
        if game.status == Game.ROUND_OVER:
            return services.next_round, (game.pk, self.users[self.seats[k][0]], game.version)
        action = table_play(game.match)
        move = {key: value for key, value in action.to_dict(True).items() if key != "seat"}
        return services.play, (game.pk, self.users[self.seats[k][action.seat]], move, game.version)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=300, help="tables played in turn (default 300)")
    parser.add_argument("--moves", type=int, default=3000, help="plays measured (default 3000)")
    parser.add_argument("--warmup", type=int, default=300, help="plays before measuring (default 300)")
    parser.add_argument("--profile", action="store_true", help="run the plays under cProfile and print it")
    parser.add_argument("--top", type=int, default=25, help="functions printed by --profile (default 25)")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    args = parser.parse_args(argv)
    os.environ.update(
        {"DATABASE_URL": args.database_url, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "false"}
    )
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1")
    from bench.load import ensure_database

    ensure_database(args.database_url)
    import django
    from django.conf import settings

    settings.CHANNEL_LAYERS = {}  # the messages are built and encoded, not sent
    django.setup()
    from django.db import connection

    from games import readmodels, sql

    names = [f"bench{i:05d}" for i in range(2 * args.tables)]
    prepare_database(len(names))
    began = time.perf_counter()
    tables = Tables(args.tables, names)
    print(
        f"{args.tables} tables opened in {time.perf_counter() - began:.1f} s; {args.moves} plays measured "
        f"after {args.warmup}; {load_average()}",
        flush=True,
    )

    # What each UPDATE of the game carries, and how long the messages take.
    carried: dict[str, list[int]] = {"columns": [], "state": [], "knowledge": [], "commitments": []}
    saved = sql.save_game

    def save_game(game: Any) -> None:
        import json

        fields = sql._game_fields()
        changed = getattr(sql, "changed_columns", None)  # the code before it wrote every column
        columns = changed(game) if changed else [i for i, f in enumerate(fields) if not f.primary_key]
        written = {fields[i].attname for i in columns}
        carried["columns"].append(len(columns))
        for column in ("state", "knowledge", "commitments"):
            size = len(json.dumps(getattr(game, column), separators=(",", ":")))
            carried[column].append(size if column in written else 0)
        saved(game)

    sql.save_game = save_game
    from games.services import core

    core.sql.save_game = save_game
    messages = [0.0]
    send_change = readmodels.send_change

    def timed_send_change(change: Any) -> None:
        at = time.thread_time()
        send_change(change)
        messages[0] += time.thread_time() - at

    readmodels.send_change = timed_send_change
    statements = [0]

    def count(execute: Any, sql_text: str, params: Any, many: bool, context: Any) -> Any:
        statements[0] += 1
        return execute(sql_text, params, many, context)

    with connection.cursor() as cursor:
        cursor.execute("select pg_backend_pid()")
        backend = cursor.fetchone()[0]

    k = 0
    for _ in range(args.warmup):
        func, call = tables.command(k)
        func(*call)
        k = (k + 1) % args.tables
    for column in carried.values():
        column.clear()
    messages[0] = 0.0
    profile = cProfile.Profile() if args.profile else None
    cpu = wall = 0.0
    walls: list[float] = []
    pg_before = backend_ticks(backend)
    pg_outside = 0  # the backend's ticks while the next move is chosen (a read), left out
    for _ in range(args.moves):
        outside = backend_ticks(backend)
        func, call = tables.command(k)
        pg_outside += backend_ticks(backend) - outside
        at, cpu_at = time.perf_counter(), time.thread_time()
        with connection.execute_wrapper(count):
            if profile is not None:
                profile.runcall(func, *call)
            else:
                func(*call)
        cpu += time.thread_time() - cpu_at
        walls.append(time.perf_counter() - at)
        k = (k + 1) % args.tables
    pg = (backend_ticks(backend) - pg_before - pg_outside) / TICKS
    wall = sum(walls)
    n = args.moves
    print(f"per play, over {n} plays (next_round counted as a play):")
    print(
        f"  Python CPU       {1000 * cpu / n:6.3f} ms  (of it the messages, built and encoded: "
        f"{1000 * messages[0] / n:.3f} ms)"
    )
    print(f"  PostgreSQL CPU   {1000 * pg / n:6.3f} ms  (its backend, {TICKS} ticks a second)")
    print(f"  statements       {statements[0] / n:6.2f}")
    print(
        f"  wall             {1000 * wall / n:6.3f} ms  median {1000 * statistics.median(walls):.3f} ms, "
        f"p99 {1000 * sorted(walls)[int(0.99 * n) - 1]:.3f} ms"
    )
    print(
        f"  the game's UPDATE wrote {statistics.mean(carried['columns']):.1f} columns on average, of JSON: "
        + ", ".join(f"{c} {statistics.mean(v):.0f} B" for c, v in carried.items() if v and c != "columns")
    )
    print(load_average())
    if profile is not None:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
