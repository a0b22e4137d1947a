"""Site-wide response headers that Django has no setting for."""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse


def permissions_policy(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable:
    """Send ``settings.PERMISSIONS_POLICY`` as the Permissions-Policy header of every response."""

    def middleware(request: HttpRequest) -> HttpResponse:
        response = get_response(request)
        if settings.PERMISSIONS_POLICY:
            response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response

    return middleware
