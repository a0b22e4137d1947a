"""The robots' strength: duplicate deals of each level against the others, per variant.

    make bench-robots     # or: .venv/bin/python -m bench.robots [--quick] [--deals N] [--budget P]

A deal is one round dealt from its seed. Each deal is played once per seat the
level under test can take, the other level in every other seat, so the luck of the
deal cancels: with two seats, twice, the seats swapped; in ``partners``, twice,
the sides swapped (the level under test holds both seats of one side); with three
or four seats and no teams, once with the level under test in each seat.

Printed per variant and pair ("A vs B"): A's share of the points and its 95%
confidence interval, over the deals. The share of the points is A's points over
A's and B's, where, with more than two sides, B's are the mean of B's seats (so
50% is an even match whatever the number of seats); in ``family``, ``chinois`` and
``mexican``, where each seat scores the pips it is left with and low wins, a seat's
points are the mean of its opponents' pips (what it did not have to take), so the
share is the mean opponent's pips over its own and that mean. In ``triominos`` a
round's points are those of the round's plays, draws and passes and of its end (R84,
R85). The interval is the ratio
estimator's normal interval (the deals are the independent samples).

``--beside N``: instead, the robots at live tables, thinking in the robots' worker
beside N live tables of players, and what they cost those players (bench.robot_load).

The expert searches with a fixed number of playouts per move (``--budget``, printed),
with no clock, so a run repeats exactly; the live budget may be larger.
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import time
from multiprocessing import Pool
from typing import Any

from games.rules import (
    PLAYING,
    VARIANTS,
    apply,
    deal_round,
    event_action,
    knowledge_advance,
    knowledge_fresh,
    new_match,
    parse_action,
    view,
)
from games.rules.robots import Budget, choose

CASES = [
    ("block", 2),
    ("draw", 3),
    ("partners", 4),
    ("family", 4),
    ("all_fives", 2),
    ("fives_threes", 2),
    ("chinois", 4),
    ("mexican", 4),
    ("triominos", 3),
]
DEALS = {
    "block": 400,
    "draw": 300,
    "partners": 400,
    "family": 150,
    "all_fives": 150,
    "fives_threes": 100,
    "chinois": 100,
    "mexican": 150,
    "triominos": 60,
}
"""Deals per pair in a full run: enough for an interval of about ±3 points, from the spread
each variant's shares showed in earlier runs (block, draw, partners and mexican vary the most)."""
BUDGET = 400
QUICK_BUDGET = 150
PAIRS = [("expert", "house"), ("house", "beginner"), ("expert", "beginner")]


def seatings(variant: str, seats: int) -> list[list[int]]:
    """For each game of a deal, the seats the level under test holds."""
    if VARIANTS[variant].teams:
        return [[0, 2], [1, 3]]
    return [[k] for k in range(seats)]


def play(variant: str, seats: int, seed: str, levels: list[str], budget: int) -> list[int]:
    """One round from ``seed``, each seat played at its level; the round's points per seat
    (per side in partners). The round is the first of a match with no target (Train
    mexicain's matches are numbers of rounds: its first round of the default 13)."""

    def actions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [a for e in events if (a := event_action(variant, e))]

    target = "default" if VARIANTS[variant].target_is_rounds else None
    match, events = deal_round(new_match(variant, seats, target), seed)
    known = knowledge_advance(variant, knowledge_fresh(variant, seats), None, actions(events))
    while match.status == PLAYING:
        assert match.round is not None
        seat = match.round.turn
        if len(match.round.legal) == 1:
            action = match.round.legal[0]
        else:
            # The view as the site shows it: with what the round has shown (knowledge.py).
            seen = view(match, seat, shown=known)
            action = parse_action(
                variant, choose(seen, levels[seat], seed=f"{seed}/{seat}", budget=Budget(budget))
            )
        before = match
        match, events = apply(match, action)
        known = knowledge_advance(variant, known, before, actions(events))
    assert match.round is not None
    return list(match.round.points)


