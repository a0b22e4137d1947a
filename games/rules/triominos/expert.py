"""The expert robot's ``Family`` for Triominos (games/rules/expert.py, docs/architecture.md,
robots): its dealings of the unseen tiles and its playouts through the engine's ``apply``.

What a seat knows (R87): its hand, the board, every hand's size, the pool's size, the
scores, the draws and the passes. The passes say one thing more: the board has not changed
since the last tile was laid (``last`` in the view), so every seat that passed since then,
the seats after ``last`` up to the seat to act, holds no tile that fits a free cell of the
board as it is now (R84: it drew what it could and still had none). A dealing gives those
seats none of those tiles, and the other hands and the pool any of the rest.
"""

from __future__ import annotations

import random
from typing import Any

from ..state import PLAYING
from ..unseen import deal_unseen, play_out
from .board import BONUS_POINTS, Placed, fitting_tiles, layout
from .match import apply, plays
from .state import Action, Match, Round
from .tiles import ALL_TRIS, Tri, parse_tri
from .variants import get_ruleset


def board_of(view: dict[str, Any]) -> tuple[Placed, ...]:
    """The board the view shows, in the order laid."""
    return tuple(
        Placed(c["at"][0], c["at"][1], parse_tri(c["tile"]), c["turn"]) for c in view["round"]["board"]
    )


def passed_since_last(view: dict[str, Any]) -> list[int]:
    """The seats that passed since the last tile was laid: those after ``last`` up to the seat
    to act (every other seat when the turn came back to the one that laid it)."""
    seats = view["seats"]
    turn = view["round"]["turn"]
    last = view["round"]["last"]
    if last < 0 or turn is None:
        return []
    out = []
    s = (last + 1) % seats
    while s != turn:
        out.append(s)
        s = (s + 1) % seats
    return out


def known_unfit(view: dict[str, Any]) -> list[frozenset[Tri]]:
    """For each seat, the tiles the view shows it does not hold: for the seats that passed
    since the last tile was laid, every tile that fits a free cell of the board."""
    seats = view["seats"]
    passed = passed_since_last(view)
    if not passed:
        return [frozenset()] * seats
    lay = layout(board_of(view))
    fit = frozenset().union(*(fitting_tiles(need) for need in lay.needs_of.values()))
    return [fit if s in passed else frozenset() for s in range(seats)]


def _allowed(tile: Tri, unfit: frozenset[Tri]) -> bool:
    return tile not in unfit


def determinize(view: dict[str, Any], rng: random.Random) -> Match:
    """A whole state of the round that the view cannot tell from the true one."""
    rnd = view["round"]
    seat = view["seat"]
    seats = view["seats"]
    board = board_of(view)
    own = tuple(parse_tri(t) for t in view["hand"])
    seen = set(own) | {p.tile for p in board}
    unseen = [t for t in ALL_TRIS if t not in seen]
    sizes = {s: rnd["hand_sizes"][s] for s in range(seats) if s != seat}
    dealt, rest = deal_unseen(unseen, sizes, known_unfit(view), rng, _allowed)
    hands = tuple(own if s == seat else tuple(sorted(dealt[s])) for s in range(seats))
    state = Round(
        number=rnd["number"],
        hands=hands,
        stock=tuple(rest),
        board=board,
        turn=seat,
        opener=rnd["opener"],
        drawn=rnd["drawn"],
        draws=tuple(rnd["draws"]),
        passes=tuple(rnd["passes"]),
        points=tuple(rnd["points"]),
        last=rnd["last"],
    )
    state = state._replace(legal=plays(state))
    return Match(view["variant"], seats, view["target"], tuple(view["scores"]), state, PLAYING, None)


def moves(match: Match) -> list[Action]:
    """The plays of the seat to act, in the view's order (R87's)."""
    return list(match.round.legal) if match.round is not None else []


def greedy(match: Match) -> Action:
    """The playouts' default policy, a quick house robot: the most points now (the tile's
    value and its bonus, R84), the first such play in the engine's order."""
    rnd = match.round
    assert rnd is not None
    lay = layout(rnd.board)
    best = rnd.legal[0]
    best_points = -1
    for action in rnd.legal:
        assert action.tile is not None and action.at is not None
        bonus = lay.bonus(action.at)
        points = sum(action.tile) + (BONUS_POINTS[bonus] if bonus else 0)
        if points > best_points:
            best, best_points = action, points
    return best


def playout(match: Match, first: Action, side: int) -> float:
    """Play ``first``, then the round to its end with ``greedy``; the ``outcome`` for ``side``."""
    return play_out(get_ruleset(match.variant), apply, greedy, match, first, side)
