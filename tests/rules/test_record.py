"""The game record (docs/rules.md §7): its format, and every kind of bad record, refused with its reason."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from games.rules import ALL_TILES
from games.rules.__main__ import play_match
from games.rules.record import ReplayError, replay
from games.rules.tiles import hand_pips, parse_tile
from games.rules.variants import VARIANTS  # the line family's (its tests)


def tiles(*texts: str) -> list[str]:
    return list(texts)


def rest(hands: list[list[str]]) -> list[str]:
    """The tiles of the set that no hand holds, in canonical order: a stock for a hand-made deal."""
    held = {tuple(sorted(int(n) for n in t.split("-"))) for h in hands for t in h}
    return [f"{a}-{b}" for a, b in ALL_TILES if (a, b) not in held]


def refused(record: Any) -> ReplayError:
    with pytest.raises(ReplayError) as caught:
        replay(record)
    error = caught.value
    assert str(error) == f"{error.where}: {error.reason}"
    return error


# The example of docs/rules.md §7: three seats of `draw`. Seat 0 holds 6-6, the highest double, and lays
# it (R10); 3-6 fits both ends showing 6, so its end is written; seat 2 holds no 3 and no 6, and
# draws 1-2 (no fit) then 2-3 (fits the 3), which it plays (R20).
DRAW3: dict[str, Any] = json.loads(
    """
{
  "variant": "draw",
  "seats": 3,
  "target": 100,
  "rounds": [
    {
      "hands": [
        ["6-6", "0-3", "1-3", "1-5", "2-2", "3-3", "4-4"],
        ["3-6", "0-6", "1-6", "2-4", "2-5", "3-4", "5-5"],
        ["0-0", "0-1", "0-2", "0-4", "0-5", "1-1", "1-4"]
      ],
      "stock": ["1-2", "2-3", "2-6", "3-5", "4-5", "4-6", "5-6"],
      "actions": [
        {"seat": 0, "play": "6-6"},
        {"seat": 1, "play": "3-6", "end": "right"},
        {"seat": 2, "draw": "1-2"},
        {"seat": 2, "draw": "2-3"},
        {"seat": 2, "play": "2-3", "end": "right"}
      ]
    }
  ]
}
"""
)
DRAW3_RESULT = {
    "rounds": [{"result": "unfinished", "winner": None, "points": [0, 0, 0], "pips_left": [31, 43, 22]}],
    "scores": [0, 0, 0],
    "winner": None,
}

# Two seats of `family`: seat 0 lays 6-6 (R10); seat 1's 0-6 fits both ends, and on either end
# it can attach by its 6 (leaving 0 open) or by its wild blank (leaving 6 open) (R22).
FAMILY2: dict[str, Any] = json.loads(
    """
{
  "variant": "family",
  "seats": 2,
  "rounds": [
    {
      "hands": [
        ["6-6", "1-2", "1-3", "1-4", "2-3", "2-4", "3-4"],
        ["0-6", "1-1", "1-5", "2-5", "3-5", "4-5", "5-5"]
      ],
      "stock": [
        "0-0", "0-1", "0-2", "0-3", "0-4", "0-5", "1-6",
        "2-2", "2-6", "3-3", "3-6", "4-4", "4-6", "5-6"
      ],
      "actions": [
        {"seat": 0, "play": "6-6"},
        {"seat": 1, "play": "0-6", "end": "left", "open": 0}
      ]
    }
  ]
}
"""
)


def draw3(actions: list[dict[str, Any]] | None = None, **changes: Any) -> dict[str, Any]:
    record = copy.deepcopy(DRAW3)
    if actions is not None:
        record["rounds"][0]["actions"] = actions
    record.update(changes)
    return record


def draw3_actions(index: int, action: dict[str, Any]) -> list[dict[str, Any]]:
    """The example's actions up to ``index``, with ``action`` written at ``index``."""
    return copy.deepcopy(DRAW3["rounds"][0]["actions"][:index]) + [action]


