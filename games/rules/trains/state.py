"""Train mexicain's ruleset, actions and immutable states (docs/rules.md §8, R70–R75).

A state is a tree of tuples that round-trips through JSON (``to_json`` / ``from_json``).
Trains are numbered by their owner's seat; the Mexican train, which nobody owns, is
train ``seats`` in a round's ``trains`` and ``MEXICAN`` (-1) in an ``Action``, written
``"mexican"`` in a record (R88).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .. import common
from ..errors import RuleError
from ..state import (
    DRAW,
    OVER,
    PASS,
    PLAY,
    PLAYING,
    READY,
    ROUND_OVER,
    Winner,
    action_record,
    match_fields,
    match_to_json,
    read_seat_and_kind,
    round_fields,
    round_to_json,
)
from .tiles import Tile, parse_tile, tile_str

__all__ = [
    "DRAW",
    "MEXICAN",
    "OVER",
    "PASS",
    "PLAY",
    "PLAYING",
    "READY",
    "ROUND_OVER",
    "Action",
    "Match",
    "Round",
    "TrainsRules",
    "VARIANTS",
    "from_json",
    "get_ruleset",
    "to_json",
    "train_name",
]

MEXICAN = -1
"""The Mexican train in an ``Action``."""
MEXICAN_NAME = "mexican"


class TrainsRules(NamedTuple):
    """A ruleset of the trains family; its ``targets`` are numbers of rounds (R71)."""

    id: str
    min_seats: int
    max_seats: int
    hand_sizes: tuple[int, ...]
    """Tiles dealt to each seat, indexed by number of seats (index 0 and 1 unused)."""
    targets: tuple[int, ...]
    default_target: int
    target_is_rounds: bool = True
    """A match's "target" is its number of rounds (R71), not points to reach."""
    low_score_wins: bool = True
    teams: bool = False
    draws: bool = True
    """The tiles left form a stock one draws from."""
    wild_blanks: bool = False
    play_points: str = ""

    def hand_size(self, seats: int) -> int:
        return self.hand_sizes[seats]

    def check_seats(self, seats: object) -> int:
        return common.check_seats(self, seats)

    def check_target(self, target: object) -> int:
        return common.check_target(self, target)

    def sides(self, seats: int) -> int:
        return common.sides(self, seats)

    def side_of(self, seat: int) -> int:
        return common.side_of(self, seat)


VARIANTS: dict[str, TrainsRules] = {
    "mexican": TrainsRules(
        id="mexican",
        min_seats=2,
        max_seats=8,
        hand_sizes=(0, 0, 15, 15, 15, 12, 12, 10, 10),
        targets=(13, 5),
        default_target=13,
    )
}


def get_ruleset(variant: object) -> TrainsRules:
    return common.lookup(VARIANTS, variant)


def train_name(train: int) -> int | str:
    """A train as a record and a view write it: its owner's seat, or ``"mexican"``."""
    return MEXICAN_NAME if train == MEXICAN else train


def parse_train(value: object) -> int:
    """Read a record's ``"train"``: a seat number or ``"mexican"`` (R88)."""
    if value == MEXICAN_NAME:
        return MEXICAN
    if type(value) is int and value >= 0:
        return value
    raise RuleError("bad_train", f'{value!r} is not a train: a seat number or "mexican"')


class Action(NamedTuple):
    """``play`` a tile on a train, ``draw`` a tile, or ``pass``.

    ``train``: the owner's seat, ``MEXICAN``, or None when a record leaves it out
    (the tile must then fit exactly one train, R88)."""

    kind: str
    seat: int
    tile: Tile | None = None
    train: int | None = None

    def to_dict(self, with_open: bool = False) -> dict[str, Any]:
        """The record form of the action (docs/record.md, R88). ``with_open`` is the line
        games' flag (a wild blank's number, R22), accepted alike: a train has no such choice."""
        return write_action(self.seat, self.kind, self.tile, self.train)


