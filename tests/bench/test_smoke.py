"""Every ``make bench-*`` target runs, at a tiny size: the Makefile's own command, as a
subprocess, with options that make it take seconds (docs/benchmarks.md has the real
sizes). Each run has its own ports and, on PostgreSQL, its own database, named after
DATABASE_URL's (``bench_smoke_<benchmark>_<name>``), dropped before and after it, so
that it meets neither the test suite's database nor another run. Checked: it exits 0
and prints its figures."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent  # the environment running the tests: Daphne and Celery beside it
NUMBER = r"[0-9][0-9,]*(?:\.[0-9]+)?"


def make_targets() -> dict[str, list[str]]:
    """Each target of the Makefile and its recipe's lines."""
    targets: dict[str, list[str]] = {}
    recipe: list[str] | None = None
    for text in (ROOT / "Makefile").read_text().splitlines():
        if text.startswith("\t") and recipe is not None:
            recipe.append(text.strip())
            continue
        found = re.match(r"^([A-Za-z][\w.-]*):(?!=)", text)
        recipe = targets.setdefault(found[1], []) if found else None
    return targets


def make_command(target: str, arguments: list[str]) -> tuple[dict[str, str], list[str]]:
    """The command the Makefile runs for ``target`` (its one recipe line), with this
    environment's bin directory for $(BIN) and ``arguments`` for its $(…_ARGS): the
    variables it sets, and its argv."""
    (recipe,) = make_targets()[target]
    options = re.findall(r"\$\((\w+_ARGS)\)", recipe)
    assert len(options) == 1, f"{target}: one $(…_ARGS) for its options: {recipe}"
    line = recipe.replace("$(BIN)", str(BIN)).replace(f"$({options[0]})", shlex.join(arguments))
    assert "$(" not in line, f"{target}: a make variable this test does not know: {recipe}"
    words = shlex.split(line)
    variables = {}
    while "=" in words[0]:  # VAR=value before the command
        name, _, value = words.pop(0).partition("=")
        variables[name] = value
    return variables, words


def run(target: str, arguments: list[str], timeout: float = 150, env: dict[str, str] | None = None) -> str:
    """Run ``target``'s command (with ``env`` added to the environment); its output, once
    it has exited 0."""
    variables, argv = make_command(target, arguments)
    env = {**os.environ, **variables, **(env or {}), "PYTHONUNBUFFERED": "1"}
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True, timeout=timeout)
    assert done.returncode == 0, (
        f"{shlex.join(argv)} exited {done.returncode}:\n{done.stdout[-3000:]}\n{done.stderr[-5000:]}"
    )
    return done.stdout


def free_ports(count: int) -> int:
    """The first of ``count`` consecutive ports nothing listens on."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            first = s.getsockname()[1]
        if first + count > 65535:
            continue
        sockets = []
        try:
            for port in range(first, first + count):
                s = socket.socket()
                sockets.append(s)
                s.bind(("127.0.0.1", port))
            return first
        except OSError:
            continue
        finally:
            for s in sockets:
                s.close()
    raise AssertionError(f"no {count} consecutive free ports")


def lines(output: str, pattern: str) -> list[re.Match[str]]:
    return [m for m in (re.match(pattern, text) for text in output.splitlines()) if m]


# PostgreSQL ----------------------------------------------------------------------------


def postgres_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        pytest.skip("needs PostgreSQL: DATABASE_URL is not a PostgreSQL URL")
    return url


def drop_database(url: str) -> None:
    import psycopg
    from psycopg import sql

    parts = urlsplit(url)
    admin = urlunsplit(parts._replace(path="/postgres", query=""))
    with psycopg.connect(admin, autocommit=True) as conn:
        name = sql.Identifier(parts.path.lstrip("/"))
        conn.execute(sql.SQL("drop database if exists {} with (force)").format(name))


@pytest.fixture
def bench_database(request: pytest.FixtureRequest) -> Iterator[str]:
    """A database of the benchmark's own (it creates and migrates it), none before or after it."""
    parts = urlsplit(postgres_url())
    benchmark = request.node.name.removeprefix("test_").split("_")[0]
    name = f"bench_smoke_{benchmark}_{parts.path.lstrip('/')}"
    url = urlunsplit(parts._replace(path=f"/{name}", query=""))
    drop_database(url)
    yield url
    drop_database(url)