def one_round(variant: str, seats: int, hands: list[list[str]], stock: list[str] | None = None, **more: Any):
    rd: dict[str, Any] = {"hands": hands, "stock": rest(hands) if stock is None else stock, "actions": []}
    return {"variant": variant, "seats": seats, "rounds": [rd], **more}


# --- The format --------------------------------------------------------------------------------


def test_rules_example_replays():
    assert replay(DRAW3) == DRAW3_RESULT


def test_rules_example_goes_on_from_its_last_action():
    actions = DRAW3["rounds"][0]["actions"] + [
        {"seat": 0, "play": "2-2"},  # fits only the right end (2): "end" may be left out
        {"seat": 1, "play": "2-5", "end": "right"},
        {"seat": 2, "play": "0-5"},
    ]
    result = replay(draw3(actions))
    assert result["rounds"][0]["pips_left"] == [27, 36, 17]
    assert result["rounds"][0]["result"] == "unfinished"


def test_tiles_may_be_written_in_either_order():
    record = draw3()
    rd = record["rounds"][0]
    rd["hands"][1] = ["6-3", "6-0", "6-1", "4-2", "5-2", "4-3", "5-5"]
    rd["stock"] = ["2-1", "3-2", "6-2", "5-3", "5-4", "6-4", "6-5"]
    rd["actions"][1]["play"] = "6-3"
    rd["actions"][2]["draw"] = "2-1"
    assert replay(record) == DRAW3_RESULT


def test_forced_actions_may_be_left_out():
    """§7: the forced opening (R10) and the forced draws (R20) are done by the replay."""
    actions = DRAW3["rounds"][0]["actions"]
    for kept in ([1, 4], [0, 1, 4], [1, 2, 4], [0, 1, 2, 4], [0, 1, 2, 3, 4]):
        assert replay(draw3([actions[i] for i in kept])) == DRAW3_RESULT, kept


def test_a_written_draw_stands_for_the_next_forced_draw():
    """§7: a written draw by the seat that must draw stands for its next draw, which must be that
    tile: leaving out the first draw but writing the second is a draw that is not the next tile."""
    actions = DRAW3["rounds"][0]["actions"]
    error = refused(draw3([actions[1], actions[3], actions[4]]))
    assert (error.where, error.code) == ("rounds[0].actions[1]", "not_next_stock_tile")


def test_forced_actions_written_are_checked():
    """A written forced action must be the one the table does: same seat, kind, tile."""
    error = refused(draw3(draw3_actions(2, {"seat": 2, "draw": "2-3"})))
    assert error.where == "rounds[0].actions[2]"
    assert error.code == "not_next_stock_tile"
    assert "1-2" in error.reason and "2-3" in error.reason
    error = refused(draw3(draw3_actions(3, {"seat": 2, "draw": "2-6"})))
    assert error.where == "rounds[0].actions[3]"
    assert error.code == "not_next_stock_tile"
    assert "2-3" in error.reason and "2-6" in error.reason


def test_forced_opening_written_with_another_tile():
    """Not the forced tile: the replay lays 6-6 itself (§7), and seat 0 then plays out of turn."""
    error = refused(draw3([{"seat": 0, "play": "3-3"}]))
    assert error.where == "rounds[0].actions[0]"
    assert error.code == "not_your_turn"
    assert "seat 1" in error.reason


def test_pass_written_where_the_seat_must_draw():
    """The replay draws for seat 2 (R20) first; it then holds 2-3, which fits (R4)."""
    error = refused(draw3(draw3_actions(2, {"seat": 2, "pass": True})))
    assert error.where == "rounds[0].actions[2]"
    assert error.code == "must_play"


