"""Turn clocks, presence and the pause between rounds, through the services (R52–R54).

These tests call the services that the Celery tasks call, at chosen moments; the
tests in tests/timers run the same with a real worker and beat.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.views import variant_stats
from games import readmodels, services
from games.models import Connection, Game, Move, Round
from games.rules import table_play
from tests.games.conftest import (
    connect_all,
    full_table,
    game_of,
    play_first,
    seconds_left,
    to_round_over,
    turn_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clocks(settings):
    settings.TURN_SECONDS = 45
    settings.AWAY_SECONDS = 5
    settings.ROUND_PAUSE_SECONDS = 30
    # A closed socket counts at once here; the 3-second grace of a reload is tested apart
    # (tests/games/test_presence_rules.py).
    settings.PRESENCE_GRACE_SECONDS = 0
    return settings


def overdue(game_id: int, by: float = 0.1) -> Game:
    """Move the game's deadline ``by`` seconds into the past, as if that time had gone by."""
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=by))
    return game_of(game_id)


# R52: the turn clock ------------------------------------------------------------------


def test_r52_each_turn_has_45_seconds_stored_on_the_game(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    play_first(game)
    game = game_of(game_id)
    assert 44 < seconds_left(game) <= 45
    message = readmodels.current_state(game_id, 0)
    assert message["table"]["clock"]["kind"] == "turn"
    assert message["table"]["clock"]["seat"] == turn_of(game)
    assert 44_000 < message["table"]["clock"]["remaining_ms"] <= 45_000


def test_r52_when_the_clock_runs_out_the_table_plays_the_first_tile_that_fits(players):
    game_id = full_table("draw", players[:3])
    connect_all(game_id, players[:3])  # R56: a table with nobody there plays for nobody
    game = game_of(game_id)
    expected = table_play(game.match)
    assert services.autoplay_if_due(game_id, game.version) is None  # not yet due: nothing
    assert game_of(game_id).version == game.version
    game = overdue(game_id)
    change = services.autoplay_if_due(game_id, game.version)
    assert change is not None and change.version == game.version + 1
    play = change.events[0]
    assert play["type"] == "play" and play["seat"] == expected.seat and play["auto"] is True
    assert (play["tile"], play["end"]) == (expected.to_dict()["play"], expected.end)
    move = Move.objects.get(game_id=game_id, version=change.version, kind=Move.PLAY)
    assert move.auto and not move.forced
    # The seat's forced draws and passes that follow are the engine's, not marked as the table's.
    assert Move.objects.filter(game_id=game_id, auto=True).count() == 1
    # The record says so, and replays to the same state.
    actions = [a for r in game_of(game_id).record()["rounds"] for a in r["actions"]]
    assert [a for a in actions if a.get("auto")] == [{**expected.to_dict(), "auto": True}]
    assert game_of(game_id).replay() == game_of(game_id).match


def test_r52_the_table_plays_for_every_seat_to_the_end_of_a_match(players):
    game_id = full_table("block", players[:2])
    connect_all(game_id, players[:1])  # one player is there (R56), the other's clock runs out too
    for _ in range(500):
        game = game_of(game_id)
        if game.status == Game.OVER:
            break
        overdue(game_id)
        if game.status == Game.PLAYING:
            assert services.autoplay_if_due(game_id, game.version) is not None
        else:
            assert services.next_round_if_due(game_id, game.version) is not None
    game = game_of(game_id)
    assert game.status == Game.OVER and game.deadline is None
    assert game.replay() == game.match
    assert Move.objects.filter(game_id=game_id, kind=Move.PLAY, auto=False, forced=False).count() == 0


def test_a_late_or_repeated_timer_does_nothing(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    timed_for = game.version
    play_first(game)  # the player plays in time
    overdue(game_id)
    assert services.autoplay_if_due(game_id, timed_for) is None  # the old turn's timer, late
    version = game_of(game_id).version
    assert not Move.objects.filter(game_id=game_id, auto=True).exists()
    # The same timer run twice acts once.
    assert services.autoplay_if_due(game_id, version) is not None
    assert services.autoplay_if_due(game_id, version) is None
    assert Move.objects.filter(game_id=game_id, auto=True).count() == 1
    # A timer for a game that is gone does nothing either.
    assert services.autoplay_if_due(10**9, 1) is None
    assert services.next_round_if_due(10**9, 1) is None


def test_no_clock_runs_at_an_open_or_ended_table(players):
    game = services.open_table(players[0], "draw", 2, None, True)
    assert game_of(game.pk).deadline is None
    services.leave(game.pk, players[0])
    assert game_of(game.pk).deadline is None
    assert readmodels.current_state(game.pk, None)["table"]["clock"] is None


# R53: disconnected players ------------------------------------------------------------


def test_r53_a_seat_with_no_connection_has_5_seconds_on_its_turn(players):
    game_id = full_table("draw", players[:3])
    play_first(game_of(game_id))  # nobody has a socket open
    game = game_of(game_id)
    assert 4 < seconds_left(game) <= 5
    # The seat after it connects: it gets the full clock on its turn, the others 5 s.
    nxt = (turn_of(game) + 1) % 3
    services.connect(game_id, players[nxt], "tab-next")
    play_first(game)
    for _ in range(3):
        game = game_of(game_id)
        assert game.status == Game.PLAYING  # SEED's first round lasts longer than this
        if turn_of(game) == nxt:
            assert 44 < seconds_left(game) <= 45
        else:
            assert 4 < seconds_left(game) <= 5
        play_first(game)


def test_r53_the_player_taking_the_last_seat_is_there_for_the_first_turn(players):
    """They joined this instant, before their page's socket opens: a full clock. The host,
    with no socket open, has the short one."""
    # SEED's deal: the host opens (6-6), the joining player is to play.
    game = game_of(full_table("draw", players[:2]))
    assert turn_of(game) == 1 and 44 < seconds_left(game) <= 45
    # This seed's deal: the joining player opens, the host (no socket) is to play.
    game = game_of(full_table("draw", players[2:4], seed="host to play 1"))
    assert turn_of(game) == 0 and 4 < seconds_left(game) <= 5


def test_r53_disconnecting_on_ones_turn_leaves_5_seconds_if_that_is_sooner(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    play_first(game)  # a turn begun with both connected: 45 s
    game = game_of(game_id)
    seat = turn_of(game)
    assert seconds_left(game) > 44
    services.disconnect(f"tab-{game_id}-{seat}")
    game = game_of(game_id)
    assert 4 < seconds_left(game) <= 5
    message = readmodels.current_state(game_id, None)
    assert message["table"]["players"][seat]["connected"] is False
    assert message["table"]["clock"]["remaining_ms"] <= 5000
    # Only 2 s left: disconnecting does not lengthen it.
    services.connect(game_id, players[seat], "tab-again")
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() + timedelta(seconds=2))
    services.disconnect("tab-again")
    assert seconds_left(game_of(game_id)) <= 2


def test_r53_reconnecting_gives_no_time_back(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))
    game = game_of(game_id)
    seat = turn_of(game)
    services.disconnect(f"tab-{game_id}-{seat}")
    deadline = game_of(game_id).deadline
    services.connect(game_id, players[seat], "tab-back")
    game = game_of(game_id)
    assert game.deadline == deadline and seconds_left(game) <= 5
    assert readmodels.current_state(game_id, seat)["table"]["players"][seat]["connected"] is True


def test_r53_a_player_with_two_tabs_is_connected_until_both_close(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))
    game = game_of(game_id)
    seat = turn_of(game)
    services.connect(game_id, players[seat], "second-tab")
    services.disconnect(f"tab-{game_id}-{seat}")
    game = game_of(game_id)
    assert seconds_left(game) > 44  # still connected in the other tab: the full clock
    assert readmodels.current_state(game_id, None)["table"]["players"][seat]["connected"] is True
    services.disconnect("second-tab")
    assert seconds_left(game_of(game_id)) <= 5