def assert_autovacuum_warned(output: str, url: str) -> None:
    """A run warns, first and last, that the server it ran on has autovacuum off; and only then."""
    import psycopg

    with psycopg.connect(urlunsplit(urlsplit(url)._replace(path="/postgres", query=""))) as conn:
        row = conn.execute("show autovacuum").fetchone()
    assert row is not None
    warnings = lines(output, r"^warning: PostgreSQL's autovacuum is off on this server")
    assert len(warnings) == (2 if row[0] == "off" else 0), output


# The benchmarks --------------------------------------------------------------------------

BENCH_TARGETS = {
    "bench",
    "bench-robots",
    "bench-instructions",
    "bench-load",
    "bench-soak",
    "bench-play",
    "bench-deadlines",
    "bench-daily",
    "bench-ratings",
    "bench-api",
}


def test_every_bench_target_of_the_makefile_has_its_smoke_test_here() -> None:
    assert {t for t in make_targets() if t.startswith("bench")} == BENCH_TARGETS
    phony = next(text for text in (ROOT / "Makefile").read_text().splitlines() if text.startswith(".PHONY"))
    assert BENCH_TARGETS <= set(phony.split())


def test_the_command_is_the_makefiles_with_the_arguments_in_place_of_its_options() -> None:
    variables, argv = make_command("bench-api", ["--matches", "50", "--database-url", "postgres://x/y z"])
    assert variables == {}
    assert argv == [
        f"{BIN}/python",
        "-m",
        "bench.api",
        "--matches",
        "50",
        "--database-url",
        "postgres://x/y z",
    ]
    variables, argv = make_command("bench-instructions", ["2", "4"])
    assert variables == {"BENCH_PYTHON": f"{BIN}/python"}
    assert argv == ["bash", "bench/instructions.sh", "2", "4"]


@pytest.mark.slow
def test_engine_playouts_alone() -> None:
    """``--playouts``: the expert's playouts of the variants named, nothing else: a few seconds."""
    output = run("bench", ["--playouts", "block,triominos", "--seconds", "0.01"])
    assert lines(output, rf"^block\s+2(\s+{NUMBER}){{4}}$"), output
    assert lines(output, rf"^triominos\s+3\s+{NUMBER}\s+{NUMBER}\s+-\s+-$"), output
    assert "rounds/s" not in output and "dominoes" not in output, output


@pytest.mark.slow
def test_engine() -> None:
    """Every variant timed, then the comparison with the dominoes package: a few seconds."""
    output = run("bench", ["--seconds", "0.01", "--slices", "1"])
    assert lines(output, rf"^draw\s+2\s+{NUMBER}$"), output
    for variant, seats in (("block", 2), ("partners", 4), ("fives_threes", 2)):  # the expert's playouts
        assert lines(output, rf"^{variant}\s+{seats}(\s+{NUMBER}){{4}}$"), output
    for variant, seats in (("chinois", 4), ("mexican", 4), ("triominos", 3)):  # no compact round
        assert lines(output, rf"^{variant}\s+{seats}\s+{NUMBER}\s+{NUMBER}\s+-\s+-$"), output
    assert lines(output, rf"^triominos\s+6\s+{NUMBER}$"), output
    assert lines(output, rf"^partners, 4 seats \(ours\):\s+{NUMBER} rounds/s$"), output
    assert lines(output, rf"^ratio, ours / theirs \(median of 1 alternating slices\): {NUMBER}$"), output


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="bench-instructions needs valgrind")
def test_instructions() -> None:
    """Four runs of Python under callgrind: about 25 s of CPU."""
    output = run("bench-instructions", ["1", "2"])
    for side in ("partners", "dominoes"):
        assert lines(output, rf"^{side}\s+[1-9][0-9]* instructions per round$"), output
    assert lines(output, rf"^ratio, theirs / ours \(instructions\): {NUMBER}$"), output


@pytest.mark.slow
def test_load(bench_database: str) -> None:
    """Two Daphne processes and the clock, two levels of tables and the echo floor: about 15 s."""
    port = free_ports(2)
    output = run(
        "bench-load",
        ["--tables", "1,2", "--seconds", "1", "--warmup", "0.5", "--think", "0.1:0.2", "--busy", "0.1"]
        + ["--port", str(port), "--database-url", bench_database],
    )
    assert lines(output, rf"^busy: 0.1 cores burnt beside the servers \(--busy\); load average {NUMBER}, "), (
        output
    )
    # The summary: one line per level, the move's and the echo floor's figures measured.
    rows = lines(output, rf"^\s+([12])\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+")
    assert [m[1] for m in rows] == ["1", "2"], output
    assert lines(output, r"^lost: 0 \(0 of them echoes\)"), output
    assert_autovacuum_warned(output, bench_database)


