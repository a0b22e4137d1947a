"""A compact round of the line family, for the expert's playouts (docs/architecture.md, robots).

The same rules as match.py's ``apply``, on a mutable state made for speed: each hand is
an int with one bit per tile (``round.BIT``'s order), the line is four arms reduced to
what play needs (length, open number, whether a double ends it) and the spinner, the
stock is a list. A ``Playout`` is made from a ``Match`` (``from_match``), copied for
each playout (``copy``), played move by move (``play``) and read at its end
(``result``, ``points``). tests/rules/test_playout.py checks it against the engine:
the same legal plays and the same rounds, move for move.

A move is ``(tile, end, open)``: the tile's index in ``ALL_TILES``, the end (0 to 3:
left, right, up, down; -1 for the opening tile) and the number it leaves open.
"""

from __future__ import annotations

from .line import END_NAMES
from .round import HAS, open_options
from .scoring import fives_threes_points, round_end
from .state import PLAY, PLAYING, Action, Match
from .tiles import ALL_TILES, Tile
from .variants import DRAW_ONE, PASS, VARIANTS, Ruleset

Move = tuple[int, int, int]

TILE_A = tuple(a for a, _ in ALL_TILES)
TILE_B = tuple(b for _, b in ALL_TILES)
INDEX: dict[Tile, int] = {t: i for i, t in enumerate(ALL_TILES)}
FULL = (1 << len(ALL_TILES)) - 1
PIPS = tuple(a + b for a, b in ALL_TILES)

OPTIONS = tuple(
    tuple(tuple(open_options(t, n, wild) for n in range(7)) for t in ALL_TILES) for wild in (False, True)
)
"""``OPTIONS[wild][tile][n]``: the numbers ``tile`` may leave open on an end showing ``n``."""


def fit_mask(numbers: list[int], wild: bool) -> int:
    """The tiles that fit an end showing one of ``numbers`` (R3, R22)."""
    if wild:
        if 0 in numbers:
            return FULL
        out = HAS[0]
    else:
        out = 0
    for n in numbers:
        out |= HAS[n]
    return out


def _pips(tiles: int) -> int:
    total = 0
    while tiles:
        low = tiles & -tiles
        total += PIPS[low.bit_length() - 1]
        tiles ^= low
    return total


