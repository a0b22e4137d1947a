"""The expert robot in the games on other sets (docs/rules.md §8; docs/architecture.md,
robots): ``chinois``, ``mexican`` and ``triominos`` are searched like the double-six games,
from the seat's view alone (R6, R87)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from games.rules import (
    PLAYING,
    apply,
    deal_round,
    event_action,
    expert,
    knowledge_advance,
    knowledge_fresh,
    new_match,
    view,
)
from games.rules.expert import known_none
from games.rules.robots import LEVELS, choose, house_of_family
from games.rules.tiles import SETS
from games.rules.trains.deal import round_tiles
from games.rules.trains.expert import shown_none
from games.rules.triominos import ALL_TRIS
from games.rules.triominos.expert import known_unfit, passed_since_last
from tests.rules.test_robots import hidden_permuted

CASES = [("chinois", 4), ("mexican", 4), ("triominos", 3)]


def positions(variant: str, seats: int, games: int, seed: str) -> Iterator[tuple[Any, dict[str, Any]]]:
    """The states and the views of the seat to act along ``games`` rounds played by random
    legal plays, with what the round has shown (the public panel, where the family has one)."""
    rng = random.Random(f"{seed}/{variant}/{seats}")

    def actions(events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [a for e in events if (a := event_action(variant, e))]

    for g in range(games):
        match, events = deal_round(new_match(variant, seats), f"{seed}/{variant}/{g}")
        known = knowledge_advance(variant, knowledge_fresh(variant, seats), None, actions(events))
        while match.status == PLAYING:
            yield match, view(match, match.round.turn, shown=known)
            before = match
            match, events = apply(match, rng.choice(match.round.legal))
            known = knowledge_advance(variant, known, before, actions(events))


def laid(match: Any) -> list[Any]:
    """The tiles on the table, each as the set writes it."""
    rnd = match.round
    if match.variant == "triominos":
        return [p.tile for p in rnd.board]
    if match.variant == "mexican":
        return [(rnd.engine, rnd.engine)] + [(min(c), max(c)) for train in rnd.trains for c in train]
    return list(rnd.line.tiles()) if rnd.line is not None else []


def whole_set(match: Any) -> list[Any]:
    if match.variant == "triominos":
        return sorted(ALL_TRIS)
    if match.variant == "mexican":
        return sorted(round_tiles(match.round.engine) + ((match.round.engine,) * 2,))
    return sorted(SETS[12])


def table_of(match: Any) -> Any:
    """What lies on the table: the line, the trains, the board."""
    rnd = match.round
    if match.variant == "triominos":
        return rnd.board
    if match.variant == "mexican":
        return rnd.trains, rnd.markers, rnd.double
    return rnd.line


def unheld(v: dict[str, Any]) -> list[Any]:
    """For each seat, what the view shows it does not hold, and a test of a tile against it."""
    if v["variant"] == "triominos":
        return [(lambda t, banned=banned: t in banned) for banned in known_unfit(v)]
    if v["variant"] == "mexican":
        return [(lambda t, none=none: t[0] in none or t[1] in none) for none in shown_none(v)]
    return [(lambda t, none=none: t[0] in none or t[1] in none) for none in known_none(v)]


@pytest.mark.parametrize("variant,seats", CASES)
def test_the_expert_searches_every_variant(variant, seats):
    """No variant falls back on the house robot: each has its family of three functions."""
    assert (
        expert.FAMILIES[variant]
        is {
            "chinois": expert.ENGINE,
            "mexican": expert.MEXICAN,
            "triominos": expert.TRIOMINOS,
        }[variant]
    )


@pytest.mark.parametrize("variant,seats", CASES)
def test_choose_expert_deals_and_plays_out_in_these_games(variant, seats, monkeypatch):
    """``choose(..., "expert")`` runs the search (dealings and playouts) and does not hand the
    turn to the house robot: over a few positions some choice differs from the house robot's."""
    family = expert.FAMILIES[variant]
    calls = {"dealt": 0, "played": 0}

    def determinize(v: dict[str, Any], rng: random.Random) -> Any:
        calls["dealt"] += 1
        return family.determinize(v, rng)

    def playout(state: Any, move: Any, side: int) -> float:
        calls["played"] += 1
        return family.playout(state, move, side)

    monkeypatch.setitem(expert.FAMILIES, variant, expert.Family(determinize, family.moves, playout))
    differs = 0
    for _, v in positions(variant, seats, 2, seed="searched"):
        if len(v["legal"]) < 2:
            continue
        before = dict(calls)
        play = choose(v, "expert", seed="s", budget=6 * len(v["legal"]))
        assert play in v["legal"]
        assert calls["dealt"] > before["dealt"] and calls["played"] > before["played"]
        differs += play != house_of_family(v)
        if differs:
            break
    assert differs


