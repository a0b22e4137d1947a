"""Ratings after rated matches, checked against openskill called directly on the same ranks."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from openskill.models import PlackettLuce

from games import services
from games.models import Game
from leaderboard import ratings
from leaderboard.models import Rating, RatingChange
from tests.leaderboard.conftest import finished

pytestmark = pytest.mark.django_db


def direct(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[tuple[float, float]]]:
    """openskill's own answer, from a model of its own (openskill's defaults)."""
    model = PlackettLuce()
    rated = model.rate([[model.rating(mu=m, sigma=s) for m, s in team] for team in teams], ranks=ranks)
    return [[(r.mu, r.sigma) for r in team] for team in rated]


NEW = (PlackettLuce().mu, PlackettLuce().sigma)


def values(player, variant: str) -> tuple[float, float]:
    rating = Rating.objects.get(player=player, variant=variant)
    return rating.mu, rating.sigma


def test_a_two_seat_match_moves_both_ratings_as_openskill_does(players):
    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [42, 100], [False, True])
    changes = ratings.rate_match(game.pk)
    assert len(changes) == 2
    [[a], [b]] = direct([[NEW], [NEW]], [1, 0])
    assert values(alice, "draw") == pytest.approx(a)
    assert values(bob, "draw") == pytest.approx(b)
    assert values(bob, "draw")[0] > values(alice, "draw")[0]
    game.refresh_from_db()
    assert game.rated_at is not None


def test_a_three_seat_match_ranks_the_winner_then_by_score(players):
    alice, bob, charlie = players[:3]
    game = finished("block", [alice, bob, charlie], [30, 52, 12], [False, True, False])
    ratings.rate_match(game.pk)
    [[a], [b], [c]] = direct([[NEW], [NEW], [NEW]], [1, 0, 2])
    assert values(alice, "block") == pytest.approx(a)
    assert values(bob, "block") == pytest.approx(b)
    assert values(charlie, "block") == pytest.approx(c)


def test_a_four_seat_match_with_equal_losers_ties_them(players):
    alice, bob, charlie, dave = players[:4]
    game = finished("all_fives", [alice, bob, charlie, dave], [20, 150, 20, 35], [False, True, False, False])
    ratings.rate_match(game.pk)
    [[a], [b], [c], [d]] = direct([[NEW], [NEW], [NEW], [NEW]], [2, 0, 2, 1])
    assert values(alice, "all_fives") == pytest.approx(a)
    assert values(bob, "all_fives") == pytest.approx(b)
    assert values(charlie, "all_fives") == pytest.approx(c)
    assert values(dave, "all_fives") == pytest.approx(d)
    assert values(alice, "all_fives") == pytest.approx(values(charlie, "all_fives"))


def test_partners_two_teams_the_team_mates_move_together(players):
    alice, bob, charlie, dave = players[:4]
    # Seats 0 and 2 against 1 and 3 (R2); the team of seats 1 and 3 wins.
    game = finished("partners", [alice, bob, charlie, dave], [80, 150, 80, 150], [False, True, False, True])
    ratings.rate_match(game.pk)
    [[a, c], [b, d]] = direct([[NEW, NEW], [NEW, NEW]], [1, 0])
    assert values(alice, "partners") == pytest.approx(a)
    assert values(charlie, "partners") == pytest.approx(c)
    assert values(bob, "partners") == pytest.approx(b)
    assert values(dave, "partners") == pytest.approx(d)
    assert values(alice, "partners") == pytest.approx(values(charlie, "partners"))
    assert values(bob, "partners") == pytest.approx(values(dave, "partners"))
    assert values(bob, "partners")[0] > values(alice, "partners")[0]


def test_partners_team_mates_of_different_ratings_move_the_same_way(players):
    alice, bob, charlie, dave, eve, frank = players
    # A first match gives alice and bob ratings of their own.
    ratings.rate_match(
        finished("partners", [alice, eve, bob, frank], [0, 1, 0, 1], [True, False, True, False]).pk
    )
    before_a, before_c = values(alice, "partners"), NEW
    game = finished("partners", [alice, bob, charlie, dave], [150, 90, 150, 90], [True, False, True, False])
    before_b = values(bob, "partners")
    ratings.rate_match(game.pk)
    [[a, c], [b, d]] = direct([[before_a, before_c], [before_b, NEW]], [0, 1])
    assert values(alice, "partners") == pytest.approx(a)
    assert values(charlie, "partners") == pytest.approx(c)
    assert values(alice, "partners")[0] > before_a[0] and values(charlie, "partners")[0] > before_c[0]
    assert values(bob, "partners")[0] < before_b[0] and values(dave, "partners")[0] < NEW[0]


def test_family_low_total_wins_and_shared_lowest_totals_tie(players):
    alice, bob, charlie = players[:3]
    # R32: the lowest total wins; alice and charlie share it, both winners.
    game = finished("family", [alice, bob, charlie], [12, 40, 12], [True, False, True])
    ratings.rate_match(game.pk)
    [[a], [b], [c]] = direct([[NEW], [NEW], [NEW]], [0, 1, 0])
    assert values(alice, "family") == pytest.approx(a)
    assert values(bob, "family") == pytest.approx(b)
    assert values(charlie, "family") == pytest.approx(c)
    assert values(alice, "family") == pytest.approx(values(charlie, "family"))
    assert values(alice, "family")[0] > NEW[0] > values(bob, "family")[0]


def test_ratings_are_per_variant_whatever_the_seats(players):
    alice, bob, charlie = players[:3]
    ratings.rate_match(finished("draw", [alice, bob], [100, 20], [True, False]).pk)
    first = values(alice, "draw")
    ratings.rate_match(finished("draw", [alice, bob, charlie], [100, 20, 10], [True, False, False]).pk)
    [[a], [b], [c]] = direct([[first], [values_after_first(bob)], [NEW]], [0, 1, 2])
    assert values(alice, "draw") == pytest.approx(a)
    assert Rating.objects.get(player=alice, variant="draw").matches == 2
    assert not Rating.objects.filter(player=alice).exclude(variant="draw").exists()


def values_after_first(player):
    change = RatingChange.objects.filter(player=player).order_by("pk").first()
    return change.mu_after, change.sigma_after


def test_a_later_match_starts_from_the_ratings_the_earlier_left(players):
    alice, bob = players[:2]
    ratings.rate_match(finished("block", [alice, bob], [50, 10], [True, False]).pk)
    a1, b1 = values(alice, "block"), values(bob, "block")
    ratings.rate_match(finished("block", [alice, bob], [5, 50], [False, True]).pk)
    [[a], [b]] = direct([[a1], [b1]], [1, 0])
    assert values(alice, "block") == pytest.approx(a)
    assert values(bob, "block") == pytest.approx(b)


def test_the_same_match_rated_twice_is_rated_once(players):
    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [100, 0], [True, False])
    assert len(ratings.rate_match(game.pk)) == 2
    once = values(alice, "draw")
    assert ratings.rate_match(game.pk) == []
    assert values(alice, "draw") == once
    assert RatingChange.objects.filter(game=game).count() == 2
    assert Rating.objects.get(player=alice, variant="draw").matches == 1


def test_the_task_rates_once_however_often_it_runs(players):
    from leaderboard import tasks

    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [100, 0], [True, False])
    assert tasks.rate_match(game.pk) == 2
    assert tasks.rate_match(game.pk) == 0
    assert tasks.rate_pending() == 0
    assert RatingChange.objects.filter(game=game).count() == 2


@pytest.mark.parametrize(
    "options",
    [
        {"status": Game.ABANDONED},
        {"status": Game.CLOSED},
        {"status": Game.PLAYING},
        {"rated": False},  # a friendly table
        {"rated": False, "public": False},  # a private table, friendly by default
    ],
    ids=["abandoned", "closed", "in-play", "friendly", "private"],
)
def test_unrated_or_unfinished_matches_change_nothing(players, options):
    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [100, 0], [True, False], **options)
    assert ratings.rate_match(game.pk) == []
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    game.refresh_from_db()
    assert game.rated_at is None


def test_a_daily_attempt_is_never_rated(players):
    # A daily attempt is a Game created with the model's default: not rated.
    alice = players[0]
    game = Game.objects.create(host=alice, variant="draw", seats=2, status=Game.OVER)
    assert game.rated is False
    assert ratings.rate_match(game.pk) == []
    assert not Rating.objects.exists()


def test_open_table_rated_by_default_when_public_friendly_when_private(players):
    alice, bob, charlie, dave = players[:4]  # one live table each (R56)
    assert services.open_table(alice, "draw", 2, None, True).rated is True
    assert services.open_table(bob, "draw", 2, None, False).rated is False
    assert services.open_table(charlie, "draw", 2, None, True, rated=False).rated is False
    assert services.open_table(dave, "draw", 2, None, False, rated=True).rated is True


def test_a_change_keeps_the_values_before_and_after(players):
    alice, bob = players[:2]
    game = finished("draw", [alice, bob], [100, 0], [True, False])
    ratings.rate_match(game.pk)
    change = RatingChange.objects.get(game=game, player=alice)
    assert (change.mu_before, change.sigma_before) == NEW
    assert change.before == 1500 and change.provisional_before
    assert (change.mu_after, change.sigma_after) == pytest.approx(values(alice, "draw"))
    assert change.delta == change.after - 1500 > 0
    assert RatingChange.objects.get(game=game, player=bob).delta < 0


def test_a_new_player_shows_1500_provisional_and_about_ten_matches_make_them_established(players):
    alice, bob = players[:2]
    assert ratings.shown(*NEW) == pytest.approx(1500)
    for n in range(12):
        won = n % 2 == 0
        ratings.rate_match(
            finished("draw", [alice, bob], [100 if won else 0, 0 if won else 100], [won, not won]).pk
        )
        rating = Rating.objects.get(player=alice, variant="draw")
        if n < 7:
            assert rating.provisional, n
    assert not rating.provisional
    assert 8 <= RatingChange.objects.filter(player=alice, provisional_after=True).count() <= 11


# Idle days: uncertainty grows back (a frozen clock: the time is passed in) ------------


def test_sigma_grows_back_per_idle_day_capped_at_the_start(settings):
    settings.RATING_IDLE_SIGMA_PER_DAY = 0.5
    played = timezone.now().replace(hour=12)
    today = timezone.localdate(played)
    assert ratings.grown_sigma(3.0, played, today) == 3.0
    assert ratings.grown_sigma(3.0, played, today + timedelta(days=1)) == pytest.approx((9 + 0.25) ** 0.5)
    assert ratings.grown_sigma(3.0, played, today + timedelta(days=4)) == pytest.approx((9 + 1.0) ** 0.5)
    assert ratings.grown_sigma(3.0, played, today + timedelta(days=10_000)) == pytest.approx(NEW[1])


def test_idle_days_lower_what_is_shown_and_the_next_match_starts_from_grown_sigma(players, settings):
    settings.RATING_IDLE_SIGMA_PER_DAY = 0.5
    alice, bob = players[:2]
    played = timezone.now() - timedelta(days=30)
    for n in range(15):
        won = n % 2 == 0
        scores = [100, 0] if won else [0, 100]
        ratings.rate_match(finished("draw", [alice, bob], scores, [won, not won]).pk, now=played)
    rating = Rating.objects.get(player=alice, variant="draw")
    assert not rating.provisional
    established = rating.ordinal
    # Thirty days later, the daily refresh shows a lower number, provisional again here.
    today = timezone.localdate(played) + timedelta(days=30)
    assert ratings.refresh(today=today) == 2
    rating.refresh_from_db()
    grown = ratings.grown_sigma(rating.sigma, rating.last_played, today)
    assert grown > rating.sigma
    assert rating.ordinal == pytest.approx(ratings.shown(rating.mu, grown))
    assert rating.ordinal < established
    assert rating.provisional == (grown > settings.RATING_PROVISIONAL_SIGMA)
    assert ratings.refresh(today=today) == 0  # once a day
    # The next match rates from the grown sigma.
    b = Rating.objects.get(player=bob, variant="draw")
    b_grown = ratings.grown_sigma(b.sigma, b.last_played, today)
    now = played + timedelta(days=30)
    ratings.rate_match(finished("draw", [alice, bob], [100, 0], [True, False]).pk, now=now)
    [[a], [_b]] = direct([[(rating.mu, grown)], [(b.mu, b_grown)]], [0, 1])
    assert values(alice, "draw") == pytest.approx(a)
    change = RatingChange.objects.filter(player=alice).latest("pk")
    assert change.ordinal_before == pytest.approx(rating.ordinal)
    assert change.sigma_before == pytest.approx(rating.sigma)  # as stored, for unrate


def test_matches_whose_task_was_lost_are_rated_by_the_periodic_task(players):
    from leaderboard import tasks

    alice, bob = players[:2]
    lost = [finished("draw", [alice, bob], [100, 0], [True, False]) for _ in range(2)]
    friendly = finished("draw", [alice, bob], [100, 0], [True, False], rated=False)
    assert tasks.rate_pending() == 2
    assert all(RatingChange.objects.filter(game=game).count() == 2 for game in lost)
    assert not RatingChange.objects.filter(game=friendly).exists()
    assert tasks.rate_pending() == 0
    assert Rating.objects.get(player=alice, variant="draw").matches == 2


def test_ending_a_rated_match_sends_its_rating_task_after_the_commit(
    players, django_capture_on_commit_callbacks, monkeypatch
):
    from config.celery import app
    from tests.leaderboard.conftest import play_out, start

    sent = []
    monkeypatch.setattr(app, "send_task", lambda name, args=(), **kw: sent.append((name, args)))
    alice, bob = players[:2]
    rated = start("block", [alice, bob], target=50)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(rated)
    friendly = start("block", [alice, bob], target=50, rated=False)  # one live table at a time (R56)
    with django_capture_on_commit_callbacks(execute=True):
        play_out(friendly)
    assert [s for s in sent if s[0] == "leaderboard.tasks.rate_match"] == [
        ("leaderboard.tasks.rate_match", (rated,))
    ]
