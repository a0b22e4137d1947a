"""Ratings over the API: a match's rating changes, a player's ratings, the leaderboards."""

from __future__ import annotations

import pytest

from leaderboard.models import Rating, RatingChange
from tests.api.conftest import client_of, match

pytestmark = pytest.mark.django_db


def test_a_rated_match_shows_each_players_rating_before_and_change(games):
    game = games["public"]
    data = client_of(None).get(f"/api/matches/{game.pk}/").json()
    assert data["rated"] is True
    for player in data["players"]:
        change = RatingChange.objects.get(game=game, player__username=player["username"])
        assert player["rating"] == {
            "before": change.before,
            "change": change.delta,
            "provisional": change.provisional_before,
        }
    assert {p["rating"]["change"] > 0 for p in data["players"]} == {True, False}  # one won, one lost
    # Friendly and unfinished matches have no rating change.
    for key in ("private", "live"):
        detail = client_of(game.seat_set.get(index=0).player).get(f"/api/matches/{games[key].pk}/").json()
        assert [p["rating"] for p in detail["players"]] == [None] * len(detail["players"])
    assert client_of(None).get(f"/api/matches/{games['private'].pk}/").status_code == 404


def test_player_ratings_with_their_provisional_flag(games, players):
    data = client_of(None).get("/api/players/alice/").json()
    ratings = {r.variant: r for r in Rating.objects.filter(player=players[0])}
    assert set(ratings) == {"draw", "family"}
    assert [r["variant"] for r in data["ratings"]] == ["draw", "family"]
    for row in data["ratings"]:
        rating = ratings[row["variant"]]
        assert row["rating"] == rating.shown and row["provisional"] is rating.provisional is True
        assert row["rank"] is None  # provisional: not ranked yet
        assert row["matches"] == rating.matches == 1


def test_leaderboard_established_and_provisional_apart(games, players):
    alice, bob = players[:2]
    # bob is established in draw, alice is not (as the rating rows say after enough matches).
    Rating.objects.filter(player=bob, variant="draw").update(provisional=False)
    board = client_of(None).get("/api/leaderboards/draw/").json()
    assert board["count"] == 1
    assert board["results"] == [
        {
            "rank": 1,
            "username": "bob",
            "url": "/api/players/bob/",
            "rating": Rating.objects.get(player=bob, variant="draw").shown,
            "provisional": False,
            "matches": 1,
            "last_played": board["results"][0]["last_played"],
        }
    ]
    apart = client_of(None).get("/api/leaderboards/draw/?provisional=true").json()["results"]
    provisional = Rating.objects.filter(variant="draw", provisional=True).order_by("-ordinal", "id")
    assert [(r["username"], r["rank"]) for r in apart] == [(r.player.username, None) for r in provisional]
    assert [r["username"] for r in apart] == ["alice"]  # bob is established; charlie has no rated draw yet
    assert client_of(None).get("/api/players/bob/").json()["ratings"][0]["rank"] == 1


def test_leaderboard_pages_and_ranks(players):
    alice, bob, charlie, dave, eve, frank = players
    for pair in ([alice, bob], [charlie, dave], [eve, frank], [alice, charlie], [bob, dave]):
        match("draw", pair, seed=f"api board {pair[0]} {pair[1]}")
    Rating.objects.filter(variant="draw").update(provisional=False)
    expected = list(
        Rating.objects.filter(variant="draw")
        .order_by("-ordinal", "id")
        .values_list("player__username", flat=True)
    )
    seen, url = [], "/api/leaderboards/draw/?page_size=4"
    while url:
        page = client_of(None).get(url).json()
        assert page["count"] == 6
        seen += [(r["rank"], r["username"]) for r in page["results"]]
        url = page["next"]
    assert seen == list(enumerate(expected, start=1))
    ratings = [r["rating"] for r in client_of(None).get("/api/leaderboards/draw/").json()["results"]]
    assert ratings == sorted(ratings, reverse=True)


def test_unknown_variants_and_pages_are_404(games):
    client = client_of(None)
    assert client.get("/api/leaderboards/chess/").status_code == 404
    assert client.get("/api/leaderboards/draw/?page=99").status_code == 404
    assert client.get("/api/leaderboards/classic/").json()["results"] == []


def test_leaderboard_queries_do_not_grow_with_the_page(players, django_assert_max_num_queries):
    alice, bob, charlie, dave = players[:4]
    match("draw", [alice, bob], seed="api q1")
    match("draw", [charlie, dave], seed="api q2")
    Rating.objects.update(provisional=False)
    for size in (1, 4):
        with django_assert_max_num_queries(2):  # the count, the page with its players
            response = client_of(None).get(f"/api/leaderboards/draw/?page_size={size}")
        assert response.status_code == 200
        assert len(response.json()["results"]) == size  # a page of that size, not an error
