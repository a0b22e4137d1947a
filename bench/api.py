"""History API benchmark: pages of /api/matches/ and a player's export, among a million matches.

    make bench-api        # or: .venv/bin/python -m bench.api [--matches 1000000] [--requests 200]

Everything runs as production does: a PostgreSQL database (``dominos_bench_api``
unless ``--database-url``; created and migrated if needed) and Daphne with DEBUG
off serving config.asgi, with persistent database connections. The data is
generated in bulk with COPY, once (kept between runs; ``--fresh`` makes it
again): ``--matches`` finished two-seat matches between ``--players`` (10,000), one
every few minutes over the last years, each with its seats, scores and winner.
One player, ``bench00000``, sat at ``--player-matches`` of them, spread evenly
over the whole history; those are full matches played by the rules engine
(``games.rules.__main__.play_match``, random legal plays, each from its own
seed), with every round's deal and every move stored, so that the export
writes real records; the others have their seats only.

Measured, through HTTP on one kept-alive connection, each URL ``--requests``
times after a warm-up: the first page of /api/matches/, a deep cursor page (half
way down the million), the matches of the player (``?player=`` and
/api/players/<name>/matches/, first page and deep), and one match; beside them
the floor, a 404 of the API (Daphne, Django, DRF's authentication and throttles,
no query). Reported: median and 95th percentile, in milliseconds, as the client
sees them.

Then the export of the player: its 1,000 newest matches (fewer if it has fewer), then all,
streamed from /api/players/<name>/export: the time to the first line, the
records per second, and the memory of the Daphne process (its resident size
sampled every 20 ms: the peak above what it used before the export). The same
exports are then read in this process (``games.api.export.lines``) under
tracemalloc, for the peak of the memory Python allocated: the same for 1,000
and 10,000 matches when the memory is flat.
"""

from __future__ import annotations

import argparse
import base64
import http.client
import json
import os
import random
import secrets
import statistics
import sys
import tempfile
import threading
import time
import tracemalloc
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from bench.load import Servers, check_ports, daphne_commands, ensure_database, load_average
from bench.soak import memory_kib

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/dominos_bench_api"
PLAYER = "bench00000"
VARIANTS = ["draw", "block", "classic", "all_fives"]  # the players' matches are of draw
EPOCH = datetime(2023, 1, 1, tzinfo=UTC)
SPACING = timedelta(minutes=1)  # between two matches' starts
BATCH = 50_000  # matches written at a time, with their seats, rounds and moves
HEADERS = {"Host": "127.0.0.1", "X-Forwarded-Proto": "https"}  # a request as the proxy passes it on
NEWEST = 1_000  # the player's newest matches, exported first


# Data, generated in bulk -------------------------------------------------------


class Copier:
    """Rows written to a table with COPY: the fields given, then the others that have a default
    (the rest, such as an id not given, are left to the database)."""

    def __init__(self, cursor: Any, model: Any, given: list[str]) -> None:
        fields = {f.attname: f for f in model._meta.concrete_fields}
        others = [f for name, f in fields.items() if name not in given and f.has_default()]
        self.columns = [fields[name].column for name in given] + [f.column for f in others]
        self.defaults = [f.get_default() for f in others]
        kinds = [fields[name] for name in given] + others
        self.json = [i for i, f in enumerate(kinds) if f.get_internal_type() == "JSONField"]
        table = model._meta.db_table
        columns = ", ".join(f'"{c}"' for c in self.columns)
        self.context = cursor.copy(f"COPY {table} ({columns}) FROM STDIN")

    def __enter__(self) -> Copier:
        self.copy = self.context.__enter__()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.context.__exit__(*exc)

    def write(self, *values: Any) -> None:
        row = [*values, *self.defaults]
        for i in self.json:
            if row[i] is not None:
                row[i] = json.dumps(row[i])
        self.copy.write_row(row)


def played_matches(count: int) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """``count`` whole matches of draw between two seats, played by the engine: (record, result)."""
    from games.rules import replay
    from games.rules.__main__ import play_match

    out = []
    for n in range(count):
        record = play_match("draw", 2, f"bench api {n}")
        out.append((record, replay(record)))
    return out


