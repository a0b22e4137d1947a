"""Ratings benchmark: the leaderboard's pages and one rating update, on a big database.

    make bench-ratings  # or: .venv/bin/python -m bench.ratings [--players 100000]
                        #   [--matches 1000000] [--database-url URL] [--repeat 30] [--regenerate]

PostgreSQL must be up. The script creates and migrates the database
``dominos_bench_ratings`` (``--database-url`` for another; its name must contain
``bench``, as it is emptied), then generates ``--players`` players and
``--matches`` rated matches, in bulk (COPY): each match a variant (the more
common first), two to four seats, players drawn so that some play much more
than others, over the last ``--days`` days, its result at random, and its ratings moved by openskill's
Plackett-Luce through ``leaderboard.ratings`` (the same model and ranks), so
that the ``Rating`` rows (one per player and variant played) and the
``RatingChange`` rows (one per player and match) are what the site would hold.
The ``Game`` rows are minimal (no seats, moves or rounds). A database already
generated with the same sizes is reused (``--regenerate`` to start again).

Then, each ``--repeat`` times, the median and the worst reported:

- the leaderboard of the busiest variant, its first page and page 500 (the
  queries of ``leaderboard.boards``: the page's ids from the index, then its
  rows; the board's count is kept a minute in the cache, and timed apart), and
  the position of a player near the middle of the board (the count of those
  above);
- the whole view (``/classements/<variant>/``, rendered, through Django's test
  client), first page and page 500;
- one rating update after a match (``ratings.rate_match``: the claim on the
  match, the rating rows locked, openskill, the rows and the changes written),
  for a new two-seat match of two established players each time.

Last, the daily refresh (``ratings.refresh``) of one variant's ratings, one day
on from the day they were computed for. Each run starts from a vacuumed
database (as autovacuum leaves it after such a refresh).

Database time is the time spent in the database calls, as this process sees
them (sent, run and answered over the local socket), summed per operation.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

from bench.api import Copier
from bench.load import ensure_database, load_average

DEFAULT_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/dominos_bench_ratings"
# How often each variant is played, the busiest first.
VARIANT_WEIGHTS = {
    "draw": 45,
    "block": 18,
    "all_fives": 12,
    "partners": 10,
    "fives_threes": 9,
    "classic": 7,
    "family": 4,
}
SEAT_WEIGHTS = {2: 55, 3: 25, 4: 20}  # partners: always four
STATIC_STORAGE = "django.contrib.staticfiles.storage.StaticFilesStorage"


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--matches", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=30)
    parser.add_argument("--database-url", default=DEFAULT_DATABASE_URL)
    parser.add_argument("--regenerate", action="store_true", help="generate again even if present")
    parser.add_argument("--days", type=int, default=90, help="the matches span this many days, to now")
    parser.add_argument("--seed", type=int, default=11)
    return parser.parse_args(argv)


# Generating --------------------------------------------------------------------


def generated(players: int, matches: int) -> bool:
    from django.contrib.auth import get_user_model

    from games.models import Game

    return (
        get_user_model().objects.filter(username__startswith="bench").count() == players
        and Game.objects.filter(rated=True).count() >= matches
    )


def empty() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "truncate leaderboard_ratingchange, leaderboard_rating, games_move, games_round, "
            "games_connection, games_seat, games_game, auth_user cascade"
        )


def vacuum(database_url: str) -> None:
    """As autovacuum would, in time: statistics, and the visibility map for index-only scans."""
    import psycopg

    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("vacuum analyze")


def generate(players: int, matches: int, days: int, seed: int, database_url: str) -> None:
    from django.db import connection
    from django.utils import timezone

    from games.rules import get_ruleset
    from leaderboard import ratings

    rng = random.Random(seed)
    now = timezone.now()
    start = now - timedelta(days=days)
    model = ratings.MODEL
    print(f"generating {players:,} players and {matches:,} rated matches…", flush=True)
    t0 = time.perf_counter()
    raw = connection.connection if connection.connection else None
    if raw is None:
        connection.ensure_connection()
        raw = connection.connection
    with raw.cursor() as cur:
        with cur.copy(
            "copy auth_user (password, is_superuser, username, first_name, last_name, email, "
            "is_staff, is_active, date_joined) from stdin"
        ) as copy:
            for i in range(players):
                copy.write_row(("!", False, f"bench{i:06d}", "", "", "", False, True, start))
        cur.execute("select min(id) from auth_user where username like 'bench%%'")
        first_user = cur.fetchone()[0]
        cur.execute("select coalesce(max(id), 0) from games_game")
        first_game = cur.fetchone()[0] + 1
    raw.commit()

    variants = list(VARIANT_WEIGHTS)
    vweights = list(VARIANT_WEIGHTS.values())
    seat_counts = list(SEAT_WEIGHTS)
    sweights = list(SEAT_WEIGHTS.values())
    # (player, variant) -> [mu, sigma, matches, last played]
    state: dict[tuple[int, str], list[Any]] = {}
    span = (now - start).total_seconds()
    games_rows = []
    change_rows = []

    def pick_player() -> int:
        # Activity is skewed: a few play a great deal, most a little.
        return first_user + min(players - 1, int(players * rng.random() ** 1.4))

    for n in range(matches):
        variant = rng.choices(variants, vweights)[0]
        rules = get_ruleset(variant)
        seats = rules.min_seats if rules.teams else rng.choices(seat_counts, sweights)[0]
        ids: set[int] = set()
        while len(ids) < seats:
            ids.add(pick_player())
        order = list(ids)
        rng.shuffle(order)
        at = start + timedelta(seconds=span * n / matches)
        game_id = first_game + n
        games_rows.append((game_id, order[0], variant, seats, at))
        if rules.teams:
            teams = [[order[0], order[2]], [order[1], order[3]]]
            ranks = [0, 1] if rng.random() < 0.5 else [1, 0]
        else:
            teams = [[pid] for pid in order]
            ranks = list(range(seats))
            rng.shuffle(ranks)
            if rules.low_score_wins and rng.random() < 0.1:
                ranks[ranks.index(1)] = 0  # shared lowest totals tie
        today = at.date()
        before = {}
        for pid in order:
            st = state.get((pid, variant))
            if st is None:
                st = state[(pid, variant)] = [model.mu, model.sigma, 0, None]
            sigma_now = ratings.grown_sigma(st[1], st[3], today)
            before[pid] = (st[0], st[1], st[2], st[3], sigma_now, ratings.shown(st[0], sigma_now))
        rated = model.rate(
            [[model.rating(mu=before[p][0], sigma=before[p][4]) for p in team] for team in teams], ranks=ranks
        )
        for team, new_team in zip(teams, rated, strict=True):
            for pid, new in zip(team, new_team, strict=True):
                mu, sigma, count, last, sigma_now, ordinal = before[pid]
                after = ratings.shown(new.mu, new.sigma)
                change_rows.append(
                    (
                        game_id,
                        pid,
                        variant,
                        mu,
                        sigma,
                        count,
                        last,
                        ordinal,
                        ratings.is_provisional(sigma_now),
                        new.mu,
                        new.sigma,
                        after,
                        ratings.is_provisional(new.sigma),
                        at,
                    )
                )
                state[(pid, variant)] = [new.mu, new.sigma, count + 1, at]
        if len(change_rows) > 200_000 or n == matches - 1:
            flush(raw, games_rows, change_rows)
            games_rows.clear()
            change_rows.clear()
            print(f"  {n + 1:,} matches ({time.perf_counter() - t0:.0f} s)", flush=True)

    today = timezone.localdate(now)
    with raw.cursor() as cur:
        with cur.copy(
            "copy leaderboard_rating (player_id, variant, mu, sigma, ordinal, provisional, matches, "
            "last_played, as_of) from stdin"
        ) as copy:
            for (pid, variant), (mu, sigma, count, last) in state.items():
                _s, ordinal, provisional = ratings.standing(mu, sigma, last, today)
                copy.write_row((pid, variant, mu, sigma, ordinal, provisional, count, last, today))
        cur.execute("select setval(pg_get_serial_sequence('games_game', 'id'), max(id)) from games_game")
    raw.commit()
    vacuum(database_url)
    print(f"generated in {time.perf_counter() - t0:.0f} s: {len(state):,} ratings", flush=True)


def flush(raw: Any, games_rows: list[tuple[Any, ...]], change_rows: list[tuple[Any, ...]]) -> None:
    from games.models import Game

    game_fields = [
        "id", "host_id", "variant", "seats", "target", "public", "invitation", "status", "version",
        "created", "started", "finished", "rated", "rated_at",
    ]  # fmt: skip
    with raw.cursor() as cur:
        with Copier(cur, Game, game_fields) as games:  # the other columns: the model's defaults
            for game_id, host, variant, seats, at in games_rows:
                games.write(game_id, host, variant, seats, None, True, "", "over", 0, at, at, at, True, at)
        with cur.copy(
            "copy leaderboard_ratingchange (game_id, player_id, variant, mu_before, sigma_before, "
            "matches_before, last_played_before, ordinal_before, provisional_before, mu_after, "
            "sigma_after, ordinal_after, provisional_after, at) from stdin"
        ) as copy:
            for row in change_rows:
                copy.write_row(row)
    raw.commit()


# Measuring ---------------------------------------------------------------------


class DatabaseTime:
    """The time spent in database calls, summed, while installed on the connection."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.queries = 0

    def __call__(self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any) -> Any:
        t = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            self.seconds += time.perf_counter() - t
            self.queries += 1