def duplicate(task: tuple[str, int, str, str, int, int]) -> tuple[float, float]:
    """One deal played at every seating: (A's points, B's points), summed over the games."""
    variant, seats, a, b, number, budget = task
    rules = VARIANTS[variant]
    seed = f"bench-robots/{variant}/{seats}/{number}"
    ours = theirs = 0.0
    for held in seatings(variant, seats):
        levels = [a if s in held else b for s in range(seats)]
        points = play(variant, seats, seed, levels, budget)
        if rules.teams:
            side = rules.side_of(held[0])
            ours += points[side]
            theirs += points[1 - side]
            continue
        (seat,) = held
        others = sum(p for s, p in enumerate(points) if s != seat) / (seats - 1)
        if rules.low_score_wins:
            ours, theirs = ours + others, theirs + points[seat]
        else:
            ours, theirs = ours + points[seat], theirs + others
    return ours, theirs


def share(results: list[tuple[float, float]]) -> tuple[float, float]:
    """A's share of the points and the half-width of its 95% interval (ratio estimator)."""
    n = len(results)
    total = sum(x + y for x, y in results)
    if n < 2 or total == 0:
        return 0.5, 0.5
    r = sum(x for x, _ in results) / total
    mean_t = total / n
    residuals = [x - r * (x + y) for x, y in results]
    var = sum(e * e for e in residuals) / (n - 1) / (n * mean_t * mean_t)
    return r, 1.96 * math.sqrt(var)


def main(argv: list[str] | None = None) -> int:
    words = sys.argv[1:] if argv is None else argv
    if any(a == "--beside" or a.startswith("--beside=") for a in words):
        from bench import robot_load  # the robots at live tables, beside the players' (its options)

        return robot_load.main(argv)
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--quick", action="store_true", help="fewer deals and a smaller budget: a few minutes"
    )
    parser.add_argument("--deals", type=int, help="deals per variant and pair (default: DEALS, by variant)")
    parser.add_argument("--scale", type=float, default=1.0, help="DEALS times this (default 1)")
    parser.add_argument(
        "--budget", type=int, help="the expert's playouts per move (default 600; --quick 200)"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--variants", help=f"comma-separated variants (default: all {len(CASES)})")
    parser.add_argument("--pairs", help="comma-separated pairs such as expert-house (default: all three)")
    args = parser.parse_args(argv)
    budget = args.budget or (QUICK_BUDGET if args.quick else BUDGET)
    cases = [c for c in CASES if not args.variants or c[0] in args.variants.split(",")]
    pairs = [p for p in PAIRS if not args.pairs or "-".join(p) in args.pairs.split(",")]
    load = os.getloadavg()[0]
    print(f"expert budget {budget} playouts per move")
    print(f"{args.workers} processes; load average at the start {load:.1f}")
    print(f"{'variant':<14}{'seats':>6}  {'pair':<22}{'share':>8}{'95% CI':>10}{'deals':>7}{'seconds':>9}")
    started = time.monotonic()
    with Pool(args.workers) as pool:
        for variant, seats in cases:
            deals = args.deals or max(20, round(DEALS[variant] * (0.1 if args.quick else args.scale)))
            for a, b in pairs:
                t0 = time.monotonic()
                tasks = [(variant, seats, a, b, i, budget) for i in range(deals)]
                results = pool.map(duplicate, tasks, chunksize=max(1, deals // (8 * args.workers)))
                r, half = share(results)
                print(
                    f"{variant:<14}{seats:>6}  {a + ' vs ' + b:<22}{100 * r:>7.1f}%{100 * half:>8.1f} pt"
                    f"{deals:>7}{time.monotonic() - t0:>9.0f}",
                    flush=True,
                )
    print(f"total {time.monotonic() - started:.0f} s; load average at the end {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
