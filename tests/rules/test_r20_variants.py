"""docs/rules.md §3, the variants: R20-R23."""

from __future__ import annotations

import pytest

from games.rules import PLAYING, ROUND_OVER, Action, RuleError, apply, legal_actions
from tests.rules.helpers import (
    CLOSE_HANDS,
    CLOSE_SCRIPT,
    DRAW_HANDS,
    DRAW_STOCK,
    actions,
    ends,
    make_deal,
    of_type,
    play,
    run,
    start,
    t,
    ts,
)

# --- R20 Draw until it fits --------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["draw", "classic", "all_fives", "fives_threes"])
def test_r20_draws_until_a_tile_fits_and_keeps_the_tiles_drawn_before(variant):
    """R20: "A seat with no tile that fits draws from the stock, one tile at a time, until it draws one
    that fits, and plays that tile at once (choosing the end if it fits both). Tiles drawn before it
    stay in the hand." """
    _, stock = make_deal(DRAW_HANDS, DRAW_STOCK)
    m, events = start(variant, DRAW_HANDS, DRAW_STOCK)
    assert actions(events)[1:] == [
        ("draw", 1, "3-4"),
        ("draw", 1, "4-5"),
        ("draw", 1, "0-5"),
        ("draw", 1, "5-6"),
    ]
    assert m.round.stock == stock[4:]
    assert m.round.draws == (0, 4)
    assert set(ts("3-4 4-5 0-5 5-6")) <= set(m.round.hands[1])
    assert len(m.round.hands[1]) == 11
    # The tile it drew last is its play, and its only one: on either end, its choice.
    assert m.status == PLAYING and m.round.turn == 1
    assert {(a.tile, a.end) for a in legal_actions(m)} == {(t("5-6"), "left"), (t("5-6"), "right")}
    with pytest.raises(RuleError) as err:
        play(m, 1, "5-6")
    assert err.value.code == "end_required"
    with pytest.raises(RuleError) as err:
        play(m, 1, "4-5", "left")
    assert err.value.code == "does_not_fit"
    m, events = play(m, 1, "5-6", "right")
    assert ends(m) == {"left": 6, "right": 5}
    assert set(ts("3-4 4-5 0-5")) <= set(m.round.hands[1]) and t("5-6") not in m.round.hands[1]
    assert len(m.round.hands[1]) == 10


def test_r20_with_an_empty_stock_the_seat_passes():
    """R20: "If the stock is empty, the seat passes." (draw with four seats: no stock)"""
    hands = [
        "6-6 0-0 0-1 0-2 0-3 0-4 0-5",
        "1-1 1-2 1-3 1-4 1-5 2-2 2-3",
        "0-6 1-6 2-4 2-5 3-3 3-4 3-5",
        "2-6 3-6 4-4 4-5 4-6 5-5 5-6",
    ]
    m, events = start("draw", hands)
    assert m.round.stock == ()
    assert actions(events) == [("play", 0, "6-6"), ("pass", 1, None)]
    assert of_type(events, "pass")[0]["ends"] == [6]
    assert m.round.turn == 2 and m.status == PLAYING


def test_r20_a_seat_that_empties_the_stock_without_a_fit_passes():
    """R20: "A seat with no tile that fits draws from the stock, one tile at a time, until it draws one
    that fits" ... "If the stock is empty, the seat passes." """
    # Three seats: seat 1 holds no six, nor does the stock (7 tiles); seat 2 holds sixes.
    hands = ["6-6 0-6 1-6 0-0 0-1 0-2 0-3", "2-2 2-3 2-4 2-5 3-3 3-4 3-5", "2-6 3-6 4-6 5-6 1-1 1-2 1-3"]
    m, events = start("draw", hands)
    assert actions(events) == [("play", 0, "6-6")] + [
        ("draw", 1, x) for x in "0-4 0-5 1-4 1-5 4-4 4-5 5-5".split()
    ] + [("pass", 1, None)]
    assert len(m.round.hands[1]) == 14 and m.round.stock == ()
    assert m.round.turn == 2 and m.status == PLAYING