def test_auto_and_unknown_keys_are_accepted():
    record = draw3(site="dominos", version=3)
    record["rounds"][0]["comment"] = "hand-made"
    for action in record["rounds"][0]["actions"]:
        action["auto"] = True
        action["note"] = {"anything": [1, 2]}
    assert replay(record) == DRAW3_RESULT


def test_end_may_be_left_out_when_the_tile_fits_one_end():
    actions = copy.deepcopy(DRAW3["rounds"][0]["actions"])
    del actions[4]["end"]  # 2-3 fits only the right end (3)
    assert replay(draw3(actions)) == DRAW3_RESULT


def test_family_open_given():
    assert replay(FAMILY2)["rounds"][0]["pips_left"] == [30, 42]


def test_family_open_given_on_the_blank_end():
    record = copy.deepcopy(FAMILY2)
    # The ends show 0 (left) and 6 (right). Seat 0's 1-2 fits only the blank end, where it can
    # leave 1 or 2 open (R22): it says which.
    record["rounds"][0]["actions"].append({"seat": 0, "play": "1-2", "end": "left", "open": 2})
    result = replay(record)
    assert result["rounds"][0]["pips_left"] == [27, 42]


# --- Bad actions ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "index, action, code, words",
    [
        (1, {"seat": 1, "play": "7-7", "end": "right"}, "bad_tile", ["7-7"]),
        (1, {"seat": 1, "play": "2-3", "end": "right"}, "tile_not_in_hand", ["2-3", "seat 1"]),
        (1, {"seat": 2, "play": "0-0"}, "not_your_turn", ["seat 1", "seat 2"]),
        (1, {"seat": 0, "play": "3-3", "end": "left"}, "not_your_turn", ["seat 1", "seat 0"]),
        (1, {"seat": 1, "play": "2-4"}, "does_not_fit", ["2-4"]),
        (1, {"seat": 1, "play": "2-4", "end": "left"}, "does_not_fit", ["2-4", "left"]),
        (1, {"seat": 1, "pass": True}, "must_play", ["seat 1", "must play"]),
        (1, {"seat": 1, "draw": "1-2"}, "cannot_draw", ["seat 1", "must play"]),
        (1, {"seat": 1, "play": "3-6"}, "end_required", ["3-6", "left", "right"]),
        (1, {"seat": 1, "play": "3-6", "end": "up"}, "bad_end", ["up"]),
        (1, {"seat": 1, "play": "3-6", "end": "middle"}, "bad_end", ["middle"]),
        (1, {"seat": 3, "play": "3-6", "end": "left"}, "bad_seat", ["seat 3"]),
        (1, {"seat": 1}, "bad_action", ["play, draw or pass"]),
        (1, {"seat": 1, "play": "3-6", "pass": True}, "bad_action", ["play, draw or pass"]),
        (1, {"play": "3-6", "end": "left"}, "bad_action", ["seat"]),
        (1, {"seat": 1, "pass": False}, "bad_action", ["pass"]),
        (1, ["seat", 1], "bad_action", ["object"]),
        (5, {"seat": 0, "play": "2-2", "end": "left"}, "does_not_fit", ["2-2", "left"]),
    ],
)
def test_illegal_action_is_refused_with_its_place_and_reason(
    index: int, action: Any, code: str, words: list[str]
):
    actions = draw3_actions(index, action) if index < 5 else DRAW3["rounds"][0]["actions"] + [action]
    error = refused(draw3(actions))
    assert error.where == f"rounds[0].actions[{index}]"
    assert error.code == code
    for word in words:
        assert word in error.reason, (word, error.reason)


def test_refused_action_at_later_index_names_it():
    actions = DRAW3["rounds"][0]["actions"] + [{"seat": 0, "play": "6-6"}]
    error = refused(draw3(actions))
    assert error.where == "rounds[0].actions[5]"
    assert error.code == "tile_not_in_hand"


