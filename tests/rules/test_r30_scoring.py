"""docs/rules.md §4, scoring: R30-R35."""

from __future__ import annotations

import pytest

from games.rules import (
    OVER,
    PLAYING,
    ROUND_OVER,
    Action,
    RuleError,
    apply,
    current_count,
    deal_round,
    get_ruleset,
    legal_actions,
    new_match,
)
from games.rules.scoring import fives_threes_points, match_winner, round_end
from games.rules.tiles import hand_pips
from tests.rules.helpers import (
    BLOCK_HANDS,
    CLOSE_HANDS,
    CLOSE_SCRIPT,
    DOMINO_CLOSE_HANDS,
    DOMINO_CLOSE_SCRIPT,
    OUT11_AFTER_DRAW,
    OUT11_BEFORE_DRAW,
    OUT11_HANDS,
    OUT11_STOCK,
    finish_round,
    of_type,
    play,
    run,
    start,
    ts,
)


def _hands(*written: str):
    return tuple(ts(h) for h in written)


def _play_points(events):
    return [(e["seat"], e["tile"], e["points"]) for e in of_type(events, "play")]


# --- R30 draw, block -----------------------------------------------------------------------------------


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_r30_domino_the_winner_scores_the_pips_left_in_all_other_hands(variant):
    """R30: "Domino: the winner scores the pips left in all other hands." """
    m, _ = start(variant, DOMINO_CLOSE_HANDS)
    m, _ = run(m, DOMINO_CLOSE_SCRIPT)
    assert m.round.result == "domino"
    assert m.round.points == (9, 0) and m.scores == (9, 0)  # seat 1 kept 4-5
    rules = get_ruleset(variant)
    assert round_end(rules, _hands("", "1-2", "3-4 0-0", "6-6"), "domino", 0, 1) == (0, [22, 0, 0, 0])
    assert round_end(rules, _hands("1-2", "3-4 0-0", ""), "domino", 2, 0) == (2, [0, 0, 10])
    # The seat that went out wins even when another hand (0-0 alone) is as light and opened the round.
    assert round_end(rules, _hands("", "0-0", "1-2"), "domino", 0, 1) == (0, [3, 0, 0])


def test_r30_blocked_the_lightest_hand_scores_the_pips_of_all_other_hands():
    """R30: "Blocked or closed: the lightest hand wins and scores the pips of all other hands." """
    m, _ = start("block", BLOCK_HANDS)  # blocked at once: 12 pips against 33
    assert m.round.result == "blocked"
    assert m.round.winner == 0 and m.scores == (33, 0)
    rules = get_ruleset("block")
    hands = _hands("4-4", "0-5", "6-6", "0-1 0-2")
    assert round_end(rules, hands, "blocked", 1, 0) == (3, [0, 0, 0, 8 + 5 + 12])
    assert round_end(rules, hands, "closed", 1, 2) == (3, [0, 0, 0, 25])


def test_r30_tie_for_the_lightest_the_opener_wins_if_among_them():
    """R30: "Tie for the lightest: the round's opener wins if it is among them; otherwise the tied seat
    that comes first after the opener in play order. Exactly one seat scores each round." """
    # In play: closed with 1-3 against 2-2 (4 pips each); seat 0 opened.
    m, _ = start("draw", ["6-6 0-1 0-2 3-4 0-5 0-6 1-3", "1-6 2-6 0-3 0-4 5-6 0-0 2-2"])
    m, _ = run(m, CLOSE_SCRIPT)
    assert m.round.result == "closed"
    assert m.round.opener == 0 and m.round.winner == 0
    assert m.scores == (4, 0)
    rules = get_ruleset("draw")
    five, nine = "0-5", "4-5"
    assert round_end(rules, _hands(five, five, nine), "blocked", 2, 1)[0] == 1  # the opener
    assert round_end(rules, _hands(five, five, nine), "blocked", 2, 0)[0] == 0  # the opener
    assert round_end(rules, _hands(five, five, nine), "blocked", 2, 2) == (0, [14, 0, 0])  # first after 2


def test_r30_tie_without_the_opener_the_first_tied_seat_after_it_wins():
    """R30: "otherwise the tied seat that comes first after the opener in play order." """
    rules = get_ruleset("block")
    five, nine = "0-5", "4-5"
    assert round_end(rules, _hands(nine, five, five), "blocked", 0, 0) == (1, [0, 14, 0])
    assert round_end(rules, _hands(five, nine, five), "blocked", 0, 1) == (2, [0, 0, 14])
    assert round_end(rules, _hands(five, five, nine), "blocked", 0, 2) == (0, [14, 0, 0])
    assert round_end(rules, _hands(five, nine, nine, five), "closed", 1, 1) == (3, [0, 0, 0, 23])
    assert round_end(rules, _hands(five, nine, nine, five), "closed", 1, 2) == (3, [0, 0, 0, 23])
    assert round_end(rules, _hands(five, nine, nine, five), "closed", 1, 0) == (0, [23, 0, 0, 0])