# --- R21 Draw one (family) -----------------------------------------------------------------------------

FAMILY2 = ["6-6 0-0 0-1 0-2 0-3 0-4 0-5", "1-1 1-2 1-3 1-4 1-5 2-2 2-3"]


def test_r21_draws_one_tile_and_plays_it_if_it_fits():
    """R21: "A seat with no tile that fits draws one tile; if it fits, the seat plays it at once" """
    m, events = start("family", FAMILY2, "5-6")
    assert actions(events) == [("play", 0, "6-6"), ("draw", 1, "5-6")]
    assert m.status == PLAYING and m.round.turn == 1
    assert {a.tile for a in legal_actions(m)} == {t("5-6")}
    m, events = play(m, 1, "5-6", "left")
    assert events[0]["forced"] is False
    assert ends(m) == {"left": 5, "right": 6}


def test_r21_draws_one_tile_and_passes_if_it_does_not_fit():
    """R21: "A seat with no tile that fits draws one tile; if it fits, the seat plays it at once;
    otherwise it passes." """
    m, events = start("family", FAMILY2, "4-5 5-6")
    assert actions(events) == [("play", 0, "6-6"), ("draw", 1, "4-5"), ("pass", 1, None)]
    assert t("4-5") in m.round.hands[1] and len(m.round.hands[1]) == 8
    assert m.round.stock[0] == t("5-6") and len(m.round.stock) == 13  # one tile only
    assert m.round.turn == 0


def test_r21_with_an_empty_stock_the_seat_passes():
    """R21: "If the stock is empty, the seat passes." """
    # Six seats, four tiles each: the stock is the four blanks 0-5, 0-4, 0-3, 0-2 (blanks are wild, R22).
    hands = [
        "6-6 0-0 0-1 0-6",
        "2-2 3-4 3-5 4-4",
        "1-1 1-2 1-4 2-4",
        "3-6 3-3 2-3 1-3",
        "1-6 2-6 2-5 1-5",
        "4-6 5-6 4-5 5-5",
    ]
    m, events = start("family", hands, "0-5 0-4 0-3 0-2")
    assert actions(events) == [("play", 0, "6-6"), ("draw", 1, "0-5")]
    m, events = run(m, [(1, "0-5", "left"), (2, "0-4", "right"), (3, "0-3", "left")])
    assert actions(events) == [
        ("play", 1, "0-5"),
        ("draw", 2, "0-4"),
        ("play", 2, "0-4"),
        ("draw", 3, "0-3"),
        ("play", 3, "0-3"),
        ("draw", 4, "0-2"),
    ]
    m, events = play(m, 4, "0-2", "right")
    assert ends(m) == {"left": 3, "right": 2}
    assert m.round.stock == ()
    assert actions(events) == [("play", 4, "0-2"), ("pass", 5, None)]  # no draw: the stock is empty
    assert m.round.draws == (0, 1, 1, 1, 1, 0)
    assert m.round.turn == 0 and m.status == PLAYING


# --- R22 Wild blanks (family) --------------------------------------------------------------------------

WILD = ["6-6 3-5 1-1 1-2 1-3 2-2 2-3", "0-6 0-4 4-4 4-5 5-5 1-4 2-4"]


def test_r22_when_either_half_could_attach_the_player_chooses_which_stays_open():
    """R22: "When a tile could attach by either half, the player chooses which number stays open." """
    m, _ = start("family", WILD)
    assert m.round.turn == 1
    legal = {(a.tile, a.end, a.open) for a in legal_actions(m)}
    assert legal == {
        (t("0-6"), "left", 0),
        (t("0-6"), "left", 6),
        (t("0-6"), "right", 0),
        (t("0-6"), "right", 6),
        (t("0-4"), "left", 4),
        (t("0-4"), "right", 4),
    }
    with pytest.raises(RuleError) as err:
        play(m, 1, "0-6", "left")
    assert err.value.code == "open_required"
    with pytest.raises(RuleError) as err:
        play(m, 1, "0-6", None, 0)
    assert err.value.code == "end_required"
    with pytest.raises(RuleError) as err:
        play(m, 1, "0-4", "left", 0)
    assert err.value.code == "bad_open"
    by_six, _ = play(m, 1, "0-6", "left", 0)
    assert ends(by_six) == {"left": 0, "right": 6}
    by_blank, _ = play(m, 1, "0-6", "left", 6)
    assert ends(by_blank) == {"left": 6, "right": 6}


