"""docs/record.md says true things of Triominos: its example record replays, and its
stand-alone deal code (R81, R12) deals what the engine deals."""

from __future__ import annotations

import json
from pathlib import Path

from games.rules.triominos import VARIANTS, deal, replay, tri_str

DOC = (Path(__file__).resolve().parents[2] / "docs" / "record.md").read_text(encoding="utf-8")
SECTION = DOC.split("## Triominos (`triominos`)")[1].split("\n## ")[0]


def test_r88_the_example_record_replays():
    """R88: the documented record replays: 5-5-5 opens (25), 0-5-5 scores 10, 1-5-5 11."""
    record = json.loads(SECTION.split("```json\n")[1].split("```")[0])
    result = replay(record)
    assert result["rounds"][0]["result"] == "unfinished"
    assert result["scores"] == [36, 10]


def test_r81_the_documented_code_deals_as_the_engine():
    """R81, R12: the Python of the section, run as it stands, deals what the engine deals."""
    code = SECTION.split("```python\n")[1].split("```")[0]
    namespace: dict = {}
    exec(code, namespace)
    rules = VARIANTS["triominos"]
    for seats in range(2, 7):
        for seed in [f"doc/{n}" for n in range(10)] + ["exemple"]:
            hands, stock = namespace["deal"](seed, seats, rules.hand_size(seats))
            dealt = deal(seed, rules, seats)
            assert tuple(map(tuple, hands)) == dealt.hands
            assert tuple(stock) == dealt.stock
    pool = deal("exemple", rules, 2).stock
    assert "pool that begins `" + " ".join(map(tri_str, pool[:4])) + "`" in SECTION.replace("\n", " ")


def test_r87_the_documented_view_is_the_engines():
    """R87: docs/protocol.md's view of a Triominos seat is what the engine gives: the seed
    ``exemple`` at two seats, after the opening and seat 1's first listed play."""
    from games.rules.triominos import apply, deal_round, legal_actions, new_match, view

    protocol = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    block = protocol.split("### `state` at a Triominos table")[1].split("```json\n")[1].split("```")[0]
    match, _ = deal_round(new_match("triominos", 2, 200), "exemple")
    match, _ = apply(match, legal_actions(match)[0])
    assert json.loads(block) == view(match, 0)
