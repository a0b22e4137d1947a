"""No secret of a round in play over the API (R6, R12), and every record replays (docs/rules.md §7).

What each caller is served is checked against the server's truth (the deals and the
move log, as tests/games/test_leaks.py does): the record holds the rounds that are
over exactly as they were dealt and played, and the rest of any answer (the round in
play, the lists, the export) shows no tile a spectator may not know, and no seed of
a round not over.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.models import Game
from games.rules.record import replay
from tests.api.conftest import client_of, play_out
from tests.games.conftest import play_first
from tests.games.test_leaks import Truth, tiles_in

pytestmark = pytest.mark.django_db


def answers(game: Game, user: Any) -> dict[str, Any]:
    """Every answer of the API about ``game``, as ``user`` gets them."""
    client = client_of(user)
    names = list(game.seat_set.values_list("player__username", flat=True))
    out: dict[str, Any] = {
        "detail": client.get(f"/api/matches/{game.pk}/").json(),
        "list": [
            r for r in client.get("/api/matches/?page_size=100").json()["results"] if r["id"] == game.pk
        ],
    }
    for name in names:
        out[f"matches of {name}"] = client.get(f"/api/players/{name}/matches/").json()["results"]
        body = b"".join(client.get(f"/api/players/{name}/export").streaming_content).decode()
        out[f"export of {name}"] = [
            json.loads(line) for line in body.splitlines() if f'"id":{game.pk},' in line
        ]
    return out


def check_no_secret(game: Game, user: Any) -> int:
    """Check every answer about ``game`` (a round in play); return how many were checked."""
    game.refresh_from_db()
    truth = Truth(game.pk)
    number = max(truth.rounds)
    assert truth.rounds[number].finished is None
    finished = [r for n, r in sorted(truth.rounds.items()) if r.finished is not None]
    hidden = truth.forbidden(None, number, game.version, False)
    server = game.record()
    checked = 0
    for where, answer in answers(game, user).items():
        text = json.dumps(answer)
        assert truth.rounds[number].seed not in text, f"{where}: the seed of the round in play"
        for item in answer if isinstance(answer, list) else [answer]:
            item = json.loads(json.dumps(item))
            rounds = (item.get("record") or item).pop("rounds", [])
            if isinstance(rounds, list) and rounds and "hands" in rounds[0]:
                # The rounds that are over, exactly as dealt and played; not the round in play.
                assert rounds == server["rounds"][: len(finished)], where
            leaked = tiles_in(json.dumps(item)) & hidden
            assert not leaked, f"{where} shows {leaked} to {user}"
            checked += 1
    return checked


@pytest.mark.parametrize("key", ["live", "fresh"])
def test_no_secret_of_a_round_in_play(games, players, key):
    game = games[key]
    # Some tiles on the line, some drawn: the round in play has secrets to keep.
    for _ in range(6):
        play_first(Game.objects.get(pk=game.pk))
    game.refresh_from_db()
    assert game.status == Game.PLAYING
    seated = list(game.seat_set.values_list("player", flat=True))
    viewers = [None, players[0], *(p for p in players if p.pk in seated)]
    assert sum(check_no_secret(game, user) for user in viewers) >= 20
    detail = client_of(None).get(f"/api/matches/{game.pk}/").json()
    current = detail["current_round"]
    assert current is not None and current["number"] == game.rounds.count()
    assert "hands" not in current and "stock" not in current
    assert detail["rounds"][-1]["seed"] is None and detail["rounds"][-1]["result"] is None
    assert len(detail["record"]["rounds"]) == game.rounds.count() - 1


def all_matches(user: Any) -> list[dict[str, Any]]:
    client = client_of(user)
    out, url = [], "/api/matches/?page_size=2"
    while url:
        page = client.get(url).json()
        out += [client.get(row["url"]).json() for row in page["results"]]
        url = page["next"]
    return out


def test_every_served_record_replays_to_the_results_stated(games, players):
    """Every record the API serves goes through the engine's replay to the rounds' results,
    the scores and the winner the API states, which are those live play stored."""
    play_out(games["live"].pk)  # over now, a match of several rounds
    served = all_matches(players[0])
    assert len(served) == 5
    replayed = 0
    for data in served:
        game = Game.objects.get(pk=data["id"])
        if not data["record"]["rounds"]:
            assert data["current_round"] is not None  # the first round is still in play
            continue
        result = replay(data["record"])
        over = [r for r in data["rounds"] if r["finished"] is not None]
        assert [{k: r[k] for k in ("result", "winner", "points", "pips_left")} for r in over] == result[
            "rounds"
        ]
        if data["status"] == "over":
            assert result["winner"] == data["winner"] == game.winner
            assert data["scores"] == result["scores"]
            rules_side = {p["side"]: p["score"] for p in data["players"]}
            assert [rules_side[side] for side in range(len(result["scores"]))] == result["scores"]
            assert [p["score"] for p in data["players"]] == list(
                game.seat_set.order_by("index").values_list("score", flat=True)
            )
        replayed += 1
    assert replayed == 4
