"""One ``Ruleset`` per variant, side by side, so docs/rules.md §3 reads off the code."""

from __future__ import annotations

from typing import NamedTuple

from . import common

# How a seat with no tile that fits goes on.
PASS = "pass"  # it passes (block, partners)
DRAW_UNTIL_FITS = "draw_until_fits"  # R20
DRAW_ONE = "draw_one"  # R21

# Who opens and how (R10).
FORCED_FIRST_ROUND = "forced_first_round"  # draw, block: forced in round 1, then rotates, free tile
FORCED_EVERY_ROUND = "forced_every_round"  # family
SIX_SIX_FIRST_ROUND = "six_six_first_round"  # partners: holder of 6-6, free tile, then rotates
DOUBLE_EVERY_ROUND = "double_every_round"  # classic, all_fives, fives_threes (redeal if no double)


class Ruleset(NamedTuple):
    id: str
    min_seats: int
    max_seats: int
    hand_sizes: tuple[int, ...]
    """Tiles dealt to each seat, indexed by number of seats (index 0 and 1 unused)."""
    no_fit: str
    opening: str
    targets: tuple[int, ...]
    default_target: int
    scoring: str
    teams: bool = False
    redeal_doubles: int = 0
    """Redeal when a hand holds this many doubles or more (R11); 0: never."""
    wild_blanks: bool = False
    spinner: bool = False
    closed_rounds: bool = False
    low_score_wins: bool = False
    exact_target: bool = False
    target_is_rounds: bool = False
    """The target is a number of rounds, not of points (Train mexicain's; never here)."""
    """The target must be reached exactly; a play that would pass it scores nothing (R35)."""
    play_points: str = ""
    """Points scored during play: "" none, "fives" (R34), "fives_threes" (R35)."""
    top: int = 6
    """The set's highest number: 6, the double-six set (R1); 12, the double-twelve set (R70)."""

    def hand_size(self, seats: int) -> int:
        return self.hand_sizes[seats]

    @property
    def tiles(self) -> int:
        """How many tiles the set has: 28 (R1) or 91 (R70)."""
        return (self.top + 1) * (self.top + 2) // 2

    @property
    def draws(self) -> bool:
        """Whether the tiles left form a stock one draws from."""
        return self.no_fit != PASS

    def check_seats(self, seats: object) -> int:
        return common.check_seats(self, seats)

    def check_target(self, target: object) -> int:
        return common.check_target(self, target)

    def sides(self, seats: int) -> int:
        return common.sides(self, seats)

    def side_of(self, seat: int) -> int:
        return common.side_of(self, seat)


_SEVEN = (0, 0, 7, 7, 7, 7, 7)

VARIANTS: dict[str, Ruleset] = {
    r.id: r
    for r in (
        Ruleset(
            id="draw",
            min_seats=2,
            max_seats=4,
            hand_sizes=_SEVEN,
            no_fit=DRAW_UNTIL_FITS,
            opening=FORCED_FIRST_ROUND,
            targets=(50, 100),
            default_target=100,
            scoring="draw_block",
            redeal_doubles=5,
            closed_rounds=True,
        ),
        Ruleset(
            id="block",
            min_seats=2,
            max_seats=4,
            hand_sizes=_SEVEN,
            no_fit=PASS,
            opening=FORCED_FIRST_ROUND,
            targets=(50, 100),
            default_target=100,
            scoring="draw_block",
            redeal_doubles=5,
            closed_rounds=True,
        ),
        Ruleset(
            id="partners",
            min_seats=4,
            max_seats=4,
            hand_sizes=_SEVEN,
            no_fit=PASS,
            opening=SIX_SIX_FIRST_ROUND,
            targets=tuple(range(50, 501, 50)),
            default_target=100,
            scoring="partners",
            teams=True,
        ),
        Ruleset(
            id="family",
            min_seats=2,
            max_seats=6,
            hand_sizes=(0, 0, 7, 6, 6, 4, 4),
            no_fit=DRAW_ONE,
            opening=FORCED_EVERY_ROUND,
            targets=(100, 200),
            default_target=100,
            scoring="family",
            wild_blanks=True,
            low_score_wins=True,
        ),
        Ruleset(
            id="classic",
            min_seats=2,
            max_seats=2,
            hand_sizes=_SEVEN,
            no_fit=DRAW_UNTIL_FITS,
            opening=DOUBLE_EVERY_ROUND,
            targets=(50, 100, 150),
            default_target=50,
            scoring="classic",
        ),
        Ruleset(
            id="all_fives",
            min_seats=2,
            max_seats=2,
            hand_sizes=_SEVEN,
            no_fit=DRAW_UNTIL_FITS,
            opening=DOUBLE_EVERY_ROUND,
            targets=(100, 150, 200, 250),
            default_target=150,
            scoring="all_fives",
            spinner=True,
            play_points="fives",
        ),
        Ruleset(
            id="fives_threes",
            min_seats=2,
            max_seats=2,
            hand_sizes=_SEVEN,
            no_fit=DRAW_UNTIL_FITS,
            opening=DOUBLE_EVERY_ROUND,
            targets=(61,),
            default_target=61,
            scoring="fives_threes",
            exact_target=True,
            play_points="fives_threes",
        ),
        Ruleset(  # R76: the family game on the double-twelve set
            id="chinois",
            min_seats=2,
            max_seats=8,
            hand_sizes=(0, 0, 12, 12, 12, 10, 10, 8, 8),
            no_fit=DRAW_ONE,
            opening=FORCED_EVERY_ROUND,
            targets=(100, 200, 300),
            default_target=200,
            scoring="family",
            wild_blanks=True,
            low_score_wins=True,
            top=12,
        ),
    )
}

DAILY_ROUNDS = 5
"""A match with no target is the daily challenge: five rounds (R61)."""


def get_ruleset(variant: object) -> Ruleset:
    return common.lookup(VARIANTS, variant)