def write_action(
    seat: int, kind: str, tile: Tile | None = None, train: int | None = None, auto: bool = False
) -> dict[str, Any]:
    """An action as a mexican record writes it: the line games' form (``state.action_record``)
    with the play's ``"train"`` (R88)."""
    place = {"train": train_name(train)} if kind == PLAY and train is not None else None
    return action_record(seat, kind, None if tile is None else tile_str(tile), auto=auto, place=place)


def read_action(data: object) -> Action:
    """Read the record form of an action; refuse anything malformed (RuleError)."""
    seat, kind = read_seat_and_kind(data)
    if kind == PASS:
        return Action(PASS, seat)
    assert isinstance(data, dict)
    tile = parse_tile(data[kind])
    if kind == DRAW:
        return Action(DRAW, seat, tile)
    train = data.get("train")
    return Action(PLAY, seat, tile, None if train is None else parse_train(train))


Car = tuple[int, int]
"""A tile on a train: ``(inner, outer)``, the number touching the train first."""


class Round(NamedTuple):
    number: int
    """From 1."""
    engine: int
    """The engine's number: the double ``13 - number`` lies in the hub (R71)."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles, sorted."""
    stock: tuple[Tile, ...]
    """Tiles left, in draw order."""
    trains: tuple[tuple[Car, ...], ...]
    """Each seat's train, then the Mexican train (index ``seats``), from the hub outwards."""
    markers: tuple[bool, ...]
    """Each seat's marker: up (True) lets the others play on its train (R72)."""
    double: int
    """The train (index into ``trains``) whose end is an uncovered double, or -1 (R74)."""
    turn: int
    """The seat to act (the round's last actor once it is over)."""
    opener: int
    drawn: int = 0
    """Tiles the seat to act has drawn during this turn (0 or 1, R73)."""
    draws: tuple[int, ...] = ()
    """For each seat, how many tiles it drew this round (public)."""
    passes: tuple[int, ...] = ()
    """For each seat, how many times it passed this round (public)."""
    points: tuple[int, ...] = ()
    """For each seat, the points it scored this round (its pips left, at the end)."""
    last: int = -1
    """The seat that laid the last tile."""
    result: str = ""
    """"" while in play; then "domino" or "blocked" (R75); "unfinished" in a replay's summary."""
    winner: Winner = None
    legal: tuple[Action, ...] = ()
    """The plays open to the seat to act; worked out again by ``from_json``."""

    def end(self, train: int) -> int:
        """The number a train (index into ``trains``) shows: its last tile's outer half,
        or the engine's number before its first tile (R72)."""
        cars = self.trains[train]
        return cars[-1][1] if cars else self.engine


class Match(NamedTuple):
    variant: str
    seats: int
    target: int
    """The number of rounds: 13 or 5 (R71)."""
    scores: tuple[int, ...]
    """Each seat's total."""
    round: Round | None = None
    status: str = READY
    winner: Winner = None


def to_json(match: Match) -> dict[str, Any]:
    """The whole match state, secrets included: for storage on the server only."""

    def round_json(r: Round) -> dict[str, Any]:
        trains = {
            "trains": [[list(car) for car in train] for train in r.trains],
            "markers": list(r.markers),
            "double": r.double,
        }
        return round_to_json(r, tile_str, trains, head={"engine": r.engine})

    return match_to_json(match, round_json)


def from_json(data: dict[str, Any]) -> Match:
    r = data["round"]
    rnd = None
    if r is not None:
        rnd = Round(
            **round_fields(r, parse_tile),
            engine=r["engine"],
            trains=tuple(tuple((a, b) for a, b in train) for train in r["trains"]),
            markers=tuple(r["markers"]),
            double=r["double"],
        )
        if not rnd.result:
            from .engine import plays  # engine.py imports this module

            rnd = rnd._replace(legal=plays(rnd, rnd.turn))
    return Match(**match_fields(data), round=rnd)
