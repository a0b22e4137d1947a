"""/api/matches/ and /api/matches/<id>/: content, filters, pagination, permissions, queries."""

from __future__ import annotations

from datetime import UTC, timedelta
from typing import Any
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import services
from games.models import Game
from games.rules import get_ruleset
from leaderboard.models import RatingChange
from tests.api.conftest import client_of, match

pytestmark = pytest.mark.django_db


def ids(response: Any) -> list[int]:
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


def listed(user: Any, query: str = "", path: str = "/api/matches/") -> list[int]:
    return ids(client_of(user).get(path + query))


def test_lists_public_matches_newest_first_to_anyone(games, players):
    public = [games[k].pk for k in ("fresh", "family", "live", "public")]
    assert listed(None) == public
    assert listed(players[4]) == public  # eve sat at none of them


def test_a_private_match_is_listed_to_its_players_only(games, players):
    alice, bob, charlie, _dave, eve = players[:5]
    private = games["private"].pk
    assert private in listed(alice) and private in listed(bob)
    for user in (None, charlie, eve):
        assert private not in listed(user)
        assert private not in listed(user, "?player=alice&player=bob")
        assert private not in listed(user, "", "/api/players/alice/matches/")
        response = client_of(user).get(f"/api/matches/{private}/")
        assert response.status_code == 404 and response.json() == {"detail": "Non trouvé."}


def test_moderators_see_private_matches(games, players):
    eve, frank = players[4], players[5]
    eve.user_permissions.add(Permission.objects.get(codename="view_game", content_type__app_label="games"))
    frank.is_superuser = True
    frank.save()
    for user in (eve, frank):
        assert games["private"].pk in listed(user)
        assert client_of(user).get(f"/api/matches/{games['private'].pk}/").status_code == 200


def test_tables_not_begun_are_not_matches(players):
    alice, bob = players[:2]
    waiting = services.open_table(alice, "draw", 2, None, True)
    closed = services.open_table(bob, "draw", 2, None, True)
    services.leave(closed.pk, bob)
    assert listed(None) == []
    for game in (waiting, closed):
        assert client_of(alice).get(f"/api/matches/{game.pk}/").status_code == 404


def test_list_entry(games):
    game = games["family"]
    [entry] = [row for row in client_of(None).get("/api/matches/").json()["results"] if row["id"] == game.pk]
    seats = list(game.seat_set.order_by("index"))
    changes = {c.player_id: c for c in RatingChange.objects.filter(game=game)}
    assert len(changes) == 3  # a public table is rated
    assert entry == {
        "id": game.pk,
        "url": f"/api/matches/{game.pk}/",
        "variant": "family",
        "seats": 3,
        "target": game.target,
        "public": True,
        "rated": True,
        "daily": False,
        "robots": False,
        "status": "over",
        "created": timezone.localtime(game.created).isoformat(),
        "started": timezone.localtime(game.started).isoformat(),
        "finished": timezone.localtime(game.finished).isoformat(),
        "winner": game.winner,
        "players": [
            {
                "seat": s.index,
                "username": s.player.username,
                "robot": None,
                "level": None,
                "side": s.index,
                "score": s.score,
                "won": s.won,
                "rating": {
                    "before": changes[s.player_id].before,
                    "change": changes[s.player_id].delta,
                    "provisional": changes[s.player_id].provisional_before,
                },
            }
            for s in seats
        ],
    }
    assert any(s.won for s in seats) and all(s.score is not None for s in seats)


def test_detail_of_a_finished_match(games):
    game = games["public"]
    data = client_of(None).get(f"/api/matches/{game.pk}/").json()
    rounds = list(game.rounds.order_by("number"))
    assert data["status"] == "over" and data["current_round"] is None
    assert [p["username"] for p in data["players"]] == ["alice", "bob"]
    assert data["scores"] == [s.score for s in game.seat_set.order_by("index")]
    assert [r["number"] for r in data["rounds"]] == [r.number for r in rounds]
    assert [r["seed"] for r in data["rounds"]] == [r.seed for r in rounds]
    assert [r["commitment"] for r in data["rounds"]] == [r.commitment for r in rounds]
    assert all(r["result"] in ("domino", "blocked", "closed") for r in data["rounds"])
    # The record is the server's own, every action of the log written, forced ones included.
    assert data["record"] == game.record()
    forced = game.moves.filter(forced=True).count()
    assert forced > 0
    assert sum(len(r["actions"]) for r in data["record"]["rounds"]) == game.moves.count()


