"""docs/rules.md §1, common to all variants: R1-R9."""

from __future__ import annotations

import json

import pytest

from games.rules import (
    ALL_TILES,
    OVER,
    PLAYING,
    ROUND_OVER,
    Action,
    RuleError,
    apply,
    deal_round,
    legal_actions,
    new_match,
    parse_tile,
    pips,
    start_round,
    tile_str,
    view,
    view_events,
)
from games.rules.scoring import round_end
from games.rules.variants import get_ruleset
from tests.rules.helpers import (
    BLOCK_HANDS,
    CLOSE_HANDS,
    CLOSE_SCRIPT,
    DOMINO_CLOSE_HANDS,
    DOMINO_CLOSE_SCRIPT,
    DRAW_HANDS,
    DRAW_STOCK,
    actions,
    ends,
    finish_round,
    make_deal,
    of_type,
    pips_of,
    play,
    run,
    start,
    t,
    ts,
)

# Seat 0 opens 6-6 (forced); seat 1 holds 3-6 and 2-6, both fitting both ends.
R3_HANDS = ["6-6 3-3 0-1 0-2 1-2 1-1 0-0", "3-6 2-6 4-5 1-4 2-4 0-4 0-5"]

# block: seat 0 opens 6-6, seat 1 holds no six and passes; seat 0's only tile that fits is 5-6.
PASS_HANDS = ["6-6 5-6 0-0 0-1 0-2 1-1 1-2", "0-3 1-3 2-3 3-3 0-4 1-4 2-4"]


# --- R1 Set ------------------------------------------------------------------------------------------


def test_r1_set_is_28_tiles_7_doubles_168_pips():
    """R1: "Double-six: 28 tiles, each pair of numbers 0..6 once." ... "Seven doubles, seven tiles carry
    each number, 168 pips in all." """
    assert len(ALL_TILES) == 28
    assert len(set(ALL_TILES)) == 28
    assert {(a, b) for a in range(7) for b in range(7) if a <= b} == set(ALL_TILES)
    assert sum(1 for a, b in ALL_TILES if a == b) == 7
    for n in range(7):
        assert sum(1 for tile in ALL_TILES if n in tile) == 7
    assert sum(pips(tile) for tile in ALL_TILES) == 168


def test_r1_tile_written_smaller_first_input_in_either_order():
    """R1: "A tile is written `a-b` with `a <= b` (`0-0` … `6-6`); input may give either order.
    Its value in pips is `a + b`." """
    assert parse_tile("5-3") == parse_tile("3-5") == (3, 5)
    assert tile_str((3, 5)) == "3-5"
    assert [tile_str(x) for x in ALL_TILES][:2] == ["0-0", "0-1"]
    assert tile_str(ALL_TILES[-1]) == "6-6"
    assert pips((3, 5)) == 8
    assert pips((0, 0)) == 0
    for bad in ("7-1", "3", "3-5-1", "a-b", "", 35, None):
        with pytest.raises(RuleError) as err:
            parse_tile(bad)
        assert err.value.code == "bad_tile"


def test_r1_a_deal_is_the_28_tiles_of_the_set():
    """R1: "Double-six: 28 tiles, each pair of numbers 0..6 once." (a deal repeating or missing
    a tile is refused)"""
    hands, stock = make_deal(R3_HANDS)
    with pytest.raises(RuleError) as err:  # one tile twice
        start_round(new_match("draw", 2), hands, stock[:-1] + (hands[0][0],))
    assert err.value.code == "bad_deal"
    with pytest.raises(RuleError) as err:  # one tile missing
        start_round(new_match("draw", 2), hands, stock[:-1])
    assert err.value.code == "bad_deal"
    with pytest.raises(RuleError) as err:  # a hand of 6 tiles
        start_round(new_match("draw", 2), (hands[0][:6], hands[1]), (hands[0][6],) + stock)
    assert err.value.code == "bad_deal"


# --- R2 Seats ----------------------------------------------------------------------------------------