# --- R31 partners ----------------------------------------------------------------------------------

# Seat 0 holds 6-6 and opens with 0-0; ten tiles later seat 1's 0-1 puts the seventh blank on a line
# whose ends are both blank: nobody can play (all 28 tiles are dealt). Each side holds 63 pips.
PARTNERS_TIED = [
    "6-6 0-0 0-5 1-2 1-1 1-3 1-4",
    "0-3 5-6 0-1 1-6 2-2 2-3 2-4",
    "3-4 0-6 1-5 2-5 2-6 3-6 4-6",
    "0-4 0-2 3-3 3-5 4-4 4-5 5-5",
]
PARTNERS_SCRIPT = [
    (0, "0-0"),
    (1, "0-3", "right"),
    (2, "3-4", "right"),
    (3, "0-4", "right"),
    (0, "0-5", "right"),
    (1, "5-6", "right"),
    (2, "0-6", "right"),
    (3, "0-2", "left"),
    (0, "1-2", "left"),
    (1, "0-1", "left"),
]


def test_r31_blocked_the_side_with_fewer_pips_scores_the_other_sides_total():
    """R31: "Blocked: each side adds up its two hands; the side with fewer pips scores the other side's
    total." """
    # Seats 2 and 3 swap 4-6 and 3-3: side 0 holds 59 pips, side 1 holds 67.
    hands = list(PARTNERS_TIED)
    hands[2] = hands[2].replace("4-6", "3-3")
    hands[3] = hands[3].replace("3-3", "4-6")
    m, _ = start("partners", hands)
    m, _ = run(m, PARTNERS_SCRIPT)
    assert m.round.result == "blocked"
    assert [hand_pips(h) for h in m.round.hands] == [23, 22, 36, 45]
    assert m.round.winner == 0  # though seat 1 laid the last tile
    assert m.scores == (67, 0)


def test_r31_blocked_perfect_tie_the_side_that_laid_the_last_tile_scores():
    """R31: "On a perfect tie, the side that laid the last tile scores the other side's total. Exactly one
    side scores each round, so a match cannot end tied." """
    m, _ = start("partners", PARTNERS_TIED)
    m, events = run(m, PARTNERS_SCRIPT)
    assert m.round.result == "blocked"
    assert [hand_pips(h) for h in m.round.hands] == [23, 22, 40, 41]
    assert m.round.winner == 1  # seat 1 laid 0-1
    assert m.scores == (0, 63)
    rules = get_ruleset("partners")
    tied = _hands("0-4", "1-2", "1-1", "0-3")  # 4 + 2 against 3 + 3
    assert round_end(rules, tied, "blocked", 2, 0) == (0, [6, 0])
    assert round_end(rules, tied, "blocked", 3, 0) == (1, [0, 6])
    not_tied = _hands("0-4", "1-2", "1-1", "0-2")  # 4 + 2 against 3 + 2: side 1, whoever laid last
    assert round_end(rules, not_tied, "blocked", 2, 0) == (1, [0, 6])


def test_r31_domino_the_side_scores_the_two_opponents_hands_not_the_partners():
    """R31: "Domino: the winner's side scores the pips left in the two opponents' hands (the partner's
    hand does not count)." """
    rules = get_ruleset("partners")
    assert round_end(rules, _hands("", "1-2", "6-6 5-5", "0-1"), "domino", 0, 0) == (0, [4, 0])
    assert round_end(rules, _hands("3-3", "1-2", "6-6", ""), "domino", 3, 0) == (1, [0, 18])
    assert round_end(rules, _hands("3-3", "", "6-6", "0-0"), "domino", 1, 0) == (1, [0, 18])


# --- R32 family --------------------------------------------------------------------------------------


def test_r32_domino_the_winner_scores_0_every_other_seat_its_own_pips():
    """R32: "Domino: the winner scores 0 and every other seat scores the pips left in its own hand." """
    rules = get_ruleset("family")
    assert round_end(rules, _hands("1-2", "", "3-4 0-0"), "domino", 1, 0) == (1, [3, 0, 7])
    found = 0
    for i in range(40):
        m, _ = deal_round(new_match("family", 3, 200), f"r32-{i}")
        m, _ = finish_round(m)
        if m.round.result != "domino":
            continue
        found += 1
        pips = [hand_pips(h) for h in m.round.hands]
        assert pips[m.round.winner] == 0
        assert list(m.round.points) == pips and list(m.scores) == pips
    assert found >= 5


