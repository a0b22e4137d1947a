"""The ASGI application the load benchmark serves: the site's, plus the echo floor.

    daphne -b 127.0.0.1 -p 8100 bench.asgi:application

Every scope goes to config.asgi.application unchanged, except websockets on
``/ws/echo/…`` (bench.echo), checked against the same allowed origins. The
echo route is never part of the site's own config.asgi.
"""

from __future__ import annotations

from typing import Any

from channels.routing import URLRouter

from config.asgi import application as site, origin_checked

ECHO_PREFIX = "/ws/echo/"

# After config.asgi, which sets Django up: the echo's consumer is the site's kind.
from bench.echo import websocket_urlpatterns  # noqa: E402

echo = origin_checked(URLRouter(websocket_urlpatterns))


async def application(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "websocket" and scope["path"].startswith(ECHO_PREFIX):
        await echo(scope, receive, send)
    else:
        await site(scope, receive, send)
