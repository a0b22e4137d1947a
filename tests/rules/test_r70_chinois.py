"""Domino chinois (docs/rules.md §8): the double-twelve set (R70) and the `chinois` game (R76),
the `family` game (R10 forced every round, R21 draw one, R22 wild blanks, R32 lowest total
wins) played with it.

Positions are full, legal 91-tile deals: the hands a test cares about, then the stock in a
chosen order, the tiles nobody named coming last in canonical order."""

from __future__ import annotations

import pytest

from games.rules import (
    OVER,
    PLAYING,
    ROUND_OVER,
    VARIANTS,
    Action,
    RuleError,
    apply,
    deal,
    deal_round,
    legal_actions,
    new_match,
    parse_action,
    parse_tile,
    replay,
    start_round,
    view,
    written_deal,
)
from games.rules.tiles import DOUBLE_TWELVE, pips

CHINOIS = VARIANTS["chinois"]


def t(text: str) -> tuple[int, int]:
    return parse_tile(text, 12)


def ts(text: str) -> tuple[tuple[int, int], ...]:
    return tuple(t(w) for w in text.split())


def start(hands: list[str], stock: str = "", match=None, target="default"):
    """Deal ``hands`` and the stock (``stock`` first, then every other tile in canonical order)."""
    if match is None:
        match = new_match("chinois", len(hands), target)
    dealt = [ts(h) for h in hands]
    first = ts(stock)
    named = {x for h in dealt for x in h} | set(first)
    rest = tuple(x for x in DOUBLE_TWELVE if x not in named)
    return start_round(match, dealt, first + rest)


def play(match, seat: int, tile: str, end: str | None = None, open: int | None = None):
    return apply(match, Action("play", seat, t(tile), end, open))


def ends(match) -> dict[str, int]:
    return dict(match.round.line.ends)


# --- R70 The double-twelve set --------------------------------------------------------------------


def test_r70_the_double_twelve_set_has_91_tiles_thirteen_doubles_and_pips_as_r1():
    """R70: "Double-twelve: 91 tiles, each pair of numbers 0..12 once, written a-b with a <= b
    (0-0 … 12-12). Pips as R1 (12-12 is 24). Thirteen doubles." """
    assert len(DOUBLE_TWELVE) == len(set(DOUBLE_TWELVE)) == 91 == CHINOIS.tiles
    assert all(a <= b <= 12 for a, b in DOUBLE_TWELVE)
    assert sum(1 for a, b in DOUBLE_TWELVE if a == b) == 13
    assert pips(t("12-12")) == 24
    # Each number is on thirteen tiles (its double among them: fourteen halves).
    for n in range(13):
        assert sum(1 for tile in DOUBLE_TWELVE if n in tile) == 13
        assert sum(tile.count(n) for tile in DOUBLE_TWELVE) == 14


def test_r70_tiles_above_six_are_read_in_chinois_only():
    """R70, R1: a chinois action may name 7-12 and 12-12 (either order); a double-six game
    refuses them, and no game takes 13."""
    assert parse_action("chinois", {"seat": 0, "play": "12-7"}).tile == (7, 12)
    with pytest.raises(RuleError) as err:
        parse_action("draw", {"seat": 0, "play": "7-12"})
    assert err.value.code == "bad_tile"
    with pytest.raises(RuleError) as err:
        parse_action("chinois", {"seat": 0, "play": "13-13"})
    assert err.value.code == "bad_tile"
    with pytest.raises(RuleError) as err:
        parse_action("chinois", {"seat": 0, "play": "3-12", "end": "left", "open": 13})
    assert err.value.code == "bad_open"


def test_r70_r12_a_seed_deals_every_tile_of_the_set_once():
    """R70, R12: a chinois deal is the 91 tiles, each once, the same for the same seed."""
    for seats in range(2, 9):
        dealt = deal("r70", CHINOIS, seats)
        every = [x for h in dealt.hands for x in h] + list(dealt.stock)
        assert sorted(every) == sorted(DOUBLE_TWELVE)
        assert deal("r70", CHINOIS, seats) == dealt
        assert dealt.attempt == 0  # chinois never deals again


# --- R76 Seats, hands, targets --------------------------------------------------------------------


