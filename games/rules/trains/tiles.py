"""Tiles of the double-twelve set as Train mexicain uses them (R70)."""

from __future__ import annotations

from ..errors import RuleError

Tile = tuple[int, int]
"""A tile ``(a, b)`` with ``a <= b``; written ``"a-b"``."""

HIGHEST = 12

ALL_TILES: tuple[Tile, ...] = tuple((a, b) for a in range(HIGHEST + 1) for b in range(a, HIGHEST + 1))
"""The 91 tiles in canonical order: 0-0, 0-1, ... 0-12, 1-1, ... 12-12."""

TILE_TEXT: dict[Tile, str] = {t: f"{t[0]}-{t[1]}" for t in ALL_TILES}
_PARSE: dict[str, Tile] = {}
for _a, _b in ALL_TILES:
    _PARSE[f"{_a}-{_b}"] = (_a, _b)
    _PARSE[f"{_b}-{_a}"] = (_a, _b)


def tile_str(tile: Tile) -> str:
    """The written form of a tile, smaller number first: ``"5-12"``."""
    return TILE_TEXT[tile]


def parse_tile(text: object) -> Tile:
    """Read ``"a-b"`` in either order (R70); raise ``RuleError("bad_tile")`` otherwise."""
    tile = _PARSE.get(text) if isinstance(text, str) else None
    if tile is None:
        raise RuleError("bad_tile", f"{text!r} is not a tile of the double-twelve set")
    return tile


def hand_pips(hand: tuple[Tile, ...]) -> int:
    """The pips of a hand (R70: a tile's value is the sum of its numbers)."""
    return sum(map(sum, hand))