def test_partners_sides(players):
    game = match("partners", players[:4])
    data = client_of(None).get(f"/api/matches/{game.pk}/").json()
    assert [p["side"] for p in data["players"]] == [0, 1, 0, 1]
    assert data["winner"] in (0, 1)
    winners = [p["username"] for p in data["players"] if p["won"]]
    assert winners == [players[data["winner"]].username, players[data["winner"] + 2].username]


def test_auto_marks_are_in_the_record(players):
    alice, bob = players[:2]
    game = match("draw", [alice, bob], rounds=0)
    services.connect(game.pk, alice, "tab-alice")  # R56: with nobody there the table waits
    game.refresh_from_db()
    services.autoplay_if_due(game.pk, game.version) if game.deadline <= timezone.now() else None
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.autoplay_if_due(game.pk, game.version) is not None
    from tests.games.conftest import to_round_over

    to_round_over(game.pk)
    data = client_of(None).get(f"/api/matches/{game.pk}/").json()
    actions = data["record"]["rounds"][0]["actions"]
    assert sum(1 for a in actions if a.get("auto")) == 1
    assert data["record"] == game.record()


def test_filters(games, players, settings):
    g = {k: v.pk for k, v in games.items()}
    alice = players[0]
    assert listed(alice, "?player=alice") == [g["family"], g["private"], g["public"]]
    assert listed(alice, "?player=alice&player=bob") == [g["private"], g["public"]]
    assert listed(alice, "?player=charlie&player=alice") == [g["family"]]
    assert listed(alice, "?player=alice&player=nobody") == []
    assert listed(alice, "?variant=family") == [g["family"]]
    assert listed(alice, "?variant=all_fives") == [g["fresh"]]
    assert listed(alice, "?seats=3") == [g["family"]]
    assert listed(alice, "?seats=2&variant=draw") == [g["live"], g["private"], g["public"]]
    assert listed(alice, "?status=playing") == [g["fresh"], g["live"]]
    assert listed(alice, "?status=over") == [g["family"], g["private"], g["public"]]
    assert listed(alice, "?status=abandoned") == []
    assert listed(alice, "?rated=true") == [g["fresh"], g["family"], g["live"], g["public"]]
    assert listed(alice, "?rated=false") == [g["private"]]
    assert listed(alice, "?daily=true") == []
    # Abandoned: nobody stayed at the table in play (services.sweep's rule).
    settings.DESERTED_TIMEOUT_SECONDS = 0
    Game.objects.filter(pk=g["fresh"]).update(deserted=timezone.now() - timedelta(seconds=1))
    assert services.abandon_if_due(g["fresh"]) is not None
    assert listed(alice, "?status=abandoned") == [g["fresh"]]
    assert listed(alice, "?status=playing") == [g["live"]]


def test_result_filter(games, players):
    alice = players[0]
    mine = [games[k] for k in ("family", "private", "public")]
    won = [m.pk for m in mine if m.seat_set.get(player=alice).won]
    lost = [m.pk for m in mine if not m.seat_set.get(player=alice).won]
    assert won and lost  # so with the known seeds of the fixture
    assert listed(alice, "?player=alice&result=won") == won
    assert listed(alice, "?player=alice&result=lost") == lost
    assert listed(alice, "?result=won", "/api/players/alice/matches/") == won
    assert listed(alice, "?result=lost&player=bob", "/api/players/alice/matches/") == [
        pk for pk in lost if pk in (games["private"].pk, games["public"].pk)
    ]
    response = client_of(alice).get("/api/matches/?result=won")
    assert response.status_code == 400 and "result" in response.json()


