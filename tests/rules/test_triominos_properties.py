"""Property tests of Triominos (docs/rules.md §8): laws that hold for every seed and number of seats.

Whole matches to 200 are played with random legal choices (a ``random.Random``
seeded by hypothesis). After every step: the 56 tiles are all there, each once
(R80, R81); every laid tile shows at each corner what every other tile at that
corner shows (R82); no view shows a tile of another hand or of the pool (R87).
Each match's record replays (R88) to the same state, with or without the forced
actions written.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from hypothesis import HealthCheck, given, settings, strategies as st

from games.rules.deal import round_seed
from games.rules.triominos import (
    ALL_TRIS,
    PLAYING,
    Match,
    apply,
    corners,
    event_action,
    from_json,
    legal_actions,
    new_match,
    replay_match,
    start_round,
    to_json,
    tri_str,
    turned,
    view,
)
from games.rules.triominos.deal import deal
from games.rules.triominos.record import dealt_round, match_record
from games.rules.triominos.variants import VARIANTS

RULES = VARIANTS["triominos"]


def check_tiles(match: Match) -> None:
    """R80, R81: hands, pool and board hold the 56 tiles, each once."""
    rnd = match.round
    assert rnd is not None
    every = [t for h in rnd.hands for t in h] + list(rnd.stock) + [p.tile for p in rnd.board]
    assert sorted(every) == sorted(ALL_TRIS)


def check_corners(match: Match) -> None:
    """R82: at every corner, every laid tile shows the same number."""
    rnd = match.round
    assert rnd is not None
    shown: dict[tuple[int, int], int] = {}
    cells = {(p.x, p.y) for p in rnd.board}
    assert len(cells) == len(rnd.board)
    for p in rnd.board:
        for point, n in zip(corners(p.x, p.y), turned(p.tile, p.turn), strict=True):
            assert shown.setdefault(point, n) == n, f"corner {point} shows {shown[point]} and {n}"


def check_views(match: Match) -> None:
    """R87: no view holds a tile of another seat's hand or of the pool while the round is on."""
    rnd = match.round
    assert rnd is not None
    if rnd.result:
        return
    hidden_pool = {f'"{tri_str(t)}"' for t in rnd.stock}
    for seat in [None, *range(match.seats)]:
        text = json.dumps(view(match, seat))
        others = {f'"{tri_str(t)}"' for s, h in enumerate(rnd.hands) if s != seat for t in h}
        assert not [t for t in hidden_pool | others if t in text]


def play(seed: str, seats: int, chooser: random.Random) -> tuple[Match, dict[str, Any]]:
    match = new_match("triominos", seats, 200)
    rounds = []
    actions: list[tuple[int, dict[str, Any]]] = []
    number = 0
    while match.status != "over" and number < 50:
        number += 1
        rs = round_seed(seed, number)
        dealt = deal(rs, RULES, seats)
        match, events = start_round(match, dealt.hands, dealt.stock)
        actions += [(number, a) for e in events if (a := event_action("triominos", e))]
        while True:
            check_tiles(match)
            check_corners(match)
            check_views(match)
            assert from_json(json.loads(json.dumps(to_json(match)))) == match
            if match.status != PLAYING:
                break
            match, events = apply(match, chooser.choice(legal_actions(match)))
            actions += [(number, a) for e in events if (a := event_action("triominos", e))]
        rounds.append(dealt_round(number, dealt.hands, dealt.stock, rs))
    return match, match_record("triominos", seats, 200, rounds, actions)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.text(min_size=1, max_size=8), seats=st.integers(2, 6), choices=st.integers(0, 2**32))
def test_r80_r82_r87_r88_laws_of_a_whole_match(seed: str, seats: int, choices: int) -> None:
    """R80-R88: tiles kept, corners equal, views sealed; the record replays to the same match,
    with or without the forced actions written (R88)."""
    match, record = play(seed, seats, random.Random(choices))
    assert match.status == "over" and max(match.scores) >= 200
    replayed, _ = replay_match(record)
    assert to_json(replayed) == to_json(match)
    bare = copy.deepcopy(record)
    for rnd in bare["rounds"]:
        rnd["actions"] = [a for a in rnd["actions"] if "play" in a][1:]  # no opening, draw or pass
    again, _ = replay_match(bare)
    assert to_json(again) == to_json(match)
