"""The line games' house robot against a random player: it must clearly win, in every
variant of the line family (Train mexicain's robot: tests/rules/test_r70_mexican.py)."""

import random

import pytest

from games.rules import ALL_TILES, PLAYING, Action, apply, deal_round, expert, new_match, view
from games.rules.expert import determinize_line, known_none
from games.rules.knowledge import advance, fresh
from games.rules.line_family import VARIANTS  # these are the line family's rules
from games.rules.record import event_action
from games.rules.robots import LEVELS, Budget, choose, house

ROUNDS = 2000


def play_rounds(variant: str, seats: int, robot_side: int, n: int) -> tuple[list[int], list[int]]:
    """``n`` single rounds, the robot on ``robot_side``; returns points and round wins per side."""
    rules = VARIANTS[variant]
    rng = random.Random(f"{variant}/{seats}/{robot_side}")
    points = [0] * rules.sides(seats)
    wins = [0] * rules.sides(seats)
    for g in range(n):
        match, _ = deal_round(new_match(variant, seats, None), f"robots/{variant}/{seats}/{robot_side}/{g}")
        while match.status == PLAYING:
            seat = match.round.turn
            if rules.side_of(seat) == robot_side:
                action = Action.from_dict(choose(view(match, seat)))
            else:
                action = rng.choice(match.round.legal)
            match, _ = apply(match, action)
        for side, p in enumerate(match.round.points):
            points[side] += p
        if isinstance(match.round.winner, int):
            wins[match.round.winner] += 1
    return points, wins


CASES = [(v, 2 if v != "partners" else 4) for v in VARIANTS] + [("draw", 4), ("block", 3), ("family", 6)]


@pytest.mark.parametrize("variant,seats", CASES)
def test_robot_clearly_beats_random_play(variant, seats):
    """Over a few thousand seeded rounds, on each side of the table in turn, the robot
    scores clearly more than a random player (clearly fewer points in family, where
    low score wins) and wins more rounds."""
    rules = VARIANTS[variant]
    sides = rules.sides(seats)
    robot_points = random_points = robot_wins = random_wins = 0
    half = ROUNDS // 2
    for robot_side in (0, 1):
        points, wins = play_rounds(variant, seats, robot_side, half)
        robot_points += points[robot_side]
        robot_wins += wins[robot_side]
        others = [s for s in range(sides) if s != robot_side]
        random_points += sum(points[s] for s in others) / len(others)
        random_wins += sum(wins[s] for s in others) / len(others)
    if rules.low_score_wins:
        assert robot_points < 0.75 * random_points, (robot_points, random_points)
    else:
        assert robot_points > 1.25 * random_points, (robot_points, random_points)
    assert robot_wins > 1.15 * random_wins, (robot_wins, random_wins)


@pytest.mark.parametrize("variant", ["all_fives", "fives_threes"])
def test_robot_takes_the_points_on_offer(variant):
    """It takes points in all_fives and fives_threes: wherever its plays score differently,
    it nearly always picks one that scores the most."""
    rng = random.Random(variant)
    offered = took_most = 0
    for g in range(300):
        match, _ = deal_round(new_match(variant, 2, None), f"points/{g}")
        while match.status == PLAYING:
            seat = match.round.turn
            v = view(match, seat)
            gains = []
            for a in v["legal"]:
                after, _ = apply(match, Action.from_dict(a))
                gains.append(after.round.points[seat] - match.round.points[seat])
            if len(set(gains)) > 1:
                offered += 1
                chosen = v["legal"].index(choose(v))
                took_most += gains[chosen] == max(gains)
            match, _ = apply(match, rng.choice(match.round.legal))
    assert offered > 200
    assert took_most >= 0.95 * offered, (took_most, offered)


# The levels (docs/architecture.md, robots): beginner, house, expert.

