"""Tiles of the double-six set (R1)."""

from __future__ import annotations

from .errors import RuleError

Tile = tuple[int, int]
"""A tile ``(a, b)`` with ``a <= b``; written ``"a-b"``."""

ALL_TILES: tuple[Tile, ...] = tuple((a, b) for a in range(7) for b in range(a, 7))
"""The 28 tiles in canonical order: 0-0, 0-1, ... 0-6, 1-1, ... 6-6."""

DOUBLES: tuple[Tile, ...] = tuple((n, n) for n in range(7))

TILE_TEXT: dict[Tile, str] = {t: f"{t[0]}-{t[1]}" for t in ALL_TILES}
_PARSE: dict[str, Tile] = {}
for _a, _b in ALL_TILES:
    _PARSE[f"{_a}-{_b}"] = (_a, _b)
    _PARSE[f"{_b}-{_a}"] = (_a, _b)


def tile_str(tile: Tile) -> str:
    """The written form of a tile, smaller number first: ``"3-5"``."""
    return TILE_TEXT[tile]


def parse_tile(text: object) -> Tile:
    """Read ``"a-b"`` in either order (R1); raise ``RuleError("bad_tile")`` otherwise."""
    tile = _PARSE.get(text) if isinstance(text, str) else None
    if tile is None:
        raise RuleError("bad_tile", f"{text!r} is not a tile of the double-six set")
    return tile


def pips(tile: Tile) -> int:
    """The value of a tile in pips (R1)."""
    return tile[0] + tile[1]


def hand_pips(hand: tuple[Tile, ...]) -> int:
    return sum(map(sum, hand))


def weight(tile: Tile) -> tuple[int, int]:
    """Sort key for "heaviest" (R10): most pips, then the higher number on it."""
    return (tile[0] + tile[1], tile[1])
