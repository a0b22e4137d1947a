"""R52: what the table plays for a seat whose clock ran out."""

import random

import pytest

from games.rules import PLAYING, RuleError, apply, deal_round, new_match, table_play
from games.rules.line import END_NAMES
from games.rules.variants import VARIANTS  # the line family's (its tests)


def expected_table_play(match):
    """R52 worked out from the rule's text, independently of the engine's legal plays."""
    rnd = match.round
    wild = VARIANTS[match.variant].wild_blanks
    hand = rnd.hands[rnd.turn]  # the order in which the hand is shown
    if rnd.line is None:
        return hand[0], None, None
    ends = dict(rnd.line.ends)
    for a, b in hand:
        for end in END_NAMES:
            if end not in ends:
                continue
            n = ends[end]
            # attached by its first-written half (a) when it can, else by b
            if a == n or (wild and (a == 0 or n == 0)):
                return (a, b), end, b
            if b == n or (wild and b == 0):
                return (a, b), end, a
    raise AssertionError("a seat to act always holds a tile that fits")


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_r52_the_table_plays_the_first_tile_that_fits_on_the_first_end(variant):
    """R52: "the table plays for the player: the first tile of its hand (in the order the
    hand is shown) that fits, on the first end it fits (left, right, up, down), attached by
    its first-written half when either half could attach (R22), or the forced action.\""""
    rules = VARIANTS[variant]
    rng = random.Random(variant)
    checked = 0
    for g in range(30):
        seats = rng.randint(rules.min_seats, rules.max_seats)
        match, _ = deal_round(new_match(variant, seats), f"r52/{g}")
        while match.status == PLAYING:
            play = table_play(match)
            assert (play.seat, (play.tile, play.end, play.open)) == (
                match.round.turn,
                expected_table_play(match),
            )
            checked += 1
            # the table's play is legal, and the game goes on from it
            match, _ = apply(match, play if rng.random() < 0.5 else rng.choice(match.round.legal))
    assert checked > 300


def test_r52_nothing_to_play_when_no_round_is_in_play():
    with pytest.raises(RuleError) as error:
        table_play(new_match("draw", 2))
    assert error.value.code == "no_round"