@pytest.mark.parametrize("variant,seats", CASES)
def test_robots_see_only_their_seat(variant, seats):
    """R6, R87: two states that differ only in what the seat cannot see (the other hands and
    the stock, dealt again) give the same view and, at every level, the same play."""
    rng = random.Random(f"hidden/{variant}")
    checked = 0
    for match, v in positions(variant, seats, 3, seed="hidden"):
        if len(v["legal"]) < 2:
            continue
        seat = v["seat"]
        other = hidden_permuted(match, seat, rng)
        assert other.round.hands != match.round.hands or other.round.stock != match.round.stock
        shown = None if v["variant"] != "chinois" else {"none": known_none_panel(v)}
        w = view(other, seat, shown=shown)
        assert w == v
        for level in LEVELS:
            assert choose(w, level, seed="x", budget=30) == choose(v, level, seed="x", budget=30), level
        checked += 1
        if checked == 3:
            break
    assert checked == 3


def known_none_panel(v: dict[str, Any]) -> list[list[int]]:
    """The public panel's ``none`` as the view shows it, for each seat (knowledge.py)."""
    return [[e["number"] for e in v["round"]["public"] if s in e["none"]] for s in range(v["seats"])]


@pytest.mark.parametrize("variant,seats", CASES)
def test_the_expert_deals_the_unseen_tiles_as_the_seat_knows_them(variant, seats):
    """The dealings keep the seat's hand and the table, give every other seat its number of
    tiles and the stock its size, hold every tile of the set exactly once, give no seat a
    tile the view shows it does not hold, and give the seat the same plays as the view."""
    family = expert.FAMILIES[variant]
    rng = random.Random(variant)
    constrained = 0
    for n, (match, v) in enumerate(positions(variant, seats, 3, seed="dealing")):
        if n % 3:
            continue
        seat = v["seat"]
        tests = unheld(v)
        held_back = [t for s, test in enumerate(tests) if s != seat for t in whole_set(match) if test(t)]
        constrained += bool(held_back)
        for _ in range(2):
            st = family.determinize(v, rng)
            rnd = st.round
            assert rnd.hands[seat] == match.round.hands[seat]
            assert table_of(st) == table_of(match)
            assert [len(h) for h in rnd.hands] == [len(h) for h in match.round.hands]
            assert len(rnd.stock) == len(match.round.stock)
            every = [t for h in rnd.hands for t in h] + list(rnd.stock) + laid(match)
            assert sorted(every) == whole_set(match)
            for s, test in enumerate(tests):
                if s != seat:
                    assert not [t for t in rnd.hands[s] if test(t)], (s, rnd.hands[s])
            assert [m.to_dict(with_open=True) for m in family.moves(st)] == v["legal"]
            assert st.scores == match.scores and rnd.points == match.round.points
    assert constrained > 0


def test_triominos_the_seats_that_passed_since_the_last_tile_hold_nothing_that_fits():
    """R84, R87: the board has not changed since ``last`` laid a tile, so the seats after it
    up to the seat to act passed on this very board: no tile that fits lies in their hands.
    Along random rounds, every seat the view names so truly holds none."""
    seen = 0
    for match, v in positions("triominos", 4, 6, seed="passed"):
        passed = passed_since_last(v)
        unfit = known_unfit(v)
        for s in range(4):
            if s in passed:
                assert unfit[s] and not set(match.round.hands[s]) & unfit[s]
                seen += 1
            else:
                assert not unfit[s]
    assert seen > 0


@pytest.mark.parametrize("variant,seats", CASES)
def test_the_expert_plays_legal_in_many_positions(variant, seats):
    """Across random positions, the expert's play is always one of the view's legal plays,
    and the same for the same view, seed and budget."""
    checked = 0
    for n, (_, v) in enumerate(positions(variant, seats, 3, seed="legal")):
        if n % 2 or len(v["legal"]) < 2:
            continue
        play = choose(v, "expert", seed=f"legal/{n}", budget=12)
        assert play in v["legal"]
        if checked % 5 == 0:
            assert choose(v, "expert", seed=f"legal/{n}", budget=12) == play
        checked += 1
    assert checked >= 20