def generate(matches: int, player_matches: int, players: int) -> None:
    """Empty the games and write ``matches`` finished matches (see the module's docstring)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.db import connection

    from games.models import Game, Move, Round, Seat
    from games.rules import commitment

    User = get_user_model()
    started = time.perf_counter()
    names = [f"bench{i:05d}" for i in range(players)]
    have = set(User.objects.filter(username__in=names).values_list("username", flat=True))
    unusable = make_password(None)
    User.objects.bulk_create(
        [User(username=n, email=f"{n}@bench.invalid", password=unusable) for n in names if n not in have],
        batch_size=2000,
    )
    ids = dict(User.objects.filter(username__in=names).values_list("username", "pk"))
    player, others = ids[PLAYER], [ids[n] for n in names[1:]]
    print(f"  {players:,} players ({time.perf_counter() - started:.1f} s)", flush=True)

    t = time.perf_counter()
    records = played_matches(player_matches)
    moves_total = sum(len(r["actions"]) for rec, _ in records for r in rec["rounds"])
    print(
        f"  {player_matches:,} matches played by the engine, {moves_total:,} moves "
        f"({time.perf_counter() - t:.1f} s)",
        flush=True,
    )

    every = max(1, matches // player_matches)  # the player's matches, spread evenly
    rng = random.Random(12)
    with connection.cursor() as cursor:
        cursor.execute("TRUNCATE games_game RESTART IDENTITY CASCADE")
    t = time.perf_counter()
    raw = connection.connection  # psycopg's own connection, for COPY
    with raw.cursor() as cursor:
        game_fields = [
            "id", "host_id", "variant", "seats", "target", "public", "invitation", "status", "version",
            "winner", "created", "started", "finished", "rated", "rated_at",
        ]  # fmt: skip
        seat_fields = ["game_id", "index", "player_id", "joined", "score", "won"]
        round_fields = [
            "id",
            "game_id",
            "number",
            "seed",
            "commitment",
            "hands",
            "stock",
            "started",
            "finished",
        ]
        move_fields = [
            "game_id", "round_id", "seq", "version", "seat", "kind", "tile", "end", "open", "auto", "created",
        ]  # fmt: skip
        played = 0
        for first in range(1, matches + 1, BATCH):
            plan: list[tuple[int, int, list[int], dict[str, Any] | None, list[int], datetime]] = []
            with Copier(cursor, Game, game_fields) as games:
                for gid in range(first, min(first + BATCH, matches + 1)):
                    start = EPOCH + SPACING * gid
                    record = None
                    if gid % every == 0 and played < player_matches:
                        record, result = records[played]
                        played += 1
                        seated = [player, rng.choice(others)]
                        if rng.randrange(2):
                            seated.reverse()
                        scores, winner, variant = result["scores"], result["winner"], "draw"
                    else:
                        seated = rng.sample(others, 2)
                        scores = [rng.randrange(0, 100), 100 + rng.randrange(0, 30)]
                        rng.shuffle(scores)
                        winner = scores.index(max(scores))
                        variant = rng.choice(VARIANTS)
                    public = record is not None or rng.random() < 0.95
                    finished = start + timedelta(minutes=10)
                    games.write(
                        gid, seated[0], variant, 2, 100, public, secrets.token_urlsafe(12), "over", 200,
                        winner, start - timedelta(seconds=30), start, finished, public, finished,
                    )  # fmt: skip
                    plan.append((gid, winner, seated, record, scores, start))
            _children(cursor, plan, seat_fields, round_fields, move_fields, commitment)
            print(f"  {first + len(plan) - 1:,} matches ({time.perf_counter() - t:.0f} s)", flush=True)
    with connection.cursor() as cursor:
        for model in (Game, Seat, Round, Move):
            table = model._meta.db_table
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), coalesce(max(id), 1)) FROM {table}"
            )
    print(f"  written in {time.perf_counter() - t:.0f} s", flush=True)


_round_id = 0


def _children(
    cursor: Any,
    plan: list[Any],
    seat_fields: list[str],
    round_fields: list[str],
    move_fields: list[str],
    commitment: Any,
) -> None:
    """The seats of the planned matches, and the rounds and moves of those with a record."""
    global _round_id
    from games.models import Move, Round, Seat

    with Copier(cursor, Seat, seat_fields) as seats:
        for gid, winner, seated, _record, scores, start in plan:
            for index, pid in enumerate(seated):
                seats.write(gid, index, pid, start, scores[index], index == winner)
    with_records = [p for p in plan if p[3] is not None]
    if not with_records:
        return
    rounds_of: list[tuple[int, int, dict[str, Any], datetime]] = []
    with Copier(cursor, Round, round_fields) as rounds:
        for gid, _winner, _seated, record, _scores, start in with_records:
            for number, rnd in enumerate(record["rounds"], start=1):
                _round_id += 1
                at = start + timedelta(minutes=2 * number)
                rounds.write(
                    _round_id,
                    gid,
                    number,
                    rnd["seed"],
                    commitment(rnd["seed"]),
                    rnd["hands"],
                    rnd["stock"],
                    at,
                    at,
                )
                rounds_of.append((gid, _round_id, rnd, at))
    with Copier(cursor, Move, move_fields) as moves:
        seq: dict[int, int] = {}
        for gid, round_id, rnd, at in rounds_of:
            for action in rnd["actions"]:
                n = seq[gid] = seq.get(gid, 0) + 1
                kind = "play" if "play" in action else "draw" if "draw" in action else "pass"
                tile = action.get("play") or action.get("draw") or ""
                end, open_, auto = action.get("end") or "", action.get("open"), bool(action.get("auto"))
                moves.write(gid, round_id, n, n, action["seat"], kind, tile, end, open_, auto, at)


# Measuring ----------------------------------------------------------------------


def cursor_at(position: int) -> str:
    """A cursor of /api/matches/ at a match id (DRF's CursorPagination: base64 of p=<id>)."""
    return quote(base64.b64encode(f"p={position}".encode()).decode())


class Client:
    def __init__(self, port: int) -> None:
        self.port = port
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=120)

    def get(self, path: str) -> tuple[int, bytes]:
        self.conn.request("GET", path, headers=HEADERS)
        response = self.conn.getresponse()
        return response.status, response.read()


