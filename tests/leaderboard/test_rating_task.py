"""The rating task after a match's end: sent after the commit, run by a real Celery
worker, and its result pushed to the table's sockets."""

from __future__ import annotations

import os

import pytest
from channels.db import database_sync_to_async

from games.models import Game
from leaderboard import tasks
from leaderboard.models import RatingChange
from tests.conftest import _database_url
from tests.games.conftest import close_sockets, connect, state  # noqa: F401 (a fixture)
from tests.leaderboard.conftest import finished, play_out, start
from tests.timers.conftest import Celery, wait_for

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.live  # a real Celery worker
def test_a_rated_match_played_to_its_end_is_rated_by_the_worker(players, tmp_path):
    alice, bob = players[:2]
    rated = start("block", [alice, bob], target=50)
    # Both matches end before any worker runs: the tasks wait in the broker. (One live
    # table at a time, R56: the second is opened once the first is over.)
    assert play_out(rated).status == Game.OVER
    friendly = start("block", [alice, bob], target=50, rated=False)
    assert play_out(friendly).status == Game.OVER
    assert not RatingChange.objects.exists()
    worker = Celery({**os.environ, "DATABASE_URL": _database_url(), "DEBUG": "true"}, tmp_path)
    worker.start_worker()
    try:
        wait_for(lambda: RatingChange.objects.filter(game_id=rated).count() == 2, timeout=30)
    finally:
        worker.stop()
    game = Game.objects.get(pk=rated)
    assert game.rated_at is not None
    won = game.seat_set.get(won=True).player
    assert RatingChange.objects.get(game=game, player=won).delta > 0
    assert not RatingChange.objects.filter(game_id=friendly).exists()
    assert Game.objects.get(pk=friendly).rated_at is None


@pytest.mark.usefixtures("close_sockets")
async def test_the_table_is_told_each_players_rating_before_and_the_change(players):
    alice, bob = players[:2]
    game = await database_sync_to_async(finished)("draw", [alice, bob], [100, 30], [True, False])
    socket = await connect(game.pk, bob)
    await state(socket)
    assert await database_sync_to_async(tasks.rate_match)(game.pk) == 2
    news = await socket.receive_type("ratings")
    assert [(r["seat"], r["name"], r["before"]) for r in news["ratings"]] == [
        (0, "alice", 1500),
        (1, "bob", 1500),
    ]
    assert news["ratings"][0]["delta"] > 0 > news["ratings"][1]["delta"]
    assert news["ratings"][0]["after"] == 1500 + news["ratings"][0]["delta"]
    assert news["ratings"][0]["provisional"] is True
    # Run again, it rates nothing and says nothing.
    assert await database_sync_to_async(tasks.rate_match)(game.pk) == 0
    assert await socket.nothing()
