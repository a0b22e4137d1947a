"""Site-level views: the health check and the admin's way in."""

from __future__ import annotations

import logging
from typing import Any

import redis
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, resolve_url
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from config.settings import redis_db

log = logging.getLogger(__name__)


def _database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


def _redis(url: str) -> None:
    client = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    try:
        client.ping()
    finally:
        client.close()


@never_cache
@require_GET
def healthz(request: HttpRequest) -> HttpResponse:
    """For a load balancer: 200 if the database, Redis (the channel layer's) and Celery's
    broker answer, else 503 naming what does not. No session, no cookie, no login."""
    checks: dict[str, Any] = {
        "database": _database,
        "redis": lambda: _redis(redis_db(settings.REDIS_URL, 0)),
        "broker": lambda: _redis(settings.CELERY_BROKER_URL),
    }
    status = {}
    for name, check in checks.items():
        try:
            check()
        except Exception as e:  # any failure is the answer: that part is down
            log.warning("healthz: %s does not answer: %s", name, e)
            status[name] = "error"
        else:
            status[name] = "ok"
    healthy = all(value == "ok" for value in status.values())
    return JsonResponse({"status": "ok" if healthy else "error", **status}, status=200 if healthy else 503)


def admin_login(request: HttpRequest) -> HttpResponse:
    """The admin is entered through the site's own login (allauth's, rate-limited like
    every login): the admin's own form, which counted no failure, is never shown."""
    next_url = request.GET.get("next", "")
    if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
        next_url = ""
    next_url = next_url or resolve_url("admin:index")
    if request.user.is_authenticated:
        if request.user.is_active and request.user.is_staff:
            return redirect(next_url)
        raise PermissionDenied  # logged in, but not staff: the site's 403, not a login loop
    return redirect(resolve_url(settings.LOGIN_URL) + "?" + urlencode({"next": next_url}))
