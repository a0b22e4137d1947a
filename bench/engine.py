"""Engine benchmark: full random rounds per second, per variant, single process.

    make bench            # or: .venv/bin/python -m bench.engine [--seconds S] [--variant V]

Each round is dealt from its own seed (SHA-256 shuffle, redeals included) and
played to its end by random legal choices. As the peer to beat, the run also
plays random four-seat partnership rounds of the ``dominoes`` package (6.1.0)
and our ``partners`` rounds, in alternating timed slices of the same run, and
prints the ratio of their speeds.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable

from games.rules import PLAYING, VARIANTS, apply, deal_round, legal_actions, new_match


def our_rounds(variant: str, seats: int) -> Callable[[int], int]:
    """A function playing ``n`` random rounds of ``variant`` and returning the moves made."""
    rng = random.Random(0)
    counter = [0]

    def run(n: int) -> int:
        moves = 0
        for _ in range(n):
            counter[0] += 1
            match, _ = deal_round(new_match(variant, seats), f"bench/{counter[0]}")
            while match.status == PLAYING:
                match, _ = apply(match, rng.choice(legal_actions(match)))
                moves += 1
        return moves

    return run


def their_rounds() -> Callable[[int], int]:
    """The ``dominoes`` package's random partnership rounds, as its own random player plays them."""
    import dominoes
    from dominoes import players

    random.seed(0)

    def run(n: int) -> int:
        moves = 0
        for _ in range(n):
            game = dominoes.Game.new()
            while game.result is None:
                players.random(game)
                game.make_move(*game.valid_moves[0])
                moves += 1
        return moves

    return run


def rate(run: Callable[[int], int], seconds: float, batch: int = 200) -> float:
    """Rounds per second over at least ``seconds`` of batches."""
    done = 0
    start = time.perf_counter()
    while True:
        run(batch)
        done += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="time per measurement (default 2)")
    parser.add_argument("--slices", type=int, default=9, help="alternating slices for the ratio (default 9)")
    parser.add_argument(
        "--only",
        choices=["partners", "dominoes"],
        help="play --rounds rounds of one side only and print nothing (for an instruction count)",
    )
    parser.add_argument("--rounds", type=int, default=500, help="rounds played with --only (default 500)")
    parser.add_argument(
        "--variant", choices=list(VARIANTS), help="measure this variant alone (no comparison with dominoes)"
    )
    args = parser.parse_args(argv)
    if args.only:
        (our_rounds("partners", 4) if args.only == "partners" else their_rounds())(args.rounds)
        return 0
    print(f"Python {platform.python_version()} on {platform.machine()}, single process")
    print(f"{'variant':<14}{'seats':>6}{'rounds/s':>12}")
    for variant, rules in VARIANTS.items():
        if args.variant and variant != args.variant:
            continue
        for seats in range(rules.min_seats, rules.max_seats + 1):
            print(
                f"{variant:<14}{seats:>6}{rate(our_rounds(variant, seats), args.seconds):>12,.0f}", flush=True
            )
    if args.variant:
        return 0
    try:
        theirs = their_rounds()
    except ImportError:
        print("dominoes 6.1.0 is not installed: pip install dominoes==6.1.0", file=sys.stderr)
        return 1
    ours = our_rounds("partners", 4)
    ratios, our_rates, their_rates = [], [], []
    for _ in range(args.slices):
        a = rate(ours, args.seconds / 2)
        b = rate(theirs, args.seconds / 2)
        our_rates.append(a)
        their_rates.append(b)
        ratios.append(a / b)
    print()
    print(f"partners, 4 seats (ours):        {statistics.median(our_rates):>10,.0f} rounds/s")
    print(f"dominoes 6.1.0 partnership game: {statistics.median(their_rates):>10,.0f} rounds/s")
    print(
        f"ratio, ours / theirs (median of {args.slices} alternating slices): {statistics.median(ratios):.2f}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
