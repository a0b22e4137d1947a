"""The expert's compact rounds (games/rules/playout.py) against the engine: on rounds dealt
from seeds and played by random legal plays, the same legal plays at every step and the
same round: result, points per side, hands and stock (R3-R5, R7, R8, R20-R23, R30-R35, R40, R41)."""

import random

import pytest

from games.rules import PLAYING, VARIANTS, apply, deal_round, new_match
from games.rules.expert import FAMILIES as EXPERT_FAMILIES, LINE
from games.rules.playout import INDEX, from_match, to_action, to_move

# The compact round plays the double-six line games (games/rules/expert.py's FAMILIES, LINE).
CASES = [
    (v, n)
    for v, r in VARIANTS.items()
    if EXPERT_FAMILIES[v] is LINE
    for n in range(r.min_seats, r.max_seats + 1)
]


def same_state(match, st) -> None:
    rnd = match.round
    assert st.hands == [sum(1 << INDEX[t] for t in h) for h in rnd.hands]
    assert st.stock == [INDEX[t] for t in reversed(rnd.stock)]
    assert st.points == list(rnd.points)
    assert st.scores == list(match.scores)
    if rnd.line is not None:
        assert st.ends() == [n for _, n in rnd.line.ends]


@pytest.mark.parametrize("variant,seats", CASES)
@pytest.mark.parametrize("target", ["default", None])
def test_playouts_follow_the_engine(variant, seats, target):
    """From every state of 40 random rounds (a target that can end a match during play
    included), the compact round lists the engine's legal plays and, played on, gives the
    engine's next state, and its end: result and points."""
    rng = random.Random(f"playout/{variant}/{seats}/{target}")
    ends = set()
    for g in range(40):
        match, _ = deal_round(new_match(variant, seats, target), f"playout/{variant}/{g}")
        if target == "default" and VARIANTS[variant].play_points:
            # Close to the target, so that a play can reach it (R34, R35).
            near = max(0, match.target - 20)
            match = match._replace(scores=(near,) * len(match.scores))
        if match.status != PLAYING:
            continue  # over at the deal: its forced opening ended it (no state to compare)
        st = from_match(match)
        same_state(match, st)
        while match.status == PLAYING:
            seat = match.round.turn
            assert st.turn == seat
            legal = list(match.round.legal)
            assert [to_action(seat, m) for m in st.legal()] == legal
            action = rng.choice(legal)
            if rng.random() < 0.2:  # now and then, from a fresh copy of the engine's state
                st = from_match(match)
            match, _ = apply(match, action)
            st.play(to_move(action))
            if match.round.result:
                break
            assert st.result == ""
            same_state(match, st)
        assert st.result == match.round.result
        assert st.points == list(match.round.points)
        assert st.scores[: len(match.scores)] == list(match.scores) or st.result != "unfinished"
        ends.add(st.result)
    assert "domino" in ends


@pytest.mark.parametrize("variant", ["all_fives", "fives_threes"])
def test_the_count_after_a_play_is_the_count_of_the_line_it_makes(variant):
    """R41: ``count_after`` (what the playouts' policy reads to take points) against the
    count of the line once the tile is laid, for every legal play of 100 random rounds."""
    rng = random.Random(variant)
    checked = 0
    for g in range(100):
        match, _ = deal_round(new_match(variant, 2), f"count/{g}")
        while match.status == PLAYING:
            st = from_match(match)
            for move in st.legal():
                if move[1] >= 0:
                    after = st.copy()
                    after.play(move)
                    assert st.count_after(*move, st.count()) == after.count()
                    checked += 1
            match, _ = apply(match, rng.choice(match.round.legal))
    assert checked > 1000
