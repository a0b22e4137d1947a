"""games/rules/ is pure: the standard library and itself, no Django, no global randomness or clock.

docs/architecture.md §1: the engine is pure, standard-library Python; an automated check keeps
Django and I/O out of it. Only the command line (``__main__.py``) may read files, use
``random`` (with an explicit seed), ``argparse``, ``json`` and ``sys``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "games" / "rules"
FILES = sorted(RULES.rglob("*.py"))
ENGINE = [f for f in FILES if f.name != "__main__.py"]

IMPURE = {"random", "time", "datetime", "secrets", "os", "uuid"}
"""Global randomness, the clock, the environment: none of them in the engine."""
SEEDED = {"robots.py", "expert.py"}
"""The robots draw their random choices from ``random.Random(seed)`` generators they make
(docs/architecture.md, robots): they may import ``random``, for that use alone."""
CLI_ALLOWED = {"argparse", "json", "random", "sys"}
"""What the command line may import besides the engine and ``__future__``/``typing``."""


def imports(path: Path) -> list[tuple[str, int, int]]:
    """Every import of a file: (module, relative level, line). ``import a.b`` gives ``a.b``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [(alias.name, 0, node.lineno) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((node.module or "", node.level, node.lineno))
    return found


def name(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_the_files_are_found():
    assert RULES.is_dir()
    names = {f.name for f in FILES}
    assert {"__init__.py", "__main__.py", "match.py", "record.py", "view.py"} <= names
    # The game families' subpackages are checked too.
    assert RULES / "trains" / "engine.py" in FILES


def test_the_import_scanner_sees_every_form(tmp_path: Path):
    path = tmp_path / "probe.py"
    path.write_text(
        "import a.b, c\nfrom d.e import f\nfrom . import g\nfrom ..h import i\ndef j():\n    import k\n",
        encoding="utf-8",
    )
    assert sorted(imports(path)) == sorted(
        [("a.b", 0, 1), ("c", 0, 1), ("d.e", 0, 2), ("", 1, 3), ("h", 2, 4), ("k", 0, 6)]
    )


@pytest.mark.parametrize("path", FILES, ids=name)
def test_only_the_standard_library_and_itself(path: Path):
    for module, level, line in imports(path):
        if level:
            # Relative: within games.rules (level 1 from its own files, 2 from a family's
            # subpackage such as games/rules/trains/), never above it.
            depth = len(path.relative_to(RULES).parts)
            assert level <= depth, (
                f"{name(path)}:{line} imports from outside games.rules ({'.' * level}{module})"
            )
            continue
        top = module.split(".")[0]
        assert top != "django", f"{name(path)}:{line} imports Django"
        assert top in sys.stdlib_module_names, (
            f"{name(path)}:{line} imports {module}, not in the standard library"
        )


@pytest.mark.parametrize("path", ENGINE, ids=name)
def test_no_global_randomness_clock_or_environment(path: Path):
    impure = IMPURE - {"random"} if path.name in SEEDED else IMPURE
    for module, level, line in imports(path):
        if not level:
            top = module.split(".")[0]
            assert top not in impure, f"{name(path)}:{line} imports {module}"


def assert_seeded_randomness_only(path: Path) -> list[ast.Attribute]:
    """``random`` only as ``random.Random(seed)``: no module-level generator, no unseeded one."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    uses = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name)]
    uses = [n for n in uses if n.value.id == "random"]  # type: ignore[attr-defined]
    assert all(n.attr in ("Random",) for n in uses), f"{name(path)} uses the global generator"
    calls = [
        n
        for n in ast.walk(tree)
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func in uses
    ]
    assert all(c.args or c.keywords for c in calls), f"{name(path)}: random.Random() without a seed"
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            assert node.module != "random", "from random import ... uses the global generator"
    return uses


@pytest.mark.parametrize("file", sorted(SEEDED))
def test_the_robots_seed_their_randomness(file: str):
    assert assert_seeded_randomness_only(RULES / file), f"{file} makes its seeded generators"


@pytest.mark.parametrize("path", ENGINE, ids=name)
def test_no_io_in_the_engine(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            assert node.func.id not in {"open", "print", "input", "exec", "eval", "__import__"}, (
                f"{name(path)}:{node.lineno} calls {node.func.id}()"
            )


def test_the_command_line_imports_only_what_it_needs():
    path = RULES / "__main__.py"
    for module, level, line in imports(path):
        if not level:
            assert module in CLI_ALLOWED | {"__future__", "typing"}, f"__main__.py:{line} imports {module}"


def test_the_command_line_seeds_its_randomness():
    """``random`` only as ``random.Random(seed)``: no module-level generator, no unseeded one."""
    assert assert_seeded_randomness_only(RULES / "__main__.py"), "the command line plays random legal moves"


def test_importing_the_engine_loads_nothing_else():
    """At run time too: importing games.rules loads only the standard library (no Django)."""
    code = (
        "import sys, json; before = set(sys.modules); import games.rules, games.rules.record, "
        "games.rules.robots, games.rules.trains; print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert "games.rules" in loaded
    outside = [
        m for m in loaded if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "games"
    ]
    assert outside == []
    assert not [m for m in loaded if m.startswith("django")]
    assert not [m for m in loaded if m.startswith("games.") and not m.startswith("games.rules")]
