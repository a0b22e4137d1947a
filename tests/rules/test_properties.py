"""Property tests of the rules engine: laws that hold for every seed, variant and number of seats.

Rounds and whole matches are played with random legal choices (a ``random.Random``
seeded by hypothesis). After every step the test checks that the set's tiles (28;
91 in ``chinois``, R70) are conserved (R1), that the state round-trips through JSON, that no view leaks a
hidden tile (R6), and that the points scored follow RULES R30-R35, worked out
again here from the final hands without calling ``games.rules.scoring``. The
record of each match replays (docs/rules.md §7) to the same results, with or without its
forced actions (R5).
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from games.rules import (
    OVER,
    PLAYING,
    ROUND_OVER,
    VARIANTS,
    Action,
    Match,
    apply,
    deal,
    deal_round,
    from_json,
    legal_actions,
    new_match,
    parse_tile,
    round_seed,
    start_round,
    to_json,
    view,
)
from games.rules.__main__ import play_match
from games.rules.record import event_action, replay, replay_match
from games.rules.robots import choose
from games.rules.tiles import tile_set

SETUPS = [(v, n) for v, r in VARIANTS.items() for n in range(r.min_seats, r.max_seats + 1)]
"""Every variant with every number of seats it allows (games/rules/variants.py)."""

FULL_SETS = {v: Counter(tile_set(r.top)) for v, r in VARIANTS.items()}
"""Each variant's set: the 28 tiles of the double-six set, or the 91 of the double-twelve (R70)."""
TILE_TEXT = re.compile(r"(?<![0-9])([0-9]{1,2})-([0-9]{1,2})(?![0-9])")
MAX_ROUNDS = 200

PROPS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LIGHT = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])

seeds = st.text(min_size=1, max_size=20)
setups = st.sampled_from(SETUPS)
rng_seeds = st.integers(min_value=0, max_value=2**32 - 1)


@st.composite
def match_setups(draw: st.DrawFn) -> tuple[str, int, Any]:
    """A variant, a number of seats, and one of its targets (None: the daily challenge)."""
    variant, seats = draw(setups)
    target = draw(st.sampled_from([*VARIANTS[variant].targets, None]))
    return variant, seats, target


# --- Independent rules, written from docs/rules.md --------------------------------------------


def pips_of(hand: Any) -> int:
    return sum(a + b for a, b in hand)


def side_of(variant: str, seat: int) -> int:
    return seat % 2 if variant == "partners" else seat


def expected_count(line: dict[str, Any]) -> int:
    """R41, from the line's JSON form (center, arms of [inner, outer] halves)."""
    a, b = parse_tile(line["center"], 12)
    total = 0
    for name in ("left", "right", "up", "down"):
        arm = line[name]
        if arm:  # the open end of an arm; a double lying crosswise there counts both halves
            inner, outer = arm[-1]
            total += 2 * outer if inner == outer else outer
    # R40: up and down open only once both long sides of the spinner carry a tile, and an
    # arm with no tile counts nothing; so only the two sides of the opening tile remain.
    left, right = line["left"], line["right"]
    if not left and not right:
        total += a + b  # a lone opening tile: both halves (5-5 counts 10, 6-4 counts 10)
    elif not left:
        total += 2 * a if a == b else a
    elif not right:
        total += 2 * b if a == b else b
    return total


