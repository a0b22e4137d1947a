"""The 56 Triominos tiles (R80): three numbers 0..5 at the corners, read clockwise."""

from __future__ import annotations

from ..errors import RuleError

Tri = tuple[int, int, int]
"""A tile ``(a, b, c)`` with ``a <= b <= c``: its corners clockwise from the smallest, written ``"a-b-c"``."""

ALL_TRIS: tuple[Tri, ...] = tuple((a, b, c) for a in range(6) for b in range(a, 6) for c in range(b, 6))
"""The 56 tiles in written order: 0-0-0, 0-0-1, ... 0-0-5, 0-1-1, ... 5-5-5."""

TRIPLES: tuple[Tri, ...] = tuple((n, n, n) for n in range(6))

TRI_TEXT: dict[Tri, str] = {t: f"{t[0]}-{t[1]}-{t[2]}" for t in ALL_TRIS}
_PARSE: dict[str, Tri] = {text: t for t, text in TRI_TEXT.items()}
INDEX: dict[Tri, int] = {t: i for i, t in enumerate(ALL_TRIS)}
"""The position of a tile in written order."""


def tri_str(tile: Tri) -> str:
    """The written form of a tile: ``"1-2-4"``."""
    return TRI_TEXT[tile]


def parse_tri(text: object) -> Tri:
    """Read a tile in its written form only (R80); raise ``RuleError("bad_tile")`` otherwise."""
    tile = _PARSE.get(text) if isinstance(text, str) else None
    if tile is None:
        raise RuleError(
            "bad_tile",
            f"{text!r} is not a Triominos tile: three numbers 0 to 5, smallest first, as 1-2-4",
        )
    return tile


def value(tile: Tri) -> int:
    """The sum of a tile's numbers (R80)."""
    return tile[0] + tile[1] + tile[2]


def hand_value(hand: tuple[Tri, ...]) -> int:
    return sum(map(sum, hand))


def is_triple(tile: Tri) -> bool:
    return tile[0] == tile[2]


def turned(tile: Tri, turn: int) -> Tri:
    """The numbers a tile shows on a cell's corners, clockwise from the first, with ``turn`` k:
    its written number k first (R82): ``turned((1, 2, 4), 1) == (2, 4, 1)``."""
    return (tile[turn], tile[(turn + 1) % 3], tile[(turn + 2) % 3])


def turns(tile: Tri) -> tuple[int, ...]:
    """The turns that differ: one for a triple (its three are alike), three otherwise."""
    return (0,) if is_triple(tile) else (0, 1, 2)
