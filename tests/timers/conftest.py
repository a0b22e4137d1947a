"""The clock process, a real Celery worker and beat, on the local Redis and the test database.

They run as production runs them (``manage.py clock``, ``celery -A config worker``
and ``beat``), as processes of their own, with short clocks: the same values are
set in this process's settings, where the tests' own commands compute deadlines.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT, _database_url

# Seconds. Short enough for tests, long enough to act in between.
CLOCKS = {
    "TURN_SECONDS": 3.0,
    "AWAY_SECONDS": 1.5,
    "ROUND_PAUSE_SECONDS": 2.0,
    "ROBOT_SECONDS": 0.5,
    "SWEEP_SECONDS": 1.0,
    "PRESENCE_GRACE_SECONDS": 1.0,
}


CELERY = [sys.executable, "-m", "celery", "-A", "config"]
CLOCK = [sys.executable, "manage.py", "clock"]


class Process:
    """A command (``command`` then ``args``) in a process group of its own, its output in a log file."""

    def __init__(self, args: list[str], env: dict[str, str], log: Path, command: list[str] = CELERY) -> None:
        self.args, self.env, self.log, self.command = args, env, log, command
        self.process: subprocess.Popen[bytes] | None = None

    def start(self, ready: str, timeout: float = 30) -> None:
        start = self.log.stat().st_size if self.log.exists() else 0
        with open(self.log, "ab") as out:
            self.process = subprocess.Popen(
                [*self.command, *self.args],
                cwd=ROOT,
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        limit = time.monotonic() + timeout
        while time.monotonic() < limit:
            if ready in self.output(since=start):
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.1)
        raise RuntimeError(f"{self.command[-1]} {self.args} did not start:\n{self.output(since=start)}")

    def output(self, since: int = 0) -> str:
        if not self.log.exists():
            return ""
        with open(self.log, "rb") as f:
            f.seek(since)
            return f.read().decode(errors="replace")

    def kill(self) -> None:
        """SIGKILL, as when a machine dies: nothing is handed back to the broker."""
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            self.kill()


class Celery:
    """The clock, the worker and beat of one test."""

    def __init__(self, env: dict[str, str], folder: Path) -> None:
        self.clock = Process([], {**env, "LOG_LEVEL": "INFO"}, folder / "clock.log", command=CLOCK)
        # One worker for the default queue and the robots' (the Procfile runs one for each).
        queues = f"{env['CELERY_QUEUE']},{env['ROBOTS_QUEUE']}"
        self.worker = Process(
            [
                "worker",
                "-Q",
                queues,
                "--loglevel",
                "INFO",
                "--concurrency",
                "2",
                "--without-gossip",
                "--without-mingle",
            ],
            env,
            folder / "worker.log",
        )
        self.beat = Process(
            [
                "beat",
                "--loglevel",
                "INFO",
                "--schedule",
                str(folder / "beat-schedule"),
                "--max-interval",
                "1",
            ],
            env,
            folder / "beat.log",
        )

    def start_worker(self, purge: bool = False) -> None:
        if purge:  # timers the suite's earlier tests sent and no worker took
            self.worker.args = [*self.worker.args, "--purge"]
        self.worker.start(ready=" ready.")
        self.worker.args = [a for a in self.worker.args if a != "--purge"]

    def start_beat(self) -> None:
        self.beat.start(ready="beat: Starting")

    def start_clock(self) -> None:
        self.clock.start(ready="clock: started")

    def stop(self) -> None:
        self.clock.stop()
        self.worker.stop()
        self.beat.stop()


@pytest.fixture
def clocks(settings: object) -> dict[str, float]:
    for name, value in CLOCKS.items():
        setattr(settings, name, value)
    return CLOCKS


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """Keep each phase's report on the test, for the ``celery`` fixture to read."""
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture
def celery(
    transactional_db: None, clocks: dict[str, float], tmp_path: Path, request: pytest.FixtureRequest
) -> Iterator[Celery]:
    """A started clock, worker and beat; the test may kill and start any of them again.
    If the test fails, the end of each one's log is printed with it."""
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DEBUG": "true",
        **{name: str(value) for name, value in clocks.items()},
    }
    celery = Celery(env, tmp_path)
    celery.start_worker(purge=True)
    celery.start_beat()
    celery.start_clock()
    yield celery
    celery.stop()
    report = getattr(request.node, "report_call", None)
    if report is not None and report.failed:
        for process in (celery.clock, celery.worker, celery.beat):
            print(f"--- the end of {process.log.name}:\n{process.output()[-6000:]}")


def wait_for(condition: Callable[[], object], timeout: float, every: float = 0.05) -> object:
    """Poll until ``condition()`` is true; return it, or fail after ``timeout`` seconds."""
    limit = time.monotonic() + timeout
    while time.monotonic() < limit:
        value = condition()
        if value:
            return value
        time.sleep(every)
    raise AssertionError(f"not true after {timeout} s")
