"""The engine's working copy between two ``apply`` calls never shows in a state.

``apply`` keeps, beside the last states it returned, each hand's tiles as an int
(``games.rules.match._Working``), and uses them when it is next given one of those
states. The law checked here: whatever order states are played in (the last one
returned, an older one, one of another match, one read back from JSON, which has no
working copy), ``apply`` returns exactly what it returns for a state read back from
JSON, and never changes a state it returned before.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from games.rules import (
    OVER,
    PLAYING,
    VARIANTS,
    Action,
    Match,
    apply,
    deal_round,
    from_json,
    new_match,
    to_json,
)
from games.rules.line import Line
from games.rules.match import _WORKING, Event
from games.rules.round import legal_on_two_ends, legal_plays, mask

SETUPS = [(v, n) for v, r in VARIANTS.items() for n in range(r.min_seats, r.max_seats + 1)]


def fresh(match: Match) -> Match:
    """The same state with no working copy anywhere: read back from its JSON."""
    return from_json(json.loads(json.dumps(to_json(match))))


def reference(match: Match, action: Action) -> tuple[Match, list[Event]]:
    """``apply`` on a copy of ``match`` that the working copies cannot know."""
    kept = list(_WORKING)
    _WORKING.clear()  # and none to take over
    try:
        return apply(fresh(match), action)
    finally:
        _WORKING[:] = kept


def snapshot(match: Match) -> str:
    return repr(match) + json.dumps(to_json(match))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.sampled_from(SETUPS), seed=st.integers(0, 2**32 - 1))
def test_apply_in_any_order_is_apply_on_a_fresh_state(setup: tuple[str, int], seed: int) -> None:
    variant, seats = setup
    rng = random.Random(seed)
    # Two matches played side by side, and every state each has been in.
    lines: list[list[Match]] = []
    for k in range(2):
        match, _ = deal_round(new_match(variant, seats), f"working/{seed}/{k}")
        lines.append([match])
    seen: list[tuple[Match, str]] = [(m, snapshot(m)) for states in lines for m in states]
    for _ in range(80):
        states = rng.choice(lines)
        # Mostly the last state (the working copy's own), sometimes an older one.
        match = states[-1] if rng.random() < 0.7 else rng.choice(states)
        if match.status != PLAYING:
            if match.status == OVER or states[-1] is not match:
                continue
            match, _ = deal_round(match, f"working/{seed}/{len(states)}")
            states.append(match)
            seen.append((match, snapshot(match)))
            continue
        assert match.round is not None
        action = rng.choice(match.round.legal)
        got, events = apply(match, action)
        want, want_events = reference(match, action)
        assert got == want
        assert repr(got) == repr(want)
        assert events == want_events
        read_back = fresh(got).round
        assert got.round is not None and read_back is not None
        assert got.round.legal == read_back.legal  # as from_json works them out
        if states[-1] is match:
            states.append(got)
        seen.append((got, snapshot(got)))
    for state, text in seen:
        assert snapshot(state) == text, "a state apply returned was changed afterwards"


@pytest.mark.parametrize("seat", range(6))
def test_legal_plays_from_the_tables_are_the_plain_ones(seat: int) -> None:
    """``legal_on_two_ends`` (tables, ints) lists what ``legal_plays`` lists, in its order."""
    rng = random.Random(seat)
    tiles = [(a, b) for a in range(7) for b in range(a, 7)]
    for _ in range(3000):
        hand = tuple(sorted(rng.sample(tiles, rng.randint(0, 9))))
        left, right = rng.randrange(7), rng.randrange(7)
        line = Line((left, right), ends=(("left", left), ("right", right)))
        assert legal_on_two_ends(seat, mask(hand), left, right) == legal_plays(seat, hand, line, False)
