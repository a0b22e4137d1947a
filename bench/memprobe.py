"""Where Daphne's memory goes: the load benchmark's application, with a probe.

    MEMPROBE_COLLECT=1 .venv/bin/python -m bench.soak --tables 600 --minutes 8 \
        --app bench.memprobe:application

Serves bench.asgi's application unchanged. In each Daphne process a thread takes a
first look MEMPROBE_START seconds after the process started (default 180: the
tables open and warm), then one every MEMPROBE_EVERY seconds (default 120), and
writes to the Daphne log (the soak prints its folder), each time:

- the resident memory, and how much it grew since the first look;
- the objects the garbage collector tracks, and the MEMPROBE_TOP types (default 12)
  whose count grew the most since the first look;
- Daphne's websocket protocols still in memory, and how many of them are of
  sockets already closed;
- the garbage collector's own counts: collections of each generation so far;
- with MEMPROBE_COLLECT=1, a full collection made there: the objects it found
  unreachable, how long it stopped the process, and the same counts after it.

With MEMPROBE_FRAMES=N (default 0: off), Python's allocations are also traced
(``tracemalloc``, N frames a trace) from the first look, and each look names the
places whose live allocations grew the most since. Tracing slows every
allocation, and its tables of traces grow: its run's figures of time and of
resident memory are not the benchmark's.
"""

from __future__ import annotations

import gc
import os
import threading
import time
import tracemalloc
from collections import Counter

from bench.asgi import application  # noqa: F401 (served as it is)
from bench.soak import memory_kib

START = float(os.environ.get("MEMPROBE_START", "180"))
EVERY = float(os.environ.get("MEMPROBE_EVERY", "120"))
TOP = int(os.environ.get("MEMPROBE_TOP", "12"))
FRAMES = int(os.environ.get("MEMPROBE_FRAMES", "0"))
COLLECT = os.environ.get("MEMPROBE_COLLECT", "") == "1"

MIB = 1024 * 1024


def resident() -> float:
    """This process's resident memory, MiB."""
    return memory_kib(os.getpid(), "VmRSS") / 1024


def objects() -> Counter[str]:
    """The objects the garbage collector tracks, counted by type."""
    return Counter(f"{type(o).__module__}.{type(o).__qualname__}" for o in gc.get_objects())


def sockets() -> str:
    """Daphne's websocket protocols in memory, and those of them whose socket is closed."""
    from daphne.ws_protocol import WebSocketProtocol

    held = [o for o in gc.get_objects() if isinstance(o, WebSocketProtocol)]
    closed = sum(1 for p in held if getattr(p.transport, "disconnected", False))
    return f"{len(held)} websocket protocols, {closed} of closed sockets"


def collections() -> str:
    return "collections by generation " + "/".join(str(s["collections"]) for s in gc.get_stats())


def traced() -> tracemalloc.Snapshot | None:
    if not tracemalloc.is_tracing():
        return None
    return tracemalloc.take_snapshot().filter_traces([tracemalloc.Filter(False, tracemalloc.__file__)])


class Probe:
    def __init__(self) -> None:
        self.began = time.monotonic()
        self.rss = resident()
        self.objects = objects()
        self.snapshot = traced()

    def look(self) -> str:
        now = time.monotonic() - self.began
        rss = resident()
        lines = [
            f"memprobe pid {os.getpid()} at {now:.0f} s: RSS {rss:.1f} MiB "
            f"({rss - self.rss:+.1f}), {len(gc.get_objects())} objects; {sockets()}; {collections()}"
        ]
        grown = objects()
        grown.subtract(self.objects)
        lines += [f"  {count:+d} {name}" for name, count in grown.most_common(TOP)]
        snapshot = traced()
        if snapshot is not None and self.snapshot is not None:
            size, _ = tracemalloc.get_traced_memory()
            own = tracemalloc.get_tracemalloc_memory() / MIB
            lines.append(f"  traced {size / MIB:.1f} MiB, tracing's own {own:.1f} MiB")
            for stat in [s for s in snapshot.compare_to(self.snapshot, "traceback") if s.size_diff > 0][:TOP]:
                lines.append(f"  {stat.size_diff / 1024:+.0f} KiB in {stat.count_diff:+d} blocks, from:")
                lines += [f"    {frame.filename}:{frame.lineno}" for frame in stat.traceback]
        if COLLECT:
            started = time.perf_counter()
            found = gc.collect()
            took = time.perf_counter() - started
            lines.append(
                f"  a full collection found {found} objects unreachable in {took * 1000:.0f} ms; after it: "
                f"RSS {resident():.1f} MiB, {len(gc.get_objects())} objects; {sockets()}"
            )
        return "\n".join(lines)


def run() -> None:
    time.sleep(START)
    if FRAMES:
        tracemalloc.start(FRAMES)
    probe = Probe()
    print(f"memprobe pid {os.getpid()}: first look, RSS {probe.rss:.1f} MiB; {sockets()}", flush=True)
    while True:
        time.sleep(EVERY)
        print(probe.look(), flush=True)


threading.Thread(target=run, name="memprobe", daemon=True).start()
