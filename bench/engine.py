"""Engine benchmark: full random rounds per second, per variant, single process.

    make bench    # or: .venv/bin/python -m bench.engine [--seconds S] [--variant V] [--playouts V,...]

Each round is dealt from its own seed (SHA-256 shuffle, redeals included) and
played to its end by random legal choices. As the peer to beat, the run also
plays random four-seat partnership rounds of the ``dominoes`` package (6.1.0)
and our ``partners`` rounds, in alternating timed slices of the same run, and
prints the ratio of their speeds.

Then the expert robot's playouts (games/rules/expert.py): from mid-round positions
(rounds dealt from seeds, four random plays in), each seen by the seat to act and its
unseen tiles dealt as the expert deals them, playouts per second per variant: the
expert's own (for the double-six games, the compact round of games/rules/playout.py and
its default policy; for ``chinois``, ``mexican`` and ``triominos``, their engines' ``apply``
and the family's default policy), and random playouts through the engine's ``apply``
and through the compact round (the same games, move for move), with the ratio the
compact round gives (the double-six games only: the compact round holds their 28 tiles).
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from games.rules import PLAYING, VARIANTS, apply, deal_round, legal_actions, new_match, view
from games.rules.expert import FAMILIES, LINE, determinize_line
from games.rules.playout import Playout, from_match, to_action

PLAYOUT_CASES = [
    ("block", 2),
    ("draw", 3),
    ("partners", 4),
    ("family", 4),
    ("classic", 2),
    ("all_fives", 2),
    ("fives_threes", 2),
    ("chinois", 4),
    ("mexican", 4),
    ("triominos", 3),
]


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


def mid_round(variant: str, seats: int, count: int = 200) -> list[tuple[Any, Playout | None]]:
    """``count`` positions four random plays into rounds, the unseen tiles dealt again from the
    view of the seat to act (as the expert deals them): as a state of the engine and, for the
    games the compact round plays, as a compact round."""
    rng = random.Random(f"mid/{variant}")
    family = FAMILIES[variant]
    out: list[tuple[Any, Playout | None]] = []
    n = 0
    while len(out) < count:
        n += 1
        match, _ = deal_round(new_match(variant, seats), f"bench/mid/{variant}/{n}")
        for _ in range(4):
            if match.status != PLAYING:
                break
            match, _ = apply(match, rng.choice(match.round.legal))
        if match.status != PLAYING:
            continue
        seen = view(match, match.round.turn)
        if family is LINE:
            guess = determinize_line(seen, rng)
            out.append((guess, from_match(guess)))
        else:
            out.append((family.determinize(seen, rng), None))
    return out


def playouts(variant: str, seats: int, how: str) -> Callable[[int], int]:
    """A function running ``n`` playouts from the ``mid_round`` positions, one per legal play of
    each in turn: the expert's (``how="expert"``), or random ones through the engine
    (``"engine"``) or the compact round (``"compact"``), the same random games for both."""
    positions = mid_round(variant, seats)
    rules = VARIANTS[variant]
    family = FAMILIES[variant]

    def run(n: int) -> int:
        rng = random.Random(0)
        done = 0
        while done < n:
            for match, st in positions:
                turn = match.round.turn
                side = rules.side_of(turn)
                firsts = st.legal() if st is not None else family.moves(match)
                for first in firsts:
                    if how == "expert":
                        family.playout(st if st is not None else match, first, side)
                    elif how == "compact":
                        assert st is not None
                        walk = st.copy()
                        walk.play(first)
                        while not walk.result:
                            walk.play(rng.choice(walk.legal()))
                    else:
                        m, _ = apply(match, to_action(turn, first) if st is not None else first)
                        while m.status == PLAYING:
                            m, _ = apply(m, rng.choice(m.round.legal))
                    done += 1
                    if done == n:
                        return n
        return n

    return run


def rate(run: Callable[[int], int], seconds: float, batch: int = 20) -> float:
    """Rounds per second over at least ``seconds`` of batches."""
    done = 0
    start = time.perf_counter()
    while True:
        run(batch)
        done += batch
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return done / elapsed


def print_playouts(cases: list[tuple[str, int]], seconds: float) -> None:
    """The table of the expert's playouts per second, one line per case."""
    print("The expert's playouts from mid-round positions (playouts/s):")
    print(f"{'variant':<14}{'seats':>6}{'expert':>10}{'random, engine':>16}{'compact':>10}{'ratio':>7}")
    for variant, seats in cases:
        expert = rate(playouts(variant, seats, "expert"), seconds)
        engine = rate(playouts(variant, seats, "engine"), seconds)
        if FAMILIES[variant] is not LINE:  # no compact round for this set
            print(f"{variant:<14}{seats:>6}{expert:>10,.0f}{engine:>16,.0f}{'-':>10}{'-':>7}", flush=True)
            continue
        compact = rate(playouts(variant, seats, "compact"), seconds)
        print(
            f"{variant:<14}{seats:>6}{expert:>10,.0f}{engine:>16,.0f}{compact:>10,.0f}"
            f"{compact / engine:>7.2f}",
            flush=True,
        )


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
    parser.add_argument(
        "--playouts",
        help="comma-separated variants: the expert's playouts of these alone (no rounds, no comparison)",
    )
    args = parser.parse_args(argv)
    if args.playouts:
        chosen = args.playouts.split(",")
        unknown = [v for v in chosen if v not in dict(PLAYOUT_CASES)]
        if unknown:
            parser.error(f"no playout case for {', '.join(unknown)}; one of {', '.join(dict(PLAYOUT_CASES))}")
        print_playouts([c for c in PLAYOUT_CASES if c[0] in chosen], args.seconds)
        return 0
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
    print()
    print_playouts(PLAYOUT_CASES, args.seconds)
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