def time_pages(
    client: Client, urls: dict[str, str], requests: int
) -> list[tuple[str, str, float, float, float]]:
    rows = []
    for label, url in urls.items():
        expected = 404 if label.startswith("floor") else 200
        status, body = client.get(url)
        assert status == expected, (url, status, body[:300])
        for _ in range(max(5, requests // 10)):
            client.get(url)
        samples = []
        for _ in range(requests):
            t = time.perf_counter()
            status, _body = client.get(url)
            samples.append((time.perf_counter() - t) * 1000)
            assert status == expected
        samples.sort()
        p95 = samples[int(len(samples) * 0.95) - 1]
        rows.append((label, url, statistics.median(samples), p95, statistics.fmean(samples)))
        print(f"  {label:<36} median {rows[-1][2]:6.1f} ms   p95 {p95:6.1f} ms", flush=True)
    return rows


def time_export(port: int, url: str, pid: int) -> dict[str, float]:
    """Stream ``url``; the first line's delay, the records per second and the server's memory."""
    before = memory_kib(pid, "VmRSS")
    peak = [before]
    done = threading.Event()

    def sample() -> None:
        while not done.is_set():
            peak[0] = max(peak[0], memory_kib(pid, "VmRSS"))
            time.sleep(0.02)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=300)
    t = time.perf_counter()
    conn.request("GET", url, headers=HEADERS)
    response = conn.getresponse()
    assert response.status == 200, response.status
    first = None
    lines = 0
    size = 0
    while chunk := response.read1(1 << 16):
        if first is None:
            first = time.perf_counter() - t
        lines += chunk.count(b"\n")
        size += len(chunk)
    total = time.perf_counter() - t
    done.set()
    sampler.join()
    conn.close()
    return {
        "records": lines,
        "seconds": total,
        "first_ms": (first or total) * 1000,
        "rate": lines / total,
        "mib": size / 2**20,
        "rss_before_mib": before / 1024,
        "rss_peak_growth_mib": (peak[0] - before) / 1024,
    }


def traced_export(since: str | None) -> tuple[int, float]:
    """The export read in this process: (records, peak traced memory in MiB)."""
    from django.contrib.auth import get_user_model

    from games.api import export
    from games.api.views import matches_for

    player = get_user_model().objects.get(username=PLAYER)
    games = matches_for(None).filter(seat_set__player=player)
    if since:
        games = games.filter(started__gte=since)
    tracemalloc.start()
    records = sum(chunk.count(b"\n") for chunk in export.lines(games))
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return records, peak / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_DATABASE_URL))
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--player-matches", type=int, default=10_000)
    parser.add_argument(
        "--players", type=int, default=10_000, help="players sitting at the matches (a change needs --fresh)"
    )
    parser.add_argument("--requests", type=int, default=200)
    parser.add_argument("--port", type=int, default=8310)
    parser.add_argument("--fresh", action="store_true", help="generate the data again")
    args = parser.parse_args(argv)
    if not 1 <= args.player_matches <= args.matches:
        parser.error("--player-matches: from 1 to --matches")
    if args.players < 3:
        parser.error("--players: at least 3")
    if args.requests < 1:
        parser.error("--requests: at least 1")

    ensure_database(args.database_url)
    os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", secrets.token_urlsafe(40))
    os.environ.setdefault("ALLOWED_HOSTS", "127.0.0.1,localhost")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection, transaction

    from games.models import Game, Seat

    call_command("migrate", verbosity=0, interactive=False)
    have = Game.objects.count()
    mine = Seat.objects.filter(player__username=PLAYER).count()
    if args.fresh or have != args.matches or mine != args.player_matches:
        print(f"generating {args.matches:,} matches ({args.player_matches:,} of {PLAYER} with records)…")
        with transaction.atomic():  # all of it or nothing
            generate(args.matches, args.player_matches, args.players)
        with connection.cursor() as cursor:
            # Statistics for the planner, and the visibility map, so that index-only scans
            # need not visit the tables (autovacuum would do both, in its own time).
            cursor.execute("VACUUM ANALYZE")
    else:
        print(f"{have:,} matches already there ({mine:,} of {PLAYER}); --fresh to make them again")
    moves = connection.cursor()
    moves.execute("SELECT count(*) FROM games_move")
    print(f"{moves.fetchone()[0]:,} moves stored")

    newest = min(NEWEST, args.player_matches)  # the first export: the player's newest matches
    since_newest = (
        Game.objects.filter(seat_set__player__username=PLAYER)
        .order_by("-id")
        .values_list("started", flat=True)[newest - 1]
    )
    middle = args.matches // 2
    detail = (
        Game.objects.filter(seat_set__player__username=PLAYER).order_by("-id").values_list("pk", flat=True)[0]
    )

    check_ports([args.port])
    env = {
        **os.environ,
        "DATABASE_URL": args.database_url + "?conn_max_age=600",
        "API_RATE_USER": "10000000/min",
        "API_RATE_ADDRESS": "10000000/min",
        "API_RATE_EXPORT": "10000000/min",
        # As behind the proxy that ends TLS in production (README, Production): plain HTTP here.
        "PROXY_SSL_HEADER": "X-Forwarded-Proto",
        "PYTHONUNBUFFERED": "1",
    }
    logs = Path(tempfile.mkdtemp(prefix="bench-api-"))
    servers = Servers(daphne_commands(1, args.port, "config.asgi:application"), env, logs)
    try:
        servers.wait_ready()
        client = Client(args.port)
        print(f"\npages (Daphne on port {args.port}, {args.requests} requests each; {load_average()}):")
        time_pages(
            client,
            {
                "floor: the API's 404 (no query)": "/api/nothing/",
                "first page": "/api/matches/",
                "first page, 100 matches": "/api/matches/?page_size=100",
                "deep cursor page": f"/api/matches/?cursor={cursor_at(middle)}",
                "a player's matches (?player=)": f"/api/matches/?player={PLAYER}",
                "a player's matches, deep page": f"/api/matches/?player={PLAYER}&cursor={cursor_at(middle)}",
                "/api/players/<name>/matches/": f"/api/players/{PLAYER}/matches/",
                "one match with its record": f"/api/matches/{detail}/",
            },
            args.requests,
        )
        print("\nexport:")
        since = quote(since_newest.isoformat())
        exports = {}
        for label, url in (
            (f"{newest:,} newest", f"/api/players/{PLAYER}/export?since={since}"),
            (f"all {args.player_matches:,}", f"/api/players/{PLAYER}/export"),
        ):
            exports[label] = figures = time_export(args.port, url, servers.processes[0].pid)
            print(
                f"  {label:<14} {figures['records']:>6,} records in {figures['seconds']:.2f} s: "
                f"{figures['rate']:,.0f} records/s, first line after {figures['first_ms']:.0f} ms, "
                f"{figures['mib']:.0f} MiB sent; Daphne's memory {figures['rss_before_mib']:.0f} MiB, "
                f"+{figures['rss_peak_growth_mib']:.1f} MiB at most",
                flush=True,
            )
    finally:
        servers.stop()
    print("\nthe export in this process, under tracemalloc:")
    for label, since_value in ((f"{newest:,} newest", since_newest), (f"all {args.player_matches:,}", None)):
        t = time.perf_counter()
        records, peak = traced_export(since_value)
        took = time.perf_counter() - t
        print(f"  {label:<14} {records:>6,} records, peak {peak:.1f} MiB allocated ({took:.1f} s)")
    print(f"\n{load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