def test_family_wild_tile_needs_its_end_and_open():
    record = copy.deepcopy(FAMILY2)
    actions = record["rounds"][0]["actions"]
    actions[1] = {"seat": 1, "play": "0-6"}
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0].actions[1]", "end_required")
    actions[1] = {"seat": 1, "play": "0-6", "end": "left"}
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0].actions[1]", "open_required")
    assert "0" in error.reason and "6" in error.reason and "0-6" in error.reason
    actions[1] = {"seat": 1, "play": "0-6", "end": "left", "open": 3}
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0].actions[1]", "bad_open")
    actions[1] = {"seat": 1, "play": "0-6", "end": "left", "open": 7}
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0].actions[1]", "bad_open")
    actions[1] = {"seat": 1, "play": "0-6", "end": "left", "open": 6}
    assert replay(record)["rounds"][0]["pips_left"] == [30, 42]


def test_family_open_is_required_on_the_blank_end():
    record = copy.deepcopy(FAMILY2)
    record["rounds"][0]["actions"].append({"seat": 0, "play": "1-2", "end": "left"})
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0].actions[2]", "open_required")


# --- Bad deals -----------------------------------------------------------------------------------


def draw3_deal(hands: Any = None, stock: Any = None) -> dict[str, Any]:
    record = draw3()
    rd = record["rounds"][0]
    if hands is not None:
        rd["hands"] = hands
    if stock is not None:
        rd["stock"] = stock
    return record


def test_deal_with_a_tile_dealt_twice():
    hands = copy.deepcopy(DRAW3["rounds"][0]["hands"])
    hands[2][6] = "6-3"  # seat 1 holds 3-6 already; 1-4 is dealt to nobody
    error = refused(draw3_deal(hands))
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "3-6" in error.reason and "twice" in error.reason


def test_deal_with_a_hand_of_the_wrong_size():
    hands = copy.deepcopy(DRAW3["rounds"][0]["hands"])
    stock = DRAW3["rounds"][0]["stock"] + [hands[0].pop()]
    error = refused(draw3_deal(hands, stock))
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "seat 0" in error.reason and "6 tiles" in error.reason


def test_deal_with_the_wrong_number_of_hands():
    hands = copy.deepcopy(DRAW3["rounds"][0]["hands"])
    stock = DRAW3["rounds"][0]["stock"] + hands.pop()
    error = refused(draw3_deal(hands, stock))
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "2 hands" in error.reason and "3 seats" in error.reason


def test_deal_missing_a_tile():
    error = refused(draw3_deal(stock=DRAW3["rounds"][0]["stock"][:-1]))
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "27" in error.reason and "28" in error.reason


def test_deal_with_an_unknown_tile():
    hands = copy.deepcopy(DRAW3["rounds"][0]["hands"])
    hands[1][2] = "7-7"
    error = refused(draw3_deal(hands))
    assert (error.where, error.code) == ("rounds[0].hands[1]", "bad_tile")
    assert "7-7" in error.reason
    error = refused(draw3_deal(stock=["1-2", "2-3", "2-6", "3-5", "4-5", "4-6", "6-7"]))
    assert (error.where, error.code) == ("rounds[0].stock", "bad_tile")
    assert "6-7" in error.reason


def test_deal_that_is_not_a_list():
    error = refused(draw3_deal(hands={"0": []}))
    assert error.where == "rounds[0].hands"
    error = refused(draw3_deal(stock="1-2"))
    assert error.where == "rounds[0].stock"


FIVE_DOUBLES = [
    ["0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2"],
    ["5-5", "0-3", "0-4", "0-5", "0-6", "1-2", "1-3"],
]
FOUR_DOUBLES = [
    ["0-0", "1-1", "2-2", "3-3", "0-1", "0-2", "0-3"],
    ["4-4", "5-5", "0-4", "0-5", "0-6", "1-2", "1-3"],
]
NO_DOUBLE = [
    ["0-1", "0-2", "0-3", "0-4", "0-5", "0-6", "1-2"],
    ["1-3", "1-4", "1-5", "1-6", "2-3", "2-4", "2-5"],
]