def test_r2_after_seat_s_comes_seat_s_plus_one_mod_n():
    """R2: "Seats are numbered 0..n-1 in play order; after seat `s` comes seat `(s + 1) % n`,
    "the next player"." """
    # draw, 3 seats: seat 2 holds 6-6 and opens; seat 0 (after 2) holds 0-6 and plays next; then
    # seat 1 holds neither 0 nor 6 and draws (2-6 is the first tile of the stock).
    hands = ["0-0 0-1 0-2 0-3 0-4 0-5 0-6", "1-1 1-2 1-3 1-4 1-5 2-2 2-3", "6-6 1-6 2-4 2-5 3-3 3-4 3-5"]
    m, events = start("draw", hands, "2-6")
    assert actions(events) == [("play", 2, "6-6")]
    assert m.round.opener == 2
    assert m.round.turn == 0
    m, events = play(m, 0, "0-6", "left")
    assert actions(events) == [("play", 0, "0-6"), ("draw", 1, "2-6")]
    assert m.round.turn == 1


def test_r2_a_side_is_a_seat_or_a_partners_team():
    """R2: "A **side** is who scores together: a seat, or in `partners` a team (side 0 = seats 0 and 2,
    side 1 = seats 1 and 3, partners sit opposite)." """
    assert new_match("draw", 3).scores == (0, 0, 0)
    assert new_match("family", 5).scores == (0,) * 5
    m = new_match("partners", 4)
    assert m.scores == (0, 0)
    m, _ = deal_round(m, "r2-sides")
    assert [view(m, s)["side"] for s in range(4)] == [0, 1, 0, 1]
    # Seat 2 goes out: side 0 scores; seat 3 goes out: side 1 scores.
    rules = get_ruleset("partners")
    hands = ((), ts("1-2"), ts("0-0 6-6"), ts("0-1"))
    hands_2_out = ((t("0-3"),), ts("1-2"), (), ts("0-1"))
    assert round_end(rules, hands_2_out, "domino", 2, 0) == (0, [4, 0])
    assert round_end(rules, hands, "domino", 0, 0) == (0, [4, 0])
    hands_3_out = (ts("0-3"), ts("1-2"), ts("0-4"), ())
    assert round_end(rules, hands_3_out, "domino", 3, 0) == (1, [0, 7])


# --- R3 The line -------------------------------------------------------------------------------------


def test_r3_opening_tile_lies_with_a_left_and_b_right():
    """R3: "The opening tile `a-b` (`a <= b`) lies with `a` at the left end and `b` at the right end." """
    # partners: the holder of 6-6 (seat 3) may open with any tile; it opens 3-6.
    hands = [
        "0-0 0-1 0-2 0-3 0-4 0-5 0-6",
        "1-1 1-2 1-3 1-4 1-5 1-6 2-2",
        "2-3 2-4 2-5 2-6 3-3 3-4 3-5",
        "3-6 4-4 4-5 4-6 5-5 5-6 6-6",
    ]
    m, _ = start("partners", hands)
    m, _ = play(m, 3, "6-3")  # input in either order
    assert m.round.line.center == (3, 6)
    assert m.round.line.ends == (("left", 3), ("right", 6))
    # draw with no double in any hand: 5-6 is laid, 5 at the left end.
    m, _ = start("draw", ["4-6 3-6 0-1 0-2 0-3 1-2 1-3", "5-6 4-5 3-5 2-6 1-4 2-3 0-4"])
    assert m.round.line.ends == (("left", 5), ("right", 6))


def test_r3_the_other_half_becomes_the_new_end():
    """R3: "A tile is played on an end when one of its halves shows the end's number; its other half
    becomes the new end." """
    m, _ = start("draw", R3_HANDS)
    m, _ = play(m, 1, "3-6", "left")
    assert ends(m) == {"left": 3, "right": 6}
    with pytest.raises(RuleError) as err:
        play(m, 0, "0-1")  # shows neither 3 nor 6
    assert err.value.code == "does_not_fit"
    with pytest.raises(RuleError) as err:
        play(m, 0, "3-3", "right")  # does not show the right end's 6
    assert err.value.code == "does_not_fit"


def test_r3_a_double_keeps_the_ends_number():
    """R3: "A double is laid crosswise (display only): the end keeps its number." """
    m, _ = start("draw", R3_HANDS)
    assert ends(m) == {"left": 6, "right": 6}  # the opening 6-6
    m, _ = play(m, 1, "3-6", "left")
    m, _ = play(m, 0, "3-3", "left")
    assert ends(m) == {"left": 3, "right": 6}


# --- R4 Must play ------------------------------------------------------------------------------------


