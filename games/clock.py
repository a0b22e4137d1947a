"""The clock: one process that plays for the tables as their deadlines pass (R52–R54).

    python manage.py clock          # the Procfile's ``clock``

Deadlines are stored on the games (games.services.core.start_clock), indexed:
when some have passed, each of the clock's CLOCK_THREADS threads claims them
CLOCK_BATCH at a time (``services.act_on_claimed``: their rows locked, those
another clock or thread holds passed over) and acts on each with the services'
idempotent ``act_if_due``, until none is left; the clock sleeps until the
nearest deadline still to come, CLOCK_POLL_SECONDS at most. A command that sets
a deadline nearer than that (a robot's turn, a sanctioned player's, a seat just
gone away) wakes it through a Redis list after its commit, so no deadline waits
for the next look; a play never publishes a timer to a broker. (Some commands
still send a Celery task after their commit, each for something else than a
turn: a closed socket's departure, ``services.presence``; a finished match's
rating, ``leaderboard.ratings.rate_after_commit``.) Several clock processes may
run, and share a wave of deadlines: each claims games the others do not hold,
and a turn is played once (docs/architecture.md, "Several clocks"). A wake
reaches one of them, which is enough for the deadline that asked it. The
watchdog (games.tasks.sweep, celery beat) acts on what a stopped clock left.
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
    def __init__(self, threads: int, poll: float, batch: int = 1) -> None:
        self.poll, self.threads, self.batch = poll, threads, batch
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="clock")
        self.claiming = 0  # threads claiming and acting now
        # What failed (an error in the game or the database), or was claimed and found
        # with nothing to do, left until then: not claimed again at once, over and over.
        self.failed: dict[tuple[int, int], float] = {}
        self.lock = threading.Lock()
        self.woken = threading.Event()
        self.stopping = threading.Event()
        self.acted = 0

    def run(self) -> None:
        # Messages go out from one event loop (games.transport), handed over: a thread
        # goes on to its next claim while its batch's messages are sent, in order.
        transport.use_own_loop(hand_over=True)
        threading.Thread(target=self.listen, name="clock-wake", daemon=True).start()
        log.info(
            "clock: started (%s threads claiming %s at a time, looking every %s s at most)",
            self.threads,
            self.batch,
            self.poll,
        )
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
        if not transport.drain():
            log.warning("clock: some messages were not sent before stopping")
        log.info("clock: stopped after %s actions", self.acted)

    def skipped(self) -> list[int]:
        """The games whose last act failed (or did nothing) a moment ago: left until their
        time is up."""
        now = time.monotonic()
        with self.lock:
            self.failed = {key: until for key, until in self.failed.items() if until > now}
            return [game_id for game_id, _ in self.failed]

    def tick(self) -> None:
        """Set as many threads claiming as the deadlines passed call for, ``threads`` at most."""
        close_old_connections()
        if self.all_claiming():  # no thread to add: not worth a look at the deadlines
            return
        due = len(services.due_now(limit=self.threads * self.batch, skip=self.skipped()))
        with self.lock:
            starting = max(0, min(self.threads, -(-due // self.batch)) - self.claiming)
            self.claiming += starting
        for _ in range(starting):
            self.pool.submit(self.claim)

    def wait_seconds(self) -> float:
        """Until the nearest deadline still to come, ``poll`` at most; a moment while some
        have passed: one held by another clock (or a command) is looked at again as soon
        as it may be free, and threads are added as a wave comes due. While every thread
        claims, that moment passes without a look: there is no thread to add."""
        if self.all_claiming() or services.due_now(limit=1, skip=self.skipped()):
            return min(self.poll, 0.05)
        ahead = services.next_deadline()
        return self.poll if ahead is None else max(0.0, min(self.poll, ahead))

    def claim(self) -> None:
        """Claim and act on passed deadlines, a batch at a time, until none is left to claim.
        The next deadline of each game needs no wake from here: a command whose deadline is
        nearer than the next look wakes the clock itself, after its commit."""
        try:
            while not self.stopping.is_set():
                claimed, acted, left = services.act_on_claimed(self.batch, skip=self.skipped())
                with self.lock:
                    self.acted += acted
                    until = time.monotonic() + self.poll
                    self.failed.update((key, until) for key in left)
                if not claimed:
                    break
        except Exception:  # the database is away: the loop looks again in a while
            log.exception("clock: could not claim the deadlines")
        finally:
            close_old_connections()
            with self.lock:
                self.claiming -= 1

    def all_claiming(self) -> bool:
        with self.lock:
            return self.claiming >= self.threads

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
    clock = Clock(settings.CLOCK_THREADS, settings.CLOCK_POLL_SECONDS, settings.CLOCK_BATCH)
    signal.signal(signal.SIGTERM, clock.stop)
    signal.signal(signal.SIGINT, clock.stop)
    clock.run()