def test_r32_blocked_every_seat_scores_its_pips_and_the_lightest_hands_share_the_round():
    """R32: "Blocked: every seat scores the pips in its own hand; the lightest hand is named the round's
    winner (ties share it)." """
    rules = get_ruleset("family")
    assert round_end(rules, _hands("0-5", "1-2", "0-3"), "blocked", 0, 0) == ((1, 2), [5, 3, 3])
    assert round_end(rules, _hands("0-5", "1-2", "0-4"), "blocked", 0, 0) == (1, [5, 3, 4])
    assert round_end(rules, _hands("0-5 1-1", "3-4"), "blocked", 1, 0) == ((0, 1), [7, 7])
    # In play (rounds found by seed): every seat scores its own pips, the lightest named.
    found = 0
    for i in range(300):
        m, _ = deal_round(new_match("family", 4, 200), f"r32-blocked-{i}")
        m, _ = finish_round(m)
        if m.round.result != "blocked":
            continue
        found += 1
        pips = [hand_pips(h) for h in m.round.hands]
        lightest = tuple(s for s in range(4) if pips[s] == min(pips))
        assert m.round.winner == (lightest[0] if len(lightest) == 1 else lightest)
        assert list(m.round.points) == pips and list(m.scores) == pips
        if found == 3:
            break
    assert found


def test_r32_the_lowest_total_wins_when_a_seat_reaches_the_target_and_ties_share():
    """R32: "The match ends at the end of a round in which some seat reaches the target; the seat with the
    **lowest** total wins; equal lowest totals share the win." """
    rules = get_ruleset("family")
    assert match_winner(rules, (100, 40, 41), 100) == 1
    assert match_winner(rules, (120, 40, 40), 100) == (1, 2)
    assert match_winner(rules, (99, 40, 40), 100) is None
    # In play: a seeded round gives points p; scores are set before it so that seat x
    # ends on the target exactly and the two others tie (or not) for the lowest total.
    for i in range(50):
        seed = f"r32-end-{i}"
        m, _ = deal_round(new_match("family", 3, 100), seed)
        m, _ = finish_round(m)
        p = m.round.points
        if max(p) < 50:
            break
    x = max(range(3), key=lambda s: p[s])
    y, z = (s for s in range(3) if s != x)
    assert 0 < p[x] < 50

    def play_with(scores):
        m = new_match("family", 3, 100)._replace(scores=scores)
        m, events = deal_round(m, seed)
        m, more = finish_round(m)
        return m, events + more

    before = [0, 0, 0]
    before[x], before[y], before[z] = 100 - p[x], 50 - p[y], 50 - p[z]
    m, events = play_with(tuple(before))
    assert m.scores[x] == 100 and m.scores[y] == m.scores[z] == 50
    assert m.status == OVER and m.winner == tuple(sorted((y, z)))
    assert events[-1]["type"] == "match_over"
    before[z] += 1
    m, _ = play_with(tuple(before))
    assert m.status == OVER and m.winner == y
    before[x] -= 1
    m, _ = play_with(tuple(before))
    assert m.status == ROUND_OVER and m.winner is None  # 99: nobody has reached the target


# --- R33 classic ---------------------------------------------------------------------------------------


def test_r33_domino_example_a_goes_out_b_holds_4_4_and_0_3_a_scores_11():
    """R33: "Example: A goes out, B holds 4-4 and 0-3: A scores 11." """
    m, _ = start("classic", OUT11_HANDS, OUT11_STOCK)
    m, _ = run(m, OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW)
    assert m.round.result == "domino"
    assert m.round.hands[1] == ts("0-3 4-4")
    assert m.round.winner == 0
    assert m.scores == (11, 0) and m.round.points == (11, 0)


def test_r33_blocked_example_21_pips_against_12_b_scores_9():
    """R33: "Blocked with A holding 21 pips (say 5-6, 4-6) and B 12 (2-4, 0-2, 2-2): B scores 9 (the seed's
    arithmetic; those exact hands cannot be blocked in play)." """
    rules = get_ruleset("classic")
    assert round_end(rules, _hands("5-6 4-6", "2-4 0-2 2-2"), "blocked", 0, 0) == (1, [0, 9])
    assert round_end(rules, _hands("2-4 0-2 2-2", "5-6 4-6"), "blocked", 1, 1) == (0, [9, 0])


