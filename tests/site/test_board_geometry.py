"""The board's geometry module (static/js/board-geometry.mjs) under node's own test runner,
on the line of every state of real rounds of every variant, played through the engine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from games.rules import VARIANTS, apply, deal_round, new_match, table_play
from games.rules.state import line_to_json

ROOT = Path(__file__).resolve().parents[2]


def lines() -> list[dict]:
    out = []
    for variant, rules in VARIANTS.items():
        for i in range(8):
            match, _ = deal_round(new_match(variant, rules.min_seats), f"geometry-{variant}-{i}")
            while match.status == "playing":
                if match.round.line is not None:
                    out.append(line_to_json(match.round.line))
                match, _ = apply(match, table_play(match))
            out.append(line_to_json(match.round.line))
    return out


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_board_geometry_passes_its_own_tests_on_real_lines(tmp_path):
    data = tmp_path / "lines.json"
    data.write_text(json.dumps(lines()))
    result = subprocess.run(
        ["node", "--test", str(ROOT / "tests" / "js" / "board_geometry.test.mjs")],
        env={**os.environ, "LINES": str(data)},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
