"""R63 over every channel: the day's secrets stay secret until the day is over.

An attempt is played to its end with its player's socket connected, while
another player's attempt of the same day is under way. At every step, the
player and a player who has not played fetch the day's pages, the ranking,
the past days, the profiles, the lobby and the attempts' tables. Nobody is sent
the day's seed, nor a round's seed, nor a tile of a round they may not know
(R6 within their own attempt), nor anything of another player's game; the
deals' travellers and rounds stay closed.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.test import Client
from django.urls import reverse

from games.models import Game
from leaderboard import services
from leaderboard.models import DailyAttempt
from tests.games.conftest import close_sockets, connect  # noqa: F401 (the fixture)
from tests.games.test_leaks import Truth, tiles_in, without_rules
from tests.leaderboard.conftest import DAY_SEED, play, step, todays

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("close_sockets")]


def fetch(user: Any, urls: list[str]) -> dict[str, tuple[int, str]]:
    client = Client()
    client.force_login(user)
    out = {}
    for url in urls:
        response = client.get(url)
        out[url] = (response.status_code, response.content.decode())
    return out


def setup(players: list[Any]) -> tuple[int, int, list[str], str]:
    challenge = todays("draw", 3)
    alice, bob, charlie = players[:3]
    theirs = services.start_attempt(charlie)
    play(theirs, rounds=1)  # charlie's game of the day is under way
    mine = services.start_attempt(alice)
    day = challenge.date.isoformat()
    urls = [
        reverse("daily"),
        reverse("daily_day", args=[day]),
        reverse("daily_ranking", args=[day]),
        reverse("daily_days"),
        reverse("daily_traveller", args=[day, 1]),
        reverse("daily_round", args=[day, 1, "charlie"]),
        reverse("daily_round", args=[day, 1, "alice"]),
        reverse("lobby"),
        reverse("home"),
        reverse("profile", args=["alice"]),
        reverse("profile", args=["charlie"]),
        reverse("table", args=[theirs.game_id]),
    ]
    return mine.game_id, theirs.game_id, urls, challenge.seed


async def test_r63_no_seed_no_unplayed_deal_no_other_game_before_the_day_is_over(players, settings):
    settings.WS_RATE = settings.WS_BURST = 1000  # the robots play faster than people may
    alice, bob, charlie = players[:3]
    gid, theirs, urls, seed = await database_sync_to_async(setup)(players)
    assert seed == DAY_SEED
    socket = await connect(gid, alice)
    await socket.receive_type("state")
    mine_url = reverse("table", args=[gid])
    fetched: list[tuple[Any, int, dict[str, tuple[int, str]]]] = []

    @database_sync_to_async
    def advance() -> tuple[str, int]:
        game = Game.objects.get(pk=gid)
        if game.status != Game.OVER:
            step(game)
        game = Game.objects.get(pk=gid)
        fetched.append((alice, game.version, fetch(alice, [*urls, mine_url])))
        fetched.append((bob, game.version, fetch(bob, [*urls, mine_url])))
        return game.status, game.version

    steps = 0
    while True:
        status, version = await advance()
        steps += 1
        if status == Game.OVER:
            break
    while (message := await socket.receive())["version"] < version or message["type"] != "state":
        pass
    await socket.close()

    @database_sync_to_async
    def truths() -> tuple[Truth, Truth, list[str], int]:
        attempt = DailyAttempt.objects.get(game_id=gid)
        assert attempt.complete and len(attempt.rounds) == 5
        mine, other = Truth(gid), Truth(theirs)
        seeds = [seed, *(r.seed for r in mine.rounds.values()), *(r.seed for r in other.rounds.values())]
        return mine, other, seeds, Game.objects.get(pk=theirs).version

    truth, other, seeds, _ = await truths()
    assert steps > 40

    # Alice's socket: R6 within her own attempt, and no seed at all until the day is over.
    number, over = 1, False
    for message in socket.received:
        text = json.dumps(message)
        if message["type"] == "state" and message["view"] is not None:
            rnd = message["view"]["round"]
            number, over = rnd["number"], rnd["result"] is not None
        leaked = tiles_in(text) & truth.forbidden(0, number, message.get("version", 0), over)
        assert not leaked, f"alice was sent {leaked} in v{message.get('version')}"
        for secret in seeds:
            assert secret not in text, "a seed was sent before the day is over"
    rounds_seen = {
        m["view"]["round"]["number"] for m in socket.received if m["type"] == "state" and m["view"]
    }
    assert rounds_seen == {1, 2, 3, 4, 5}

    # The pages, at every step, to alice and to bob (who has not played).
    closed = [u for u in urls if "/donnes/" in u] + [reverse("table", args=[theirs])]
    for user, _version, pages in fetched:
        for url, (code, text) in pages.items():
            for secret in seeds:
                assert secret not in text, f"{user} could fetch a seed from {url}"
            if url in closed or (url == mine_url and user == bob):
                assert code == 404, f"{user} could open {url} before the day is over"
                continue
            assert code == 200, (user, url, code)
            assert not tiles_in(without_rules(text)), f"{user} could read tiles on {url}"
            # Nothing of charlie's game: no link to it on any page.
            assert f"/tables/{theirs}/" not in text, f"{user} saw charlie's game on {url}"
            if user == bob:
                assert f"/tables/{gid}/" not in text, f"bob saw alice's game on {url}"
