"""Builders shared by the rule-by-rule tests of the engine (docs/rules.md §1-4).

Every position is a full, legal 28-tile deal: the hands a test cares about, then
the stock (or the tiles set aside) in a chosen order, the tiles nobody named
coming last in canonical order. Tiles are written as in docs/rules.md: ``"3-5"``.
"""

from __future__ import annotations

from typing import Any

from games.rules import (
    ALL_TILES,
    PLAYING,
    Action,
    Match,
    apply,
    legal_actions,
    new_match,
    parse_tile,
    start_round,
)

Event = dict[str, Any]


def t(text: str) -> tuple[int, int]:
    """One tile: ``t("5-3") == (3, 5)``."""
    return parse_tile(text)


def ts(text: str) -> tuple[tuple[int, int], ...]:
    """Tiles written one after the other: ``ts("6-6 0-1")``."""
    return tuple(parse_tile(w) for w in text.split())


def make_deal(
    hands: list[str], stock: str = ""
) -> tuple[tuple[tuple[tuple[int, int], ...], ...], tuple[tuple[int, int], ...]]:
    """Hands as written, and the stock: ``stock`` first, then every other tile in canonical order."""
    dealt = tuple(ts(h) for h in hands)
    first = ts(stock)
    named = [x for h in dealt for x in h] + list(first)
    assert len(named) == len(set(named)), f"a tile is named twice in {hands} / {stock}"
    rest = tuple(x for x in ALL_TILES if x not in set(named))
    return dealt, first + rest


def start(
    variant: str,
    hands: list[str],
    stock: str = "",
    target: int | None | str = "default",
    match: Match | None = None,
    scores: tuple[int, ...] | None = None,
) -> tuple[Match, list[Event]]:
    """Deal ``hands`` (and the stock) as the next round of ``match`` (a new match by default)."""
    if match is None:
        match = new_match(variant, len(hands), target)
    if scores is not None:
        match = match._replace(scores=scores)
    dealt, rest = make_deal(hands, stock)
    return start_round(match, dealt, rest)


def play(
    match: Match, seat: int, tile: str, end: str | None = None, open: int | None = None
) -> tuple[Match, list[Event]]:
    return apply(match, Action("play", seat, t(tile), end, open))


def run(match: Match, script: list[tuple[Any, ...]]) -> tuple[Match, list[Event]]:
    """Play ``(seat, tile, end[, open])`` in order; return the match and all the events."""
    events: list[Event] = []
    for step in script:
        match, evs = play(match, *step)
        events.extend(evs)
    return match, events


def finish_round(match: Match) -> tuple[Match, list[Event]]:
    """Play the first legal action until the round is over (a deterministic driver)."""
    events: list[Event] = []
    while match.status == PLAYING:
        match, evs = apply(match, legal_actions(match)[0])
        events.extend(evs)
    return match, events


def ends(match: Match) -> dict[str, int]:
    """The open ends of the line and the number each shows."""
    assert match.round is not None and match.round.line is not None
    return dict(match.round.line.ends)


def of_type(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e["type"] == kind]


def actions(events: list[Event]) -> list[tuple[str, int, str | None]]:
    """The plays, draws and passes among ``events``: ``(type, seat, tile or None)``."""
    return [(e["type"], e["seat"], e.get("tile")) for e in events if e["type"] in ("play", "draw", "pass")]


def pips_of(text: str) -> int:
    return sum(a + b for a, b in ts(text))


# --- Scripted positions, used by several files -------------------------------------------------------

# block: seat 0 opens 6-6 and nobody else holds a six (the other sixes are set aside).
BLOCK_HANDS = ["6-6 0-0 0-1 0-2 1-1 1-2 2-2", "0-3 1-3 2-3 3-3 0-4 1-4 2-4"]