def test_r22_a_tile_attached_by_its_blank_leaves_its_other_half_open():
    """R22: "A blank half (0) matches any number" ... "A tile attached by its blank half leaves its other
    half open; a tile attached by its numbered half leaves its blank open." """
    m, _ = start("family", WILD)
    after, _ = play(m, 1, "0-4", "right")  # 4 does not show 6: the blank attaches
    assert ends(after) == {"left": 6, "right": 4}
    after, _ = play(m, 1, "0-6", "right", 0)  # attached by its 6
    assert ends(after) == {"left": 6, "right": 0}


def test_r22_an_open_end_showing_a_blank_accepts_any_tile():
    """R22: "an open end showing a blank accepts any tile." """
    m, _ = start("family", WILD)
    m, _ = play(m, 1, "0-6", "left", 0)
    assert ends(m) == {"left": 0, "right": 6}
    legal = legal_actions(m)
    assert {a.tile for a in legal} == set(m.round.hands[0])  # every tile of seat 0, none with a six
    assert {a.end for a in legal} == {"left"}
    assert {a.open for a in legal if a.tile == t("3-5")} == {3, 5}
    with pytest.raises(RuleError) as err:
        play(m, 0, "3-5", "left")
    assert err.value.code == "open_required"
    m, _ = play(m, 0, "3-5", "left", 3)
    assert ends(m) == {"left": 3, "right": 6}


def test_r22_blanks_are_wild_in_family_only():
    """R22 **Wild blanks** (`family` only): "A blank half (0) matches any number, and an open end showing
    a blank accepts any tile." """
    m, _ = start("draw", WILD)
    assert {(a.tile, a.end, a.open) for a in legal_actions(m)} == {
        (t("0-6"), "left", 0),
        (t("0-6"), "right", 0),
    }
    with pytest.raises(RuleError) as err:
        play(m, 1, "0-4", "left")
    assert err.value.code == "does_not_fit"


# --- R23 Closed round (draw, block) --------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r23_closed_round_ends_at_once_even_with_a_stock(variant):
    """R23: "When both ends show the same number and all seven tiles of that number are on the line, the
    round ends at once, even if the stock is not empty, and is scored as blocked; its result is named
    `closed`." """
    m, _ = start(variant, CLOSE_HANDS)
    m, _ = run(m, CLOSE_SCRIPT[:-1])
    assert ends(m) == {"left": 0, "right": 0}  # both blank, but only six blanks out: play goes on
    assert m.status == PLAYING
    m, events = run(m, CLOSE_SCRIPT[-1:])
    assert [e["type"] for e in events] == ["play", "round_over"]
    assert len(m.round.stock) == 14
    assert m.round.result == "closed" and events[-1]["result"] == "closed"
    assert m.status == ROUND_OVER
    # Scored as blocked (R30): the lighter hand (1-1 against 5-5) scores the other's pips.
    assert m.round.winner == 0
    assert m.scores == (10, 0)


def test_r23_closed_rounds_are_for_draw_and_block_only():
    """R23 **Closed round** (`draw`, `block`): "When both ends show the same number and all seven tiles of
    that number are on the line, the round ends at once, even if the stock is not empty" """
    m, _ = start("classic", CLOSE_HANDS, target=150)
    m, events = run(m, CLOSE_SCRIPT[:-1])
    m, events = apply(m, Action("play", 1, t("0-0"), "left"))
    assert actions(events)[:2] == [("play", 1, "0-0"), ("draw", 0, events[1]["tile"])]  # play goes on
    assert m.round.result == "blocked"  # only once the stock is drawn (R8)
