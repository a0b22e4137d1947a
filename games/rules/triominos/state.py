"""Immutable states of a Triominos round and match, and the actions that change them.

Every state is a tree of tuples that round-trips through JSON (``to_json`` /
``from_json``); the status constants are those of every family (games/rules/state.py).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..errors import RuleError
from ..state import (
    DRAW,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    READY,
    ROUND_OVER,
    action_record as _action_record,
    match_fields,
    match_to_json,
    read_seat_and_kind,
    round_fields,
    round_to_json,
    winner_json,
)
from .board import Placed
from .tiles import Tri, parse_tri, tri_str

Winner = int | tuple[int, ...] | None
"""A seat, several seats sharing a win (R86), or nobody."""

__all__ = [
    "DRAW",
    "OVER",
    "PASS",
    "PLAY",
    "PLAYING",
    "READY",
    "ROUND_OVER",
    "Action",
    "Match",
    "Round",
    "Winner",
    "action_record",
    "from_json",
    "parse_action",
    "to_json",
    "winner_json",
]


def action_record(
    seat: int,
    kind: str,
    tile: str | None = None,
    at: tuple[int, int] | list[int] | None = None,
    turn: int | None = None,
    auto: bool = False,
) -> dict[str, Any]:
    """An action as a Triominos record writes it (docs/record.md, R88), by the one writer
    of that form (games/rules/state.py): ``{"seat", "play", "at"?, "turn"?}``,
    ``{"seat", "draw"}`` or ``{"seat", "pass": true}``, ``"auto": true`` when the table
    played it (R87)."""
    place: dict[str, Any] = {}
    if at is not None:
        place["at"] = [at[0], at[1]]
    if turn is not None:
        place["turn"] = turn
    return _action_record(seat, kind, tile, auto=auto, place=place)


class Action(NamedTuple):
    """``play`` a tile (on cell ``at`` with ``turn``), ``draw`` a tile, or ``pass``.

    A play read from a record may leave out ``at`` and ``turn`` (R88); the plays the
    engine lists always give both."""

    kind: str
    seat: int
    tile: Tri | None = None
    at: tuple[int, int] | None = None
    turn: int | None = None

    def to_dict(self, with_open: bool = False) -> dict[str, Any]:
        """The record form of the action (docs/record.md); ``with_open`` is the line
        family's (a wild blank's open number), which a Triominos play never has."""
        return action_record(
            self.seat, self.kind, None if self.tile is None else tri_str(self.tile), self.at, self.turn
        )

    @classmethod
    def from_dict(cls, data: object) -> Action:
        return parse_action(data)


def _int(value: object) -> bool:
    return type(value) is int


def parse_action(data: object) -> Action:
    """Read the record form of an action; refuse anything malformed (RuleError)."""
    seat, kind = read_seat_and_kind(data)
    if kind == PASS:
        return Action(PASS, seat)
    assert isinstance(data, dict)
    tile = parse_tri(data[kind])
    if kind == DRAW:
        return Action(DRAW, seat, tile)
    at = data.get("at")
    cell: tuple[int, int] | None = None
    if at is not None:
        if not isinstance(at, (list, tuple)) or len(at) != 2 or not all(_int(v) for v in at):
            raise RuleError("bad_at", f'"at" is a cell [x, y] of two whole numbers, not {at!r}')
        cell = (at[0], at[1])
    turn = data.get("turn")
    if turn is not None and (not _int(turn) or turn not in (0, 1, 2)):
        raise RuleError("bad_turn", f'"turn" is 0, 1 or 2, not {turn!r}')
    return Action(PLAY, seat, tile, cell, turn)


class Round(NamedTuple):
    number: int
    """From 1."""
    hands: tuple[tuple[Tri, ...], ...]
    """Each seat's tiles, in written order: the order in which a hand is shown."""
    stock: tuple[Tri, ...]
    """The pool, in draw order."""
    board: tuple[Placed, ...]
    """The tiles laid, in the order laid."""
    turn: int
    """The seat to act (the round's last actor once it is over)."""
    opener: int
    drawn: int = 0
    """Tiles the seat to act has drawn during this turn."""
    draws: tuple[int, ...] = ()
    """For each seat, the tiles it has drawn this round (public, R87)."""
    passes: tuple[int, ...] = ()
    """For each seat, how many times it has passed this round (public, R87)."""
    points: tuple[int, ...] = ()
    """For each seat, the points scored this round (during play and at its end)."""
    last: int = -1
    """The seat that laid the last tile."""
    result: str = ""
    """"" while in play; then "domino" or "blocked" (R85)."""
    winner: Winner = None
    legal: tuple[Action, ...] = ()
    """The plays open to the seat to act, worked out when its turn begins.

    Derived from the rest of the round; not stored in JSON."""


class Match(NamedTuple):
    variant: str
    seats: int
    target: int | None
    """None: the daily challenge's five rounds, with no target and no winner."""
    scores: tuple[int, ...]
    """Each seat's total (a seat is a side)."""
    round: Round | None = None
    status: str = READY
    winner: Winner = None


def placed_json(p: Placed) -> dict[str, Any]:
    return {"at": [p.x, p.y], "tile": tri_str(p.tile), "turn": p.turn}


def to_json(match: Match) -> dict[str, Any]:
    """The whole match state, secrets included: for storage on the server only."""

    def round_json(r: Round) -> dict[str, Any]:
        return round_to_json(r, tri_str, {"board": [placed_json(p) for p in r.board]})

    return match_to_json(match, round_json)


def from_json(data: dict[str, Any]) -> Match:
    r = data["round"]
    rnd = None
    if r is not None:
        rnd = Round(
            **round_fields(r, parse_tri),
            board=tuple(Placed(p["at"][0], p["at"][1], parse_tri(p["tile"]), p["turn"]) for p in r["board"]),
        )
        if not rnd.result and data["status"] == PLAYING:
            from .match import plays  # match.py imports this module

            rnd = rnd._replace(legal=plays(rnd))
    return Match(**match_fields(data), round=rnd)
