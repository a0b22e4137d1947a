"""Commands at the same moment: each applied at most once, the state intact.

The services lock the game row (``select_for_update`` on PostgreSQL; SQLite's
write lock, taken first, where there are no row locks) and check the sender's
version; these tests send commands from threads released together, each with its
own database connection, as two Daphne processes and a Celery worker would.
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.utils import timezone

from games import services
from games.models import Game
from games.rules import tile_str
from games.services import ServiceError
from tests.games.conftest import SEED, connect_all, done_with, full_table, move_of, waiting_for_a_lock
from tests.timers.conftest import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def together(*calls: Callable[[], Any]) -> list[Any]:
    """Run the calls in threads released at the same instant; return each result or error."""
    barrier = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int, call: Callable[[], Any]) -> None:
        barrier.wait()
        try:
            results[i] = call()
        except ServiceError as e:
            results[i] = e
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def test_the_same_play_sent_twice_at_once_is_applied_once(players):
    for _ in range(5):  # several rounds of the race, on fresh tables
        gid = full_table("draw", players[:2])
        game = Game.objects.get(pk=gid)
        user, move = move_of(game)
        moves = game.moves.count()
        send = functools.partial(services.play, gid, user, move, game.version)
        results = together(send, send)
        errors = [r for r in results if isinstance(r, ServiceError)]
        assert len(errors) == 1 and errors[0].code == "stale_version"
        game.refresh_from_db()
        assert game.version == results[0 if errors[0] is results[1] else 1].version
        assert game.moves.filter(kind="play", seq__gt=moves).count() == 1
        assert game.replay() == game.match
        done_with(gid)  # its players are free to sit at the next (R56)


def test_two_seats_playing_at_once_only_the_seat_to_play_is_applied(players):
    alice, bob, charlie = players[:3]
    gid = full_table("block", [alice, bob, charlie])
    game = Game.objects.get(pk=gid)
    user, move = move_of(game)
    others = [u for u in (alice, bob, charlie) if u != user]
    hand = game.match.round.hands[game.seat_set.get(player=others[0]).index]
    results = together(
        lambda: services.play(gid, user, dict(move), game.version),
        lambda: services.play(gid, others[0], {"play": tile_str(hand[0])}, game.version),
        lambda: services.play(gid, others[1], dict(move), game.version),
    )
    assert not isinstance(results[0], ServiceError)
    assert [r.code for r in results[1:]] in (
        ["not_your_turn", "not_your_turn"],
        ["stale_version", "not_your_turn"],
        ["not_your_turn", "stale_version"],
        ["stale_version", "stale_version"],
    )
    game.refresh_from_db()
    assert game.version == results[0].version
    assert game.replay() == game.match


def test_two_tabs_of_one_seat_sending_different_plays_apply_one(players):
    # A seat with two legal plays (the deal of this seed: 0-2 or 0-6), sent from two
    # tabs at the same version.
    gid = full_table("draw", players[:2], seed="two tiles 6")
    game = Game.objects.get(pk=gid)
    legal = game.match.round.legal
    assert {tile_str(a.tile) for a in legal} == {"0-2", "0-6"}
    first = next(a for a in legal)
    second = next(a for a in legal if a.tile != first.tile)
    user = game.seat_set.get(index=first.seat).player

    def send(action: Any) -> Any:
        return services.play(
            gid, user, {k: v for k, v in action.to_dict(True).items() if k != "seat"}, game.version
        )

    results = together(lambda: send(first), lambda: send(second))
    assert sorted(isinstance(r, ServiceError) for r in results) == [False, True]
    game.refresh_from_db()
    played = game.moves.filter(kind="play").order_by("-seq").first()
    assert played.tile in {tile_str(first.tile), tile_str(second.tile)}
    assert game.moves.filter(kind="play").count() == 2  # the opening and one of the two
    assert game.replay() == game.match


def test_the_last_seat_taken_twice_at_once_starts_one_match(players):
    alice, bob, charlie = players[:3]
    game = services.open_table(alice, "block", 2, None, True, seed=SEED)  # a deal left in play
    results = together(lambda: services.join(game.pk, bob), lambda: services.join(game.pk, charlie))
    codes = sorted(r.code if isinstance(r, ServiceError) else "ok" for r in results)
    assert codes in (["full", "ok"], ["ok", "started"])
    game.refresh_from_db()
    assert game.seat_set.count() == 2 and game.rounds.count() == 1 and game.status == Game.PLAYING


def test_a_play_and_its_timer_at_the_same_moment_one_acts(players):
    """R52: the clock runs out as the player plays: either the player's play or the
    table's is applied, never both, and the log replays."""
    for _ in range(6):
        gid = full_table("draw", players[:2])
        connect_all(gid, players[:2])  # R56: someone is there, so the table plays when the clock runs out
        game = Game.objects.get(pk=gid)
        before = game.version
        user, move = move_of(game)
        Game.objects.filter(pk=gid).update(deadline=timezone.now())
        results = together(
            functools.partial(services.play, gid, user, move, game.version),
            functools.partial(services.autoplay_if_due, gid, game.version),
        )
        game.refresh_from_db()
        assert game.version == before + 1
        played = isinstance(results[0], services.Change)
        timed = results[1] is not None
        assert played != timed, results  # exactly one of them acted
        if played:
            assert results[1] is None
        else:
            assert isinstance(results[0], ServiceError) and results[0].code == "stale_version"
        plays = game.moves.filter(version=before + 1, kind="play", forced=False)
        assert plays.count() == 1 and plays.get().auto == timed
        assert game.replay() == game.match
        done_with(gid)  # its players are free to sit at the next (R56)


