"""The path of one command (docs/architecture.md §3): what a play reads and writes, and that the
messages built after its commit, from what it holds, are the ones a fresh read gives."""

from __future__ import annotations

import contextlib
import re
import threading
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from django.db import connection, connections, transaction
from django.db.models import Exists, OuterRef
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import readmodels, services
from games.models import Connection, Game, Move, SeatInfo
from games.services.core import Change, find_table, seats_of
from tests.games.conftest import (
    SEED,
    connect_all,
    full_table,
    game_of,
    move_of,
    play_first,
    to_round_over,
    turn_of,
    waiting_for_a_lock,
)
from tests.timers.conftest import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


def statement(sql: str) -> str:
    """A statement's first word and table, e.g. ``SELECT games_seat``."""
    while re.search(r"\([^()]*\)", sql):  # subqueries and lists aside: the statement's own table
        sql = re.sub(r"\([^()]*\)", "", sql)
    verb = sql.split(None, 1)[0].upper()
    table = re.search(r'(?:FROM|INTO|UPDATE) "?(\w+)"?', sql)
    return f"{verb} {table.group(1)}" if table else verb


def statements(captured: CaptureQueriesContext) -> list[str]:
    """Each statement's first word and table, e.g. ``SELECT games_seat``; a statement with
    a data-modifying WITH as its parts, e.g. ``WITH INSERT games_move UPDATE games_game``."""
    out = []
    for query in captured.captured_queries:
        sql = query["sql"]
        with_ = re.match(r"WITH \w+ AS \((INSERT .*)\) (UPDATE .*)$", sql, re.S)
        if with_:
            out.append(f"WITH {statement(with_.group(1))} {statement(with_.group(2))}")
        else:
            out.append(statement(sql))
    return out


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_a_play_is_one_locked_read_and_one_insert_with_the_update(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    user, move = move_of(game)
    with CaptureQueriesContext(connection) as captured:
        change = services.play(game_id, user, move, game.version)
    assert change.version == game.version + 1
    assert statements(captured) == [
        "BEGIN",
        "SELECT games_game",
        "WITH INSERT games_move UPDATE games_game",  # the moves and the game: one round trip
        "COMMIT",
    ]
    # The game's row locked by a statement of its own (not the seats' nor the players'),
    # the table read by the next, in the same round trip (games.sql._lock_then_read_sql).
    lock, read = captured.captured_queries[1]["sql"].split(";", 1)
    assert re.fullmatch(r'SELECT 1 FROM "games_game" WHERE "id" = \d+ FOR UPDATE', lock)
    assert "FOR UPDATE" not in read and "games_seat" in read and "games_connection" in read

    after = Game.objects.get(pk=game_id)
    moves = list(Move.objects.filter(game_id=game_id, seq__gt=game.seq).order_by("seq"))
    assert [m.seq for m in moves] == list(range(game.seq + 1, after.seq + 1)) and moves
    assert {m.version for m in moves} == {after.version} and moves[0].seat == turn_of(game)


def test_the_moves_and_the_game_are_written_together_on_either_database(players):
    """On PostgreSQL one statement, elsewhere an INSERT then the UPDATE: the same rows."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    user, move = move_of(game)
    with CaptureQueriesContext(connection) as captured:
        services.play(game_id, user, move, game.version)
    said = statements(captured)
    after_read = said[said.index("SELECT games_game") + 1 :]  # on SQLite, its write lock before
    written = [s for s in after_read if s.startswith(("INSERT", "UPDATE", "WITH"))]
    if connection.vendor == "postgresql":
        assert written == ["WITH INSERT games_move UPDATE games_game"]
    else:
        assert written == ["INSERT games_move", "UPDATE games_game"]
    assert Move.objects.filter(game_id=game_id).count() == Game.objects.get(pk=game_id).seq


@pytest.mark.skipif("connection.vendor != 'postgresql'")
def test_a_command_that_waited_for_the_lock_reads_what_its_holder_committed(players):
    """The command that held the table opened a socket for a seat; the command that waited
    for the lock meanwhile reads that seat as present (in one statement that locked and read
    at once, PostgreSQL would have read the sockets as they were before the wait)."""
    alice, bob = players[:2]
    game_id = full_table("draw", [alice, bob])
    locked, waiting, done = threading.Event(), threading.Event(), threading.Event()
    seen: list[Any] = []

    def holder() -> None:
        try:
            with transaction.atomic():
                find_table(game_id)
                locked.set()
                waiting.wait(10)
                Connection.objects.create(game_id=game_id, user=bob, seat=1, channel="tab-bob")
        finally:
            connections.close_all()

    def waiter() -> None:
        try:
            locked.wait(10)
            with transaction.atomic():
                game = find_table(game_id)
                assert game is not None
                seen.extend(s.present for s in seats_of(game))
        finally:
            done.set()
            connections.close_all()

    threads = [threading.Thread(target=holder), threading.Thread(target=waiter)]
    for t in threads:
        t.start()
    locked.wait(10)
    wait_for(lambda: waiting_for_a_lock() == 1, timeout=10)  # the waiter is blocked on the lock
    waiting.set()
    for t in threads:
        t.join(30)
    assert done.is_set()
    assert seen == [False, True]  # alice has no socket; bob's, committed while it waited


def without_time_left(message: dict) -> dict:
    """The message but the clock's time left, which runs on between two reads."""
    table = message.get("table", message)
    if table.get("clock"):
        table["clock"] = {k: v for k, v in table["clock"].items() if k != "remaining_ms"}
    return message


@contextlib.contextmanager
def compared_with_a_fresh_read() -> Iterator[list[Change]]:
    """Each change's messages, as sent right after its commit (before the next command),
    compared with those built from a fresh read of the table: the states seat by seat,
    and the presence. Yields the changes compared."""
    compared: list[Change] = []

    def compare(change: Change) -> None:
        table = readmodels.read(change.game_id)
        if change.states:
            held = readmodels.snapshot(change.game, change.events, change.match)
            fresh = readmodels.snapshot(table, change.events)
            assert fresh["version"] == change.version
            for seat in [*range(change.game.seats), None]:
                assert without_time_left(readmodels.state_message(held, seat)) == without_time_left(
                    readmodels.state_message(fresh, seat)
                )
        if change.presence:
            assert without_time_left(readmodels.presence_message(change.game)) == without_time_left(
                readmodels.presence_message(table)
            )
        compared.append(change)

    original = readmodels.send_change
    readmodels.send_change = compare  # type: ignore[assignment]
    try:
        yield compared
    finally:
        readmodels.send_change = original


def test_the_messages_of_a_change_are_those_of_a_fresh_read(players):
    """What the command held (seats, presence, spectators, knowledge, commitments) is
    what the database says once it has committed, message for message, seat by seat."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    services.connect(game_id, players[2], "watching")  # a spectator: counted
    with compared_with_a_fresh_read() as compared:
        for _ in range(6):
            play_first(game_of(game_id))
        to_round_over(game_id)
        services.next_round(game_id, players[0], game_of(game_id).version)
        play_first(game_of(game_id))
    versions = [change.version for change in compared]
    assert len(versions) >= 9 and versions == sorted(set(versions))
    # The first round is over: its seed is shown beside its commitment (R12); not the second's.
    rounds = readmodels.current_state(game_id, None)["table"]["rounds"]
    assert rounds[0]["seed"] and rounds[0]["commitment"]
    assert rounds[1]["seed"] is None and rounds[1]["commitment"]


def test_the_messages_of_seats_and_sockets_are_those_of_a_fresh_read(players, settings):
    """The commands that change the seats (join, leave) or the sockets (a player or a
    spectator coming and going, a seat away after its grace, R53) keep the table they
    hold as they leave it: their messages are those of a fresh read."""
    settings.PRESENCE_GRACE_SECONDS = 3
    alice, bob, carol, dan = players[:4]
    with compared_with_a_fresh_read() as compared:
        game_id = services.open_table(alice, "draw", 3, None, True, seed=SEED).pk
        services.connect(game_id, alice, "a")
        services.connect(game_id, dan, "watching")  # a spectator
        services.join(game_id, bob)
        services.connect(game_id, bob, "b")
        services.leave(game_id, bob)  # his socket stays, as a seat's no longer taken
        services.join(game_id, bob)
        services.join(game_id, carol)  # the last seat: the match starts
        services.connect(game_id, carol, "c")
        services.disconnect("watching")  # one spectator fewer
        services.disconnect("b")  # in its grace: still connected, nothing sent
        Connection.objects.filter(channel="b").update(closed=timezone.now() - timedelta(seconds=4))
        assert services.leave_if_away("b")  # away now
        services.connect(game_id, bob, "b2")  # back
        services.disconnect("c", grace=False)
        play_first(game_of(game_id))
    kinds = [(change.states, change.presence) for change in compared]
    assert kinds.count((True, False)) == 6  # opened, joined, left, joined, joined, played
    assert kinds.count((False, True)) == 8  # each socket that came or went but "b" in its grace
    assert game_of(game_id).status == Game.PLAYING


def test_the_game_row_keeps_what_the_log_says(players):
    """The round under way and the last move's number, kept on the game, are the log's."""
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    for _ in range(5):
        play_first(game_of(game_id))
    game = game_of(game_id)
    last = Move.objects.filter(game=game).order_by("-seq").first()
    assert game.seq == last.seq
    assert game.current_round_id == game.rounds.order_by("-number").first().pk == last.round_id
    assert turn_of(game) == game.match.round.turn


def test_the_compiled_read_is_the_orms_on_every_field(players):
    """games.sql reads the row as the ORM does: every field, and the seats with
    their names, robots, presence and sanctions, on this database."""
    from django.db import transaction

    from games import sql

    live = full_table("draw", players[:2])
    connect_all(live, players[:1])  # seat 1 away
    services.connect(live, players[3], "watching")
    for _ in range(3):
        play_first(game_of(live))
    players[1].is_active = False  # sanctioned: the table plays for the seat
    players[1].save(update_fields=["is_active"])
    attempt = services.open_attempt(players[2], "block", 3, "a day", timezone.now() + timedelta(hours=1))
    for game_id in (live, attempt.pk):
        with transaction.atomic():
            read = sql.read_table(game_id, lock=True)
        orm = Game.objects.get(pk=game_id)
        for field in Game._meta.concrete_fields:
            assert getattr(read, field.attname) == getattr(orm, field.attname), field.name
        assert read.seating == orm_seating(orm)
        assert read.spectators == (1 if game_id == live else 0)
        assert sql.read_table(game_id, lock=False).seating == read.seating
    assert [s.active for s in sql.read_table(live, lock=False).seating] == [True, False]
    assert [s.robot for s in sql.read_table(attempt.pk, lock=False).seating] == [False, True, True]
    assert sql.read_table(10**9, lock=False) is None


def orm_seating(game: Game) -> list[SeatInfo]:
    """The table's seats with their names and presence, read through the ORM."""
    present = Exists(Connection.objects.filter(game=game, seat=OuterRef("index")))
    rows = game.seat_set.annotate(present=present).values_list(
        "index", "player_id", "player__username", "robot", "player__is_active", "present", "level"
    )
    return [SeatInfo.of(*row) for row in rows]


def test_the_compiled_update_writes_what_the_orm_reads_back(players):
    from games import sql

    game_id = full_table("draw", players[:2])
    game = Game.objects.get(pk=game_id)
    game.knowledge = {"none": [[1, 2], []], "drawing": 1, "drew_on": [3]}
    game.commitments = [*game.commitments, {"number": 9, "commitment": "c", "seed": "s"}]
    game.deadline = None
    game.turn = None
    game.version += 5
    sql.save_game(game)
    again = Game.objects.get(pk=game_id)
    for field in Game._meta.concrete_fields:
        assert getattr(again, field.attname) == getattr(game, field.attname), field.name


def test_a_play_writes_only_the_columns_it_changed(players):
    game_id = full_table("draw", players[:2])
    connect_all(game_id, players[:2])
    game = game_of(game_id)
    user, move = move_of(game)
    with CaptureQueriesContext(connection) as captured:
        services.play(game_id, user, move, game.version)
    # The last UPDATE of the game (on SQLite the write lock's comes first), after the
    # moves' INSERT in the same statement on PostgreSQL.
    update = [q["sql"] for q in captured.captured_queries if 'UPDATE "games_game"' in q["sql"]][-1]
    update = update[update.index('UPDATE "games_game"') :]
    written = set(re.findall(r'"(\w+)" = ', update.split(" WHERE ")[0]))
    assert {"version", "state", "knowledge", "seq", "deadline"} <= written
    assert not written & {"commitments", "seed", "invitation", "host_id", "variant", "target", "created"}
    after = Game.objects.get(pk=game_id)
    assert after.version == game.version + 1 and after.seq > game.seq
    assert after.commitments == game.commitments and after.state != game.state


def test_a_json_value_changed_in_place_or_a_row_saved_by_the_orm_is_written_whole(players):
    from games import sql

    game_id = full_table("draw", players[:2])
    game = game_of(game_id)
    game.commitments[0]["seed"] = "shown"  # changed in place: compared, not watched
    sql.save_game(game)
    assert Game.objects.get(pk=game_id).commitments[0]["seed"] == "shown"
    # True is not 1 in JSON: a value of another type is a change.
    game.knowledge = {**(game.knowledge or {}), "drawing": True}
    sql.save_game(game)
    game.knowledge = {**game.knowledge, "drawing": 1}
    sql.save_game(game)
    assert Game.objects.get(pk=game_id).knowledge["drawing"] == 1
    # Saved by the ORM, then set back as it was read: written again, not left as the ORM wrote it.
    read = game_of(game_id)
    deadline = read.deadline
    read.deadline = None
    read.save(update_fields=["deadline"])
    read.deadline = deadline
    sql.save_game(read)
    assert Game.objects.get(pk=game_id).deadline == deadline
