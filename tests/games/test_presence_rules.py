"""Presence and the fair table, through the services (RULES R53, R56 as amended).

- R53: a seat counts as disconnected only once it has had no open socket for
  PRESENCE_GRACE_SECONDS (3 s): a reload on one's own turn keeps the turn's clock;
  a real disconnection still leaves 5 s; coming back gives nothing back.
- R56: while no seat of a match is connected the table waits (no clock runs, it plays
  for nobody); when a player comes back the clock of the seat to play starts again with
  the time it had left (at most 5 s if that seat is still away).
- R56: a player sits at one live table at a time (an open table or a match in play);
  two tables joined at once from two tabs: one is refused.
"""

from __future__ import annotations

import functools
import os
from datetime import timedelta

import pytest
from django.utils import timezone

from games import readmodels, services
from games.models import Connection, Game, Move
from games.services import Busy, ServiceError
from tests.games.conftest import (
    connect_all,
    full_table,
    game_of,
    play_first,
    seconds_left,
    to_round_over,
    turn_of,
)
from tests.games.test_concurrency import together

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def clocks(settings):
    settings.TURN_SECONDS = 45
    settings.AWAY_SECONDS = 5
    settings.ROUND_PAUSE_SECONDS = 30
    settings.PRESENCE_GRACE_SECONDS = 3
    return settings


def grace_over(channel: str) -> None:
    """As if PRESENCE_GRACE_SECONDS had gone by since ``channel`` closed."""
    Connection.objects.filter(channel=channel).update(closed=timezone.now() - timedelta(seconds=3.1))


def connected(game_id: int) -> list[bool]:
    return [p["connected"] for p in readmodels.current_state(game_id, None)["table"]["players"]]