@pytest.mark.parametrize("seats,size", [(2, 12), (3, 12), (4, 12), (5, 10), (6, 10), (7, 8), (8, 8)])
def test_r76_hands_are_12_at_two_to_four_seats_10_at_five_or_six_8_at_seven_or_eight(seats, size):
    """R76: "Hands: 12 tiles (2–4 seats), 10 (5–6) or 8 (7–8); the rest is the stock." """
    hands, stock = written_deal("chinois", seats, f"r76/{seats}")
    assert [len(h) for h in hands] == [size] * seats
    assert len(stock) == 91 - seats * size
    match, events = deal_round(new_match("chinois", seats), f"r76/{seats}")
    assert events[0]["hand_sizes"] == [size] * seats
    assert events[0]["stock_size"] == 91 - seats * size


def test_r76_two_to_eight_seats_and_targets_100_200_300():
    """R76: "2–8 seats" ... "Targets 100, 200 (default) or 300." """
    assert (CHINOIS.min_seats, CHINOIS.max_seats) == (2, 8)
    assert CHINOIS.targets == (100, 200, 300) and CHINOIS.default_target == 200
    assert new_match("chinois", 8).target == 200
    for bad in (1, 9):
        with pytest.raises(RuleError) as err:
            new_match("chinois", bad)
        assert err.value.code == "bad_seats"
    with pytest.raises(RuleError) as err:
        new_match("chinois", 3, 150)
    assert err.value.code == "bad_target"


# --- R76 with R10: the forced opening, every round ------------------------------------------------

TWO = [
    "12-12 0-3 1-5 2-9 3-11 4-7 5-10 6-8 7-12 8-11 9-10 10-12",
    "11-11 0-12 1-2 2-4 3-3 4-11 5-5 6-9 7-8 8-8 9-12 11-12",
]


def test_r76_r10_the_highest_double_of_the_set_opens_automatically():
    """R76 (R10 forced every round): "the seat holding the highest double lays it automatically"
    — on the double-twelve set, 12-12."""
    match, events = start(TWO)
    assert [e["type"] for e in events[:2]] == ["round_started", "play"]
    assert events[1] == {**events[1], "seat": 0, "tile": "12-12", "forced": True}
    assert match.round.turn == 1


def test_r76_r10_the_opening_is_forced_in_later_rounds_too():
    """R76: R10 "every round for family": round 2 is opened by the highest double held, 11-11
    here (12-12 lies in the stock), by the seat that holds it, whoever opened round 1."""
    match, _ = start(TWO)
    while match.status == PLAYING:
        match, _ = apply(match, legal_actions(match)[0])
    assert match.status == ROUND_OVER
    second = [
        "0-1 0-3 1-5 2-9 3-11 4-7 5-10 6-8 7-12 8-11 9-10 10-12",
        "11-11 0-12 1-2 2-4 3-3 4-11 5-5 6-9 7-8 8-8 9-12 11-12",
    ]
    match, events = start(second, stock="12-12", match=match)
    assert match.round.number == 2
    assert events[1]["tile"] == "11-11" and events[1]["seat"] == 1 and events[1]["forced"]
    assert match.round.turn == 0


def test_r76_r10_with_no_double_the_heaviest_tile_opens():
    """R76 (R10): "if no hand holds a double, the seat holding the heaviest tile lays it" —
    11-12 (23 pips), the heaviest there is without 12-12."""
    hands = [
        "0-1 0-2 0-3 0-4 0-5 0-6 0-7 0-8 0-9 0-10 0-11 0-12",
        "1-2 1-3 1-4 1-5 1-6 1-7 1-8 1-9 1-10 1-11 1-12 11-12",
    ]
    match, events = start(hands)
    assert events[1]["tile"] == "11-12" and events[1]["seat"] == 1


# --- R76 with R22: wild blanks on the double-twelve set --------------------------------------------


