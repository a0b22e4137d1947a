"""The house robot for Train mexicain: a deterministic choice among the legal plays,
from its seat's view alone (as games/rules/robots.py for the line games).

It sheds heavy tiles, lays a double when it holds a tile to cover it, prefers its own
train (above all while its marker is up), plays on an opponent's open train before the
Mexican train, which it keeps for later, and keeps its own train's end on a number it holds.
"""

from __future__ import annotations

from typing import Any

from .tiles import parse_tile

PIPS = 1.0  # a pip shed from the hand: what one scores at the end
OWN = 4.0  # a tile on its own train, which only it may feed while its marker is down
MARKER_DOWN = 3.0  # more so while its marker is up: the play brings it down
OTHER = 1.0  # a tile on an opponent's open train: its own stays for later
MEXICAN = -2.0  # the Mexican train is everybody's: keep it for when nothing else fits
DOUBLE_COVERED = 6.0  # a double it can cover itself on its next turn
DOUBLE_BARE = -3.0  # a double it cannot cover: it will draw, and may pass
HELD = 1.0  # each tile of the hand that fits the end the play leaves on its own train


def _score(view: dict[str, Any], action: dict[str, Any], hand: list[tuple[int, int]]) -> float:
    rnd = view["round"]
    seat = view["seat"]
    tile = parse_tile(action["play"])
    rest = [t for t in hand if t != tile]
    if not rest:
        return 1e9  # domino
    train = action["train"]
    ends = {t["train"]: t["end"] for t in rnd["trains"]}
    end = ends[train]
    outer = tile[1] if tile[0] == end else tile[0]
    score = PIPS * (tile[0] + tile[1])
    if train == seat:
        score += OWN + (MARKER_DOWN if rnd["markers"][seat] else 0.0)
        score += HELD * sum(1 for a, b in rest if outer in (a, b))
    elif train == "mexican":
        score += MEXICAN
    else:
        score += OTHER
    if tile[0] == tile[1]:
        score += DOUBLE_COVERED if any(outer in t for t in rest) else DOUBLE_BARE
    return score


def house_choice(view: dict[str, Any]) -> dict[str, Any]:
    """The robot's play for the seat whose view this is (it must be that seat's turn):
    one of ``view["legal"]``, the same one for the same view."""
    legal = view["legal"]
    if not legal:
        raise ValueError("the robot has nothing to play: it is not its turn")
    hand = [parse_tile(t) for t in view["hand"]]
    best = legal[0]
    best_score = _score(view, best, hand)
    for action in legal[1:]:
        s = _score(view, action, hand)
        if s > best_score:  # strictly better: ties keep the first, so the choice is deterministic
            best, best_score = action, s
    return dict(best)
