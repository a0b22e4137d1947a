"""docs/rules.md §4, the spinner and the count: R40-R41."""

from __future__ import annotations

import pytest

from games.rules import RuleError, current_count, legal_actions
from games.rules.line import count, open_line, place
from tests.rules.helpers import (
    OUT11_AFTER_DRAW,
    OUT11_BEFORE_DRAW,
    OUT11_HANDS,
    OUT11_STOCK,
    ends,
    play,
    run,
    start,
    t,
)


def _lay(line, *halves, end="left", spinner=True):
    """Lay tiles on ``end``, each given as (inner, outer) halves."""
    for inner, outer in halves:
        line = place(line, end, inner, outer, spinner)
    return line


# --- R40 Spinner ---------------------------------------------------------------------------------------


def test_r40_an_opening_double_is_the_spinner_up_and_down_open_once_both_long_sides_carry_a_tile():
    """R40: "The first double laid is the spinner. Its two long sides (`left`, `right`) are played on
    first; once both carry a tile, its two ends (`up`, `down`) may be played on too, giving up to four
    arms." """
    line = open_line((5, 5), True)
    assert line.spinner == "center"
    assert dict(line.ends) == {"left": 5, "right": 5}
    line = _lay(line, (5, 3), end="left")
    assert dict(line.ends) == {"left": 3, "right": 5}
    line = _lay(line, (5, 2), end="right")
    assert dict(line.ends) == {"left": 3, "right": 2, "up": 5, "down": 5}
    line = _lay(line, (5, 1), end="up")
    assert dict(line.ends) == {"left": 3, "right": 2, "up": 1, "down": 5}
    line = _lay(line, (5, 4), end="down")
    assert dict(line.ends) == {"left": 3, "right": 2, "up": 1, "down": 4}


def test_r40_a_double_laid_after_the_opening_is_the_spinner():
    """R40: "The first double laid is the spinner." """
    line = open_line((3, 4), True)
    assert line.spinner == ""
    line = _lay(line, (4, 4), end="right")
    assert line.spinner == "right"
    assert dict(line.ends) == {"left": 3, "right": 4}  # one long side carries the 3-4, the other nothing
    line = _lay(line, (4, 1), end="right")
    assert dict(line.ends) == {"left": 3, "right": 1, "up": 4, "down": 4}
    line = _lay(line, (4, 6), end="up")
    assert dict(line.ends) == {"left": 3, "right": 1, "up": 6, "down": 4}


def test_r40_only_the_first_double_is_a_spinner():
    """R40: "Only the first double is a spinner." """
    line = _lay(open_line((3, 4), True), (4, 4), (4, 1), end="right")
    line = _lay(line, (3, 3), end="left")
    assert line.spinner == "right"
    assert dict(line.ends) == {"left": 3, "right": 1, "up": 4, "down": 4}
    line = _lay(line, (3, 2), end="left")
    assert dict(line.ends) == {"left": 2, "right": 1, "up": 4, "down": 4}
    # Without a spinner (every variant but all_fives), no double opens more ends.
    plain = _lay(_lay(open_line((5, 5), False), (5, 3), end="left"), (5, 2), end="right")
    assert plain.spinner == ""
    assert dict(plain.ends) == {"left": 3, "right": 2}


def test_r40_in_play_the_spinner_opens_up_and_down_in_all_fives_only():
    """R40 **Spinner** (`all_fives`): "once both carry a tile, its two ends (`up`, `down`) may be played on
    too, giving up to four arms. Only the first double is a spinner." """
    m, _ = start("all_fives", OUT11_HANDS, OUT11_STOCK)
    m, _ = run(m, OUT11_BEFORE_DRAW[:1])  # 4-6 on the right of the opening 6-6
    assert ends(m) == {"left": 6, "right": 4}
    assert {a.end for a in legal_actions(m)} == {"left"}
    with pytest.raises(RuleError) as err:
        play(m, 0, "2-6", "up")  # not open yet
    assert err.value.code == "bad_end"
    m, _ = run(m, OUT11_BEFORE_DRAW[1:2])  # 5-6 on its left: both long sides carry a tile
    assert ends(m) == {"left": 5, "right": 4, "up": 6, "down": 6}
    m, _ = run(m, OUT11_BEFORE_DRAW[2:3])
    legal = {(a.tile, a.end) for a in legal_actions(m)}
    assert {(t("2-6"), "up"), (t("2-6"), "down"), (t("1-6"), "up"), (t("1-6"), "down")} <= legal
    m, _ = run(m, OUT11_BEFORE_DRAW[3:5])  # 5-5 on the right: not a spinner
    assert ends(m) == {"left": 1, "right": 5, "up": 6, "down": 6}
    for variant in ("classic", "fives_threes"):
        m, _ = start(variant, OUT11_HANDS, OUT11_STOCK)
        m, _ = run(m, OUT11_BEFORE_DRAW[:2])
        assert ends(m) == {"left": 5, "right": 4}
        with pytest.raises(RuleError) as err:
            play(m, 1, "4-5", "up")
        assert err.value.code == "bad_end"


