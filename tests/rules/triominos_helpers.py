"""Builders of Triominos positions for the rule tests (docs/rules.md §8).

``position`` lays tiles straight onto a board, as a test needs them, without
playing up to it: each ``(x, y, "a-b-c", turn)`` in the order laid.
"""

from __future__ import annotations

from typing import Any

from games.rules.triominos import ALL_TRIS, Action, Match, Placed, Round, apply, new_match, parse_tri
from games.rules.triominos.match import plays
from games.rules.triominos.state import PLAYING

Event = dict[str, Any]
Laid = tuple[int, int, str, int]


def tris(text: str) -> tuple[tuple[int, int, int], ...]:
    """Tiles written one after the other: ``tris("0-0-1 2-3-4")``."""
    return tuple(parse_tri(w) for w in text.split())


def position(
    board: list[Laid],
    hands: list[str],
    stock: str = "",
    turn: int = 0,
    scores: tuple[int, ...] | None = None,
    target: int = 400,
) -> Match:
    """A round in play: ``board`` laid, these hands and pool, ``turn`` to play."""
    seats = len(hands)
    laid = tuple(Placed(x, y, parse_tri(t), k) for x, y, t, k in board)
    dealt = tuple(tuple(sorted(tris(h))) for h in hands)
    named = [p.tile for p in laid] + [t for h in dealt for t in h] + list(tris(stock))
    assert len(named) == len(set(named)), "a tile is named twice"
    assert all(t in ALL_TRIS for t in named)
    rnd = Round(
        number=1,
        hands=dealt,
        stock=tris(stock),
        board=laid,
        turn=turn,
        opener=0,
        draws=(0,) * seats,
        passes=(0,) * seats,
        points=(0,) * seats,
    )
    rnd = rnd._replace(legal=plays(rnd))
    match = new_match("triominos", seats, target)
    return match._replace(round=rnd, status=PLAYING, scores=scores or (0,) * seats)


def play(
    match: Match, seat: int, tile: str, at: tuple[int, int] | None = None, turn: int | None = None
) -> tuple[Match, list[Event]]:
    return apply(match, Action("play", seat, parse_tri(tile), at, turn))


OPENED: list[Laid] = [(0, 0, "0-0-0", 0)]

BRIDGE: list[Laid] = [
    (0, 0, "0-0-0", 0),
    (0, -1, "0-0-2", 0),
    (1, -1, "0-1-2", 2),
    (2, -1, "0-1-1", 0),
    (3, -1, "1-1-1", 0),
    (4, -1, "1-1-3", 1),
    (4, 0, "1-2-3", 0),
    (3, 0, "1-1-2", 1),
]
"""A ring of tiles from (0, 0) round to (3, 0): cell (1, 0) shares an edge with (0, 0)
alone, and its corner (2, 1) opposite that edge is a corner of (3, 0): 0-0-1 with turn
1 lies there as a bridge."""

HEXAGON: list[Laid] = [
    (0, 0, "0-0-0", 0),
    (1, 0, "0-0-1", 1),
    (0, -1, "0-0-2", 0),
    (1, -1, "0-2-2", 2),
    (2, -1, "0-1-2", 0),
]
"""Five of the six cells around corner (1, 0): 0-1-1 with turn 0 fills the sixth, (2, 0)."""

TWO_HEXAGONS: list[Laid] = [
    (0, 0, "0-0-0", 0),
    (0, -1, "0-0-3", 0),
    (1, -1, "0-2-3", 2),
    (2, -1, "0-2-2", 0),
    (2, 0, "0-1-2", 0),
    (3, 0, "1-2-2", 0),
    (3, 1, "1-1-2", 0),
    (2, 1, "1-1-1", 0),
    (1, 1, "0-1-1", 0),
]
"""Every cell around corners (1, 0) and (2, 1) but (1, 0): 0-0-1 with turn 1 fills both hexagons."""
