"""Daily challenge benchmark: the day's page queries over a day of 1,000,000 attempts.

    make bench-daily      # or: .venv/bin/python -m bench.daily [--attempts N] [--runs R]

On PostgreSQL (``--database-url``, by default a database ``bench_daily`` of the
local server, created and migrated if need be), it fills one day with N finished
attempts of N players, written with COPY, then VACUUM ANALYZE (as autovacuum
would), and times what the day's page asks the database for, through the very
code the page runs (``leaderboard.services``): the top 50 (R62's order) and a
player's own rank, for players at the top, in the middle and at the bottom. It
prints the median and the 95th percentile of R runs, and the query plans.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from datetime import date, timedelta
from typing import Any

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/bench_daily"


def setup_django(url: str) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def ensure_database(url: str) -> None:
    import psycopg

    name = url.rsplit("/", 1)[1]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


def fill(attempts: int, seed: int) -> tuple[Any, list[int]]:
    """One day of ``attempts`` finished attempts; returns the challenge and some attempt ids."""
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.db import connection

    from leaderboard import services
    from leaderboard.models import DailyAttempt, DailyChallenge, PointsCount

    call_command("migrate", verbosity=0)
    User = get_user_model()
    day = DailyChallenge.objects.filter(date="2026-12-01").first()
    if day is not None and DailyAttempt.objects.filter(challenge=day).count() == attempts:
        print(f"reusing the day of {attempts:,} attempts already there", file=sys.stderr)
        if not PointsCount.objects.filter(challenge=day).exists():
            services.recount(day)
        return day, []
    DailyAttempt.objects.all().delete()
    DailyChallenge.objects.all().delete()
    User.objects.filter(username__startswith="bench-").delete()
    day = DailyChallenge.objects.create(date=date(2026, 12, 1), variant="draw", seats=3)
    rng = random.Random(seed)
    users_table = User._meta.db_table
    attempts_table = DailyAttempt._meta.db_table
    began = time.perf_counter()
    with connection.cursor() as cursor:
        raw = cursor.connection
        with raw.cursor() as cur:
            with cur.copy(
                f"COPY {users_table} (username, password, email, first_name, last_name, is_staff, "
                "is_active, is_superuser, date_joined) FROM STDIN"
            ) as copy:
                joined = "2026-11-01T00:00:00Z"
                for i in range(attempts):
                    copy.write_row((f"bench-{i}", "!", "", "", "", False, True, False, joined))
            cur.execute(f"SELECT id FROM {users_table} WHERE username LIKE 'bench-%%' ORDER BY id")
            ids = [row[0] for row in cur.fetchall()]
            start = day.starts
            with cur.copy(
                f"COPY {attempts_table} (challenge_id, player_id, points, robot_points, rounds, "
                "started, finished, complete) FROM STDIN"
            ) as copy:
                for player in ids:
                    # Five rounds of draw with three seats: a few dozen points each, most often none.
                    rounds = [rng.choice((0, 0, 0, rng.randint(1, 60))) for _ in range(5)]
                    points = sum(rounds)
                    robots = rng.randint(0, 200)
                    started = start + timedelta(seconds=rng.randint(0, 80_000))
                    finished = started + timedelta(seconds=rng.randint(300, 3_000))
                    copy.write_row((day.pk, player, points, robots, "[]", started, finished, True))
    services.recount(day)  # the per-score counts, as the attempts' ends would have kept them
    print(f"wrote {attempts:,} players and attempts in {time.perf_counter() - began:.0f} s", file=sys.stderr)
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM ANALYZE {users_table}")
        for table in (attempts_table, "leaderboard_pointscount", "leaderboard_scorecount"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    return day, []


def timed(call: Any, runs: int) -> tuple[float, float]:
    samples = []
    for _ in range(runs):
        began = time.perf_counter()
        call()
        samples.append((time.perf_counter() - began) * 1000)
    samples.sort()
    return statistics.median(samples), samples[max(0, int(len(samples) * 0.95) - 1)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.daily", description=__doc__.split("\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--attempts", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)
    if not args.database_url.startswith("postgres"):
        parser.error("the benchmark runs on PostgreSQL")
    ensure_database(args.database_url)
    setup_django(args.database_url)
    from django.db import connection

    from leaderboard import services
    from leaderboard.models import DailyAttempt

    day, _ = fill(args.attempts, args.seed)
    ordered = services.ranked(day).order_by(*services.ORDER)
    total = ordered.count()
    players = {
        "first": ordered.first(),
        "middle": ordered[total // 2],
        "last": ordered.last(),
    }
    assert all(isinstance(a, DailyAttempt) for a in players.values())
    assert services.rank_of(players["first"]) == 1 and services.rank_of(players["last"]) == total
    assert services.rank_of(players["middle"]) == total // 2 + 1
    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        version = cursor.fetchone()[0].split(",")[0]
    print(f"# {total:,} ranked attempts in one day; {version}; Python {platform.python_version()}")
    print(f"# median and 95th percentile of {args.runs} runs, in ms")
    print("| query | median | p95 |")
    print("|---|---:|---:|")
    top_median, top_p95 = timed(lambda: services.ranking(day), args.runs)
    print(f"| top 50 | {top_median:.2f} | {top_p95:.2f} |")
    for where, attempt in players.items():
        median, p95 = timed(lambda a=attempt: services.rank_of(a), args.runs)
        print(f"| own rank ({where}) | {median:.2f} | {p95:.2f} |")
        both_median, both_p95 = timed(
            lambda a=attempt: (services.ranking(day), services.rank_of(a)), args.runs
        )
        print(f"| top 50 + own rank ({where}) | {both_median:.2f} | {both_p95:.2f} |")
    with connection.cursor() as cursor:
        top = services.ranked(day).select_related("player").order_by(*services.ORDER)[:50]
        query, params = top.query.sql_with_params()
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + query, params)
        print("\n# plan of the top 50\n" + "\n".join(row[0] for row in cursor.fetchall()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
