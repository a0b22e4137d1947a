"""Immutable states of a round and a match, and the actions that change them.

Every state is a tree of tuples that round-trips through JSON
(``to_json`` / ``from_json``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from .errors import RuleError
from .line import END_NAMES, Line
from .tiles import Tile, parse_tile, read_tile, tile_str

Winner = int | tuple[int, ...] | None
"""A side, several sides sharing a win (``family``), or nobody."""

PLAY, DRAW, PASS = "play", "draw", "pass"

# Match status
READY = "ready"  # no round dealt yet
PLAYING = "playing"
ROUND_OVER = "round_over"
OVER = "over"


def action_record(
    seat: int,
    kind: str,
    tile: str | None = None,
    end: str | None = None,
    open: int | None = None,
    auto: bool = False,
    place: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """An action as a record writes it (docs/record.md): the one writer of that form.

    ``{"seat", "play", "end"?, "open"?}``, ``{"seat", "draw"}`` or ``{"seat", "pass": true}``,
    with ``"auto": true`` when the table played it (R52). ``end`` is left out for the
    round's first tile (no end, or the log's empty one); ``open`` is written when given
    (a wild blank's chosen number, R22: the caller passes it only where the variant has one).
    ``place``: where a play goes in a family whose plays name more than an end (R88:
    ``{"train": 3}``, ``{"at": [x, y], "turn": k}``), its keys written after the tile.
    """
    out: dict[str, Any] = {"seat": seat}
    if kind == PASS:
        out["pass"] = True
    elif kind == DRAW:
        out["draw"] = tile
    elif kind == PLAY:
        out["play"] = tile
        if end:
            out["end"] = end
        if open is not None:
            out["open"] = open
        if place:
            out.update(place)
    else:
        raise ValueError(f"not an action: {kind!r}")
    if auto:
        out["auto"] = True
    return out


def read_seat_and_kind(data: object) -> tuple[int, str]:
    """The seat and the kind (play, draw or pass) of an action's record form, as every
    family reads it (docs/record.md); a pass is then read in full. RuleError
    ``bad_action`` for anything malformed; the rest of a play or a draw is the family's."""
    if not isinstance(data, dict):
        raise RuleError("bad_action", "an action is a JSON object")
    seat = data.get("seat")
    if type(seat) is not int or seat < 0:
        raise RuleError("bad_action", "an action needs a seat number")
    kinds = [k for k in (PLAY, DRAW, PASS) if k in data]
    if len(kinds) != 1:
        raise RuleError("bad_action", "an action is exactly one of play, draw or pass")
    kind = kinds[0]
    if kind == PASS and data[PASS] is not True:
        raise RuleError("bad_action", '"pass" must be true')
    return seat, kind


class Action(NamedTuple):
    """``play`` a tile (on ``end``, leaving ``open``), ``draw`` a tile, or ``pass``."""

    kind: str
    seat: int
    tile: Tile | None = None
    end: str | None = None
    open: int | None = None

    def to_dict(self, with_open: bool = False) -> dict[str, Any]:
        """The record form of the action (docs/record.md), ``open`` only ``with_open``."""
        return action_record(
            self.seat,
            self.kind,
            None if self.tile is None else tile_str(self.tile),
            self.end,
            self.open if with_open else None,
        )

    @classmethod
    def from_dict(cls, data: object, top: int = 12) -> Action:
        """Read the record form of an action, its tile one of the set whose highest number
        is ``top`` (R1, R70: by default a tile of either set; ``parse_action`` and the
        replay give the variant's); refuse anything malformed."""
        seat, kind = read_seat_and_kind(data)
        if kind == PASS:
            return cls(PASS, seat)
        assert isinstance(data, dict)
        tile = parse_tile(data[kind], top)
        if kind == DRAW:
            return cls(DRAW, seat, tile)
        end = data.get("end")
        if end is not None and end not in END_NAMES:
            raise RuleError("bad_end", f"{end!r} is not an end (left, right, up, down)")
        opened = data.get("open")
        if opened is not None and (type(opened) is not int or not 0 <= opened <= top):
            raise RuleError("bad_open", f"{opened!r} is not a number from 0 to {top}")
        return cls(PLAY, seat, tile, end, opened)


class Round(NamedTuple):
    number: int
    """From 1."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles, sorted: the order in which a hand is shown."""
    stock: tuple[Tile, ...]
    """Tiles left, in draw order; for a variant with no drawing, the tiles set aside."""
    line: Line | None
    turn: int
    """The seat to act (the round's last actor once it is over)."""
    opener: int
    drawn: int = 0
    """Tiles the seat to act has drawn during this turn."""
    passes: tuple[tuple[int, ...], ...] = ()
    """For each seat, the end numbers it has passed on this round (public, R6)."""
    draws: tuple[int, ...] = ()
    """For each seat, how many tiles it has drawn this round (public, R6)."""
    points: tuple[int, ...] = ()
    """For each side, the points scored this round (during play and at its end)."""
    last: int = -1
    """The seat that laid the last tile."""
    result: str = ""
    """"" while in play; then "domino", "blocked", "closed" or "unfinished" (R7, R8, R23)."""
    winner: Winner = None
    legal: tuple[Action, ...] = ()
    """The plays open to the seat to act, worked out once when the turn begins.

    Derived from the rest of the round; not stored in JSON (``from_json``
    works it out again)."""


class Match(NamedTuple):
    variant: str
    seats: int
    target: int | None
    """None: the daily challenge's five rounds, with no target and no winner."""
    scores: tuple[int, ...]
    """Each side's total."""
    round: Round | None = None
    status: str = READY
    winner: Winner = None


def winner_json(winner: Winner) -> Any:
    """A winner in JSON: a side, a list of sides, or null."""
    return list(winner) if isinstance(winner, tuple) else winner


def read_winner(data: Any) -> Winner:
    """A winner read back from JSON (``winner_json``'s inverse)."""
    return tuple(data) if isinstance(data, list) else data


def match_to_json(match: Any, round_json: Callable[[Any], dict[str, Any]]) -> dict[str, Any]:
    """The whole match state in JSON, for every family: the fields every match has, and
    its round (if any) by the family's ``round_json``."""
    r = match.round
    return {
        "variant": match.variant,
        "seats": match.seats,
        "target": match.target,
        "scores": list(match.scores),
        "status": match.status,
        "winner": winner_json(match.winner),
        "round": None if r is None else round_json(r),
    }


def round_to_json(
    r: Any,
    write_tile: Callable[[Any], str],
    board: dict[str, Any],
    *,
    head: dict[str, Any] | None = None,
    counts: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """A round in JSON, for every family: its number (then ``head``), the hands and the
    stock (each tile by ``write_tile``), the family's ``board``, whose turn, the public
    counts (``counts``, by default the draws then the passes, one number a seat), the
    points and the result."""
    return {
        "number": r.number,
        **(head or {}),
        "hands": [[write_tile(t) for t in h] for h in r.hands],
        "stock": [write_tile(t) for t in r.stock],
        **board,
        "turn": r.turn,
        "opener": r.opener,
        "drawn": r.drawn,
        **(counts if counts is not None else {"draws": list(r.draws), "passes": list(r.passes)}),
        "points": list(r.points),
        "last": r.last,
        "result": r.result,
        "winner": winner_json(r.winner),
    }


def match_fields(data: dict[str, Any]) -> dict[str, Any]:
    """The fields every family's ``Match`` has, read from ``match_to_json``'s form (the
    round left to the family)."""
    return {
        "variant": data["variant"],
        "seats": data["seats"],
        "target": data["target"],
        "scores": tuple(data["scores"]),
        "status": data["status"],
        "winner": read_winner(data["winner"]),
    }


def round_fields(r: dict[str, Any], read: Callable[[Any], Any]) -> dict[str, Any]:
    """The fields every family's ``Round`` has, read from ``round_to_json``'s form, each
    tile by ``read`` (the family's board and anything else left to it)."""
    return {
        "number": r["number"],
        "hands": tuple(tuple(map(read, h)) for h in r["hands"]),
        "stock": tuple(map(read, r["stock"])),
        "turn": r["turn"],
        "opener": r["opener"],
        "drawn": r["drawn"],
        "draws": tuple(r["draws"]),
        "passes": tuple(r["passes"]),
        "points": tuple(r["points"]),
        "last": r["last"],
        "result": r["result"],
        "winner": read_winner(r["winner"]),
    }


def line_to_json(line: Line) -> dict[str, Any]:
    out: dict[str, Any] = {"center": tile_str(line.center)}
    for name in END_NAMES:
        out[name] = [list(h) for h in line.arm(name)]
    out["spinner"] = line.spinner
    out["spinner_at"] = line.spinner_at
    out["ends"] = {name: n for name, n in line.ends}
    return out


def line_from_json(data: dict[str, Any]) -> Line:
    return Line(
        center=read_tile(data["center"]),
        left=tuple((i, o) for i, o in data["left"]),
        right=tuple((i, o) for i, o in data["right"]),
        up=tuple((i, o) for i, o in data["up"]),
        down=tuple((i, o) for i, o in data["down"]),
        spinner=data["spinner"],
        spinner_at=data["spinner_at"],
        # In the order left, right, up, down, whatever order the JSON object kept
        # (PostgreSQL's jsonb, for one, sorts keys its own way).
        ends=tuple((name, data["ends"][name]) for name in END_NAMES if name in data["ends"]),
    )


def to_json(match: Match) -> dict[str, Any]:
    """The whole match state, secrets included: for storage on the server only."""

    def round_json(r: Round) -> dict[str, Any]:
        line = {"line": None if r.line is None else line_to_json(r.line)}
        counts = {"passes": [list(p) for p in r.passes], "draws": list(r.draws)}
        return round_to_json(r, tile_str, line, counts=counts)

    return match_to_json(match, round_json)


def from_json(data: dict[str, Any]) -> Match:
    r = data["round"]
    rnd = None
    if r is not None:
        rnd = Round(
            **{
                **round_fields(r, read_tile),
                "line": None if r["line"] is None else line_from_json(r["line"]),
                "passes": tuple(tuple(p) for p in r["passes"]),
            }
        )
        if not rnd.result:
            from .round import legal_plays  # round.py imports this module
            from .variants import get_ruleset

            wild = get_ruleset(data["variant"]).wild_blanks
            rnd = rnd._replace(legal=legal_plays(rnd.turn, rnd.hands[rnd.turn], rnd.line, wild))
    return Match(**match_fields(data), round=rnd)