@contextmanager
def measured() -> Iterator[DatabaseTime]:
    from django.db import connection

    timer = DatabaseTime()
    with connection.execute_wrapper(timer):
        yield timer


def summary(name: str, db: list[float], wall: list[float], queries: int) -> str:
    def ms(values: list[float]) -> str:
        return f"{statistics.median(values) * 1000:7.2f} {max(values) * 1000:7.2f}"

    return f"| {name:<44} | {queries:>3} | {ms(db)} | {ms(wall)} |"


def measure(args: argparse.Namespace) -> list[str]:
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.test import Client, override_settings
    from django.urls import reverse

    from games.models import Game, Seat
    from leaderboard import boards, ratings
    from leaderboard.models import Rating

    variant = next(iter(VARIANT_WEIGHTS))
    established = Rating.objects.filter(variant=variant, provisional=False).count()
    provisional = Rating.objects.filter(variant=variant, provisional=True).count()
    lines = [
        f"Leaderboard of `{variant}`: {established:,} ranked players, {provisional:,} provisional; "
        f"{Rating.objects.count():,} ratings and "
        f"{ratings.RatingChange.objects.count():,} rating changes in all.",
        "",
        "| operation | queries | database ms (median, max) | total ms (median, max) |",
        "|---|---:|---:|---:|",
    ]

    def timed(name: str, operation: Callable[[], Any]) -> None:
        operation()  # warm: the first read of a page's blocks
        db, wall, queries = [], [], 0
        for _ in range(args.repeat):
            t = time.perf_counter()
            with measured() as timer:
                operation()
            wall.append(time.perf_counter() - t)
            db.append(timer.seconds)
            queries = timer.queries
        lines.append(summary(name, db, wall, queries))

    timed("a board's count (kept a minute in the cache)", lambda: boards.board(variant).count())
    timed(
        "the provisional players' count (kept a minute)",
        lambda: boards.board(variant, provisional=True).count(),
    )
    for number in (1, 500):

        def page(number: int = number) -> None:
            p = boards.page_of(variant, number)
            list(boards.ranked(p))
            p.paginator.num_pages  # noqa: B018 (the count)

        timed(f"leaderboard page {number} (its ids, then its rows)", page)
    middle = (
        Rating.objects.filter(variant=variant, provisional=False)
        .order_by("-ordinal", "id")
        .values_list("player_id", flat=True)[established // 2]
    )
    player = get_user_model().objects.get(pk=middle)
    timed("a player's place (mid-board)", lambda: boards.position(variant, player))
    client = Client()
    client.force_login(player)
    url = reverse("leaderboard", args=[variant])
    # Static URLs as DEBUG on writes them: the page needs no collectstatic (with DEBUG off the
    # manifest's hashed names are one dictionary read per URL).
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": STATIC_STORAGE}}
    for number in (1, 500):

        def view(number: int = number) -> None:
            # secure: as the proxy that ends TLS passes a request on (DEBUG off redirects plain HTTP)
            with override_settings(STORAGES=storages):
                response = client.get(url, {"page": number}, secure=True)
            assert response.status_code == 200, response.status_code

        timed(f"the whole view, page {number} (rendered)", view)

    # One rating update: a new two-seat match of two established players each time.
    pool = list(
        Rating.objects.filter(variant=variant, provisional=False)
        .order_by("?")
        .values_list("player_id", flat=True)[: 2 * (args.repeat + 1)]
    )
    if len(pool) < 2:
        raise SystemExit(f"fewer than two established players of {variant}: generate more --matches")
    db, wall, queries = [], [], 0
    for i in range(args.repeat + 1):
        a, b = pool[2 * i % len(pool)], pool[(2 * i + 1) % len(pool)]  # the same again on a small board
        game = Game.objects.create(host_id=a, variant=variant, seats=2, rated=True, status=Game.OVER)
        Seat.objects.bulk_create(
            [
                Seat(game=game, index=0, player_id=a, score=100, won=True),
                Seat(game=game, index=1, player_id=b, score=40, won=False),
            ]
        )
        t = time.perf_counter()
        with measured() as timer:
            changes = ratings.rate_match(game.pk)
        assert len(changes) == 2
        if i:  # the first one warms the connection and the code
            wall.append(time.perf_counter() - t)
            db.append(timer.seconds)
            queries = timer.queries
    lines.append(summary("one rating update (rate_match, 2 seats)", db, wall, queries))

    # The daily refresh (beat's refresh_ratings), on one variant's ratings, one day on
    # from the day they were last computed for (so each run moves them one more day).
    family = Rating.objects.filter(variant="family")
    day = family.order_by("-as_of").values_list("as_of", flat=True).first() + timedelta(days=1)
    t = time.perf_counter()
    with measured() as timer:
        changed = ratings.refresh(family, today=day)
    wall_s = time.perf_counter() - t
    lines.append("")
    lines.append(
        f"The daily refresh of `family`'s {family.count():,} ratings ({changed:,} changed): "
        f"{wall_s:.1f} s, {timer.seconds:.1f} s of it in the database ({timer.queries} queries)."
    )
    return lines


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    os.environ["DATABASE_URL"] = args.database_url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ["DEBUG"] = "false"
    os.environ.setdefault("SECRET_KEY", "bench-ratings-" + "x" * 40)
    os.environ.setdefault("ALLOWED_HOSTS", "testserver")
    ensure_database(args.database_url)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
    if args.regenerate or not generated(args.players, args.matches):
        empty()
        generate(args.players, args.matches, args.days, args.seed, args.database_url)
    else:  # the refresh of an earlier run rewrote rows: as autovacuum would, after it
        vacuum(args.database_url)
    print(
        f"Python {platform.python_version()}, {os.cpu_count()} cores; PostgreSQL; "
        f"{args.players:,} players, {args.matches:,} rated matches; {args.repeat} runs each; "
        f"{load_average()}",
        flush=True,
    )
    for line in measure(args):
        print(line)
    print(f"\n{load_average()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
