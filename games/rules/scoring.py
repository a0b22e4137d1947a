"""Scoring: points during play (R34, R35) and at the end of a round (R30-R35)."""

from __future__ import annotations

from .line import Line, count
from .state import Winner
from .tiles import Tile, hand_pips
from .variants import Ruleset


def fives_threes_points(total: int) -> int:
    """One point per multiple of 3 plus one per multiple of 5 (R35): 15 -> 5 + 3 = 8."""
    return (total // 3 if total % 3 == 0 else 0) + (total // 5 if total % 5 == 0 else 0)


def round_to_five(n: int) -> int:
    """To the nearest multiple of 5, 1-2 down and 3-4 up (R34)."""
    return 5 * ((n + 2) // 5)


def play_points(rules: Ruleset, line: Line, went_out: bool, side_score: int, target: int | None) -> int:
    """What laying a tile scores at once, given the line after it (R34, R35)."""
    if rules.play_points == "fives":
        total = count(line)
        return total if total and total % 5 == 0 else 0
    if rules.play_points == "fives_threes":
        points = fives_threes_points(count(line)) + (1 if went_out else 0)
        if target is not None and side_score + points > target:
            return 0  # R35: a play that would pass 61 scores nothing
        return points
    return 0


def _lightest_after_opener(pips: list[int], opener: int) -> int:
    """R30's tie-break: the opener if among the lightest, else the first after it in play order."""
    n = len(pips)
    low = min(pips)
    for k in range(n):
        seat = (opener + k) % n
        if pips[seat] == low:
            return seat
    raise AssertionError("unreachable")  # pragma: no cover


def round_end(
    rules: Ruleset,
    hands: tuple[tuple[Tile, ...], ...],
    result: str,
    last: int,
    opener: int,
    pips: list[int] | None = None,
) -> tuple[Winner, list[int]]:
    """The round's winner and the points each side scores at its end.

    ``result`` is "domino", "blocked" or "closed"; ``last`` is the seat that laid
    the last tile (on a domino, the seat that went out). ``pips``: each hand's pips,
    when the caller has them already.
    """
    if pips is None:
        pips = [hand_pips(h) for h in hands]
    seats = len(hands)
    scoring = rules.scoring
    winner: int | None
    if scoring == "draw_block":  # R30
        winner = last if result == "domino" else _lightest_after_opener(pips, opener)
        points = [0] * seats
        points[winner] = sum(pips) - pips[winner]
        return winner, points
    if scoring == "partners":  # R31
        side_pips = [pips[0] + pips[2], pips[1] + pips[3]]
        if result == "domino" or side_pips[0] == side_pips[1]:
            side = last % 2
        else:
            side = 0 if side_pips[0] < side_pips[1] else 1
        points = [0, 0]
        points[side] = side_pips[1 - side]
        return side, points
    if scoring == "family":  # R32: each seat scores its own pips; low wins
        if result == "domino":
            return last, pips
        low = min(pips)
        lightest = tuple(s for s in range(seats) if pips[s] == low)
        return (lightest[0] if len(lightest) == 1 else lightest), pips
    # classic, all_fives, fives_threes: two seats
    if scoring == "fives_threes":  # R35: nothing at the end
        return (last if result == "domino" else None), [0, 0]
    if result == "domino":
        winner = last
    elif pips[0] == pips[1]:
        return None, [0, 0]
    else:
        winner = 0 if pips[0] < pips[1] else 1
    diff = abs(pips[0] - pips[1])
    points = [0, 0]
    points[winner] = round_to_five(diff) if scoring == "all_fives" else diff  # R34, R33
    return winner, points


def match_winner(rules: Ruleset, scores: tuple[int, ...], target: int) -> Winner:
    """Who wins once the target is reached (R9, R32), or None if nobody has reached it."""
    if rules.low_score_wins:
        if max(scores) < target:
            return None
        low = min(scores)
        lowest = tuple(s for s, v in enumerate(scores) if v == low)
        return lowest[0] if len(lowest) == 1 else lowest
    reached = [s for s, v in enumerate(scores) if v >= target]
    if not reached:
        return None
    return max(reached, key=lambda s: scores[s])
