"""The one Triominos ruleset (R80-R86), with the names every family's ruleset has."""

from __future__ import annotations

from typing import NamedTuple

from .. import common


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
        return common.check_seats(self, seats)

    def check_target(self, target: object) -> int:
        return common.check_target(self, target)

    def sides(self, seats: int) -> int:
        return common.sides(self, seats)

    def side_of(self, seat: int) -> int:
        return common.side_of(self, seat)


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
    return common.lookup(VARIANTS, variant)