LEVEL_CASES = [
    ("block", 2),
    ("draw", 3),
    ("partners", 4),
    ("family", 4),
    ("all_fives", 2),
    ("fives_threes", 2),
]


def positions(variant: str, seats: int, games: int, seed: str = "positions"):
    """The views of the seat to act along ``games`` rounds played by random legal plays, with
    what the round has shown (knowledge.py), as the site shows them."""
    rng = random.Random(f"{seed}/{variant}/{seats}")
    wild = VARIANTS[variant].wild_blanks

    def actions(events):
        return [a for e in events if (a := event_action(e, wild))]

    for g in range(games):
        match, events = deal_round(new_match(variant, seats, None), f"{seed}/{variant}/{g}")
        known = advance(variant, fresh(seats), None, actions(events))
        while match.status == PLAYING:
            yield match, view(match, match.round.turn, shown=known["none"])
            line = match.round.line
            match, events = apply(match, rng.choice(match.round.legal))
            known = advance(variant, known, line, actions(events))


def test_the_levels():
    assert LEVELS == ("beginner", "house", "expert")
    match, _ = deal_round(new_match("draw", 2), "levels")
    with pytest.raises(ValueError):
        choose(view(match, match.round.turn), "grandmaster")


@pytest.mark.parametrize("variant,seats", LEVEL_CASES)
def test_house_is_the_default_level_and_a_function_of_the_view(variant, seats):
    """R61: the house robot is what ``choose`` plays by default, whatever seed or budget is passed."""
    for _, v in positions(variant, seats, 5):
        play = house(v)
        assert choose(v) == play
        assert choose(v, "house", seed="anything", budget=5) == play
        assert play in v["legal"]


@pytest.mark.parametrize("variant,seats", LEVEL_CASES)
def test_beginner_plays_legal_and_is_repeatable_for_a_seed(variant, seats):
    differs = 0
    for _, v in positions(variant, seats, 10):
        play = choose(v, "beginner", seed="a")
        assert play in v["legal"]
        assert choose(v, "beginner", seed="a") == play
        differs += choose(v, "beginner", seed="b") != play
    assert differs > 0, "another seed draws other plays"


def test_beginner_draws_afresh_at_each_turn():
    """The same seed at two turns is not the same draw: the position is mixed in."""
    picks = [v["legal"].index(choose(v, "beginner", seed="s")) for _, v in positions("block", 2, 20)]
    assert len(set(picks)) > 1


@pytest.mark.parametrize("variant,seats", LEVEL_CASES)
def test_expert_plays_legal_and_is_repeatable_for_a_seed_and_budget(variant, seats):
    for _, v in positions(variant, seats, 1):
        play = choose(v, "expert", seed="e", budget=60)
        assert play in v["legal"]
        assert choose(v, "expert", seed="e", budget=Budget(60)) == play


def test_expert_stops_when_told():
    """The caller's ``should_stop`` bounds the search: asked between rounds of playouts."""
    _, v = next((m, v) for m, v in positions("draw", 2, 5) if len(v["legal"]) > 1)
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 3

    assert choose(v, "expert", seed="e", budget=Budget(10**9, stop)) in v["legal"]
    assert len(asked) == 3


def hidden_permuted(match, seat: int, rng: random.Random):
    """The match with the tiles ``seat`` cannot see (other hands, stock) dealt again at random,
    every hand and the stock keeping its size."""
    rnd = match.round
    others = [s for s in range(match.seats) if s != seat]
    hidden = [t for s in others for t in rnd.hands[s]] + list(rnd.stock)
    rng.shuffle(hidden)
    hands = list(rnd.hands)
    for s in others:
        hands[s], hidden = tuple(sorted(hidden[: len(rnd.hands[s])])), hidden[len(rnd.hands[s]) :]
    return match._replace(round=rnd._replace(hands=tuple(hands), stock=tuple(hidden)))


