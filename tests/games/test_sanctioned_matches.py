"""R57: a match during which a seated player was suspended or banned counts for nobody.

The table plays the sanctioned seat at once on every turn, so that the others can
finish; the match is then not rated and counts for nobody, as an abandoned one,
wherever wins are counted: the profile's matches played and won per variant, the
ratings (and so the leaderboards), the history API's result fields and its
``result`` filter. Its record and journal stand.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from accounts import sanctions
from accounts.models import Sanction
from accounts.views import variant_stats
from games import services
from games.models import Game, Move
from leaderboard.models import Rating, RatingChange
from leaderboard.ratings import rate_match
from tests.accounts.moderation import make_moderator
from tests.api.conftest import client_of
from tests.games.conftest import done_with, full_table, game_of, move_of, play_first, turn_of
from tests.games.test_concurrency import together

pytestmark = pytest.mark.django_db


def finish(game_id: int, sanctioned: int) -> Game:
    """Play the match to its end: the table for the ``sanctioned`` seat (its turns due at
    once), the others their first legal tile, the host dealing each next round."""
    for _ in range(2000):
        game = game_of(game_id)
        if game.status == Game.OVER:
            return game
        if game.status == Game.ROUND_OVER:
            services.next_round(game_id, game.seat_set.get(index=0).player, game.version)
        elif turn_of(game) == sanctioned:
            assert game.deadline is not None and game.deadline <= timezone.now()
            assert services.autoplay_if_due(game_id, game.version) is not None
        else:
            play_first(game)
    raise AssertionError("the match did not end")


def api_match(viewer: Any, game_id: int) -> dict[str, Any]:
    response = client_of(viewer).get(f"/api/matches/{game_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def api_ids(viewer: Any, query: str) -> list[int]:
    response = client_of(viewer).get(f"/api/matches/{query}")
    assert response.status_code == 200, response.content
    return [row["id"] for row in response.json()["results"]]


def test_a_match_whose_player_was_banned_while_live_counts_for_nobody(
    players, django_capture_on_commit_callbacks
):
    alice, bob = players[:2]
    mod = make_moderator()
    game_id = full_table("block", [alice, bob], 50)  # public: rated
    services.connect(game_id, alice, "tab-alice")
    services.connect(game_id, bob, "tab-bob")
    if turn_of(game_of(game_id)) == 0:
        play_first(game_of(game_id))
    assert game_of(game_id).rated and game_of(game_id).status == Game.PLAYING

    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, bob, "Triche")

    assert game_of(game_id).voided is not None
    with django_capture_on_commit_callbacks(execute=True):
        game = finish(game_id, sanctioned=1)
    assert game.status == Game.OVER and game.winner is not None  # played to its end

    # Not rated: the rating task finds nothing to rate.
    assert rate_match(game_id) == []
    assert not RatingChange.objects.exists() and not Rating.objects.exists()
    # Counted for nobody on the profiles, and the players' API, which reads the same.
    assert variant_stats(bob) == [] and variant_stats(alice) == []
    response = client_of(alice).get("/api/players/alice/")  # a banned player has none shown
    assert response.status_code == 200
    assert response.json()["statistics"] == [] and response.json()["ratings"] == []
    # The history API: no winner, nobody won or lost it.
    found = api_match(alice, game_id)
    assert found["status"] == "over" and found["winner"] is None
    assert [seat["won"] for seat in found["players"]] == [None, None]
    for name in ("alice", "bob"):
        for result in ("won", "lost"):
            assert api_ids(alice, f"?player={name}&result={result}") == []
    assert api_ids(alice, "?player=bob") == [game_id]  # it is still listed
    # Its record stands: every round over, with its actions, the table's marked.
    assert len(found["record"]["rounds"]) == game.rounds.count() >= 1
    assert all(round_["actions"] for round_ in found["record"]["rounds"])
    assert any(a.get("auto") for round_ in found["record"]["rounds"] for a in round_["actions"])


def test_a_suspension_lifted_before_the_end_still_leaves_the_match_counted_for_nobody(
    players, django_capture_on_commit_callbacks
):
    alice, bob = players[:2]
    mod = make_moderator()
    game_id = full_table("draw", [alice, bob], 50)
    services.connect(game_id, alice, "tab-alice")
    services.connect(game_id, bob, "tab-bob")
    with django_capture_on_commit_callbacks(execute=True):
        sanctions.suspend(mod, bob, timezone.now() + timedelta(days=1), "Anti-jeu")
        sanctions.lift(mod, bob, "Erreur")
    # Bob plays his seat again, but the match was played for him a while: it still counts
    # for nobody (R57 says "while their match is live").
    game = game_of(game_id)
    assert game.voided is not None
    assert services.acts_for(game, 1) == services.PLAYER
    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(2000):
            game = game_of(game_id)
            if game.status == Game.OVER:
                break
            if game.status == Game.ROUND_OVER:
                services.next_round(game_id, alice, game.version)
            else:
                play_first(game)
    assert game.status == Game.OVER
    assert rate_match(game_id) == [] and variant_stats(alice) == [] and variant_stats(bob) == []


def test_a_sanction_after_the_match_ended_leaves_its_result_alone(
    players, django_capture_on_commit_callbacks
):
    alice, bob = players[:2]
    mod = make_moderator()
    game_id = full_table("block", [alice, bob], 50)
    with django_capture_on_commit_callbacks(execute=True):
        game = finish(game_id, sanctioned=-1)
    rated = rate_match(game_id)
    assert len(rated) == 2

    with django_capture_on_commit_callbacks(execute=True):
        sanctions.ban(mod, bob, "Triche")

    game = game_of(game_id)
    assert game.voided is None and game.status == Game.OVER
    assert RatingChange.objects.filter(game_id=game_id).count() == 2
    assert [row["played"] for row in variant_stats(bob)] == [1]
    found = api_match(alice, game_id)
    assert found["winner"] is not None and sorted(seat["won"] for seat in found["players"]) == [False, True]
    assert Move.objects.filter(game_id=game_id, auto=True).count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_ban_and_the_players_play_at_once_are_taken_one_after_the_other(players):
    """The ban locks the player's row, then each live table's (as joining does); the play
    locks its table's row and reads the seats' sanctions with it. Whichever comes first,
    the other sees it: the play is applied before the ban, or refused ``sanctioned``
    after it; the match counts for nobody either way, and its state stays whole."""
    alice, bob = players[:2]
    mod = make_moderator()
    for _ in range(4):
        bob.refresh_from_db()
        if not bob.is_active:
            sanctions.lift(mod, bob, "Tour suivant")
        game_id = full_table("draw", [alice, bob])
        while turn_of(game := game_of(game_id)) != 1:
            play_first(game)
        user, move = move_of(game)
        assert user == bob
        ban, play = together(
            lambda: sanctions.ban(mod, bob, "Triche"),
            lambda gid=game_id, m=move, v=game.version: services.play(gid, bob, m, v),
        )
        assert isinstance(ban, Sanction)
        after = game_of(game_id)
        assert after.voided is not None and after.status == Game.PLAYING
        if isinstance(play, services.ServiceError):
            assert play.code == "sanctioned" and after.version == game.version
        else:
            assert isinstance(play, services.Change) and after.version == game.version + 1
        assert after.replay() == after.match
        done_with(game_id)
