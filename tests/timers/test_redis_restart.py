"""Redis restarts under a running clock, worker, beat and Daphne, with a match in play.

celery 5.7 (kombu's Redis transport) ends its worker with ``Unrecoverable error:
AttributeError("'NoneType' object has no attribute 'hostname'")`` when Redis goes
away while the worker holds timed tasks (a seat's departure, R53). The clock, the
worker and beat run as ``make run`` runs them, under ``scripts/keep-running``
(systemd's ``Restart=always`` in production): whatever stops is started again, the
clock and the watchdog act on the deadlines stored in the database, and the match
plays on to its end by its clocks.

This test starts a Redis of its own on a free port and restarts that one, never
the Redis the rest of the suite (and anyone else) shares.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import redis
import websockets
from channels.db import database_sync_to_async
from django.utils import timezone

from games import services
from games.models import Game, Move
from tests.conftest import ROOT, _database_url, _free_port
from tests.games.conftest import full_table
from tests.live.test_daphne import cookie_of
from tests.timers.conftest import wait_for

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(shutil.which("redis-server") is None, reason="redis-server is not installed"),
]

# Seconds: short, so that a match of block to 50 plays out by its clocks in a minute or so.
CLOCKS = {
    "TURN_SECONDS": 1.0,
    "AWAY_SECONDS": 0.5,
    "ROUND_PAUSE_SECONDS": 1.0,
    "SWEEP_SECONDS": 0.5,
}


class PrivateRedis:
    """A redis-server of the test's own, keeping nothing on disk."""

    def __init__(self, folder: Path) -> None:
        self.port = _free_port()
        self.folder = folder
        self.url = f"redis://127.0.0.1:{self.port}"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            cwd=self.folder,
            stdout=open(self.folder / "redis.log", "ab"),  # kept open by the process
            stderr=subprocess.STDOUT,
        )
        wait_for(self.answers, timeout=10)

    def answers(self) -> bool:
        try:
            return bool(redis.Redis.from_url(self.url, socket_timeout=1).ping())
        except redis.RedisError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture
def private_redis(tmp_path: Path) -> Iterator[PrivateRedis]:
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


CELERY = str(Path(sys.executable).parent / "celery")
# How long Redis stays away in the middle of the match.
OUTAGE_SECONDS = 1.0


class Supervised:
    """A command under scripts/keep-running, as the Procfile runs it (a celery one by default)."""

    def __init__(
        self, args: list[str], env: dict[str, str], log: Path, command: list[str] | None = None
    ) -> None:
        self.log = log
        self.process = subprocess.Popen(
            [str(ROOT / "scripts" / "keep-running"), *(command or [CELERY]), *args],
            cwd=ROOT,
            env=env,
            stdout=open(log, "ab"),  # kept open by the process
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


def moves_since(game_id: int, since: object) -> list[Move]:
    return list(Move.objects.filter(game_id=game_id, created__gt=since).order_by("seq"))


def test_a_redis_restart_under_clock_worker_beat_and_daphne_the_match_plays_on_to_its_end(
    players, live_site, private_redis, settings, tmp_path
):
    for name, value in CLOCKS.items():
        setattr(settings, name, value)
    clocks = {name: str(value) for name, value in CLOCKS.items()}
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "DEBUG": "true",
        "REDIS_URL": private_redis.url,
        **clocks,
    }
    base = live_site(REDIS_URL=private_redis.url, **clocks)
    worker = Supervised(
        [
            "-A",
            "config",
            "worker",
            "--loglevel",
            "INFO",
            "--concurrency",
            "2",
            "--without-gossip",
            "--without-mingle",
        ],
        env,
        tmp_path / "worker.log",
    )
    beat = Supervised(
        [
            "-A",
            "config",
            "beat",
            "--loglevel",
            "INFO",
            "--schedule",
            str(tmp_path / "beat"),
            "--max-interval",
            "1",
        ],
        env,
        tmp_path / "beat.log",
    )
    clock = Supervised(
        [],
        {**env, "LOG_LEVEL": "INFO"},
        tmp_path / "clock.log",
        command=[sys.executable, "manage.py", "clock"],
    )
    try:
        wait_for(lambda: "clock: started" in clock.output(), timeout=60, every=0.2)
        wait_for(lambda: " ready." in worker.output(), timeout=60, every=0.2)
        wait_for(lambda: "beat: Starting" in beat.output(), timeout=60, every=0.2)
        # A match nobody plays: every turn is the table's (R52, R53), every pause ends by the clock.
        # One seat is there all along (R56: with no seat connected the table would wait).
        game_id = full_table("block", players[:2], target=50)
        services.connect(game_id, players[0], "tab-there")
        wait_for(lambda: Move.objects.filter(game_id=game_id, auto=True).count() >= 2, timeout=30)
        # Redis goes away in the middle of the match, and comes back.
        private_redis.stop()
        time.sleep(OUTAGE_SECONDS)  # the outage under test, not a wait for something to happen
        restarted = timezone.now()
        private_redis.start()
        # The clocks act again: the table plays, rounds end and the next ones are dealt, to the end.
        wait_for(lambda: Game.objects.get(pk=game_id).status == Game.OVER, timeout=240, every=0.5)
        game = Game.objects.get(pk=game_id)
        after = moves_since(game_id, restarted)
        assert after and all(move.auto for move in after if not move.forced and move.kind == "play")
        assert game.rounds.filter(started__gt=restarted).exists()  # the pause's clock acted too
        assert game.replay() == game.match  # no move lost or played twice across the restart
        # Daphne serves the table on the restarted Redis.
        assert asyncio.run(watch(base, game_id, players[2])) == Game.OVER
    finally:
        clock.stop()
        worker.stop()
        beat.stop()


async def watch(base: str, game_id: int, user: object) -> str:
    cookie = await database_sync_to_async(cookie_of)(user)
    async with websockets.connect(
        base.replace("http", "ws") + f"/ws/tables/{game_id}/",
        origin=base,
        additional_headers={"Cookie": f"sessionid={cookie}"},
    ) as ws:
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 10))
            if message["type"] == "state":
                return message["table"]["status"]
