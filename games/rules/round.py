"""Within a round: what fits where, legal plays, and resolving a player's play (R3, R4, R22)."""

from __future__ import annotations

from .errors import RuleError
from .line import END_NAMES, Line
from .state import PLAY, Action
from .tiles import ALL_TILES, EVERY_TILE, Tile, tile_str
from .variants import VARIANTS


def open_options(tile: Tile, number: int, wild: bool) -> tuple[int, ...]:
    """The numbers ``tile`` can leave open when laid on an end showing ``number``.

    Plain variants (R3): the half that shows ``number`` attaches, the other stays
    open. Wild blanks (R22): a blank half matches anything and a blank end accepts
    anything; when either half could attach, the player chooses which stays open.
    """
    a, b = tile
    if not wild:
        if a == number:
            return (b,)
        if b == number:
            return (a,)
        return ()
    by_a = a == number or a == 0 or number == 0
    by_b = a != b and (b == number or b == 0 or number == 0)
    if by_a and by_b:
        return (b, a)
    if by_a:
        return (b,)
    if by_b:
        return (a,)
    return ()


def can_play(hand: tuple[Tile, ...], numbers: frozenset[int], wild: bool) -> bool:
    """Whether any tile of ``hand`` fits an end showing one of ``numbers``."""
    if wild:
        if 0 in numbers:
            return bool(hand)
        for a, b in hand:
            if a == 0 or a in numbers or b in numbers:
                return True
        return False
    for a, b in hand:
        if a in numbers or b in numbers:
            return True
    return False


def _plays(seat: int, end: str) -> dict[Tile, tuple[Action, Action]]:
    return {t: (Action(PLAY, seat, t, end, t[1]), Action(PLAY, seat, t, end, t[0])) for t in EVERY_TILE}


_MAX_SEATS = max(r.max_seats for r in VARIANTS.values())
_PLAYS = tuple({end: _plays(seat, end) for end in END_NAMES} for seat in range(_MAX_SEATS))
"""Every play there can be, made once: ``_PLAYS[seat][end][tile]`` is the pair (the tile
attached by its first half, leaving the second open; attached by its second half).
Building an Action is the costliest step of listing legal plays, which every state does."""
_OPENINGS = tuple({t: Action(PLAY, seat, t) for t in EVERY_TILE} for seat in range(_MAX_SEATS))


BIT: dict[Tile, int] = {t: 1 << i for i, t in enumerate(EVERY_TILE)}
"""Each tile's bit in a set of tiles written as an int: the double-six tiles in canonical
order, then the double-twelve set's others (``tiles.EVERY_TILE``)."""
HAS = tuple(sum(BIT[t] for t in ALL_TILES if n in t) for n in range(7))
"""``HAS[n]``: the double-six tiles that show the number ``n`` (``legal_on_two_ends``, which
plays the double-six games with no wild blanks only)."""


def _on_one_end(seat: int, end: str, number: int) -> dict[int, tuple[Action, ...]]:
    """For every set of tiles that show ``number`` (as an int, ``BIT``), the plays of them by
    ``seat`` on the end ``end`` showing ``number``, in canonical order (with no wild blanks)."""
    shows = [t for t in ALL_TILES if number in t]
    plays = _PLAYS[seat][end]
    out: dict[int, tuple[Action, ...]] = {}
    for subset in range(1 << len(shows)):
        tiles = [t for i, t in enumerate(shows) if subset >> i & 1]
        out[sum(BIT[t] for t in tiles)] = tuple(plays[t][0 if t[0] == number else 1] for t in tiles)
    return out


_ON_LEFT = tuple(tuple(_on_one_end(seat, "left", n) for n in range(7)) for seat in range(_MAX_SEATS))
_ON_RIGHT = tuple(tuple(_on_one_end(seat, "right", n) for n in range(7)) for seat in range(_MAX_SEATS))
"""``_ON_LEFT[seat][n][tiles]``: the plays of ``tiles`` (all showing ``n``) on a left end
showing ``n``; likewise on the right."""


def mask(hand: tuple[Tile, ...]) -> int:
    """The tiles of ``hand`` as an int (``BIT``)."""
    return sum(map(BIT.__getitem__, hand))