def test_date_filters(games, players):
    alice = players[0]
    everything = listed(alice)
    today = timezone.localdate()
    assert listed(alice, f"?since={today}") == everything
    assert listed(alice, f"?until={today}") == everything
    assert listed(alice, f"?since={today + timedelta(days=1)}") == []
    assert listed(alice, f"?until={today - timedelta(days=1)}") == []
    # A date and time without an offset is Paris time; with one, it is taken as given.
    family = games["family"]
    paris = timezone.localtime(family.started).replace(tzinfo=None).isoformat()
    later = [pk for pk in everything if Game.objects.get(pk=pk).started >= family.started]
    earlier = [pk for pk in everything if Game.objects.get(pk=pk).started <= family.started]
    assert family.pk in later and family.pk in earlier and len(later) < len(everything)
    assert listed(alice, f"?since={paris}") == later
    assert listed(alice, f"?until={paris}") == earlier
    utc = family.started.astimezone(UTC).isoformat().replace("+00:00", "Z")
    assert listed(alice, f"?since={utc}") == later
    tokyo = family.started.astimezone(ZoneInfo("Asia/Tokyo")).isoformat()
    assert listed(alice, "?" + urlencode({"until": tokyo})) == earlier
    # An offset no time zone has (PostgreSQL refuses +20:48) is the caller's error, not a 500.
    for bad in (
        "hier",
        "2026-13-01",
        "2026-02-30T10:00",
        "0322-10-12T07:05:12.1+20:48",
        "2026-11-30T10:00-15:00",
    ):
        response = client_of(alice).get("/api/matches/?" + urlencode({"since": bad}))
        assert response.status_code == 400 and "since" in response.json(), bad


def test_bad_parameters_are_400(games):
    client = client_of(None)
    for query in ("variant=chess", "seats=9", "status=won", "seats=deux"):
        response = client.get(f"/api/matches/?{query}")
        assert response.status_code == 400, query
    assert client.get("/api/matches/?cursor=nonsense").status_code == 404


def test_pagination_to_the_end_and_back(games, players):
    alice = players[0]
    client = client_of(alice)
    expected = listed(alice)
    assert len(expected) == 5
    seen, url, pages = [], "/api/matches/?page_size=2", []
    while url:
        page = client.get(url).json()
        pages.append(page)
        seen += [row["id"] for row in page["results"]]
        url = page["next"]
    assert seen == expected and len(pages) == 3
    assert pages[0]["previous"] is None
    back = client.get(pages[-1]["previous"]).json()
    assert [row["id"] for row in back["results"]] == expected[2:4]
    # A match that begins while paging does not shift the pages already handed out.
    match("draw", [players[5], players[0]], rounds=0)  # frank and alice: free (R56)
    assert [row["id"] for row in client.get(pages[0]["next"]).json()["results"]] == expected[2:4]
    assert len(client.get("/api/matches/?page_size=1000").json()["results"]) == 6  # capped at 100


def count_queries(client: Any, url: str) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


@pytest.mark.parametrize("user", [None, 0])
def test_list_queries_do_not_grow_with_the_page(games, players, user, django_assert_max_num_queries):
    client = client_of(None if user is None else players[user])
    for path in ("/api/matches/", "/api/players/alice/matches/", "/api/players/charlie/matches/"):
        small, large = (
            count_queries(client, path + "?page_size=1"),
            count_queries(client, path + "?page_size=5"),
        )
        assert small == large, path
        # session, user, the moderator's permission (user's and groups'), the player, matches,
        # seats, rating changes
        with django_assert_max_num_queries(8):
            response = client.get(path + "?page_size=100")
        assert response.status_code == 200, path


def test_detail_queries_are_bounded(games, django_assert_max_num_queries):
    client = client_of(None)
    with django_assert_max_num_queries(5):  # match, seats, rounds, moves, rating changes
        response = client.get(f"/api/matches/{games['public'].pk}/")
    assert response.status_code == 200
    assert response.json()["id"] == games["public"].pk and response.json()["rounds"]


def test_unknown_paths_and_ids_are_json_404(games):
    client = client_of(None)
    for path in ("/api/matches/999999/", "/api/matches/-1/", f"/api/matches/{2**70}/", "/api/nothing/"):
        response = client.get(path)
        assert response.status_code == 404 and response["Content-Type"] == "application/json", path


def test_every_side_scored_as_the_rules_say(games):
    for game in games.values():
        rules = get_ruleset(game.variant)
        data = client_of(None).get(f"/api/matches/{game.pk}/").json() if game.public else None
        if data is None:
            continue
        for player in data["players"]:
            assert player["side"] == rules.side_of(player["seat"])