def test_the_timer_and_the_watchdog_at_the_same_moment_act_once(players):
    gid = full_table("draw", players[:2])
    connect_all(gid, players[:2])  # R56: someone is there, so the table plays for the seat
    game = Game.objects.get(pk=gid)
    before = game.version
    Game.objects.filter(pk=gid).update(deadline=timezone.now())
    results = together(
        functools.partial(services.autoplay_if_due, gid, before),
        services.sweep,
        functools.partial(services.autoplay_if_due, gid, before),
    )
    game.refresh_from_db()
    assert game.version == before + 1
    assert game.moves.filter(auto=True).count() == 1, results
    assert game.replay() == game.match


@pytest.mark.skipif(connection.vendor != "postgresql", reason="SQLite has no row locks to wait for")
def test_r56_a_player_connecting_as_the_watchdog_looks_is_not_noted_away(players):
    """The watchdog notes deserted the live tables no seat is connected to; a socket
    opening at that moment is one of the table's commands, and the watchdog sees it:
    the table is not left deserted, its clock stopped, with its player there."""
    gid = full_table("draw", players[:2])  # nobody connected yet
    opened, release = threading.Event(), threading.Event()

    def connect_and_hold() -> None:
        try:
            with transaction.atomic():
                services.connect(gid, players[0], "tab-host")
                opened.set()
                release.wait(30)  # committed once the watchdog waits for the table
        finally:
            connections.close_all()

    def sweep() -> None:
        try:
            swept.append(services.sweep())
        finally:
            connections.close_all()

    swept: list[dict[str, int]] = []
    joining = threading.Thread(target=connect_and_hold)
    joining.start()
    assert opened.wait(30)
    sweeping = threading.Thread(target=sweep)
    sweeping.start()
    try:
        # The watchdog found the table and waits for its lock.
        wait_for(lambda: waiting_for_a_lock() >= 1 or not sweeping.is_alive(), timeout=30)
        assert sweeping.is_alive(), "the watchdog did not wait for the table"
    finally:
        release.set()
        joining.join(30)
        sweeping.join(30)
    assert swept == [{"connections": 0, "deadlines": 0, "deserted": 0, "abandoned": 0}]
    game = Game.objects.get(pk=gid)
    assert game.deserted is None and game.deadline is not None