def test_r33_the_difference_goes_to_the_seat_with_fewer_pips_in_play():
    """R33: "At the end of a round, each hand's pips are counted and the difference is credited to the seat
    with fewer pips" """
    m, _ = start("classic", CLOSE_HANDS, target=150)
    m, _ = run(m, CLOSE_SCRIPT)  # seat 0 draws the whole stock: 92 pips against 10
    assert m.round.result == "blocked"
    assert [hand_pips(h) for h in m.round.hands] == [92, 10]
    assert m.round.winner == 1 and m.scores == (0, 82)


def test_r33_equal_hands_nobody_scores():
    """R33: "Equal hands: nobody scores." """
    rules = get_ruleset("classic")
    assert round_end(rules, _hands("1-2", "0-3"), "blocked", 0, 0) == (None, [0, 0])
    assert round_end(rules, _hands("1-2 6-6", "0-3 5-5 1-1"), "blocked", 1, 0) == (None, [0, 0])


# --- R34 all_fives -------------------------------------------------------------------------------------

OUT11_ALL_FIVES = [0, 0, 0, 10, 0, 0, 0, 5, 0, 5, 0, 10, 5]


def test_r34_points_during_play_when_the_count_is_a_multiple_of_5():
    """R34: "after each tile is laid (the opening tile included), if the count of the open ends (R41) is a
    positive multiple of 5, the player scores that count." """
    m, events = start("all_fives", OUT11_HANDS, OUT11_STOCK)
    m, more = run(m, OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW)
    assert [p for _, _, p in _play_points(events + more)] == OUT11_ALL_FIVES
    # The opening tile scores too: 5-5 alone counts 10.
    m, events = start("all_fives", ["0-1 0-2 0-3 1-2 1-3 2-3 0-5", "5-5 4-4 3-3 1-4 2-4 3-4 0-4"])
    assert _play_points(events) == [(1, "5-5", 10)]
    assert m.scores == (0, 10)
    # A count of 0 is no positive multiple of 5: 0-0 alone scores nothing.
    m, events = start("all_fives", ["0-0 1-2 1-3 1-4 1-5 1-6 2-3", "2-4 2-5 2-6 3-4 3-5 3-6 4-5"])
    assert _play_points(events) == [(0, "0-0", 0)]
    assert m.scores == (0, 0)


def test_r34_end_of_round_difference_rounded_to_the_nearest_5():
    """R34: "End of round: the difference of the two hands, as R33, rounded to the nearest multiple of 5
    (1–2 round down, 3–4 up), goes to the lighter hand." """
    m, events = start("all_fives", OUT11_HANDS, OUT11_STOCK)
    m, _ = run(m, OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW)
    assert m.round.result == "domino"
    assert m.scores == (5 + 10, 30)  # seat 0: 5 in play, then 11 pips rounded down to 10
    rules = get_ruleset("all_fives")
    light = ts("0-0")
    for heavy, rounded in [
        ("0-1", 0),
        ("0-2", 0),
        ("0-3", 5),
        ("0-4", 5),
        ("0-5", 5),
        ("0-6", 5),
        ("1-6", 5),
        ("2-6", 10),
        ("3-6", 10),
        ("5-6", 10),
        ("6-6", 10),
        ("6-6 0-1", 15),
        ("6-6 0-2", 15),
    ]:
        assert round_end(rules, (light, ts(heavy)), "blocked", 0, 0) == (0, [rounded, 0])
        assert round_end(rules, (ts(heavy), light), "blocked", 0, 0)[1] == [0, rounded]
        assert round_end(rules, (ts(heavy), ()), "domino", 1, 0) == (1, [0, rounded])


def test_r34_the_match_ends_the_moment_a_side_reaches_the_target_during_a_round():
    """R34: "The match ends the moment a side reaches the target, even during a round, and nothing more is
    scored" """
    m, _ = start("all_fives", OUT11_HANDS, OUT11_STOCK, target=150, scores=(0, 140))
    m, events = run(m, OUT11_BEFORE_DRAW[:2])
    assert m.status == PLAYING
    m, events = run(m, OUT11_BEFORE_DRAW[2:3])  # seat 1's 4-5: the count is 10
    assert m.status == OVER and m.winner == 1
    assert m.scores == (0, 150)
    assert m.round.result == "unfinished"
    assert events[0]["type"] == "play" and events[-1]["type"] == "match_over"
    assert legal_actions(m) == []
    with pytest.raises(RuleError) as err:
        play(m, 0, "1-5", "left")
    assert err.value.code == "match_over"


