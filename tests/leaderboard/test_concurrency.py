"""Ratings of matches finishing at the same moment, from threads released together,
each with its own database connection, as two Celery worker processes would be.

On PostgreSQL the rating rows are locked in player order; on SQLite the claim on
the match takes the database's write lock first. Either way, no update is lost.
"""

from __future__ import annotations

import functools

import pytest

from leaderboard import ratings
from leaderboard.models import Rating, RatingChange
from tests.games.test_concurrency import together
from tests.leaderboard.conftest import finished
from tests.leaderboard.test_ratings import NEW, direct

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_matches_of_one_player_finishing_at_once_both_count(players):
    alice, bob, charlie, dave, eve = players[:5]
    for _ in range(3):  # several rounds of the race
        RatingChange.objects.all().delete()
        Rating.objects.all().delete()
        # alice has a rating already: her row exists, and both matches read it.
        ratings.rate_match(finished("draw", [alice, eve], [100, 0], [True, False]).pk)
        start = (Rating.objects.get(player=alice).mu, Rating.objects.get(player=alice).sigma)
        one = finished("draw", [alice, bob], [100, 0], [True, False])
        # alice is in both; the other players sit at one of the two, in either order of ids.
        two = finished("draw", [charlie, alice, dave], [0, 100, 20], [False, True, False])
        results = together(
            functools.partial(ratings.rate_match, one.pk), functools.partial(ratings.rate_match, two.pk)
        )
        assert [len(r) for r in results] == [2, 3]
        rating = Rating.objects.get(player=alice, variant="draw")
        assert rating.matches == 3
        # Whichever came first, the second started from what the first left.
        [[a1], [_b]] = direct([[start], [NEW]], [0, 1])
        [[_c], [a12], [_d]] = direct([[NEW], [a1], [NEW]], [2, 0, 1])
        [[_c], [a2], [_d]] = direct([[NEW], [start], [NEW]], [2, 0, 1])
        [[a21], [_b]] = direct([[a2], [NEW]], [0, 1])
        assert (rating.mu, rating.sigma) in (pytest.approx(a12), pytest.approx(a21))
        _warm, first, second = RatingChange.objects.filter(player=alice).order_by("pk")
        assert (second.mu_before, second.sigma_before) == (first.mu_after, first.sigma_after)


def test_the_same_match_rated_from_two_workers_at_once_is_rated_once(players):
    alice, bob = players[:2]
    for _ in range(3):
        game = finished("block", [alice, bob], [50, 0], [True, False])
        rate = functools.partial(ratings.rate_match, game.pk)
        results = together(rate, rate)
        assert sorted(len(r) for r in results) == [0, 2]
        assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(player=alice, variant="block").matches == 3
