"""ASGI entry point: `daphne config.asgi:application`.

Each protocol has its own route: HTTP goes to Django; websockets (live tables
and the lobby) go to the consumers of games.routing, authenticated from the
session and refused from any origin but the site's own (config/origin.py).
"""

import atexit
import gc
import logging
import os
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
gc.freeze()
gc.set_threshold(*settings.GC_THRESHOLDS)
_gc_log = logging.getLogger("config.gc")
_gc_started = [0.0]


def _log_long_collections(phase: str, info: dict[str, int]) -> None:
    """A full collection that stops the process for more than 100 ms is logged."""
    if info["generation"] != 2:
        return
    if phase == "start":
        _gc_started[0] = time.perf_counter()
    elif (took := time.perf_counter() - _gc_started[0]) > 0.1:
        _gc_log.warning("a full garbage collection stopped the process for %.0f ms", took * 1000)


gc.callbacks.append(_log_long_collections)
# Not the last collection, when the process ends.
atexit.register(gc.callbacks.remove, _log_long_collections)
