"""What the game protocol asks of the Triominos family beyond its rules
(docs/architecture.md §1): actions read for a variant, the log's record form, the
deals page's and the replay page's data. The package (``__init__``) names them."""

from __future__ import annotations

from typing import Any

from ..errors import RuleError
from ..view import frame_of
from .deal import deal, keys, shuffle
from .record import event_action as _event_action
from .state import Action, Match, parse_action as _parse_action
from .tiles import ALL_TRIS, tri_str
from .variants import get_ruleset
from .view import cell_json

NAME = "triominos"
PIECES = "tiles"
"""What the family's pieces are called (R80: triangular tiles; the site words its pages and
refusals so)."""


def parse_action(variant: str, data: object) -> Action:
    """The action a record form stands for (docs/record.md, R88); RuleError if malformed."""
    get_ruleset(variant)
    return _parse_action(data)


def event_action(variant: str, event: dict[str, Any]) -> dict[str, Any] | None:
    """The record form of an engine event that is an action (play, draw, pass), else None."""
    return _event_action(event)


def knowledge_fresh(variant: str, seats: int) -> dict[str, Any]:
    """Triominos has no public-information panel: nothing to keep."""
    return {}


def knowledge_advance(
    variant: str, known: dict[str, Any] | None, before: Match | None, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """Nothing to fold: the view shows the board, the draws and the passes themselves (R87)."""
    return {}


def written_deal(variant: str, seats: int, seed: str, number: int = 1) -> tuple[list[list[str]], list[str]]:
    """The deal of ``seed`` (R81, R12), written as a record writes it: the hands, the pool.
    Every round is dealt alike, whatever its ``number``."""
    dealt = deal(seed, get_ruleset(variant), seats)
    return [[tri_str(t) for t in hand] for hand in dealt.hands], [tri_str(t) for t in dealt.stock]


def deal_explained(variant: str, seats: int, seed: str, number: int = 1) -> dict[str, Any]:
    """The deal of ``seed`` step by step, as docs/record.md tells how to redo it: each
    tile's key, the order they sort in, the hands and the pool."""
    rules = get_ruleset(variant)
    if not isinstance(seed, str) or not seed:
        raise RuleError("bad_seed", "a seed is a non-empty string")
    dealt = deal(seed, rules, seats)
    size = rules.hand_size(seats)
    order = shuffle(seed)
    position = {tile: index for index, tile in enumerate(order)}
    rows = [
        {
            "tile": tri_str(tile),
            "key": f"{key:016x}",
            "position": position[tile],
            "seat": position[tile] // size if position[tile] < seats * size else None,
        }
        for tile, key in zip(ALL_TRIS, keys(seed), strict=True)
    ]
    return {
        "hand_size": size,
        "attempt": 0,
        "text": f"{seed}/0",
        "rows": rows,
        "order": [tri_str(t) for t in order],
        "hands": [[tri_str(t) for t in hand] for hand in dealt.hands],
        "stock": [tri_str(t) for t in dealt.stock],
    }


def replay_frame(match: Match) -> dict[str, Any]:
    """One state of a finished match for the replay page, every hand shown (once the
    match is over every hand has been shown to everyone, R87): its board of triangles."""
    assert match.round is not None
    return frame_of(match, tri_str, {"board": [cell_json(p) for p in match.round.board]})