@pytest.mark.slow
def test_soak(bench_database: str) -> None:
    """Two Daphne processes and the clock, two tables played for 3 s, a line a second: about 12 s."""
    port = free_ports(2)
    output = run(
        "bench-soak",
        ["--tables", "2", "--minutes", "0.05", "--every", "1", "--warmup", "0.5", "--think", "0.1:0.2"]
        + ["--port", str(port), "--database-url", bench_database],
    )
    # A line a second: the moves and their p50 and p99, lost, resyncs, Daphne's and PostgreSQL's memory.
    minutes = lines(
        output, rf"^\s+([0-9]+)\s+[1-9][0-9]*\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+0\s+0\s+0\s+0\s+[1-9]"
    )
    assert [int(m[1]) for m in minutes][:2] == [1, 2], output
    assert lines(output, r"^lost: 0, late: 0; resyncs: 0; "), output
    assert_autovacuum_warned(output, bench_database)


@pytest.mark.slow
def test_play(bench_database: str) -> None:
    """A database created and migrated, 4 tables, 40 plays measured under cProfile: a few seconds."""
    output = run(
        "bench-play",
        ["--tables", "4", "--moves", "40", "--warmup", "4", "--profile", "--top", "3"]
        + ["--database-url", bench_database],
    )
    assert lines(
        output, rf"^  Python CPU\s+{NUMBER} ms  \(of it the messages, built and encoded: {NUMBER} ms\)$"
    ), output
    assert lines(output, rf"^  PostgreSQL CPU\s+{NUMBER} ms"), output
    assert lines(
        output, rf"^  the game's UPDATE wrote {NUMBER} columns on average, of JSON: state {NUMBER} B, "
    ), output
    assert "Ordered by: cumulative time" in output, output


@pytest.mark.slow
def test_deadlines(bench_database: str) -> None:
    """Daphne, the clock, a Celery worker and beat, a database created and migrated: about 10 s."""
    port = free_ports(1)
    output = run(
        "bench-deadlines",
        ["--tables", "2", "--turns", "3", "--turn", "0.5", "--away", "0.5", "--pause", "0.5"]
        + ["--sweep", "1", "--warmup", "0", "--max-seconds", "30", "--servers", "1", "--concurrency", "1"]
        + ["--port", str(port), "--database-url", bench_database],
    )
    (player,) = lines(output, rf"^turn, as a player sees it\s+([0-9]+)\s+-?{NUMBER}\s+")
    assert int(player[1]) >= 3, output
    (database,) = lines(output, rf"^turn, in the database\s+([0-9]+)\s+-?{NUMBER}\s+")
    assert int(database[1]) >= 3, output
    assert lines(output, rf"^cores: daphne {NUMBER}, clock {NUMBER}, worker {NUMBER}, "), output


@pytest.mark.slow
def test_deadlines_in_waves(bench_database: str) -> None:
    """The wave mode with two clock processes: every table's deadline at one instant, twice."""
    port = free_ports(1)
    output = run(
        "bench-deadlines",
        ["--tables", "3", "--mix", "1:1:0", "--waves", "2", "--clocks", "2", "--wave-lead", "1.5"]
        + ["--wave-gap", "0.5", "--warmup", "0", "--servers", "1", "--concurrency", "1"]
        + ["--port", str(port), "--database-url", bench_database],
    )
    assert len(lines(output, r"^  wave [12]: 3 deadlines, 3 played; ")) == 2, output
    (player,) = lines(output, rf"^turn, as a player sees it\s+([0-9]+)\s+-?{NUMBER}\s+")
    (database,) = lines(output, rf"^turn, in the database\s+([0-9]+)\s+-?{NUMBER}\s+")
    assert int(player[1]) == int(database[1]) >= 3, output  # a wave may deal a round instead (a pause)
    assert lines(output, r"^2 waves of 3 deadlines at one instant .* 2 clock processes"), output
    assert lines(
        output, r"^whole run: .*deadlines acted on by clock 1 [0-9]+, deadlines acted on by clock 2 "
    ), output


