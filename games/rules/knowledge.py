"""What every seat may work out from what R6 shows: the public-information panel.

For each number of the set (0–6; 0–12 on the double-twelve set, R70): how many of its
tiles (seven; thirteen on the double-twelve set) are on the line, in the seat's own
hand, and still unseen; and which seats have shown they hold none of it. A seat
shows it holds none of the numbers an end shows when it passes on them, or when it
has to draw on them (in the draw games: it held no tile that fits). Drawing brings
new tiles, so what a seat showed before a draw no longer holds afterwards, except
the numbers it drew on. With wild blanks (R22) a seat that cannot play holds no
blank either.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .line import Line, open_line, place
from .state import Match
from .tiles import read_tile
from .variants import get_ruleset


def shown_none(variant: str, seats: int, actions: list[dict[str, Any]]) -> list[set[int]]:
    """For each seat, the numbers it has shown it holds none of, after ``actions`` (the
    round's actions so far, in record form: docs/record.md)."""
    known = advance(variant, fresh(seats), None, actions)
    return [set(numbers) for numbers in known["none"]]


def fresh(seats: int) -> dict[str, Any]:
    """What is known at the start of a round: nothing (the form ``advance`` keeps)."""
    return {"none": [[] for _ in range(seats)], "drawing": None, "drew_on": []}


def advance(
    variant: str, known: dict[str, Any], line: Line | None, actions: list[dict[str, Any]]
) -> dict[str, Any]:
    """What is known after ``actions``, from ``known`` (a JSON value: ``fresh`` or an
    earlier result) and the ``line`` as it stood before them: a round's knowledge is
    kept from command to command without reading its earlier actions again.

    ``advance(v, fresh(n), None, a + b)`` equals ``advance(v, advance(v, fresh(n), None,
    a), line_after_a, b)``.
    """
    rules = get_ruleset(variant)
    none: list[set[int]] = [set(numbers) for numbers in known["none"]]
    # The seat in the middle of a run of draws, and what it drew on: until it plays the
    # tile that fits (or passes), that tile is in its hand.
    drawing: int | None = known["drawing"]
    drew_on: set[int] = set(known["drew_on"])
    for action in actions:
        seat = action["seat"]
        if "play" in action:
            if drawing == seat:
                none[seat] = set(drew_on)
            tile = read_tile(action["play"])
            if line is None:
                line = open_line(tile, rules.spinner)
            else:
                opened = action.get("open")
                if opened is None:
                    number = dict(line.ends)[action["end"]]
                    opened = tile[1] if tile[0] == number else tile[0]
                inner = tile[0] if opened == tile[1] else tile[1]
                line = place(line, action["end"], inner, opened, rules.spinner)
            drawing = None
            continue
        ends = set(line.end_numbers()) if line is not None else set()
        if rules.wild_blanks:
            ends.add(0)
        if "draw" in action:
            if drawing != seat:  # new tiles come: only what it draws on will be known
                none[seat] = set()
                drew_on = set(ends)
            drawing = seat
        else:  # a pass: nothing it holds fits
            if drawing == seat:
                none[seat] = set(drew_on)
            none[seat] |= ends
            drawing = None
    return {"none": [sorted(n) for n in none], "drawing": drawing, "drew_on": sorted(drew_on)}


def public_info(match: Match, seat: int | None, none: list[set[int]]) -> list[dict[str, Any]]:
    """The panel for ``seat`` (None: a spectator, who holds no hand): one entry per number
    of the set (0-6, or 0-12 on the double-twelve set, R70)."""
    rnd = match.round
    assert rnd is not None
    on_line = rnd.line.tiles() if rnd.line is not None else []
    hand = rnd.hands[seat] if seat is not None else ()
    return panel(get_ruleset(match.variant).top, seat, on_line, hand, none)


def panel(
    top: int,
    seat: int | None,
    laid: Sequence[tuple[int, int]],
    hand: Sequence[tuple[int, int]],
    none: list[set[int]],
) -> list[dict[str, Any]]:
    """The panel's entries, one per number 0..``top``, of every game on a domino set (the
    line games here, Train mexicain in games/rules/trains/knowledge.py): of the tiles that
    carry the number (``top + 1``: 7 of the double-six set, 13 of the double-twelve, R1,
    R70), how many are ``laid`` (``on_line``), in the seat's ``hand``, and unseen; and the
    other seats that showed they hold ``none`` of it."""
    each = top + 1
    out = []
    for number in range(top + 1):
        laid_here = sum(1 for tile in laid if number in tile)
        held = sum(1 for tile in hand if number in tile)
        out.append(
            {
                "number": number,
                "on_line": laid_here,
                "in_hand": held,
                "unseen": each - laid_here - held,
                "none": [s for s in range(len(none)) if s != seat and number in none[s]],
            }
        )
    return out
