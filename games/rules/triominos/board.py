"""The board of triangles (R82) and what a tile laid on it scores (R84).

Cell ``(x, y)`` points up when ``x + y`` is even, with corners ``(x-1, y)``,
``(x, y+1)``, ``(x+1, y)`` clockwise; down when odd, with corners ``(x-1, y+1)``,
``(x+1, y+1)``, ``(x, y)``. Corners are points of the lattice (``px + py`` odd);
six cells meet at each. docs/record.md draws the grid.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import Tri, turned, turns

Cell = tuple[int, int]
Point = tuple[int, int]


class Placed(NamedTuple):
    """A tile on the board: its cell, the tile and its turn."""

    x: int
    y: int
    tile: Tri
    turn: int


def is_up(x: int, y: int) -> bool:
    return (x + y) % 2 == 0


def corners(x: int, y: int) -> tuple[Point, Point, Point]:
    """The cell's three corners, clockwise from its first (R82)."""
    if (x + y) % 2 == 0:
        return ((x - 1, y), (x, y + 1), (x + 1, y))
    return ((x - 1, y + 1), (x + 1, y + 1), (x, y))


def opposite(x: int, y: int) -> tuple[Cell, Cell, Cell]:
    """The three cells sharing an edge with the cell, each across the edge opposite
    the cell's corner of the same index."""
    if (x + y) % 2 == 0:
        return ((x + 1, y), (x, y - 1), (x - 1, y))
    return ((x + 1, y), (x - 1, y), (x, y + 1))


def around(point: Point) -> tuple[Cell, ...]:
    """The six cells that meet at a corner."""
    px, py = point
    return (
        (px - 1, py),
        (px, py),
        (px + 1, py),
        (px - 1, py - 1),
        (px, py - 1),
        (px + 1, py - 1),
    )


# Bonuses of R84, and the opening's (R83).
BRIDGE, HEXAGON, TWO_HEXAGONS, TRIPLE = "bridge", "hexagon", "two_hexagons", "triple"
BONUS_POINTS = {BRIDGE: 40, HEXAGON: 50, TWO_HEXAGONS: 60}


class Layout:
    """The board worked out for play: what lies on each cell, the number on each
    corner, and the free cells touching a laid tile along an edge (the candidates).

    Derived from a board (a tuple of ``Placed`` in the order laid) and never changed
    once built; ``with_tile`` builds the next one.
    """

    __slots__ = ("cells", "points", "candidates")

    def __init__(self, cells: dict[Cell, Placed], points: dict[Point, int], candidates: frozenset[Cell]):
        self.cells = cells
        self.points = points
        self.candidates = candidates

    def with_tile(self, placed: Placed) -> Layout:
        cells = dict(self.cells)
        cells[(placed.x, placed.y)] = placed
        points = dict(self.points)
        for point, n in zip(corners(placed.x, placed.y), turned(placed.tile, placed.turn), strict=True):
            points[point] = n
        candidates = set(self.candidates)
        candidates.discard((placed.x, placed.y))
        for cell in opposite(placed.x, placed.y):
            if cell not in cells:
                candidates.add(cell)
        return Layout(cells, points, frozenset(candidates))

    def sorted_candidates(self) -> list[Cell]:
        """The candidate cells in order of ``y``, then ``x`` (R87)."""
        return sorted(self.candidates, key=lambda c: (c[1], c[0]))

    def needs(self, cell: Cell) -> tuple[int | None, int | None, int | None]:
        """The numbers already on the cell's corners, clockwise (None: no tile there yet)."""
        get = self.points.get
        a, b, c = corners(*cell)
        return (get(a), get(b), get(c))

    def fits(self, tile: Tri, cell: Cell, turn: int) -> bool:
        """Whether ``tile`` with ``turn`` may lie on ``cell`` (R82)."""
        if cell not in self.candidates:
            return False
        shown = turned(tile, turn)
        return all(n is None or n == s for n, s in zip(self.needs(cell), shown, strict=True))

    def placements(self, tile: Tri, cells: list[Cell] | None = None) -> list[tuple[Cell, int]]:
        """Every cell and turn where ``tile`` fits, cells in order of ``y`` then ``x``,
        turns from the smallest (one turn for a triple)."""
        out = []
        ways = [(k, turned(tile, k)) for k in turns(tile)]
        for cell in self.sorted_candidates() if cells is None else cells:
            need = self.needs(cell)
            for k, shown in ways:
                if (
                    (need[0] is None or need[0] == shown[0])
                    and (need[1] is None or need[1] == shown[1])
                    and (need[2] is None or need[2] == shown[2])
                ):
                    out.append((cell, k))
        return out

    def any_fit(self, hand: tuple[Tri, ...]) -> bool:
        """Whether some tile of ``hand`` fits somewhere."""
        if not self.cells:
            return bool(hand)
        needs = [self.needs(cell) for cell in self.candidates]
        for tile in hand:
            for k in turns(tile):
                s0, s1, s2 = turned(tile, k)
                for n0, n1, n2 in needs:
                    if (n0 is None or n0 == s0) and (n1 is None or n1 == s1) and (n2 is None or n2 == s2):
                        return True
        return False

    def bonus(self, cell: Cell) -> str | None:
        """The highest bonus a tile laid on ``cell`` earns (R84): two hexagons, a
        hexagon, a bridge, or None."""
        x, y = cell
        hexagons = 0
        for point in corners(x, y):
            if all(c == cell or c in self.cells for c in around(point)):
                hexagons += 1
        if hexagons >= 2:
            return TWO_HEXAGONS
        if hexagons == 1:
            return HEXAGON
        touching = [i for i, c in enumerate(opposite(x, y)) if c in self.cells]
        if len(touching) == 1 and corners(x, y)[touching[0]] in self.points:
            return BRIDGE
        return None


EMPTY = Layout({}, {}, frozenset({(0, 0)}))
"""The empty board: the first tile lies at ``(0, 0)`` (R82)."""

_CACHE: dict[int, tuple[tuple[Placed, ...], Layout]] = {}
_CACHE_KEPT = 16


def layout(board: tuple[Placed, ...]) -> Layout:
    """The layout of a board, worked out once for the last boards seen."""
    hit = _CACHE.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    out = EMPTY
    for placed in board:
        out = out.with_tile(placed)
    remember(board, out)
    return out


def remember(board: tuple[Placed, ...], worked: Layout) -> None:
    """Keep ``worked`` as the layout of ``board`` (the board is kept too, so its id stays its own)."""
    if len(_CACHE) >= _CACHE_KEPT:
        try:  # another thread may be doing the same: any entry may go
            _CACHE.pop(next(iter(_CACHE)))
        except (KeyError, RuntimeError, StopIteration):
            pass
    _CACHE[id(board)] = (board, worked)
