"""What the expert robot's game families share (docs/architecture.md, robots): the
dealing of the tiles a seat cannot see, and what a round brought a side.

The search and its ``Family`` of three functions are games/rules/expert.py; each family's
three functions live with its rules (games/rules/expert.py for the line games, ``expert``
in a family's subpackage for the others) and build on the two functions below.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Hashable, MutableSequence, Sequence
from typing import Any, Protocol, TypeVar

from .state import PLAYING

T = TypeVar("T", bound=Hashable)
"""A tile of any set."""


class Generator(Protocol):
    """What a dealing draws from: the seeded ``random.Random`` the search makes (expert.py)."""

    def shuffle(self, x: MutableSequence[Any]) -> None: ...


def holds_none_of(tile: Any, numbers: Collection[int]) -> bool:
    """Whether a tile shows none of ``numbers`` (a domino's two numbers, a Triomino's three)."""
    return not any(n in numbers for n in tile)


def deal_unseen(
    unseen: Sequence[T],
    sizes: dict[int, int],
    none: Sequence[Collection[Any]],
    rng: Generator,
    fits: Callable[[T, Any], bool] = holds_none_of,
) -> tuple[dict[int, list[T]], list[T]]:
    """Deal ``unseen`` tiles into hands of ``sizes`` (seat: size) so that each seat ``s``
    gets only tiles that ``fits(tile, none[s])`` allows (by default: no tile showing a
    number of ``none[s]``, the numbers it has shown it holds none of); an empty
    ``none[s]`` allows any tile. The rest, shuffled, is left over (the stock).

    The most constrained seats are served first from a shuffled pool; if a dealing
    fails (the constraints leave too few tiles), it is tried again, and after a few
    failures the constraints are dropped one seat at a time (a view whose passes
    contradict each other cannot be met)."""
    relaxed: set[int] = set()
    for attempt in range(64):
        if attempt and attempt % 16 == 0:  # drop the tightest remaining constraint
            tight = [s for s in sizes if none[s] and s not in relaxed]
            if tight:
                relaxed.add(max(tight, key=lambda s: len(none[s])))
        pool = list(unseen)
        rng.shuffle(pool)
        order = sorted(
            sizes,
            key=lambda s: sum(1 for t in pool if fits(t, none[s])) if s not in relaxed else len(pool),
        )
        hands: dict[int, list[T]] = {}
        ok = True
        for s in order:
            if s in relaxed or not none[s]:
                take, rest = pool[: sizes[s]], pool[sizes[s] :]
            else:
                take = [t for t in pool if fits(t, none[s])][: sizes[s]]
                chosen = set(take)
                rest = [t for t in pool if t not in chosen]
            if len(take) < sizes[s]:
                ok = False
                break
            hands[s] = take
            pool = rest
        if ok:
            return hands, pool
    raise AssertionError("unreachable: with every constraint dropped any dealing fits")  # pragma: no cover


def outcome(rules: Any, points: Sequence[float], side: int) -> float:
    """What the round, played out, brought ``side``: its points minus the mean of the
    other sides' (where the ruleset says the low score wins, as in ``family``, ``chinois``
    and ``mexican``: the others' mean minus its own)."""
    others = [p for s, p in enumerate(points) if s != side]
    mean = sum(others) / len(others)
    if rules.low_score_wins:
        return mean - points[side]
    return points[side] - mean


def play_out(
    rules: Any,
    apply: Callable[[Any, Any], tuple[Any, Any]],
    policy: Callable[[Any], Any],
    match: Any,
    first: Any,
    side: int,
) -> float:
    """A playout through a family's engine (its ``rules`` and ``apply``): ``first`` applied,
    then the round to its end with ``policy`` choosing for every seat; the ``outcome`` for
    ``side``."""
    match, _ = apply(match, first)
    while match.status == PLAYING:
        match, _ = apply(match, policy(match))
    return outcome(rules, list(match.round.points), side)
