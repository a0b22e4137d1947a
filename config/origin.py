"""Which pages may open the site's websockets: the site's own, by scheme, host and port.

A browser sends the page's origin with every websocket handshake. It is accepted
when it is the origin the socket itself was opened on (the same scheme, a host of
``ALLOWED_HOSTS`` and the same port) or one of ``CSRF_TRUSTED_ORIGINS`` (the same
rule as Django's CSRF check of forms). A page on another port of the same host, or
served over the other scheme, is another origin: refused.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import is_same_domain

DEFAULT_PORTS = {"http": 80, "https": 443}


def _port(scheme: str, port: str | int | None) -> int | None:
    try:
        return int(port) if port else DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None


def _allowed_hosts() -> list[str]:
    if settings.ALLOWED_HOSTS:
        return list(settings.ALLOWED_HOSTS)
    # Django's own rule with DEBUG on and ALLOWED_HOSTS empty.
    return [".localhost", "127.0.0.1", "[::1]"] if settings.DEBUG else []


def own_origin(scope: dict[str, Any]) -> tuple[str, int | None]:
    """The scheme (``http`` or ``https``) and port the socket was opened on."""
    headers = {name.lower(): value for name, value in scope.get("headers", [])}
    secure = scope.get("scheme") in ("wss", "https")
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy is not None:  # ("HTTP_X_FORWARDED_PROTO", "https"): a proxy says it was TLS
        name = proxy[0].removeprefix("HTTP_").replace("_", "-").lower().encode("latin-1")
        if headers.get(name, b"").decode("latin-1").split(",")[0].strip() == proxy[1]:
            secure = True
    scheme = "https" if secure else "http"
    host = headers.get(b"host", b"").decode("latin-1")
    if host:
        port: str | int | None = split_domain_port(host)[1]
    else:
        server = scope.get("server")
        port = server[1] if server and server[1] not in (None, DEFAULT_PORTS[scheme]) else None
    return scheme, _port(scheme, port)


def _trusted(origin: str, scheme: str, domain: str, port: int | None) -> bool:
    for trusted in settings.CSRF_TRUSTED_ORIGINS:
        parts = urlsplit(trusted)
        if parts.scheme != scheme or _port(parts.scheme, parts.port) != port:
            continue
        if trusted == origin or (
            "*" in trusted and is_same_domain(domain, (parts.hostname or "").removeprefix("*"))
        ):
            return True
    return False


def allowed(scope: dict[str, Any]) -> bool:
    headers = {name.lower(): value for name, value in scope.get("headers", [])}
    origin = headers.get(b"origin", b"").decode("latin-1").strip()
    if not origin or origin == "null":
        return False
    parts = urlsplit(origin)
    try:
        port = _port(parts.scheme, parts.port)
    except ValueError:  # a port that is no number
        return False
    domain, _ = split_domain_port(parts.netloc)
    if parts.scheme not in DEFAULT_PORTS or not domain or port is None:
        return False
    if _trusted(origin, parts.scheme, domain, port):
        return True
    return (parts.scheme, port) == own_origin(scope) and validate_host(domain, _allowed_hosts())


def origin_checked(app: Any) -> Any:
    """Refuse a websocket handshake from another origin (settings are read at each one)."""

    async def check(scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not allowed(scope):
            await receive()  # the handshake's websocket.connect
            await send({"type": "websocket.close", "code": 403})
            return None
        return await app(scope, receive, send)

    return check
