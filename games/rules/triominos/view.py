"""What one seat may know of a Triominos match (R87): the only way a state leaves the server."""

from __future__ import annotations

from typing import Any

from ..view import view_head
from .board import Placed, corners, is_up, layout
from .state import DRAW, PLAYING, Match, winner_json
from .tiles import hand_value, tri_str, turned
from .variants import get_ruleset


def cell_json(p: Placed) -> dict[str, Any]:
    """A laid tile as a view shows it: its cell, tile, turn, and the numbers on the
    cell's corners clockwise from the first, with those corners' points (R82)."""
    return {
        "at": [p.x, p.y],
        "tile": tri_str(p.tile),
        "turn": p.turn,
        "up": is_up(p.x, p.y),
        "corners": list(turned(p.tile, p.turn)),
        "points": [list(c) for c in corners(p.x, p.y)],
    }


def view(match: Match, seat: int | None, shown: object = None) -> dict[str, Any]:
    """The match as ``seat`` sees it; ``None`` for a spectator.

    A seat sees the board, the free cells where a tile may go, every hand's size, the
    pool's size, the draws, passes and scores, its own hand, and on its turn its legal
    plays; every hand once the round is over. Never another hand or the pool (R87).
    ``shown`` is accepted for the protocol's sake; Triominos has no public-information panel.
    """
    rules = get_ruleset(match.variant)
    out = view_head(match, seat, rules)
    rnd = match.round
    if rnd is None:
        return out
    over = bool(rnd.result)
    lay = layout(rnd.board)
    out["round"] = {
        "number": rnd.number,
        "opener": rnd.opener,
        "turn": None if over else rnd.turn,
        "board": [cell_json(p) for p in rnd.board],
        "candidates": [] if over else [list(c) for c in lay.sorted_candidates()],
        "hand_sizes": [len(h) for h in rnd.hands],
        "stock_size": len(rnd.stock),
        "drawn": rnd.drawn,
        "draws": list(rnd.draws),
        "passes": list(rnd.passes),
        "points": list(rnd.points),
        "last": rnd.last,
        "result": rnd.result or None,
        "winner": winner_json(rnd.winner),
        "hands": [[tri_str(t) for t in h] for h in rnd.hands] if over else None,
        "pips_left": [hand_value(h) for h in rnd.hands] if over else None,
    }
    if seat is not None:
        out["hand"] = [tri_str(t) for t in rnd.hands[seat]]
        if match.status == PLAYING and rnd.turn == seat:
            out["legal"] = [a.to_dict() for a in rnd.legal]
    return out


def view_event(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """An event as ``seat`` may see it (R87): a drawn tile is shown only to the seat that drew it."""
    if event["type"] == DRAW and event["seat"] != seat:
        return {k: v for k, v in event.items() if k != "tile"}
    return event


def view_events(events: list[dict[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    return [view_event(e, seat) for e in events]