@pytest.mark.parametrize("variant,seats", LEVEL_CASES)
def test_robots_see_only_their_seat_R6(variant, seats):
    """R6: two states that differ only in what the seat cannot see (the other hands, partner's
    included, and the stock, dealt again) give every level the same view and the same play."""
    rng = random.Random(f"hidden/{variant}")
    checked = 0
    for match, v in positions(variant, seats, 3, seed="hidden"):
        if len(v["legal"]) < 2 or match.round.line is None:
            continue
        seat = v["seat"]
        other = hidden_permuted(match, seat, rng)
        assert other.round.hands != match.round.hands or other.round.stock != match.round.stock
        shown = [[e["number"] for e in v["round"]["public"] if s in e["none"]] for s in range(seats)]
        w = view(other, seat, shown=shown)
        assert w == v
        for level in LEVELS:
            assert choose(w, level, seed="x", budget=40) == choose(v, level, seed="x", budget=40), level
        checked += 1
        if checked == 4:
            break
    assert checked == 4


@pytest.mark.parametrize("variant,seats", LEVEL_CASES)
def test_the_expert_deals_the_unseen_tiles_as_the_seat_knows_them_R6(variant, seats):
    """R6: the expert's dealings keep the seat's hand and the line, give every other seat
    its number of tiles and the stock its size, and give no seat a tile showing a number
    it has shown it holds none of (its passes; the round's public panel)."""
    rng = random.Random(variant)
    constrained = 0
    for match, v in positions(variant, seats, 8, seed="dealing"):
        seat = v["seat"]
        none = known_none(v)
        constrained += any(none)
        for _ in range(3):
            st = determinize_line(v, rng)
            rnd = st.round
            assert rnd.hands[seat] == match.round.hands[seat]
            assert rnd.line == match.round.line
            assert [len(h) for h in rnd.hands] == [len(h) for h in match.round.hands]
            if VARIANTS[variant].draws:
                assert len(rnd.stock) == len(match.round.stock)
            every = (
                [t for h in rnd.hands for t in h]
                + list(rnd.stock)
                + (match.round.line.tiles() if match.round.line else [])
            )
            assert sorted(every) == sorted(ALL_TILES)
            for s, numbers in enumerate(none):
                if s != seat:
                    assert not [t for t in rnd.hands[s] if t[0] in numbers or t[1] in numbers]
    assert constrained > 0


@pytest.mark.parametrize("variant,seats", [("mexican", 3), ("chinois", 3), ("triominos", 2)])
def test_r58_every_level_plays_the_games_of_every_family(variant, seats):
    """R58: a robot of any level may sit at any game: the house level is the family's own
    house robot, the expert searches it (tests/rules/test_expert_other_sets.py)."""
    from games.rules import house_choice, table_play

    match, _ = deal_round(new_match(variant, seats), f"robots-{variant}")
    for _ in range(12):
        if match.status != PLAYING:
            break
        seat = match.round.turn
        seen = view(match, seat)
        for level in ("beginner", "house", "expert"):
            assert choose(seen, level, seed="s", budget=20) in seen["legal"]
        assert choose(seen, "house") == house_choice(seen)
        match, _ = apply(match, table_play(match))


@pytest.mark.parametrize("variant,seats", LEVEL_CASES)
def test_a_family_plugs_into_the_expert_through_its_three_functions(variant, seats, monkeypatch):
    """The search asks a variant's ``Family`` only: the engine's own (``expert.ENGINE``, for sets
    of tiles the compact round does not know) plays legal, repeatable plays too."""
    monkeypatch.setitem(expert.FAMILIES, variant, expert.ENGINE)
    seen = 0
    for _, v in positions(variant, seats, 1, seed="engine-family"):
        if len(v["legal"]) > 1:
            play = choose(v, "expert", seed="f", budget=20)
            assert play in v["legal"]
            assert choose(v, "expert", seed="f", budget=20) == play
            seen += 1
    assert seen > 0
