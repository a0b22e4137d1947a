"""The site's script modules (static/js/) under node's own test runner: one test here for
each node test file of tests/js/; the board's geometry (static/js/board-geometry.mjs) on
the line of every state of real rounds of every variant, played through the engine."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from games.rules import apply, deal_round, new_match, table_play
from games.rules.line_family import VARIANTS  # the games of a line (Triominos: boards() below)
from games.rules.state import line_to_json

ROOT = Path(__file__).resolve().parents[2]
NODE_TESTS = ROOT / "tests" / "js"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")


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


def node_test(path: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["node", "--test", str(path)],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


@needs_node
def test_the_board_geometry_passes_its_own_tests_on_real_lines(tmp_path):
    data = tmp_path / "lines.json"
    data.write_text(json.dumps(lines()))
    result = node_test(NODE_TESTS / "board_geometry.test.mjs", {"LINES": str(data)})
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


def boards() -> list[list[dict]]:
    """The boards of Triominos rounds played through the engine, as views show them."""
    from games.rules import triominos

    out = []
    for seats in (2, 4, 6):
        match, _ = triominos.deal_round(
            triominos.new_match("triominos", seats), f"geometry-triominos-{seats}"
        )
        while match.status == "playing":
            match, _ = triominos.apply(match, triominos.table_play(match))
        out.append(triominos.view(match, None)["round"]["board"])
    return out


@needs_node
def test_the_triominos_geometry_passes_its_own_tests_on_real_boards(tmp_path):
    data = tmp_path / "boards.json"
    data.write_text(json.dumps(boards()))
    result = node_test(NODE_TESTS / "triominos_geometry.test.mjs", {"BOARDS": str(data)})
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]


BOARD_TESTS = {"board_geometry.test.mjs", "triominos_geometry.test.mjs"}
MODULE_TESTS = sorted(p.name for p in NODE_TESTS.glob("*.test.mjs") if p.name not in BOARD_TESTS)


def test_every_module_of_the_site_has_node_tests():
    """socket.mjs, tiles.mjs, text.mjs, the two boards' geometry and the table's parts (static/js/table/)."""
    assert BOARD_TESTS <= {p.name for p in NODE_TESTS.glob("*.test.mjs")}
    assert {
        "socket.test.mjs",
        "text.test.mjs",
        "tiles.test.mjs",
        "table_board.test.mjs",
        "table_hand.test.mjs",
        "table_journal.test.mjs",
        "table_clock.test.mjs",
        "table_results.test.mjs",
        "table_apply.test.mjs",
        "table_seats.test.mjs",
        "table_scores.test.mjs",
        "table_triangles.test.mjs",
        "triominos_image.test.mjs",
    } <= set(MODULE_TESTS)


@needs_node
@pytest.mark.parametrize("name", MODULE_TESTS)
def test_a_script_module_passes_its_node_tests(name):
    result = node_test(NODE_TESTS / name)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout
