"""Robots at live tables, through the services (R50, R56, R58).

The host seats robots when opening a table or while it waits, each at its level,
and takes them away before the start; a table with a robot is never rated; a
robot's turn is thought out by the robots' workers (``services.robot_turn``) and
played only if that same version still waits for it (``services.play_robot``).
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import readmodels, services
from games.models import Game, Move, Seat
from games.rules import robots, view
from games.services import ROBOT, Busy, ServiceError
from games.services.core import robot_view
from tests.games.conftest import SEED, game_of, play_first, turn_of

pytestmark = pytest.mark.django_db

ALICE_OPENS = "robot first 2"  # draw, 2 seats: alice opens (forced, R10), the robot is to play


def refused(code: str, call, *args, **kwargs) -> None:
    """``call`` is refused with ``code``, in French, and changes nothing."""
    games, seats = Game.objects.count(), list(Seat.objects.values_list("pk", "robot", "level"))
    versions = dict(Game.objects.values_list("pk", "version"))
    with pytest.raises(ServiceError) as refusal:
        call(*args, **kwargs)
    assert refusal.value.code == code
    assert refusal.value.message != code  # a sentence, not a code
    assert Game.objects.count() == games
    assert list(Seat.objects.values_list("pk", "robot", "level")) == seats
    assert dict(Game.objects.values_list("pk", "version")) == versions


def test_r58_the_host_fills_seats_with_robots_at_their_levels(players):
    alice = players[0]
    game = services.open_table(alice, "draw", 4, None, True, robots={1: "beginner", 3: "expert"})
    game = game_of(game.pk)
    assert game.status == Game.OPEN and game.rated is False  # a table with a robot is never rated
    names = [s.name for s in game.seating]
    assert names == ["alice", "Robot Anatole (débutant)", "Robot Casimir (expert)"]
    assert [(s.index, s.robot, s.level) for s in game.seating][1:] == [
        (1, True, "beginner"),
        (3, True, "expert"),
    ]
    assert readmodels.lobby_entry(Game.objects.get(pk=game.pk))["robots"] is True
    # The last seat taken by a player: the match starts, as R50 says.
    services.join(game.pk, players[1])
    assert game_of(game.pk).status == Game.PLAYING


def test_r58_a_table_with_robots_is_never_rated_and_bad_robots_are_refused(players):
    alice = players[0]
    refused(
        "robots_unrated", services.open_table, alice, "draw", 2, None, True, rated=True, robots={1: "house"}
    )
    refused("bad_level", services.open_table, alice, "draw", 2, None, True, robots={1: "genius"})
    refused("bad_seat", services.open_table, alice, "draw", 2, None, True, robots={0: "house"})
    refused("bad_seat", services.open_table, alice, "draw", 2, None, True, robots={2: "house"})
    refused("bad_level", services.practice, alice, "draw", 2, None, "genius")


def test_r58_partners_a_player_and_a_friend_against_two_robots(players):
    alice, bob = players[:2]
    game = services.open_table(alice, "partners", 4, None, False, robots={1: "house", 3: "house"})
    services.join(game.pk, bob, game.invitation)
    game = game_of(game.pk)
    assert game.status == Game.PLAYING and game.rated is False
    assert [s.name for s in game.seating] == [
        "alice",
        "Robot Anatole (maison)",
        "bob",
        "Robot Casimir (maison)",
    ]
    assert [services.acts_for(game, i) for i in range(4)] == ["player", ROBOT, "player", ROBOT]


def test_r58_play_against_robots_starts_at_once_and_r56_counts_it_as_the_live_table(players):
    alice = players[0]
    game = game_of(services.practice(alice, "block", 3, 50, "beginner", seed=SEED).pk)
    assert (game.status, game.public, game.rated, game.target) == (Game.PLAYING, False, False, 50)
    assert [s.name for s in game.seating][1:] == ["Robot Anatole (débutant)", "Robot Berthe (débutant)"]
    # R56: one live table per player; a practice table is one.
    with pytest.raises(Busy):
        services.practice(alice, "draw", 2, None, "house")
    other = services.open_table(players[1], "draw", 2, None, True)
    with pytest.raises(Busy):
        services.join(other.pk, alice)


def test_r58_the_host_seats_and_unseats_a_robot_while_the_table_waits(players):
    alice, bob, charlie, dave = players[:4]
    game = services.open_table(alice, "draw", 4, None, True)
    assert game.rated is True
    services.join(game.pk, bob)
    refused("not_host", services.seat_robot, game.pk, bob, "house")
    refused("not_seated", services.seat_robot, game.pk, charlie, "house")
    refused("bad_level", services.seat_robot, game.pk, alice, "genius")
    refused("seat_taken", services.seat_robot, game.pk, alice, "house", 1)
    refused("bad_seat", services.seat_robot, game.pk, alice, "house", 4)
    services.seat_robot(game.pk, alice, "expert")  # the first free seat
    game = game_of(game.pk)
    assert game.rated is False  # seating a robot makes the table friendly (R58)
    assert [s.name for s in game.seating] == ["alice", "bob", "Robot Berthe (expert)"]
    refused("not_a_robot", services.unseat_robot, game.pk, alice, 1)
    refused("not_host", services.unseat_robot, game.pk, bob, 2)
    services.unseat_robot(game.pk, alice, 2)
    assert [s.name for s in game_of(game.pk).seating] == ["alice", "bob"]
    services.seat_robot(game.pk, alice, "beginner", 3)
    refused("not_a_robot", services.unseat_robot, game.pk, alice, 2)
    # The last seat filled by a robot: the match starts (R50); then nothing changes seats.
    services.seat_robot(game.pk, alice, "house", 2)
    game = game_of(game.pk)
    assert game.status == Game.PLAYING and len(game.seating) == 4
    refused("started", services.unseat_robot, game.pk, alice, 3)
    refused("started", services.seat_robot, game.pk, alice, "house")
    other = services.open_table(dave, "draw", 2, None, True)
    services.join(other.pk, charlie)
    refused("started", services.seat_robot, other.pk, dave, "house")


def test_r58_a_full_table_takes_no_robot(players):
    alice, bob, charlie = players[:3]
    game = services.open_table(alice, "draw", 3, None, True, robots={2: "house"})
    services.join(game.pk, bob)
    assert game_of(game.pk).status == Game.PLAYING
    refused("started", services.seat_robot, game.pk, alice, "house")
    waiting = services.open_table(charlie, "draw", 2, None, True, robots={1: "house"})
    assert game_of(waiting.pk).status == Game.PLAYING  # full at once: started


def robot_to_play(alice, level: str = "house") -> Game:
    """A practice table of draw, 2 seats, where the robot is to play, alice connected."""
    game = services.practice(alice, "draw", 2, None, level, seed=ALICE_OPENS)
    services.connect(game.pk, alice, f"tab-{game.pk}")
    game = game_of(game.pk)
    assert turn_of(game) == 1 and services.acts_for(game, 1) == ROBOT
    return game


def test_r58_a_robots_turn_waits_for_its_worker_not_the_players_clock(players, settings):
    game = robot_to_play(players[0])
    left = (game.deadline - timezone.now()).total_seconds()
    # Its deadline is the fallback, after ROBOT_SECONDS and the worker's time.
    assert left > settings.ROBOT_SECONDS + settings.ROBOT_FALLBACK_SECONDS - 2


@pytest.mark.parametrize("level", ["beginner", "house", "expert"])
def test_r58_the_worker_plays_the_robots_turn_at_its_level_from_its_seats_view(players, settings, level):
    settings.ROBOT_EXPERT_SECONDS = 0.2
    settings.ROBOT_EXPERT_PLAYOUTS = 40
    game = robot_to_play(players[0], level)
    mine = robot_view(game, game.match, 1)
    # R6: what the robot sees is its seat's view, as the seat's socket would be sent it.
    assert mine == readmodels.current_state(game.pk, 1)["view"]
    change = services.robot_turn(game.pk, game.version)
    assert change is not None and change.version == game.version + 1
    move = Move.objects.get(game=game, version=change.version, seat=1, forced=False)
    assert move.auto is False
    assert {"seat": 1, "play": move.tile} in [{k: a[k] for k in ("seat", "play")} for a in mine["legal"]]
    if level == "house":
        assert move.tile == robots.choose(mine, "house")["play"]


def test_r58_a_late_or_repeated_answer_changes_nothing(players):
    game = robot_to_play(players[0])
    play = robots.choose(robot_view(game, game.match, 1), "house")
    assert services.play_robot(game.pk, game.version - 1, play) is None  # an older turn's answer
    assert game_of(game.pk).version == game.version
    assert services.play_robot(game.pk, game.version, play) is not None
    after = game_of(game.pk)
    assert services.play_robot(game.pk, game.version, play) is None  # the same answer again
    assert services.robot_turn(game.pk, game.version) is None  # the same task again
    assert game_of(game.pk).version == after.version
    assert Move.objects.filter(game=game, seat=1, forced=False).count() == 1


def test_r58_a_robots_answer_for_a_players_turn_changes_nothing(players):
    alice = players[0]
    game = robot_to_play(alice)
    services.robot_turn(game.pk, game.version)
    game = game_of(game.pk)
    assert game.status == Game.PLAYING and turn_of(game) == 0  # this deal: alice's turn now
    assert services.robot_turn(game.pk, game.version) is None
    play = {**view(game.match, 0)["legal"][0]}
    assert services.play_robot(game.pk, game.version, play) is None
    assert game_of(game.pk).version == game.version
    play_first(game)  # alice may still play it
    assert game_of(game.pk).version == game.version + 1


def test_r56_robots_wait_while_nobody_is_at_the_table(players):
    alice = players[0]
    game = robot_to_play(alice)
    services.disconnect(f"tab-{game.pk}", grace=False)
    game = game_of(game.pk)
    assert game.deserted is not None
    assert services.robot_turn(game.pk, game.version) is None  # R56: the table waits
    assert game_of(game.pk).version == game.version
    services.connect(game.pk, alice, f"tab-{game.pk}-again")
    assert services.robot_turn(game.pk, game.version) is not None


def test_r58_a_lost_task_the_clock_plays_the_house_level_for_an_expert(players):
    game = robot_to_play(players[0], "expert")
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() - timedelta(seconds=1))
    expected = robots.choose(robot_view(game, game.match, 1), "house")
    change = services.act_if_due(game.pk, game.version, Game.PLAYING)
    assert change is not None
    move = Move.objects.get(game=game, version=change.version, seat=1, forced=False)
    assert (move.tile, move.auto) == (expected["play"], False)


def test_r58_the_return_match_seats_the_robots_again(players):
    alice = players[0]
    game = services.practice(alice, "draw", 3, None, "expert", seed=SEED)
    Game.objects.filter(pk=game.pk).update(status=Game.OVER)
    new = services.rematch(game.pk, alice)
    new = game_of(new.pk)
    assert new.status == Game.PLAYING and new.rated is False
    assert [(s.index, s.name) for s in new.seating] == [
        (0, "alice"),
        (1, "Robot Anatole (expert)"),
        (2, "Robot Berthe (expert)"),
    ]


@pytest.mark.parametrize(
    "variant,seats,target,level",
    [("mexican", 3, 5, "house"), ("chinois", 3, 100, "beginner"), ("triominos", 2, 200, "expert")],
)
def test_r58_robots_play_a_round_of_every_family(players, settings, variant, seats, target, level):
    """R58: "Jouer contre les robots" at a game of each family: the robots' worker plays
    their turns from their seats' views, the player plays theirs, and the round ends."""
    settings.ROBOT_EXPERT_SECONDS = 0.2
    settings.ROBOT_EXPERT_PLAYOUTS = 20
    alice = players[0]
    game = services.practice(alice, variant, seats, target, level, seed=SEED)
    services.connect(game.pk, alice, f"tab-{game.pk}")
    robot_plays = 0
    for _ in range(600):
        game = game_of(game.pk)
        if game.status != Game.PLAYING:
            break
        if turn_of(game) == 0:
            play_first(game)
        else:
            assert services.robot_turn(game.pk, game.version) is not None
            robot_plays += 1
    assert game.status in (Game.ROUND_OVER, Game.OVER) and robot_plays > 0
    assert not game.rated