@pytest.mark.parametrize("variant", ["draw", "block"])
def test_deal_with_five_doubles_in_a_hand_is_redealt_r11(variant: str):
    error = refused(one_round(variant, 2, FIVE_DOUBLES))
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "seat 0" in error.reason and "R11" in error.reason
    replay(one_round(variant, 2, FOUR_DOUBLES))  # four doubles are dealt


@pytest.mark.parametrize("variant", ["family", "classic", "all_fives", "fives_threes"])
def test_five_doubles_are_dealt_where_r11_does_not_apply(variant: str):
    result = replay(one_round(variant, 2, FIVE_DOUBLES))
    # Not refused: seat 1 lays the highest double, 5-5, as R10 says, and the round goes on.
    assert result["rounds"][0]["result"] == "unfinished"
    assert result["rounds"][0]["pips_left"][1] == hand_pips(tuple(map(parse_tile, FIVE_DOUBLES[1]))) - 10


@pytest.mark.parametrize("variant", ["classic", "all_fives", "fives_threes"])
def test_deal_with_no_double_in_hand_is_redealt_r10(variant: str):
    error = refused(one_round(variant, 2, NO_DOUBLE))
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "no hand holds a double" in error.reason and "R10" in error.reason


@pytest.mark.parametrize("variant", ["draw", "block", "family"])
def test_deal_with_no_double_in_hand_opens_with_the_heaviest_tile_r10(variant: str):
    record = one_round(variant, 2, NO_DOUBLE)
    # 1-6 and 2-5 weigh 7 pips; 1-6 carries the higher number, so it is the heaviest.
    record["rounds"][0]["actions"] = [{"seat": 1, "play": "1-6"}]
    assert replay(record)["rounds"][0]["pips_left"] == [24, 33]
    record["rounds"][0]["actions"] = [{"seat": 1, "play": "2-5"}]
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0].actions[0]", "not_your_turn")


# --- Variant, seats, target ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes, where, code",
    [
        ({"variant": "poker"}, "variant", "bad_variant"),
        ({"variant": None}, "variant", "bad_variant"),
        ({"seats": 5}, "seats", "bad_seats"),
        ({"seats": "3"}, "seats", "bad_seats"),
        ({"target": 75}, "target", "bad_target"),
        ({"target": 150}, "target", "bad_target"),
        ({"target": "100"}, "target", "bad_target"),
        ({"target": 0}, "target", "bad_target"),
        ({"rounds": []}, "rounds", "bad_record"),
        ({"rounds": None}, "rounds", "bad_record"),
    ],
)
def test_bad_record_header(changes: dict[str, Any], where: str, code: str):
    error = refused(draw3(**changes))
    assert (error.where, error.code) == (where, code)


def test_record_that_is_not_an_object():
    assert refused([DRAW3]).where == "record"


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_target_the_variant_allows_is_accepted(variant: str):
    rules = VARIANTS[variant]
    for target in rules.targets:
        assert play_match(variant, rules.min_seats, "t", target=target)["target"] == target
        replay(play_match(variant, rules.min_seats, "t", target=target))
    bad = max(rules.targets) + 1
    record = play_match(variant, rules.min_seats, "t")
    record["target"] = bad
    error = refused(record)
    assert (error.where, error.code) == ("target", "bad_target")
    assert str(bad) in error.reason


def test_target_written_as_the_string_default_is_refused():
    error = refused(draw3(target="default"))
    assert (error.where, error.code) == ("target", "bad_target")


# --- Seeds ---------------------------------------------------------------------------------------


