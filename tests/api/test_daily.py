"""/api/daily/ and /api/daily/<date>/ (docs/rules.md §6): the day's variant, seats, commitment and
ranking; its seed, deals and travellers once the day is over, never before (R63); nobody
else's attempt while it lasts."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from games.models import Game
from games.rules import deal, get_ruleset, round_seed, tile_str
from leaderboard import services
from leaderboard.models import DailyAttempt, DailyChallenge, day_end
from tests.api.conftest import client_of
from tests.leaderboard.conftest import last_legal, play, todays

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(players):
    """Today's challenge (known seed): alice and bob have played it to the end, charlie has
    played one round of his."""
    challenge = todays()
    alice, bob, charlie = players[:3]
    play(services.start_attempt(alice))
    play(services.start_attempt(bob), choose=last_legal)
    play(services.start_attempt(charlie), rounds=1)
    return challenge


def end_of(challenge: DailyChallenge) -> DailyChallenge:
    """The day is over: it becomes yesterday's (as the leaderboard's own tests do)."""
    yesterday = challenge.date - timedelta(days=1)
    DailyChallenge.objects.filter(pk=challenge.pk).update(date=yesterday)
    Game.objects.filter(daily=True).update(playable_until=day_end(yesterday))
    challenge.refresh_from_db()
    return challenge


def test_the_days_list(day):
    data = client_of(None).get("/api/daily/").json()
    assert data["count"] == 1
    assert data["results"] == [
        {
            "date": day.date.isoformat(),
            "url": f"/api/daily/{day.date.isoformat()}/",
            "variant": "draw",
            "seats": 3,
            "commitment": day.commitment,
            "over": False,
            "seed": None,
            "players": 3,
        }
    ]


def test_today_shows_the_ranking_but_no_seed_deal_or_other_attempt(day, players):
    alice, bob, charlie, dave = players[:4]
    for user in (None, alice, dave):
        response = client_of(user).get(f"/api/daily/{day.date.isoformat()}/")
        text = response.content.decode()
        data = response.json()
        assert data["over"] is False and data["seed"] is None and data["deals"] == []
        assert day.seed not in text
        for n in range(1, 6):
            assert round_seed(day.seed, n) not in text
        # The ranking: names and points of the attempts that are over (R62), not their games.
        attempts = {a.player.username: a for a in DailyAttempt.objects.all()}
        ranking = data["ranking"]["results"]
        assert [r["username"] for r in ranking] == [a.player.username for a in services.ranking(day)] and {
            r["username"] for r in ranking
        } == {"alice", "bob"}
        for row in ranking:
            own = user is not None and row["username"] == user.username
            assert row["match"] == (f"/api/matches/{attempts[row['username']].game_id}/" if own else None)
            assert row["points"] == attempts[row["username"]].points
        # No tile of any deal: the deals are the day's secret.
        assert not any(
            tile in text
            for tile in (tile_str(t) for t in deal(round_seed(day.seed, 1), get_ruleset("draw"), 3).stock)
        )
        traveller = client_of(user).get(f"/api/daily/{day.date.isoformat()}/deals/1/")
        assert traveller.status_code == 404
    mine = client_of(charlie).get(f"/api/daily/{day.date.isoformat()}/").json()["mine"]
    assert mine["finished"] is False and mine["rank"] is None and mine["rounds_played"] == 1
    assert mine["match"] == f"/api/matches/{DailyAttempt.objects.get(player=charlie).game_id}/"
    # Another player's attempt is 404 to the others while the day lasts.
    assert client_of(dave).get(mine["match"]).status_code == 404
    assert client_of(charlie).get(mine["match"]).status_code == 200


def test_once_the_day_is_over_its_seed_deals_and_travellers(day, players):
    charlie = players[2]
    day = end_of(day)
    data = client_of(None).get(f"/api/daily/{day.date.isoformat()}/").json()
    assert data["over"] is True and data["seed"] == day.seed
    # R63: charlie's unfinished attempt counts as it stood.
    assert data["ranked"] == 3 and {r["username"] for r in data["ranking"]["results"]} == {
        "alice",
        "bob",
        "charlie",
    }
    assert all(r["match"] for r in data["ranking"]["results"])
    assert [r["rank"] for r in data["ranking"]["results"]] == [1, 2, 3]
    rules = get_ruleset("draw")
    for item in data["deals"]:
        dealt = deal(round_seed(day.seed, item["number"]), rules, 3)
        assert item["seed"] == round_seed(day.seed, item["number"])
        assert item["hands"] == [[tile_str(t) for t in hand] for hand in dealt.hands]
        assert item["stock"] == [tile_str(t) for t in dealt.stock]
    assert len(data["deals"]) == 5
    traveller = client_of(None).get(data["deals"][0]["traveller"]).json()
    assert traveller["seed"] == round_seed(day.seed, 1)
    lines = traveller["results"]
    assert {line["username"] for line in lines} == {"alice", "bob", "charlie"}
    assert [line["points"] for line in lines] == sorted((line["points"] for line in lines), reverse=True)
    assert sum(d["count"] for d in traveller["distribution"]) == traveller["players"] == 3
    # Every attempt's match is there for anyone, with its record (dealt the day's hands).
    game = DailyAttempt.objects.get(player=charlie).game
    detail = client_of(None).get(f"/api/matches/{game.pk}/").json()
    assert detail["record"]["rounds"][0]["hands"] == traveller["hands"]
    assert client_of(None).get(f"/api/daily/{day.date.isoformat()}/deals/6/").status_code == 404


def test_player_daily_results(day, players):
    alice, charlie = players[0], players[2]
    data = client_of(None).get("/api/players/alice/").json()["daily"]
    attempt = DailyAttempt.objects.get(player=alice)
    assert data == [
        {
            "date": day.date.isoformat(),
            "url": f"/api/daily/{day.date.isoformat()}/",
            "variant": "draw",
            "seats": 3,
            "points": attempt.points,
            "robot_points": attempt.robot_points,
            "rank": services.rank_of(attempt),
            "complete": True,
            "finished": json.loads(json.dumps(data[0]["finished"])),
            "match": None,  # another's attempt, while the day lasts
        }
    ]
    # An attempt in play is listed to its player alone.
    assert client_of(None).get("/api/players/charlie/").json()["daily"] == []
    assert len(client_of(charlie).get("/api/players/charlie/").json()["daily"]) == 1


def test_unknown_days_are_404(day):
    client = client_of(None)
    for value in ("hier", "2999-01-01", "2020-01-01", (day.date + timedelta(days=1)).isoformat()):
        assert client.get(f"/api/daily/{value}/").status_code == 404, value
    assert client.get(f"/api/daily/{day.date.isoformat()}/?page=9").status_code == 404
