"""The expert robot's ``Family`` for Train mexicain (games/rules/expert.py, docs/architecture.md,
robots): its dealings of the unseen tiles and its playouts through the engine's ``apply``.

What a seat knows (R6 as docs/rules.md §8 says it for the trains): its hand, the engine,
every train, the markers, the uncovered double, every hand's size, the stock's size, and
the public-information panel (R78, when the caller gave the view what the round has
shown): the numbers each seat has shown it holds none of, by drawing and passing on the
trains it might play on. A dealing gives the other seats only tiles that carry none of
those numbers, at random among the 90 tiles around the engine less the seat's hand and
the trains; the rest is the stock.
"""

from __future__ import annotations

import random
from typing import Any

from ..state import PLAYING
from ..unseen import deal_unseen, play_out
from .deal import round_tiles
from .engine import apply, plays
from .state import MEXICAN_NAME, Action, Match, Round, get_ruleset
from .tiles import Tile, parse_tile


def determinize(view: dict[str, Any], rng: random.Random) -> Match:
    """A whole state of the round that the view cannot tell from the true one."""
    rnd = view["round"]
    seat = view["seat"]
    seats = view["seats"]
    engine = parse_tile(rnd["engine"])[0]
    trains = tuple(tuple((a, b) for a, b in train["tiles"]) for train in rnd["trains"])
    own = tuple(parse_tile(t) for t in view["hand"])
    seen: set[Tile] = set(own)
    seen.update((min(a, b), max(a, b)) for train in trains for a, b in train)
    unseen = [t for t in round_tiles(engine) if t not in seen]
    sizes = {s: rnd["hand_sizes"][s] for s in range(seats) if s != seat}
    dealt, rest = deal_unseen(unseen, sizes, shown_none(view), rng)
    hands = tuple(own if s == seat else tuple(sorted(dealt[s])) for s in range(seats))
    double = rnd["double"]
    state = Round(
        number=rnd["number"],
        engine=engine,
        hands=hands,
        stock=tuple(rest),
        trains=trains,
        markers=tuple(rnd["markers"]),
        double=-1 if double is None else (seats if double["train"] == MEXICAN_NAME else double["train"]),
        turn=seat,
        opener=rnd["opener"],
        drawn=rnd["drawn"],
        draws=tuple(rnd["draws"]),
        passes=tuple(rnd["passes"]),
        points=tuple(rnd["points"]),
        last=(seat - 1) % seats,
    )
    state = state._replace(legal=plays(state, seat))
    return Match(view["variant"], seats, view["target"], tuple(view["scores"]), state, PLAYING, None)


def shown_none(view: dict[str, Any]) -> list[set[int]]:
    """For each seat, the numbers the view's panel (R78) shows it holds none of; nothing
    where the view came without it."""
    none: list[set[int]] = [set() for _ in range(view["seats"])]
    for entry in view["round"].get("public") or []:
        for s in entry["none"]:
            none[s].add(entry["number"])
    return none


def moves(match: Match) -> list[Action]:
    """The plays of the seat to act, in the view's order (R77's)."""
    return list(match.round.legal) if match.round is not None else []


def heaviest(match: Match) -> Action:
    """The playouts' default policy: the heaviest tile that fits, on the first train it fits
    in R77's order (own, Mexican, the others): pips left in the hand are what one scores."""
    assert match.round is not None
    return max(match.round.legal, key=lambda a: 0 if a.tile is None else a.tile[0] + a.tile[1])


def playout(match: Match, first: Action, side: int) -> float:
    """Play ``first``, then the round to its end with ``heaviest``; the ``outcome`` for ``side``."""
    return play_out(get_ruleset(match.variant), apply, heaviest, match, first, side)
