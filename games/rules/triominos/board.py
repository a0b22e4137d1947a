"""The board of triangles (R82) and what a tile laid on it scores (R84).

Cell ``(x, y)`` points up when ``x + y`` is even, with corners ``(x-1, y)``,
``(x, y+1)``, ``(x+1, y)`` clockwise; down when odd, with corners ``(x-1, y+1)``,
``(x+1, y+1)``, ``(x, y)``. Corners are points of the lattice (``px + py`` odd);
six cells meet at each. docs/record.md draws the grid.
"""

from __future__ import annotations

from typing import NamedTuple

from .tiles import ALL_TRIS, Tri, turned, turns

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


Need = tuple[int | None, int | None, int | None]
"""The numbers already on a cell's corners, clockwise (None: no tile there yet)."""

_FITS: dict[Need, tuple[tuple[Tri, int], ...]] = {}
_FITTING: dict[Need, frozenset[Tri]] = {}


def fitting(need: Need) -> tuple[tuple[Tri, int], ...]:
    """Every tile and turn that shows these numbers (None: any), in written order, turns
    from the smallest, one turn for a triple: worked out once for each of the 343 needs."""
    found = _FITS.get(need)
    if found is None:
        found = tuple(
            (tile, k)
            for tile in ALL_TRIS
            for k in turns(tile)
            if all(n is None or n == v for n, v in zip(need, turned(tile, k), strict=True))
        )
        _FITTING[need] = frozenset(t for t, _ in found)
        _FITS[need] = found
    return found


def fitting_tiles(need: Need) -> frozenset[Tri]:
    """The tiles that show these numbers with some turn."""
    found = _FITTING.get(need)
    if found is None:
        fitting(need)
        found = _FITTING[need]
    return found


class Layout:
    """The board worked out for play: what lies on each cell, the number on each
    corner, and the free cells touching a laid tile along an edge (the candidates)
    with the numbers already on their corners.

    Derived from a board (a tuple of ``Placed`` in the order laid) and never changed
    once built; ``with_tile`` builds the next one.
    """

    __slots__ = ("cells", "points", "needs_of", "_sorted")

    def __init__(self, cells: dict[Cell, Placed], points: dict[Point, int], needs_of: dict[Cell, Need]):
        self.cells = cells
        self.points = points
        self.needs_of = needs_of
        """Each candidate cell and the numbers on its corners."""
        self._sorted: list[Cell] | None = None

    @property
    def candidates(self) -> frozenset[Cell]:
        return frozenset(self.needs_of)

    def with_tile(self, placed: Placed) -> Layout:
        x, y = placed.x, placed.y
        cells = dict(self.cells)
        cells[(x, y)] = placed
        points = dict(self.points)
        new = corners(x, y)
        for point, n in zip(new, turned(placed.tile, placed.turn), strict=True):
            points[point] = n
        needs_of = dict(self.needs_of)
        needs_of.pop((x, y), None)
        touched = [c for c in opposite(x, y) if c not in cells]
        touched += [c for p in new for c in around(p) if c in needs_of]
        get = points.get
        for cell in touched:
            a, b, c = corners(*cell)
            needs_of[cell] = (get(a), get(b), get(c))
        return Layout(cells, points, needs_of)

    def sorted_candidates(self) -> list[Cell]:
        """The candidate cells in order of ``y``, then ``x`` (R87)."""
        if self._sorted is None:
            self._sorted = sorted(self.needs_of, key=lambda c: (c[1], c[0]))
        return self._sorted

    def needs(self, cell: Cell) -> Need:
        """The numbers already on the cell's corners, clockwise (None: no tile there yet)."""
        found = self.needs_of.get(cell)
        if found is not None:
            return found
        get = self.points.get
        a, b, c = corners(*cell)
        return (get(a), get(b), get(c))

    def fits(self, tile: Tri, cell: Cell, turn: int) -> bool:
        """Whether ``tile`` with ``turn`` may lie on ``cell`` (R82)."""
        need = self.needs_of.get(cell)
        if need is None:
            return False
        return all(n is None or n == s for n, s in zip(need, turned(tile, turn), strict=True))

    def placements(self, tile: Tri) -> list[tuple[Cell, int]]:
        """Every cell and turn where ``tile`` fits, cells in order of ``y`` then ``x``,
        turns from the smallest (one turn for a triple)."""
        needs_of = self.needs_of
        return [
            (cell, k) for cell in self.sorted_candidates() for t, k in fitting(needs_of[cell]) if t == tile
        ]

    def plays(self, hand: tuple[Tri, ...]) -> list[tuple[Tri, Cell, int]]:
        """Every tile of ``hand`` (in its order) with every cell (by ``y`` then ``x``)
        and turn (from the smallest) where it fits."""
        held = set(hand)
        found: dict[Tri, list[tuple[Tri, Cell, int]]] = {t: [] for t in hand}
        needs_of = self.needs_of
        for cell in self.sorted_candidates():
            need = needs_of[cell]
            if fitting_tiles(need).isdisjoint(held):
                continue
            for t, k in fitting(need):
                if t in held:
                    found[t].append((t, cell, k))
        return [play for t in hand for play in found[t]]

    def any_fit(self, hand: tuple[Tri, ...]) -> bool:
        """Whether some tile of ``hand`` fits somewhere."""
        if not hand:
            return False
        held = set(hand)
        return any(not fitting_tiles(need).isdisjoint(held) for need in set(self.needs_of.values()))

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


EMPTY = Layout({}, {}, {(0, 0): (None, None, None)})
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
