"""Keep the sessions each user logged in with, so that a sanction can end them all.

A session left out (its key changed since) is refused all the same: Django accepts no
session of an inactive account; deleting the rows is for a clean slate."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.signals import user_logged_in, user_logged_out
from django.dispatch import receiver

from accounts.middleware import NOTICE_FLAG, SANCTIONED
from accounts.models import Notice, UserSession


@receiver(user_logged_in, dispatch_uid="accounts.track_session")
def track_session(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is None:
        return
    if session.session_key is None:
        session.save()
    UserSession.objects.get_or_create(session_key=session.session_key, defaults={"user": user})
    session.pop(SANCTIONED, None)  # a sanction's mark, from before this login
    if Notice.objects.filter(user=user, shown__isnull=True).exists():
        session[NOTICE_FLAG] = True


@receiver(user_logged_out, dispatch_uid="accounts.forget_session")
def forget_session(sender: Any, request: Any, user: Any, **kwargs: Any) -> None:
    session = getattr(request, "session", None)
    if session is not None and session.session_key:
        UserSession.objects.filter(session_key=session.session_key).delete()
