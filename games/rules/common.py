"""What every game family's rules do alike (docs/architecture.md §1, "the game protocol").

Each family's ruleset (``variants.Ruleset``, ``trains.state.TrainsRules``,
``triominos.variants.Ruleset``) is a ``NamedTuple`` of its own; the checks they share
are written here once, and each class's methods of those names call them. So are the
checks of a match's state that come before a family's own: whether a round may start,
whether it is this seat's turn.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, TypeVar

from .errors import RuleError
from .state import OVER, PASS, PLAY, PLAYING, READY, ROUND_OVER


class RulesetLike(Protocol):
    """The fields of a ruleset the shared checks read."""

    @property
    def id(self) -> str: ...
    @property
    def min_seats(self) -> int: ...
    @property
    def max_seats(self) -> int: ...
    @property
    def targets(self) -> tuple[int, ...]: ...
    @property
    def teams(self) -> bool: ...
    @property
    def target_is_rounds(self) -> bool: ...


def check_seats(rules: RulesetLike, seats: object) -> int:
    """``seats`` if the variant is played by that many seats; RuleError ``bad_seats`` if not."""
    if type(seats) is not int or not rules.min_seats <= seats <= rules.max_seats:
        raise RuleError(
            "bad_seats",
            f"{rules.id} is played by {rules.min_seats} to {rules.max_seats} seats, not {seats!r}",
        )
    return seats


def check_target(rules: RulesetLike, target: object) -> int:
    """``target`` if it is one of the variant's; RuleError ``bad_target`` if not. A target
    that is a number of rounds (R71) is said so."""
    if type(target) is not int or target not in rules.targets:
        allowed = ", ".join(str(t) for t in rules.targets)
        if rules.target_is_rounds:
            raise RuleError("bad_target", f"a match of {rules.id} is one of {allowed} rounds, not {target!r}")
        raise RuleError("bad_target", f"the target of {rules.id} is one of {allowed}, not {target!r}")
    return target


def sides(rules: RulesetLike, seats: int) -> int:
    """Number of sides: two teams in partners, otherwise one per seat (R2)."""
    return 2 if rules.teams else seats


def side_of(rules: RulesetLike, seat: int) -> int:
    """The side a seat plays for: its team in partners, otherwise itself (R2)."""
    return seat % 2 if rules.teams else seat


R = TypeVar("R")


def lookup(variants: Mapping[str, R], variant: object) -> R:
    """The entry of ``variant`` in a family's table of variants; RuleError ``bad_variant``
    for an unknown one."""
    found = variants.get(variant) if isinstance(variant, str) else None
    if found is None:
        raise RuleError("bad_variant", f"unknown variant {variant!r}; one of {', '.join(variants)}")
    return found


def new_target(rules: Any, seats: object, target: object) -> Any:
    """The target of a new match at ``seats`` seats, for every family: ``"default"``, the
    variant's; ``None``, the daily challenge's five rounds (R61), except where the target
    is the number of rounds (Train mexicain's, R71). RuleError ``bad_seats`` or
    ``bad_target`` otherwise."""
    rules.check_seats(seats)
    if target == "default":
        target = rules.default_target
    if target is not None or rules.target_is_rounds:
        rules.check_target(target)
    return target


def check_can_start(match: Any) -> None:
    """RuleError unless the next round of ``match`` may start now (its first, or after one over)."""
    if match.status not in (READY, ROUND_OVER):
        raise RuleError(
            "round_in_play" if match.status == PLAYING else "match_over", "no round can start now"
        )


def check_turn(match: Any, action: Any, must: str) -> Any:
    """The round in play, if it is the turn of ``action``'s seat and ``action`` is a play;
    RuleError otherwise (``match_over``, ``no_round``, ``not_your_turn``, then ``must_play``
    or ``cannot_draw``, saying the seat ``must`` do so: in every state a family's ``apply``
    returns, the seat to act holds a tile that fits, R5)."""
    if match.status != PLAYING:
        if match.status == OVER:
            raise RuleError("match_over", "the match is over")
        raise RuleError("no_round", "no round is in play")
    rnd = match.round
    assert rnd is not None
    if action.seat != rnd.turn:
        raise RuleError("not_your_turn", f"it is seat {rnd.turn}'s turn, not seat {action.seat}'s")
    if action.kind != PLAY:
        raise RuleError(
            "must_play" if action.kind == PASS else "cannot_draw",
            f"seat {action.seat} holds a tile that fits and must {must}",
        )
    return rnd


def check_hands(rules: Any, seats: int, hands: Sequence[Sequence[Any]]) -> None:
    """RuleError ``bad_deal`` unless a deal has one hand a seat, each of the variant's size
    (the start of every family's ``check_deal``)."""
    size = rules.hand_size(seats)
    if len(hands) != seats:
        raise RuleError("bad_deal", f"{len(hands)} hands for {seats} seats")
    for seat, hand in enumerate(hands):
        if len(hand) != size:
            raise RuleError("bad_deal", f"seat {seat} is dealt {len(hand)} tiles, not {size}")