def test_r76_r22_a_blank_end_accepts_any_tile_of_the_double_twelve_set():
    """R76 (R22 wild blanks): "an open end showing a blank accepts any tile"; a blank half matches
    any number, 12 included."""
    match, _ = start(TWO)  # 12-12 lies alone; seat 1 to play
    legal = {(a.tile, a.open) for a in legal_actions(match) if a.end == "left"}
    # 0-12 attaches by its 12 (leaving 0) or by its blank (leaving 12): the player chooses.
    assert (t("0-12"), 0) in legal and (t("0-12"), 12) in legal
    assert (t("9-12"), 9) in legal and (t("11-12"), 11) in legal
    match, _ = play(match, 1, "0-12", "left", 0)
    assert ends(match) == {"left": 0, "right": 12}
    # Seat 0 may lay any tile on the blank end, 5-10 included (neither half shows 0).
    assert t("5-10") in {a.tile for a in legal_actions(match) if a.end == "left"}
    match, _ = play(match, 0, "5-10", "left", 10)
    assert ends(match) == {"left": 10, "right": 12}


def test_r76_r22_open_is_required_when_either_half_could_attach():
    """R22: "When a tile could attach by either half, the player chooses which number stays open." """
    match, _ = start(TWO)
    with pytest.raises(RuleError) as err:
        play(match, 1, "0-12", "left")
    assert err.value.code == "open_required"


# --- R76 with R21: draw one ------------------------------------------------------------------------


def test_r76_r21_a_seat_with_no_fit_draws_one_tile_and_passes_if_it_does_not_fit():
    """R76 (R21 draw one): a seat with no tile that fits draws one tile; if it does not fit,
    it passes."""
    hands = [
        "12-12 1-1 1-2 1-3 1-4 1-5 1-6 1-7 1-8 1-9 1-10 1-11",
        "2-2 2-3 2-4 2-5 2-6 2-7 2-8 2-9 2-10 2-11 3-3 3-4",
    ]
    match, events = start(hands, stock="4-5 5-12")
    # Seat 1 holds no 12 and no blank: it draws 4-5, which does not fit, and passes.
    kinds = [(e["type"], e.get("seat")) for e in events[2:4]]
    assert kinds == [("draw", 1), ("pass", 1)]
    assert match.round.turn == 0 and match.status == PLAYING


# --- R76 with R32: scoring, lowest total wins -------------------------------------------------------


def test_r76_r32_domino_the_winner_scores_0_every_other_seat_its_own_pips_and_lowest_total_wins():
    """R76 (R32): "Domino: the winner scores 0 and every other seat scores the pips left in its
    own hand" ... "the seat with the lowest total wins"."""
    hands = [
        "12-12 1-12 0-0 2-2 3-3 4-4 5-5 6-6 7-7 8-8 9-9 10-10",
        "11-12 1-1 1-2 1-3 1-4 1-5 1-6 1-7 1-8 1-9 1-10 1-11",
    ]
    match, _ = start(hands, target=100)
    match = match._replace(scores=(95, 40))
    while match.status == PLAYING:  # the first legal play each time: seat 1 goes out first
        match, _ = apply(match, legal_actions(match)[0])
    over = match.round
    assert (over.result, over.winner) == ("domino", 1)
    left = sum(map(pips, over.hands[0]))
    assert over.points == (left, 0) and over.hands[1] == ()
    assert match.scores == (95 + left, 40)
    assert match.status == OVER  # seat 0 reached the target of 100 ...
    assert match.winner == 1  # ... and the lowest total wins


def test_r76_a_chinois_record_replays_to_the_live_results():
    """R76, docs/record.md: a whole chinois match's record replays to its results."""
    from games.rules.__main__ import play_match

    record = play_match("chinois", 4, "r76 record", robots=True)
    result = replay(record)
    assert result["winner"] is not None
    assert max(result["scores"]) >= 200
    assert all(len({x for h in r["hands"] for x in h} | set(r["stock"])) == 91 for r in record["rounds"])


def test_r76_r6_a_seats_view_shows_the_panel_over_thirteen_numbers():
    """R6, R70: the public-information panel counts each number 0-12 of the set."""
    match, _ = start(TWO)
    panel = view(match, 1)["round"]["public"]
    assert [entry["number"] for entry in panel] == list(range(13))
    twelve = panel[12]
    assert twelve["on_line"] == 1 and twelve["in_hand"] == 3  # 12-12 laid; 0-12, 9-12, 11-12 held
    assert twelve["unseen"] == 13 - 1 - 3
