"""The statements every play makes, written once per database vendor.

A play reads its game with the seats (``read_table``: the one loader of every
command, games.services.core.find_table, and of the pages' read models without
the lock, games.readmodels), appends its moves (``add_moves``) and writes the
game back (``save_game``, with the moves: on PostgreSQL one statement for both),
hundreds of times a second on a busy site. The ORM
would compile each statement again at every call (a third of a play's time in a
Daphne process under load, docs/benchmarks.md); here each is built once, as SQL
with parameters; the values are prepared and the rows turned into a ``Game`` by
the fields' own methods and database converters, as the ORM does (JSON, dates,
booleans), on PostgreSQL and SQLite alike.
``tests/games/test_command_path.py`` checks them against the ORM on the same rows.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from typing import Any

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Field, JSONField
from django.db.models.signals import post_save

from games.models import Connection, Game, Move, Seat, SeatInfo

Converter = Callable[[Any, Any, Any], Any]
# The game's row as read_table read it, kept on the instance (its __dict__) for save_game.
LOADED = "_row_as_read"
# The moves add_moves holds for the game's next save_game (on the instance too).
PENDING = "_moves_to_add"


def _quote(name: str) -> str:
    return connection.ops.quote_name(name)


@cache
def _game_fields() -> list[Field[Any, Any]]:
    return list(Game._meta.concrete_fields)


@cache
def _converters(vendor: str) -> list[tuple[int, list[Converter], Any]]:
    """For each column of the game that needs one, its converters (backend's, then field's)."""
    table = Game._meta.db_table
    out = []
    for i, field in enumerate(_game_fields()):
        col = field.get_col(table)
        convs = connection.ops.get_db_converters(col) + col.get_db_converters(connection)
        if convs:
            out.append((i, convs, col))
    return out


@cache
def _read_sql(vendor: str) -> str:
    game, seat = Game._meta.db_table, Seat._meta.db_table
    user, conn = get_user_model()._meta.db_table, Connection._meta.db_table
    g = ", ".join(f"g.{_quote(f.column)}" for f in _game_fields())
    q = _quote
    return (
        f"SELECT {g}, s.{q('index')}, s.{q('player_id')}, u.{q('username')}, s.{q('robot')}, "
        f"u.{q('is_active')}, "
        f"EXISTS (SELECT 1 FROM {q(conn)} c WHERE c.{q('game_id')} = g.{q('id')} "
        f"AND c.{q('seat')} = s.{q('index')}), "
        f"s.{q('level')}, "
        f"(SELECT COUNT(*) FROM {q(conn)} c WHERE c.{q('game_id')} = g.{q('id')} AND c.{q('seat')} IS NULL) "
        f"FROM {q(game)} g LEFT JOIN {q(seat)} s ON s.{q('game_id')} = g.{q('id')} "
        f"LEFT JOIN {q(user)} u ON u.{q('id')} = s.{q('player_id')} "
        f"WHERE g.{q('id')} = %s ORDER BY s.{q('index')}"
    )


@cache
def _lock_then_read_sql(vendor: str) -> str:
    """The game's row locked by a statement of its own, then the table read by the next.

    One statement that both locks and reads would, in PostgreSQL's READ COMMITTED, read
    the seats and the sockets as they were when it *started*: when it had to wait for
    the lock, what the command that held it committed (a socket opened, a seat taken) is
    invisible to it, and only the game's row is read again. The read that follows the
    lock sees everything committed before it. Both go in one round trip (client-side
    binding allows two statements in one call)."""
    game = _quote(Game._meta.db_table)
    return f"SELECT 1 FROM {game} WHERE {_quote('id')} = %s FOR UPDATE; " + _read_sql(vendor)


def read_table(game_id: int, *, lock: bool) -> Game | None:
    """The game with ``seating`` and ``spectators`` (as ``services.core.find_table`` describes),
    with ``lock`` its row locked where the database has row locks; None if there is no
    such game."""
    locks = lock and connection.features.has_select_for_update
    with connection.cursor() as cursor:
        if locks:
            cursor.execute(_lock_then_read_sql(connection.vendor), [game_id, game_id])
            cursor.nextset()
        else:
            cursor.execute(_read_sql(connection.vendor), [game_id])
        rows = cursor.fetchall()
    if not rows:
        return None
    width = len(_game_fields())
    values = list(rows[0][:width])
    for i, convs, col in _converters(connection.vendor):
        for convert in convs:
            values[i] = convert(values[i], col, connection)
    game = Game.from_db(connection.alias, [f.attname for f in _game_fields()], values)
    # As read, so that save_game writes only what changed: each value as the game holds
    # it, but JSON as its text (the game's own JSON values may be changed in place).
    game.__dict__[LOADED] = tuple(rows[0][i] if i in _json_columns() else v for i, v in enumerate(values))
    game.seating = [SeatInfo.of(*row[width:-1]) for row in rows if row[width] is not None]
    game.spectators = int(rows[0][-1])
    return game


@cache
def _update_sql(vendor: str, columns: tuple[int, ...]) -> str:
    fields = _game_fields()
    sets = ", ".join(f"{_quote(fields[i].column)} = %s" for i in columns)
    return f"UPDATE {_quote(Game._meta.db_table)} SET {sets} WHERE {_quote('id')} = %s"


@cache
def _json_columns() -> frozenset[int]:
    return frozenset(i for i, f in enumerate(_game_fields()) if isinstance(f, JSONField))


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def changed_columns(game: Game) -> tuple[int, ...]:
    """The columns (indices in ``_game_fields``) whose value differs from the row as
    ``read_table`` read it; every column but the key when the game was not read there,
    or was saved by the ORM since (``_forget_row``). JSON values are compared as JSON
    text with sorted keys (``true`` is not ``1``; the order of keys does not matter)."""
    fields = _game_fields()
    loaded = game.__dict__.get(LOADED)
    if loaded is None:
        return tuple(i for i, f in enumerate(fields) if not f.primary_key)
    json_columns = _json_columns()
    out = []
    for i, field in enumerate(fields):
        if field.primary_key:
            continue
        now, then = getattr(game, field.attname), loaded[i]
        if i in json_columns:
            if _canonical(now) != _canonical(json.loads(then) if isinstance(then, str) else then):
                out.append(i)
        elif now != then or type(now) is not type(then):
            out.append(i)
    return tuple(out)


def save_game(game: Game) -> None:
    """Write the game's row back: the columns that changed since ``read_table`` read it
    (a play changes the version, the state, the knowledge fold, the turn, the sequence
    and the deadline, and leaves the commitments, the seed, the settings...), each value
    prepared by its field as the ORM prepares it; every column of a game not read there
    (``Model.save`` for a row that exists). Values are compared, not watched: a JSON
    value changed in place is written too.

    The moves ``add_moves`` held for the game are appended with it: on PostgreSQL in the
    same statement (``WITH m AS (INSERT ...) UPDATE ...``: one round trip fewer a play),
    elsewhere in an INSERT just before the UPDATE."""
    fields = _game_fields()
    columns = changed_columns(game)
    params = [fields[i].get_db_prep_save(fields[i].pre_save(game, False), connection) for i in columns]
    params.append(game.pk)
    moves: list[Move] = game.__dict__.pop(PENDING, None) or []
    with connection.cursor() as cursor:
        if not moves:
            cursor.execute(_update_sql(connection.vendor, columns), params)
        elif connection.vendor == "postgresql":
            statement, fields_of_move = _insert_and_update_sql(connection.vendor, len(moves), columns)
            cursor.execute(statement, [*_move_params(moves, fields_of_move), *params])
        else:
            statement, fields_of_move = _insert_sql(connection.vendor, len(moves))
            cursor.execute(statement, _move_params(moves, fields_of_move))
            cursor.execute(_update_sql(connection.vendor, columns), params)
    loaded = game.__dict__.get(LOADED)
    if loaded is not None:  # saved again in the same command: compared with this save
        row = list(loaded)
        for i in columns:
            value = getattr(game, fields[i].attname)
            row[i] = _canonical(value) if i in _json_columns() and value is not None else value
        game.__dict__[LOADED] = tuple(row)


def _forget_row(sender: type[Game], instance: Game, **kwargs: Any) -> None:
    """The ORM saved the game: what read_table read is no longer what the row holds."""
    instance.__dict__.pop(LOADED, None)


post_save.connect(_forget_row, sender=Game, dispatch_uid="games.sql.forget_row")


@cache
def _insert_sql(vendor: str, rows: int) -> tuple[str, list[Field[Any, Any]]]:
    fields = [f for f in Move._meta.concrete_fields if not f.primary_key]
    cols = ", ".join(_quote(f.column) for f in fields)
    one = "(" + ", ".join(["%s"] * len(fields)) + ")"
    return f"INSERT INTO {_quote(Move._meta.db_table)} ({cols}) VALUES " + ", ".join([one] * rows), fields


@cache
def _insert_and_update_sql(
    vendor: str, rows: int, columns: tuple[int, ...]
) -> tuple[str, list[Field[Any, Any]]]:
    """The moves' INSERT and the game's UPDATE as one statement (PostgreSQL's data-modifying
    WITH: the INSERT runs to completion whether or not the UPDATE reads it)."""
    insert, fields = _insert_sql(vendor, rows)
    return f"WITH m AS ({insert}) {_update_sql(vendor, columns)}", fields


def _move_params(moves: list[Move], fields: list[Field[Any, Any]]) -> list[Any]:
    return [f.get_db_prep_save(f.pre_save(move, True), connection) for move in moves for f in fields]


def add_moves(game: Game, moves: list[Move]) -> None:
    """Append ``moves`` to the log with the game's next ``save_game``, in one statement with
    its UPDATE where the database allows it (``bulk_create`` without its compiling); their
    ids are not read back (nothing needs them). Every command that records moves saves its
    game next (``services.core.bump``); nothing reads the log in between."""
    if moves:
        game.__dict__.setdefault(PENDING, []).extend(moves)
