"""docs/rules.md §2, dealing and opening: R10-R12."""

from __future__ import annotations

import hashlib
from functools import cache

import pytest

from games.rules import (
    ALL_TILES,
    PLAYING,
    ROUND_OVER,
    RuleError,
    commitment,
    deal,
    deal_round,
    get_ruleset,
    legal_actions,
    new_match,
    round_seed,
    start_round,
)
from tests.rules.helpers import actions, finish_round, make_deal, play, start, t, ts

TWO_SEAT_VARIANTS = ["draw", "block", "family", "classic", "all_fives", "fives_threes"]

# Two seats: the highest double dealt is 5-5 (seat 1); 6-6 is in the stock. Seat 0 holds 0-5.
HIGH55 = ["0-1 0-2 0-3 1-2 1-3 2-3 0-5", "5-5 4-4 3-3 1-4 2-4 3-4 0-4"]
# Three seats: the highest double dealt is 5-5 (seat 1); seat 2 holds fives; the sixes are left.
HIGH55_3 = ["0-1 0-2 0-3 1-2 1-3 2-3 0-5", "5-5 4-4 3-3 1-4 2-4 3-4 0-4", "4-5 3-5 2-5 1-5 0-0 1-1 2-2"]
# Two seats, no double dealt: the heaviest tile is 5-6 (seat 1).
NO_DOUBLE = ["4-6 3-6 0-1 0-2 0-3 1-2 1-3", "5-6 4-5 3-5 2-6 1-4 2-3 0-4"]
# Two seats, no double and nothing over 9 pips dealt: 4-5 (seat 0) and 3-6 (seat 1).
NINE_PIPS = ["4-5 0-1 0-2 0-3 1-2 1-3 2-3", "3-6 2-6 1-6 0-6 2-5 1-5 0-5"]


def _forced_opening(events):
    plays = [e for e in events if e["type"] == "play"]
    assert plays and plays[0]["forced"] is True
    return plays[0]["seat"], plays[0]["tile"]


# --- R10 Opening -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", TWO_SEAT_VARIANTS)
def test_r10_first_round_highest_double_is_laid_automatically(variant):
    """R10: "`draw`, `block`, `family`: in the first round (every round for `family`) the seat holding
    the highest double lays it automatically" ... "`classic`, `all_fives`, `fives_threes`: every round,
    the seat holding the highest double lays it automatically" """
    m, events = start(variant, HIGH55)
    assert t("6-6") in m.round.stock  # the highest double of the set was not dealt
    assert _forced_opening(events) == (1, "5-5")
    assert m.round.opener == 1
    assert m.round.line.center == (5, 5)
    # R10: "After the opening tile, play passes to the seat after the opener."
    assert m.round.turn == 0


@pytest.mark.parametrize("variant", ["draw", "block", "family"])
def test_r10_three_seats_highest_double_then_next_seat(variant):
    """R10: "in the first round (every round for `family`) the seat holding the highest double lays it
    automatically" ... "After the opening tile, play passes to the seat after the opener." """
    hands = HIGH55_3 if variant != "family" else [h.rsplit(" ", 1)[0] for h in HIGH55_3]  # 6 tiles each
    m, events = start(variant, hands)
    assert _forced_opening(events) == (1, "5-5")
    assert m.round.turn == 2
    assert m.status == PLAYING


@pytest.mark.parametrize("variant", ["draw", "block", "family"])
def test_r10_no_double_dealt_the_heaviest_tile_is_laid(variant):
    """R10: "if no hand holds a double, the seat holding the heaviest tile lays it automatically." """
    m, events = start(variant, NO_DOUBLE)
    assert _forced_opening(events) == (1, "5-6")
    assert m.round.turn == 0


@pytest.mark.parametrize("variant", ["draw", "block", "family"])
def test_r10_heaviest_between_equal_pips_is_the_higher_number_6_3_before_5_4(variant):
    """R10: "Heaviest = most pips; between equal pips, the tile with the higher number on it (6-3
    before 5-4)." """
    m, events = start(variant, NINE_PIPS)
    assert _forced_opening(events) == (1, "3-6")
    assert m.round.turn == 0
    # The same with the seats swapped: it is the tile that decides, not the seat.
    m, events = start(variant, NINE_PIPS[::-1])
    assert _forced_opening(events) == (0, "3-6")
    assert m.round.turn == 1


