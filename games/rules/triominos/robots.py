"""The house robot for Triominos: a deterministic choice among the legal plays, from one seat's view.

It takes the most points now (the tile's value and its bonus, R84; going out, R85),
then sheds the heaviest tile, then lays a triple while it fits (triples fit fewest
places), then takes the first play in the order listed (R87's order): the same view
always gives the same play.
"""

from __future__ import annotations

from typing import Any

from .board import BONUS_POINTS, EMPTY, Layout, Placed
from .state import parse_action
from .tiles import is_triple, parse_tri, value

GOING_OUT = 25
"""What going out scores besides the other hands (R85), which the robot cannot see."""


def _layout(view: dict[str, Any]) -> Layout:
    lay = EMPTY
    for cell in view["round"]["board"]:
        x, y = cell["at"]
        lay = lay.with_tile(Placed(x, y, parse_tri(cell["tile"]), cell["turn"]))
    return lay


def play_points(lay: Layout, tile: tuple[int, int, int], at: tuple[int, int]) -> int:
    """What laying ``tile`` on ``at`` scores at once on a board with tiles (R84)."""
    bonus = lay.bonus(at)
    return value(tile) + (BONUS_POINTS[bonus] if bonus else 0)


def house_choice(view: dict[str, Any]) -> dict[str, Any]:
    """The robot's play for the seat whose view this is (it must be that seat's turn)."""
    legal = view["legal"]
    if not legal:
        raise ValueError("the robot has nothing to play: it is not its turn")
    lay = _layout(view)
    last_tile = len(view["hand"]) == 1
    best = legal[0]
    best_key: tuple[int, int, int] | None = None
    for data in legal:
        action = parse_action(data)
        assert action.tile is not None and action.at is not None
        points = play_points(lay, action.tile, action.at) + (GOING_OUT if last_tile else 0)
        key = (points, value(action.tile), 1 if is_triple(action.tile) else 0)
        if best_key is None or key > best_key:  # strictly better: ties keep the first
            best, best_key = data, key
    return dict(best)
