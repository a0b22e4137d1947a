"""Triominos, rule by rule (docs/rules.md §8, R80-R88)."""

from __future__ import annotations

import json

import pytest

from games.rules.errors import RuleError
from games.rules.triominos import (
    ALL_TRIS,
    VARIANTS,
    Action,
    ReplayError,
    apply,
    around,
    corners,
    deal,
    deal_round,
    event_action,
    from_json,
    house_choice,
    legal_actions,
    new_match,
    opposite,
    parse_action,
    parse_tri,
    replay,
    start_round,
    table_play,
    to_json,
    tri_str,
    turned,
    view,
    view_event,
)
from games.rules.triominos.match import match_winner

from .triominos_helpers import BRIDGE, HEXAGON, OPENED, TWO_HEXAGONS, play, position, tris

RULES = VARIANTS["triominos"]


def full_deal(hands: list[str], stock: str = ""):
    """Hands as written and the pool: ``stock`` first, then every other tile in written order."""
    dealt = [tris(h) for h in hands]
    first = tris(stock)
    named = {t for h in dealt for t in h} | set(first)
    return dealt, first + tuple(t for t in ALL_TRIS if t not in named)


def opened(hands: list[str], stock: str = ""):
    dealt, pool = full_deal(hands, stock)
    return start_round(new_match("triominos", len(hands)), tuple(dealt), pool)


# R80: the set


def test_r80_fifty_six_tiles_each_multiset_once():
    """R80: 56 tiles, each multiset of three numbers 0..5 exactly once, written smallest first."""
    assert len(ALL_TRIS) == 56 == len(set(ALL_TRIS))
    assert {tuple(sorted(t)) for t in ALL_TRIS} == set(ALL_TRIS)
    assert ALL_TRIS[0] == (0, 0, 0) and ALL_TRIS[-1] == (5, 5, 5)
    assert sum(map(sum, ALL_TRIS)) == 420


def test_r80_input_must_give_the_written_form():
    """R80: "1-2-4" is a tile; "2-1-4" (not smallest first) and "1-2-6" are not."""
    assert parse_tri("1-2-4") == (1, 2, 4)
    for bad in ("2-1-4", "1-2-6", "1-2", 124, None):
        with pytest.raises(RuleError) as e:
            parse_tri(bad)
        assert e.value.code == "bad_tile"


# R81: the deal


def test_r81_hand_sizes_by_number_of_seats():
    """R81: 9 tiles each at 2 seats, 7 at 3-4, 6 at 5-6; the rest is the pool."""
    for seats, size in ((2, 9), (3, 7), (4, 7), (5, 6), (6, 6)):
        dealt = deal("graine", RULES, seats)
        assert [len(h) for h in dealt.hands] == [size] * seats
        assert len(dealt.stock) == 56 - seats * size
        assert len({t for h in dealt.hands for t in h} | set(dealt.stock)) == 56


def test_r81_the_documented_deal_of_a_seed():
    """R81, R12: the seed ``exemple`` at two seats deals what docs/record.md shows."""
    dealt = deal("exemple", RULES, 2)
    assert dealt.hands[0] == tris("0-0-5 0-1-2 0-1-3 0-1-4 1-1-5 1-5-5 2-3-5 4-4-5 5-5-5")
    assert dealt.hands[1] == tris("0-2-4 0-2-5 0-5-5 1-3-3 2-2-2 2-4-5 3-3-3 3-5-5 4-4-4")
    assert dealt.stock[:3] == tris("3-4-4 2-5-5 2-2-4")
    assert deal("exemple", RULES, 2) == dealt and deal("exemples", RULES, 2) != dealt


def test_r81_a_deal_not_of_the_whole_set_is_refused():
    """R81: hands of the wrong size, or a tile twice, are refused."""
    dealt, pool = full_deal(["0-0-0 0-0-1", "0-0-2 0-0-3"])
    with pytest.raises(RuleError) as e:
        start_round(new_match("triominos", 2), tuple(dealt), pool)
    assert e.value.code == "bad_deal" and "not 9" in e.value.message


# R82: the board