def test_r34_nothing_more_is_scored_not_even_the_end_of_round_points_of_that_play():
    """R34: "The match ends the moment a side reaches the target, even during a round, and nothing more is
    scored, not even the end-of-round points of a round that the same play ended." """
    m, _ = start("all_fives", OUT11_HANDS, OUT11_STOCK, target=150, scores=(145, 0))
    m, events = run(m, OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW)
    assert m.round.hands[0] == ()  # seat 0 went out with a count of 5: 150
    assert m.status == OVER and m.winner == 0
    assert m.scores == (150, 30)  # not 160: the 10 points of the domino are not scored
    assert events[-1] == {"type": "match_over", "winner": 0, "scores": [150, 30]}


# --- R35 fives_threes ------------------------------------------------------------------------------


def test_r35_one_point_per_multiple_of_3_and_per_multiple_of_5():
    """R35: "the count of the two ends (R41) scores one point per multiple of 3 plus one point per multiple
    of 5: 3→1, 5→1, 6→2, 9→3, 10→2, 12→4, 15→8, 18→6, 20→4." """
    table = {3: 1, 5: 1, 6: 2, 9: 3, 10: 2, 12: 4, 15: 8, 18: 6, 20: 4}
    for total, points in table.items():
        assert fives_threes_points(total) == points
    for total in (0, 1, 2, 4, 7, 8, 11, 13, 14, 16, 17, 19, 22, 23):
        assert fives_threes_points(total) == 0
    assert fives_threes_points(21) == 7 and fives_threes_points(24) == 8 and fives_threes_points(30) == 16


def test_r35_points_after_each_tile_and_one_more_for_the_last_tile():
    """R35: "After each tile is laid (the opening tile included), the count of the two ends (R41) scores one
    point per multiple of 3 plus one point per multiple of 5" ... "Laying the last tile scores one more
    point, added to that play's points." """
    m, events = start("fives_threes", OUT11_HANDS, OUT11_STOCK)
    assert events[1]["points"] == 4 and current_count(m) == 12  # 6-6 alone: 12
    m, more = run(m, OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW)
    assert [p for _, _, p in _play_points(events + more)] == [4, 0, 3, 2, 2, 0, 4, 1, 0, 1, 0, 2, 2]
    assert current_count(m) == 5  # the last play: 1 point for the count of 5, 1 for the last tile
    assert m.round.result == "domino"
    assert m.scores == (15, 6)  # none of R33's scoring: seat 1's 11 pips give nothing


def test_r35_a_blocked_round_scores_nothing_more():
    """R35: "A blocked round scores nothing more (the points already scored by its plays stand)." """
    m, events = start("fives_threes", CLOSE_HANDS)
    m, more = run(m, CLOSE_SCRIPT)
    assert m.round.result == "blocked"
    assert m.round.winner is None
    assert (
        m.scores
        == (9, 3)
        == tuple(sum(p for s, _, p in _play_points(events + more) if s == seat) for seat in (0, 1))
    )


def test_r35_a_play_that_would_pass_61_scores_nothing_and_61_ends_the_match():
    """R35: "A side must reach exactly 61: a play whose points would take it past 61 scores nothing (the
    tile is still laid). The match ends the moment a side reaches 61." """
    with pytest.raises(RuleError) as err:
        new_match("fives_threes", 2, 100)
    assert err.value.code == "bad_target"
    m, events = start("fives_threes", OUT11_HANDS, OUT11_STOCK, scores=(59, 0))
    assert m.round.line.center == (6, 6)  # 12 would give 4 points: 63, so nothing
    assert events[1]["points"] == 0 and m.scores == (59, 0)
    m, more = run(m, OUT11_BEFORE_DRAW[:3])  # 5-6: 9 (3 points, 62: nothing); 4-5: 10 (2 points)
    assert _play_points(more) == [(1, "4-6", 0), (0, "5-6", 0), (1, "4-5", 2)]
    assert m.round.line.left == ((6, 5),)
    assert m.scores == (59, 2) and m.status == PLAYING
    m, more = run(m, OUT11_BEFORE_DRAW[3:4])  # 1-5: 6, 2 points: 61 exactly
    assert _play_points(more) == [(0, "1-5", 2)]
    assert m.scores == (61, 2)
    assert m.status == OVER and m.winner == 0
    assert m.round.result == "unfinished"
    with pytest.raises(RuleError) as err:
        apply(m, Action("play", 1, (5, 5), "right"))
    assert err.value.code == "match_over"