class Playout:
    """One round in play, compact and mutable (see the module's docstring)."""

    __slots__ = (
        "rules",
        "seats",
        "wild",
        "hands",
        "stock",
        "center",
        "arm_len",
        "arm_num",
        "arm_dbl",
        "spin",
        "spin_at",
        "n_ends",
        "on_line",
        "turn",
        "opener",
        "drawn",
        "points",
        "scores",
        "target",
        "last",
        "result",
    )

    rules: Ruleset
    seats: int
    wild: bool
    hands: list[int]
    stock: list[int]
    """In reverse draw order: the next tile drawn is the last."""
    center: int
    """The opening tile's index; -1 before it is laid."""
    arm_len: list[int]
    arm_num: list[int]
    """The number each arm leaves open (for an arm with no tile: the center's half, or the spinner's)."""
    arm_dbl: list[bool]
    spin: int
    """Where the spinner lies: -1 none, 4 the center, 0 the left arm, 1 the right arm (R40)."""
    spin_at: int
    n_ends: int
    on_line: list[int]
    """For each number, how many tiles on the line show it."""
    turn: int
    opener: int
    drawn: int
    points: list[int]
    """Each side's points this round."""
    scores: list[int]
    target: int | None
    last: int
    result: str

    def copy(self) -> Playout:
        other = Playout.__new__(Playout)
        other.rules = self.rules
        other.seats = self.seats
        other.wild = self.wild
        other.hands = self.hands[:]
        other.stock = self.stock[:]
        other.center = self.center
        other.arm_len = self.arm_len[:]
        other.arm_num = self.arm_num[:]
        other.arm_dbl = self.arm_dbl[:]
        other.spin = self.spin
        other.spin_at = self.spin_at
        other.n_ends = self.n_ends
        other.on_line = self.on_line[:]
        other.turn = self.turn
        other.opener = self.opener
        other.drawn = self.drawn
        other.points = self.points[:]
        other.scores = self.scores[:]
        other.target = self.target
        other.last = self.last
        other.result = self.result
        return other

    # What the table shows

    def ends(self) -> list[int]:
        """The numbers the open ends show, in the order left, right, up, down."""
        return self.arm_num[: self.n_ends] if self.center >= 0 else []

    def count(self) -> int:
        """The count of the open ends (R41), as line.count works it out."""
        arm_len = self.arm_len
        arm_num = self.arm_num
        arm_dbl = self.arm_dbl
        total = 0
        for e in range(4):
            if arm_len[e]:
                total += arm_num[e] * 2 if arm_dbl[e] else arm_num[e]
        a = TILE_A[self.center]
        b = TILE_B[self.center]
        if a == b:
            if not arm_len[0] or not arm_len[1]:
                total += a + b
        else:
            if not arm_len[0]:
                total += a
            if not arm_len[1]:
                total += b
        return total

    def count_after(self, i: int, e: int, opened: int, count: int) -> int:
        """The count (R41) once tile ``i`` is laid on end ``e`` leaving ``opened``, the count
        now being ``count``: only that arm's end, and the center's half (or double) while
        its side was empty, change."""
        arm_len = self.arm_len
        old = 0
        if arm_len[e]:
            old = self.arm_num[e] * 2 if self.arm_dbl[e] else self.arm_num[e]
        a = TILE_A[i]
        inner = a if opened == TILE_B[i] else TILE_B[i]
        total = count - old + (opened * 2 if inner == opened else opened)
        if e < 2 and not arm_len[e]:
            ca = TILE_A[self.center]
            cb = TILE_B[self.center]
            if ca != cb:
                total -= ca if e == 0 else cb
            elif arm_len[1 - e]:
                total -= ca + cb  # the double's both sides now carry a tile
        return total

    def legal(self) -> list[Move]:
        """The plays open to the seat to act, in the engine's order (hand order, then end order)."""
        hand = self.hands[self.turn]
        out: list[Move] = []
        if self.center < 0:
            while hand:
                low = hand & -hand
                out.append((low.bit_length() - 1, -1, -1))
                hand ^= low
            return out
        ends = self.arm_num[: self.n_ends]
        options = OPTIONS[self.wild]
        tiles = hand & fit_mask(ends, self.wild)
        while tiles:
            low = tiles & -tiles
            i = low.bit_length() - 1
            tiles ^= low
            by_number = options[i]
            for e, n in enumerate(ends):
                for opened in by_number[n]:
                    out.append((i, e, opened))
        return out

    # Playing

    def _place(self, i: int, e: int, opened: int) -> None:
        a = TILE_A[i]
        b = TILE_B[i]
        if e < 0:
            self.center = i
            self.arm_num[0] = a
            self.arm_num[1] = b
            if self.rules.spinner and a == b:
                self.spin = 4
                self.arm_num[2] = self.arm_num[3] = a
        else:
            inner = a if opened == b else b
            self.arm_len[e] += 1
            self.arm_num[e] = opened
            self.arm_dbl[e] = inner == opened
            if self.rules.spinner and self.spin < 0 and inner == opened:
                self.spin = e
                self.spin_at = self.arm_len[e] - 1
                self.arm_num[2] = self.arm_num[3] = inner
            spin = self.spin
            if spin >= 0 and self.n_ends == 2:
                arm_len = self.arm_len
                if spin == 4:
                    covered = arm_len[0] > 0 and arm_len[1] > 0
                else:
                    covered = arm_len[spin] > self.spin_at + 1
                if covered:
                    self.n_ends = 4
        self.on_line[a] += 1
        if b != a:
            self.on_line[b] += 1

    def _blocked(self) -> bool:
        """R8: no seat holds a tile that fits."""
        fits = fit_mask(self.ends(), self.wild)
        return not any(h & fits for h in self.hands)

    def play(self, move: Move) -> None:
        """Lay a tile for the seat to act, then play the table's draws and passes (R5) until a
        seat has a choice, or end the round (``result`` is then set)."""
        rules = self.rules
        i, e, opened = move
        seat = self.turn
        self.hands[seat] ^= 1 << i
        self._place(i, e, opened)
        self.last = seat
        hand = self.hands[seat]
        seats = self.seats
        side = seat % 2 if rules.teams else seat
        reached = False
        if rules.play_points:
            if rules.play_points == "fives":
                total = self.count()
                points = total if total and total % 5 == 0 else 0
            else:
                points = fives_threes_points(self.count()) + (0 if hand else 1)
                if self.target is not None and self.scores[side] + points > self.target:
                    points = 0  # R35
            if points:
                self.scores[side] += points
                self.points[side] += points
                reached = self.target is not None and self.scores[side] >= self.target
        turn = seat + 1
        if turn == seats:
            turn = 0
        self.turn = turn
        self.drawn = 0
        # R34, R35: a side that reaches the target during the round ends the match: the
        # round scores nothing more (``_end``'s ``award``).
        if not hand:
            self._end("domino", not reached)
            return
        ends = self.arm_num[: self.n_ends]
        if rules.closed_rounds and ends[0] == ends[1] and self.on_line[ends[0]] == 7:
            self._end("closed", not reached)  # R23
            return
        fits = fit_mask(ends, self.wild)
        if self.hands[turn] & fits:
            if reached:
                self._end("unfinished", False)
            return
        if (rules.no_fit == PASS or not self.stock) and not any(h & fits for h in self.hands):
            self._end("blocked", not reached)  # R8
            return
        if reached:
            self._end("unfinished", False)
            return
        self._settle(fits)

    def _settle(self, fits: int) -> None:
        """The seat to act holds no tile that fits: its draws and passes, and the next seats'."""
        rules = self.rules
        draw_one = rules.no_fit == DRAW_ONE
        no_draw = rules.no_fit == PASS
        seat = self.turn
        hands = self.hands
        stock = self.stock
        drawn = 0
        while True:
            if no_draw or not stock or (draw_one and drawn):
                seat += 1
                if seat == self.seats:
                    seat = 0
                drawn = 0
            else:
                hands[seat] |= 1 << stock.pop()
                drawn += 1
                if not stock and not any(h & fits for h in hands):
                    self.turn = seat
                    self.drawn = drawn
                    self._end("blocked")
                    return
            if hands[seat] & fits:
                self.turn = seat
                self.drawn = drawn
                return

    def _end(self, result: str, award: bool = True) -> None:
        """The round is over: ``result`` as the engine says it, and, with ``award``, the points
        its end scores (R30-R35)."""
        self.result = result
        if not award:
            return
        pips = [_pips(h) for h in self.hands]
        _, awarded = round_end(self.rules, ((),) * self.seats, result, self.last, self.opener, pips)
        for side, p in enumerate(awarded):
            self.points[side] += p