def test_r4_passing_or_drawing_while_holding_a_tile_that_fits_is_refused():
    """R4: "A player who holds a tile that fits must play one; passing or drawing while holding one is
    illegal." """
    m, _ = start("draw", R3_HANDS)
    assert m.round.turn == 1
    assert len(m.round.stock) == 14
    legal = legal_actions(m)
    assert legal and all(a.kind == "play" for a in legal)
    assert {(a.tile, a.end) for a in legal} == {
        (t("3-6"), "left"),
        (t("3-6"), "right"),
        (t("2-6"), "left"),
        (t("2-6"), "right"),
    }
    with pytest.raises(RuleError) as err:
        apply(m, Action("pass", 1))
    assert err.value.code == "must_play"
    with pytest.raises(RuleError) as err:
        apply(m, Action("draw", 1, m.round.stock[0]))
    assert err.value.code == "cannot_draw"
    with pytest.raises(RuleError) as err:
        play(m, 1, "4-5", "left")
    assert err.value.code == "does_not_fit"
    with pytest.raises(RuleError) as err:
        play(m, 1, "5-6", "left")  # not in its hand
    assert err.value.code == "tile_not_in_hand"


def test_r4_a_tile_fitting_both_ends_needs_the_players_choice():
    """R4: "A tile that fits both ends may be played on either, and the player chooses." """
    m, _ = start("draw", R3_HANDS)
    with pytest.raises(RuleError) as err:
        play(m, 1, "3-6")
    assert err.value.code == "end_required"
    left, _ = play(m, 1, "3-6", "left")
    right, _ = play(m, 1, "3-6", "right")
    assert ends(left) == {"left": 3, "right": 6}
    assert ends(right) == {"left": 6, "right": 3}


def test_r4_only_the_seat_whose_turn_it_is_may_act():
    """R4: "Only the seat whose turn it is may act." """
    m, _ = start("draw", R3_HANDS)
    assert m.round.turn == 1
    for action in (Action("play", 0, t("3-3"), "left"), Action("pass", 0), Action("draw", 0, t("0-6"))):
        with pytest.raises(RuleError) as err:
            apply(m, action)
        assert err.value.code == "not_your_turn"
    m, _ = play(m, 1, "3-6", "left")
    with pytest.raises(RuleError) as err:
        play(m, 1, "2-6", "right")  # seat 1 again
    assert err.value.code == "not_your_turn"


# --- R5 Forced actions ---------------------------------------------------------------------------------


def test_r5_forced_opening_and_draws_are_done_by_the_table():
    """R5: "When a seat has no choice — it must draw, it must pass, or it must lay a forced opening
    tile (R10) — the table does it at once, without waiting for the player, and every seat sees it." """
    m, events = start("draw", DRAW_HANDS, DRAW_STOCK)
    assert events[0]["type"] == "round_started"
    assert events[1] == {
        "type": "play",
        "seat": 0,
        "tile": "6-6",
        "end": None,
        "open": None,
        "points": 0,
        "forced": True,
    }
    assert [(e["type"], e["seat"], e["tile"], e["forced"]) for e in events[2:]] == [
        ("draw", 1, "3-4", True),
        ("draw", 1, "4-5", True),
        ("draw", 1, "0-5", True),
        ("draw", 1, "5-6", True),
    ]
    assert m.status == PLAYING and m.round.turn == 1


def test_r5_forced_pass_is_done_by_the_table():
    """R5: "When a seat has no choice — it must draw, it must pass, or it must lay a forced opening
    tile (R10) — the table does it at once, without waiting for the player" """
    m, events = start("block", PASS_HANDS)
    assert actions(events) == [("play", 0, "6-6"), ("pass", 1, None)]
    assert of_type(events, "pass")[0]["forced"] is True
    assert of_type(events, "pass")[0]["ends"] == [6]
    assert m.round.turn == 0


def test_r5_a_play_is_the_players_own_even_when_only_one_tile_fits():
    """R5: "Any other play is the player's own, even when only one tile fits (the tile just drawn under
    R20 or R21 included)." """
    # Only 5-6 fits seat 0 after seat 1's pass: the table waits for seat 0.
    m, _ = start("block", PASS_HANDS)
    assert m.status == PLAYING and m.round.turn == 0
    assert {a.tile for a in legal_actions(m)} == {t("5-6")}
    m, events = play(m, 0, "5-6", "left")
    assert events[0]["type"] == "play" and events[0]["forced"] is False
    # The tile just drawn (R20): the table waits, and the play is not marked forced.
    m, _ = start("draw", DRAW_HANDS, DRAW_STOCK)
    assert {a.tile for a in legal_actions(m)} == {t("5-6")}
    m, events = play(m, 1, "5-6", "left")
    assert events[0]["forced"] is False


