"""The robots: a choice among the legal plays, from one seat's view alone (docs/architecture.md).

Three levels (``LEVELS``), all through ``choose(view, level, seed=..., budget=...)``:

- ``beginner``: a random legal play, from a generator seeded by the caller's ``seed``
  and the position the view shows (so two turns differ, and a test is repeatable);
- ``house``: the house robot below, a fixed function of the view;
- ``expert``: a search over the deals the seat cannot tell apart (games/rules/expert.py),
  bounded by ``budget``.

None of them ever reads anything but the view: no hidden tile, no clock, no I/O.

The house robot fills the daily challenge's seats (R61): the same view always gives the same
play, so two players who play alike get the same game. It plays sensibly:
it takes points in ``all_fives`` and ``fives_threes``, sheds heavy tiles and
doubles, keeps open the numbers it holds most of, plays on numbers its
opponents passed on and spares those its partner passed on.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, NamedTuple

from .line import place
from .round import open_options
from .scoring import play_points
from .state import line_from_json
from .tiles import Tile, read_tile
from .variants import get_ruleset

# Weights of what the robot cares about, in points of preference.
POINTS = 10.0  # a point scored now
PIPS = 1.0  # a pip shed from the hand (more in family, where pips are what one scores)
DOUBLE = 4.0  # a double laid (they are the hardest tiles to place)
HELD = 1.5  # a tile of the hand that fits an end the play leaves open
OPPONENT_PASSED = 3.0  # an end left open on a number an opponent passed on
PARTNER_PASSED = -3.0  # an end left open on a number the partner passed on


def _score(view: dict[str, Any], action: dict[str, Any], hand: list[Tile]) -> float:
    rules = get_ruleset(view["variant"])
    rnd = view["round"]
    seat = view["seat"]
    tile = read_tile(action["play"])
    rest = [t for t in hand if t != tile]
    score = (tile[0] + tile[1]) * (PIPS * 3 if rules.low_score_wins else PIPS)
    if tile[0] == tile[1]:
        score += DOUBLE
    if rnd["line"] is None:
        numbers = [tile[0], tile[1]]
        points = 0
    else:
        line = line_from_json(rnd["line"])
        end = action["end"]
        opened = action.get("open")
        if opened is None:
            opened = open_options(tile, dict(line.ends)[end], rules.wild_blanks)[0]
        inner = tile[0] if opened == tile[1] else tile[1]
        after = place(line, end, inner, opened, rules.spinner)
        numbers = [n for _, n in after.ends]
        points = 0
        if rules.play_points:
            side = view["side"]
            points = play_points(rules, after, not rest, view["scores"][side], view["target"])
    score += POINTS * points
    for n in numbers:
        score += HELD * sum(
            1 for a, b in rest if a == n or b == n or (rules.wild_blanks and (a == 0 or n == 0))
        )
        for other, passed in enumerate(rnd["passes"]):
            if other == seat or n not in passed:
                continue
            if rules.teams and other % 2 == seat % 2:
                score += PARTNER_PASSED
            else:
                score += OPPONENT_PASSED
    return score


LEVELS = ("beginner", "house", "expert")
"""The robots' levels, weakest first."""

DEFAULT_PLAYOUTS = 2000
"""The expert's playouts per move when the caller sets no budget."""


class Budget(NamedTuple):
    """What bounds the expert's search for one move (the engine has no clock of its own).

    ``playouts``: the most playouts (games played out to the round's end from one dealing
    of the unseen tiles) it runs for the move, spread over its legal plays.
    ``should_stop``: called between playouts; once it returns True the search stops and
    the best play so far is chosen (the caller builds it from its own clock, e.g.
    ``lambda: time.monotonic() > deadline``). At least one playout per play is run first
    whenever ``playouts`` allows, so the choice is never blind.
    """

    playouts: int = DEFAULT_PLAYOUTS
    should_stop: Callable[[], bool] | None = None


def position_key(view: dict[str, Any]) -> str:
    """What distinguishes one turn from another in a seat's view: mixed into the seeds of
    the beginner and the expert, so that two turns of one game draw different numbers."""
    rnd = view["round"] or {}
    line = rnd.get("line")
    laid = 0 if line is None else 1 + sum(len(line[e]) for e in ("left", "right", "up", "down"))
    return "/".join(
        str(x)
        for x in (
            view["variant"],
            view["seat"],
            view["scores"],
            rnd.get("number"),
            laid,
            rnd.get("hand_sizes"),
            rnd.get("stock_size"),
            rnd.get("drawn"),
            view["hand"],
            line and line.get("ends"),
        )
    )


def house(view: dict[str, Any]) -> dict[str, Any]:
    """The house robot's play for the seat whose view this is (it must be that seat's turn)."""
    legal = view["legal"]
    if not legal:
        raise ValueError("the robot has nothing to play: it is not its turn")
    hand = [read_tile(t) for t in view["hand"]]
    best = legal[0]
    best_score = _score(view, best, hand)
    for action in legal[1:]:
        s = _score(view, action, hand)
        if s > best_score:  # strictly better: ties keep the first, so the choice is deterministic
            best, best_score = action, s
    return dict(best)


def house_of_family(view: dict[str, Any]) -> dict[str, Any]:
    """The house robot of the view's game family (``house`` above for the line games)."""
    from .families import family  # the registry imports the line family, which imports this module

    play: dict[str, Any] = family(view["variant"]).house_choice(view)
    return play


def beginner(view: dict[str, Any], seed: str = "") -> dict[str, Any]:
    """A random legal play, drawn from ``seed`` and the position (``position_key``)."""
    legal = view["legal"]
    if not legal:
        raise ValueError("the robot has nothing to play: it is not its turn")
    rng = random.Random(f"beginner/{seed}/{position_key(view)}")
    return dict(rng.choice(legal))


def choose(
    view: dict[str, Any],
    level: str = "house",
    *,
    seed: str = "",
    budget: Budget | int | None = None,
) -> dict[str, Any]:
    """The robot's play, in record form and among ``view["legal"]``, for the seat whose view
    this is (it must be that seat's turn).

    ``level``: one of ``LEVELS``. ``seed``: the caller's seed for the beginner's and the
    expert's random choices (the same view, level, seed and budget always give the same
    play, unless a ``should_stop`` stops the expert at a different point). ``budget``: the
    expert's ``Budget``, or just its number of playouts; None: ``Budget()``. The house
    robot reads neither.
    """
    if level == "house":
        return house_of_family(view)
    if level == "beginner":
        return beginner(view, seed)
    if level == "expert":
        from .expert import search  # loaded only when an expert plays

        if budget is None:
            budget = Budget()
        elif isinstance(budget, int):
            budget = Budget(budget)
        return search(view, seed, budget.playouts, budget.should_stop)
    raise ValueError(f"no robot level {level!r}; one of {', '.join(LEVELS)}")