def test_seed_that_deals_the_hands_is_accepted_and_checked():
    record = play_match("draw", 3, "seeded")
    rd = record["rounds"][0]
    assert "seed" in rd
    expected = replay(record)
    shuffled = copy.deepcopy(record)
    shuffled["rounds"][0]["hands"] = [list(reversed(h)) for h in rd["hands"]]  # order within a hand
    assert replay(shuffled) == expected
    wrong = copy.deepcopy(record)
    wrong["rounds"][0]["seed"] = rd["seed"] + "0"
    error = refused(wrong)
    assert (error.where, error.code) == ("rounds[0].seed", "seed_mismatch")
    assert "R12" in error.reason
    swapped = copy.deepcopy(record)
    hands = swapped["rounds"][0]["hands"]
    hands[0], hands[1] = hands[1], hands[0]
    error = refused(swapped)
    assert (error.where, error.code) == ("rounds[0].seed", "seed_mismatch")
    restocked = copy.deepcopy(record)
    stock = restocked["rounds"][0]["stock"]
    stock[0], stock[1] = stock[1], stock[0]
    error = refused(restocked)
    assert (error.where, error.code) == ("rounds[0].seed", "seed_mismatch")
    for bad in ("", None, 7):
        empty = copy.deepcopy(record)
        empty["rounds"][0]["seed"] = bad
        assert refused(empty).where == "rounds[0].seed"


def test_a_bad_deal_with_a_seed_is_refused_as_a_bad_deal():
    """The deal is checked before its seed: the message names what is wrong with the deal."""
    record = play_match("draw", 3, "seeded")
    hands = record["rounds"][0]["hands"]
    hands[0][0] = hands[1][0]  # a tile dealt twice
    error = refused(record)
    assert (error.where, error.code) == ("rounds[0]", "bad_deal")
    assert "twice" in error.reason


def test_a_deal_without_a_seed_is_not_checked_against_one():
    record = play_match("draw", 3, "seeded")
    replayed = replay(record)
    wrong = copy.deepcopy(record)
    wrong["rounds"][0]["seed"] += "0"
    assert refused(wrong).code == "seed_mismatch"  # given, a seed is checked
    del record["rounds"][0]["seed"]
    assert replay(record) == replayed  # left out, the same deal replays as it stands


# --- Rounds and the end of the match -------------------------------------------------------------


def match_with_rounds(variant: str, seats: int, at_least: int, target: Any = "default") -> dict[str, Any]:
    for n in range(500):
        record = play_match(variant, seats, f"long-{n}", target=target)
        if len(record["rounds"]) >= at_least:
            return record
    raise AssertionError("no such match")  # pragma: no cover


def test_nothing_may_follow_the_end_of_a_round():
    record = match_with_rounds("draw", 2, 2)
    n = len(record["rounds"][0]["actions"])
    record["rounds"][0]["actions"].append({"seat": 0, "pass": True})
    error = refused(record)
    assert (error.where, error.code) == (f"rounds[0].actions[{n}]", "round_over")
    assert "round is over" in error.reason


@pytest.mark.parametrize("variant", ["classic", "all_fives", "fives_threes", "draw"])
def test_nothing_may_follow_the_end_of_the_match(variant: str):
    record = play_match(variant, 2, "over")
    assert replay(record)["winner"] is not None
    last = len(record["rounds"]) - 1
    n = len(record["rounds"][last]["actions"])
    more = copy.deepcopy(record)
    more["rounds"][last]["actions"].append({"seat": 1, "play": "6-6"})
    error = refused(more)
    assert (error.where, error.code) == (f"rounds[{last}].actions[{n}]", "match_over")
    more = copy.deepcopy(record)
    more["rounds"].append(copy.deepcopy(record["rounds"][0]))
    error = refused(more)
    assert (error.where, error.code) == (f"rounds[{last + 1}]", "match_over")
    assert "over" in error.reason


