"""Undoing a rated match (a voided match): the ratings as if it had never been rated."""

from __future__ import annotations

from datetime import datetime, time, timedelta

import pytest
from django.utils import timezone

from leaderboard import ratings
from leaderboard.models import Rating, RatingChange
from tests.leaderboard.conftest import finished
from tests.leaderboard.test_ratings import NEW, direct, values

pytestmark = pytest.mark.django_db


def stored(player, variant="draw"):
    r = Rating.objects.get(player=player, variant=variant)
    return (r.mu, r.sigma, r.matches, r.last_played, r.ordinal, r.provisional)


def test_unrating_the_latest_match_restores_the_ratings_exactly(players):
    alice, bob = players[:2]
    ratings.rate_match(finished("draw", [alice, bob], [100, 0], [True, False]).pk)
    a, b = stored(alice), stored(bob)
    game = finished("draw", [alice, bob], [0, 100], [False, True])
    ratings.rate_match(game.pk)
    assert stored(alice) != a
    assert ratings.unrate(game) == 0
    assert stored(alice) == a and stored(bob) == b
    assert not RatingChange.objects.filter(game=game).exists()
    # Never rated again.
    assert ratings.rate_match(game.pk) == []
    assert stored(alice) == a


def test_unrating_a_first_match_leaves_no_rating(players):
    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [100, 0], [True, False])
    ratings.rate_match(game.pk)
    ratings.unrate(game.pk)
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_unrating_an_earlier_match_rates_the_later_ones_again_from_before_it(players):
    alice, bob, charlie, dave = players[:4]
    # Noon, three days ago (Paris): the matches three hours apart fall on one day, with no
    # idle day between them, whatever the hour the test runs at.
    t0 = timezone.make_aware(datetime.combine(timezone.localdate() - timedelta(days=3), time(12)))
    voided = finished("draw", [alice, bob], [100, 0], [True, False])
    ratings.rate_match(voided.pk, now=t0)
    # Later: bob against charlie (depends on the voided match through bob), then charlie
    # against dave (through charlie), and alice alone elsewhere in another variant.
    ratings.rate_match(
        finished("draw", [bob, charlie], [100, 0], [True, False]).pk, now=t0 + timedelta(hours=1)
    )
    ratings.rate_match(
        finished("draw", [charlie, dave], [0, 100], [False, True]).pk, now=t0 + timedelta(hours=2)
    )
    ratings.rate_match(
        finished("block", [alice, dave], [50, 0], [True, False]).pk, now=t0 + timedelta(hours=3)
    )
    block = stored(alice, "block"), stored(dave, "block")
    assert ratings.unrate(voided) == 2
    # As if only the two later matches of draw had been played, from new ratings.
    [[b], [c]] = direct([[NEW], [NEW]], [0, 1])
    [[c2], [d]] = direct([[c], [NEW]], [1, 0])
    assert values(bob, "draw") == pytest.approx(b)
    assert values(charlie, "draw") == pytest.approx(c2)
    assert values(dave, "draw") == pytest.approx(d)
    assert not Rating.objects.filter(player=alice, variant="draw").exists()
    assert Rating.objects.get(player=charlie, variant="draw").matches == 2
    assert (stored(alice, "block"), stored(dave, "block")) == block
    assert RatingChange.objects.filter(variant="draw").count() == 4
