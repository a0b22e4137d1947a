"""Deterministic deals of Train mexicain from a seed (R12, R71).

The method is the line games' (games/rules/deal.py), on the 90 tiles left once
the round's engine is taken out; it is published in docs/record.md:

1. Round ``k``'s engine is the double ``13 - k`` (R71); the 90 other tiles of
   the double-twelve set, in canonical order (0-0, 0-1, ..., 0-12, 1-1, ...,
   12-12, the engine left out), get as keys the first 720 bytes of
   ``SHAKE-256(f"{seed}/0")`` (the seed as UTF-8 text) read as 90 big-endian
   unsigned 8-byte integers.
2. The tiles are sorted by key (and, for equal keys, by canonical order).
3. Seat ``s`` gets positions ``s*h`` to ``s*h + h - 1`` (``h`` tiles each);
   the rest, in order, is the stock (drawn from its first tile on).

Nothing is ever dealt again, so only attempt 0 is read.
"""

from __future__ import annotations

import hashlib
import struct
from typing import NamedTuple

from ..common import check_hands
from ..errors import RuleError
from .state import TrainsRules
from .tiles import ALL_TILES, HIGHEST, Tile, tile_str

ROUND_TILES = len(ALL_TILES) - 1
"""90: the set less the engine."""

_KEYS = struct.Struct(f">{ROUND_TILES}Q")


class Deal(NamedTuple):
    engine: int
    """The engine's number (R71)."""
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles, sorted."""
    stock: tuple[Tile, ...]
    """The tiles left, in the order they would be drawn."""


def engine_of(number: int) -> int:
    """The engine's number in round ``number`` (from 1): 12 in round 1, ... 0 in round 13 (R71)."""
    return HIGHEST + 1 - number


def round_tiles(engine: int) -> tuple[Tile, ...]:
    """The 90 tiles dealt around an engine, in canonical order."""
    return tuple(t for t in ALL_TILES if t != (engine, engine))


def shuffle_keys(seed: str) -> tuple[int, ...]:
    """The keys of the 90 tiles of a round, in canonical order (step 1)."""
    return _KEYS.unpack(hashlib.shake_256(f"{seed}/0".encode()).digest(_KEYS.size))


def shuffle(seed: str, engine: int) -> list[Tile]:
    """The 90 tiles of a round with this engine, in the order of ``seed`` (steps 1 and 2)."""
    keys = shuffle_keys(seed)
    tiles = round_tiles(engine)
    return [tiles[i] for i in sorted(range(ROUND_TILES), key=keys.__getitem__)]


def deal(seed: str, rules: TrainsRules, seats: int, number: int) -> Deal:
    """The deal of ``seed`` for round ``number`` (from 1) at ``seats`` seats (R12, R71)."""
    if not isinstance(seed, str) or not seed:
        raise RuleError("bad_seed", "a seed is a non-empty string")
    rules.check_seats(seats)
    if type(number) is not int or not 1 <= number <= HIGHEST + 1:
        raise RuleError("bad_round", f"a match of {rules.id} has rounds 1 to {HIGHEST + 1}, not {number!r}")
    engine = engine_of(number)
    order = shuffle(seed, engine)
    size = rules.hand_size(seats)
    hands = tuple(tuple(sorted(order[s * size : (s + 1) * size])) for s in range(seats))
    return Deal(engine, hands, tuple(order[seats * size :]))


def check_deal(
    rules: TrainsRules, seats: int, engine: int, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]
) -> None:
    """Refuse a deal that is not the 90 tiles around the engine in hands of the variant's size."""
    check_hands(rules, seats, hands)
    every = [t for hand in hands for t in hand] + list(stock)
    if (engine, engine) in every:
        raise RuleError("bad_deal", f"the engine {engine}-{engine} is in the hub, not in a hand or the stock")
    seen: set[Tile] = set()
    for t in every:
        if t in seen:
            raise RuleError("bad_deal", f"tile {tile_str(t)} is dealt twice")
        seen.add(t)
    if len(seen) != ROUND_TILES:
        raise RuleError(
            "bad_deal", f"the deal holds {len(seen)} tiles, not the {ROUND_TILES} around the engine"
        )
