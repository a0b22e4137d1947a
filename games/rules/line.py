"""The line of play: its ends, the spinner, and the count (R3, R40, R41).

The opening tile ``a-b`` is the ``center``, ``a`` at the left end and ``b`` at
the right end (R3). Tiles laid afterwards grow four arms outward from it:
``left`` and ``right`` are the two ends of the line; ``up`` and ``down`` exist
only once the spinner (R40) has both long sides covered. Each arm lists its
tiles from the center outward as ``(inner, outer)`` halves: ``inner`` touches
the tile before, ``outer`` is the number it leaves open.
"""

from __future__ import annotations

from operator import itemgetter
from typing import NamedTuple

from .tiles import Tile

Half = tuple[int, int]
END_NAMES = ("left", "right", "up", "down")
_new = tuple.__new__
_END = {name: tuple((name, n) for n in range(13)) for name in END_NAMES}
"""``_END[name][n]`` is the pair (name, n), made once: lines are rebuilt on every play."""
_LEFT, _RIGHT, _UP, _DOWN = (_END[name] for name in END_NAMES)


class Line(NamedTuple):
    center: Tile
    left: tuple[Half, ...] = ()
    right: tuple[Half, ...] = ()
    up: tuple[Half, ...] = ()
    down: tuple[Half, ...] = ()
    spinner: str = ""
    """Where the spinner lies: "" (none yet), "center", "left" or "right" (R40)."""
    spinner_at: int = 0
    """Its index in that arm, when it lies in the left or right arm."""
    ends: tuple[tuple[str, int], ...] = ()
    """The open ends and the number each shows, in the order left, right, up, down."""

    def arm(self, end: str) -> tuple[Half, ...]:
        return getattr(self, end)  # type: ignore[no-any-return]

    def tiles(self) -> list[Tile]:
        """Every tile on the line."""
        out = [self.center]
        for arm in (self.left, self.right, self.up, self.down):
            out.extend((i, o) if i <= o else (o, i) for i, o in arm)
        return out

    def end_numbers(self) -> frozenset[int]:
        """The numbers the open ends show."""
        return frozenset(map(itemgetter(1), self.ends))


def lone_double(line: Line) -> bool:
    """Whether the line is its opening double alone: its two sides are then alike (R3)."""
    return line.center[0] == line.center[1] and not line.left and not line.right


def _open_ends(
    center: Tile,
    left: tuple[Half, ...],
    right: tuple[Half, ...],
    up: tuple[Half, ...],
    down: tuple[Half, ...],
    spinner: str,
    spinner_at: int,
) -> tuple[tuple[str, int], ...]:
    two = (_LEFT[left[-1][1] if left else center[0]], _RIGHT[right[-1][1] if right else center[1]])
    if not spinner:
        return two
    if spinner == "center":
        value = center[0]
        covered = bool(left) and bool(right)
    else:
        arm = left if spinner == "left" else right
        value = arm[spinner_at][0]
        covered = len(arm) > spinner_at + 1
    if not covered:
        return two
    return two + (_UP[up[-1][1] if up else value], _DOWN[down[-1][1] if down else value])


def open_line(tile: Tile, spinner: bool) -> Line:
    """The line after its opening tile; a double opens as the spinner if the variant has one."""
    where = "center" if spinner and tile[0] == tile[1] else ""
    return Line(tile, (), (), (), (), where, 0, _open_ends(tile, (), (), (), (), where, 0))


def place(line: Line, end: str, inner: int, outer: int, spinner: bool) -> Line:
    """The line with a tile laid on ``end``, touching by ``inner`` and leaving ``outer`` open.

    With ``spinner``, the first double laid becomes the spinner (R40).
    """
    center, left, right, up, down, where, at, _ = line
    half = (inner, outer)
    if end == "left":
        left = arm = left + (half,)
    elif end == "right":
        right = arm = right + (half,)
    elif end == "up":
        up = arm = up + (half,)
    else:
        down = arm = down + (half,)
    if spinner and not where and inner == outer:
        where, at = end, len(arm) - 1
    ends = _open_ends(center, left, right, up, down, where, at)
    return _new(Line, (center, left, right, up, down, where, at, ends))  # Line(...) without keywords


def count(line: Line) -> int:
    """The count of the open ends (R41).

    A double lying crosswise at the end of an arm counts both halves; the
    spinner counts both halves until both its long sides carry a tile; an
    arm of the spinner with no tile yet counts nothing; a lone opening double
    counts both halves once.
    """
    total = 0
    for arm in (line.left, line.right, line.up, line.down):
        if arm:
            inner, outer = arm[-1]
            total += outer * 2 if inner == outer else outer
    a, b = line.center
    if a == b:
        if not line.left or not line.right:
            total += a + b
    else:
        if not line.left:
            total += a
        if not line.right:
            total += b
    return total


def count_parts(line: Line) -> list[dict[str, object]]:
    """What each open end adds to the count (R41), and why: the count explained.

    One entry per open end, in the order left, right, up, down: ``end``, the
    ``number`` it shows, the points it ``counts`` and ``why``: ``"end"`` (the end's
    number), ``"double"`` (a double lying crosswise at the end of an arm: both
    halves), ``"spinner"`` (the spinner whose long sides do not both carry a tile
    yet: both halves, once), ``"lone_double"`` (the opening double alone: both
    halves, once, on the left), ``"same_double"`` (the other side of that same
    double: nothing more), ``"empty_arm"`` (an arm of the spinner with no tile:
    nothing). The counts add up to ``count(line)``.
    """
    a, b = line.center
    parts: list[dict[str, object]] = []
    for end, number in line.ends:
        arm = line.arm(end)
        if arm:
            inner, outer = arm[-1]
            counts, why = (outer * 2, "double") if inner == outer else (outer, "end")
        elif end in ("up", "down"):
            counts, why = 0, "empty_arm"
        elif a != b:
            counts, why = number, "end"
        elif not line.left and not line.right:
            counts, why = (a + b, "lone_double") if end == "left" else (0, "same_double")
        else:
            counts, why = a + b, "spinner" if line.spinner == "center" else "double"
        parts.append({"end": end, "number": number, "counts": counts, "why": why})
    return parts