def expected_play_points(variant: str, count: int, went_out: bool, score: int, target: Any) -> int:
    """R34 (multiples of 5) and R35 (one point per multiple of 3 and of 5, exactly 61)."""
    if variant == "all_fives":
        return count if count > 0 and count % 5 == 0 else 0
    if variant == "fives_threes":
        points = (count // 3 if count % 3 == 0 else 0) + (count // 5 if count % 5 == 0 else 0)
        points += 1 if went_out else 0
        if target is not None and score + points > target:
            return 0
        return points
    return 0


def round_to_five(n: int) -> int:
    """R34: to the nearest multiple of 5, 1-2 down and 3-4 up."""
    rest = n % 5
    return n - rest if rest <= 2 else n + 5 - rest


def expected_round_end(
    variant: str, hands: list[list[tuple[int, int]]], result: str, last: int, opener: int
) -> tuple[Any, list[int]]:
    """The round's winner and the points each side scores at its end (R30-R35)."""
    pips = [pips_of(h) for h in hands]
    seats = len(hands)
    if result == "domino":
        assert pips[last] == 0, "a domino is won by the seat that laid its last tile (R7)"
    if variant in ("draw", "block"):  # R30
        if result == "domino":
            winner = last
        else:
            low = min(pips)
            tied = [s for s in range(seats) if pips[s] == low]
            winner = min(tied, key=lambda s: (s - opener) % seats)  # the opener first, then play order
        points = [0] * seats
        points[winner] = sum(p for s, p in enumerate(pips) if s != winner)
        return winner, points
    if variant == "partners":  # R31
        team = [pips[0] + pips[2], pips[1] + pips[3]]
        if result == "domino" or team[0] == team[1]:
            side = last % 2
        else:
            side = 0 if team[0] < team[1] else 1
        points = [0, 0]
        points[side] = team[1 - side]
        return side, points
    if VARIANTS[variant].scoring == "family":  # R32 (R76: chinois scores as family)
        if result == "domino":
            return last, pips
        tied = [s for s in range(seats) if pips[s] == min(pips)]
        return (tied[0] if len(tied) == 1 else tied), pips
    if variant == "fives_threes":  # R35: nothing at the end of a round
        return (last if result == "domino" else None), [0, 0]
    # classic (R33), all_fives (R34)
    if result == "domino":
        winner = last
    elif pips[0] == pips[1]:
        return None, [0, 0]
    else:
        winner = 0 if pips[0] < pips[1] else 1
    diff = pips[1 - winner] - pips[winner]
    points = [0, 0]
    points[winner] = round_to_five(diff) if variant == "all_fives" else diff
    return winner, points


def expected_match_end(variant: str, target: Any, number: int, scores: list[int]) -> tuple[bool, Any]:
    """Whether the match is over at the end of round ``number``, and its winner (R9, R32, R61)."""
    if target is None:
        return number >= 5, None
    if VARIANTS[variant].low_score_wins:  # R32, R76
        if max(scores) < target:
            return False, None
        lowest = [s for s, v in enumerate(scores) if v == min(scores)]
        return True, (lowest[0] if len(lowest) == 1 else lowest)
    reached = [s for s, v in enumerate(scores) if v >= target]
    assert len(reached) <= 1
    return bool(reached), (reached[0] if reached else None)


def blocked(variant: str, hands: Any, ends: list[int]) -> bool:
    """R8 (R22 in family and chinois): no hand holds a tile that fits an open end."""
    for hand in hands:
        for a, b in hand:
            for n in ends:
                if a == n or b == n or (VARIANTS[variant].wild_blanks and (a == 0 or b == 0 or n == 0)):
                    return False
    return True


def closed(line_tiles: list[tuple[int, int]], ends: list[int]) -> bool:
    """R23: both ends show the same number and its seven tiles are on the line."""
    return ends[0] == ends[1] and sum(1 for t in line_tiles if ends[0] in t) == 7


# --- Checks run after every step -----------------------------------------------------------


def line_tiles(match: Match) -> list[tuple[int, int]]:
    rnd = match.round
    assert rnd is not None
    return [] if rnd.line is None else rnd.line.tiles()


def check_tiles(match: Match) -> None:
    """R1, R70: hands, stock (or the tiles set aside) and line hold each tile of the set once."""
    rnd = match.round
    assert rnd is not None
    every = [t for h in rnd.hands for t in h] + list(rnd.stock) + line_tiles(match)
    assert len(every) == VARIANTS[match.variant].tiles
    assert Counter(every) == FULL_SETS[match.variant]


def check_json(match: Match) -> None:
    data = json.loads(json.dumps(to_json(match)))
    assert from_json(data) == match
    assert json.loads(json.dumps(to_json(from_json(data)))) == data


def strings(value: Any) -> list[str]:
    """Every string in a JSON value, dictionary keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [*strings(k), *strings(v)]]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def tiles_in(value: Any) -> set[tuple[int, int]]:
    found = set()
    for text in strings(value):
        for a, b in TILE_TEXT.findall(text):
            found.add(parse_tile(f"{a}-{b}", 12))
    return found


def check_views(match: Match) -> None:
    """R6: a seat sees its own hand and the line; never another hand or the stock."""
    rnd = match.round
    assert rnd is not None
    on_line = set(line_tiles(match))
    stock = set(rnd.stock)
    for seat in [None, *range(match.seats)]:
        seen = json.loads(json.dumps(view(match, seat)))
        shown = tiles_in(seen)
        assert not shown & stock, f"seat {seat} sees tiles of the stock: {sorted(shown & stock)}"
        if rnd.result:  # the round is over: every hand is shown to everyone
            hands = {t for h in rnd.hands for t in h}
            assert shown <= hands | on_line
            assert seen["round"]["hands"] == [[f"{a}-{b}" for a, b in h] for h in rnd.hands]
            continue
        own = set() if seat is None else set(rnd.hands[seat])
        assert shown <= own | on_line, f"seat {seat} sees {sorted(shown - own - on_line)}"
        for other in range(match.seats):
            if other != seat:
                assert not shown & set(rnd.hands[other])
        if seat is not None:
            assert sorted(parse_tile(t, 12) for t in seen["hand"]) == sorted(rnd.hands[seat])
        assert seen["round"]["hand_sizes"] == [len(h) for h in rnd.hands]


def check_state(match: Match, heavy: bool = True) -> None:
    check_tiles(match)
    rnd = match.round
    assert rnd is not None
    if match.status == PLAYING:
        # R5: the table has played every forced action; the seat to act has a real choice.
        assert not rnd.result
        assert legal_actions(match) and all(a.seat == rnd.turn for a in legal_actions(match))
        assert all(rnd.hands), "a round with an empty hand is over (R7)"
        if rnd.line is not None:
            ends = [n for _, n in rnd.line.ends]
            if match.variant in ("draw", "block"):
                assert not closed(rnd.line.tiles(), ends), "a closed line ends the round (R23)"
    else:
        assert match.status in (ROUND_OVER, OVER)
        assert legal_actions(match) == []
    if heavy:
        check_json(match)
        check_views(match)


# --- Playing ---------------------------------------------------------------------------------


class Played:
    """What a live match did: its records (with and without forced actions) and per-round results."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.rounds: list[dict[str, Any]] = []
        self.stripped: list[dict[str, Any]] = []
        self.summaries: list[dict[str, Any]] = []
        self.forced_left_out = 0
        self.states: list[Match] = []
        """The state after each deal and after each player's action, in order."""

    def record(self, rounds: list[dict[str, Any]]) -> dict[str, Any]:
        m = self.match
        return {"variant": m.variant, "seats": m.seats, "target": m.target, "rounds": rounds}


def check_events(
    before: Match, after: Match, events: list[dict[str, Any]], round_points: list[int], last: list[int]
) -> None:
    """Play points (R34, R35), round-end scoring (R30-R35) and match end (R9, R32) of one step."""
    variant, target = after.variant, after.target
    scores = list(before.scores)
    rnd = after.round
    assert rnd is not None
    plays = [e for e in events if e["type"] == "play"]
    assert len(plays) <= 1, "one step lays at most one tile"
    for e in plays:
        last[0] = e["seat"]
        side = side_of(variant, e["seat"])
        line = to_json(after)["round"]["line"]
        went_out = not rnd.hands[e["seat"]]
        points = expected_play_points(variant, expected_count(line), went_out, scores[side], target)
        assert e["points"] == points, (e, line)
        scores[side] += points
        round_points[side] += points
    ended = [e for e in events if e["type"] == "round_over"]
    over = [e for e in events if e["type"] == "match_over"]
    if not ended:
        assert after.status == PLAYING and not over
        assert list(after.scores) == scores
        return
    (end,) = ended
    hands = [[parse_tile(t, 12) for t in h] for h in end["hands"]]
    assert hands == [list(h) for h in rnd.hands]
    assert end["pips_left"] == [pips_of(h) for h in hands]
    result = end["result"]
    assert result in ("domino", "blocked", "closed", "unfinished")
    # R34, R35: did this step's play take its side to the target?
    reached = False
    if target is not None and plays and plays[0]["points"]:
        reached = scores[side_of(variant, plays[0]["seat"])] >= target
    if reached:
        # R34, R35: the match ends the moment a side reaches the target; nothing more is scored.
        assert after.status == OVER and over
        assert end["points"] == round_points
        assert list(after.scores) == scores
        assert after.winner == side_of(variant, plays[0]["seat"])
        if variant == "fives_threes":
            assert scores[after.winner] == target, "61 is reached exactly (R35)"
        if result == "unfinished":
            assert end["winner"] is None
        return
    # Why the round ended.
    ends = [n for _, n in rnd.line.ends] if rnd.line else []
    if result == "domino":
        assert not rnd.hands[last[0]]
    elif result == "closed":
        assert variant in ("draw", "block") and closed(rnd.line.tiles(), ends)
    else:
        assert result == "blocked"
        assert all(rnd.hands), "a round that someone went out of ends by domino (R8)"
        assert blocked(variant, rnd.hands, ends), "a blocked round: no seat holds a tile that fits (R8)"
        if VARIANTS[variant].draws:
            assert not rnd.stock, "a round is not blocked while a tile can be drawn (R8)"
    winner, awarded = expected_round_end(variant, hands, result, last[0], rnd.opener)
    winner = list(winner) if isinstance(winner, list) else winner
    assert end["winner"] == winner, (end, winner)
    assert end["points"] == [p + a for p, a in zip(round_points, awarded, strict=True)], (end, awarded)
    scores = [s + a for s, a in zip(scores, awarded, strict=True)]
    assert list(after.scores) == scores
    done, match_winner = expected_match_end(variant, target, rnd.number, scores)
    assert (after.status == OVER) == done == bool(over)
    if done:
        won = after.winner
        assert (list(won) if isinstance(won, tuple) else won) == match_winner
        assert over[0]["winner"] == match_winner and over[0]["scores"] == scores
    else:
        assert after.status == ROUND_OVER and after.winner is None


def play(
    variant: str,
    seats: int,
    seed: str,
    rng: random.Random,
    target: Any = "default",
    max_rounds: int = MAX_ROUNDS,
    heavy: bool = True,
) -> Played:
    """Play a match with random legal choices, checking every step; build its records as
    ``games/rules/__main__.py``'s ``play_match`` does."""
    rules = VARIANTS[variant]
    match = new_match(variant, seats, target)
    played = Played(match)
    while match.status != OVER and len(played.rounds) < max_rounds:
        rs = round_seed(seed, len(played.rounds) + 1)
        dealt = deal(rs, rules, seats)
        before = match
        match, events = start_round(match, dealt.hands, dealt.stock)
        assert events[0]["type"] == "round_started"
        assert events[0]["hand_sizes"] == [len(h) for h in dealt.hands]
        if heavy:
            alt, _ = deal_round(before, rs)
            assert alt == match, "deal_round(seed) is start_round(deal(seed))"
        round_points = [0] * rules.sides(seats)
        last = [-1]
        check_state(match, heavy)
        check_events(before, match, events, round_points, last)
        played.states.append(match)
        all_events = list(events)
        steps = 0
        while match.status == PLAYING:
            steps += 1
            assert steps <= rules.tiles, "a round ends within as many plays as the set has tiles"
            action = rng.choice(match.round.legal)
            before = match
            snapshot = json.dumps(to_json(before))
            match, events = apply(match, action)
            assert json.dumps(to_json(before)) == snapshot, "apply returns a new state, the old one stands"
            check_state(match, heavy)
            check_events(before, match, events, round_points, last)
            played.states.append(match)
            all_events += events
        assert match.round is not None and match.round.result
        assert len(all_events) <= rules.tiles * (seats + 2)
        wild = rules.wild_blanks
        actions = [a for e in all_events if (a := event_action(e, wild))]
        own = [a for e in all_events if not e.get("forced") and (a := event_action(e, wild))]
        assert all("play" in a for a in own), "draws and passes are always forced (R5)"
        played.forced_left_out += len(actions) - len(own)
        base = {"seed": rs, "hands": [[f"{a}-{b}" for a, b in h] for h in dealt.hands]}
        base["stock"] = [f"{a}-{b}" for a, b in dealt.stock]
        played.rounds.append({**base, "actions": actions})
        played.stripped.append({**base, "actions": own})
        (end,) = [e for e in all_events if e["type"] == "round_over"]
        played.summaries.append({k: end[k] for k in ("result", "winner", "points", "pips_left")})
    played.match = match
    return played


def live_result(played: Played) -> dict[str, Any]:
    winner = played.match.winner
    return {
        "rounds": played.summaries,
        "scores": list(played.match.scores),
        "winner": list(winner) if isinstance(winner, tuple) else winner,
    }


# --- The properties --------------------------------------------------------------------------


@PROPS
@given(setup=setups, seed=seeds, rng_seed=rng_seeds)
def test_rounds_conserve_tiles_hide_hands_and_round_trip(setup: tuple[str, int], seed: str, rng_seed: int):
    """R1, R5, R6, R8, R30-R35 and JSON round-trips, at every step of two rounds."""
    variant, seats = setup
    played = play(variant, seats, seed, random.Random(rng_seed), max_rounds=2)
    assert 1 <= len(played.rounds) <= 2


@PROPS
@given(setup=match_setups(), seed=seeds, rng_seed=rng_seeds)
def test_whole_matches_end_score_and_replay(setup: tuple[str, int, Any], seed: str, rng_seed: int):
    """Whole matches end (R9, R32, R34, R35, R61); their records replay to the live results (§7)."""
    variant, seats, target = setup
    played = play(variant, seats, seed, random.Random(rng_seed), target=target, heavy=False)
    match = played.match
    assert match.status == OVER, "every match ends"
    if target is None:
        assert len(played.rounds) == 5 and match.winner is None
    expected = live_result(played)
    record = json.loads(json.dumps(played.record(played.rounds)))
    assert replay(record) == expected
    stripped = json.loads(json.dumps(played.record(played.stripped)))
    assert replay(stripped) == expected
    # §7, docs/architecture.md §2: replaying the record rebuilds the very states live play went through.
    for rounds in (record, stripped):
        states: list[Match] = []
        final, _ = replay_match(rounds, states.append)
        assert states == played.states
        assert final == match


@LIGHT
@given(setup=setups, seed=seeds, rng_seed=rng_seeds)
def test_a_round_without_its_forced_actions_replays_the_same(
    setup: tuple[str, int], seed: str, rng_seed: int
):
    """§7: forced actions (R5) may be written and checked, or left out and done by the replay."""
    variant, seats = setup
    played = play(variant, seats, seed, random.Random(rng_seed), max_rounds=1, heavy=False)
    expected = live_result(played)
    full = played.record(played.rounds)
    stripped = played.record(played.stripped)
    assert replay(full)["rounds"] == expected["rounds"]
    assert replay(stripped)["rounds"] == expected["rounds"]
    own = stripped["rounds"][0]["actions"]
    assert all("play" in a for a in own), "only the players' own plays are left"
    assert len(full["rounds"][0]["actions"]) - len(own) == played.forced_left_out
    if variant != "partners":
        assert played.forced_left_out >= 1, "the first round opens with a forced tile (R10)"


@LIGHT
@given(setup=match_setups(), seed=seeds)
def test_play_match_record_replays(setup: tuple[str, int, Any], seed: str):
    """The CLI's own ``play_match`` record replays, and is the same for the same seed (R12)."""
    variant, seats, target = setup
    record = play_match(variant, seats, seed, target=target)
    assert record == play_match(variant, seats, seed, target=target)
    assert record["target"] == target
    result = replay(json.loads(json.dumps(record)))
    assert len(result["rounds"]) == len(record["rounds"])
    assert all(
        r["result"] != "unfinished" or i == len(record["rounds"]) - 1 for i, r in enumerate(result["rounds"])
    )
    if target is None:
        assert len(result["rounds"]) == 5 and result["winner"] is None


def robot_states(variant: str, seats: int, seed: str, rng: random.Random, rounds: int = 2):
    """Every state of a few rounds of random play at which a seat has a choice."""
    match = new_match(variant, seats)
    for number in range(1, rounds + 1):
        match, _ = deal_round(match, round_seed(seed, number))
        while match.status == PLAYING:
            yield match
            match, _ = apply(match, rng.choice(match.round.legal))
        if match.status == OVER:
            return


@PROPS
@given(setup=setups, seed=seeds, rng_seed=rng_seeds)
def test_robot_plays_a_legal_action_deterministically(setup: tuple[str, int], seed: str, rng_seed: int):
    """R61: the house robot's play is one of its legal plays, a fixed function of its seat's view."""
    variant, seats = setup
    for match in robot_states(variant, seats, seed, random.Random(rng_seed)):
        seat = match.round.turn
        seen = view(match, seat)
        kept = copy.deepcopy(seen)
        chosen = choose(seen)
        assert seen == kept, "the robot does not change the view it is given"
        assert chosen in seen["legal"]
        assert choose(copy.deepcopy(seen)) == chosen
        assert choose(json.loads(json.dumps(seen))) == chosen
        assert choose(view(from_json(json.loads(json.dumps(to_json(match)))), seat)) == chosen
        apply(match, Action.from_dict(chosen))  # the engine takes it


@settings(max_examples=60, deadline=None)
@given(setup=setups, seed=seeds)
def test_robot_matches_replay(setup: tuple[str, int], seed: str):
    """Matches played by robots only are legal, deterministic, and replay."""
    variant, seats = setup
    record = play_match(variant, seats, seed, robots=True)
    assert record == play_match(variant, seats, seed, robots=True)
    result = replay(record)
    assert result["winner"] is not None