def test_only_the_last_round_may_be_unfinished():
    record = match_with_rounds("draw", 3, 2)
    record["rounds"][0]["actions"] = record["rounds"][0]["actions"][:3]
    error = refused(record)
    assert (error.where, error.code) == ("rounds[1]", "unfinished")
    assert "rounds[0]" in error.reason
    del record["rounds"][1:]
    result = replay(record)
    assert result["rounds"][0]["result"] == "unfinished" and result["rounds"][0]["winner"] is None


def first_round_scoring(variant: str, seats: int, low: int, high: int) -> dict[str, Any]:
    """A one-round record whose winner scores from ``low`` to ``high - 1`` points."""
    for n in range(2000):
        record = play_match(variant, seats, f"first-{n}", target=None)
        record["rounds"] = record["rounds"][:1]
        record["target"] = None
        if low <= max(replay(record)["scores"]) < high:
            return record
    raise AssertionError("no such round")  # pragma: no cover


@pytest.mark.parametrize(
    "variant, seats, low, high, default",
    [("draw", 4, 50, 100, 100), ("block", 3, 50, 100, 100), ("classic", 2, 50, 100, 50)],
)
def test_target_left_out_is_the_variants_default(variant: str, seats: int, low: int, high: int, default: int):
    record = first_round_scoring(variant, seats, low, high)
    result = replay(record)
    assert result["winner"] is None  # target null
    points = max(result["scores"])
    top = result["scores"].index(points)
    del record["target"]
    assert replay(record)["winner"] == (top if points >= default else None)
    record["target"] = 50
    assert replay(record)["winner"] == top
    record["target"] = 100
    assert replay(record)["winner"] is None


@pytest.mark.parametrize("variant, seats", [("draw", 2), ("block", 4), ("family", 3), ("classic", 2)])
def test_target_null_is_five_rounds_with_no_winner(variant: str, seats: int):
    record = play_match(variant, seats, "daily", target=None)
    assert record["target"] is None and len(record["rounds"]) == 5
    result = replay(record)
    assert len(result["rounds"]) == 5 and result["winner"] is None
    assert sum(result["scores"]) > 0
    assert all(r["result"] in ("domino", "blocked", "closed") for r in result["rounds"])
    more = copy.deepcopy(record)
    more["rounds"].append(copy.deepcopy(record["rounds"][0]))
    error = refused(more)
    assert (error.where, error.code) == ("rounds[5]", "match_over")
    fewer = copy.deepcopy(record)
    del fewer["rounds"][3:]
    assert replay(fewer)["winner"] is None and len(replay(fewer)["rounds"]) == 3


def test_round_that_is_not_an_object():
    record = draw3()
    record["rounds"] = ["round"]
    assert refused(record).where == "rounds[0]"
    record = draw3()
    record["rounds"][0]["actions"] = {"0": {}}
    assert refused(record).where == "rounds[0].actions"


def test_a_state_read_back_from_json_with_its_keys_reordered_is_the_same_state():
    # PostgreSQL's jsonb keeps an object's keys in an order of its own ("up" before
    # "left"); the order of the open ends must not depend on it (R52 plays on the
    # first end, in the order left, right, up, down).
    import json

    from games.rules import apply, deal_round, from_json, new_match, table_play, to_json

    match, _ = deal_round(new_match("all_fives", 2), "clés")
    while match.status == "playing" and (match.round.line is None or len(match.round.line.ends) < 4):
        match, _ = apply(match, table_play(match))
    assert match.round.line is not None and len(match.round.line.ends) == 4

    def reordered(value):  # every object's keys sorted by length, then alphabetically, as jsonb does
        if isinstance(value, dict):
            return {k: reordered(value[k]) for k in sorted(value, key=lambda k: (len(k), k))}
        if isinstance(value, list):
            return [reordered(v) for v in value]
        return value

    data = to_json(match)
    assert list(reordered(data)["round"]["line"]["ends"]) != list(data["round"]["line"]["ends"])
    again = from_json(json.loads(json.dumps(reordered(data))))
    assert again == match
    assert table_play(again) == table_play(match)
