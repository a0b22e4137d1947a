"""ASGI entry point: `daphne config.asgi:application`.

Each protocol has its own route: HTTP goes to Django; websockets (live tables
and the lobby) go to the consumers of games.routing, authenticated from the
session and refused from any origin but the site's own (config/origin.py).
"""

import atexit
import gc
import logging
import os
import threading
import time

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

# Set Django up before importing anything that touches models (consumers, routing).
django_asgi_app = get_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.conf import settings  # noqa: E402

from config.origin import origin_checked  # noqa: E402
from games.routing import websocket_urlpatterns  # noqa: E402

http_app = django_asgi_app
if settings.DEBUG:
    # Development: Daphne serves static files itself, as `runserver` would.
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    http_app = ASGIStaticFilesHandler(django_asgi_app)


application = ProtocolTypeRouter(
    {
        "http": http_app,
        "websocket": origin_checked(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
    }
)

# The server's garbage collector. A full collection walks every object the process
# holds, and with a thousand sockets open that stopped Daphne for 100–400 ms, a dozen
# times a minute at 300 moves a second (docs/benchmarks.md): the objects made while
# starting are set aside for good (``gc.freeze``), and collections of the oldest
# generation come about a hundred times less often than Python's default.
#
# So rare that what a closed socket leaves is kept: its protocol, its transport and
# their deferreds hold each other in cycles, which only a full collection frees. Every
# GC_FULL_SECONDS a thread makes one (docs/benchmarks.md, "Where Daphne's memory
# goes"), so that the garbage of the sockets closed meanwhile does not pile up.
gc.freeze()
gc.set_threshold(*settings.GC_THRESHOLDS)
_gc_log = logging.getLogger("config.gc")
_gc_started = [0.0]
_gc_timed = threading.Event()  # set while the timed collection runs


def _log_long_collections(phase: str, info: dict[str, int]) -> None:
    """A full collection that stops the process for more than 100 ms is logged (the
    timed ones log themselves)."""
    if info["generation"] != 2 or _gc_timed.is_set():
        return
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    elif (took := time.perf_counter() - _gc_started[0]) > 0.1:
        _gc_log.warning("a full garbage collection stopped the process for %.0f ms", took * 1000)


def timed_collection() -> int:
    """One full collection, logged as such; the number of objects it freed."""
    _gc_timed.set()
    try:
        started = time.perf_counter()
        found = gc.collect()
        took = time.perf_counter() - started
    finally:
        _gc_timed.clear()
    _gc_log.info("the timed full collection freed %d objects in %.0f ms", found, took * 1000)
    return found


def _timed_collections(every: float) -> None:
    while True:
        time.sleep(every)
        timed_collection()


gc.callbacks.append(_log_long_collections)
# Not the last collection, when the process ends.
atexit.register(gc.callbacks.remove, _log_long_collections)
if settings.GC_FULL_SECONDS > 0:
    threading.Thread(
        target=_timed_collections, args=(settings.GC_FULL_SECONDS,), name="gc-timed", daemon=True
    ).start()
