"""The command line: ``python -m games.rules play ...`` and ``python -m games.rules replay FILE``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.rules import VARIANTS
from games.rules.record import replay

ROOT = Path(__file__).resolve().parents[2]
"""The repository's root: the folder that holds ``games/``."""


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "games.rules", *args],
        cwd=ROOT,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def play(variant: str, seats: int, seed: str, *more: str) -> dict[str, Any]:
    done = run("play", "--variant", variant, "--seats", str(seats), "--seed", seed, *more)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    record = json.loads(done.stdout)
    assert isinstance(record, dict)
    return record


def check_replayed(done: subprocess.CompletedProcess[str], record: dict[str, Any]) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout.count("\n") == 1
    result = json.loads(done.stdout)
    assert set(result) == {"rounds", "scores", "winner"}
    assert result == replay(record)
    assert len(result["rounds"]) == len(record["rounds"])
    return result


def test_root_is_the_repository():
    assert (ROOT / "games" / "rules" / "__main__.py").is_file()


SETUPS = [(v, n) for v, r in VARIANTS.items() for n in sorted({r.min_seats, r.max_seats})]


@pytest.mark.parametrize(
    "variant, seats, robots",
    [(v, n, False) for v, n in SETUPS] + [(v, r.min_seats, True) for v, r in VARIANTS.items()],
)
def test_play_prints_a_record_that_replay_accepts(variant: str, seats: int, robots: bool):
    record = play(variant, seats, "cli", *(["--robots"] if robots else []))
    assert record["variant"] == variant and record["seats"] == seats
    assert record["target"] == VARIANTS[variant].default_target
    assert record["rounds"] and all({"hands", "stock", "actions"} <= set(rd) for rd in record["rounds"])
    result = check_replayed(run("replay", "-", stdin=json.dumps(record)), record)
    assert result["winner"] is not None


def test_replay_a_file(tmp_path: Path):
    record = play("block", 3, "file")
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record, indent=2), encoding="utf-8")
    check_replayed(run("replay", str(path)), record)


def test_play_with_target_and_daily():
    record = play("draw", 2, "t", "--target", "50")
    assert record["target"] == 50
    assert max(replay(record)["scores"]) >= 50
    daily = play("draw", 3, "t", "--daily")
    assert daily["target"] is None and len(daily["rounds"]) == 5
    assert check_replayed(run("replay", "-", stdin=json.dumps(daily)), daily)["winner"] is None


def test_play_is_deterministic():
    first = run("play", "--variant", "family", "--seats", "5", "--seed", "same")
    again = run("play", "--variant", "family", "--seats", "5", "--seed", "same")
    assert first.returncode == again.returncode == 0
    assert first.stdout == again.stdout
    other = run("play", "--variant", "family", "--seats", "5", "--seed", "other")
    assert other.stdout != first.stdout
    robots = run("play", "--variant", "partners", "--seats", "4", "--seed", "same", "--robots")
    assert (
        robots.stdout
        == run("play", "--variant", "partners", "--seats", "4", "--seed", "same", "--robots").stdout
    )


def test_illegal_record_names_the_round_the_action_and_the_reason(tmp_path: Path):
    record = play("draw", 3, "bad")
    actions = record["rounds"][0]["actions"]
    # The fourth action is replaced by a play out of turn.
    seat = actions[3]["seat"]
    actions[3] = {"seat": (seat + 1) % 3, "play": record["rounds"][0]["hands"][(seat + 1) % 3][0]}
    for done in (run("replay", "-", stdin=json.dumps(record)), None):
        if done is None:
            path = tmp_path / "bad.json"
            path.write_text(json.dumps(record), encoding="utf-8")
            done = run("replay", str(path))
        assert done.returncode == 1
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1, done.stderr
        assert lines[0].startswith("rounds[0].actions[3]: ")
        assert f"seat {seat}'s turn" in lines[0]


def test_reason_with_a_newline_stays_on_one_line():
    record = play("draw", 2, "newline")
    record["rounds"][0]["actions"][1]["play"] = "6-6\n\nrounds[9]"
    done = run("replay", "-", stdin=json.dumps(record))
    assert done.returncode == 1 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("rounds[0].actions[1]: ") and "not a tile" in line


def test_refused_deal_names_the_round():
    record = play("classic", 2, "deal")
    del record["rounds"][0]["seed"]  # or the seed would be found not to deal these hands first
    record["rounds"][0]["hands"][0][0] = record["rounds"][0]["hands"][1][0]
    done = run("replay", "-", stdin=json.dumps(record))
    assert done.returncode == 1 and done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert line.startswith("rounds[0]: ") and "twice" in line


