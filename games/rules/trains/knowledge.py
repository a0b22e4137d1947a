"""What every seat may work out in Train mexicain: the public-information panel (docs/rules.md
R78).

For each number 0–12 (R70): how many of its thirteen tiles are on the trains and the hub,
in the seat's own hand, and still unseen; and which seats have shown they hold none of it.
A seat draws only when no tile of its hand fits a train it may play on (R73): while a
double lies uncovered, that double's number alone (R74); else the ends of its own train,
of the Mexican train and of the trains whose marker is up (R72), the engine's number for
a train not yet started. So a draw shows that the hand it drew with lacked those numbers,
and so does a pass. The drawn tile is unknown: after a draw nothing is known of the seat's hand
until it plays or passes. If it plays, the tile it lays is the one it drew (nothing else
fitted) and its hand is again the one it drew with: what it showed before comes back with
the numbers it drew on. If it passes, the drawn tile did not fit either: it holds none of
the numbers it passed on, and what it showed before the draw no longer holds.
"""

from __future__ import annotations

from typing import Any

from ..knowledge import panel
from .engine import lay, open_trains, passed
from .state import MEXICAN_NAME, Match, Round
from .tiles import HIGHEST, parse_tile

ENGINE = -1
"""The engine's number, in a fold kept without the round: the forced draws and passes of a
deal (``advance`` given no state), before any tile is laid, are on the engine's number
alone (R71, R72). The next ``advance`` or the view, which know the round, read it."""


def fresh(seats: int) -> dict[str, Any]:
    """What is known as a round is dealt: nothing (the form ``advance`` keeps).

    ``none``: for each seat, the numbers it has shown it holds none of; ``drawing``: the
    seat that has just drawn and not yet played or passed, with ``drew_on``, what its hand
    lacked as it drew."""
    return {"none": [[] for _ in range(seats)], "drawing": None, "drew_on": []}


def advance(known: dict[str, Any], before: Round | None, actions: list[dict[str, Any]]) -> dict[str, Any]:
    """What is known after ``actions`` (record form, docs/record.md), from ``known`` (a JSON
    value: ``fresh`` or an earlier result) and the round ``before`` them (None: the deal).

    ``advance(k, r, a + b)`` equals ``advance(advance(k, r, a), r2, b)``, ``r2`` being the
    round after ``a``: the services keep it command by command. Given no round (a deal's
    forced actions), the engine's number is written ``ENGINE`` until a round is given.
    """
    engine = None if before is None else before.engine
    none = [set(_read(numbers, engine)) for numbers in known["none"]]
    drawing: int | None = known["drawing"]
    drew_on = _read(known["drew_on"], engine)
    rnd = before
    for action in actions:
        seat = action["seat"]
        if "play" in action:
            if drawing == seat:  # it lays the tile it drew: its hand is the one it drew with
                none[seat] = drew_on
            drawing, drew_on = None, set()
            # A deal's forced actions hold no play (R5, R73): a play has its round.
            assert rnd is not None, "a play needs the round it is laid in"
            train = action["train"]
            index = len(rnd.markers) if train == MEXICAN_NAME else train
            rnd = lay(rnd, seat, parse_tile(action["play"]), index)
            continue
        # Its hand (before any draw) held no tile fitting a train it may play on (R73, R74).
        fits = {ENGINE} if rnd is None else {rnd.end(t) for t in open_trains(rnd, seat)}
        if "draw" in action:
            drew_on = none[seat] | fits
            none[seat] = set()
            drawing = seat
        else:
            if drawing == seat:  # the drawn tile fits none of them either
                none[seat] = fits
            else:
                none[seat] |= fits
            drawing, drew_on = None, set()
            if rnd is not None:
                rnd = passed(rnd, seat)
    return {"none": [sorted(n) for n in none], "drawing": drawing, "drew_on": sorted(drew_on)}


def _read(numbers: list[int], engine: int | None) -> set[int]:
    """``numbers`` with ``ENGINE`` read as the engine's number where it is known."""
    if engine is None:
        return set(numbers)
    return {engine if n == ENGINE else n for n in numbers}


def shown_none(known: dict[str, Any] | None, rnd: Round) -> list[set[int]]:
    """For each seat, the numbers it has shown it holds none of (``known``: the fold's value,
    None: nothing shown yet)."""
    if not known or "none" not in known:
        return [set() for _ in rnd.hands]
    return [_read(numbers, rnd.engine) for numbers in known["none"]]


def public_info(match: Match, seat: int | None, known: dict[str, Any] | None) -> list[dict[str, Any]]:
    """The panel for ``seat`` (None: a spectator, who holds no hand), in the line games'
    form (games.rules.knowledge.panel): the tiles on the trains and the hub's engine count
    as laid (``on_line``)."""
    rnd = match.round
    assert rnd is not None
    laid = [(rnd.engine, rnd.engine), *(car for cars in rnd.trains for car in cars)]
    hand = rnd.hands[seat] if seat is not None else ()
    return panel(HIGHEST, seat, laid, hand, shown_none(known, rnd))
