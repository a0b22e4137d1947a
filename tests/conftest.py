"""Fixtures shared by the whole suite (pytest-django provides client, settings, db).

The suite talks to the real Redis (channel layer, cache). Each run uses key
prefixes of its own, so that two runs, or a running site, never see each other's
groups; the run's cache keys (login rate limits) are deleted before each test.
"""

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, TypeVar

import pytest

ROOT = Path(__file__).resolve().parent.parent

RUN = f"test-{uuid.uuid4().hex[:8]}"
PASSWORD = "un mot de passe solide"


def pytest_configure(config: pytest.Config) -> None:
    # Set for this process and for the servers the tests start (they read the environment).
    os.environ["CHANNEL_PREFIX"] = f"asgi-{RUN}"
    os.environ["CACHE_KEY_PREFIX"] = RUN
    # Celery: a queue and broker keys of the run's own; no other run's worker takes its timers.
    os.environ["CELERY_QUEUE"] = RUN
    os.environ["CELERY_KEY_PREFIX"] = f"{RUN}:"
    os.environ["ROBOTS_QUEUE"] = f"{RUN}-robots"
    from django.conf import settings

    settings.CELERY_TASK_DEFAULT_QUEUE = RUN
    settings.ROBOTS_QUEUE = os.environ["ROBOTS_QUEUE"]
    settings.CELERY_TASK_ROUTES = {"games.tasks.robot_turn": {"queue": settings.ROBOTS_QUEUE}}
    settings.CELERY_BROKER_TRANSPORT_OPTIONS["global_keyprefix"] = f"{RUN}:"
    settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"] = os.environ["CHANNEL_PREFIX"]
    settings.CLOCK_WAKE_KEY = f"{os.environ['CHANNEL_PREFIX']}:clock"  # the clocks the tests start
    settings.CACHES["default"]["KEY_PREFIX"] = RUN
    # No timed full collections in this process (config/asgi.py): its servers keep theirs.
    settings.GC_FULL_SECONDS = 0
    # Users are made by the hundred: a fast hash (the servers started by tests keep theirs).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


