"""The clock: one process that plays for the tables as their deadlines pass (R52–R54).

    python manage.py clock          # the Procfile's ``clock``

Deadlines are stored on the games (games.services.core.start_clock), indexed:
the clock asks the database for those that have passed and acts on each with
the services' idempotent ``act_if_due``, at the version it found, on a pool of
CLOCK_THREADS threads; then it sleeps until the nearest deadline still to come,
CLOCK_POLL_SECONDS at most. A command that sets a deadline nearer than that
(a robot's turn, a sanctioned player's, a seat just gone away) wakes it through
a Redis list after its commit, so no deadline waits for the next look; a
play never publishes a timer to a broker. (Some commands still send a Celery
task after their commit, each for something else than a turn: a closed socket's
departure, ``services.presence``; a finished match's rating,
``leaderboard.ratings.rate_after_commit``.) Several clock processes may run: two acting
on one deadline find the game's row locked, and the second finds it played.
The watchdog (games.tasks.sweep, celery beat) acts on what a stopped clock left.
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import redis
from django.conf import settings
from django.db import close_old_connections

from games import services, transport

log = logging.getLogger(__name__)

_client: redis.Redis | None = None
_client_lock = threading.Lock()


def _redis() -> redis.Redis:
    global _client
    with _client_lock:
        if _client is None:
            _client = redis.Redis.from_url(
                settings.CLOCK_REDIS_URL, socket_timeout=5, socket_connect_timeout=2
            )
        return _client


def wake() -> None:
    """Tell the clock a deadline is near (after the commit that set it)."""
    try:
        pipe = _redis().pipeline(transaction=False)
        pipe.lpush(settings.CLOCK_WAKE_KEY, 1)
        pipe.ltrim(settings.CLOCK_WAKE_KEY, 0, 0)
        pipe.execute()
    except redis.RedisError:  # the clock finds the deadline at its next look
        log.warning("could not wake the clock", exc_info=True)


class Clock:
    def __init__(self, threads: int, poll: float) -> None:
        self.poll = poll
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="clock")
        self.acting: set[int] = set()  # games being acted on now
        # What failed (an error in the game or the database), left until then: not
        # tried again at once, over and over.
        self.failed: dict[tuple[int, int], float] = {}
        self.lock = threading.Lock()
        self.woken = threading.Event()
        self.stopping = threading.Event()
        self.acted = 0

    def run(self) -> None:
        transport.use_own_loop()  # messages go out from one event loop (games.transport)
        threading.Thread(target=self.listen, name="clock-wake", daemon=True).start()
        log.info("clock: started (%s threads, looking every %s s at most)", self.pool._max_workers, self.poll)
        while not self.stopping.is_set():
            try:
                self.tick()
                wait = self.wait_seconds()
            except Exception:  # the database is away: look again in a while
                log.exception("clock: could not read the deadlines")
                close_old_connections()
                wait = self.poll
            self.woken.wait(wait)
            self.woken.clear()
        self.pool.shutdown(wait=True)
        log.info("clock: stopped after %s actions", self.acted)

    def tick(self) -> None:
        close_old_connections()
        now = time.monotonic()
        for game_id, version, status in services.due_now():
            with self.lock:
                if game_id in self.acting or self.failed.get((game_id, version), 0) > now:
                    continue
                self.acting.add(game_id)
            self.pool.submit(self.act, game_id, version, status)
        with self.lock:
            self.failed = {key: until for key, until in self.failed.items() if until > now}

    def wait_seconds(self) -> float:
        ahead = services.next_deadline()
        return self.poll if ahead is None else max(0.0, min(self.poll, ahead))

    def act(self, game_id: int, version: int, status: str) -> None:
        """Act on one game. Its next deadline needs no wake from here: a command whose
        deadline is nearer than the next look wakes the clock itself, after its commit."""
        try:
            if services.act_if_due(game_id, version, status) is not None:
                self.acted += 1
        except Exception:
            log.exception("clock: acting on game %s version %s failed", game_id, version)
            with self.lock:
                self.failed[(game_id, version)] = time.monotonic() + self.poll
        finally:
            close_old_connections()
            with self.lock:
                self.acting.discard(game_id)

    def listen(self) -> None:
        """Wake the loop whenever a command says a deadline is near."""
        while not self.stopping.is_set():
            try:
                # Within the client's socket timeout (5 s), so that an idle wait is no error.
                if _redis().blpop([settings.CLOCK_WAKE_KEY], timeout=min(max(self.poll, 1), 4)) is not None:
                    self.woken.set()
            except redis.RedisError:  # Redis restarting: the loop still looks every poll
                time.sleep(0.5)

    def stop(self, *args: Any) -> None:
        self.stopping.set()
        self.woken.set()


def run() -> None:
    clock = Clock(settings.CLOCK_THREADS, settings.CLOCK_POLL_SECONDS)
    signal.signal(signal.SIGTERM, clock.stop)
    signal.signal(signal.SIGINT, clock.stop)
    clock.run()
