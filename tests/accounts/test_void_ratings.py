"""Voiding a match undoes its rating changes exactly (leaderboard.ratings.unrate)."""

from __future__ import annotations

import pytest

from accounts import sanctions
from leaderboard import ratings
from leaderboard.models import Rating, RatingChange
from tests.accounts.moderation import make_moderator
from tests.leaderboard.conftest import finished

pytestmark = pytest.mark.django_db


def every_rating() -> dict[tuple[int, str], tuple]:
    return {
        (r.player_id, r.variant): (r.mu, r.sigma, r.matches, r.last_played, r.ordinal, r.provisional)
        for r in Rating.objects.all()
    }


def test_voiding_a_match_restores_every_rating_exactly_as_before_it(players):
    alice, bob, charlie = players[:3]
    mod = make_moderator()
    ratings.rate_match(finished("draw", [alice, bob], [100, 20], [True, False]).pk)
    ratings.rate_match(finished("draw", [bob, charlie], [100, 40], [True, False]).pk)
    before = every_rating()
    cheated = finished("draw", [alice, bob, charlie], [100, 0, 10], [True, False, False])
    ratings.rate_match(cheated.pk)
    assert every_rating() != before

    assert sanctions.void_game(mod, cheated, "Collusion de bob et charlie")

    assert every_rating() == before
    assert not RatingChange.objects.filter(game=cheated).exists()
    assert ratings.rate_match(cheated.pk) == []  # a voided match is never rated again
    assert every_rating() == before


def test_a_voided_match_finished_later_is_not_rated(players):
    alice, bob = players[:2]
    mod = make_moderator()
    game = finished("draw", [alice, bob], [100, 0], [True, False])
    sanctions.void_game(mod, game, "Triche")
    assert ratings.rate_match(game.pk) == []
    assert not Rating.objects.exists()