def test_r5_no_play_is_forced_except_the_opening():
    """R5: "Any other play is the player's own, even when only one tile fits" (over whole rounds of
    every variant, the only forced play is a forced opening tile, and the seat to act always has a
    play)"""
    variants = [
        ("draw", 3),
        ("block", 4),
        ("partners", 4),
        ("family", 4),
        ("classic", 2),
        ("fives_threes", 2),
    ]
    for variant, seats in variants:
        for i in range(4):
            m = new_match(variant, seats, None)
            m, events = deal_round(m, f"r5-{variant}-{i}")
            while m.status == PLAYING:
                legal = legal_actions(m)
                assert legal and all(a.kind == "play" and a.seat == m.round.turn for a in legal)
                m, evs = apply(m, legal[-1])
                events += evs
            plays = of_type(events, "play")
            assert all(not e["forced"] for e in plays[1:])
            assert plays[0]["forced"] is (variant != "partners")


# --- R6 What each seat knows ---------------------------------------------------------------------------


def _text(data: object) -> str:
    return json.dumps(data)


def test_r6_a_seat_sees_its_hand_counts_and_stock_size_never_other_tiles():
    """R6: "A seat sees its own hand, the line, every seat's number of tiles, the size of the stock, the
    scores, whose turn it is and its deadline. It never sees another hand, the stock's tiles, or the
    tiles set aside." """
    m, _ = start("draw", DRAW_HANDS, DRAW_STOCK)
    hand0 = [tile_str(x) for x in m.round.hands[0]]
    hand1 = [tile_str(x) for x in m.round.hands[1]]
    stock = [tile_str(x) for x in m.round.stock]
    v0, v1, spectator = view(m, 0), view(m, 1), view(m, None)
    assert v0["hand"] == hand0 == "0-1 0-2 0-3 1-2 1-3 2-3".split()
    assert v1["hand"] == hand1
    assert spectator["hand"] is None
    for v in (v0, v1, spectator):
        assert v["round"]["hand_sizes"] == [6, 11]
        assert v["round"]["stock_size"] == 10
        assert v["round"]["turn"] == 1
        assert v["round"]["line"]["center"] == "6-6"
        assert v["scores"] == [0, 0]
        assert v["round"]["hands"] is None
        assert not any(x in _text(v) for x in stock)
    assert not any(x in _text(v0) for x in hand1)
    assert not any(x in _text(v1) for x in hand0)
    assert not any(x in _text(spectator) for x in hand0 + hand1)
    assert v1["legal"] and v0["legal"] == [] and spectator["legal"] == []
    # block: the tiles set aside are never shown.
    m, _ = start("block", PASS_HANDS)
    aside = [tile_str(x) for x in m.round.stock]
    assert len(aside) == 14
    for seat in (0, 1, None):
        assert not any(x in _text(view(m, seat)) for x in aside)


def test_r6_passes_and_number_of_draws_are_public_drawn_tiles_are_not():
    """R6: "A pass is public: every seat sees which end numbers the player passed on (so it holds none
    of them). The number of tiles a seat drew is public; the tiles drawn are not, except the one it
    then plays." """
    m, _ = start("block", PASS_HANDS)
    for seat in (0, 1, None):
        assert view(m, seat)["round"]["passes"] == [[], [6]]
    m, events = start("draw", DRAW_HANDS, DRAW_STOCK)
    for seat in (0, None):  # the events as told to the other seats: draws without their tiles
        told = [e for e in view_events(events, seat) if e["type"] == "draw"]
        assert [(e["seat"], "tile" in e) for e in told] == [(1, False)] * 4
        assert not any(x in _text(view_events(events, seat)) for x in ("3-4", "4-5", "0-5", "5-6"))
    told = [e["tile"] for e in view_events(events, 1) if e["type"] == "draw"]
    assert told == ["3-4", "4-5", "0-5", "5-6"]  # the drawer is told its tiles
    for seat in (0, None):
        v = view(m, seat)
        assert v["round"]["draws"] == [0, 4]
        assert not any(x in _text(v) for x in ("3-4", "4-5", "0-5", "5-6"))
    m, _ = play(m, 1, "5-6", "left")
    v = view(m, 0)
    assert v["round"]["line"]["left"] == [[6, 5]]  # the drawn tile it played is on the line
    assert not any(x in _text(v) for x in ("3-4", "4-5", "0-5"))