def legal_on_two_ends(seat: int, tiles: int, left: int, right: int) -> tuple[Action, ...]:
    """``legal_plays`` for a seat holding ``tiles`` (a sorted hand, as a ``mask``) on a line
    whose only ends are left and right, showing ``left`` and ``right``, with no wild blanks."""
    on_left = tiles & HAS[left]
    on_right = tiles & HAS[right]
    if on_left:
        if not on_right:
            return _ON_LEFT[seat][left][on_left]
        plays = _ON_LEFT[seat][left][on_left] + _ON_RIGHT[seat][right][on_right]
        if on_left < on_right & -on_right:  # every tile for the left comes before those for the right
            return plays
        if on_right < on_left & -on_left:
            return _ON_RIGHT[seat][right][on_right] + _ON_LEFT[seat][left][on_left]
        # Actions sort as the hand does: by tile (canonical order), then "left" before "right".
        return tuple(sorted(plays))
    if on_right:
        return _ON_RIGHT[seat][right][on_right]
    return ()


def every_play() -> list[Action]:
    """Every Action a list of legal plays can hold (each made once, at import)."""
    out = [a for by_seat in _OPENINGS for a in by_seat.values()]
    out += [a for by_seat in _PLAYS for by_end in by_seat.values() for pair in by_end.values() for a in pair]
    return out


def opening_play(seat: int, tile: Tile) -> Action:
    """The play that lays ``tile`` as the opening tile (the Action a legal list would hold)."""
    return _OPENINGS[seat][tile]


def legal_plays(seat: int, hand: tuple[Tile, ...], line: Line | None, wild: bool) -> tuple[Action, ...]:
    """Every play open to ``seat``, in hand order then end order; with no line yet, any tile opens."""
    if line is None:
        openings = _OPENINGS[seat]
        return tuple([openings[t] for t in hand])
    out: list[Action] = []
    append = out.append
    ends = line.ends
    plays = _PLAYS[seat]
    if not wild and len(ends) == 2:
        (left, n_left), (right, n_right) = ends
        on_left = plays[left]
        on_right = plays[right]
        for tile in hand:
            a, b = tile
            if a == n_left:
                append(on_left[tile][0])
            elif b == n_left:
                append(on_left[tile][1])
            if a == n_right:
                append(on_right[tile][0])
            elif b == n_right:
                append(on_right[tile][1])
        return tuple(out)
    for tile in hand:
        a, b = tile
        for end, number in ends:
            if wild:
                for opened in open_options(tile, number, True):
                    append(plays[end][tile][0 if opened == b else 1])
            elif a == number:
                append(plays[end][tile][0])
            elif b == number:
                append(plays[end][tile][1])
    return tuple(out)


def resolve_play(action: Action, hand: tuple[Tile, ...], line: Line | None, wild: bool) -> Action:
    """The complete play ``action`` stands for, or a RuleError saying why it is illegal.

    ``end`` may be left out when the tile fits only one end, ``open`` when the
    tile can leave only one number open (docs/rules.md §7).
    """
    tile = action.tile
    assert tile is not None
    if tile not in hand:
        raise RuleError("tile_not_in_hand", f"tile {tile_str(tile)} is not in seat {action.seat}'s hand")
    if line is None:
        if action.end is not None:
            raise RuleError("bad_end", "the opening tile is laid on no end")
        return Action(PLAY, action.seat, tile)
    ends = dict(line.ends)
    if action.end is not None and action.end not in ends:
        raise RuleError("bad_end", f"the {action.end} end is not open")
    choices = [
        (end, opened)
        for end, number in line.ends
        if action.end is None or end == action.end
        for opened in open_options(tile, number, wild)
    ]
    if not choices:
        where = f"the {action.end} end ({ends[action.end]})" if action.end else "any open end"
        raise RuleError("does_not_fit", f"tile {tile_str(tile)} does not fit {where}")
    if action.open is not None:
        choices = [c for c in choices if c[1] == action.open]
        if not choices:
            raise RuleError("bad_open", f"tile {tile_str(tile)} cannot leave {action.open} open there")
    if len({end for end, _ in choices}) > 1:
        names = " or ".join(sorted({end for end, _ in choices}))
        raise RuleError("end_required", f"tile {tile_str(tile)} fits {names}: say which end")
    if len(choices) > 1:
        raise RuleError(
            "open_required",
            f"tile {tile_str(tile)} can leave {choices[0][1]} or {choices[1][1]} open: say which",
        )
    end, opened = choices[0]
    return Action(PLAY, action.seat, tile, end, opened)