# Two seats; seat 0 opens 6-6; seat 1 holds no six and draws 3-4, 4-5, 0-5, then 5-6, which fits.
DRAW_HANDS = ["6-6 0-1 0-2 0-3 1-2 1-3 2-3", "0-0 1-1 2-2 3-3 0-4 1-4 2-4"]
DRAW_STOCK = "3-4 4-5 0-5 5-6"

# Two seats; seat 0 opens 6-6 (highest double) and the two seats build a line whose
# eleventh play (seat 1's 0-0) puts the seventh blank on the line with both ends blank:
# closed (R23) in draw and block, with seat 0 left holding 1-1 and seat 1 holding 5-5.
CLOSE_HANDS = ["6-6 0-1 0-2 3-4 0-5 0-6 1-1", "1-6 2-6 0-3 0-4 5-6 0-0 5-5"]
CLOSE_SCRIPT: list[tuple[Any, ...]] = [
    (1, "1-6", "left"),  # L1 R6
    (0, "0-1", "left"),  # L0 R6
    (1, "2-6", "right"),  # L0 R2
    (0, "0-2", "right"),  # L0 R0
    (1, "0-3", "right"),  # L0 R3
    (0, "3-4", "right"),  # L0 R4
    (1, "0-4", "right"),  # L0 R0
    (0, "0-5", "right"),  # L0 R5
    (1, "5-6", "right"),  # L0 R6
    (0, "0-6", "right"),  # L0 R0: six blanks out
    (1, "0-0", "left"),  # L0 R0: the seventh blank
]

# Two seats; seat 0 opens 6-6 and its seventh tile, 0-0, both empties its hand and puts
# the seventh blank on a line whose ends are both blank. Seat 1 keeps 4-5 (9 pips).
DOMINO_CLOSE_HANDS = ["6-6 0-1 0-2 3-3 0-4 5-6 0-0", "1-6 2-6 0-3 3-4 0-5 0-6 4-5"]
DOMINO_CLOSE_SCRIPT: list[tuple[Any, ...]] = [
    (1, "1-6", "left"),  # L1 R6
    (0, "0-1", "left"),  # L0 R6
    (1, "2-6", "right"),  # L0 R2
    (0, "0-2", "right"),  # L0 R0
    (1, "0-3", "right"),  # L0 R3
    (0, "3-3", "right"),  # L0 R3
    (1, "3-4", "right"),  # L0 R4
    (0, "0-4", "right"),  # L0 R0
    (1, "0-5", "right"),  # L0 R5
    (0, "5-6", "right"),  # L0 R6
    (1, "0-6", "right"),  # L0 R0: six blanks out
    (0, "0-0", "left"),  # seat 0's last tile, and the seventh blank
]

# Two seats (R33's first example): seat A = 0 opens 6-6 and goes out on its seventh
# tile; seat B = 1 has to draw once (1-4, the first tile of the stock) and is left
# with 4-4 and 0-3: 11 pips.
OUT11_HANDS = ["6-6 5-6 1-5 1-2 2-2 2-6 1-6", "4-6 4-5 5-5 3-5 1-3 4-4 0-3"]
OUT11_STOCK = "1-4"
OUT11_BEFORE_DRAW: list[tuple[Any, ...]] = [
    (1, "4-6", "right"),  # L6 R4
    (0, "5-6", "left"),  # L5 R4
    (1, "4-5", "right"),  # L5 R5
    (0, "1-5", "left"),  # L1 R5
    (1, "5-5", "right"),  # L1 R5 (a double: both halves count at the end of an arm)
    (0, "1-2", "left"),  # L2 R5
    (1, "3-5", "right"),  # L2 R3
    (0, "2-2", "left"),  # L2 R3
    (1, "1-3", "right"),  # L2 R1
    (0, "2-6", "left"),  # L6 R1: seat 1 (4-4, 0-3) has nothing that fits and draws 1-4
]
OUT11_AFTER_DRAW: list[tuple[Any, ...]] = [
    (1, "1-4", "right"),  # L6 R4
    (0, "1-6", "left"),  # L1 R4: seat 0 is out
]