def test_r53_a_socket_whose_process_died_is_swept_and_its_seat_shown_disconnected(players, settings):
    settings.PRESENCE_TIMEOUT_SECONDS = 90
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))
    seat = turn_of(game_of(game_id))
    alive, dead = f"tab-{game_id}-{1 - seat}", f"tab-{game_id}-{seat}"
    long_ago = timezone.now() - timedelta(seconds=120)
    Connection.objects.filter(channel__in=[alive, dead]).update(seen=long_ago)
    assert services.heartbeat(alive)  # this one's process is alive and renews it
    assert services.sweep()["connections"] == 1
    assert not services.heartbeat(dead)  # swept: its socket is told to reconnect
    game = game_of(game_id)
    assert seconds_left(game) <= 5
    players_now = readmodels.current_state(game_id, None)["table"]["players"]
    assert players_now[seat]["connected"] is False and players_now[1 - seat]["connected"] is True


# R54: between rounds ------------------------------------------------------------------


def test_r54_the_next_round_starts_after_a_30_second_pause(players):
    game_id = full_table("block", players[:2])
    connect_all(game_id, players[:2])
    game = to_round_over(game_id)
    assert game.status == Game.ROUND_OVER
    assert 29 < seconds_left(game) <= 30
    clock = readmodels.current_state(game_id, 0)["table"]["clock"]
    assert clock["kind"] == "pause" and clock["seat"] is None
    assert services.next_round_if_due(game_id, game.version) is None  # not yet
    game = overdue(game_id)
    change = services.next_round_if_due(game_id, game.version)
    assert change is not None
    game = game_of(game_id)
    assert game.status in (Game.PLAYING, Game.ROUND_OVER, Game.OVER)
    assert Round.objects.filter(game_id=game_id).count() == 2


