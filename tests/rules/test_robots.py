"""The line games' house robot against a random player: it must clearly win, in every
variant of the line family (Train mexicain's robot: tests/rules/test_r70_mexican.py)."""

import random

import pytest

from games.rules import PLAYING, Action, apply, deal_round, new_match, view
from games.rules.robots import choose
from games.rules.variants import VARIANTS

ROUNDS = 2000


def play_rounds(variant: str, seats: int, robot_side: int, n: int) -> tuple[list[int], list[int]]:
    """``n`` single rounds, the robot on ``robot_side``; returns points and round wins per side."""
    rules = VARIANTS[variant]
    rng = random.Random(f"{variant}/{seats}/{robot_side}")
    points = [0] * rules.sides(seats)
    wins = [0] * rules.sides(seats)
    for g in range(n):
        match, _ = deal_round(new_match(variant, seats, None), f"robots/{variant}/{seats}/{robot_side}/{g}")
        while match.status == PLAYING:
            seat = match.round.turn
            if rules.side_of(seat) == robot_side:
                action = Action.from_dict(choose(view(match, seat)))
            else:
                action = rng.choice(match.round.legal)
            match, _ = apply(match, action)
        for side, p in enumerate(match.round.points):
            points[side] += p
        if isinstance(match.round.winner, int):
            wins[match.round.winner] += 1
    return points, wins


CASES = [(v, 2 if v != "partners" else 4) for v in VARIANTS] + [("draw", 4), ("block", 3), ("family", 6)]


@pytest.mark.parametrize("variant,seats", CASES)
def test_robot_clearly_beats_random_play(variant, seats):
    """Over a few thousand seeded rounds, on each side of the table in turn, the robot
    scores clearly more than a random player (clearly fewer points in family, where
    low score wins) and wins more rounds."""
    rules = VARIANTS[variant]
    sides = rules.sides(seats)
    robot_points = random_points = robot_wins = random_wins = 0
    half = ROUNDS // 2
    for robot_side in (0, 1):
        points, wins = play_rounds(variant, seats, robot_side, half)
        robot_points += points[robot_side]
        robot_wins += wins[robot_side]
        others = [s for s in range(sides) if s != robot_side]
        random_points += sum(points[s] for s in others) / len(others)
        random_wins += sum(wins[s] for s in others) / len(others)
    if rules.low_score_wins:
        assert robot_points < 0.75 * random_points, (robot_points, random_points)
    else:
        assert robot_points > 1.25 * random_points, (robot_points, random_points)
    assert robot_wins > 1.15 * random_wins, (robot_wins, random_wins)


@pytest.mark.parametrize("variant", ["all_fives", "fives_threes"])
def test_robot_takes_the_points_on_offer(variant):
    """It takes points in all_fives and fives_threes: wherever its plays score differently,
    it nearly always picks one that scores the most."""
    rng = random.Random(variant)
    offered = took_most = 0
    for g in range(300):
        match, _ = deal_round(new_match(variant, 2, None), f"points/{g}")
        while match.status == PLAYING:
            seat = match.round.turn
            v = view(match, seat)
            gains = []
            for a in v["legal"]:
                after, _ = apply(match, Action.from_dict(a))
                gains.append(after.round.points[seat] - match.round.points[seat])
            if len(set(gains)) > 1:
                offered += 1
                chosen = v["legal"].index(choose(v))
                took_most += gains[chosen] == max(gains)
            match, _ = apply(match, rng.choice(match.round.legal))
    assert offered > 200
    assert took_most >= 0.95 * offered, (took_most, offered)
