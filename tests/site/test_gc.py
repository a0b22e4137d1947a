"""Daphne's garbage collector (config/asgi.py): rare full collections, and a timed one."""

from __future__ import annotations

import gc
import logging
import weakref

import pytest

# Imported first: it sets Django's logging up, which would take pytest's log capture away.
from config import asgi


class Node:
    """An object in a cycle with itself, as a closed socket's protocol and transport are."""

    def __init__(self) -> None:
        self.me = self


def test_the_timed_collection_frees_cycles_and_logs_itself_not_as_a_pause(caplog):
    assert gc.get_threshold() == (50_000, 50, 100)  # GC_THRESHOLDS: full collections rare
    gc.disable()  # no automatic collection frees the cycle before the timed one
    try:
        node = Node()
        gone = weakref.ref(node)
        del node
        assert gone() is not None  # a cycle: no reference count frees it
        with caplog.at_level(logging.INFO, logger="config.gc"):
            assert asgi.timed_collection() >= 1
    finally:
        gc.enable()
    assert gone() is None
    [record] = caplog.records
    assert record.levelno == logging.INFO and "timed full collection" in record.getMessage()


def test_a_long_full_collection_of_its_own_is_a_warning(caplog, monkeypatch):
    ticks = iter([10.0, 10.3])  # the collection's start and end, 300 ms apart
    monkeypatch.setattr(asgi.time, "perf_counter", lambda: next(ticks))
    with caplog.at_level(logging.INFO, logger="config.gc"):
        asgi._log_long_collections("start", {"generation": 2})
        asgi._log_long_collections("stop", {"generation": 2})
    [record] = caplog.records
    assert record.levelno == logging.WARNING and "300 ms" in record.getMessage()


@pytest.mark.parametrize("generation", [0, 1])
def test_young_collections_are_not_logged(caplog, generation):
    with caplog.at_level(logging.INFO, logger="config.gc"):
        asgi._log_long_collections("start", {"generation": generation})
        asgi._log_long_collections("stop", {"generation": generation})
    assert caplog.records == []