def test_r82_corners_and_neighbours_of_up_and_down_cells():
    """R82: (x, y) points up when x + y is even; corners clockwise as the rule gives them."""
    assert corners(0, 0) == ((-1, 0), (0, 1), (1, 0))
    assert corners(1, 0) == ((0, 1), (2, 1), (1, 0))
    for cell in [(0, 0), (1, 0), (-3, 2), (4, -1)]:
        for other in opposite(*cell):  # across an edge: two corners in common
            assert len(set(corners(*cell)) & set(corners(*other))) == 2
        for point in corners(*cell):  # six cells meet at each corner
            assert len(set(around(point))) == 6 and all(point in corners(*c) for c in around(point))


def test_r82_a_turn_puts_the_written_number_k_first():
    """R82: 1-2-4 with turn 1 shows 2, 4, 1."""
    assert turned((1, 2, 4), 0) == (1, 2, 4)
    assert turned((1, 2, 4), 1) == (2, 4, 1)
    assert turned((1, 2, 4), 2) == (4, 1, 2)


def test_r82_a_legal_and_an_illegal_placement_by_one_corner():
    """R82: beside 0-0-0, 0-0-1 with turn 1 shows 0, 1, 0 on (1, 0) and fits; with turn 0
    it would put 1 on the corner (1, 0), where 0-0-0 shows 0."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 4-4-4"])
    assert Action("play", 0, (0, 0, 1), (1, 0), 1) in legal_actions(match)
    with pytest.raises(RuleError) as e:
        play(match, 0, "0-0-1", (1, 0), 0)
    assert e.value.code == "corner_mismatch"
    assert "corner [1, 0]" in e.value.message and "shows 0" in e.value.message
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert events[0]["at"] == [1, 0] and events[0]["turn"] == 1 and events[0]["points"] == 1


def test_r82_corners_shared_by_a_corner_alone_must_match_too():
    """R82: on (1, 0), the corner (2, 1) touches the tile on (3, 0) by that corner alone;
    it shows 1 there, so 0-0-3 (turn 1: 0, 3, 0) may not lie on (1, 0), 0-0-1 may."""
    match = position(BRIDGE, ["0-0-1 0-0-3 5-5-5", "2-3-4 4-4-4"])
    with pytest.raises(RuleError) as e:
        play(match, 0, "0-0-3", (1, 0), 1)
    assert e.value.code == "corner_mismatch" and "corner [2, 1]" in e.value.message
    assert Action("play", 0, (0, 0, 1), (1, 0), 1) in legal_actions(match)


def test_r82_a_tile_must_share_a_full_edge_and_a_free_cell():
    """R82: (2, 0) touches 0-0-0 by the corner (1, 0) alone; (0, 0) is taken."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 4-4-4"])
    with pytest.raises(RuleError) as e:
        play(match, 0, "0-0-1", (2, 0), 0)
    assert e.value.code == "not_touching"
    with pytest.raises(RuleError) as e:
        play(match, 0, "0-0-1", (0, 0), 0)
    assert e.value.code == "cell_taken"


# R83: the opening


def test_r83_the_highest_triple_opens_and_scores_ten_more():
    """R83: seat 1 holds 5-5-5 and 4-4-4, seat 0 3-3-3: seat 1 lays 5-5-5 on (0, 0),
    turn 0 (forced), and scores 15 + 10."""
    match, events = opened(
        [
            "3-3-3 0-1-2 0-1-3 0-1-4 0-1-5 0-2-3 0-2-4 0-2-5 0-3-4",
            "5-5-5 4-4-4 1-2-3 1-2-4 1-2-5 1-3-4 1-3-5 1-4-5 2-3-4",
        ]
    )
    first = events[1]
    assert first == {
        "type": "play",
        "seat": 1,
        "tile": "5-5-5",
        "at": [0, 0],
        "turn": 0,
        "points": 25,
        "bonus": "triple",
        "bonus_points": 10,
        "forced": True,
    }
    assert match.round.opener == 1 and match.round.points[1] - first["points"] == sum(
        e["points"] for e in events[2:] if e["seat"] == 1
    )


def test_r83_the_triple_0_0_0_scores_40():
    """R83: 0-0-0, the only triple dealt, opens and scores 40."""
    triples = "1-1-1 2-2-2 3-3-3 4-4-4 5-5-5"
    match, events = opened(
        [
            "0-1-2 0-1-3 0-1-4 0-1-5 0-2-3 0-2-4 0-2-5 0-3-4 0-3-5",
            "0-0-0 1-2-3 1-2-4 1-2-5 1-3-4 1-3-5 1-4-5 2-3-4 2-3-5",
        ],
        triples,
    )
    assert events[1]["seat"] == 1 and events[1]["tile"] == "0-0-0" and events[1]["points"] == 40


