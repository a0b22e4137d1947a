"""Command line: ``python -m games.rules replay FILE``, ``play ...`` and ``daily ...``.

See docs/record.md.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from typing import Any

from . import (
    DAILY_ROUNDS,
    OVER,
    PLAYING,
    VARIANTS,
    ReplayError,
    RuleError,
    apply,
    deal_round,
    event_action,
    house_choice,
    legal_actions,
    match_record,
    new_match,
    parse_action,
    replay,
    round_seed,
    view,
    written_deal,
)

MAX_ROUNDS = 10_000
"""A match longer than this is stopped (none comes near it)."""


def play_match(
    variant: str, seats: int, seed: str, robots: bool = False, target: Any = "default"
) -> dict[str, Any]:
    """Play a whole match from ``seed`` and return its record.

    Round ``n`` is dealt from ``round_seed(seed, n)``. Each seat plays a random
    legal play (from a generator seeded with ``seed``), or the house robot's.
    """
    match = new_match(variant, seats, target)
    rng = random.Random(seed)
    rounds: list[tuple[int, str, list[list[str]], list[str]]] = []
    actions: list[tuple[int, dict[str, Any]]] = []
    while match.status != OVER and len(rounds) < MAX_ROUNDS:
        number = len(rounds) + 1
        rs = round_seed(seed, number)
        hands, stock = written_deal(variant, seats, rs, number)
        match, events = deal_round(match, rs)
        actions += [(number, a) for e in events if (a := event_action(variant, e))]
        while match.status == PLAYING:
            if robots:
                action = parse_action(variant, house_choice(view(match, match.round.turn)))
            else:
                action = rng.choice(legal_actions(match))
            match, events = apply(match, action)
            actions += [(number, a) for e in events if (a := event_action(variant, e))]
        rounds.append((number, rs, hands, stock))
    return match_record(variant, seats, match.target, rounds, actions)


def daily_deals(seed: str, variant: str, seats: int) -> dict[str, Any]:
    """The five deals of a daily challenge of ``seed`` (R61): round ``n`` is dealt from
    ``round_seed(seed, n)``, redeals included (R12)."""
    rounds = []
    for number in range(1, DAILY_ROUNDS + 1):
        rs = round_seed(seed, number)
        hands, stock = written_deal(variant, seats, rs, number)
        rounds.append({"number": number, "seed": rs, "hands": hands, "stock": stock})
    return {"variant": variant, "seats": seats, "seed": seed, "rounds": rounds}


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"cannot read {path}: {e.strerror}", file=sys.stderr)
        return 1
    try:
        record = json.loads(text)
    except ValueError as e:
        print(f"record: not valid JSON ({e})", file=sys.stderr)
        return 1
    try:
        result = replay(record)
    except ReplayError as e:
        print(str(e), file=sys.stderr)
        return 1
    print(json.dumps(result))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m games.rules", description="Replay or play dominoes matches."
    )
    sub = parser.add_subparsers(dest="command", required=True)
    p_replay = sub.add_parser("replay", help="replay a game record and print its result as JSON")
    p_replay.add_argument("file", help="the record's file, or - for standard input")
    p_play = sub.add_parser("play", help="play a whole match and print its record as JSON")
    p_play.add_argument("--variant", required=True, choices=list(VARIANTS))
    p_play.add_argument("--seats", required=True, type=int)
    p_play.add_argument("--seed", required=True)
    p_play.add_argument("--target", type=int, help="one of the variant's targets (default: its default)")
    p_play.add_argument("--daily", action="store_true", help="no target: five rounds, as the daily challenge")
    p_play.add_argument("--robots", action="store_true", help="every seat plays as the house robot")
    p_daily = sub.add_parser("daily", help="print the five deals of a daily challenge's seed as JSON")
    p_daily.add_argument("--seed", required=True, help="the day's seed, published once the day is over")
    p_daily.add_argument("--variant", required=True, choices=list(VARIANTS))
    p_daily.add_argument("--seats", required=True, type=int)
    args = parser.parse_args(argv)
    if args.command == "replay":
        return _replay(args.file)
    if args.command == "daily":
        rules = VARIANTS[args.variant]
        if not rules.min_seats <= args.seats <= rules.max_seats:
            parser.error(f"{args.variant} is played by {rules.min_seats} to {rules.max_seats} seats")
        print(json.dumps(daily_deals(args.seed, args.variant, args.seats)))
        return 0
    rules = VARIANTS[args.variant]
    if not rules.min_seats <= args.seats <= rules.max_seats:
        parser.error(f"{args.variant} is played by {rules.min_seats} to {rules.max_seats} seats")
    if args.target is not None and args.target not in rules.targets:
        parser.error(f"the target of {args.variant} is one of {', '.join(map(str, rules.targets))}")
    target: Any = None if args.daily else (args.target if args.target is not None else "default")
    try:
        new_match(args.variant, args.seats, target)
    except RuleError as e:  # --daily where the variant has no match without a target (mexican)
        parser.error(e.message)
    print(json.dumps(play_match(args.variant, args.seats, args.seed, args.robots, target)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
