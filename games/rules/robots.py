"""The house robot: a deterministic choice among the legal plays, from its seat's view alone.

It fills the daily challenge's seats (R61): the same view always gives the same
play, so two players who play alike get the same game. It plays sensibly:
it takes points in ``all_fives`` and ``fives_threes``, sheds heavy tiles and
doubles, keeps open the numbers it holds most of, plays on numbers its
opponents passed on and spares those its partner passed on.
"""

from __future__ import annotations

from typing import Any

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


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """The robot's play for the seat whose view this is (it must be that seat's turn)."""
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
