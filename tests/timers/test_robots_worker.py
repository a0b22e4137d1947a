"""The robots' worker yields the CPU to the live tables (games.tasks.robots_worker): a
worker that consumes only the robots' queue takes ROBOTS_CONCURRENCY and ROBOTS_NICE at
its start, and so does its session's autogroup when the session is its own; any other
worker is left as it was started."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from games import tasks


def worker(*queues: str, concurrency: int = 8) -> Any:
    """What the hook reads of Celery's WorkController: its queues and its concurrency."""
    amqp = SimpleNamespace(queues=SimpleNamespace(consume_from=dict.fromkeys(queues)))
    return SimpleNamespace(app=SimpleNamespace(amqp=amqp), concurrency=concurrency)


@pytest.fixture
def niceness(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[int]:
    """The process's niceness as the hook changes it (never the test process's own), in a
    session of its own whose autogroup is a file here."""
    level = [3]

    def nice(increment: int) -> int:
        level[0] += increment
        return level[0]

    monkeypatch.setattr(tasks.os, "nice", nice)
    monkeypatch.setattr(tasks.os, "getpgid", lambda pid: 42)
    monkeypatch.setattr(tasks.os, "getsid", lambda pid: 42)
    autogroup = tmp_path / "autogroup"
    autogroup.write_text("/autogroup-7 nice 0\n")
    monkeypatch.setattr(tasks, "AUTOGROUP", autogroup)
    return level


def autogroup_nice() -> str:
    return tasks.AUTOGROUP.read_text().split()[-1]


def test_the_robots_worker_takes_its_concurrency_and_niceness_from_the_settings(settings, niceness):  # type: ignore[no-untyped-def]
    settings.ROBOTS_QUEUE, settings.ROBOTS_CONCURRENCY, settings.ROBOTS_NICE = "robots-x", 3, 12
    sender = worker("robots-x")
    tasks.robots_worker(sender=sender)
    assert sender.concurrency == 3
    assert niceness == [12]
    assert autogroup_nice() == "12"


def test_a_session_shared_with_other_programs_keeps_its_autogroup(settings, niceness, monkeypatch):  # type: ignore[no-untyped-def]
    """Started from a terminal (its own process group, the shell's session): only the process."""
    monkeypatch.setattr(tasks.os, "getpgid", lambda pid: 43)
    settings.ROBOTS_QUEUE, settings.ROBOTS_NICE = "robots-x", 12
    tasks.robots_worker(sender=worker("robots-x"))
    assert niceness == [12]
    assert autogroup_nice() == "0"


def test_a_niceness_already_higher_is_kept(settings, niceness):  # type: ignore[no-untyped-def]
    settings.ROBOTS_QUEUE, settings.ROBOTS_NICE = "robots-x", 2
    tasks.robots_worker(sender=worker("robots-x"))
    assert niceness == [3]
    assert autogroup_nice() == "2"


@pytest.mark.parametrize("queues", [("dominos",), ("dominos", "robots-x")])
def test_any_other_worker_is_left_as_started(settings, niceness, queues):  # type: ignore[no-untyped-def]
    settings.ROBOTS_QUEUE, settings.ROBOTS_CONCURRENCY, settings.ROBOTS_NICE = "robots-x", 3, 12
    sender = worker(*queues)
    tasks.robots_worker(sender=sender)
    assert sender.concurrency == 8
    assert niceness == [3]
    assert autogroup_nice() == "0"