def from_match(match: Match) -> Playout:
    """The compact form of a match whose round is in play."""
    rnd = match.round
    assert rnd is not None and match.status == PLAYING
    rules = VARIANTS[match.variant]
    st = Playout.__new__(Playout)
    st.rules = rules
    st.seats = match.seats
    st.wild = rules.wild_blanks
    st.hands = [sum(1 << INDEX[t] for t in h) for h in rnd.hands]
    st.stock = [INDEX[t] for t in reversed(rnd.stock)]
    st.on_line = [0] * 7
    st.arm_len = [0, 0, 0, 0]
    st.arm_num = [0, 0, 0, 0]
    st.arm_dbl = [False] * 4
    st.spin = -1
    st.spin_at = 0
    st.n_ends = 2
    line = rnd.line
    if line is None:
        st.center = -1
    else:
        st.center = INDEX[line.center]
        for a, b in line.tiles():
            st.on_line[a] += 1
            if b != a:
                st.on_line[b] += 1
        for e, name in enumerate(END_NAMES):
            arm = line.arm(name)
            st.arm_len[e] = len(arm)
            if arm:
                st.arm_dbl[e] = arm[-1][0] == arm[-1][1]
        st.spin = {"": -1, "center": 4, "left": 0, "right": 1}[line.spinner]
        st.spin_at = line.spinner_at
        if st.spin == 4:
            st.arm_num[2] = st.arm_num[3] = line.center[0]
        elif st.spin >= 0:
            st.arm_num[2] = st.arm_num[3] = line.arm(END_NAMES[st.spin])[line.spinner_at][0]
        st.arm_num[0] = line.center[0]
        st.arm_num[1] = line.center[1]
        for name, n in line.ends:
            st.arm_num[END_NAMES.index(name)] = n
        st.n_ends = len(line.ends)
    st.turn = rnd.turn
    st.opener = rnd.opener
    st.drawn = rnd.drawn
    st.points = list(rnd.points)
    st.scores = list(match.scores)
    st.target = match.target
    st.last = rnd.last
    st.result = ""
    return st


def to_move(action: Action) -> Move:
    """The move of an engine play."""
    assert action.kind == PLAY and action.tile is not None
    if action.end is None:
        return INDEX[action.tile], -1, -1
    assert action.open is not None
    return INDEX[action.tile], END_NAMES.index(action.end), action.open


def to_action(seat: int, move: Move) -> Action:
    """The engine's play for a move."""
    i, e, opened = move
    if e < 0:
        return Action(PLAY, seat, ALL_TILES[i])
    return Action(PLAY, seat, ALL_TILES[i], END_NAMES[e], opened)