# --- R41 The count -------------------------------------------------------------------------------------


@pytest.mark.parametrize("spinner", [True, False])
def test_r41_a_lone_opening_tile_5_5_counts_10_and_6_4_counts_10(spinner):
    """R41: "A lone opening double counts both halves (5-5 alone counts 10; 6-4 alone counts 10)." """
    assert count(open_line((5, 5), spinner)) == 10
    assert count(open_line((4, 6), spinner)) == 10
    assert count(open_line((6, 6), spinner)) == 12
    assert count(open_line((0, 0), spinner)) == 0


def test_r41_the_spinner_counts_both_halves_until_both_long_sides_carry_a_tile_then_nothing():
    """R41: "The spinner counts both halves until both its long sides carry a tile, then nothing; an arm of
    the spinner that carries no tile yet counts nothing." """
    line = _lay(open_line((5, 5), True), (5, 3), end="left")
    assert count(line) == 3 + 10
    line = _lay(line, (5, 2), end="right")
    assert count(line) == 3 + 2  # up and down are open, but carry no tile: nothing
    line = _lay(line, (5, 1), end="up")
    assert count(line) == 3 + 2 + 1  # down carries no tile: nothing
    line = _lay(line, (5, 4), end="down")
    assert count(line) == 3 + 2 + 1 + 4
    # A spinner laid after the opening tile: both halves until its outer long side carries a tile.
    line = _lay(open_line((3, 4), True), (4, 4), end="right")
    assert count(line) == 3 + 8
    line = _lay(line, (4, 1), end="right")
    assert count(line) == 3 + 1
    line = _lay(line, (4, 5), end="up")
    assert count(line) == 3 + 1 + 5


def test_r41_a_double_at_the_end_of_an_arm_counts_both_halves():
    """R41: "The sum of the open ends' numbers, where a double lying crosswise at the end of an arm (or of
    the line) counts both halves." """
    line = _lay(open_line((5, 5), True), (5, 3), (3, 3), end="left")
    assert count(line) == 6 + 10
    line = _lay(line, (5, 2), (2, 2), end="right")
    assert count(line) == 6 + 4
    line = _lay(line, (5, 6), (6, 6), end="up")
    assert count(line) == 6 + 4 + 12
    # Without a spinner (fives_threes): the doubles at either end of the line count both halves.
    line = open_line((6, 6), False)
    line = _lay(line, (6, 2), end="left", spinner=False)
    assert count(line) == 2 + 12  # the opening double is still the right end of the line
    line = _lay(line, (6, 3), end="right", spinner=False)
    assert count(line) == 2 + 3
    line = _lay(line, (3, 3), end="right", spinner=False)
    assert count(line) == 2 + 6
    line = _lay(line, (2, 2), end="left", spinner=False)
    assert count(line) == 4 + 6


def test_r41_in_play_the_count_of_the_open_ends():
    """R41 **The count** (`all_fives`, `fives_threes`): "The sum of the open ends' numbers" """
    m, _ = start("all_fives", OUT11_HANDS, OUT11_STOCK)
    counts = [current_count(m)]
    for step in OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW:
        m, _ = run(m, [step])
        counts.append(current_count(m))
    assert counts == [12, 16, 9, 10, 6, 11, 12, 5, 7, 5, 7, 10, 5]
    m, _ = start("fives_threes", OUT11_HANDS, OUT11_STOCK)
    counts = [current_count(m)]
    for step in OUT11_BEFORE_DRAW + OUT11_AFTER_DRAW:
        m, _ = run(m, [step])
        counts.append(current_count(m))
    assert counts == [12, 16, 9, 10, 6, 11, 12, 5, 7, 5, 7, 10, 5]
    m, _ = start("classic", OUT11_HANDS, OUT11_STOCK)
    assert current_count(m) is None  # classic has no count
