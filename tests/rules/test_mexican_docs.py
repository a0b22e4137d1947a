"""docs/record.md says true things of Train mexicain: its example record replays, and its
stand-alone deal code (R12, R71) deals what the engine deals."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from games.rules.trains import deal, get_ruleset, replay, tile_str
from games.rules.trains.record import replay_match

DOC = (Path(__file__).resolve().parents[2] / "docs" / "record.md").read_text(encoding="utf-8")
SECTION = DOC.split("## Train mexicain records (R88)")[1].split("## The engine's states")[0]
RULES = get_ruleset("mexican")


def example() -> dict:
    return json.loads(SECTION.split("```json\n")[1].split("```")[0])


def test_r88_the_example_record_replays():
    record = example()
    result = replay(record)
    assert result == {
        "rounds": [{"result": "unfinished", "winner": None, "points": [0, 0], "pips_left": [175, 167]}],
        "scores": [0, 0],
        "winner": None,
    }
    match, _ = replay_match(record)
    assert match.round is not None
    assert match.round.double == -1 and match.round.markers == (True, False)
    assert match.round.trains[0] == ((12, 2), (2, 2), (2, 1))


def test_r12_the_example_deal_is_the_engines():
    rnd = example()["rounds"][0]
    dealt = deal("exemple", RULES, 2, 1)
    assert [[tile_str(t) for t in h] for h in dealt.hands] == rnd["hands"]
    assert [tile_str(t) for t in dealt.stock] == rnd["stock"]


@pytest.mark.parametrize("seats", range(2, 9))
def test_r71_the_documented_code_deals_as_the_engine(seats):
    """R12: the Python of docs/record.md, run as it stands, deals exactly what the engine
    deals, in every round of a match (R71: the engine out)."""
    code = SECTION.split("```python\n")[1].split("```")[0]
    namespace: dict = {}
    exec(code, namespace)
    for number in range(1, 14):
        for seed in (f"doc/{seats}/{number}", "exemple"):
            engine, hands, stock = namespace["deal_mexican"](seed, number, seats)
            dealt = deal(seed, RULES, seats, number)
            assert engine == (dealt.engine, dealt.engine) == (13 - number, 13 - number)
            assert tuple(tuple(sorted(h)) for h in hands) == dealt.hands
            assert tuple(stock) == dealt.stock


def test_the_documented_view_of_a_mexican_seat_is_the_engines():
    """docs/protocol.md's example view is what ``view`` gives for seat 1 of the example, with
    what the round has shown (R78: seat 0 drew and passed on the double 2-2 it had to cover)."""
    from games.rules.trains import knowledge_advance, knowledge_fresh, view

    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    part = protocol.split("#### `view` at a Train mexicain table")[1]
    documented = json.loads(part.split("```json\n")[1].split("```")[0])
    record = example()
    actions = record["rounds"][0]["actions"][:5]
    record["rounds"][0]["actions"] = []
    dealt, _ = replay_match(record)
    record["rounds"][0]["actions"] = actions
    match, _ = replay_match(record)
    known = knowledge_advance("mexican", knowledge_fresh("mexican", 2), dealt, actions)
    assert known["none"] == [[2], []]
    assert view(match, 1, shown=known) == documented
