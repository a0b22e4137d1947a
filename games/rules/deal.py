"""Deterministic deals from a seed (R10, R11, R12).

The algorithm is published in docs/record.md, precisely enough to redo it
without this code:

1. Deal attempt ``k`` (0, 1, 2, ...) of a seed reads the first 224 bytes of
   ``SHAKE-256(f"{seed}/{k}")`` (the seed as UTF-8 text) as 28 big-endian
   unsigned 8-byte integers, the keys of the 28 tiles in canonical order
   (0-0, 0-1, ..., 0-6, 1-1, ..., 6-6). On the double-twelve set (R70), the
   first 728 bytes, the keys of its 91 tiles in canonical order (0-0, ..., 0-12,
   1-1, ..., 12-12).
2. The tiles are sorted by key (and, for equal keys, by canonical order).
3. Seat ``s`` gets positions ``s*h`` to ``s*h + h - 1`` (``h`` tiles each);
   the rest, in order, is the stock (drawn from its first tile on), or the
   tiles set aside.
4. If the variant would deal again (R11: a hand with five doubles or more in
   ``draw`` and ``block``; R10: no double in any hand in ``classic``,
   ``all_fives`` and ``fives_threes``), use attempt ``k + 1``.

Round ``n`` (from 1) of a match or daily challenge with seed ``S`` is dealt
from the seed ``round_seed(S, n)`` = the hex SHA-256 of ``f"{S}/round/{n}"``.
"""

from __future__ import annotations

import hashlib
import struct
from operator import itemgetter
from typing import NamedTuple

from .common import check_hands
from .errors import RuleError
from .tiles import EVERY_TILE, SETS, Tile, tile_str
from .variants import Ruleset

MAX_ATTEMPTS = 1000
"""Far above need: the chance of 1000 redeals in a row is below 1e-300."""


class Deal(NamedTuple):
    hands: tuple[tuple[Tile, ...], ...]
    """Each seat's tiles, sorted."""
    stock: tuple[Tile, ...]
    """The tiles left, in the order they would be drawn."""
    attempt: int
    """How many deals were redone before this one (R10, R11)."""


def commitment(seed: str) -> str:
    """What a seat is shown of a seed before the round ends (R12)."""
    return hashlib.sha256(seed.encode()).hexdigest()


def round_seed(match_seed: str, number: int) -> str:
    """The seed of round ``number`` (from 1) of a match or daily challenge."""
    return hashlib.sha256(f"{match_seed}/round/{number}".encode()).hexdigest()


_KEYS = {top: struct.Struct(f">{len(tiles)}Q") for top, tiles in SETS.items()}


def keys(seed: str, attempt: int = 0, top: int = 6) -> tuple[int, ...]:
    """The keys of the set's tiles (28, or 91 with ``top`` 12), in canonical order, of deal
    attempt ``attempt`` of ``seed`` (step 1)."""
    unpack = _KEYS[top]
    return unpack.unpack(hashlib.shake_256(f"{seed}/{attempt}".encode()).digest(unpack.size))


def _order(seed: str, attempt: int, top: int = 6) -> list[int]:
    """The canonical indices of the set's tiles in the order of deal attempt ``attempt`` of ``seed``."""
    # stable: equal keys keep canonical order
    return sorted(range(len(SETS[top])), key=keys(seed, attempt, top).__getitem__)


def shuffle(seed: str, attempt: int = 0, top: int = 6) -> list[Tile]:
    """The set's tiles in the order of deal attempt ``attempt`` of ``seed``."""
    return list(map(SETS[top].__getitem__, _order(seed, attempt, top)))


_BIT_OF = {t: 1 << i for i, t in enumerate(EVERY_TILE)}
_BITS = {top: tuple(_BIT_OF[t] for t in tiles) for top, tiles in SETS.items()}
"""The bit of the tile of canonical index ``i`` of each set: ``round.BIT`` by index."""


def redeal_reason(rules: Ruleset, hands: tuple[tuple[Tile, ...], ...]) -> str | None:
    """Why the rules would deal these hands again, or None (R10, R11)."""
    if rules.redeal_doubles:
        for seat, hand in enumerate(hands):
            if sum(1 for a, b in hand if a == b) >= rules.redeal_doubles:
                return f"seat {seat} holds {rules.redeal_doubles} doubles or more (R11)"
    if rules.opening == "double_every_round" and not any(a == b for hand in hands for a, b in hand):
        return "no hand holds a double (R10)"
    return None


def deal(seed: str, rules: Ruleset, seats: int) -> Deal:
    """The deal of ``seed`` for this variant and number of seats, redeals included (R12)."""
    return deal_with_masks(seed, rules, seats)[0]


def deal_with_masks(seed: str, rules: Ruleset, seats: int) -> tuple[Deal, list[int]]:
    """``deal``, and each hand's tiles as an int (``round.mask``)."""
    if not isinstance(seed, str) or not seed:
        raise RuleError("bad_seed", "a seed is a non-empty string")
    rules.check_seats(seats)
    size = rules.hand_size(seats)
    dealt = seats * size
    top = rules.top
    tiles, bits = SETS[top], _BITS[top]
    for attempt in range(MAX_ATTEMPTS):
        order = _order(seed, attempt, top)
        # A sorted hand is its tiles in canonical order: sort the indices, not the tiles.
        # (Every hand holds 4 tiles or more, so an itemgetter of them gives a tuple.)
        held = [itemgetter(*sorted(order[s : s + size])) for s in range(0, dealt, size)]
        hands = tuple([get(tiles) for get in held])
        if redeal_reason(rules, hands) is None:
            masks = [sum(get(bits)) for get in held]
            return Deal(hands, tuple(map(tiles.__getitem__, order[dealt:])), attempt), masks
    raise RuleError("bad_seed", f"seed {seed!r} gives no acceptable deal")  # pragma: no cover


def check_deal(
    rules: Ruleset, seats: int, hands: tuple[tuple[Tile, ...], ...], stock: tuple[Tile, ...]
) -> None:
    """Refuse a deal that is not the set's tiles (28 distinct ones, or 91 on the
    double-twelve set) in hands of the variant's size, or that the rules would have
    dealt again (docs/rules.md §7)."""
    check_hands(rules, seats, hands)
    every = [t for hand in hands for t in hand] + list(stock)
    count = rules.tiles
    if len(every) != count or len(set(every)) != count:
        seen: set[Tile] = set()
        twice = sorted({t for t in every if t in seen or seen.add(t)})  # type: ignore[func-returns-value]
        if twice:
            raise RuleError("bad_deal", f"tile {tile_str(twice[0])} is dealt twice")
        raise RuleError("bad_deal", f"the deal holds {len(set(every))} tiles, not the {count} of the set")
    reason = redeal_reason(rules, hands)
    if reason:
        raise RuleError("bad_deal", f"the rules would deal these tiles again: {reason}")
