"""Rate limits of the API, counted in the Redis cache (settings.REST_FRAMEWORK).

A logged-in caller (session or token) is counted per user; an anonymous one per
address. The export, which streams every match of a player, has a lower rate of
its own on top. A refusal is 429 with ``Retry-After``.
"""

from __future__ import annotations

from typing import Any

from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


class RateThrottle(SimpleRateThrottle):
    """A throttle whose rate is read from the settings when it is used, not when imported."""

    def get_rate(self) -> str | None:
        return api_settings.DEFAULT_THROTTLE_RATES.get(self.scope)


class UserThrottle(RateThrottle):
    scope = "user"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if not request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": request.user.pk}


class AddressThrottle(RateThrottle):
    scope = "address"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if request.user.is_authenticated:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class ExportThrottle(RateThrottle):
    """The export's own rate: per user when logged in, per address otherwise."""

    scope = "export"

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        ident = f"user-{request.user.pk}" if request.user.is_authenticated else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
