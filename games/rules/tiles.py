"""Tiles of the double-six set (R1) and of the double-twelve set (R70)."""

from __future__ import annotations

from .errors import RuleError

Tile = tuple[int, int]
"""A tile ``(a, b)`` with ``a <= b``; written ``"a-b"``."""


def tile_set(top: int) -> tuple[Tile, ...]:
    """The tiles of the set whose highest number is ``top``, in canonical order."""
    return tuple((a, b) for a in range(top + 1) for b in range(a, top + 1))


ALL_TILES: tuple[Tile, ...] = tile_set(6)
"""The 28 tiles in canonical order: 0-0, 0-1, ... 0-6, 1-1, ... 6-6."""

DOUBLE_TWELVE: tuple[Tile, ...] = tile_set(12)
"""The 91 tiles of the double-twelve set (R70) in canonical order: 0-0, 0-1, ... 12-12."""

SETS: dict[int, tuple[Tile, ...]] = {6: ALL_TILES, 12: DOUBLE_TWELVE}
"""Each set by its highest number."""

SET_NAMES = {6: "double-six", 12: "double-twelve"}

EVERY_TILE: tuple[Tile, ...] = ALL_TILES + tuple(t for t in DOUBLE_TWELVE if t[1] > 6)
"""Every tile of any set: the double-six ones first (in canonical order), then the others
(in canonical order), the order of their bits in a set of tiles written as an int
(``round.BIT``)."""

DOUBLES: tuple[Tile, ...] = tuple((n, n) for n in range(7))

TILE_TEXT: dict[Tile, str] = {t: f"{t[0]}-{t[1]}" for t in DOUBLE_TWELVE}
_PARSE: dict[str, Tile] = {}
for _a, _b in DOUBLE_TWELVE:
    _PARSE[f"{_a}-{_b}"] = (_a, _b)
    _PARSE[f"{_b}-{_a}"] = (_a, _b)


def tile_str(tile: Tile) -> str:
    """The written form of a tile, smaller number first: ``"3-5"``."""
    return TILE_TEXT[tile]


def parse_tile(text: object, top: int = 6) -> Tile:
    """Read ``"a-b"`` in either order (R1, R70), a tile of the set whose highest number is
    ``top``; raise ``RuleError("bad_tile")`` otherwise."""
    tile = _PARSE.get(text) if isinstance(text, str) else None
    if tile is None or tile[1] > top:
        raise RuleError("bad_tile", f"{text!r} is not a tile of the {SET_NAMES.get(top, 'double-six')} set")
    return tile


def read_tile(text: str) -> Tile:
    """A tile the engine itself wrote (a stored state, its own events): no set to check."""
    return _PARSE[text]


def pips(tile: Tile) -> int:
    """The value of a tile in pips (R1)."""
    return tile[0] + tile[1]


def hand_pips(hand: tuple[Tile, ...]) -> int:
    return sum(map(sum, hand))


def weight(tile: Tile) -> tuple[int, int]:
    """Sort key for "heaviest" (R10): most pips, then the higher number on it."""
    return (tile[0] + tile[1], tile[1])