def test_r6_every_hand_is_shown_at_the_end_of_the_round():
    """R6: "At the end of a round every hand is shown to everyone." """
    m, _ = start("block", BLOCK_HANDS)
    assert m.status == ROUND_OVER
    for seat in (0, 1, None):
        v = view(m, seat)
        assert v["round"]["hands"] == [
            "0-0 0-1 0-2 1-1 1-2 2-2".split(),
            "0-3 0-4 1-3 1-4 2-3 2-4 3-3".split(),
        ]
        assert v["round"]["pips_left"] == [12, 33]


# --- R7 Round end by domino ----------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r7_round_ends_when_a_seat_lays_its_last_tile(variant):
    """R7: "A round ends when a seat lays its last tile ("domino !")." """
    m, _ = start(variant, DOMINO_CLOSE_HANDS)
    m, _ = run(m, DOMINO_CLOSE_SCRIPT[:-1])
    assert m.status == PLAYING and len(m.round.hands[0]) == 1
    m, events = run(m, DOMINO_CLOSE_SCRIPT[-1:])
    assert m.round.hands[0] == ()
    assert m.round.result == "domino"
    assert m.round.winner == 0
    assert m.status == ROUND_OVER
    assert [e["type"] for e in events] == ["play", "round_over"]
    assert events[-1]["result"] == "domino"


# --- R8 Blocked round ----------------------------------------------------------------------------------


def test_r8_blocked_as_soon_as_no_seat_can_play_no_passes_played_out():
    """R8: "A round ends **blocked** as soon as no seat can ever play again: no seat holds a tile that
    fits and no tile can be drawn. The passes that would follow are not played out" """
    m, events = start("block", BLOCK_HANDS)  # nobody holds another six: blocked by the opening
    assert [e["type"] for e in events] == ["round_started", "play", "round_over"]
    assert m.round.result == "blocked" and m.status == ROUND_OVER
    # After one pass: seat 0's 5-6 leaves 5 and 6 open, and nobody holds either.
    m, events = start("block", PASS_HANDS)
    assert of_type(events, "pass")
    m, events = play(m, 0, "5-6", "left")
    assert [e["type"] for e in events] == ["play", "round_over"]
    assert m.round.result == "blocked"


def test_r8_blocked_when_the_last_stock_tile_drawn_does_not_fit():
    """R8: "The passes that would follow are not played out (nor the pass of a seat that has just drawn
    the last tile of the stock and cannot play it)." """
    # classic (no closed rounds): the line's ends are both blank with the seven blanks out; seat 0
    # draws the whole stock, none fits, and the round is blocked on the last draw.
    m, _ = start("classic", CLOSE_HANDS, target=150)
    m, events = run(m, CLOSE_SCRIPT)
    kinds = [e["type"] for e in events[len(CLOSE_SCRIPT) :]]
    assert kinds == ["draw"] * 14 + ["round_over"]
    assert m.round.stock == () and len(m.round.hands[0]) == 15
    assert m.round.result == "blocked"
    assert not of_type(events, "pass")


