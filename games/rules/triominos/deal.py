"""Deterministic deals of the 56-tile set from a seed (R81, R12).

The method of games/rules/deal.py, on 56 tiles instead of 28 (docs/record.md):

1. Read the first 448 bytes of ``SHAKE-256(f"{seed}/0")`` (the seed as UTF-8 text,
   deal attempt 0: Triominos never deals again) as 56 big-endian unsigned 8-byte
   integers, the keys of the 56 tiles in written order (0-0-0, 0-0-1, ... 5-5-5).
2. Sort the tiles by key (equal keys keep written order).
3. Seat ``s`` gets positions ``s*h`` to ``s*h + h - 1``; the rest, in order, is the
   pool (the stock), drawn from its first tile on.

SHAKE-256 is an extendable output: its first 224 bytes are those the double-six
deal reads, so both sets are dealt by one method.
"""

from __future__ import annotations

import hashlib
import struct
from typing import NamedTuple

from ..common import check_hands
from ..errors import RuleError
from .tiles import ALL_TRIS, INDEX, Tri, tri_str
from .variants import Ruleset

_KEYS = struct.Struct(f">{len(ALL_TRIS)}Q")


class Deal(NamedTuple):
    hands: tuple[tuple[Tri, ...], ...]
    """Each seat's tiles, in written order."""
    stock: tuple[Tri, ...]
    """The pool, in the order it is drawn."""
    attempt: int = 0


def keys(seed: str) -> tuple[int, ...]:
    """The keys of the 56 tiles, in written order (step 1)."""
    return _KEYS.unpack(hashlib.shake_256(f"{seed}/0".encode()).digest(_KEYS.size))


def shuffle(seed: str) -> list[Tri]:
    """The 56 tiles in the order of the seed (step 2)."""
    k = keys(seed)
    return [ALL_TRIS[i] for i in sorted(range(len(ALL_TRIS)), key=k.__getitem__)]


def deal(seed: str, rules: Ruleset, seats: int) -> Deal:
    """The deal of ``seed`` for this number of seats (R81, R12)."""
    if not isinstance(seed, str) or not seed:
        raise RuleError("bad_seed", "a seed is a non-empty string")
    rules.check_seats(seats)
    size = rules.hand_size(seats)
    order = shuffle(seed)
    hands = tuple(tuple(sorted(order[s * size : (s + 1) * size])) for s in range(seats))
    return Deal(hands, tuple(order[seats * size :]))


def check_deal(
    rules: Ruleset, seats: int, hands: tuple[tuple[Tri, ...], ...], stock: tuple[Tri, ...]
) -> None:
    """Refuse a deal that is not the 56 distinct tiles in hands of the size of R81."""
    check_hands(rules, seats, hands)
    seen: set[Tri] = set()
    for tile in [t for hand in hands for t in hand] + list(stock):
        if tile in seen:
            raise RuleError("bad_deal", f"tile {tri_str(tile)} is dealt twice")
        seen.add(tile)
    if len(seen) != len(INDEX):
        raise RuleError("bad_deal", f"the deal holds {len(seen)} tiles, not the 56 of the set")