@pytest.mark.parametrize("variant", ["classic", "all_fives", "fives_threes"])
def test_r10_two_player_variants_deal_again_when_no_hand_holds_a_double(variant):
    """R10: "`classic`, `all_fives`, `fives_threes`: every round, the seat holding the highest double
    lays it automatically; if no hand holds a double, the tiles are reshuffled and dealt again." """
    hands, stock = make_deal(NO_DOUBLE)
    with pytest.raises(RuleError) as err:
        start_round(new_match(variant, 2), hands, stock)
    assert err.value.code == "bad_deal"
    # deal() deals again: find a seed whose first attempt gives no double.
    seed = _seed_redealt(variant, 2)
    first = _my_attempt(seed, 0, 2, 7)
    assert not any(a == b for hand in first[0] for a, b in hand)
    dealt = deal(seed, get_ruleset(variant), 2)
    assert dealt.attempt >= 1
    assert any(a == b for hand in dealt.hands for a, b in hand)


@pytest.mark.parametrize("variant", ["family", "classic", "all_fives", "fives_threes"])
def test_r10_every_round_the_highest_double_is_forced(variant):
    """R10: "in the first round (every round for `family`) the seat holding the highest double lays it
    automatically" ... "`classic`, `all_fives`, `fives_threes`: every round, the seat holding the highest
    double lays it automatically" """
    m, events = start(variant, HIGH55, target=max(get_ruleset(variant).targets))
    assert _forced_opening(events) == (1, "5-5")
    m, _ = finish_round(m)
    assert m.status == ROUND_OVER
    # Round 2: seat 1 holds the highest double again; the seat after the last opener (0) does not open.
    m, events = start(variant, ["0-1 0-2 0-3 1-2 1-3 2-3 0-6", "6-6 5-5 4-4 1-4 2-4 3-4 0-4"], match=m)
    assert m.round.number == 2
    assert _forced_opening(events) == (1, "6-6")
    assert m.round.opener == 1 and m.round.turn == 0


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r10_later_rounds_of_draw_and_block_rotate_and_the_opener_chooses(variant):
    """R10: "In later rounds of `draw` and `block` the opener is the seat after the previous round's
    opener, and it lays any tile it chooses." """
    m, events = start(variant, HIGH55_3)
    assert m.round.opener == 1
    m, _ = finish_round(m)
    assert m.status == ROUND_OVER
    # Round 2: seat 0 holds 6-6 and the most doubles, but seat 2 (after 1) opens, with any tile.
    hands = ["6-6 0-6 1-6 2-6 0-0 1-1 2-2", "3-3 3-4 3-5 3-6 4-4 4-5 4-6", "0-1 0-2 0-3 0-4 0-5 1-2 1-3"]
    m, events = start(variant, hands, match=m)
    assert actions(events) == []  # nothing laid by the table
    assert m.round.opener == 2 and m.round.turn == 2
    legal = legal_actions(m)
    assert sorted((a.tile, a.end) for a in legal) == sorted((x, None) for x in ts(hands[2]))
    m, events = play(m, 2, "0-1")
    assert m.round.line.center == (0, 1)
    assert m.round.turn == 0  # R10: "After the opening tile, play passes to the seat after the opener."
    m, _ = finish_round(m)
    assert m.status == ROUND_OVER
    m, events = deal_round(m, "r10-third")
    assert m.round.opener == 0  # the seat after seat 2


PARTNERS = [
    "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
    "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
    "2-3 2-4 2-5 2-6 3-3 3-4 3-5",
    "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
]


def test_r10_partners_first_round_the_holder_of_6_6_opens_with_any_tile():
    """R10: "`partners`: in the first round the holder of 6-6 opens with any tile it chooses (nothing
    obliges it to lay the 6-6)" """
    m, events = start("partners", PARTNERS)
    assert actions(events) == []
    assert m.round.opener == 3 and m.round.turn == 3
    legal = legal_actions(m)
    assert sorted((a.tile, a.end) for a in legal) == sorted((x, None) for x in ts(PARTNERS[3]))
    m, events = play(m, 3, "3-6")
    assert events[0]["forced"] is False
    assert m.round.line.center == (3, 6)
    assert m.round.turn == 0  # the seat after seat 3


def test_r10_partners_later_rounds_the_seat_after_the_previous_opener_opens():
    """R10: "in each later round the opener is the seat after the previous round's opener, whatever the
    result, with any tile. The opener never passes." """
    m, _ = start("partners", PARTNERS, target=500)
    m, _ = finish_round(m)
    assert m.status == ROUND_OVER
    # Round 2: 6-6 is now dealt to seat 1, but seat 0 (after seat 3) opens.
    m, events = start("partners", [PARTNERS[0], PARTNERS[3], PARTNERS[1], PARTNERS[2]], match=m)
    assert actions(events) == []
    assert m.round.opener == 0 and m.round.turn == 0
    assert {a.tile for a in legal_actions(m)} == set(ts(PARTNERS[0]))
    m, _ = finish_round(m)
    assert m.status == ROUND_OVER
    for opener in (1, 2, 3):
        m, events = deal_round(m, f"r10-partners-{opener}")
        assert actions(events) == []
        assert m.round.opener == opener and m.round.turn == opener
        assert len(legal_actions(m)) == 7  # any of its tiles; it never passes
        m, _ = finish_round(m)
        assert m.status == ROUND_OVER