def test_r8_blocked_by_a_play_once_the_stock_is_empty():
    """R8: "A round ends **blocked** as soon as no seat can ever play again: no seat holds a tile that
    fits and no tile can be drawn." """
    # classic: seat 1 holds no six and draws the whole stock, 0-6 last; later it must pass (no stock);
    # seat 0's 5-6 then puts the seventh six on a line whose ends are both 6.
    stock = "0-2 0-3 0-4 0-5 1-2 1-3 1-4 1-5 2-4 2-5 3-4 3-5 4-4 0-6"
    m, events = start("classic", ["6-6 2-6 1-6 3-6 4-6 5-6 5-5", "0-0 0-1 2-3 4-5 1-1 2-2 3-3"], stock, 150)
    assert [k for k, _, _ in actions(events)] == ["play"] + ["draw"] * 14
    assert m.round.stock == ()
    script = [
        (1, "0-6", "left"),
        (0, "2-6", "right"),
        (1, "0-1", "left"),
        (0, "1-6", "left"),
        (1, "2-3", "right"),
    ]
    m, _ = run(m, script)
    m, events = play(m, 0, "3-6", "right")
    assert actions(events) == [("play", 0, "3-6"), ("pass", 1, None)]  # seat 0 can still play
    m, _ = run(m, [(0, "4-6", "left"), (1, "4-5", "left")])
    m, events = play(m, 0, "5-6", "left")
    assert ends(m) == {"left": 6, "right": 6}
    assert [e["type"] for e in events] == ["play", "round_over"]
    assert m.round.result == "blocked"
    assert m.round.hands[0] == ts("5-5")
    assert m.scores == (80 - 10, 0)


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r8_a_play_that_empties_a_hand_and_closes_the_line_is_a_domino(variant):
    """R8: "When one play both ends a hand and closes or blocks the line, the round ends by domino." """
    m, _ = start(variant, DOMINO_CLOSE_HANDS)
    m, _ = run(m, DOMINO_CLOSE_SCRIPT)
    line = m.round.line
    assert line.ends == (("left", 0), ("right", 0))
    assert sum(1 for x in line.tiles() if 0 in x) == 7  # closed (R23), and in block nobody can play
    assert m.round.result == "domino"
    assert m.round.winner == 0
    assert m.scores == (pips_of("4-5"), 0)


# --- R9 Match ------------------------------------------------------------------------------------------


def test_r9_scores_add_up_and_the_match_ends_at_the_end_of_the_round_reaching_the_target():
    """R9: "Scores add up per side. Unless the variant says otherwise, the match ends at the end of a
    round in which a side's total reaches the target; that side wins and points past the target
    count." """
    m, _ = start("block", BLOCK_HANDS, target=50)  # seat 0 wins the blocked round: 33 points
    assert m.scores == (33, 0)
    assert m.status == ROUND_OVER and m.winner is None
    # Round 2: seat 1 opens (R10) with 6-6, which nobody can follow; seat 0 is lighter (15 vs 49).
    m, events = start("block", ["0-0 0-1 0-2 1-1 1-2 0-3 1-3", "6-6 5-5 4-5 3-5 4-4 3-4 2-5"], match=m)
    assert m.round.turn == 1
    m, events = play(m, 1, "6-6")
    assert m.round.result == "blocked"
    assert m.round.points == (49, 0)
    assert m.scores == (82, 0)  # 32 past the target, and they count
    assert m.status == OVER and m.winner == 0
    assert events[-1] == {"type": "match_over", "winner": 0, "scores": [82, 0]}
    with pytest.raises(RuleError) as err:
        start("block", BLOCK_HANDS, match=m)
    assert err.value.code == "match_over"
    with pytest.raises(RuleError) as err:
        apply(m, Action("pass", 0))
    assert err.value.code == "match_over"


def test_r9_the_match_goes_on_while_no_side_reaches_the_target():
    """R9: "A match is a sequence of rounds; each round is dealt afresh from a shuffled set. Scores add
    up per side." """
    m, _ = start("block", BLOCK_HANDS, target=100)
    assert m.status == ROUND_OVER and m.scores == (33, 0)
    m, _ = start("block", ["0-0 0-1 0-2 1-1 1-2 0-3 1-3", "6-6 5-5 4-5 3-5 4-4 3-4 2-5"], match=m)
    m, _ = play(m, 1, "6-6")
    assert m.status == ROUND_OVER and m.scores == (82, 0) and m.winner is None
    m, _ = deal_round(m, "r9-third-round")
    assert m.round.number == 3
    m, _ = finish_round(m)
    assert sum(m.scores) == 82 + sum(m.round.points)


def test_r9_no_target_five_rounds_and_no_winner():
    """R9: "Unless the variant says otherwise, the match ends at the end of a round in which a side's
    total reaches the target" (the daily challenge, R61: five rounds, no target, no winner)"""
    m = new_match("draw", 2, None)
    total = [0, 0]
    for n in range(1, 6):
        m, _ = deal_round(m, f"r9-daily-{n}")
        m, _ = finish_round(m)
        total = [a + b for a, b in zip(total, m.round.points, strict=True)]
        assert m.status == (ROUND_OVER if n < 5 else OVER)
    assert list(m.scores) == total
    assert m.winner is None
