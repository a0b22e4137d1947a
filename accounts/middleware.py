"""Tell a player, once, on their next page, what moderation changed for them.

A pending notice raises a flag in the player's sessions (``NOTICE_FLAG``): set in
every open session when the notice is written, and at login if one is still
pending. A page reads the notices only when the flag is up, so that the other
pages cost no query.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from accounts.models import Notice

NOTICE_FLAG = "moderation_notice"


def notices(get_response: Callable[[HttpRequest], HttpResponse]) -> Callable[[HttpRequest], HttpResponse]:
    def middleware(request: HttpRequest) -> HttpResponse:
        session = getattr(request, "session", None)
        # Only a request with a session looks at it (a page without one, /healthz say,
        # is not made to vary on the cookie).
        has_session = settings.SESSION_COOKIE_NAME in request.COOKIES
        if has_session and session is not None and session.get(NOTICE_FLAG) and request.user.is_authenticated:
            pending = list(Notice.objects.filter(user=request.user, shown__isnull=True).order_by("created"))
            for notice in pending:
                messages.warning(request, notice.text())
            Notice.objects.filter(pk__in=[n.pk for n in pending]).update(shown=timezone.now())
            del session[NOTICE_FLAG]
        return get_response(request)

    return middleware
