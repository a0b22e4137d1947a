"""Other work on the machine: burn ``CORES`` of CPU until stopped (``--busy`` of the benchmarks).

    .venv/bin/python -m bench.busy 0.5

In every period of 100 ms each of ceil(CORES) processes spins until it has used
its share of the period in CPU time (or the period is over) and sleeps the rest,
so that together they keep CORES cores busy, as a backup, a deploy or a worker
sharing the machine would. The benchmarks start it
beside the servers (its CPU in a column of its own, ``busy``) and stop it at the end.
"""

from __future__ import annotations

import math
import multiprocessing
import sys
import time

PERIOD = 0.1


def burn(share: float) -> None:
    """Use ``share`` of every period in CPU time (counted by the thread's own clock, so that
    on a machine already busy it asks for as much as it would take), then sleep to the next."""
    start = time.monotonic()
    while True:
        used, end = time.thread_time(), start + PERIOD
        while time.thread_time() - used < share * PERIOD and time.monotonic() < end:
            pass
        start = end if time.monotonic() < end + PERIOD else time.monotonic()  # far behind: no catching up
        time.sleep(max(0.0, start - time.monotonic()))


def main(argv: list[str] | None = None) -> int:
    cores = float((argv if argv is not None else sys.argv[1:])[0])
    if cores <= 0:
        return 0
    count = math.ceil(cores)
    workers = [multiprocessing.Process(target=burn, args=(cores / count,), daemon=True) for _ in range(count)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return 0


if __name__ == "__main__":
    sys.exit(main())