def test_r83_no_triple_in_any_hand_the_heaviest_tile_opens():
    """R83: no triple dealt; 3-5-5 and 4-4-5 weigh 13, the most: 4-4-5, later in written
    order, opens and scores its value, 13, with no bonus."""
    match, events = opened(
        [
            "0-1-2 0-1-3 0-1-4 3-5-5 0-2-3 0-2-4 0-2-5 0-3-4 0-3-5",
            "0-0-1 1-2-3 1-2-4 1-2-5 4-4-5 1-3-5 1-4-5 2-3-4 2-3-5",
        ],
        "0-0-0 1-1-1 2-2-2 3-3-3 4-4-4 5-5-5 4-5-5",
    )
    assert events[1]["tile"] == "4-4-5" and events[1]["seat"] == 1
    assert events[1]["points"] == 13 and events[1]["bonus"] is None
    assert match.round.board[0] == ((0, 0, (4, 4, 5), 0))


# R84: a turn, its bonuses, draws and passes


def test_r84_a_bridge_scores_40_more():
    """R84: 0-0-1 on (1, 0) shares one edge, with (0, 0), and its opposite corner (2, 1)
    is a corner of the tile on (3, 0): a bridge, 1 + 40."""
    match = position(BRIDGE, ["0-0-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    _, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert events[0]["bonus"] == "bridge" and events[0]["bonus_points"] == 40
    assert events[0]["points"] == 41


def test_r84_a_hexagon_scores_50_more():
    """R84: 0-1-1 on (2, 0) fills the sixth cell around the corner (1, 0): 2 + 50."""
    match = position(HEXAGON, ["0-1-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    _, events = play(match, 0, "0-1-1", (2, 0), 0)
    assert events[0]["bonus"] == "hexagon" and events[0]["bonus_points"] == 50
    assert events[0]["points"] == 52


def test_r84_two_hexagons_at_once_score_60_more():
    """R84: 0-0-1 on (1, 0) completes the hexagons around (1, 0) and (2, 1): 1 + 60, not 1 + 100."""
    match = position(TWO_HEXAGONS, ["0-0-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    _, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert events[0]["bonus"] == "two_hexagons" and events[0]["points"] == 61


def test_r84_a_plain_play_scores_its_value():
    """R84: a tile with no bonus scores the sum of its numbers."""
    match = position(OPENED, ["0-0-5 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    _, events = play(match, 0, "0-0-5", (1, 0), 1)
    assert events[0]["points"] == 5 and events[0]["bonus"] is None


def test_r84_three_draws_then_a_pass_cost_25():
    """R84: seat 1 holds nothing that fits: it draws three tiles that do not fit either
    (-5 each) and passes (-10): -25, below zero. Seat 0 then has a tile that fits."""
    match = position(OPENED, ["0-0-1 0-0-3", "2-3-4 5-5-5"], stock="3-3-5 2-2-2 4-4-4 0-0-2")
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert [(e["type"], e["seat"], e["points"]) for e in events[1:]] == [
        ("draw", 1, -5),
        ("draw", 1, -5),
        ("draw", 1, -5),
        ("pass", 1, -10),
    ]
    assert [e["tile"] for e in events[1:4]] == ["3-3-5", "2-2-2", "4-4-4"]
    rnd = after.round
    assert after.scores == (1, -25) and rnd.points == (1, -25)
    assert rnd.turn == 0 and rnd.draws == (0, 3) and rnd.passes == (0, 1)
    assert rnd.stock == tris("0-0-2") and len(rnd.hands[1]) == 5
    assert "tile" not in view_event(events[1], 0) and view_event(events[1], 1)["tile"] == "3-3-5"


def test_r84_a_drawn_tile_that_fits_must_be_played():
    """R84: seat 1 draws 0-0-2 (-5), which fits: its turn goes on, with plays of that tile alone."""
    match = position(OPENED, ["0-0-1 0-0-3", "2-3-4 5-5-5"], stock="0-0-2 3-3-5")
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert [e["type"] for e in events] == ["play", "draw"]
    assert after.round.turn == 1 and after.round.drawn == 1 and after.scores == (1, -5)
    assert {a.tile for a in legal_actions(after)} == {(0, 0, 2)}
    with pytest.raises(RuleError) as e:
        play(after, 1, "2-3-4", (-1, 0), 0)
    assert e.value.code == "corner_mismatch"
    with pytest.raises(RuleError) as e:
        apply(after, Action("pass", 1))
    assert e.value.code == "must_play"


def test_r84_an_empty_pool_means_a_pass_at_once():
    """R84: the pool is empty: seat 1, with no tile that fits, passes at once (-10), no draw."""
    match = position(OPENED, ["0-0-1 0-0-3", "2-3-4 5-5-5"])
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert [(e["type"], e["seat"], e["points"]) for e in events[1:]] == [("pass", 1, -10)]
    assert after.scores == (1, -10) and after.round.turn == 0


# R85: the end of a round


def test_r85_going_out_scores_25_and_the_other_hands():
    """R85: seat 0 lays its last tile, 0-0-1 (1), and scores 25 + 9 + 15 more."""
    match = position(OPENED, ["0-0-1", "2-3-4 5-5-5"], stock="3-3-3")
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert after.round.result == "domino" and after.round.winner == 0
    assert after.scores == (1 + 25 + 24, 0)
    over = events[-1]
    assert over["type"] == "round_over" and over["awarded"] == [49, 0] and over["pips_left"] == [0, 24]
    assert over["hands"] == [[], ["2-3-4", "5-5-5"]]


def test_r85_a_blocked_round_the_lightest_hand_scores_the_difference():
    """R85: the pool is empty and nobody can play after 0-0-1: the round ends blocked with
    no pass played; seat 0 (5-5-5: 15) scores seat 1's 21 minus its own 15."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 4-4-4"])
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert [e["type"] for e in events] == ["play", "round_over"]
    assert after.round.result == "blocked" and after.round.winner == 0
    assert after.scores == (1 + 6, 0)


def test_r85_a_blocked_round_with_tied_lightest_hands_scores_nothing():
    """R85: hands of 15 and 15: nobody scores at the end."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 1-2-3"])
    after, _ = play(match, 0, "0-0-1", (1, 0), 1)
    assert after.round.result == "blocked" and after.round.winner is None
    assert after.scores == (1, 0)


def test_r85_the_last_draw_leaves_nobody_able_to_play():
    """R84, R85: seat 1 draws the pool's last tile, which fits nowhere, and nobody can play:
    blocked at once, without seat 1's pass (-5 for the draw only)."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-5")
    after, events = play(match, 0, "0-0-1", (1, 0), 1)
    assert [e["type"] for e in events] == ["play", "draw", "round_over"]
    assert after.round.result == "blocked" and after.scores[1] == -5


# R86: the match


def test_r86_the_match_ends_at_the_end_of_a_round_that_reaches_the_target():
    """R86: seat 0 passes 400 during a round: the round goes on; a domino then ends the match."""
    match = position(OPENED, ["0-0-1 0-0-3", "2-3-4 5-5-5"], stock="0-0-2 3-3-5", scores=(399, 0))
    after, _ = play(match, 0, "0-0-1", (1, 0), 1)
    assert after.scores[0] == 400 and after.status == "playing"
    final = position(OPENED, ["0-0-1", "2-3-4 5-5-5"], scores=(390, 0))
    done, events = play(final, 0, "0-0-1", (1, 0), 1)
    assert done.status == "over" and done.winner == 0
    assert events[-1] == {"type": "match_over", "winner": 0, "scores": [440, 0]}
    with pytest.raises(RuleError) as e:
        deal_round(done, "encore")
    assert e.value.code == "match_over"


def test_r86_equal_highest_totals_share_the_win():
    """R86: the highest total wins, equal highest share; nobody wins below the target."""
    match = position(OPENED, ["0-0-1", "2-3-4 5-5-5"], scores=(360, 410))
    done, _ = play(match, 0, "0-0-1", (1, 0), 1)
    assert done.scores == (410, 410) and done.winner == (0, 1)
    assert match_winner((399, 100), 400) is None
    assert match_winner((-20, 410, 500), 400) == 2


def test_r86_targets_of_the_ruleset():
    """R86: 400 by default, 200 or 500; 2 to 6 seats."""
    assert new_match("triominos", 2).target == 400
    assert new_match("triominos", 6, 200).target == 200
    for bad in [(1, 400), (7, 400), (2, 300)]:
        with pytest.raises(RuleError):
            new_match("triominos", *bad)


# R87: views and the clock


def test_r87_the_clock_lays_the_first_tile_on_the_first_cell_with_its_smallest_turn():
    """R87: 0-0-1 first in the hand; free cells by y then x: (0, -1) first, where turn 0 fits."""
    match = position(OPENED, ["0-0-1 0-0-5", "2-3-4 5-5-5"])
    assert table_play(match) == Action("play", 0, (0, 0, 1), (0, -1), 0)


def test_r87_a_seat_sees_its_hand_the_board_and_no_other_hand():
    """R87: the view of seat 0 holds its hand, the board, the candidates, sizes and scores,
    its legal plays on its turn; never seat 1's tiles or the pool."""
    match = position(BRIDGE, ["0-0-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-3 2-2-2")
    mine = view(match, 0)
    text = json.dumps(mine)
    for secret in ("2-3-4", "4-4-4", "3-3-3", "2-2-2"):
        assert f'"{secret}"' not in text
    assert mine["hand"] == ["0-0-1", "5-5-5"]
    rnd = mine["round"]
    assert rnd["hand_sizes"] == [2, 2] and rnd["stock_size"] == 2 and rnd["hands"] is None
    assert rnd["board"][-1] == {
        "at": [3, 0],
        "tile": "1-1-2",
        "turn": 1,
        "up": False,
        "corners": [1, 2, 1],
        "points": [[2, 1], [4, 1], [3, 0]],
    }
    assert [1, 0] in rnd["candidates"]
    assert {"seat": 0, "play": "0-0-1", "at": [1, 0], "turn": 1} in mine["legal"]
    assert view(match, 1)["legal"] == [] and view(match, 1)["hand"] == ["2-3-4", "4-4-4"]
    spectator = view(match, None)
    assert spectator["hand"] is None and '"0-0-1"' not in json.dumps(spectator)


def test_r87_every_hand_is_shown_when_the_round_is_over():
    """R87 (as R6): at the end of a round every hand is shown."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 4-4-4"])
    after, _ = play(match, 0, "0-0-1", (1, 0), 1)
    rnd = view(after, None)["round"]
    assert rnd["hands"] == [["5-5-5"], ["2-3-4", "4-4-4"]] and rnd["pips_left"] == [15, 21]
    assert rnd["turn"] is None and rnd["candidates"] == []


def test_r87_the_house_robot_takes_the_most_points():
    """R87: the house robot lays the bridge (41) rather than a plain play."""
    match = position(BRIDGE, ["0-0-1 1-1-4", "2-3-4 4-4-4"], stock="3-3-3")
    choice = house_choice(view(match, 0))
    assert choice == {"seat": 0, "play": "0-0-1", "at": [1, 0], "turn": 1}


# R88: records


def test_r88_the_forced_opening_is_written_at_0_0_turn_0():
    """R88: the opening's record form is {"seat", "play", "at": [0, 0], "turn": 0}."""
    _, events = deal_round(new_match("triominos", 3), "exemple")
    assert event_action("triominos", events[1]) == {
        "seat": events[1]["seat"],
        "play": events[1]["tile"],
        "at": [0, 0],
        "turn": 0,
    }


def test_r88_at_and_turn_may_be_left_out_for_a_single_placement():
    """R88: beside 0-0-0 and 0-0-1, 0-1-5 fits (2, 0) with turn 0 only; 0-0-2 fits several ways."""
    board = [(0, 0, "0-0-0", 0), (1, 0, "0-0-1", 1)]
    match = position(board, ["0-1-5 0-0-2 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    _, events = apply(match, parse_action("triominos", {"seat": 0, "play": "0-1-5"}))
    assert events[0]["at"] == [2, 0] and events[0]["turn"] == 0
    with pytest.raises(RuleError) as e:
        apply(match, parse_action("triominos", {"seat": 0, "play": "0-0-2"}))
    assert e.value.code == "placement_needed"


def test_r88_a_triples_three_turns_count_as_one():
    """R88: beside 0-1-1, 1-1-1 fits (1, 0) only: it may be written without at and turn,
    or with any turn."""
    match = position([(0, 0, "0-1-1", 0)], ["1-1-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    assert [a.to_dict() for a in legal_actions(match) if a.tile == (1, 1, 1)] == [
        {"seat": 0, "play": "1-1-1", "at": [1, 0], "turn": 0}
    ]
    _, events = apply(match, parse_action("triominos", {"seat": 0, "play": "1-1-1"}))
    assert events[0]["at"] == [1, 0]
    _, events = apply(match, parse_action("triominos", {"seat": 0, "play": "1-1-1", "at": [1, 0], "turn": 2}))
    assert events[0]["turn"] == 0


def test_r88_malformed_actions_are_refused():
    """R88: at is [x, y], turn is 0, 1 or 2, one kind of action."""
    for data, code in [
        ({"seat": 0, "play": "0-0-1", "at": [1]}, "bad_at"),
        ({"seat": 0, "play": "0-0-1", "at": [1, 0], "turn": 3}, "bad_turn"),
        ({"seat": 0, "play": "1-0-0"}, "bad_tile"),
        ({"seat": 0, "play": "0-0-1", "pass": True}, "bad_action"),
        ({"play": "0-0-1"}, "bad_action"),
    ]:
        with pytest.raises(RuleError) as e:
            parse_action("triominos", data)
        assert e.value.code == code


def test_r84_illegal_actions_are_refused_with_the_problem_named():
    """R84: only the seat to play, with a tile of its hand that fits, and never a pass or a
    draw while it holds one that fits."""
    match = position(OPENED, ["0-0-1 5-5-5", "2-3-4 4-4-4"], stock="3-3-3")
    cases = [
        (Action("play", 1, (2, 3, 4), (1, 0), 0), "not_your_turn"),
        (Action("play", 0, (0, 0, 2), (1, 0), 1), "tile_not_in_hand"),
        (Action("play", 0, (5, 5, 5), None, None), "fits_nowhere"),
        (Action("play", 0, (0, 0, 1), None, None), "placement_needed"),
        (Action("play", 0, (0, 0, 1), (1, 0), 0), "corner_mismatch"),
        (Action("play", 0, (0, 0, 1), (3, 0), 0), "not_touching"),
        (Action("play", 0, (0, 0, 5), (1, 0), None), "tile_not_in_hand"),
        (Action("pass", 0), "must_play"),
        (Action("draw", 0, (3, 3, 3)), "cannot_draw"),
    ]
    for action, code in cases:
        with pytest.raises(RuleError) as e:
            apply(match, action)
        assert e.value.code == code, action
        assert e.value.message


def test_r88_a_record_replays_with_forced_actions_written_or_left_out():
    """R88, docs/record.md: the opening, draws and passes may be written or left out."""
    record = {
        "variant": "triominos",
        "seats": 2,
        "target": 200,
        "rounds": [{"seed": "exemple", "hands": [], "stock": [], "actions": []}],
    }
    dealt = deal("exemple", RULES, 2)
    record["rounds"][0]["hands"] = [list(map(tri_str, h)) for h in dealt.hands]
    record["rounds"][0]["stock"] = list(map(tri_str, dealt.stock))
    short = replay(record)
    assert short["rounds"][0]["result"] == "unfinished"
    match, events = deal_round(new_match("triominos", 2, 200), "exemple")
    written = [a for e in events if (a := event_action("triominos", e))]
    record["rounds"][0]["actions"] = written
    assert replay(record) == short
    record["rounds"][0]["actions"] = [dict(written[0], at=[1, 0])]
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.where == "rounds[0].actions[0]"
    record["rounds"][0]["seed"] = "autre"
    record["rounds"][0]["actions"] = []
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.code == "seed_mismatch"


def test_r88_states_round_trip_through_json():
    """R88: a state written as JSON and read back is the same state, its legal plays included."""
    match, _ = deal_round(new_match("triominos", 4), "exemple")
    again = from_json(json.loads(json.dumps(to_json(match))))
    assert again == match and again.round.legal == match.round.legal


def test_r86_a_match_with_no_target_is_five_rounds_with_no_winner():
    """R86 and the daily challenge (R61): with no target, five rounds, scores and no winner."""
    match = new_match("triominos", 3, None)
    for number in range(1, 6):
        assert match.status in ("ready", "round_over")
        match, _ = deal_round(match, f"jour/{number}")
        while match.status == "playing":
            match, _ = apply(match, table_play(match))
    assert match.status == "over" and match.winner is None and match.round.number == 5
    record = {"variant": "triominos", "seats": 3, "target": None, "rounds": []}
    with pytest.raises(ReplayError) as e:
        replay(record)
    assert e.value.where == "rounds"
