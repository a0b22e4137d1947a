"""Daily challenge attempts over the API (R61, R63): an attempt is its player's alone while
its day lasts, and even to them without its deals or seeds (every player of the day is
dealt the same); once the day is over, anyone sees it with its record."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game
from games.rules import round_seed
from games.rules.record import replay
from tests.api.conftest import attempt, client_of, step
from tests.games.conftest import game_of
from tests.games.test_leaks import tiles_in

pytestmark = pytest.mark.django_db


def everything(user, game: Game) -> str:
    client = client_of(user)
    texts = [
        client.get(f"/api/matches/{game.pk}/").content,
        client.get("/api/matches/?page_size=100").content,
        client.get("/api/players/alice/matches/").content,
        b"".join(client.get("/api/players/alice/export").streaming_content),
    ]
    return "".join(text.decode() for text in texts)


def test_an_attempt_of_the_day_is_its_players_alone(players):
    alice, bob = players[:2]
    game = attempt(alice, rounds=1)
    for user in (None, bob):
        assert client_of(user).get(f"/api/matches/{game.pk}/").status_code == 404
        assert game.pk not in [r["id"] for r in client_of(user).get("/api/matches/").json()["results"]]
        assert f'"id":{game.pk},' not in everything(user, game).replace(" ", "")


@pytest.mark.parametrize("rounds", [1, None])
def test_its_player_sees_no_deal_nor_seed_before_the_day_is_over(players, rounds):
    alice = players[0]
    game = attempt(alice, rounds=rounds)
    for _ in range(4 if rounds else 0):  # some tiles on the line of the round in play
        step(game_of(game.pk))
    data = client_of(alice).get(f"/api/matches/{game.pk}/").json()
    assert data["daily"] is True and data["rated"] is False and data["target"] is None
    assert [(p["username"], p["robot"]) for p in data["players"]] == [
        ("alice", None),
        (None, "Anatole"),
        (None, "Berthe"),
    ]
    assert data["record"]["rounds"] == []
    assert all(r["seed"] is None for r in data["rounds"])
    over = [r for r in data["rounds"] if r["finished"] is not None]
    assert over and all(r["result"] is not None for r in over)  # the results its player saw
    if rounds is None:
        assert data["status"] == "over" and len(data["rounds"]) == 5
    text = everything(alice, game)
    for rnd in game.rounds.all():
        assert rnd.seed not in text
    # No tile at all, but those on the line of the round in play.
    on_the_line = {m.tile for m in game.moves.filter(kind="play", round__finished__isnull=True)}
    assert tiles_in(text) <= {"-".join(sorted(t.split("-"))) for t in on_the_line}
    assert rounds is None or on_the_line
    [line] = [
        json.loads(line)
        for line in b"".join(client_of(alice).get("/api/players/alice/export").streaming_content).splitlines()
    ]
    assert line["id"] == game.pk and line["rounds"] == []


def test_once_the_day_is_over_anyone_sees_the_attempt_and_its_record(players):
    alice, bob = players[:2]
    game = attempt(alice, seed="api day over")
    Game.objects.filter(pk=game.pk).update(playable_until=timezone.now() - timedelta(seconds=1))
    for user in (None, bob, alice):
        data = client_of(user).get(f"/api/matches/{game.pk}/").json()
        assert [r["seed"] for r in data["rounds"]] == [round_seed("api day over", n) for n in range(1, 6)]
        assert data["record"] == game.record()
        result = replay(data["record"])
        assert result["rounds"] == [
            {k: r[k] for k in ("result", "winner", "points", "pips_left")} for r in data["rounds"]
        ]
        assert result["scores"] == data["scores"]
        assert data["winner"] is None  # no target: scores but no winner
    assert game.pk in [r["id"] for r in client_of(None).get("/api/matches/?daily=true").json()["results"]]