# --- R11 Redeal for doubles ------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r11_a_hand_of_five_doubles_is_dealt_again(variant):
    """R11: "`draw` and `block`: if any hand holds five or more doubles, the tiles are reshuffled and
    dealt again." """
    for hands in (
        ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"],
        ["0-3 0-4 0-5 0-6 1-2 1-3 1-4", "0-0 1-1 2-2 3-3 4-4 5-5 6-6"],
        ["0-3 0-4 0-5 0-6 1-2 1-3 1-4", "1-5 1-6 2-3 2-4 2-5 2-6 3-4", "0-0 1-1 2-2 3-3 4-4 5-5 0-1"],
    ):
        dealt, stock = make_deal(hands)
        with pytest.raises(RuleError) as err:
            start_round(new_match(variant, len(hands)), dealt, stock)
        assert err.value.code == "bad_deal"
    # Four doubles are dealt as they are.
    m, _ = start(variant, ["0-0 1-1 2-2 3-3 0-1 0-2 0-3", "6-6 0-4 0-5 0-6 1-2 1-3 1-4"])
    assert m.round.opener == 1


def test_r11_only_draw_and_block_deal_five_doubles_again():
    """R11: "`draw` and `block`: if any hand holds five or more doubles, the tiles are reshuffled and
    dealt again." (the other variants play such a hand)"""
    five = ["0-0 1-1 2-2 3-3 4-4 0-1 0-2", "0-3 0-4 0-5 0-6 1-2 1-3 1-4"]
    for variant in ("family", "classic", "all_fives", "fives_threes"):
        m, events = start(variant, five)
        assert m.round.opener == 0
    m, _ = start("partners", five + ["1-5 1-6 2-3 2-4 2-5 2-6 3-4", "3-5 3-6 4-5 4-6 5-5 5-6 6-6"])
    assert m.round.opener == 3


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r11_deal_skips_a_shuffle_with_five_doubles_in_a_hand(variant, seats):
    """R11: "`draw` and `block`: if any hand holds five or more doubles, the tiles are reshuffled and
    dealt again." """
    seed = _seed_redealt(variant, seats)
    first_hands, _ = _my_attempt(seed, 0, seats, 7)
    assert max(sum(1 for a, b in hand if a == b) for hand in first_hands) >= 5
    dealt = deal(seed, get_ruleset(variant), seats)
    assert dealt.attempt >= 1
    assert max(sum(1 for a, b in hand if a == b) for hand in dealt.hands) < 5


# --- R12 Deterministic deals -----------------------------------------------------------------------
# An independent implementation of the algorithm published in games/rules/deal.py's docstring
# (and docs/record.md), written from its text.

HAND_SIZES = {  # docs/rules.md §3, "tiles each"
    "draw": {2: 7, 3: 7, 4: 7},
    "block": {2: 7, 3: 7, 4: 7},
    "partners": {4: 7},
    "family": {2: 7, 3: 6, 4: 6, 5: 4, 6: 4},
    "classic": {2: 7},
    "all_fives": {2: 7},
    "fives_threes": {2: 7},
}


def _my_order(seed: str, attempt: int) -> list[tuple[int, int]]:
    """Steps 1-2: the first 224 bytes of SHAKE-256(f"{seed}/{k}") are 28 big-endian 8-byte keys, one per
    tile in canonical order; the tiles sorted by key (equal keys: canonical order)."""
    canonical = [(a, b) for a in range(7) for b in range(a, 7)]
    data = hashlib.shake_256(f"{seed}/{attempt}".encode()).digest(224)
    keys = [int.from_bytes(data[8 * i : 8 * i + 8], "big") for i in range(28)]
    return [canonical[i] for i in sorted(range(28), key=lambda i: (keys[i], i))]


def _my_attempt(seed: str, attempt: int, seats: int, size: int):
    """Step 3: seat s gets positions s*h .. s*h+h-1; the rest, in order, is the stock."""
    tiles = _my_order(seed, attempt)
    hands = tuple(tuple(sorted(tiles[s * size : (s + 1) * size])) for s in range(seats))
    return hands, tuple(tiles[seats * size :])


def _dealt_again(variant: str, hands) -> bool:
    """Step 4: R11 (draw, block: a hand of five doubles or more), R10 (classic & co.: no double)."""
    doubles = [sum(1 for a, b in hand if a == b) for hand in hands]
    if variant in ("draw", "block"):
        return max(doubles) >= 5
    if variant in ("classic", "all_fives", "fives_threes"):
        return sum(doubles) == 0
    return False


