"""The one Triominos ruleset (R80-R86), with the names every family's ruleset has."""

from __future__ import annotations

from typing import NamedTuple

from ..errors import RuleError


class Ruleset(NamedTuple):
    id: str
    min_seats: int
    max_seats: int
    hand_sizes: tuple[int, ...]
    """Tiles dealt to each seat, indexed by number of seats (R81; index 0 and 1 unused)."""
    targets: tuple[int, ...]
    default_target: int
    low_score_wins: bool = False
    teams: bool = False
    wild_blanks: bool = False
    exact_target: bool = False
    target_is_rounds: bool = False
    draw_limit: int = 3
    """Tiles a seat with no tile that fits may draw in one turn (R84)."""
    draw_points: int = -5
    pass_points: int = -10
    domino_points: int = 25
    """What going out scores, besides the other hands' values (R85)."""
    triple_points: int = 10
    """What the opening triple scores besides its value (R83) ..."""
    zero_triple_points: int = 40
    """... and what the opening 0-0-0 scores."""

    def hand_size(self, seats: int) -> int:
        return self.hand_sizes[seats]

    @property
    def draws(self) -> bool:
        return True

    def check_seats(self, seats: object) -> int:
        if type(seats) is not int or not self.min_seats <= seats <= self.max_seats:
            raise RuleError(
                "bad_seats",
                f"{self.id} is played by {self.min_seats} to {self.max_seats} seats, not {seats!r}",
            )
        return seats

    def check_target(self, target: object) -> int:
        if type(target) is not int or target not in self.targets:
            allowed = ", ".join(str(t) for t in self.targets)
            raise RuleError("bad_target", f"the target of {self.id} is one of {allowed}, not {target!r}")
        return target

    def sides(self, seats: int) -> int:
        """One side per seat (R2)."""
        return seats

    def side_of(self, seat: int) -> int:
        return seat


TRIOMINOS = Ruleset(
    id="triominos",
    min_seats=2,
    max_seats=6,
    hand_sizes=(0, 0, 9, 7, 7, 6, 6),
    targets=(200, 400, 500),
    default_target=400,
)

VARIANTS: dict[str, Ruleset] = {TRIOMINOS.id: TRIOMINOS}


def get_ruleset(variant: object) -> Ruleset:
    rules = VARIANTS.get(variant) if isinstance(variant, str) else None
    if rules is None:
        raise RuleError("bad_variant", f"unknown variant {variant!r}; one of {', '.join(VARIANTS)}")
    return rules