def test_r54_the_host_may_start_sooner_and_the_pause_timer_then_does_nothing(players):
    game_id = full_table("block", players[:2])
    connect_all(game_id, players[:2])
    game = to_round_over(game_id)
    paused_at = game.version
    services.next_round(game_id, players[0], game.version)
    started = game_of(game_id)
    assert Round.objects.filter(game_id=game_id).count() == 2
    overdue(game_id, by=60)
    assert services.next_round_if_due(game_id, paused_at) is None  # the pause's timer, late
    assert Round.objects.filter(game_id=game_id).count() == 2
    # The new round's own clock still runs.
    assert started.status == Game.PLAYING  # round 2 of SEED's deals is not blocked at once
    assert services.autoplay_if_due(game_id, started.version) is not None


# Abandonment ------------------------------------------------------------------------


def test_a_table_nobody_joins_for_30_minutes_is_abandoned(players, settings):
    settings.OPEN_TABLE_TIMEOUT_SECONDS = 30 * 60
    game = services.open_table(players[0], "draw", 3, None, True)
    fresh = services.open_table(players[1], "draw", 2, None, True)
    half_hour_ago = timezone.now() - timedelta(minutes=31)
    Game.objects.filter(pk=game.pk).update(created=half_hour_ago)
    game.seat_set.update(joined=half_hour_ago)
    assert services.sweep()["abandoned"] == 1
    assert game_of(game.pk).status == Game.ABANDONED and game_of(game.pk).finished
    assert game_of(fresh.pk).status == Game.OPEN
    # A late join is refused, and it is no longer in the lobby.
    with pytest.raises(services.ServiceError):
        services.join(game.pk, players[2])
    assert [t["id"] for t in readmodels.lobby_tables()] == [fresh.pk]


def test_a_recent_join_keeps_an_open_table(players):
    game = services.open_table(players[0], "draw", 3, None, True)
    Game.objects.filter(pk=game.pk).update(created=timezone.now() - timedelta(minutes=40))
    game.seat_set.update(joined=timezone.now() - timedelta(minutes=40))
    services.join(game.pk, players[1])  # joined just now
    assert services.sweep()["abandoned"] == 0
    assert game_of(game.pk).status == Game.OPEN