@pytest.mark.slow
def test_daily(bench_database: str) -> None:
    """A database created and migrated, a day filled, the queries timed: a few seconds."""
    output = run("bench-daily", ["--attempts", "200", "--runs", "3", "--database-url", bench_database])
    assert lines(output, r"^# 200 ranked attempts in one day"), output
    assert lines(output, rf"^\| top 50 \| {NUMBER} \| {NUMBER} \|$"), output
    for where in ("first", "middle", "last"):
        assert lines(output, rf"^\| top 50 \+ own rank \({where}\) \| {NUMBER} \| {NUMBER} \|$"), output


@pytest.mark.slow
def test_ratings(bench_database: str) -> None:
    """A database created and migrated, 3,000 matches rated by openskill: about 5 s."""
    output = run(
        "bench-ratings",
        ["--players", "100", "--matches", "3000", "--repeat", "2", "--database-url", bench_database],
    )
    for operation in ("leaderboard page 1 ", r"the whole view, page 1 \(rendered\)", r"one rating update"):
        assert lines(output, rf"^\| {operation}.*\|\s+[0-9]+ \|\s+{NUMBER}\s+{NUMBER} \|\s+{NUMBER}\s+"), (
            output
        )
    assert lines(output, rf"^The daily refresh of `family`'s {NUMBER} ratings"), output


@pytest.mark.slow
def test_api(bench_database: str) -> None:
    """A database created and migrated, matches played by the engine, Daphne started: about 9 s."""
    port = free_ports(1)
    output = run(
        "bench-api",
        ["--matches", "200", "--player-matches", "4", "--players", "20", "--requests", "3"]
        + ["--port", str(port), "--database-url", bench_database],
    )
    for page in ("floor: the API's 404", "first page", "deep cursor page", "one match with its record"):
        assert lines(output, rf"^  {re.escape(page)}.*median\s+{NUMBER} ms\s+p95\s+{NUMBER} ms$"), output
    assert lines(output, r"^  4 newest\s+4 records in "), output
    assert lines(output, r"^  all 4\s+4 records in "), output
    assert lines(output, rf"^  all 4\s+4 records, peak {NUMBER} MiB allocated"), output


@pytest.mark.slow
def test_robots() -> None:
    """Two deals of four variants (two of the line family, Train mexicain, Triominos), every
    pair, a budget of 8 playouts, one process: a few seconds."""
    output = run(
        "bench-robots",
        ["--deals", "2", "--budget", "8", "--workers", "1", "--variants", "block,partners,mexican,triominos"],
    )
    assert lines(output, r"^expert budget 8 playouts per move$"), output
    for variant, seats in (("block", 2), ("partners", 4), ("mexican", 4), ("triominos", 3)):
        for pair in ("expert vs house", "house vs beginner", "expert vs beginner"):
            assert lines(
                output, rf"^{variant}\s+{seats}\s+{pair}\s+{NUMBER}%\s+{NUMBER} pt\s+2\s+{NUMBER}$"
            ), output


@pytest.mark.slow
def test_robots_beside(bench_database: str) -> None:
    """Daphne, the clock and the robots' worker, two live tables beside none then two
    against an expert robot (its search cut to a tenth of a second): about 25 s."""
    port = free_ports(2)
    output = run(
        "bench-robots",
        ["--beside", "2", "--robot-tables", "0,2", "--seconds", "4", "--warmup", "1", "--think", "0.2:0.4"]
        + ["--robots-concurrency", "1", "--robots-nice", "5", "--port", str(port)]
        + ["--database-url", bench_database],
        env={"ROBOT_SECONDS": "0.1", "ROBOT_EXPERT_SECONDS": "0.1"},
    )
    _, found, summary = output.partition("\nROBOTS_CONCURRENCY 1, ROBOTS_NICE 5; busy: 0 cores")
    assert found, output
    # The summary: a line per level, the live tables' moves measured; the robots played at the second.
    rows = lines(
        summary, rf"^\s+2\s+([02])\s+[1-9][0-9]*\s+{NUMBER}\s+{NUMBER}\s+{NUMBER}\s+0\s+({NUMBER})\s"
    )
    assert [m[1] for m in rows] == ["0", "2"], output
    assert float(rows[0][2]) == 0 and float(rows[1][2]) > 0, output
    assert lines(summary, r"^tables against a robot beside 2 live tables .*: (none|0|2) \(of 0,2\)$"), output