@pytest.mark.parametrize("text", ["", "{", "not json", '{"variant": "draw",}'])
def test_invalid_json_is_refused(text: str):
    done = run("replay", "-", stdin=text)
    assert done.returncode == 1
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert "JSON" in line


def test_json_that_is_not_a_record_is_refused():
    done = run("replay", "-", stdin="[1, 2]")
    assert done.returncode == 1 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1


def test_missing_file_is_refused(tmp_path: Path):
    missing = tmp_path / "nowhere.json"
    done = run("replay", str(missing))
    assert done.returncode == 1
    assert done.stdout == ""
    (line,) = done.stderr.splitlines()
    assert str(missing) in line


@pytest.mark.parametrize(
    "args",
    [
        ["--variant", "draw", "--seats", "5"],
        ["--variant", "draw", "--seats", "1"],
        ["--variant", "partners", "--seats", "3"],
        ["--variant", "family", "--seats", "7"],
        ["--variant", "classic", "--seats", "3"],
        ["--variant", "draw", "--seats", "two"],
        ["--variant", "draw", "--seats", "2", "--target", "75"],
        ["--variant", "fives_threes", "--seats", "2", "--target", "100"],
        ["--variant", "partners", "--seats", "4", "--target", "525"],
        ["--variant", "classic", "--seats", "2", "--target", "fifty"],
        ["--variant", "poker", "--seats", "2"],
        ["--seats", "2"],
        ["--variant", "draw"],
    ],
)
def test_bad_play_options_are_refused_by_argparse(args: list[str]):
    done = run("play", *args, "--seed", "x")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "usage:" in done.stderr


def test_no_command_is_refused():
    done = run()
    assert done.returncode == 2 and done.stdout == ""
    done = run("replay")
    assert done.returncode == 2 and done.stdout == ""


def test_r63_daily_prints_the_five_deals_of_a_days_seed():
    """``python -m games.rules daily``: what anyone can run once the day's seed is
    published, to check the five deals every attempt was dealt (docs/record.md)."""
    from games.rules import DAILY_ROUNDS, deal, get_ruleset, round_seed, tile_str

    done = run("daily", "--seed", "graine du jour", "--variant", "block", "--seats", "3")
    assert done.returncode == 0 and done.stderr == "", done.stderr
    out = json.loads(done.stdout)
    assert (out["variant"], out["seats"], out["seed"]) == ("block", 3, "graine du jour")
    assert [r["number"] for r in out["rounds"]] == list(range(1, DAILY_ROUNDS + 1))
    for entry in out["rounds"]:
        assert entry["seed"] == round_seed("graine du jour", entry["number"])
        dealt = deal(entry["seed"], get_ruleset("block"), 3)
        assert entry["hands"] == [[tile_str(t) for t in hand] for hand in dealt.hands]
        assert entry["stock"] == [tile_str(t) for t in dealt.stock]
    assert len({json.dumps(r["hands"]) for r in out["rounds"]}) == DAILY_ROUNDS
    refused = run("daily", "--seed", "s", "--variant", "block", "--seats", "5")
    assert refused.returncode == 2 and "2 to 4 seats" in refused.stderr


def test_r76_chinois_is_played_replayed_and_dealt_by_the_command_line():
    """R76, R70: ``play``, ``replay`` and ``daily`` take chinois and its double-twelve tiles,
    its targets (R76: 100, 200, 300) and its 2-8 seats."""
    from games.rules import round_seed, written_deal

    record = play("chinois", 8, "cli chinois", "--target", "300")
    assert (record["seats"], record["target"]) == (8, 300)
    assert {len(h) for h in record["rounds"][0]["hands"]} == {8}
    assert len({t for h in record["rounds"][0]["hands"] for t in h} | set(record["rounds"][0]["stock"])) == 91
    result = check_replayed(run("replay", "-", stdin=json.dumps(record)), record)
    assert max(result["scores"]) >= 300
    done = run("daily", "--seed", "jour chinois", "--variant", "chinois", "--seats", "5")
    assert done.returncode == 0, done.stderr
    first = json.loads(done.stdout)["rounds"][0]
    hands, stock = written_deal("chinois", 5, round_seed("jour chinois", 1))
    assert (first["hands"], first["stock"]) == (hands, stock)
    assert {len(h) for h in hands} == {10} and any("12" in t for h in hands for t in h)
    refused = run("play", "--variant", "chinois", "--seats", "9", "--seed", "s")
    assert refused.returncode == 2 and "2 to 8 seats" in refused.stderr