def _my_deal(seed: str, variant: str, seats: int):
    size = HAND_SIZES[variant][seats]
    attempt = 0
    while True:
        hands, stock = _my_attempt(seed, attempt, seats, size)
        if not _dealt_again(variant, hands):
            return hands, stock, attempt
        attempt += 1


@cache
def _seed_redealt(variant: str, seats: int) -> str:
    """A seed whose first deal attempt the rules refuse (found with the independent implementation)."""
    for i in range(20000):
        seed = f"redeal-{variant}-{seats}-{i}"
        if _dealt_again(variant, _my_attempt(seed, 0, seats, HAND_SIZES[variant][seats])[0]):
            return seed
    raise AssertionError("no seed dealt again in 20000")  # pragma: no cover


CASES = [
    ("draw", 2),
    ("draw", 3),
    ("draw", 4),
    ("block", 2),
    ("block", 4),
    ("partners", 4),
    ("family", 2),
    ("family", 3),
    ("family", 5),
    ("family", 6),
    ("classic", 2),
    ("all_fives", 2),
    ("fives_threes", 2),
]


@pytest.mark.parametrize("variant, seats", CASES)
def test_r12_deal_matches_the_published_algorithm(variant, seats):
    """R12: "How a seed becomes a deal (and how the daily challenge's five round seeds come from the
    day's seed) is published in the project's documentation, precisely enough to redo it without the
    site's code." """
    seeds = ["0", "seed", "Défi du 30 novembre", "3f9a" * 16]
    if variant in ("draw", "block", "classic", "all_fives", "fives_threes"):
        seeds.append(_seed_redealt(variant, seats))
    for seed in seeds:
        hands, stock, attempt = _my_deal(seed, variant, seats)
        dealt = deal(seed, get_ruleset(variant), seats)
        assert dealt.hands == hands
        assert dealt.stock == stock
        assert dealt.attempt == attempt
    assert dealt.attempt >= 1 or variant in ("partners", "family")  # the last seed: a redeal


def test_r12_the_published_example():
    """R12: "so anyone can deal it again and check that the deal was fair." (the worked example of
    docs/record.md: the seed `exemple`, `draw` with three seats)"""
    dealt = deal("exemple", get_ruleset("draw"), 3)
    assert dealt.attempt == 0
    assert dealt.hands == (
        ts("0-5 1-1 1-2 1-3 2-3 3-5 5-5"),
        ts("0-1 0-2 0-3 2-2 2-4 2-6 3-4"),
        ts("0-6 1-5 2-5 3-6 4-5 4-6 6-6"),
    )
    assert dealt.stock == ts("0-4 4-4 5-6 3-3 0-0 1-4 1-6")
    assert _my_deal("exemple", "draw", 3) == (dealt.hands, dealt.stock, 0)
    assert commitment("exemple") == "b77ad2edf199a4b4479347afaf387d435a12480d0dc5b8e042c4c8991587d080"


def test_r12_the_same_seed_always_gives_the_same_deal():
    """R12: "A deal is a function of a seed: the same seed (and variant and number of seats) always
    gives the same hands and stock, redeals included." """
    for variant, seats in CASES:
        rules = get_ruleset(variant)
        assert deal("same", rules, seats) == deal("same", rules, seats)
        a, events_a = deal_round(new_match(variant, seats), "same")
        b, events_b = deal_round(new_match(variant, seats), "same")
        assert a == b and events_a == events_b
    m, _ = deal_round(new_match("partners", 4), "same")  # nothing is laid before the first choice
    assert m.round.hands == deal("same", get_ruleset("partners"), 4).hands
    assert deal("same", get_ruleset("draw"), 2) != deal("other", get_ruleset("draw"), 2)
    dealt = deal("same", get_ruleset("draw"), 3)
    assert sorted([x for h in dealt.hands for x in h] + list(dealt.stock)) == list(ALL_TILES)


def test_r12_the_commitment_is_the_sha256_of_the_seed():
    """R12: "when the round starts every seat is shown its commitment (the SHA-256 of the seed), and when
    it ends the seed is shown, so anyone can deal it again and check that the deal was fair." """
    for seed in ("0", "seed", "Défi du 30 novembre"):
        assert commitment(seed) == hashlib.sha256(seed.encode("utf-8")).hexdigest()
        assert len(commitment(seed)) == 64
    assert commitment("a") != commitment("b")


def test_r12_round_seeds_come_from_the_match_seed_as_published():
    """R12: "How a seed becomes a deal (and how the daily challenge's five round seeds come from the
    day's seed) is published in the project's documentation" """
    for n in range(1, 6):
        assert round_seed("2026-11-30", n) == hashlib.sha256(f"2026-11-30/round/{n}".encode()).hexdigest()
    assert len({round_seed("2026-11-30", n) for n in range(1, 6)}) == 5