# Fixtures that start servers as production runs them (Daphne, the clock, Celery), and
# the folders whose every test does: their tests are marked ``live``. Tests that use the
# ``browser`` fixture are marked ``browser``. `make test-fast` leaves both out, and these:
LIVE_FIXTURES = {"live_site", "celery"}
LIVE_FOLDERS = {"live", "timers", "e2e"}
SLOW = {
    # A whole daily attempt over a socket, every page fetched at every step: 30 s of CPU.
    "tests/leaderboard/test_leaks.py": {
        "test_r63_no_seed_no_unplayed_deal_no_other_game_before_the_day_is_over"
    },
    # Schemathesis's requests generated for every operation of the API: 20 s of CPU.
    "tests/api/test_schema.py": {"test_generated_requests_conform"},
    # The export read to its end under ASGI, on a flushed database: 7 s of CPU.
    "tests/api/test_players.py": {"test_export_is_streamed_under_asgi"},
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    slow_seen: dict[str, set[str]] = {}
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        path = Path(str(item.path)).relative_to(ROOT)
        if fixtures & LIVE_FIXTURES or path.parts[1] in LIVE_FOLDERS:
            item.add_marker(pytest.mark.live)
        if "browser" in fixtures:
            item.add_marker(pytest.mark.browser)
        name = getattr(item, "originalname", item.name)
        if name in SLOW.get(str(path), ()):
            item.add_marker(pytest.mark.slow)
        slow_seen.setdefault(str(path), set()).add(name)
    # A slow test renamed or gone would silently come back into `make test-fast`.
    for module, names in SLOW.items():
        if module in slow_seen and not names <= slow_seen[module]:
            raise pytest.UsageError(
                f"tests/conftest.py SLOW names no test of {module}: {names - slow_seen[module]}"
            )


def pytest_unconfigure(config: pytest.Config) -> None:
    """Drop the timers this run sent and no worker took (its broker keys)."""
    import redis
    from django.conf import settings

    try:
        client = redis.Redis.from_url(settings.CELERY_BROKER_URL)
        keys = list(client.scan_iter(f"{RUN}:*"))
        if keys:
            client.delete(*keys)
    except redis.RedisError:
        pass


@pytest.fixture(autouse=True)
def _empty_cache() -> None:
    """Forget this run's cached counters (login rate limits); other runs' keys are left alone."""
    from django.core.cache import cache

    client = cache._cache.get_client(write=True)  # type: ignore[attr-defined]
    keys = list(client.scan_iter(f"{RUN}:*"))
    if keys:
        client.delete(*keys)


@pytest.fixture(autouse=True)
def _fresh_channel_layer() -> None:
    """Each test runs in an event loop of its own: a layer (and its Redis pools) per test."""
    from channels.layers import channel_layers

    channel_layers.backends.clear()


def _database_url() -> str:
    """The URL of the test database, for the servers the tests start."""
    from django.db import connection

    db = connection.settings_dict
    if db["ENGINE"].endswith("sqlite3"):
        return f"sqlite:///{db['NAME']}"
    auth = db["USER"] + (f":{db['PASSWORD']}" if db["PASSWORD"] else "")
    return f"postgres://{auth}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def live_site(transactional_db: None) -> Iterator[Callable[[], str]]:
    """Start Daphne processes serving the test database, as production runs the site.

    Each call starts one more process and returns its base URL; they share the
    database and the Redis channel layer, and are stopped after the test. A test
    may kill one (``processes``) to see what survives it.
    """
    processes: list[subprocess.Popen[bytes]] = []
    # The mail they send is written to files there (``start.mails``: tests.accounts.mail).
    mails = Path(tempfile.mkdtemp(prefix="mails-"))
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DEBUG": "true",
        "EMAIL_URL": f"filemail:///{mails}",
    }

    def start(*options: str, **settings: str) -> str:
        """Start a process; ``options`` are more daphne options, ``settings`` more
        environment variables, for it alone."""
        port = _free_port()
        # A file, not a pipe nobody reads: a process that logs much would block on a full pipe.
        log = tempfile.TemporaryFile()
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "daphne",
                "-b",
                "127.0.0.1",
                "-p",
                str(port),
                *options,
                "config.asgi:application",
            ],
            cwd=ROOT,
            env={**env, **settings},
            stdout=subprocess.DEVNULL,
            stderr=log,
            start_new_session=True,
        )
        processes.append(process)
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if process.poll() is not None:
                log.seek(0)
                raise RuntimeError(f"daphne stopped: {log.read().decode(errors='replace')}")
            try:
                urllib.request.urlopen(url + "/", timeout=2).close()
                return url
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("daphne did not answer within 30 s")

    start.processes = processes  # type: ignore[attr-defined]
    start.mails = mails  # type: ignore[attr-defined]
    yield start
    for process in processes:
        os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(3)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    shutil.rmtree(mails, ignore_errors=True)


@pytest.fixture
def players(db: None) -> list[Any]:
    """Six players, alice to frank, whose password is PASSWORD (their addresses confirmed)."""
    from tests.accounts.mail import confirmed_user

    return [confirmed_user(name) for name in ("alice", "bob", "charlie", "dave", "eve", "frank")]


# Browser tests: Playwright drives Debian's Chromium, never a downloaded browser.
CHROMIUM = "/usr/bin/chromium"
needs_chromium = pytest.mark.skipif(
    not os.path.exists(CHROMIUM), reason="Debian's chromium is not installed (make browser)"
)


@pytest.fixture
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


T = TypeVar("T")


def outside_the_browser_loop(call: Callable[[], T]) -> T:
    """Playwright's sync API runs an event loop in this thread: use the database from another."""
    from django.db import connections

    def run() -> T:
        try:
            return call()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()