def test_a_match_with_no_seat_connected_for_10_minutes_is_abandoned_and_not_counted(players, settings):
    settings.DESERTED_TIMEOUT_SECONDS = 600
    game_id = full_table("draw", players[:2])
    kept = full_table("draw", players[2:4])
    connect_all(game_id, players[:2])
    connect_all(kept, players[2:4])
    for index in range(2):
        services.disconnect(f"tab-{game_id}-{index}")
    assert game_of(game_id).deserted is not None
    services.sweep()
    assert game_of(game_id).status in Game.LIVE  # not yet ten minutes
    Game.objects.filter(pk__in=[game_id, kept]).update(deserted=timezone.now() - timedelta(minutes=11))
    assert services.sweep()["abandoned"] == 1
    game = game_of(game_id)
    assert game.status == Game.ABANDONED and game.deadline is None
    assert game_of(kept).status in Game.LIVE and game_of(kept).deserted is None  # someone is there
    assert services.autoplay_if_due(game_id, game.version) is None
    assert variant_stats(players[0]) == []  # not counted in the statistics


def test_a_match_never_connected_is_noted_deserted_by_the_sweep(players):
    game_id = full_table("draw", players[:2])
    assert game_of(game_id).deserted is None
    services.sweep()
    assert game_of(game_id).deserted is not None
    services.connect(game_id, players[0], "tab-late")
    assert game_of(game_id).deserted is None


# The watchdog --------------------------------------------------------------------------


def test_the_sweep_leaves_a_deadline_just_passed_to_the_clock(players, settings):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    version = game_of(game_id).version
    overdue(game_id, by=settings.CLOCK_POLL_SECONDS)  # the clock acts on it now
    assert services.sweep()["deadlines"] == 0 and game_of(game_id).version == version
    overdue(game_id, by=2 * settings.CLOCK_POLL_SECONDS + 2)  # the clock has not: it is down
    assert services.sweep()["deadlines"] == 1 and game_of(game_id).version == version + 1


def test_the_sweep_acts_on_every_overdue_deadline(players):
    playing = full_table("draw", players[:2])
    between = to_round_over(full_table("block", players[2:4])).pk
    waiting = full_table("draw", players[4:6])
    for pk, seated in ((playing, players[:2]), (between, players[2:4]), (waiting, players[4:6])):
        connect_all(pk, seated)
    before = {pk: game_of(pk).version for pk in (playing, between, waiting)}
    # The clock is down: the deadlines passed a minute ago, and nobody acted on them.
    overdue(playing, by=60)
    overdue(between, by=60)
    assert services.sweep()["deadlines"] == 2
    after = {pk: game_of(pk).version for pk in (playing, between, waiting)}
    assert after[playing] == before[playing] + 1 and after[between] == before[between] + 1
    assert after[waiting] == before[waiting]
    assert Move.objects.filter(game_id=playing, auto=True).count() == 1
    assert Round.objects.filter(game_id=between).count() == 2


def test_every_command_at_an_abandoned_table_is_refused_and_changes_nothing(players, settings):
    settings.DESERTED_TIMEOUT_SECONDS = 600
    game_id = full_table("draw", players[:2])
    Game.objects.filter(pk=game_id).update(deserted=timezone.now() - timedelta(minutes=11))
    assert services.abandon_if_due(game_id) is not None
    game = game_of(game_id)
    before = (game.version, game.state, game.moves.count())
    host = players[0]
    commands = [
        lambda: services.play(game_id, host, {"play": "6-6"}, game.version),
        lambda: services.next_round(game_id, host, game.version),
        lambda: services.join(game_id, players[2]),
        lambda: services.leave(game_id, host),
    ]
    for command in commands:
        with pytest.raises(services.ServiceError) as refused:
            command()
        assert refused.value.code == "abandoned"
        assert "abandonnée" in refused.value.message
    game = game_of(game_id)
    assert (game.version, game.state, game.moves.count()) == before
    assert services.abandon_if_due(game_id) is None  # once
