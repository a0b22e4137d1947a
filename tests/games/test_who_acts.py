"""Who may act is decided inside every command, from the rows it locks (``services.acts_for``).

A sanction closes the player's sockets through the channel layer, best effort; the
sanction is what the commands read, not whether that close arrived. Here each
player is made inactive as a sanction makes them (``is_active`` false), while the
``User`` object the command is given is the one loaded before, as a socket's or a
request's would be: every command refuses ``sanctioned`` and changes nothing.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from accounts import reports
from accounts.models import Report
from games import services
from games.models import Game, Move, Seat
from games.services.core import turn_seconds
from leaderboard import services as daily
from leaderboard.models import DailyAttempt
from tests.games.conftest import full_table, game_of, move_of, to_round_over

pytestmark = pytest.mark.django_db


def sanction(user: Any) -> None:
    """What a sanction does to the account (accounts.sanctions), and nothing else: the
    sockets, sessions and tables are left as they were, as if none of that arrived."""
    get_user_model().objects.filter(pk=user.pk).update(is_active=False)


def refused(code: str, call: Any, *args: Any, **kwargs: Any) -> None:
    with pytest.raises(services.ServiceError) as refusal:
        call(*args, **kwargs)
    assert refusal.value.code == code


def snapshot(game_id: int) -> tuple[Any, ...]:
    game = game_of(game_id)
    return (
        game.version,
        game.status,
        game.state,
        Move.objects.filter(game_id=game_id).count(),
        list(Seat.objects.filter(game_id=game_id).values_list("index", "player_id")),
    )


def test_a_sanctioned_players_play_on_their_turn_is_refused_and_changes_nothing(players):
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    user, move = move_of(game_of(game_id))
    before = snapshot(game_id)

    sanction(user)

    refused("sanctioned", services.play, game_id, user, move, before[0])
    assert snapshot(game_id) == before
    # Who acts for the seat says the same: the table, at once (R52, R57).
    game = game_of(game_id)
    assert services.acts_for(game, game.turn) == services.TABLE
    assert turn_seconds(game, None) == 0.0
    # The other player still acts for theirs.
    assert services.acts_for(game, 1 - game.turn) == services.PLAYER


def test_the_check_comes_first_whatever_else_is_wrong_with_the_play(players):
    """A sanctioned player learns that they may no longer play, not that their view was stale."""
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    sanction(bob)
    before = snapshot(game_id)
    refused("sanctioned", services.play, game_id, bob, {"play": "6-6"}, -1)
    assert snapshot(game_id) == before


def test_a_sanctioned_host_cannot_deal_the_next_round(players):
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    game = to_round_over(game_id)
    assert game.status == Game.ROUND_OVER
    before = snapshot(game_id)

    sanction(alice)  # the host

    refused("sanctioned", services.next_round, game_id, alice, game.version)
    assert snapshot(game_id) == before


def test_a_sanctioned_player_cannot_leave_but_the_table_takes_them_out(players):
    alice, bob, charlie = players[:3]
    table = services.open_table(alice, "draw", 3, None, True)
    services.join(table.pk, bob)
    before = snapshot(table.pk)

    sanction(bob)

    refused("sanctioned", services.leave, table.pk, bob)
    assert snapshot(table.pk) == before
    # The table acts for a sanctioned player only (accounts.sanctions does this).
    refused("not_seated", services.leave, table.pk, alice, by=services.TABLE)
    refused("not_seated", services.leave, table.pk, charlie, by=services.TABLE)
    assert snapshot(table.pk) == before
    services.leave(table.pk, bob, by=services.TABLE)
    assert list(Seat.objects.filter(game=table).values_list("player_id", flat=True)) == [alice.pk]


def test_a_sanctioned_player_opens_joins_and_asks_for_a_rematch_of_nothing(players):
    alice, bob, charlie = players[:3]
    table = services.open_table(alice, "draw", 3, None, True)
    finished = full_table("draw", [charlie, bob])
    Game.objects.filter(pk=finished).update(status=Game.OVER)
    games = Game.objects.count()
    before = snapshot(table.pk)

    sanction(bob)

    refused("sanctioned", services.join, table.pk, bob)
    refused("sanctioned", services.open_table, bob, "draw", 2, None, True)
    refused("sanctioned", services.rematch, finished, bob)
    assert snapshot(table.pk) == before
    assert Game.objects.count() == games
    assert not Game.objects.filter(rematch_of_id=finished).exists()


def test_a_sanctioned_player_starts_no_daily_attempt(players):
    bob = players[1]
    sanction(bob)
    refused("sanctioned", daily.start_attempt, bob)
    assert not DailyAttempt.objects.exists()
    assert not Game.objects.filter(daily=True).exists()


def test_a_sanctioned_players_daily_attempt_is_played_by_nobody(players):
    """Not by its player, and not by the table (that would rank it): it stands (R63)."""
    bob = players[1]
    attempt = services.open_attempt(bob, "draw", 2, "jour de test", timezone.now() + timedelta(hours=6))
    while (game := game_of(attempt.pk)).turn != 0:
        Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
        assert services.autoplay_if_due(game.pk, game.version) is not None  # the robot plays
    user, move = move_of(game)
    assert user == bob
    before = snapshot(attempt.pk)

    sanction(bob)

    refused("sanctioned", services.play, attempt.pk, bob, move, game.version)
    assert snapshot(attempt.pk) == before
    game = game_of(attempt.pk)
    assert services.acts_for(game, 0) == services.NOBODY
    assert turn_seconds(game, 0) is None  # no clock: the table does not play it out
    assert game.voided is None  # a daily attempt is not a live table (R57 is about those)


def test_a_sanctioned_player_reports_no_one(players):
    alice, bob = players[:2]
    sanction(bob)
    with pytest.raises(reports.ReportError) as refusal:
        reports.report(bob, alice, Report.CHEATING, "Il triche.")
    assert "suspendu ou banni" in refusal.value.message
    assert not Report.objects.exists()


def test_a_lifted_sanction_lets_the_player_act_again(players):
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    user, move = move_of(game_of(game_id))
    sanction(user)
    refused("sanctioned", services.play, game_id, user, move, game_of(game_id).version)
    get_user_model().objects.filter(pk=user.pk).update(is_active=True)
    version = game_of(game_id).version
    services.play(game_id, user, move, version)
    assert game_of(game_id).version == version + 1
    assert Move.objects.filter(game_id=game_id, version=version + 1, tile=move["play"], auto=False).exists()
