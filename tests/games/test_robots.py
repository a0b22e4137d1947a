"""House robots at a daily attempt, through the services (R56, R61, R63).

Who acts for a seat is decided in one place (``services.acts_for``): the player,
the table for the player when their clock runs out (R52), or the robot on its
turn, after ROBOT_SECONDS, on the same clock (deadline, timed task, watchdog).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import readmodels, services
from games.models import Game, Move, Seat
from games.rules import robots, round_seed, view
from games.services import PLAYER, ROBOT, ServiceError
from tests.games.conftest import full_table, game_of, move_of, turn_of

pytestmark = pytest.mark.django_db

DAY_SEED = "the day's seed"  # draw, 3 seats: robot 1 opens, robot 2 is to play
ALICE_OPENS = "robot first 2"  # draw, 2 seats: alice opens, the robot is to play


def attempt(user, variant="draw", seats=3, seed=DAY_SEED, hours=12) -> Game:
    return services.open_attempt(user, variant, seats, seed, timezone.now() + timedelta(hours=hours))


def overdue(game_id: int) -> Game:
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    return game_of(game_id)


def seconds_left(game: Game) -> float:
    return (game.deadline - timezone.now()).total_seconds()


def test_r61_an_attempt_seats_the_player_in_seat_0_and_robots_elsewhere(players):
    alice = players[0]
    game = attempt(alice, seats=4)
    seats = list(Seat.objects.filter(game=game).order_by("index"))
    assert [(s.index, s.player, s.robot) for s in seats] == [
        (0, alice, ""),
        (1, None, "Anatole"),
        (2, None, "Berthe"),
        (3, None, "Casimir"),
    ]
    assert [s.name for s in seats] == ["alice", "Robot Anatole", "Robot Berthe", "Robot Casimir"]
    game = game_of(game.pk)
    assert game.daily and game.target is None and game.status == Game.PLAYING
    assert game.match.target is None  # R61: five rounds, no target
    # Round 1 is dealt from the day's round seed.
    assert game.rounds.get().seed == round_seed(DAY_SEED, 1)
    info = readmodels.table_info(game)
    assert [(p["name"], p["robot"]) for p in info["players"]] == [
        ("alice", False),
        ("Robot Anatole", True),
        ("Robot Berthe", True),
        ("Robot Casimir", True),
    ]
    assert [services.acts_for(game, i) for i in range(4)] == [PLAYER, ROBOT, ROBOT, ROBOT]


def test_r50_no_robot_acts_at_a_live_table(players):
    game = game_of(full_table("draw", players[:3]))
    assert [services.acts_for(game, i) for i in range(3)] == [PLAYER] * 3


def test_a_robot_plays_its_choice_after_the_robot_delay(players, settings):
    settings.ROBOT_SECONDS, settings.TURN_SECONDS = 1.0, 45.0
    alice = players[0]
    game = attempt(alice, seats=2, seed=ALICE_OPENS)
    services.connect(game.pk, alice, "tab-alice")
    game = game_of(game.pk)
    # The deal of this seed: alice opened (forced, R10); it is the robot's turn.
    assert turn_of(game) == 1
    expected = robots.choose(view(game.match, 1))
    assert services.autoplay_if_due(game.pk, game.version) is None  # not yet due
    game = overdue(game.pk)
    change = services.autoplay_if_due(game.pk, game.version)
    assert change is not None
    move = Move.objects.filter(game=game, version=change.version, forced=False).first()
    assert (move.seat, move.kind, move.tile) == (1, Move.PLAY, expected["play"])
    assert move.auto is False  # the robot played its own turn: the table did not play for it
    game = game_of(game.pk)
    assert game.replay() == game.match


def test_the_robots_turn_has_robot_seconds_and_the_players_turn_the_full_clock(players, settings):
    settings.ROBOT_SECONDS, settings.TURN_SECONDS = 1.0, 45.0
    alice = players[0]
    game = attempt(alice, seats=2, seed=ALICE_OPENS)
    # open_attempt counts the player as there: they are on their way to the page.
    game = game_of(game.pk)
    assert turn_of(game) == 1 and 0 < seconds_left(game) <= 1.0
    services.connect(game.pk, alice, "tab-alice")
    game = overdue(game.pk)
    services.autoplay_if_due(game.pk, game.version)
    game = game_of(game.pk)
    while turn_of(game) != 0:  # the robots play until it is alice's turn
        game = overdue(game.pk)
        services.autoplay_if_due(game.pk, game.version)
        game = game_of(game.pk)
    assert 44 < seconds_left(game) <= 45


def test_r56_an_attempt_waits_for_its_player_and_resumes_where_it_was(players, settings):
    settings.ROBOT_SECONDS, settings.TURN_SECONDS, settings.DESERTED_TIMEOUT_SECONDS = 1.0, 45.0, 60
    settings.PRESENCE_GRACE_SECONDS = 0  # leaving counts at once here (the grace: test_presence_rules)
    alice = players[0]
    game = attempt(alice, seats=3)
    services.connect(game.pk, alice, "tab-alice")
    services.disconnect("tab-alice")
    game = game_of(game.pk)
    version = game.version
    assert game.deadline is None  # no clock runs: neither the robots nor the table play
    assert readmodels.table_info(game)["clock"] is None
    # Nothing happens, however long it waits, and it is never abandoned.
    Game.objects.filter(pk=game.pk).update(deserted=timezone.now() - timedelta(days=1))
    done = services.sweep()
    assert done["abandoned"] == 0 and done["deadlines"] == 0
    game = game_of(game.pk)
    assert game.status == Game.PLAYING and game.version == version
    # The player comes back: the clock of the seat to play starts again.
    services.connect(game.pk, alice, "tab-alice-again")
    game = game_of(game.pk)
    assert game.deadline is not None and game.version == version
    assert 0 < seconds_left(game) <= 1.0  # the robot's turn


def test_r63_an_attempt_is_played_on_its_day_only(players):
    alice = players[0]
    game = attempt(alice, seats=2, hours=1)
    services.connect(game.pk, alice, "tab-alice")
    Game.objects.filter(pk=game.pk).update(
        playable_until=timezone.now() - timedelta(seconds=1), deadline=timezone.now()
    )
    game = game_of(game.pk)
    before = (game.version, game.moves.count())
    assert services.autoplay_if_due(game.pk, game.version) is None
    assert services.sweep()["deadlines"] == 0
    with pytest.raises(ServiceError) as e:
        services.play(game.pk, alice, {"play": "6-6"}, game.version)
    assert e.value.code == "day_over" and e.value.message
    game = game_of(game.pk)
    assert (game.version, game.moves.count()) == before


def test_an_attempt_is_never_joined_and_is_not_in_the_lobby(players):
    alice, bob = players[:2]
    game = attempt(alice, seats=2)
    with pytest.raises(ServiceError) as e:
        services.join(game.pk, bob)
    assert e.value.code == "not_found"  # another player may not even see it on its day
    assert all(entry["id"] != game.pk for entry in readmodels.lobby_tables())


def test_two_attempts_of_one_seed_played_alike_are_the_same_game(players, settings):
    """R61: the robots are a fixed function of their seat's view."""
    settings.ROBOT_SECONDS = 1.0
    games = [attempt(user, seats=3) for user in players[:2]]
    for game in games:
        services.connect(game.pk, game.host, f"tab-{game.pk}")
        while (game := game_of(game.pk)).status == Game.PLAYING:
            if turn_of(game) == 0:
                user, move = move_of(game)
                services.play(game.pk, user, move, game.version)
            else:
                game = overdue(game.pk)
                services.autoplay_if_due(game.pk, game.version)
    records = [game_of(g.pk).record() for g in games]
    assert records[0] == records[1]
    assert len(records[0]["rounds"]) == 1  # then the pause before round 2