def at_a_turn(players):
    """A draw match of two, both connected, at a turn begun with both there (45 s)."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    play_first(game_of(game_id))
    game = game_of(game_id)
    assert game.status == Game.PLAYING and seconds_left(game) > 44
    return game_id, turn_of(game)


# R53: the 3-second grace -----------------------------------------------------------


def test_r53_a_reload_on_ones_own_turn_keeps_the_turns_clock(players):
    game_id, seat = at_a_turn(players)
    deadline = game_of(game_id).deadline
    services.disconnect(f"tab-{game_id}-{seat}")  # the page reloads...
    assert game_of(game_id).deadline == deadline  # ...the seat is still there for 3 s
    assert connected(game_id) == [True, True]
    services.connect(game_id, players[seat], "tab-reloaded")  # ...and is back within them
    assert not services.leave_if_away(f"tab-{game_id}-{seat}")  # the grace's timer finds it back
    grace_over(f"tab-{game_id}-{seat}")
    assert services.sweep()["connections"] == 0
    game = game_of(game_id)
    assert game.deadline == deadline and seconds_left(game) > 40
    assert connected(game_id) == [True, True]
    assert list(Connection.objects.filter(game_id=game_id, seat=seat).values_list("channel", flat=True)) == [
        "tab-reloaded"
    ]


def test_r53_a_real_disconnection_still_gets_5_seconds_after_the_grace(players):
    game_id, seat = at_a_turn(players)
    channel = f"tab-{game_id}-{seat}"
    services.disconnect(channel)
    assert not services.leave_if_away(channel)  # too early: the grace is not over
    assert seconds_left(game_of(game_id)) > 40
    grace_over(channel)
    assert services.leave_if_away(channel)
    game = game_of(game_id)
    assert 4 < seconds_left(game) <= 5
    assert connected(game_id)[seat] is False
    # Coming back gives nothing back.
    services.connect(game_id, players[seat], "tab-back")
    assert game_of(game_id).deadline == game.deadline


def test_r53_the_watchdog_counts_a_closed_socket_away_when_its_timer_was_lost(players):
    game_id, seat = at_a_turn(players)
    channel = f"tab-{game_id}-{seat}"
    services.disconnect(channel)
    grace_over(channel)
    services.sweep()
    assert not Connection.objects.filter(channel=channel).exists()
    assert 4 < seconds_left(game_of(game_id)) <= 5
    assert connected(game_id)[seat] is False


def test_r53_a_seat_with_another_tab_open_is_never_away(players):
    game_id, seat = at_a_turn(players)
    services.connect(game_id, players[seat], "second-tab")
    services.disconnect(f"tab-{game_id}-{seat}")
    assert not Connection.objects.filter(channel=f"tab-{game_id}-{seat}").exists()  # gone at once
    assert seconds_left(game_of(game_id)) > 40 and connected(game_id)[seat] is True


# R56: the table waits for nobody --------------------------------------------------------


def everybody_leaves(game_id: int) -> None:
    for channel in list(Connection.objects.filter(game_id=game_id).values_list("channel", flat=True)):
        services.disconnect(channel)
        grace_over(channel)
        services.leave_if_away(channel)


def test_r56_with_nobody_connected_no_clock_runs_and_the_table_plays_for_nobody(players):
    game_id, seat = at_a_turn(players)
    everybody_leaves(game_id)
    game = game_of(game_id)
    assert game.deserted is not None
    version = game.version
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.autoplay_if_due(game_id, version) is None
    assert services.sweep()["deadlines"] == 0
    assert game_of(game_id).version == version
    assert not Move.objects.filter(game_id=game_id, auto=True).exists()
    clock = readmodels.current_state(game_id, None)["table"]["clock"]
    assert clock["stopped"] is True


def test_r56_the_clock_restarts_with_the_time_it_had_left(players):
    game_id, seat = at_a_turn(players)
    # The seat to play goes last, 20 s into its turn: its clock stops at 5 s (R53: away).
    other = 1 - seat
    everybody_leaves_but = [f"tab-{game_id}-{other}", f"tab-{game_id}-{seat}"]
    for channel in everybody_leaves_but:
        services.disconnect(channel)
        grace_over(channel)
        services.leave_if_away(channel)
    game = game_of(game_id)
    left = game.deadline - game.deserted
    assert timedelta(seconds=4) < left <= timedelta(seconds=5)
    # Ten minutes less a moment later, the player to play comes back: 5 s again, not 0.
    long_ago = timezone.now() - timedelta(minutes=9)
    Game.objects.filter(pk=game_id).update(deserted=long_ago, deadline=long_ago + left)
    services.connect(game_id, players[seat], "back")
    game = game_of(game_id)
    assert game.deserted is None
    assert abs(seconds_left(game) - left.total_seconds()) < 1


def test_r56_a_long_turn_left_restarts_whole_for_its_player_and_at_most_5_s_if_still_away(players):
    game_id, seat = at_a_turn(players)
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() + timedelta(seconds=30))
    everybody_leaves(game_id)  # both together (the seat to play kept 30 s, then the away clock)
    game = game_of(game_id)
    # The other player comes back first: the seat to play is still away, so at most 5 s.
    Game.objects.filter(pk=game_id).update(deadline=game.deserted + timedelta(seconds=30))
    services.connect(game_id, players[1 - seat], "other-back")
    assert 4 < seconds_left(game_of(game_id)) <= 5
    # Nobody again; the seat to play comes back itself: the time it had left.
    everybody_leaves(game_id)
    game = game_of(game_id)
    Game.objects.filter(pk=game_id).update(deadline=game.deserted + timedelta(seconds=30))
    services.connect(game_id, players[seat], "seat-back")
    assert 29 < seconds_left(game_of(game_id)) <= 30


def test_r56_the_pause_between_rounds_waits_too(players):
    game_id = full_table("block", players[:2])
    connect_all(game_id, players[:2])
    game = to_round_over(game_id)
    everybody_leaves(game_id)
    Game.objects.filter(pk=game_id).update(deadline=timezone.now() - timedelta(seconds=1))
    assert services.next_round_if_due(game_id, game.version) is None
    assert game_of(game_id).rounds.count() == 1


def test_r56_a_match_nobody_comes_back_to_is_abandoned_after_10_minutes(players, settings):
    settings.DESERTED_TIMEOUT_SECONDS = 600
    game_id, _seat = at_a_turn(players)
    everybody_leaves(game_id)
    Game.objects.filter(pk=game_id).update(deserted=timezone.now() - timedelta(minutes=11))
    services.sweep()
    assert game_of(game_id).status == Game.ABANDONED


# R56: one live table per player -------------------------------------------------------------


def test_r56_a_player_at_an_open_table_may_neither_open_nor_join_another(players):
    alice, bob = players[:2]
    mine = services.open_table(alice, "draw", 3, None, True)
    with pytest.raises(Busy) as refused:
        services.open_table(alice, "draw", 2, None, True)
    assert refused.value.game.pk == mine.pk and refused.value.code == "busy"
    other = services.open_table(bob, "draw", 2, None, True)
    with pytest.raises(Busy):
        services.join(other.pk, alice)
    assert other.seat_set.count() == 1
    # Leaving the open table frees the player.
    services.leave(mine.pk, alice)
    services.join(other.pk, alice)


def test_r56_a_player_in_a_match_in_play_is_refused_until_it_ends(players):
    alice, bob, charlie = players[:3]
    game_id = full_table("draw", [alice, bob])
    other = services.open_table(charlie, "draw", 2, None, True)
    with pytest.raises(Busy) as refused:
        services.join(other.pk, bob)
    assert refused.value.game.pk == game_id
    Game.objects.filter(pk=game_id).update(status=Game.OVER)
    services.join(other.pk, bob)


def test_r56_the_refusal_links_back_to_the_players_table_and_the_header_shows_it(client, players):
    alice, bob = players[:2]
    mine = services.open_table(alice, "draw", 3, None, True)
    other = services.open_table(bob, "draw", 2, None, True)
    client.force_login(alice)
    response = client.post(f"/tables/{other.pk}/rejoindre/", follow=True)
    text = response.content.decode()
    assert f'<a class="my-table" href="/tables/{mine.pk}/">Retourner à votre table</a>' in text
    assert f'<a class="my-table" href="/tables/{mine.pk}/">Ma table</a>' in text
    response = client.post("/salon/", {"variant": "draw", "seats": 2, "target": "", "public": "on"})
    assert response.status_code == 400 and f'href="/tables/{mine.pk}/"' in response.content.decode()
    client.force_login(players[2])
    assert "Ma table" not in client.get("/salon/").content.decode()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"), reason="row locks: PostgreSQL"
)
def test_r56_two_tables_joined_at_once_from_two_tabs_one_is_refused(players):
    alice, bob, charlie = players[:3]
    for _ in range(5):  # several rounds of the race
        first = services.open_table(bob, "draw", 2, None, True)
        second = services.open_table(charlie, "draw", 2, None, True)
        results = together(
            functools.partial(services.join, first.pk, alice),
            functools.partial(services.join, second.pk, alice),
        )
        refused = [r for r in results if isinstance(r, ServiceError)]
        assert len(refused) == 1 and refused[0].code == "busy", results
        seated = Game.objects.filter(seat_set__player=alice, status__in=(Game.OPEN, *Game.LIVE))
        assert seated.count() == 1
        for game in (first, second):
            Game.objects.filter(pk=game.pk).update(status=Game.ABANDONED)


@pytest.mark.django_db(transaction=True)
def test_r56_two_tables_joined_at_once_one_is_refused_on_either_database(players):
    """The same race on the database the suite runs on (SQLite's write lock serialises it)."""
    alice, bob, charlie = players[:3]
    first = services.open_table(bob, "draw", 2, None, True)
    second = services.open_table(charlie, "draw", 2, None, True)
    results = together(lambda: services.join(first.pk, alice), lambda: services.join(second.pk, alice))
    assert sorted(isinstance(r, ServiceError) for r in results) == [False, True]
    assert Game.objects.filter(seat_set__player=alice).count() == 1
